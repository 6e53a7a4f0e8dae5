// The manifest of a backup (README: Operations, Backup and restore): what was saved and what a restore
// must find again. It names keyring key ids, never keys.
//
// A backup is trusted input (it holds password hashes and every row), but a restore still reads only
// what the manifest lists, each file checked against its recorded size and SHA-256 (backup-files.ts).
// Format 2 lists every media object copied; format 1 listed only the assets' blobs (with their size
// and digest) and no table sizes, so a format-1 backup restores its tables (digest) and its assets'
// blobs, and leaves the rest of its media folder (renditions, orphans) behind.
import path from 'node:path';
import type { MigrationFile } from '../db/migrate.js';
import { assertManagedKey } from '../storage/provider.js';
import { readBackupFile, UnsafeBackup } from './backup-files.js';

export { UnsafeBackup };

export const MANIFEST_FORMAT = 'verso-backup/2';
/** The format before media objects and table sizes were listed: still restored (see the top). */
export const MANIFEST_FORMAT_V1 = 'verso-backup/1';
export const MANIFEST_FILE = 'manifest.json';
/** A manifest larger than this is not one Verso wrote (a million assets take about 250 MB). */
const MAX_MANIFEST_BYTES = 1024 * 1024 * 1024;

export interface BackupManifest {
  readonly format: typeof MANIFEST_FORMAT | typeof MANIFEST_FORMAT_V1;
  /** The Verso release that wrote it (package.json). */
  readonly versoVersion: string;
  readonly createdAt: string;
  readonly database: {
    readonly kind: 'embedded' | 'external';
    /** PostgreSQL's server_version of the source. */
    readonly serverVersion: string;
    /** Every table of the schema, in the order restored, with its row count in the snapshot. */
    readonly tables: readonly { readonly name: string; readonly rows: number; readonly file: string; readonly sha256: string; /** Format 2. */ readonly bytes?: number }[];
    readonly sequences: readonly { readonly name: string; readonly lastValue: string | null }[];
  };
  /** schema_migrations as applied in the snapshot. */
  readonly migrations: readonly { readonly version: number; readonly name: string; readonly checksum: string }[];
  /** The counts the issue names; the per-table counts above are the complete list. */
  readonly counts: { readonly contentItems: number; readonly contentVersions: number; readonly mediaAssets: number; readonly users: number; readonly apiClients: number; readonly webhookEndpoints: number };
  readonly storage: {
    readonly provider: 'local' | 's3';
    /** Every object under the managed prefixes when the media were copied (after the snapshot). */
    readonly objects: number;
    readonly bytes: number;
  };
  /** Every asset whose blob must exist (Available or DeletePending in the snapshot), with its digest. */
  readonly assets: readonly { readonly id: string; readonly key: string; readonly mimeType: string; readonly sizeBytes: number; readonly sha256: string }[];
  /**
   * Format 2: every media object in `media/<key>` (renditions are never among them: derived data,
   * rebuilt on demand), with its size and digest. A restore puts back exactly these.
   */
  readonly media?: readonly MediaObject[];
  /**
   * The keyring key ids stored secrets are sealed under (`legacy` for v1 ciphertext under
   * Secrets__EncryptionKey): the keyring that restores them must hold these keys.
   */
  readonly keyring: { readonly keyIdsReferenced: readonly string[] };
}

export interface MediaObject {
  readonly key: string;
  readonly sizeBytes: number;
  readonly sha256: string;
}


/** The media objects a restore puts back: format 2 lists them, format 1 only its assets' blobs. */
export function mediaToRestore(manifest: BackupManifest): readonly MediaObject[] {
  if (manifest.media) return manifest.media;
  const byKey = new Map<string, MediaObject>();
  for (const a of manifest.assets) byKey.set(a.key, { key: a.key, sizeBytes: a.sizeBytes, sha256: a.sha256 });
  return [...byKey.values()];
}

/** Where a table's rows are: always `database/<table>.copy`, the only name a backup writes. */
export function tableFile(name: string): string {
  return `database/${name}.copy`;
}

/** Where a media object is in the backup: `media/<key>`. */
export function mediaFile(key: string): string {
  return `media/${key}`;
}

const SHA256 = /^[0-9a-f]{64}$/;
const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Reads and checks the manifest: the fields a restore relies on have the right shapes, every table
 * file is `database/<table>.copy`, and every media key is a safe storage key under the managed
 * prefixes (never a rendition). Throws UnsafeBackup naming the first problem.
 */
export function readManifest(dir: string): BackupManifest {
  let text: string;
  try {
    text = readBackupFile(dir, MANIFEST_FILE, MAX_MANIFEST_BYTES).toString('utf8');
  } catch (err) {
    throw new UnsafeBackup(`${path.join(dir, MANIFEST_FILE)} cannot be read as a backup manifest (${(err as Error).message})`, { cause: err });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new UnsafeBackup(`${path.join(dir, MANIFEST_FILE)} is not valid JSON (${(err as Error).message})`, { cause: err });
  }
  const m = parsed as Partial<BackupManifest> | null;
  if (!m || typeof m !== 'object' || (m.format !== MANIFEST_FORMAT && m.format !== MANIFEST_FORMAT_V1)) {
    throw new UnsafeBackup(`${path.join(dir, MANIFEST_FILE)} is not a Verso backup manifest (format: ${JSON.stringify(m?.format)})`);
  }
  const problem = manifestProblem(m);
  if (problem) throw new UnsafeBackup(`the backup's manifest is not one Verso writes: ${problem}`);
  return m as BackupManifest;
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isText = (v: unknown): v is string => typeof v === 'string';

/** The first thing wrong with the manifest's shape, or null. */
function manifestProblem(m: Partial<BackupManifest>): string | null {
  const v2 = m.format === MANIFEST_FORMAT;
  if (!isText(m.versoVersion) || !isText(m.createdAt)) return 'it has no Verso version or date';
  if (!Array.isArray(m.migrations) || !m.migrations.every((x) => x && Number.isSafeInteger(x.version) && isText(x.name) && isText(x.checksum))) return 'its migrations are not a list of versions, names and checksums';
  const db = m.database;
  if (!db || !Array.isArray(db.tables) || !Array.isArray(db.sequences)) return 'it lists no tables';
  for (const t of db.tables) {
    if (!t || !isText(t.name) || !TABLE_NAME.test(t.name)) return `a table name is not a PostgreSQL table of Verso's: ${JSON.stringify(t?.name)}`;
    if (t.file !== tableFile(t.name)) return `table ${t.name}'s file is ${JSON.stringify(t.file)}, not ${tableFile(t.name)}`;
    if (!isText(t.sha256) || !SHA256.test(t.sha256)) return `table ${t.name} has no SHA-256`;
    if (!isCount(t.rows)) return `table ${t.name} has no row count`;
    if (v2 && !isCount(t.bytes)) return `table ${t.name} has no size`;
  }
  if (new Set(db.tables.map((t) => t.name)).size !== db.tables.length) return 'it lists a table twice';
  if (!db.sequences.every((s) => s && isText(s.name) && TABLE_NAME.test(s.name) && (s.lastValue === null || (isText(s.lastValue) && /^-?\d{1,19}$/.test(s.lastValue))))) return 'its sequences are not names with values';
  if (!m.counts || typeof m.counts !== 'object') return 'it has no counts';
  if (!m.keyring || !Array.isArray(m.keyring.keyIdsReferenced) || !m.keyring.keyIdsReferenced.every(isText)) return 'it has no keyring key ids';
  if (!m.storage || typeof m.storage !== 'object') return 'it has no storage summary';
  if (!Array.isArray(m.assets)) return 'it lists no assets';
  for (const a of m.assets) {
    if (!a || !isText(a.id) || !isText(a.mimeType)) return 'an asset has no id or type';
    const bad = objectProblem(a);
    if (bad) return `asset ${a.id}: ${bad}`;
  }
  if (v2) {
    if (!Array.isArray(m.media)) return 'it lists no media objects';
    const byKey = new Map<string, MediaObject>();
    for (const o of m.media) {
      const bad = o && typeof o === 'object' ? objectProblem(o) : 'not an object';
      if (bad) return `media object ${JSON.stringify(o?.key)}: ${bad}`;
      if (byKey.has(o.key)) return `media object ${o.key} is listed twice`;
      byKey.set(o.key, o);
    }
    for (const a of m.assets) {
      const o = byKey.get(a.key);
      if (!o || o.sha256 !== a.sha256 || o.sizeBytes !== a.sizeBytes) return `asset ${a.id}'s blob is not among the media objects`;
    }
  } else if (m.media !== undefined) return 'format 1 lists no media objects';
  return null;
}

/** Why a listed object (key, size, digest) cannot be restored, or null. */
function objectProblem(o: Partial<MediaObject>): string | null {
  if (!isText(o.key)) return 'it has no key';
  try {
    assertManagedKey(o.key);
  } catch {
    return 'its key is not a storage key Verso uses (a path climbing out, or outside the managed prefixes)';
  }
  if (o.key.startsWith('verso/renditions/')) return 'renditions are not restored (they are rebuilt on demand)';
  if (!isCount(o.sizeBytes)) return 'it has no size';
  if (!isText(o.sha256) || !SHA256.test(o.sha256)) return 'it has no SHA-256';
  return null;
}

/**
 * Why this code cannot restore the backup, or null: a migration the code does not know means the
 * backup is newer than the code; a known one with another checksum means other code entirely.
 */
export function incompatibility(manifest: BackupManifest, files: readonly MigrationFile[]): string | null {
  const byVersion = new Map(files.map((f) => [f.version, f]));
  const unknown = manifest.migrations.filter((m) => !byVersion.has(m.version));
  if (unknown.length > 0) {
    const names = unknown.map((m) => `${String(m.version).padStart(4, '0')}_${m.name}`).join(', ');
    return `the backup was made by Verso ${manifest.versoVersion} with migrations this code does not have (${names}): restore it with that version or newer`;
  }
  for (const m of manifest.migrations) {
    const file = byVersion.get(m.version)!;
    if (file.checksum !== m.checksum) return `migration ${String(m.version).padStart(4, '0')}_${m.name} of the backup differs from this code's file (checksum): it was made by other code`;
  }
  return null;
}
