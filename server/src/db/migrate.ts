// Applies migrations/NNNN_name.sql in order, once, at start-up.
//
// Two replicas starting together must both come up: the whole run holds a PostgreSQL advisory
// lock, so the second waits, then finds nothing left to do. Each file runs in its own transaction
// and is recorded with its SHA-256; a landed file that changed afterwards stops start-up, because
// the database would no longer match what the file says.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Arbitrary but fixed: "verso" in ASCII, used only for this lock. */
const MIGRATION_LOCK_KEY = 0x766572736f;

export interface MigrationFile {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export function readMigrationFiles(directory: string): MigrationFile[] {
  const files = fs.readdirSync(directory).filter((f) => f.endsWith('.sql')).sort();
  const seen = new Map<number, string>();
  return files.map((file) => {
    const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!match) throw new MigrationError(`migration file name ${file} must look like 0001_some_name.sql`);
    const version = Number(match[1]);
    if (seen.has(version)) throw new MigrationError(`migrations ${seen.get(version)} and ${file} share number ${version}`);
    seen.set(version, file);
    const text = fs.readFileSync(path.join(directory, file), 'utf8');
    return { version, name: match[2]!, sql: text, checksum: crypto.createHash('sha256').update(text).digest('hex') };
  });
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

/**
 * Runs on its own pg connection rather than the slonik pool: a migration file is a script of many
 * statements, which only the simple query protocol accepts, and the advisory lock belongs to one
 * session for the whole run.
 */
export async function migrate(
  databaseUrl: string,
  directory: string,
  log: (message: string) => void,
  /** Apply no file numbered above this (a restore rebuilds the schema a backup was taken at). */
  options: { through?: number } = {},
): Promise<number> {
  const files = readMigrationFiles(directory).filter((f) => options.through === undefined || f.version <= options.through);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const applied = (await client.query<AppliedRow>('SELECT version, name, checksum FROM schema_migrations ORDER BY version')).rows;
    const byVersion = new Map(applied.map((row) => [row.version, row]));
    for (const row of applied) {
      const file = files.find((f) => f.version === row.version);
      if (!file) throw new MigrationError(`migration ${row.version} (${row.name}) is applied but its file is missing`);
      if (file.checksum !== row.checksum) {
        throw new MigrationError(`migration ${String(file.version).padStart(4, "0")}_${file.name}.sql changed after it was applied; landed migrations are never edited`);
      }
    }
    let count = 0;
    for (const file of files) {
      if (byVersion.has(file.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(file.sql);
        await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [file.version, file.name, file.checksum]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new MigrationError(`migration ${String(file.version).padStart(4, "0")}_${file.name}.sql failed: ${(err as Error).message}`);
      }
      log(`applied migration ${String(file.version).padStart(4, "0")}_${file.name}`);
      count += 1;
    }
    return count;
  } finally {
    // Ending the session releases the advisory lock even if unlocking is never reached.
    await client.end();
  }
}
