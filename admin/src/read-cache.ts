// Short-lived caches of API reads the admin makes on nearly every page. A page costs the sum of its
// API round trips; with 16 editors at work the same few answers (the user's workspace list, a
// workspace's templates and tags for the filters, a published template version) were asked for
// again on every click. Each cache:
// - shares one in-flight read between concurrent misses, and never keeps a failed one;
// - is bounded (oldest entry out first) and keyed by the API origin too (tests run several admins
//   in one process, each in front of its own API);
// - keeps entries for a time-to-live (0 turns it off), or, for answers the API never changes
//   (a published template version, a picklist revision), until they are pushed out; Home's caches
//   serve an expired answer while one refresh runs behind it (staleWhileRefresh);
// - is emptied after every write made through the admin (app.ts), so a user's own change shows on
//   the next page; changes made elsewhere show within the time-to-live.
// What is shared between users is only ever shown after that user's own fresh call proved access
// (see each caller); per-user answers are keyed by a digest of the user's token.
import crypto from 'node:crypto';

/** Every cache below, so a write through the admin can make them all forget (see app.ts). */
const all = new Set<ReadCache<unknown>>();

interface Entry<V> {
  at: number;
  value: Promise<V>;
  /** The load has answered (a pending one is shared, never served as stale). */
  settled: boolean;
  /** A refresh of this entry is running (stale-while-refresh caches: at most one per entry). */
  refreshing: boolean;
}

export interface ReadCacheOptions {
  /**
   * Past its time-to-live, an answer up to 3 × ttl old is still served once while one refresh runs
   * behind it, so a page never waits for an expiry (Home: every section and count of every
   * workspace expires every few seconds, and the render that met an expiry waited for the API).
   * Older answers, failed or pending ones, and everything after a write are loaded as usual.
   */
  readonly staleWhileRefresh?: boolean;
}

export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Moves on at every clear(): a refresh started before a write must not bring its answer back. */
  private generation = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly options: ReadCacheOptions = {},
  ) {
    all.add(this as ReadCache<unknown>);
  }

  /**
   * The answer kept for `key` if younger than `ttlMs` (Infinity: an answer that never changes; 0:
   * no cache), else `load()`'s, then kept. `now` is injectable for tests.
   */
  get(key: string, ttlMs: number, load: () => Promise<V>, now = Date.now()): Promise<V> {
    if (ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    if (hit && this.options.staleWhileRefresh && hit.settled && now - hit.at < 3 * ttlMs) {
      if (!hit.refreshing) this.refresh(key, hit, load, now);
      return hit.value;
    }
    return this.store(key, load(), now);
  }

  private store(key: string, value: Promise<V>, now: number): Promise<V> {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const entry: Entry<V> = { at: now, value, settled: false, refreshing: false };
    this.entries.set(key, entry);
    value.then(
      () => (entry.settled = true),
      () => this.entries.get(key)?.value === value && this.entries.delete(key),
    );
    return value;
  }

  /** One load behind a stale entry; its answer replaces the entry unless a write came first. */
  private refresh(key: string, hit: Entry<V>, load: () => Promise<V>, now: number): void {
    hit.refreshing = true;
    const generation = this.generation;
    load().then(
      (v) => {
        if (this.generation === generation && this.entries.get(key) === hit) this.store(key, Promise.resolve(v), now);
      },
      // A failed refresh keeps the stale answer until it is too old to serve; the next request tries again.
      () => (hit.refreshing = false),
    );
  }

  /** Forgets one entry (an answer that turned out not to be worth keeping). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every entry. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/**
 * Forgets what every cache keeps: called after each write the admin makes, so what a user just
 * changed here shows on the next page (changes made elsewhere show within the time-to-live).
 */
export function forgetCachedReads(): void {
  for (const cache of all) cache.clear();
}

/** A key part that names a user's session without keeping its token. */
export function tokenKey(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url').slice(0, 22);
}
