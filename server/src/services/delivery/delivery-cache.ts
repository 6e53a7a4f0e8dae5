// Delivery reads (the content list and by-slug) kept in process as finished response bodies, so a
// site's repeated reads skip the database and the serialisation (bench/content.ts: a resolved page
// of 100 costs ~3.5 ms of CPU uncached; served from here, a small fraction of that).
//
// A cached body is exactly what the database would answer now, by these rules:
// - Data changes: every committed write to what these reads are built from bumps the workspace's
//   mark, on this replica before the write's response is sent (`invalidate`, from the HTTP layer
//   after any successful write under a workspace) and on every replica through LISTEN/NOTIFY
//   (triggers of migration 0007, db/delivery-notices.ts), which also covers writers outside the
//   HTTP path (the scheduler, SQL). An entry is used only when it was read after the last mark.
// - Time: a read at "now" (no `asOf`) changes when an effective window of a published version in
//   the workspace opens or closes. Such an entry lives until the workspace's next window boundary,
//   so a scheduled window takes effect to the millisecond without any write.
// - A read that was in flight across a mark is not stored (it may predate the change); concurrent
//   misses for one key after the same mark share one computation.
// - While the listener is down notices can be missed: nothing is served from or stored in the
//   cache until it listens again, and it starts empty then. Delivery__CacheSeconds bounds every
//   entry's life as the backstop for a change that somehow went unannounced; 0 turns the cache off.
// - Bounded by bytes and entries (least recently used leave first). Only 200 answers are kept;
//   authorization runs before this, and the bodies do not depend on who asks.

/** How a response was produced, sent as X-Verso-Cache. */
export type CacheState = 'hit' | 'miss' | 'bypass';

export interface DeliveryResponse {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
}

interface Entry extends DeliveryResponse {
  readonly workspaceId: string;
  /** The mark counter when the read began. */
  readonly readAt: number;
  readonly expiresAtMs: number;
}

interface Boundary {
  readonly readAt: number;
  /** The first window boundary after `afterMs` (Infinity when none). */
  readonly atMs: number;
  readonly afterMs: number;
}

/** The first effective-window boundary strictly after an instant, in epoch ms; null when none. */
export type BoundaryLookup = (workspaceId: string, afterIso: string) => Promise<number | null>;

export const MAX_DELIVERY_ENTRIES = 10_000;

/**
 * The one place the cache hands back the caller's type for what it stored as a Buffer: a key names
 * everything its answer depends on, the operation included (handlers/delivery-read.ts), so whatever
 * filled the key (or is filling it) produced the same kind of response as the reader asks for.
 */
function answerOf<R extends DeliveryResponse>(stored: DeliveryResponse): R {
  return stored as R;
}

export class DeliveryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<DeliveryResponse>>();
  private readonly boundaries = new Map<string, Promise<Boundary>>();
  /** Workspace → the mark of its last change. */
  private readonly changed = new Map<string, number>();
  private marks = 0;
  /** The mark of the last change to every workspace (a '*' notice, the listener coming back). */
  private allChanged = 0;
  private bytes = 0;
  private listening = false;
  /** Reads that went to the database (tests and diagnostics). */
  misses = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes: number,
    private readonly nextBoundary: BoundaryLookup,
    private readonly now: () => number = Date.now,
  ) {}

  get active(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  setListening(on: boolean): void {
    this.listening = on;
    this.invalidate('*');
  }

  /** A change to `workspaceId` ('*': to any) has committed. */
  invalidate(workspace: string): void {
    const workspaceId = workspace.toLowerCase(); // ids arrive as typed in a path and as PostgreSQL prints them
    this.marks += 1;
    if (workspaceId === '*') {
      this.allChanged = this.marks;
      this.changed.clear();
      this.entries.clear();
      this.boundaries.clear();
      this.bytes = 0;
      return;
    }
    this.changed.set(workspaceId, this.marks);
    this.boundaries.delete(workspaceId);
    // The workspace's entries are now unusable; they leave as the LRU reaches them or on their next
    // lookup, rather than by a scan of every entry on each write.
  }

  /**
   * The response for `key` in `workspaceId`: from the cache when still exact, else from `compute`.
   * `atNow` says the read resolves at the current time (no explicit `asOf`), so its life also ends
   * at the next window boundary. `R` is the caller's narrower response (handlers/delivery-read.ts:
   * the schema's SerializedJson body and the status's required headers); the cache keeps Buffers.
   */
  async read<R extends DeliveryResponse>(
    workspace: string,
    key: string,
    atNow: boolean,
    compute: () => Promise<R>,
  ): Promise<{ response: R; state: CacheState }> {
    if (!this.active) return { response: await compute(), state: 'bypass' };
    const workspaceId = workspace.toLowerCase();
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry) {
      if (this.isCurrent(entry.workspaceId, entry.readAt) && now < entry.expiresAtMs) {
        this.entries.delete(key); // re-inserted last: the Map's order is the LRU order
        this.entries.set(key, entry);
        return { response: answerOf<R>(entry), state: 'hit' };
      }
      this.drop(key, entry);
    }
    const readAt = this.marks;
    const flight = `${readAt}\u0000${key}`;
    let pending = this.inFlight.get(flight);
    if (!pending) {
      pending = this.fill(workspaceId, key, atNow, readAt, now, compute).finally(() => this.inFlight.delete(flight));
      this.inFlight.set(flight, pending);
    }
    return { response: answerOf<R>(await pending), state: 'miss' };
  }

  private async fill(
    workspaceId: string,
    key: string,
    atNow: boolean,
    readAt: number,
    now: number,
    compute: () => Promise<DeliveryResponse>,
  ): Promise<DeliveryResponse> {
    this.misses += 1;
    const [response, boundaryMs] = await Promise.all([compute(), atNow ? this.boundaryAfter(workspaceId, readAt, now) : Infinity]);
    const size = response.body.length + key.length * 2;
    // Stored only if nothing changed meanwhile, and never one entry taking over the budget.
    if (this.active && this.isCurrent(workspaceId, readAt) && size <= this.maxBytes / 4) {
      const old = this.entries.get(key);
      if (old) this.drop(key, old);
      this.entries.set(key, { ...response, workspaceId, readAt, expiresAtMs: Math.min(now + this.ttlMs, boundaryMs) });
      this.bytes += size;
      this.trim();
    }
    return response;
  }

  /** The workspace's next window boundary after `now`, looked up once per change and boundary. */
  private async boundaryAfter(workspaceId: string, readAt: number, now: number): Promise<number> {
    const known = this.boundaries.get(workspaceId);
    if (known) {
      const b = await known.catch(() => null);
      if (b && this.isCurrent(workspaceId, b.readAt) && b.afterMs <= now && now < b.atMs) return b.atMs;
    }
    const lookup = this.nextBoundary(workspaceId, new Date(now).toISOString()).then((at) => ({ readAt, atMs: at ?? Infinity, afterMs: now }));
    if (this.isCurrent(workspaceId, readAt)) this.boundaries.set(workspaceId, lookup);
    lookup.catch(() => this.boundaries.get(workspaceId) === lookup && this.boundaries.delete(workspaceId));
    return (await lookup).atMs;
  }

  private isCurrent(workspaceId: string, readAt: number): boolean {
    return readAt >= this.allChanged && readAt >= (this.changed.get(workspaceId) ?? 0);
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length + key.length * 2;
  }

  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= MAX_DELIVERY_ENTRIES) return;
      this.drop(key, entry);
    }
  }
}
