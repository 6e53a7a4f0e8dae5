// A wake-up for a polling worker: whoever learns that work is waiting (a LISTEN notice from any
// replica, the dispatcher that just created deliveries) calls notify(); the worker host then runs
// the worker's next batch at once instead of at the end of its poll interval. A notice that arrives
// while a batch runs is kept, so the batch after it starts at once; any number of notices in
// between collapse into one run. Polling stays on as the fallback for notices never received.
export class Wakeup {
  private pending = false;
  private readonly listeners = new Set<() => void>();

  notify(): void {
    this.pending = true;
    for (const listener of [...this.listeners]) listener();
  }

  /** True when a notice arrived since the last call (and clears it). */
  take(): boolean {
    const was = this.pending;
    this.pending = false;
    return was;
  }

  /** Calls `listener` on every notice until the returned function is called. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
