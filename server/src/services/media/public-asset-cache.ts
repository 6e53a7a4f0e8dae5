// The public media route's one query (db/media/public-assets.ts) kept in process for a few seconds,
// so a site's warm rendition costs no database round trip (bench/images.ts).
//
// It stays exact by the delivery cache's rules (services/delivery/delivery-cache.ts), on the same
// notices: every change that can make a public URL 404 — an asset deleted, no longer Available or
// with new content, and a workspace turning public media off (migration 0020's triggers) — is
// announced on the delivery channel to every replica, and ends the cached rows of its workspace.
// The writer's replica waits for its own barrier before answering the write (http/openapi-router.ts,
// catchUp), so its next request already sees the change; other replicas, as soon as the notice
// reaches them. While the listener is down nothing is served from here and nothing is kept (a
// notice may be missed), and the seconds bound every row's life as the backstop.
// Only rows found are kept: a 404 asks again, so an asset that becomes public is served at once.
// A workspace deleted is not on the delivery channel; the route asks the credential cache
// (invalidated on its own channel) whether the workspace still exists, on every request.
import type { DeliveryChange } from '../../db/delivery/delivery-notices.js';
import type { PublicAssetRow } from '../../db/media/public-assets.js';

interface Entry {
  readonly row: PublicAssetRow;
  readonly workspaceId: string;
  readonly expiresAtMs: number;
}

/** At most this many rows: a flood of distinct assets cannot grow the process. */
const MAX_ENTRIES = 10_000;

export class PublicAssetCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Counts changes, so a lookup that raced one does not store what it read before it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  /** The asset served publicly right now: from here when known, else from `load` (and kept). */
  async find(workspaceId: string, assetId: string, load: () => Promise<PublicAssetRow | null>): Promise<PublicAssetRow | null> {
    if (!this.enabled) return load();
    const key = `${workspaceId.toLowerCase()}/${assetId.toLowerCase()}`;
    const hit = this.entries.get(key);
    if (hit && hit.expiresAtMs > this.now()) return hit.row;
    if (hit) this.entries.delete(key);
    const before = this.generation;
    const row = await load();
    if (row && this.enabled && before === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { row, workspaceId: workspaceId.toLowerCase(), expiresAtMs: this.now() + this.ttlMs });
    }
    return row;
  }

  /** The notice listener's state (server.ts): off forgets everything and serves nothing from here. */
  setListening(on: boolean): void {
    this.listening = on;
    this.forget('*');
  }

  /** A notice from the delivery channel (db/delivery/delivery-notices.ts). */
  apply(change: DeliveryChange): void {
    if (change.kind === 'barrier') return;
    this.forget(change.kind === 'all' ? '*' : change.workspaceId);
  }

  private forget(workspace: string): void {
    this.generation += 1;
    if (workspace === '*') {
      this.entries.clear();
      return;
    }
    const workspaceId = workspace.toLowerCase();
    for (const [key, entry] of this.entries) if (entry.workspaceId === workspaceId) this.entries.delete(key);
  }
}
