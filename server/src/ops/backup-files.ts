// Reading a backup directory without trusting it further than its manifest (README: Backup and
// restore). A crafted backup must not make a restore read anything else on the host: its own
// environment, the keyring, /dev/zero or a FIFO that never ends. So a file is read only
//   - by a relative path of plain segments (no `..`, no absolute path, no NUL or backslash),
//   - through directories that are real directories, not symbolic links,
//   - when it is a regular file itself (opened with O_NOFOLLOW | O_NONBLOCK, then checked with
//     fstat on the open descriptor, so a link or FIFO swapped in after a check is refused too),
//   - and, for the files the manifest lists, only up to its recorded size and with its SHA-256.
// checkBackupTree refuses any link, device, FIFO or socket anywhere in the backup, listed or not:
// `make backup` never writes one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

/** A backup that cannot be restored safely as it is; the message says why, in plain words. */
export class UnsafeBackup extends Error {
  override name = 'UnsafeBackup';
}

export interface Expected {
  readonly sha256: string;
  /** Unknown for the table files of format-1 backups: then only the digest binds the content. */
  readonly bytes?: number;
}

function kindOf(stat: fs.Stats): string {
  if (stat.isSymbolicLink()) return 'a symbolic link';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  if (stat.isDirectory()) return 'a directory';
  return 'not a regular file';
}

/** The path of `rel` inside `root`, each directory on the way checked to be a real directory. */
function pathInside(root: string, rel: string): string {
  const parts = rel.split('/');
  if (rel.length === 0 || rel.includes('\\') || rel.includes('\0') || path.isAbsolute(rel) || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new UnsafeBackup(`${JSON.stringify(rel)} is not a path inside the backup`);
  }
  let at = root;
  for (const part of parts.slice(0, -1)) {
    at = path.join(at, part);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(at);
    } catch {
      throw new UnsafeBackup(`${rel} is missing from the backup`);
    }
    if (!stat.isDirectory()) throw new UnsafeBackup(`${path.relative(root, at)} in the backup is ${kindOf(stat)}, not a directory: refused`);
  }
  return path.join(at, parts.at(-1)!);
}

/** Opens `rel` for reading if it is a regular file inside the backup (see the top). */
function openRegular(root: string, rel: string): { fd: number; size: number } {
  const file = pathInside(root, rel);
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK | fs.constants.O_NOCTTY);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UnsafeBackup(`${rel} is missing from the backup`);
    if (code === 'ELOOP' || code === 'EMLINK') throw new UnsafeBackup(`${rel} in the backup is a symbolic link: refused`);
    throw new UnsafeBackup(`${rel} in the backup cannot be opened (${code ?? (err as Error).message})`);
  }
  const stat = fs.fstatSync(fd);
  if (!stat.isFile()) {
    fs.closeSync(fd);
    throw new UnsafeBackup(`${rel} in the backup is ${kindOf(stat)}: only regular files are restored`);
  }
  return { fd, size: stat.size };
}

function sizeProblem(rel: string, size: number, expected: Expected): UnsafeBackup | null {
  if (expected.bytes === undefined || size === expected.bytes) return null;
  return new UnsafeBackup(`${rel} has ${size} bytes, the manifest says ${expected.bytes}: the backup is damaged or was altered`);
}

/** A whole small file (the manifest), at most `maxBytes`. */
export function readBackupFile(root: string, rel: string, maxBytes: number): Buffer {
  const { fd, size } = openRegular(root, rel);
  try {
    if (size > maxBytes) throw new UnsafeBackup(`${rel} has ${size} bytes, more than a backup's ${rel} can have`);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** A checker that passes the bytes on and fails the stream when they exceed or differ from `expected`. */
function checking(rel: string, expected: Expected): Transform {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (expected.bytes !== undefined && bytes > expected.bytes) return done(sizeProblem(rel, bytes, expected));
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      const wrongSize = sizeProblem(rel, bytes, expected);
      if (wrongSize) return done(wrongSize);
      if (hash.digest('hex') !== expected.sha256) return done(new UnsafeBackup(`${rel} does not match the manifest (SHA-256): the backup is damaged or was altered`));
      done();
    },
  });
}

/**
 * The file's bytes, failing (with UnsafeBackup) before the end when it is larger than recorded, and
 * at the end when its size or digest is not the manifest's; opening it is checked at once.
 */
export function backupFileStream(root: string, rel: string, expected: Expected): Readable {
  const { fd, size } = openRegular(root, rel);
  const wrongSize = sizeProblem(rel, size, expected);
  if (wrongSize) {
    fs.closeSync(fd);
    throw wrongSize;
  }
  const file = fs.createReadStream('', { fd, autoClose: true });
  const check = checking(rel, expected);
  file.on('error', (err) => check.destroy(err));
  return file.pipe(check);
}

/** Reads the file to its end and checks it against the manifest (see backupFileStream). */
export async function verifyBackupFile(root: string, rel: string, expected: Expected): Promise<void> {
  const bytes = backupFileStream(root, rel, expected);
  bytes.resume();
  await finished(bytes);
}

/**
 * Refuses a backup holding anything but directories and regular files (a symbolic link, device,
 * FIFO or socket, listed in the manifest or not): `make backup` writes none, so one is a sign of
 * a crafted backup.
 */
export function checkBackupTree(root: string): void {
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.isFile()) throw new UnsafeBackup(`${path.relative(root, full)} in the backup is ${kindOf(fs.lstatSync(full))}: a backup holds only directories and regular files, refused`);
    }
  };
  walk(root);
}
