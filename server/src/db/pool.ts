// The PostgreSQL pool (slonik over pg), with type parsers that give services plain JSON-ready
// values: timestamps as ISO 8601 strings, int8 counts as numbers.
import { createPool, createTypeParserPreset, type DatabasePool, type Interceptor } from 'slonik';

export type Db = DatabasePool;

export function toIso(value: string): string {
  // PostgreSQL prints "2026-11-23 07:20:35.123456+00". In UTC (the common case) the ISO form is a
  // rearrangement of the text — no Date, no regular expression — which matters because a list page
  // parses hundreds of timestamps per request (this was 16% of the server's CPU on a 100-row page).
  // Fractions are truncated to milliseconds, as Date does.
  const n = value.length;
  if (n >= 22 && value.charCodeAt(n - 3) === 43 /* + */ && value.endsWith('00', n) && value.charCodeAt(10) === 32 && value.charCodeAt(4) === 45) {
    const fraction = value.charCodeAt(19) === 46 /* . */ ? value.slice(20, n - 3) : '';
    return `${value.slice(0, 10)}T${value.slice(11, 19)}.${(fraction + '000').slice(0, 3)}Z`;
  }
  // Other offsets, BC dates, ±infinity: Date understands the text once the space is a T.
  return new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString();
}

export async function createDatabasePool(
  url: string,
  options: { size: number; statementTimeoutMs: number; interceptors?: readonly Interceptor[] },
): Promise<Db> {
  return createPool(url, {
    interceptors: options.interceptors ?? [],
    maximumPoolSize: options.size,
    statementTimeout: options.statementTimeoutMs,
    connectionTimeout: 5_000,
    idleTimeout: 10_000,
    // slonik's default runs DISCARD ALL on every release: one more round trip per query (~0.1 ms
    // of CPU across both sides) and, above all, it deallocates the named statements of
    // db/prepared.ts behind node-postgres's back, which believes them still prepared. Nothing on
    // this pool leaves session state behind: advisory locks are transaction-scoped
    // (pg_advisory_xact_lock), there is no SET outside a transaction, no LISTEN (the credential
    // listener has its own connection), no temporary table, and statement_timeout is a startup
    // parameter. Keep it that way.
    resetConnection: async () => {},
    typeParsers: [
      ...createTypeParserPreset().filter((p) => !['timestamptz', 'timestamp', 'int8', 'date'].includes(p.name)),
      { name: 'timestamptz', parse: toIso },
      { name: 'timestamp', parse: (v) => toIso(v + '+00') },
      { name: 'date', parse: (v) => v },
      { name: 'int8', parse: (v) => Number.parseInt(v, 10) },
    ],
  });
}
