// Named (server-side prepared) statements for the hot read paths. slonik sends every other query
// unnamed, so PostgreSQL parses, analyses and plans it again on each call; for the content list
// that was most of the database's work (measured with pgbench on the capacity dataset: the page
// statement 6.2 ms unnamed vs 1.8 ms prepared, the count 1.5 ms vs 0.5 ms). A prepared statement
// is parsed once per connection and, after a few executions, runs a cached generic plan.
//
// The name is derived from the SQL text, so each distinct shape of a dynamic query (filters present
// or not, sort key) gets its own statement and a name is never reused for different text (which
// node-postgres refuses). Shapes come only from code — values are always parameters — so their
// number is bounded. This relies on connections not being reset with DISCARD ALL (db/pool.ts).
import crypto from 'node:crypto';
import { sql, type FragmentSqlToken, type QuerySqlToken } from 'slonik';
import type { z } from 'zod';

const names = new Map<string, string>();

function nameOf(prefix: string, text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `verso_${prefix}_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

/** `body` as a named statement whose rows are parsed with `parser`. */
export function prepared<T extends z.ZodType>(prefix: string, parser: T, body: FragmentSqlToken): QuerySqlToken<T> {
  return sql.prepared(nameOf(prefix, body.sql), parser)`${body}`;
}
