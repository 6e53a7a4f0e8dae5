// Waiting in tests for something that happens asynchronously (a notice from another replica, a
// reconnecting listener): poll, with a limit, instead of sleeping a fixed time and hoping.
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` is true; returns how long it took, or fails after `limitMs`. */
export async function within(limitMs: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await sleep(10);
  }
  return Date.now() - started;
}
