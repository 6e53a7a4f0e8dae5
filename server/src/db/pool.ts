// The PostgreSQL pool (slonik over pg), with type parsers that give services plain JSON-ready
// values: timestamps as ISO 8601 strings, int8 counts as numbers.
import { createPool, createTypeParserPreset, type DatabasePool } from 'slonik';

export type Db = DatabasePool;

function toIso(value: string): string {
  // PostgreSQL prints "2026-11-23 07:20:35.123+00"; Date understands it once the space is a T.
  return new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString();
}

export async function createDatabasePool(url: string, options: { size: number; statementTimeoutMs: number }): Promise<Db> {
  return createPool(url, {
    maximumPoolSize: options.size,
    statementTimeout: options.statementTimeoutMs,
    connectionTimeout: 5_000,
    idleTimeout: 10_000,
    typeParsers: [
      ...createTypeParserPreset().filter((p) => !['timestamptz', 'timestamp', 'int8', 'date'].includes(p.name)),
      { name: 'timestamptz', parse: toIso },
      { name: 'timestamp', parse: (v) => toIso(v + '+00') },
      { name: 'date', parse: (v) => v },
      { name: 'int8', parse: (v) => Number.parseInt(v, 10) },
    ],
  });
}
