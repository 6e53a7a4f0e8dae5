// One fixed one-minute window of counters (spec: Limits; upstream's fixed-window limiter), kept in
// this replica's memory. Windows are aligned to the clock's minutes, so every key's window ends at
// the same instant and the whole map is dropped then, instead of expiring keys one by one.
//
// Memory bound: at most `maxKeys` keys per window. A caller rotating through more addresses than
// that within one minute pushes the oldest keys out (Map keeps insertion order); those keys start
// again at zero, which costs the attacker its own budget, never another client's.

export interface WindowCount {
  /** This request's number within the window (1 for the first). */
  readonly count: number;
  /** Milliseconds until the window ends. */
  readonly resetMs: number;
}

export const WINDOW_MS = 60_000;

export class FixedWindowCounter {
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(private readonly maxKeys: number) {}

  /** Counts one request of `key` and tells where it stands. */
  hit(key: string, now: number): WindowCount {
    const start = now - (now % WINDOW_MS);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count === 1 && this.counts.size >= this.maxKeys) {
      const oldest = this.counts.keys().next();
      if (!oldest.done) this.counts.delete(oldest.value);
    }
    this.counts.set(key, count);
    return { count, resetMs: start + WINDOW_MS - now };
  }

  get size(): number {
    return this.counts.size;
  }
}
