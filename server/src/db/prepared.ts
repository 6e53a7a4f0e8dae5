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

/** One marker per argument of `build`, each a value no caller passes. */
function markersFor<A extends readonly (string | number)[]>(build: (...args: A) => FragmentSqlToken): A {
  return Array.from({ length: build.length }, (_, i) => `\u0000verso-argument-${i}\u0000`) as unknown as A;
}

/** A named statement of one fixed shape: its name, its text, and its parameter values for given arguments. */
export interface StatementShape<A extends readonly (string | number)[]> {
  readonly name: string;
  readonly text: string;
  values(...args: A): readonly (string | number)[];
}

/**
 * A named statement of one fixed shape, built once: `build` runs at definition with a marker in
 * place of each argument, and each call only fills the parameters in. The hot by-slug read spent
 * ~6 % of the server's CPU rebuilding its fragments (slonik's tag walks every nested fragment
 * and renumbers its placeholders) and hashing the resulting text to find its name, per request.
 * Only for statements whose text never depends on the arguments: each argument must be used as a
 * plain parameter (`${x}`), never to choose SQL. statementShape gives the statement to run
 * without slonik (db/hot-pool.ts); preparedShape gives it as slonik's query.
 */
export function statementShape<A extends readonly (string | number)[]>(prefix: string, build: (...args: A) => FragmentSqlToken): StatementShape<A> {
  const markers = markersFor(build);
  const body = build(...markers);
  const slots = body.values.map((value) => {
    const argument = (markers as readonly unknown[]).indexOf(value);
    if (argument < 0) throw new Error(`${prefix}: every parameter of a prepared shape must be one of its arguments`);
    return argument;
  });
  // slonik numbers a fragment's placeholders `$slonik_<n>` and rewrites them to `$<n>` when it runs the query.
  return { name: nameOf(prefix, body.sql), text: body.sql.replaceAll('$slonik_', '$'), values: (...args: A) => slots.map((i) => args[i]!) };
}

/** statementShape's statement as slonik's query, its rows parsed with `parser`. */
export function preparedShape<T extends z.ZodType, A extends readonly (string | number)[]>(
  prefix: string,
  parser: T,
  build: (...args: A) => FragmentSqlToken,
): (...args: A) => QuerySqlToken<T> {
  const shape = statementShape(prefix, build);
  const query = prepared(prefix, parser, build(...markersFor(build)));
  if (query.sql.replaceAll('$slonik_', '$') !== shape.text) throw new Error(`${prefix}: the statement's text changed when slonik built it`);
  return (...args: A) => Object.freeze({ ...query, values: shape.values(...args) }) as QuerySqlToken<T>;
}
