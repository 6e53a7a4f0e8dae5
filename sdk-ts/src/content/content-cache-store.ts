// Where the content cache keeps its entries: an async key-value interface small enough to put in
// front of Redis, Memcached, a KV namespace or a Map, and the default in-memory store.

/** One stored value and the instant (epoch ms) after which it must not be served. */
export interface ContentCacheEntry {
  /** JSON-safe (a parsed API response, or an invalidation marker's number). */
  readonly value: unknown;
  readonly expiresAt: number;
}

/**
 * The store the content cache writes to. Methods may throw or reject: a read then goes to the API
 * (fail open), see createContentCache. A store shared by several processes shares invalidations too.
 */
export interface ContentCacheStore {
  /** The entry under `key`, or undefined (a store may also return an expired one; the cache checks). */
  get(key: string): Promise<ContentCacheEntry | undefined>;
  /** Stores `entry`; a store with its own expiry (Redis PX) should use `entry.expiresAt`. */
  set(key: string, entry: ContentCacheEntry): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface MemoryContentCacheStoreOptions {
  /** At most this many keys (default 10,000); see MemoryContentCacheStore for what goes first. */
  maxEntries?: number;
  /** Wall clock in ms (default Date.now). */
  now?: () => number;
}

/**
 * A bounded in-process store. When full it drops expired entries first, then the entries that
 * expire soonest: invalidation markers live longest (30 days), so they are the last to go and a
 * full cache forgets cached content before it forgets that content was invalidated.
 */
export class MemoryContentCacheStore implements ContentCacheStore {
  readonly #entries = new Map<string, ContentCacheEntry>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: MemoryContentCacheStoreOptions = {}) {
    const max = options.maxEntries ?? 10_000;
    if (!Number.isInteger(max) || max < 1) throw new RangeError('maxEntries must be a positive integer.');
    this.#maxEntries = max;
    this.#now = options.now ?? Date.now;
  }

  /** How many keys are held now (expired ones not yet swept included). */
  get size(): number {
    return this.#entries.size;
  }

  async get(key: string): Promise<ContentCacheEntry | undefined> {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async set(key: string, entry: ContentCacheEntry): Promise<void> {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#maxEntries) this.#evict();
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  /** Makes room for a tenth of the bound at once, so eviction's sort is paid rarely. */
  #evict(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
    const excess = this.#entries.size - this.#maxEntries;
    if (excess <= 0) return;
    const drop = Math.max(excess, Math.ceil(this.#maxEntries / 10));
    const soonest = [...this.#entries].sort((a, b) => a[1].expiresAt - b[1].expiresAt).slice(0, drop);
    for (const [key] of soonest) this.#entries.delete(key);
  }
}
