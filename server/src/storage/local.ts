// Blob storage on the local file system, under Storage__Local__BasePath (default <data>/media).
// An object is a file at its key's path. A write goes to `<base>/.staging/` first and is renamed
// into place once complete, so a reader never sees half a file and an aborted or failed write
// leaves nothing at the key. `.staging` lies outside the managed prefixes, so no listing sees it; a
// write cut short by a crash leaves its staging file, which delete(key) removes with the object
// (the deletion intent of the failed upload names the key).
//
// Files are written 0600 and directories made 0700, and the base directory is closed to others
// (0700) on first use, which also closes the files older versions wrote 0644: only the API's own
// user reads the media (it serves them), never another local account. The data directory above it
// is left as it is: as root, the embedded PostgreSQL runs as its own user inside it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline as pipe, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PacedMeter } from './garbage-pacer.js';
import {
  assertManagedKey,
  assertManagedPrefix,
  clampRange,
  validateListLimit,
  type ByteRange,
  type GetResult,
  type ListOptions,
  type ListPage,
  type ObjectInfo,
  type PutOptions,
  type StorageProvider,
  type StoredObject,
} from './provider.js';

const STAGING = '.staging';
const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;

/** UTF-8 byte order, the order S3 lists keys in (JS string order differs beyond the BMP). */
function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The file's bytes through a PacedMeter; destroying the result closes the file (pipeline's rule). */
function metered(file: Readable): Readable {
  const meter = new PacedMeter();
  pipe(file, meter, () => {}); // a failure reaches the reader through the meter
  return meter;
}

export class LocalStorageProvider implements StorageProvider {
  readonly name = 'local';
  private readonly staging: string;
  private closed: Promise<void> | undefined;

  constructor(private readonly basePath: string) {
    this.staging = path.join(basePath, STAGING);
  }

  /** Makes the base and staging directories, and closes the base to others (once per provider). */
  private closeBase(): Promise<void> {
    this.closed ??= (async () => {
      await fsp.mkdir(this.staging, { recursive: true, mode: DIRECTORY_MODE });
      const stat = await fsp.stat(this.basePath);
      // Only a directory of our own (another user's, a shared mount, is its owner's to set), and never
      // the data directory itself (media kept there directly): the embedded PostgreSQL's user needs it.
      const dataDirectory = fs.existsSync(path.join(this.basePath, 'postgres.password'));
      if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.() && !dataDirectory) await fsp.chmod(this.basePath, stat.mode & ~0o077 & 0o7777);
    })().catch((err: unknown) => {
      this.closed = undefined; // tried again on the next write
      throw err;
    });
    return this.closed;
  }

  private pathOf(key: string): string {
    assertManagedKey(key);
    return path.join(this.basePath, ...key.split('/'));
  }

  /** Staging files of one key share a name prefix, so delete(key) finds a crashed write's leftovers. */
  private stagingPrefixOf(key: string): string {
    return crypto.createHash('sha256').update(key).digest('hex').slice(0, 32) + '.';
  }

  async checkHealth(): Promise<void> {
    // A real write: access(W_OK) says yes to root on a read-only mount or a full disk.
    const probe = path.join(this.staging, `health.${crypto.randomBytes(6).toString('hex')}`);
    try {
      await this.closeBase();
      await fsp.writeFile(probe, 'ok', { flag: 'wx', mode: FILE_MODE });
      await fsp.rm(probe, { force: true });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      // No path in the message: readiness reports it to anyone (the cause keeps it for the log).
      throw new Error(`the local storage directory is not writable (${e.code ?? 'error'})`, { cause: err });
    }
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredObject> {
    const target = this.pathOf(key);
    options.signal?.throwIfAborted();
    const temp = path.join(this.staging, this.stagingPrefixOf(key) + crypto.randomBytes(6).toString('hex'));
    try {
      await this.closeBase();
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: DIRECTORY_MODE });
      const meter = new PacedMeter();
      await pipeline(body, meter, fs.createWriteStream(temp, { flags: 'wx', mode: FILE_MODE }), { signal: options.signal });
      // The signal may fire between the last byte and here: an aborted put must not leave the object.
      options.signal?.throwIfAborted();
      await fsp.rename(temp, target);
      return { key, sizeBytes: meter.bytes };
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<GetResult | null> {
    const file = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const stat = await handle.stat();
      // A key naming a directory (a prefix of other keys) is not an object.
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      if (!range) return { body: metered(handle.createReadStream()), sizeBytes: stat.size, contentLength: stat.size };
      const { start, end } = clampRange(range, stat.size);
      return { body: metered(handle.createReadStream({ start, end })), sizeBytes: stat.size, contentLength: end - start + 1 };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fsp.stat(this.pathOf(key));
      return stat.isFile() ? { key, sizeBytes: stat.size, lastModified: stat.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.rm(target, { force: true });
    // The staging files of a write that never finished (the process died mid-upload).
    const prefix = this.stagingPrefixOf(key);
    let names: string[] = [];
    try {
      names = await fsp.readdir(this.staging);
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => fsp.rm(path.join(this.staging, n), { force: true })));
  }

  async list(prefix: string, options: ListOptions): Promise<ListPage> {
    assertManagedPrefix(prefix);
    validateListLimit(options.limit);
    const cut = prefix.lastIndexOf('/');
    const directory = prefix.slice(0, cut + 1);
    const found: ObjectInfo[] = [];
    for await (const key of this.walk(directory, prefix, options.cursor)) {
      const info = await this.head(key);
      if (info) found.push(info); // gone since the directory was read: not listed
      if (found.length > options.limit) break;
    }
    if (found.length <= options.limit) return { objects: found };
    const objects = found.slice(0, options.limit);
    // The cursor is the last key listed: the next page starts after it, in the same order.
    return { objects, cursor: objects[objects.length - 1]!.key };
  }

  /**
   * Keys under `directory` (ending in `/`) that start with `prefix` and come after `after`, in
   * byte order. Depth-first with each directory's entries sorted by name (plus `/` for a
   * directory) yields exactly the byte order of the whole keys; a subtree entirely before `after`
   * is skipped without being read.
   */
  private async *walk(directory: string, prefix: string, after: string | undefined): AsyncGenerator<string> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(this.basePath, ...directory.split('/').filter(Boolean)), { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    const named = entries
      .filter((e) => e.isFile() || e.isDirectory())
      .map((e) => ({ key: directory + e.name + (e.isDirectory() ? '/' : ''), directory: e.isDirectory() }))
      .sort((a, b) => compareKeys(a.key, b.key));
    for (const entry of named) {
      // Only what can hold keys under the prefix: a directory on the way to it, or anything within.
      if (!entry.key.startsWith(prefix) && !(entry.directory && prefix.startsWith(entry.key))) continue;
      if (entry.directory) {
        if (after !== undefined && compareKeys(entry.key, after) < 0 && !after.startsWith(entry.key)) continue;
        yield* this.walk(entry.key, prefix, after);
      } else if (after === undefined || compareKeys(entry.key, after) > 0) {
        yield entry.key;
      }
    }
  }

  async close(): Promise<void> {}
}
