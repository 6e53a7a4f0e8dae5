// The `hostile-backup` class (docs/contributing.md: Fuzzing): a real backup of the fuzzed world,
// altered the ways a crafted backup would be, each restored into an empty target. `make restore`
// must refuse every one before it touches the target — no link, device or FIFO followed, no path
// outside the backup read, no file whose size or SHA-256 is not the manifest's. A finding is a case
// restored (`restored-hostile-backup`), one that failed otherwise than by a refusal or with another
// reason than the case's (`not-refused`), or a target with anything in it afterwards
// (`target-touched`). test/ops/hostile-backups.test.ts runs each case too.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../../server/src/config.js';
import { runBackup } from '../../server/src/ops/backup.js';
import { MANIFEST_FILE, mediaFile, type BackupManifest } from '../../server/src/ops/manifest.js';
import { RestoreRefused, runRestore } from '../../server/src/ops/restore.js';
import type { TestApi } from '../helpers/api.js';
import { createTestDatabase } from '../helpers/database.js';
import type { Findings } from './findings.js';

export const HOSTILE_BACKUP_CLASS = 'hostile-backup';

type Mutable<T> = T extends readonly (infer U)[] ? Mutable<U>[] : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;
export type EditableManifest = Mutable<BackupManifest>;

export interface CaseContext {
  /** The copy of the backup to alter. */
  readonly dir: string;
  /** Its manifest, written back after `alter`. */
  readonly manifest: EditableManifest;
  /** A host file outside the backup that nothing may read (it stands for the environment or keyring). */
  readonly secret: string;
  /** A number from the fuzz seed, to pick which listed file a case aims at. */
  readonly pick: number;
}

export interface HostileBackupCase {
  readonly name: string;
  alter(c: CaseContext): void;
  /** The refusal's reason. */
  readonly refusal: RegExp;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** One listed media object (an asset's blob), picked by `pick`. */
function mediaObject(c: CaseContext) {
  const list = c.manifest.media!;
  if (list.length === 0) throw new Error('the hostile backup cases need a backup with media');
  return list[c.pick % list.length]!;
}

function table(c: CaseContext) {
  const list = c.manifest.database.tables;
  return list[c.pick % list.length]!;
}

function replaceWithLink(file: string, target: string): void {
  fs.rmSync(file, { recursive: true, force: true });
  fs.symlinkSync(target, file);
}

/** A device node when we may make one (root), else a link to one. */
function device(file: string): void {
  fs.rmSync(file, { force: true });
  try {
    execFileSync('mknod', [file, 'c', '1', '5'], { stdio: 'ignore' }); // /dev/zero's numbers
  } catch {
    fs.symlinkSync('/dev/zero', file);
  }
}

export const HOSTILE_BACKUP_CASES: readonly HostileBackupCase[] = [
  {
    name: 'a media file that is a link to a host file',
    alter: (c) => replaceWithLink(path.join(c.dir, mediaFile(mediaObject(c).key)), c.secret),
    refusal: /is a symbolic link/,
  },
  {
    name: 'a media file linked to a host file, the manifest carrying its size and digest',
    alter: (c) => {
      const o = mediaObject(c);
      const secret = fs.readFileSync(c.secret);
      replaceWithLink(path.join(c.dir, mediaFile(o.key)), c.secret);
      for (const listed of [o, ...c.manifest.assets.filter((a) => a.key === o.key)]) Object.assign(listed, { sizeBytes: secret.length, sha256: sha256(secret) });
    },
    refusal: /is a symbolic link/,
  },
  {
    name: 'a link the manifest does not list, in the media folder',
    alter: (c) => fs.symlinkSync(c.secret, path.join(c.dir, 'media', 'verso', 'media', 'unlisted')),
    refusal: /is a symbolic link/,
  },
  {
    name: 'the media folder is a link to a copy outside the backup',
    alter: (c) => {
      const outside = fs.mkdtempSync(path.join(path.dirname(c.secret), 'media-'));
      fs.cpSync(path.join(c.dir, 'media'), outside, { recursive: true });
      replaceWithLink(path.join(c.dir, 'media'), outside);
    },
    refusal: /media in the backup is a symbolic link|media.* is a symbolic link/,
  },
  {
    name: 'the database folder is a link',
    alter: (c) => {
      const outside = fs.mkdtempSync(path.join(path.dirname(c.secret), 'database-'));
      fs.cpSync(path.join(c.dir, 'database'), outside, { recursive: true });
      replaceWithLink(path.join(c.dir, 'database'), outside);
    },
    refusal: /database.* is a symbolic link/,
  },
  {
    name: 'a table file that is a link',
    alter: (c) => replaceWithLink(path.join(c.dir, table(c).file), c.secret),
    refusal: /is a symbolic link/,
  },
  {
    name: 'a table file named ../ out of the backup, with the digest of what it names',
    alter: (c) => Object.assign(table(c), { file: `database/../../${path.basename(c.secret)}`, sha256: sha256(fs.readFileSync(c.secret)), bytes: fs.statSync(c.secret).size }),
    refusal: /the backup's manifest is not one Verso writes: table \w+'s file is/,
  },
  {
    name: 'a table file with an absolute name',
    alter: (c) => Object.assign(table(c), { file: c.secret, sha256: sha256(fs.readFileSync(c.secret)), bytes: fs.statSync(c.secret).size }),
    refusal: /table \w+'s file is/,
  },
  {
    name: 'a table name that is not an identifier',
    alter: (c) => Object.assign(table(c), { name: 'users" ; DROP SCHEMA public CASCADE; --' }),
    refusal: /a table name is not a PostgreSQL table of Verso's/,
  },
  {
    name: 'a media key climbing out with ../',
    alter: (c) => {
      const secret = fs.readFileSync(c.secret);
      c.manifest.media!.push({ key: `verso/media/../../../${path.basename(c.secret)}`, sizeBytes: secret.length, sha256: sha256(secret) });
    },
    refusal: /is not a storage key Verso uses/,
  },
  {
    name: 'a media key outside the managed prefixes',
    alter: (c) => {
      const secret = fs.readFileSync(c.secret);
      c.manifest.media!.push({ key: 'etc/passwd', sizeBytes: secret.length, sha256: sha256(secret) });
    },
    refusal: /is not a storage key Verso uses/,
  },
  {
    name: 'a rendition listed as a media object',
    alter: (c) => {
      const file = path.join(c.dir, 'media', 'verso', 'renditions', 'r.webp');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'not a rendition');
      c.manifest.media!.push({ key: 'verso/renditions/r.webp', sizeBytes: 15, sha256: sha256(Buffer.from('not a rendition')) });
    },
    refusal: /renditions are not restored/,
  },
  {
    name: 'a FIFO in place of a media file',
    alter: (c) => {
      const file = path.join(c.dir, mediaFile(mediaObject(c).key));
      fs.rmSync(file);
      execFileSync('mkfifo', [file]);
    },
    refusal: /is a FIFO/,
  },
  {
    name: 'a FIFO the manifest does not list',
    alter: (c) => execFileSync('mkfifo', [path.join(c.dir, 'database', 'extra.copy')]),
    refusal: /is a FIFO/,
  },
  {
    name: 'a device in place of a media file',
    alter: (c) => device(path.join(c.dir, mediaFile(mediaObject(c).key))),
    refusal: /is a device|is a symbolic link/,
  },
  {
    name: 'a media file whose bytes differ from its digest (same size)',
    alter: (c) => {
      const file = path.join(c.dir, mediaFile(mediaObject(c).key));
      const bytes = fs.readFileSync(file);
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
      fs.writeFileSync(file, bytes);
    },
    refusal: /does not match the manifest \(SHA-256\)/,
  },
  {
    name: 'a table file whose bytes differ from its digest',
    alter: (c) => fs.appendFileSync(path.join(c.dir, table(c).file), '\\N\n'),
    refusal: /has \d+ bytes, the manifest says \d+|does not match the manifest/,
  },
  {
    name: 'a media file larger than recorded',
    alter: (c) => fs.appendFileSync(path.join(c.dir, mediaFile(mediaObject(c).key)), Buffer.alloc(1 << 20)),
    refusal: /has \d+ bytes, the manifest says \d+/,
  },
  {
    name: 'a hard link to a host file in place of a media file',
    alter: (c) => {
      const file = path.join(c.dir, mediaFile(mediaObject(c).key));
      fs.rmSync(file);
      fs.linkSync(c.secret, file);
    },
    refusal: /has \d+ bytes, the manifest says \d+|does not match the manifest/,
  },
  {
    name: 'a listed media file that is missing',
    alter: (c) => fs.rmSync(path.join(c.dir, mediaFile(mediaObject(c).key))),
    refusal: /is missing from the backup/,
  },
  {
    name: 'a manifest that is a link',
    alter: (c) => {
      const outside = path.join(path.dirname(c.secret), 'manifest-outside.json');
      fs.writeFileSync(outside, JSON.stringify(c.manifest));
      // Written after `alter` by the caller: the link is made in place of that write (see applyCase).
      (c as { linkManifestTo?: string }).linkManifestTo = outside;
    },
    refusal: /manifest.json cannot be read as a backup manifest \(manifest.json in the backup is a symbolic link/,
  },
  {
    name: 'a manifest whose sizes and digests are not numbers and hex',
    alter: (c) => Object.assign(mediaObject(c), { sizeBytes: -1, sha256: '../../x' }),
    refusal: /the backup's manifest is not one Verso writes: media object .*: it has no size/,
  },
];

/** Copies the backup, applies the case and writes its manifest back. */
export function applyCase(backup: string, into: string, secret: string, hostile: HostileBackupCase, pick: number): void {
  fs.cpSync(backup, into, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(into, MANIFEST_FILE), 'utf8')) as EditableManifest;
  const context: CaseContext & { linkManifestTo?: string } = { dir: into, manifest, secret, pick };
  hostile.alter(context);
  fs.rmSync(path.join(into, MANIFEST_FILE));
  if (context.linkManifestTo) fs.symlinkSync(context.linkManifestTo, path.join(into, MANIFEST_FILE));
  else fs.writeFileSync(path.join(into, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
}

/** A host file with random content, in a directory of its own (a stand-in for the keyring or /proc/self/environ). */
export function makeSecret(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-secret-'));
  const file = path.join(dir, 'keyring.env');
  fs.writeFileSync(file, `Secrets__EncryptionKeys__prod=${crypto.randomBytes(32).toString('base64')}\n`);
  return file;
}

export interface RestoreTarget {
  readonly config: Config;
  /** What is in the target after a restore: its tables and stored files (both empty when untouched). */
  contents(): Promise<{ tables: string[]; files: string[] }>;
  remove(): void;
}

/** An empty database on the test PostgreSQL and an empty local media directory. */
export async function emptyTarget(keyring: Readonly<Record<string, string>> = {}): Promise<RestoreTarget> {
  const url = await createTestDatabase({ empty: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-hostile-target-'));
  const media = path.join(dataDir, 'media');
  const config = loadConfig({ ...keyring, NODE_ENV: 'test', DATABASE_URL: url, Data__Directory: dataDir, Storage__Local__BasePath: media }, { version: '0.0.0-test' });
  return {
    config,
    async contents() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const tables = (await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows.map((r) => r.name);
        const files = fs.existsSync(media) ? fs.readdirSync(media, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory()).map((e) => path.join(e.parentPath, e.name)) : [];
        return { tables, files };
      } finally {
        await client.end();
      }
    },
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** What a restore of the case did: refused (with its reason), restored, or failed otherwise. */
export async function restoreCase(config: Config, dir: string): Promise<{ outcome: 'refused' | 'restored' | 'failed'; message: string }> {
  try {
    await runRestore(config, dir, { force: false }, () => {});
    return { outcome: 'restored', message: 'restored' };
  } catch (err) {
    return { outcome: err instanceof RestoreRefused ? 'refused' : 'failed', message: (err as Error).message };
  }
}

/** The fuzz pass's restore phase: a backup of the fuzzed world, then every case (run-fuzz.ts). */
export async function fuzzRestore(api: TestApi, seed: number, findings: Findings, progress: (m: string) => void): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-fuzz-backup-'));
  const secret = makeSecret();
  try {
    const source = loadConfig({ ...api.config.secretsEnvironment, NODE_ENV: 'test', DATABASE_URL: api.databaseUrl, Data__Directory: api.config.data.directory, Storage__Local__BasePath: api.config.storage.localBasePath }, { version: '0.0.0-test' });
    const backup = path.join(work, 'backup');
    await runBackup(source, backup, () => {});
    // One empty target for every case (a refusal leaves it empty); a fresh one after a case that wrote to it.
    let target: RestoreTarget | undefined;
    try {
      for (const [index, hostile] of HOSTILE_BACKUP_CASES.entries()) {
        const dir = path.join(work, `case-${index}`);
        target ??= await emptyTarget(api.config.secretsEnvironment);
        try {
          applyCase(backup, dir, secret, hostile, seed + index);
          const { outcome, message } = await restoreCase(target.config, dir);
          const exitCode = outcome === 'refused' ? 3 : outcome === 'failed' ? 1 : 0;
          findings.count(HOSTILE_BACKUP_CLASS, '(make restore)', exitCode, 0);
          const checks: string[] = [];
          if (outcome === 'restored') checks.push('restored-hostile-backup');
          else if (outcome === 'failed' || !hostile.refusal.test(message)) checks.push('not-refused');
          const left = await target.contents();
          if (left.tables.length > 0 || left.files.length > 0) {
            checks.push('target-touched');
            target.remove();
            target = undefined;
          }
          if (checks.length > 0) {
            findings.add(HOSTILE_BACKUP_CLASS, '(make restore)', exitCode, checks, {
              seed,
              index: -1,
              request: `make restore of a backup with ${hostile.name}`,
              response: `${outcome}: ${message.slice(0, 400)}; the target holds ${left.tables.length} tables and ${left.files.length} files`,
            });
          }
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }
    } finally {
      target?.remove();
    }
    progress(`hostile backups: ${HOSTILE_BACKUP_CASES.length} cases restored into empty targets`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(path.dirname(secret), { recursive: true, force: true });
  }
}
