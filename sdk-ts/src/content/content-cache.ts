// Cached content reads (requirement 37), opt-in: getContent, getContentBySlug and listContent
// answered from a store for a while, per audience, and invalidated by key, by item, by workspace or
// straight from a verified webhook delivery.
//
// How invalidation works with any store, shared or not: an invalidation writes a marker (the time
// it happened) for the workspace, for the workspace's lists, or for one content item. Every entry
// records when its fetch started and which content items its response carried (the item, and the
// children expanded into a by-slug read). An entry is served only while every marker that concerns
// it is older than its fetch's start, so an invalidation that lands while a read is in flight keeps
// that read's result out of the cache (it is not written, and would not be served if it were), and
// an item's invalidation reaches its by-id, by-slug and expanded-as-a-child entries in every
// partition without the cache having to enumerate them.
//
// Translations: a by-slug read may serve another member of the slug's translation group (a
// `locale` read falling back along its chain), list the group's members (`alternates`) and take
// fields shared across translations from the default-locale member, with or without `locale`. So a
// by-slug entry also records the translation groups of the versions it carried, and a content event
// marks its item's group: a change to any member reaches every read that depended on the group. The
// event's `purgeKeys` (`item-<id>` of every member and of every item embedding one) are marked too,
// which also covers a child whose reader's-locale member is missing (its group is not in the answer).
//
// Revalidation (issue #27): the delivery reads (getContentBySlug, listContent) answer with a strong
// ETag. An entry that has expired or been invalidated is kept for one more TTL with its tag, and the
// next read asks the API with If-None-Match: a 304 (nothing served changed) renews the entry without
// a body; anything else replaces it.
import type { VersoClient } from '../client.js';
import { VersoApiError } from '../errors.js';
import type { CallOptions, OperationResult } from '../operations/operation-types.js';
import { verifyWebhook, type VerifyWebhookOptions } from '../webhooks.js';
import type { VersoWebhookEvent } from '../webhooks-events.js';
import type { WebhookHeaders } from '../webhooks-headers.js';
import { entryName, markerKeys, workspaceOf, type CachedInput, type CachedOperation } from './content-cache-keys.js';
import { MemoryContentCacheStore, type ContentCacheStore } from './content-cache-store.js';
import { sha256Hex } from './sha256.js';

const DEFAULT_TTL_MS = 300_000;

/**
 * Wall-clock ms that never repeats within this process: two readings in one millisecond differ by a
 * fraction (1/4096 ms, the finest step a double holds at today's epoch values), so an invalidation
 * and a read started just after it stay ordered. Still Date.now, so processes sharing a store compare
 * like with like; readings from different processes in one millisecond count as "invalidated".
 */
let lastStamp = 0;
const orderedNow = (): number => {
  const now = Date.now();
  lastStamp = now > lastStamp ? now : lastStamp + 1 / 4096;
  return lastStamp;
};
/** Markers outlive every entry they could concern: a TTL may not exceed this. */
const MARKER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface ContentCacheOptions {
  /**
   * The audience the current request reads as: a stable, non-secret id (a role, a tenant, "public").
   * Mandatory, so callers that see different content never share entries. Called on every read.
   */
  partition: () => string | Promise<string>;
  /** Absolute expiry of an entry in ms (default 300,000); a call may pass its own `ttlMs`. */
  defaultTtlMs?: number;
  /** Where entries live (default: a MemoryContentCacheStore of 10,000 keys). */
  store?: ContentCacheStore;
  /** Prefix of every key (default "verso:content"). */
  keyPrefix?: string;
  /** Told about a store failure a read survived by going to the API instead. */
  onStoreError?: (error: unknown, operation: 'get' | 'set') => void;
  /**
   * Wall clock in ms (default: Date.now, made strictly increasing within the process so an
   * invalidation and a read in the same millisecond stay ordered). Processes sharing a store should
   * have synchronised clocks.
   */
  now?: () => number;
}

export type CachedCallOptions = CallOptions & {
  /** This entry's absolute expiry in ms, instead of the cache's defaultTtlMs. */
  ttlMs?: number;
};

/** What invalidateFromWebhook did for a verified delivery. */
export interface WebhookInvalidation {
  readonly event: VersoWebhookEvent;
  /**
   * `item`: the content item's entries (with those of its translation group and of every item its
   * `purgeKeys` name) and its workspace's lists; `release`: the entries of every item the release's
   * entries and `purgeKeys` name, and its workspace's lists; `workspace`: all of it; `none`: nothing
   * named a workspace.
   */
  readonly scope: 'item' | 'release' | 'workspace' | 'none';
  readonly workspaceId?: string;
  readonly contentItemId?: string;
  /** The published release (`release` scope). */
  readonly releaseId?: string;
  /** The event's translation group, whose every dependent entry was invalidated (`item` scope). */
  readonly translationGroupId?: string;
  /**
   * Every item whose entries were invalidated: for `item`, the event's item, then those its
   * `purgeKeys` name; for `release`, the entries' items, then those its `purgeKeys` name.
   */
  readonly contentItemIds?: readonly string[];
}

interface StoredRead {
  readonly startedAt: number;
  /** Content items the response carried or depended on (lower case); empty for lists. */
  readonly items: readonly string[];
  /** Translation groups of the versions the response carried (lower case). */
  readonly groups: readonly string[];
  readonly data: unknown;
  /** The delivery read's strong ETag, sent as If-None-Match once the entry may no longer be served. */
  readonly etag?: string;
  /** Served until then (the store keeps a tagged entry one TTL longer, to revalidate it). */
  readonly freshUntil?: number;
}

/** The reads whose ETag the API answers with 304 (getContent's tag is for If-Match on writes). */
const REVALIDATED: ReadonlySet<CachedOperation> = new Set(['getContentBySlug', 'listContent']);

/** An entry this SDK can serve. One without `groups` (written by a version from before translations) is refetched, as its group dependencies are unknown. */
function isStoredRead(x: unknown): x is StoredRead {
  const r = x as StoredRead | null;
  return typeof r === 'object' && r !== null && typeof r.startedAt === 'number' && Array.isArray(r.items) && Array.isArray(r.groups) && 'data' in r;
}

function checkTtl(ttlMs: number, name: string): number {
  if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs <= 0 || ttlMs > MARKER_LIFETIME_MS) {
    throw new RangeError(`${name} must be a number of ms above 0 and at most 30 days.`);
  }
  return ttlMs;
}

/**
 * Whether the server answered as a preview (a preview token, issue #27): `isPreview` on the body or
 * on any list item. Such an answer is a draft meant for one editor: it is never stored.
 */
export function isPreviewAnswer(data: unknown): boolean {
  if (data === null || typeof data !== 'object') return false;
  if ((data as { isPreview?: unknown }).isPreview === true) return true;
  const items = (data as { items?: unknown }).items;
  return Array.isArray(items) && items.some((i) => (i as { isPreview?: unknown } | null)?.isPreview === true);
}

const PREVIEW_TOKEN_PREFIX = 'verso_preview_';

interface CarriedVersion {
  contentItemId?: unknown;
  translationGroupId?: unknown;
  alternates?: unknown;
  fields?: unknown;
}

/**
 * What an entry depends on: the content items in its response (the item itself and, in a version,
 * each child, expanded or not, and every member named in `alternates`) and the translation groups of
 * the versions it carried (the served member's and each expanded child's).
 */
function dependenciesOf(operation: CachedOperation, data: unknown): { items: string[]; groups: string[] } {
  const ids = new Set<string>();
  const groups = new Set<string>();
  const add = (set: Set<string>, id: unknown) => {
    if (typeof id === 'string' && id !== '') set.add(id.toLowerCase());
  };
  if (operation === 'getContent') {
    add(ids, (data as { id?: unknown } | null)?.id);
  } else if (operation === 'getContentBySlug') {
    const stack: unknown[] = [data];
    while (stack.length > 0) {
      const v = stack.pop() as CarriedVersion | null;
      if (!v || typeof v !== 'object') continue;
      add(ids, v.contentItemId);
      add(groups, v.translationGroupId);
      if (Array.isArray(v.alternates)) for (const a of v.alternates as ({ contentItemId?: unknown } | null)[]) add(ids, a?.contentItemId);
      if (!Array.isArray(v.fields)) continue;
      for (const f of v.fields as ({ childContentItemId?: unknown; child?: unknown } | null)[]) {
        add(ids, f?.childContentItemId);
        if (f?.child) stack.push(f.child);
      }
    }
  }
  return { items: [...ids], groups: [...groups] };
}

/** The item ids a content event's `purgeKeys` name (`item-<id>`), and whether they name the whole workspace (`ws-<id>`). */
function purgeTargets(purgeKeys: unknown): { items: string[]; workspace: boolean } {
  const items: string[] = [];
  let workspace = false;
  if (!Array.isArray(purgeKeys)) return { items, workspace };
  for (const key of purgeKeys) {
    if (typeof key !== 'string') continue;
    if (key.startsWith('item-') && key.length > 'item-'.length) items.push(key.slice('item-'.length).toLowerCase());
    else if (key.startsWith('ws-')) workspace = true;
  }
  return { items, workspace };
}

type EventTarget = Omit<WebhookInvalidation, 'event'>;

/**
 * Content events name one item, its translation group and (in `purgeKeys`) the items whose reads it
 * may change; anything else about a workspace (templates, the workspace itself and its locales, a
 * type newer than this SDK) concerns all of it, as does a content event whose purge keys say
 * `ws-<id>` (too many dependents to name). `event.type` is the verified body's own `type` (see
 * verifyWebhook), so the scope rests only on signed bytes.
 */
function scopeOf(event: VersoWebhookEvent): EventTarget {
  const payload = (event.payload ?? {}) as { workspaceId?: unknown; contentItemId?: unknown; translationGroupId?: unknown; purgeKeys?: unknown };
  const workspaceId = typeof payload.workspaceId === 'string' && payload.workspaceId !== '' ? payload.workspaceId : undefined;
  if (!workspaceId) return { scope: 'none' };
  if (event.type === 'release.published') {
    // One event for the whole release, next to each entry's own content events (which an endpoint
    // may not subscribe to): its purge keys are the union of theirs, so they name every item whose
    // reads the release changed (the entries, their translation groups' members, what embeds them).
    const release = event.payload as { releaseId?: unknown; entries?: unknown };
    const purge = purgeTargets(payload.purgeKeys);
    if (purge.workspace) return { scope: 'workspace', workspaceId };
    const entries = Array.isArray(release.entries) ? (release.entries as ({ itemId?: unknown } | null)[]) : [];
    const entryItems = entries.map((e) => e?.itemId).filter((id): id is string => typeof id === 'string' && id !== '').map((id) => id.toLowerCase());
    const releaseId = typeof release.releaseId === 'string' && release.releaseId !== '' ? release.releaseId : undefined;
    return { scope: 'release', workspaceId, ...(releaseId ? { releaseId } : {}), contentItemIds: [...new Set([...entryItems, ...purge.items])] };
  }
  if (String(event.type).startsWith('content.') && typeof payload.contentItemId === 'string' && payload.contentItemId !== '') {
    const purge = purgeTargets(payload.purgeKeys);
    if (purge.workspace) return { scope: 'workspace', workspaceId };
    const contentItemId = payload.contentItemId;
    const contentItemIds = [...new Set([contentItemId.toLowerCase(), ...purge.items])];
    const group = typeof payload.translationGroupId === 'string' && payload.translationGroupId !== '' ? payload.translationGroupId : undefined;
    return { scope: 'item', workspaceId, contentItemId, ...(group ? { translationGroupId: group } : {}), contentItemIds };
  }
  return { scope: 'workspace', workspaceId };
}

export class ContentCache {
  readonly #client: VersoClient;
  readonly #partition: () => string | Promise<string>;
  readonly #defaultTtlMs: number;
  readonly #store: ContentCacheStore;
  readonly #prefix: string;
  readonly #onStoreError: ((error: unknown, operation: 'get' | 'set') => void) | undefined;
  readonly #now: () => number;
  readonly #inFlight = new Map<string, Promise<unknown>>();
  /** SHA-256 of the partitions seen so far: a read's key costs no digest for an audience already hashed. */
  readonly #partitionHashes = new Map<string, string>();

  constructor(client: VersoClient, options: ContentCacheOptions) {
    if (!client || typeof (client as { call?: unknown }).call !== 'function') throw new TypeError('createContentCache needs a VersoClient.');
    if (!options || typeof options.partition !== 'function') {
      throw new TypeError('createContentCache needs a partition provider: options.partition, a function returning a stable, non-secret audience id.');
    }
    this.#client = client;
    this.#partition = options.partition;
    this.#defaultTtlMs = checkTtl(options.defaultTtlMs ?? DEFAULT_TTL_MS, 'defaultTtlMs');
    this.#store = options.store ?? new MemoryContentCacheStore({ now: options.now });
    this.#prefix = options.keyPrefix ?? 'verso:content';
    this.#onStoreError = options.onStoreError;
    this.#now = options.now ?? orderedNow;
  }

  /** The item's detail (ContentItemDetailResponse), cached. */
  getContent(input: CachedInput<'getContent'>, options?: CachedCallOptions): Promise<OperationResult<'getContent'>> {
    return this.#read('getContent', input, options) as Promise<OperationResult<'getContent'>>;
  }

  /**
   * The version served under a slug (with expandChildren, asOf and locale as given; all are part of
   * the key, the locale regardless of case), cached. The entry depends on every item and translation
   * group the answer names (the served member, its alternates, its children), so a change to any
   * member of the group ends it.
   */
  getContentBySlug(input: CachedInput<'getContentBySlug'>, options?: CachedCallOptions): Promise<OperationResult<'getContentBySlug'>> {
    return this.#read('getContentBySlug', input, options) as Promise<OperationResult<'getContentBySlug'>>;
  }

  /** One page of the content list for exactly this query (`locale` included, compared regardless of case), cached. */
  listContent(input: CachedInput<'listContent'>, options?: CachedCallOptions): Promise<OperationResult<'listContent'>> {
    return this.#read('listContent', input, options) as Promise<OperationResult<'listContent'>>;
  }

  /**
   * The workspace's locales, default and fallback chains (for a language switcher or to pick the
   * reader's locale), cached until the workspace is invalidated (saving the locales sends
   * `workspace.updated`, which invalidateFromWebhook turns into that).
   */
  getWorkspaceLocales(input: CachedInput<'getWorkspaceLocales'>, options?: CachedCallOptions): Promise<OperationResult<'getWorkspaceLocales'>> {
    return this.#read('getWorkspaceLocales', input, options) as Promise<OperationResult<'getWorkspaceLocales'>>;
  }

  /** The store key a read of `input` uses for the current partition (for invalidateKey). */
  async keyOf<Op extends CachedOperation>(operation: Op, input: CachedInput<Op>): Promise<string> {
    const partition = await this.#partition();
    if (typeof partition !== 'string' || partition === '') throw new TypeError('The content cache partition provider must return a non-empty string.');
    return `${this.#prefix}:${await this.#partitionHash(partition)}:${workspaceOf(input).toLowerCase()}:${await entryName(operation, input)}`;
  }

  async #partitionHash(partition: string): Promise<string> {
    let hash = this.#partitionHashes.get(partition);
    if (hash === undefined) {
      hash = await sha256Hex(partition);
      // Audiences are few; the bound only keeps an unexpected stream of them from growing the map.
      if (this.#partitionHashes.size >= 1024) this.#partitionHashes.clear();
      this.#partitionHashes.set(partition, hash);
    }
    return hash;
  }

  /** Removes one entry. Rejects when the store fails (nothing is swallowed on the way to fresh content). */
  invalidateKey(key: string): Promise<void> {
    return this.#store.delete(key);
  }

  /**
   * Every entry that carried the item (by id, by slug, or expanded as a child of another item) in
   * every partition, and every list of its workspace. Rejects when the marker cannot be written.
   */
  async invalidateItem(workspaceId: string, contentItemId: string): Promise<void> {
    if (!workspaceId || !contentItemId) throw new TypeError('invalidateItem needs a workspace id and a content item id.');
    await Promise.all([this.#mark(markerKeys.item(this.#prefix, workspaceId, contentItemId)), this.#mark(markerKeys.lists(this.#prefix, workspaceId))]);
  }

  /**
   * Every entry that depended on the translation group (by-slug reads that served any of its members,
   * fell back to one, listed them as alternates or shared their fields), in every partition, and every
   * list of its workspace. Rejects when a marker cannot be written.
   */
  async invalidateTranslationGroup(workspaceId: string, translationGroupId: string): Promise<void> {
    if (!workspaceId || !translationGroupId) throw new TypeError('invalidateTranslationGroup needs a workspace id and a translation group id.');
    await Promise.all([this.#mark(markerKeys.group(this.#prefix, workspaceId, translationGroupId)), this.#mark(markerKeys.lists(this.#prefix, workspaceId))]);
  }

  /** Every entry of the workspace, in every partition. Rejects when the marker cannot be written. */
  async invalidateWorkspace(workspaceId: string): Promise<void> {
    if (!workspaceId) throw new TypeError('invalidateWorkspace needs a workspace id.');
    await this.#mark(markerKeys.workspace(this.#prefix, workspaceId));
  }

  /**
   * Verifies a webhook delivery (verifyWebhook: a bad one rejects with its VersoWebhookError and
   * nothing is invalidated), then invalidates exactly what the event names: a `content.*` event its
   * item, its translation group and the items its `purgeKeys` name (and its workspace's lists), a
   * `release.published` event every entry's item and every item its `purgeKeys` name (and the
   * lists), any other event about a workspace (or purge keys saying `ws-<id>`) the whole workspace.
   * The type is the signed body's (`event.type` as verifyWebhook returns it), never the unsigned
   * X-Verso-Event header: a relabelled delivery is refused (`header_mismatch`), not obeyed.
   * Answer the delivery with a 5xx when this rejects for another reason, so the server retries it.
   */
  async invalidateFromWebhook(
    rawBody: Uint8Array | ArrayBuffer | string,
    headers: WebhookHeaders,
    secret: string | readonly string[],
    options?: VerifyWebhookOptions,
  ): Promise<WebhookInvalidation> {
    const event = await verifyWebhook(rawBody, headers, secret, options);
    const target = scopeOf(event);
    if (target.scope === 'item' || target.scope === 'release') {
      const ws = target.workspaceId!;
      const markers = [markerKeys.lists(this.#prefix, ws), ...target.contentItemIds!.map((id) => markerKeys.item(this.#prefix, ws, id))];
      if (target.translationGroupId) markers.push(markerKeys.group(this.#prefix, ws, target.translationGroupId));
      await Promise.all(markers.map((key) => this.#mark(key)));
    } else if (target.scope === 'workspace') await this.invalidateWorkspace(target.workspaceId!);
    return { event, ...target };
  }

  async #read(operation: CachedOperation, input: CachedInput<CachedOperation>, options: CachedCallOptions | undefined): Promise<unknown> {
    const ttlMs = checkTtl(options?.ttlMs ?? this.#defaultTtlMs, 'ttlMs');
    const key = await this.keyOf(operation, input);
    // The shared read runs without any one caller's signal: a caller who cancels stops waiting,
    // but the others (who joined the same flight) still get the result. The call's own timeoutMs
    // still bounds the shared read.
    const { signal, ...shared } = options ?? {};
    signal?.throwIfAborted();
    // A client holding a preview token reads past the cache: a stored published answer is not
    // what it asked for, and its own answers are never stored (#load).
    const token = this.#client.options.token;
    if (typeof token === 'string' && token.startsWith(PREVIEW_TOKEN_PREFIX)) {
      const { ttlMs: _ttl, ...callOptions } = shared;
      return (await this.#client.call(operation, input as never, { ...callOptions, ...(signal ? { signal } : {}) })).data;
    }
    let flight = this.#inFlight.get(key);
    if (!flight) {
      flight = this.#load(operation, input, key, ttlMs, shared).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, flight);
    }
    // Every caller gets its own copy: nobody can change what the cache (or another caller) holds.
    return structuredClone(await untilAborted(flight, signal));
  }

  async #load(operation: CachedOperation, input: CachedInput<CachedOperation>, key: string, ttlMs: number, options: CachedCallOptions | undefined): Promise<unknown> {
    const workspaceId = workspaceOf(input);
    const lists = operation === 'listContent';
    const cached = await this.#storeGet(key);
    const stored = isStoredRead(cached?.value) && cached.expiresAt > this.#now() ? cached.value : undefined;
    if (stored && (stored.freshUntil ?? cached!.expiresAt) > this.#now() && (await this.#fresh(stored, workspaceId, lists))) return stored.data;

    const startedAt = this.#now();
    const { ttlMs: _ttl, ...callOptions } = options ?? {};
    const tag = REVALIDATED.has(operation) ? stored?.etag : undefined;
    let data: unknown;
    let etag: string | undefined;
    if (tag !== undefined) {
      try {
        const res = await this.#client.call(operation, input as never, { ...callOptions, headers: { ...callOptions.headers, 'If-None-Match': tag } });
        ({ data, etag } = res);
      } catch (error) {
        if (!(error instanceof VersoApiError && error.status === 304)) throw error;
        // Not modified: what is stored is what the API serves now.
        data = stored!.data;
        etag = tag;
      }
    } else {
      ({ data, etag } = await this.#client.call(operation, input as never, callOptions));
    }
    const read: StoredRead = {
      startedAt,
      ...dependenciesOf(operation, data),
      data,
      ...(REVALIDATED.has(operation) && etag ? { etag, freshUntil: startedAt + ttlMs } : {}),
    };
    // An invalidation that landed while the read was in flight keeps its result out; a preview
    // answer (a token from a provider function, say) never goes in.
    if (!isPreviewAnswer(data) && (await this.#fresh(read, workspaceId, lists))) {
      await this.#storeSet(key, { value: read, expiresAt: startedAt + (read.etag ? Math.min(2 * ttlMs, MARKER_LIFETIME_MS) : ttlMs) });
    }
    return data;
  }

  /** Whether no marker concerning the read is as recent as the read's start. Unreadable markers mean "not fresh". */
  async #fresh(read: StoredRead, workspaceId: string, lists: boolean): Promise<boolean> {
    const keys = [markerKeys.workspace(this.#prefix, workspaceId)];
    if (lists) keys.push(markerKeys.lists(this.#prefix, workspaceId));
    for (const item of read.items) keys.push(markerKeys.item(this.#prefix, workspaceId, item));
    for (const group of read.groups) keys.push(markerKeys.group(this.#prefix, workspaceId, group));
    try {
      const markers = await Promise.all(keys.map((k) => this.#store.get(k)));
      return markers.every((m) => m === undefined || m.expiresAt <= this.#now() || !(typeof m.value === 'number' && m.value >= read.startedAt));
    } catch (error) {
      this.#onStoreError?.(error, 'get');
      return false;
    }
  }

  async #mark(key: string): Promise<void> {
    const now = this.#now();
    // Never move a marker back (a clock step, or a later marker written by another process).
    let previous: number | undefined;
    const existing = await this.#store.get(key);
    if (existing && typeof existing.value === 'number') previous = existing.value;
    await this.#store.set(key, { value: Math.max(now, previous ?? now), expiresAt: now + MARKER_LIFETIME_MS });
  }

  async #storeGet(key: string) {
    try {
      return await this.#store.get(key);
    } catch (error) {
      this.#onStoreError?.(error, 'get');
      return undefined;
    }
  }

  async #storeSet(key: string, entry: { value: StoredRead; expiresAt: number }): Promise<void> {
    try {
      await this.#store.set(key, entry);
    } catch (error) {
      this.#onStoreError?.(error, 'set');
    }
  }
}

/** `promise`, or the signal's reason as soon as the caller aborts (the promise runs on for others). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Cached content reads through `client`; see ContentCacheOptions (the partition provider is mandatory). */
export function createContentCache(client: VersoClient, options: ContentCacheOptions): ContentCache {
  return new ContentCache(client, options);
}
