// The manifest of a backup (README: Operations, Backup and restore): what was saved and what a restore
// must find again. It names keyring key ids, never keys.
import fs from 'node:fs';
import path from 'node:path';
import type { MigrationFile } from '../db/migrate.js';

export const MANIFEST_FORMAT = 'verso-backup/1';
export const MANIFEST_FILE = 'manifest.json';

export interface BackupManifest {
  readonly format: typeof MANIFEST_FORMAT;
  /** The Verso release that wrote it (package.json). */
  readonly versoVersion: string;
  readonly createdAt: string;
  readonly database: {
    readonly kind: 'embedded' | 'external';
    /** PostgreSQL's server_version of the source. */
    readonly serverVersion: string;
    /** Every table of the schema, in the order restored, with its row count in the snapshot. */
    readonly tables: readonly { readonly name: string; readonly rows: number; readonly file: string; readonly sha256: string }[];
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
   * The keyring key ids stored secrets are sealed under (`legacy` for v1 ciphertext under
   * Secrets__EncryptionKey): the keyring that restores them must hold these keys.
   */
  readonly keyring: { readonly keyIdsReferenced: readonly string[] };
}

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} cannot be read as a backup manifest (${(err as Error).message})`, { cause: err });
  }
  const m = parsed as Partial<BackupManifest>;
  if (m.format !== MANIFEST_FORMAT) throw new Error(`${file} is not a ${MANIFEST_FORMAT} manifest (format: ${JSON.stringify(m.format)})`);
  return parsed as BackupManifest;
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
