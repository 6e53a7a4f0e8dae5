// `make restore FROM=<dir>` (README: Operations, Backup and restore), with Verso stopped: the database
// and the media of one backup together, into the configured database (DATABASE_URL, or the embedded
// PostgreSQL of Data__Directory, created when the directory is new) and storage (Storage__*).
//
// Refused: a backup with migrations this code does not know (newer than the code) or whose files
// differ; a target that holds data (tables, or objects under the managed prefixes) unless `force`;
// Verso still running. The schema is rebuilt by applying the backup's migrations (not later ones:
// the next start upgrades as usual), then every table's rows are loaded with triggers and foreign
// keys held off (session_replication_role = replica, which needs a superuser: the embedded one is),
// so derived tables come back exactly as saved. Afterwards every table's row count and every
// asset's blob (its SHA-256) are checked against the manifest.
//
// A backup is trusted input (its rows become the users and the content), but reading it must not
// reach past it: before the target is touched, the whole backup is checked (backup-files.ts) — no
// link, device or FIFO anywhere in it, the manifest well formed, and every file it lists a regular
// file inside the backup with the recorded size and SHA-256. Then only the listed files are read,
// checked again as they stream. Renditions are never restored: they are rebuilt on the next request.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Config } from '../config.js';
import { MIGRATIONS_DIR } from '../contract.js';
import { migrate, readMigrationFiles } from '../db/migrate.js';
import { createStorageProvider } from '../storage/create-provider.js';
import { listTables, managedObjects } from './backup.js';
import { backupFileStream, checkBackupTree, UnsafeBackup, verifyBackupFile } from './backup-files.js';
import { incompatibility, mediaFile, mediaToRestore, readManifest, type BackupManifest } from './manifest.js';
import { embeddedRunning, openDatabase, quoteIdent } from './target.js';

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreResult {
  readonly manifest: BackupManifest;
  /** Key ids the backup's secrets are sealed under that the configured keyring lacks. */
  readonly missingKeyIds: readonly string[];
}

function configuredKeyIds(config: Config): Set<string> {
  const ids = new Set<string>();
  for (const [name, value] of Object.entries(config.secretsEnvironment)) {
    if (name.startsWith('Secrets__EncryptionKeys__') && value.trim()) ids.add(name.slice('Secrets__EncryptionKeys__'.length));
    if (name === 'Secrets__EncryptionKey' && value.trim()) ids.add('legacy');
  }
  // Development and test without keys use the development keyring file of the data directory.
  if (ids.size === 0 && config.environment !== 'production') ids.add('development');
  return ids;
}

async function sha256Of(stream: NodeJS.ReadableStream): Promise<{ sha256: string; bytes: number }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** The backup directory itself (a link to one is the operator's choice: what is inside is checked). */
function backupRoot(from: string): string {
  let root: string;
  try {
    root = fs.realpathSync(path.resolve(from));
  } catch {
    throw new RestoreRefused(`${from} does not exist`);
  }
  if (!fs.statSync(root).isDirectory()) throw new RestoreRefused(`${from} is not a backup directory`);
  return root;
}

/** Checks the whole backup before anything is written (see the top); UnsafeBackup says what is wrong. */
async function verifyBackup(root: string, manifest: BackupManifest, log: (m: string) => void): Promise<void> {
  checkBackupTree(root);
  for (const t of manifest.database.tables) await verifyBackupFile(root, t.file, { sha256: t.sha256, bytes: t.bytes });
  const media = mediaToRestore(manifest);
  for (const o of media) await verifyBackupFile(root, mediaFile(o.key), { sha256: o.sha256, bytes: o.sizeBytes });
  const unlisted = countFiles(path.join(root, 'media')) - media.length;
  if (unlisted > 0) log(`${unlisted} files of the backup's media folder are not listed in its manifest (renditions, or uploads after the snapshot): left out`);
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).length;
}

export async function runRestore(config: Config, from: string, options: { force: boolean }, log: (m: string) => void): Promise<RestoreResult> {
  from = backupRoot(from);
  let manifest: BackupManifest;
  try {
    manifest = readManifest(from);
    const why = incompatibility(manifest, readMigrationFiles(MIGRATIONS_DIR));
    if (why) throw new RestoreRefused(why);
    await verifyBackup(from, manifest, log);
  } catch (err) {
    if (err instanceof UnsafeBackup) throw new RestoreRefused(err.message, { cause: err });
    throw err;
  }
  if (!config.database.url && embeddedRunning(config)) {
    throw new RestoreRefused(`Verso's embedded PostgreSQL for ${config.data.directory} is running: stop Verso before restoring`);
  }

  const storage = createStorageProvider(config);
  const database = await openDatabase(config, log);
  try {
    const client = new pg.Client({ connectionString: database.url, application_name: 'verso-restore' });
    await client.connect();
    try {
      const others = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`);
      if (Number(others.rows[0]!.n) > 0) throw new RestoreRefused(`${others.rows[0]!.n} other connections use the target database: stop Verso (every replica) before restoring`);

      // The target must be empty, unless told to replace what is there.
      const tables = await listTables(client);
      let objects = 0;
      for await (const _ of managedObjects(storage)) {
        objects += 1;
        if (!options.force) break;
      }
      if ((tables.length > 0 || objects > 0) && !options.force) {
        const what = [tables.length > 0 ? `the database has ${tables.length} tables` : '', objects > 0 ? `the ${config.storage.provider} storage has media` : ''].filter(Boolean).join(' and ');
        throw new RestoreRefused(`the target is not empty (${what}): restore into a new data directory or database, or set FORCE=1 to replace it`);
      }
      if (tables.length > 0) {
        log(`FORCE: dropping the ${tables.length} tables of the target database`);
        await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      }
      if (objects > 0) {
        log(`FORCE: deleting the ${objects} objects of the target storage`);
        const keys: string[] = [];
        for await (const o of managedObjects(storage)) keys.push(o.key);
        for (const key of keys) await storage.delete(key);
      }

      const through = Math.max(0, ...manifest.migrations.map((m) => m.version));
      await migrate(database.url, MIGRATIONS_DIR, () => {}, { through });
      const schema = await listTables(client);
      const saved = manifest.database.tables.map((t) => t.name);
      if (schema.join() !== [...saved].sort().join()) throw new Error(`the rebuilt schema's tables (${schema.join(', ')}) are not the backup's (${saved.join(', ')})`);

      await client.query('BEGIN');
      await client.query('SET LOCAL session_replication_role = replica');
      // What the migrations inserted (seed rows) gives way to the saved rows.
      await client.query(`TRUNCATE ${schema.map(quoteIdent).join(', ')}`);
      for (const t of manifest.database.tables) {
        // Checked again as it streams: a file changed since verifyBackup fails the COPY (rolled back).
        await pipeline(backupFileStream(from, t.file, { sha256: t.sha256, bytes: t.bytes }), client.query(copyFrom(`COPY ${quoteIdent(t.name)} FROM STDIN`)));
      }
      for (const s of manifest.database.sequences) {
        if (s.lastValue === null) await client.query(`ALTER SEQUENCE ${quoteIdent(s.name)} RESTART`);
        else await client.query('SELECT setval($1::regclass, $2::bigint, true)', [quoteIdent(s.name), s.lastValue]);
      }
      await client.query('COMMIT');

      // The media: every object the manifest lists, under its own key, nothing else.
      const mimeOf = new Map(manifest.assets.map((a) => [a.key, a.mimeType]));
      const media = mediaToRestore(manifest);
      for (const o of media) {
        await storage.put(o.key, backupFileStream(from, mediaFile(o.key), { sha256: o.sha256, bytes: o.sizeBytes }), { contentType: mimeOf.get(o.key) ?? 'application/octet-stream' });
      }
      const restoredObjects = media.length;
      log(`restored ${manifest.database.tables.length} tables and ${restoredObjects} media objects`);

      // The checks: every table's count, every asset's blob byte for byte (by digest).
      const problems: string[] = [];
      for (const t of manifest.database.tables) {
        const n = Number((await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${quoteIdent(t.name)}`)).rows[0]!.n);
        if (n !== t.rows) problems.push(`${t.name}: ${n} rows, the backup has ${t.rows}`);
      }
      for (const a of manifest.assets) {
        const got = await storage.get(a.key);
        if (!got) {
          problems.push(`media asset ${a.id}: no blob at ${a.key}`);
          continue;
        }
        const d = await sha256Of(got.body);
        if (d.sha256 !== a.sha256 || d.bytes !== a.sizeBytes) problems.push(`media asset ${a.id}: the restored blob differs from the backup's`);
      }
      if (problems.length > 0) throw new Error(`the restore does not match the backup: ${problems.join('; ')}`);
      log(`verified: ${manifest.database.tables.length} table counts (${manifest.counts.contentItems} items, ${manifest.counts.contentVersions} versions, ${manifest.counts.mediaAssets} assets) and ${manifest.assets.length} asset blobs`);
    } finally {
      await client.end().catch(() => {});
    }
  } finally {
    await storage.close();
    await database.release();
  }
  const configured = configuredKeyIds(config);
  return { manifest, missingKeyIds: manifest.keyring.keyIdsReferenced.filter((id) => !configured.has(id)) };
}
