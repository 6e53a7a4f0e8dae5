// Where the embedded cluster lives. Normally where it was asked to (<data directory>/postgres). As
// root, PostgreSQL runs as the postgres OS user, which must own the cluster directory and be able
// to enter every directory above it; a data directory under /root (mode 0700) or a `mktemp -d`
// directory (0700) does not allow that, and loosening the user's private directories is not ours to
// do. The cluster then lives under /var/lib/verso/postgres instead, in a directory named after the
// data directory's path and its cluster password: the same data directory finds its cluster again
// at every start, and a data directory deleted and made anew (new password) gets a new cluster
// rather than one it cannot log in to.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureRootOnlyDirectory, firstUnreachableDirectory, type OsUser } from './embedded-os-user.js';
import { isAlive } from './process-liveness.js';

export const RELOCATED_CLUSTERS = '/var/lib/verso/postgres';

function digest(text: string, length: number): string {
  return crypto.createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** A cluster whose postmaster is running (its pid file names a live process). */
function inUse(clusterDir: string): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid);
  } catch {
    return false;
  }
}

/** Creates the cluster directory (if missing) for `user` alone, as initdb wants it. */
function ownFor(clusterDir: string, user: OsUser): void {
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(clusterDir);
  if (stat.uid !== user.uid || stat.gid !== user.gid) fs.chownSync(clusterDir, user.uid, user.gid);
  if ((stat.mode & 0o777) !== 0o700 && !fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) fs.chmodSync(clusterDir, 0o700);
}

/**
 * The directory the cluster for `requested` lives in, created and owned by `user` (undefined: we
 * run PostgreSQL as ourselves and `requested` is used as it is).
 */
export function clusterDirectory(requested: string, user: OsUser | undefined, password: string, log: (m: string) => void): string {
  if (!user) return requested;
  const blocked = firstUnreachableDirectory(path.dirname(requested), user);
  if (!blocked) {
    ownFor(requested, user);
    return requested;
  }
  const fix =
    `let it through (chmod o+x ${blocked}), or set Data__Directory to a directory whose every parent it can enter, ` +
    `or run Verso as a user other than root`;
  if (fs.existsSync(path.join(requested, 'PG_VERSION'))) {
    throw new Error(`${requested} holds a cluster, but the OS user ${user.name}, which PostgreSQL runs as, cannot enter ${blocked}; ${fix}`);
  }
  const pathKey = digest(path.resolve(requested), 16);
  const name = `${pathKey}-${digest(`verso cluster\0${password}`, 12)}`;
  try {
    ensureRootOnlyDirectory(RELOCATED_CLUSTERS);
    const unreachable = firstUnreachableDirectory(RELOCATED_CLUSTERS, user);
    if (unreachable) throw new Error(`the OS user ${user.name} cannot enter ${unreachable}`);
  } catch (err) {
    throw new Error(`the OS user ${user.name}, which PostgreSQL runs as, cannot enter ${blocked}, and ${RELOCATED_CLUSTERS} cannot hold the cluster instead (${(err as Error).message}); ${fix}`, {
      cause: err,
    });
  }
  // Clusters of earlier data directories at this same path: their password is gone with them.
  for (const other of fs.readdirSync(RELOCATED_CLUSTERS)) {
    const dir = path.join(RELOCATED_CLUSTERS, other);
    if (other.startsWith(`${pathKey}-`) && other !== name && !inUse(dir)) {
      log(`removing ${dir}, the cluster of an earlier data directory at ${path.resolve(requested)}`);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const clusterDir = path.join(RELOCATED_CLUSTERS, name);
  ownFor(clusterDir, user);
  log(`the OS user ${user.name}, which PostgreSQL runs as, cannot enter ${blocked}; the cluster for ${requested} lives in ${clusterDir}`);
  return clusterDir;
}
