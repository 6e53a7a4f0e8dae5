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

/**
 * A named statement of one fixed shape, built once: `build` runs at definition with a marker in
 * place of each argument, and each call only fills the parameters in. The hot by-slug read spent
 * ~6 % of the server's CPU rebuilding its fragments (slonik's tag walks every nested fragment
 * and renumbers its placeholders) and hashing the resulting text to find its name, per request.
 * Only for statements whose text never depends on the arguments: each argument must be used as a
 * plain parameter (`${x}`), never to choose SQL.
 */
export function preparedShape<T extends z.ZodType, A extends readonly (string | number)[]>(
  prefix: string,
  parser: T,
  build: (...args: A) => FragmentSqlToken,
): (...args: A) => QuerySqlToken<T> {
  const markers = Array.from({ length: build.length }, (_, i) => `\u0000verso-argument-${i}\u0000`);
  const shape = prepared(prefix, parser, build(...(markers as unknown as A)));
  const slots = shape.values.map((value) => {
    const argument = markers.indexOf(value as string);
    if (argument < 0) throw new Error(`${prefix}: every parameter of a prepared shape must be one of its arguments`);
    return argument;
  });
  return (...args: A) => Object.freeze({ ...shape, values: slots.map((i) => args[i]!) }) as QuerySqlToken<T>;
}
