// Whether a process we did not start (a postmaster named in a pid file, a builder named in a
// temporary directory's name) is still running.

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false; // ESRCH, or EPERM: not ours, so not a postmaster of this data directory either
  }
}

export async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}
