// Verified credentials kept in process for a few seconds, so most authenticated requests skip the
// database (one lookup was about half the cost of a request, bench/auth.ts).
//
// Safety rules:
// - Keys are SHA-256 digests of the presented token, never the token; an entry exists only after
//   the database verified that token, so a hit proves possession exactly as a lookup would.
// - Bounded (least recently used entries leave first) and short-lived (Auth__CredentialCacheSeconds).
//   The lifetime is the backstop for a change that somehow went unannounced.
// - Every change that ends or alters a credential evicts it here before its response is sent
//   (`evict`, called by the service after commit) and on other replicas through LISTEN/NOTIFY
//   (db/credential-notices.ts, db/notice-listener.ts).
// - While the listener is down, notices may be missed: nothing is served from or stored in the
//   cache until it listens again, and it starts empty then.
// - A lookup that was in flight while an eviction happened must not store what it read (it may
//   predate the change): `put` takes the generation seen before the lookup and drops stale ones.
import type { CredentialChange } from '../../db/identity/credential-notices.js';
import type { Actor } from '../../access/actor.js';

/** Fields shared by both kinds; the authenticator owns the rest (touch bookkeeping, actor). */
export interface CachedCredential {
  readonly kind: 'session' | 'api-client' | 'preview';
  /** The user (sessions), the client (API clients) or the preview token whose changes evict this entry. */
  readonly ownerId: string;
  actor: Actor;
  /** The credential's own expiry in epoch ms (Infinity when it has none); checked on every hit. */
  expiresAtMs: number;
  /** When the next last-seen / last-used write is due, epoch ms. */
  touchAtMs: number;
  cachedUntilMs: number;
}

/** What services need: evict on this replica once their change has committed. */
export interface CredentialEvictor {
  evict(change: CredentialChange): void;
}

export const MAX_CACHED_CREDENTIALS = 10_000;
const MAX_CACHED_WORKSPACES = 1_000;

export class CredentialCache implements CredentialEvictor {
  private readonly entries = new Map<string, CachedCredential>();
  /** ownerId → digests, so a user's or client's change finds all its entries. */
  private readonly byOwner = new Map<string, Set<string>>();
  /** Live workspaces only: a missing one is looked up each time, so a new workspace is seen at once. */
  private readonly workspaces = new Map<string, number>();
  private listening = false;
  /** Bumped by every eviction; see `put`. */
  generation = 0;
  /** Lookups that went to the database (tests and diagnostics). */
  lookups = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = MAX_CACHED_CREDENTIALS,
  ) {}

  /** False when disabled by configuration or while the listener is down. */
  get active(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  /** The listener's state; either way the cache starts over. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  get(digest: string, now: number): CachedCredential | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    if (entry.cachedUntilMs <= now) {
      this.remove(digest, entry);
      return undefined;
    }
    // Re-insert to mark it most recently used (a Map iterates in insertion order).
    this.entries.delete(digest);
    this.entries.set(digest, entry);
    return entry;
  }

  /** Stores a verified credential unless an eviction happened since `generation` was read. */
  put(digest: string, entry: CachedCredential, generation: number): void {
    if (!this.active || generation !== this.generation) return;
    const old = this.entries.get(digest);
    if (old) this.remove(digest, old);
    this.entries.set(digest, entry);
    let owned = this.byOwner.get(entry.ownerId);
    if (!owned) this.byOwner.set(entry.ownerId, (owned = new Set()));
    owned.add(digest);
    if (this.entries.size > this.maxEntries) {
      const [oldest, value] = this.entries.entries().next().value!;
      this.remove(oldest, value);
    }
  }

  delete(digest: string): void {
    const entry = this.entries.get(digest);
    if (entry) this.remove(digest, entry);
  }

  async workspaceExists(id: string, load: (id: string) => Promise<boolean>): Promise<boolean> {
    const now = Date.now();
    if (this.active) {
      const until = this.workspaces.get(id);
      if (until !== undefined && until > now) return true;
    }
    const generation = this.generation;
    const exists = await load(id);
    if (exists && this.active && generation === this.generation) {
      this.workspaces.delete(id);
      this.workspaces.set(id, now + this.ttlMs);
      if (this.workspaces.size > MAX_CACHED_WORKSPACES) this.workspaces.delete(this.workspaces.keys().next().value!);
    }
    return exists;
  }

  evict(change: CredentialChange): void {
    this.generation++;
    switch (change.kind) {
      case 'session':
        this.delete(change.tokenHash);
        return;
      case 'user':
      case 'api-client':
      case 'preview-token': {
        const owner = change.kind === 'user' ? change.userId : change.kind === 'api-client' ? change.clientId : change.tokenId;
        for (const digest of [...(this.byOwner.get(owner) ?? [])]) this.delete(digest);
        return;
      }
      case 'workspace':
        this.workspaces.delete(change.workspaceId);
        return;
      case 'all':
        this.clear();
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
    this.byOwner.clear();
    this.workspaces.clear();
  }

  private remove(digest: string, entry: CachedCredential): void {
    this.entries.delete(digest);
    const owned = this.byOwner.get(entry.ownerId);
    owned?.delete(digest);
    if (owned?.size === 0) this.byOwner.delete(entry.ownerId);
  }
}
