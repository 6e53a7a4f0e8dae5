// Delivery reads (the content list and by-slug) kept in process as finished response bodies, so a
// site's repeated reads skip the database and the serialisation (bench/content.ts: a resolved page
// of 100 costs ~3.5 ms of CPU uncached; served from here, a small fraction of that).
//
// A cached body is exactly what the database would answer now, by these rules:
// - Data changes end only what they can alter. A by-slug entry depends on the item it serves (and,
//   through the notices, on everything that item embeds); a list entry on every item of its
//   workspace. Triggers (migrations 0007, 0016; db/delivery/delivery-notices.ts) announce each
//   committed change over LISTEN/NOTIFY to every replica, naming the changed items together with
//   the items embedding them (reverse composition to the expansion depth, one recursive query in
//   the writer's transaction), or the whole workspace for template and tag changes and for changes
//   too wide for one notice. After its own writes a replica waits for a barrier notice of its own
//   (`catchUp`, from the HTTP layer) before answering: notices arrive in commit order, so the
//   writer's next read already sees its change.
// - Time: a read at "now" (no `asOf`) changes when an effective window of a published version
//   opens or closes. Each workspace knows its next window boundary; the first read at or after it
//   ends the entries of the items whose window moved (and of the items embedding them, and the
//   workspace's lists) before it is answered, so a scheduled window takes effect to the
//   millisecond without any write, and without emptying the rest of the workspace.
// - Generations: every change takes the next mark, and each item, list and workspace remembers the
//   mark of its last change. A read remembers the mark when it began and is stored only if nothing
//   it depends on changed since, so a read that was in flight across a change never fills the
//   cache with what it saw before it. Concurrent misses for one key share one computation; one who
//   joined it after a change to what it depends on reads again itself. Readers never wait for a
//   writer: reads take no locks, and a refill reads committed data.
// - While the listener is down notices can be missed: nothing is served from or stored in the
//   cache until it listens again, and it starts empty then. Delivery__CacheSeconds bounds every
//   entry's life as the backstop for a change that somehow went unannounced; 0 turns the cache off.
// - Bounded by bytes and entries (least recently used leave first). Only 200 answers are kept;
//   authorization runs before this, and the bodies do not depend on who asks.
import { randomUUID } from 'node:crypto';
import type { DeliveryChange } from '../../db/delivery/delivery-notices.js';

/** A write's barrier notice: its token, whether the write sent it, and its arrival here. */
export interface OpenBarrier {
  readonly token: string;
  sent: boolean;
  readonly arrived: Promise<boolean>;
}

/** How a response was produced, sent as X-Verso-Cache. */
export type CacheState = 'hit' | 'miss' | 'bypass';

export interface DeliveryResponse {
  /** The answer's bytes (handlers/delivery-read.ts keeps them in each coding made): only their size matters here. */
  readonly body: { readonly length: number };
  readonly headers: Readonly<Record<string, string>>;
}

/** A computed answer and what it depends on: the item a by-slug read served, null for a list. */
export interface DeliveryComputation<R extends DeliveryResponse> {
  readonly response: R;
  readonly itemId: string | null;
}

/** What the cache asks the database (server.ts wires db/delivery/*). */
export interface DeliveryLookups {
  /** The first effective-window boundary strictly after an instant, in epoch ms; null when none. */
  nextBoundary(workspaceId: string, afterIso: string): Promise<number | null>;
  /** The items whose window opens or closes in (from, to], with those embedding them; null: too many. */
  movedItems(workspaceId: string, fromIso: string, toIso: string): Promise<readonly string[] | null>;
  /** Sends a barrier notice carrying `token` to every listener, this one included. */
  sendBarrier(token: string): Promise<void>;
}

interface Entry extends DeliveryResponse {
  readonly tags: readonly string[];
  readonly size: number;
  readonly expiresAtMs: number;
}

interface Flight {
  /** The mark when the read began. */
  readonly readAt: number;
  /** What the key's last answer depended on (its item or the lists), or its workspace's `any` tag. */
  readonly expected: string;
  readonly done: Promise<{ response: DeliveryResponse; tags: readonly string[] }>;
}

/** A workspace's window bookkeeping: boundaries up to `sweptMs` have been applied. */
interface Windows {
  sweptMs: number;
  /** The next boundary after sweptMs; null: unknown (a change may have added an earlier one). */
  nextMs: number | null;
  /** Counts changes, so a lookup that raced one is not trusted. */
  version: number;
  task: Promise<void> | null;
}

export const MAX_DELIVERY_ENTRIES = 10_000;
/** How long a write waits for its own barrier notice before it ends its whole workspace instead. */
export const BARRIER_TIMEOUT_MS = 2_000;
const MAX_TAG_MARKS = 50_000;

const itemTag = (id: string) => `i:${id.toLowerCase()}`;
const listTag = (ws: string) => `l:${ws}`;
const workspaceTag = (ws: string) => `w:${ws}`;
/** Marked by every change in a workspace: what a read whose dependency is not known yet must check. */
const anyTag = (ws: string) => `a:${ws}`;
const iso = (ms: number) => new Date(ms).toISOString();

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
  private readonly byTag = new Map<string, Set<string>>();
  /** Tag → the mark of its last change (kept while a read that began before it may be in flight). */
  private readonly tagMarks = new Map<string, number>();
  private readonly inFlight = new Map<string, Flight>();
  /** Key → the item (or list) tag its last answer depended on, remembered beyond the entry's life. */
  private readonly knownDependency = new Map<string, string>();
  private readonly windows = new Map<string, Windows>();
  private readonly barriers = new Map<string, () => void>();
  private readonly barrierPrefix = randomUUID();
  private barrierCount = 0;
  private marks = 0;
  /** The mark of the last change to everything (a '*' notice, the listener coming and going). */
  private allChanged = 0;
  private bytes = 0;
  private listening = false;
  /** Reads answered from memory, and reads that went to the database (tests and diagnostics). */
  hits = 0;
  misses = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes: number,
    private readonly lookups: DeliveryLookups,
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
    // Nothing is served while off, and everything is forgotten when back: no write need wait.
    if (!on) for (const arrived of this.barriers.values()) arrived();
  }

  /** A notice from the channel (db/delivery/delivery-notices.ts). */
  apply(change: DeliveryChange): void {
    if (change.kind === 'barrier') this.barriers.get(change.token)?.();
    else if (change.kind === 'items') this.invalidateItems(change.workspaceId, change.itemIds);
    else this.invalidate(change.kind === 'all' ? '*' : change.workspaceId);
  }

  /** Everything in `workspaceId` ('*': in every workspace) may have changed. */
  invalidate(workspace: string): void {
    const workspaceId = workspace.toLowerCase(); // ids arrive as typed in a path and as PostgreSQL prints them
    const mark = ++this.marks;
    if (workspaceId === '*') {
      this.allChanged = mark;
      this.entries.clear();
      this.byTag.clear();
      this.tagMarks.clear();
      this.knownDependency.clear();
      this.windows.clear();
      this.bytes = 0;
      return;
    }
    this.end(workspaceTag(workspaceId), mark);
    this.tagMarks.set(anyTag(workspaceId), mark);
    this.windowsChanged(workspaceId);
  }

  /** These items of `workspaceId` changed (their embedders are named too): their entries and the lists end. */
  invalidateItems(workspace: string, itemIds: readonly string[]): void {
    const workspaceId = workspace.toLowerCase();
    const mark = ++this.marks;
    for (const id of itemIds) this.end(itemTag(id), mark);
    this.end(listTag(workspaceId), mark);
    this.tagMarks.set(anyTag(workspaceId), mark);
    this.windowsChanged(workspaceId);
  }

  /**
   * Opens a write's barrier (null while the cache is not in use): its waiter is registered now, so
   * the notice cannot arrive unseen. A write may send it inside its own transaction, after its
   * changes (`barrierNotice`, e.g. the publish): the notices of one transaction arrive in the order
   * sent, so when it arrives the write's own notices have been applied. catchUp sends it otherwise,
   * and closes it either way; a write that fails closes it with closeBarrier.
   */
  openBarrier(): OpenBarrier | null {
    if (!this.active) return null;
    const token = `${this.barrierPrefix}.${++this.barrierCount}`;
    const arrived = new Promise<boolean>((resolve) => this.barriers.set(token, () => resolve(true)));
    return { token, sent: false, arrived };
  }

  closeBarrier(barrier: OpenBarrier | null): void {
    if (barrier) this.barriers.delete(barrier.token);
  }

  /**
   * Resolves once every change this process committed before the call has been applied here, so
   * its next read cannot be answered from before it. Falls back to ending the workspace when its
   * own barrier notice does not come back in time.
   */
  async catchUp(workspace: string, barrier: OpenBarrier | null = this.openBarrier()): Promise<void> {
    if (!barrier) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
    });
    try {
      if (!barrier.sent) await this.lookups.sendBarrier(barrier.token);
      if (await Promise.race([barrier.arrived, late])) return;
    } catch {
      // The fallback below is exact; only the workspace's other entries pay for it.
    } finally {
      clearTimeout(timer);
      this.closeBarrier(barrier);
    }
    this.invalidate(workspace);
  }

  /**
   * The response for `key` in `workspaceId`: from the cache when still exact, else from `compute`.
   * `atNow` says the read resolves at the current time (no explicit `asOf`), so window boundaries
   * passed since are applied first. `R` is the caller's narrower response (handlers/delivery-read.ts:
   * the schema's coded JSON body and the status's required headers); the cache keeps bytes.
   */
  async read<R extends DeliveryResponse>(
    workspace: string,
    key: string,
    atNow: boolean,
    compute: () => Promise<DeliveryComputation<R>>,
  ): Promise<{ response: R; state: CacheState }> {
    if (!this.active) return { response: (await compute()).response, state: 'bypass' };
    const workspaceId = workspace.toLowerCase();
    if (atNow) {
      for (let pending = this.windowsAt(workspaceId); pending; pending = this.windowsAt(workspaceId)) await pending;
    }
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now < entry.expiresAtMs) {
      this.entries.delete(key); // re-inserted last: the Map's order is the LRU order
      this.entries.set(key, entry);
      this.hits += 1;
      return { response: answerOf<R>(entry), state: 'hit' };
    }
    if (entry) this.drop(key, entry);
    return this.readThrough(workspaceId, key, now, compute);
  }

  /**
   * The cached answer for `key` when there is an exact one (as `read` would serve it), else null
   * without reading anything: a conditional request compares its tag with it, and on null computes
   * the tag itself before deciding to read (handlers/delivery-read.ts).
   */
  async cached<R extends DeliveryResponse>(workspace: string, key: string, atNow: boolean): Promise<R | null> {
    if (!this.active) return null;
    const workspaceId = workspace.toLowerCase();
    if (atNow) {
      for (let pending = this.windowsAt(workspaceId); pending; pending = this.windowsAt(workspaceId)) await pending;
    }
    const entry = this.entries.get(key);
    if (!entry || this.now() >= entry.expiresAtMs) return null;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return answerOf<R>(entry);
  }

  private async readThrough<R extends DeliveryResponse>(
    workspaceId: string,
    key: string,
    now: number,
    compute: () => Promise<DeliveryComputation<R>>,
  ): Promise<{ response: R; state: CacheState }> {
    const joinedAt = this.marks;
    let flight = this.inFlight.get(key);
    // Join a read in flight only if nothing it is expected to depend on changed since it began.
    if (!flight || this.changedSince([workspaceTag(workspaceId), flight.expected], flight.readAt)) {
      flight = this.start(workspaceId, key, now, compute);
    }
    let result = await flight.done;
    // Joined a read that began before a change to what it turned out to depend on: read again.
    if (joinedAt > flight.readAt && this.changedSince(result.tags, flight.readAt)) {
      result = await this.start(workspaceId, key, this.now(), compute).done;
    }
    return { response: answerOf<R>(result.response), state: 'miss' };
  }

  private start(workspaceId: string, key: string, now: number, compute: () => Promise<DeliveryComputation<DeliveryResponse>>): Flight {
    const expected = this.knownDependency.get(key) ?? anyTag(workspaceId);
    const flight: Flight = { readAt: this.marks, expected, done: this.fill(workspaceId, key, now, compute) };
    this.inFlight.set(key, flight);
    const settled = () => {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    };
    flight.done.then(settled, settled);
    return flight;
  }

  private async fill(
    workspaceId: string,
    key: string,
    now: number,
    compute: () => Promise<DeliveryComputation<DeliveryResponse>>,
  ): Promise<{ response: DeliveryResponse; tags: readonly string[] }> {
    const readAt = this.marks;
    this.misses += 1;
    const { response, itemId } = await compute();
    const dependency = itemId ? itemTag(itemId) : listTag(workspaceId);
    const tags = [workspaceTag(workspaceId), dependency];
    this.knownDependency.delete(key); // re-inserted last: the oldest leave first
    this.knownDependency.set(key, dependency);
    if (this.knownDependency.size > 2 * MAX_DELIVERY_ENTRIES) this.knownDependency.delete(this.knownDependency.keys().next().value!);
    const size = response.body.length + key.length * 2;
    // Stored only if nothing it depends on changed meanwhile, and never one entry taking over the budget.
    if (this.active && !this.changedSince(tags, readAt) && size <= this.maxBytes / 4) {
      const old = this.entries.get(key);
      if (old) this.drop(key, old);
      this.entries.set(key, { ...response, tags, size, expiresAtMs: now + this.ttlMs });
      for (const tag of tags) {
        let keys = this.byTag.get(tag);
        if (!keys) this.byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      this.bytes += size;
      this.trim();
    }
    return { response, tags };
  }

  /** Null when the workspace's window boundaries are applied up to now; else the work that does it. */
  private windowsAt(workspaceId: string): Promise<void> | null {
    const now = this.now();
    let w = this.windows.get(workspaceId);
    // First seen now: whatever gets cached from here on is read at or after now.
    if (!w) this.windows.set(workspaceId, (w = { sweptMs: now, nextMs: null, version: 0, task: null }));
    if (w.nextMs !== null && now < w.nextMs) return null;
    if (!w.task) {
      const windows = w;
      windows.task = this.advanceWindows(workspaceId, windows, now).finally(() => (windows.task = null));
    }
    return w.task;
  }

  /** Looks up the next boundary, and once it has passed, ends what moved in (sweptMs, now]. */
  private async advanceWindows(workspaceId: string, w: Windows, now: number): Promise<void> {
    if (w.nextMs === null) {
      const version = w.version;
      const next = await this.lookups.nextBoundary(workspaceId, iso(w.sweptMs));
      if (w.version !== version) return; // a change raced the lookup: the next read looks again
      w.nextMs = next ?? Infinity;
    }
    if (now < w.nextMs) {
      // No boundary in (sweptMs, now]: later lookups need not look behind now again.
      w.sweptMs = now;
      return;
    }
    const moved = await this.lookups.movedItems(workspaceId, iso(w.sweptMs), iso(now));
    if (moved === null) this.invalidate(workspaceId);
    else this.invalidateItems(workspaceId, moved);
    w.sweptMs = now;
    w.nextMs = null;
  }

  private windowsChanged(workspaceId: string): void {
    const w = this.windows.get(workspaceId);
    if (!w) return;
    w.version += 1;
    w.nextMs = null;
  }

  private changedSince(tags: readonly string[], readAt: number): boolean {
    return this.allChanged > readAt || tags.some((tag) => (this.tagMarks.get(tag) ?? 0) > readAt);
  }

  private end(tag: string, mark: number): void {
    this.tagMarks.set(tag, mark);
    const keys = this.byTag.get(tag);
    if (keys) {
      for (const key of [...keys]) {
        const entry = this.entries.get(key);
        if (entry) this.drop(key, entry);
      }
      this.byTag.delete(tag);
    }
    if (this.tagMarks.size > MAX_TAG_MARKS) this.forgetOldMarks();
  }

  /** A mark older than every read in flight can no longer keep anything out of the cache. */
  private forgetOldMarks(): void {
    let oldest = this.marks;
    for (const flight of this.inFlight.values()) oldest = Math.min(oldest, flight.readAt);
    for (const [tag, mark] of this.tagMarks) if (mark <= oldest) this.tagMarks.delete(tag);
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= MAX_DELIVERY_ENTRIES) return;
      this.drop(key, entry);
    }
  }
}
