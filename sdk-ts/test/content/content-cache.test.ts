// Cached content reads against the real API: every read a test counts is a real request (the
// client's response observer sees it), every invalidation a real marker in the store.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import {
  createContentCache,
  MemoryContentCacheStore,
  VersoClient,
  type ContentCacheEntry,
  type ContentCacheStore,
  type ObservedResponse,
} from '../../src/index.js';
import { sha256Hex } from '../../src/content/sha256.js';
import { buildTypedWorld, publishArticle, type TypedWorld } from './typed-world.js';

/** A client whose requests are counted by operation, and which can hold a response before the SDK reads it. */
function countingClient(api: TestApi, token: string) {
  const seen: ObservedResponse[] = [];
  let hold: { operationId: string; reached: () => void; release: Promise<void> } | undefined;
  const client = new VersoClient({
    baseUrl: api.url,
    token,
    onResponse: async (r) => {
      seen.push(r);
      if (hold && r.operationId === hold.operationId) {
        const h = hold;
        hold = undefined;
        h.reached();
        await h.release;
      }
    },
  });
  return {
    client,
    count: (operationId?: string) => seen.filter((r) => operationId === undefined || r.operationId === operationId).length,
    /** The next response of `operationId` waits (after the server answered) until `release()`. */
    holdNext(operationId: string) {
      let reached!: () => void;
      let release!: () => void;
      const reachedP = new Promise<void>((r) => (reached = r));
      hold = { operationId, reached, release: new Promise<void>((r) => (release = r)) };
      return { reached: reachedP, release };
    },
  };
}

/** A store that records every call and can be made to fail. */
class RecordingStore implements ContentCacheStore {
  readonly inner = new MemoryContentCacheStore();
  readonly keys = new Set<string>();
  failing = false;
  async get(key: string) {
    if (this.failing) throw new Error('store down');
    return this.inner.get(key);
  }
  async set(key: string, entry: ContentCacheEntry) {
    if (this.failing) throw new Error('store down');
    this.keys.add(key);
    return this.inner.set(key, entry);
  }
  async delete(key: string) {
    if (this.failing) throw new Error('store down');
    return this.inner.delete(key);
  }
}

describe('Content cache: cached reads of the real API', function () {
  this.timeout(60_000);
  let api: TestApi;
  let w: TypedWorld;
  let a: Awaited<ReturnType<typeof publishArticle>>;
  let b: Awaited<ReturnType<typeof publishArticle>>;
  let other: TypedWorld;
  let otherArticle: Awaited<ReturnType<typeof publishArticle>>;

  before(async () => {
    api = await startTestApi();
    w = await buildTypedWorld(api);
    a = await publishArticle(w);
    b = await publishArticle(w);
    other = await buildTypedWorld(api);
    otherArticle = await publishArticle(other);
  });
  after(async () => {
    await api?.close();
  });

  const slugInput = (slug: string, query?: { expandChildren?: boolean; asOf?: string }) => ({ path: { workspaceId: w.workspaceId, slug }, ...(query ? { query } : {}) });

  it('never stores a preview answer (isPreview); a client holding a preview token reads past the cache', async () => {
    const minted = await api.post(`/api/v1/workspaces/${w.workspaceId}/preview-tokens`, {}, { token: w.token });
    expect(minted.status).to.equal(201);
    const previewToken: string = minted.body.token;
    // A published answer already cached in the same partition is not what a preview asks for.
    const store = new RecordingStore();
    const published = createContentCache(countingClient(api, w.token).client, { partition: () => 'site', store });
    expect((await published.getContentBySlug(slugInput(a.slug))).isPreview).to.equal(undefined);
    const stored = store.keys.size;
    const c = countingClient(api, previewToken);
    const preview = createContentCache(c.client, { partition: () => 'site', store });
    const first = await preview.getContentBySlug(slugInput(a.slug));
    expect(first.isPreview).to.equal(true);
    await preview.getContentBySlug(slugInput(a.slug));
    expect((await preview.listContent({ path: { workspaceId: w.workspaceId }, query: { pageSize: 5 } })).items.every((i) => i.isPreview === true)).to.equal(true);
    expect(c.count('getContentBySlug')).to.equal(2);
    // A token from a provider function is only known per request: the answer says it is a preview, and is not stored.
    const seen: ObservedResponse[] = [];
    const viaProvider = new VersoClient({ baseUrl: api.url, token: () => previewToken, onResponse: (r) => void seen.push(r) });
    const other = createContentCache(viaProvider, { partition: () => 'drafts', store });
    expect((await other.getContentBySlug(slugInput(b.slug))).isPreview).to.equal(true);
    expect((await other.getContentBySlug(slugInput(b.slug))).isPreview).to.equal(true);
    expect(seen.filter((r) => r.operationId === 'getContentBySlug')).to.have.length(2);
    expect(store.keys.size).to.equal(stored);
  });

  it('is opt-in with a mandatory partition provider and a sane TTL', () => {
    const { client } = countingClient(api, w.token);
    expect(() => createContentCache(client, {} as never)).to.throw(TypeError, /partition provider/);
    expect(() => createContentCache(client, undefined as never)).to.throw(TypeError, /partition provider/);
    expect(() => createContentCache({} as never, { partition: () => 'p' })).to.throw(TypeError, /VersoClient/);
    expect(() => createContentCache(client, { partition: () => 'p', defaultTtlMs: 0 })).to.throw(RangeError, /defaultTtlMs/);
    expect(() => createContentCache(client, { partition: () => 'p', defaultTtlMs: 31 * 24 * 3600 * 1000 })).to.throw(RangeError);
  });

  it('answers a repeated read from the cache, with a copy the caller may change', async () => {
    const c = countingClient(api, w.token);
    const cache = createContentCache(c.client, { partition: () => 'public' });
    const first = await cache.getContentBySlug(slugInput(a.slug));
    expect(first.contentItemId).to.equal(a.id);
    first.fields.length = 0; // a careless caller
    const second = await cache.getContentBySlug(slugInput(a.slug));
    expect(second.fields.length).to.be.above(10);
    await cache.getContent({ path: { workspaceId: w.workspaceId, id: a.id } });
    await cache.getContent({ path: { workspaceId: w.workspaceId, id: a.id } });
    await cache.listContent({ path: { workspaceId: w.workspaceId }, query: { resolve: true, pageSize: 50 } });
    await cache.listContent({ path: { workspaceId: w.workspaceId }, query: { pageSize: 50, resolve: true } }); // same query, other member order
    expect([c.count('getContentBySlug'), c.count('getContent'), c.count('listContent')]).to.deep.equal([1, 1, 1]);
    await cache.getContentBySlug(slugInput(a.slug, { expandChildren: false }));
    await cache.getContentBySlug(slugInput(a.slug, { expandChildren: true })); // the server's default: the same read as omitted
    await cache.getContentBySlug(slugInput(a.slug, { asOf: new Date().toISOString() }));
    expect(c.count('getContentBySlug')).to.equal(3);
  });

  it('keeps partitions apart; keys carry the partition only as its SHA-256', async () => {
    const c = countingClient(api, w.token);
    const store = new RecordingStore();
    let audience = 'members:gold';
    const cache = createContentCache(c.client, { partition: async () => audience, store });
    await cache.getContentBySlug(slugInput(a.slug));
    await cache.getContentBySlug(slugInput(a.slug));
    audience = 'public';
    await cache.getContentBySlug(slugInput(a.slug));
    expect(c.count('getContentBySlug')).to.equal(2);
    const keys = [...store.keys];
    expect(keys).to.have.length(2);
    expect(keys.join(' ')).to.not.include('members').and.not.include('public').and.not.include(a.slug);
    expect(keys[0]).to.match(new RegExp(`^verso:content:${await sha256Hex('members:gold')}:${w.workspaceId}:slug:[0-9a-f]{64}$`));
    expect(await cache.keyOf('getContentBySlug', slugInput(a.slug))).to.equal(keys[1]);
    audience = '';
    const error = await cache.getContentBySlug(slugInput(a.slug)).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TypeError).with.property('message').that.matches(/non-empty string/);
  });

  it('expires each entry at its absolute time (per-call TTL over the default); reading does not extend it', async () => {
    const c = countingClient(api, w.token);
    let now = Date.now();
    const cache = createContentCache(c.client, { partition: () => 'p', defaultTtlMs: 10_000, now: () => now });
    await cache.getContentBySlug(slugInput(a.slug), { ttlMs: 1_000 });
    await cache.getContentBySlug(slugInput(b.slug));
    now += 900;
    await cache.getContentBySlug(slugInput(a.slug)); // hit, does not slide
    now += 101;
    await cache.getContentBySlug(slugInput(a.slug)); // 1,001 ms after the fetch: gone
    await cache.getContentBySlug(slugInput(b.slug)); // default 10 s: still there
    expect(c.count('getContentBySlug')).to.equal(3);
    now += 9_000;
    await cache.getContentBySlug(slugInput(b.slug));
    expect(c.count('getContentBySlug')).to.equal(4);
    const bad = await cache.getContent({ path: { workspaceId: w.workspaceId, id: a.id } }, { ttlMs: -1 }).catch((e: unknown) => e);
    expect(bad).to.be.instanceOf(RangeError).with.property('message').that.matches(/ttlMs/);
  });

  it('invalidates one exact key, one item everywhere it was carried (by id, by slug, as an expanded child, in any partition) with its workspace lists, or a whole workspace', async () => {
    const c = countingClient(api, w.token);
    const store = new MemoryContentCacheStore();
    let audience = 'one';
    const cache = createContentCache(c.client, { partition: () => audience, store });
    const list = { path: { workspaceId: w.workspaceId }, query: { pageSize: 50 } };
    const warm = async () => {
      for (const p of ['one', 'two']) {
        audience = p;
        await cache.getContentBySlug(slugInput(a.slug));
        await cache.getContentBySlug(slugInput(b.slug));
        await cache.getContent({ path: { workspaceId: w.workspaceId, id: a.id } });
        await cache.listContent(list);
        await cache.getContentBySlug({ path: { workspaceId: other.workspaceId, slug: otherArticle.slug } });
      }
    };
    const counts = () => [c.count('getContentBySlug'), c.count('getContent'), c.count('listContent')];
    await warm();
    expect(counts()).to.deep.equal([6, 2, 2]);
    await warm();
    expect(counts(), 'all cached').to.deep.equal([6, 2, 2]);

    audience = 'one';
    await cache.invalidateKey(await cache.keyOf('getContentBySlug', slugInput(b.slug)));
    await warm();
    expect(counts(), 'only b by slug in partition one').to.deep.equal([7, 2, 2]);

    await cache.invalidateItem(w.workspaceId, a.id);
    await warm();
    expect(counts(), 'a by slug and by id, and the lists, in both partitions').to.deep.equal([9, 4, 4]);

    // a's Inline author is expanded into a's by-slug read: changing the child reaches the parent.
    await cache.invalidateItem(w.workspaceId, a.authorId);
    await warm();
    expect(counts(), "the child's parent by slug, and the lists").to.deep.equal([11, 4, 6]);

    await cache.invalidateWorkspace(w.workspaceId);
    await warm();
    expect(counts(), "everything of the workspace, not the other workspace's").to.deep.equal([15, 6, 8]);
  });

  it('revalidates an expired or invalidated delivery read with its ETag: a 304 renews it without a body, a change replaces it (issue #27)', async () => {
    const seen: ObservedResponse[] = [];
    const client = new VersoClient({ baseUrl: api.url, token: w.token, onResponse: (r) => void seen.push(r) });
    let now = Date.now();
    const cache = createContentCache(client, { partition: () => 'p', defaultTtlMs: 1_000, now: () => now });
    const list = { path: { workspaceId: w.workspaceId }, query: { pageSize: 50, resolve: true } };
    const sent = (op: string) => seen.filter((r) => r.operationId === op).map((r) => r.status);
    const first = await cache.getContentBySlug(slugInput(a.slug));
    await cache.listContent(list);
    now += 1_001; // expired: asked again, with the tag
    expect(await cache.getContentBySlug(slugInput(a.slug))).to.deep.equal(first);
    await cache.listContent(list);
    expect(sent('getContentBySlug')).to.deep.equal([200, 304]);
    expect(sent('listContent')).to.deep.equal([200, 304]);
    // Renewed: served from the store again, no request.
    await cache.getContentBySlug(slugInput(a.slug));
    expect(sent('getContentBySlug')).to.have.length(2);
    // An invalidation revalidates too; the tag still names what is served, so 304.
    await cache.invalidateItem(w.workspaceId, a.id);
    await cache.getContentBySlug(slugInput(a.slug));
    expect(sent('getContentBySlug')).to.deep.equal([200, 304, 304]);
    // A published change to an expanded child changes the parent's tag: the new body comes back.
    expect(first.fields.some((f) => f.childContentItemId === a.authorId && f.child), 'the article embeds its author').to.equal(true);
    const v2 = await api.post(`/api/v1/workspaces/${w.workspaceId}/content/${a.authorId}/versions`, { fields: [{ fieldId: w.templates.author.fields.name!, order: 0, valueKind: 'Text', textValue: 'Ada (edited)' }] }, { token: w.token });
    expect(v2.status).to.equal(201);
    expect((await api.post(`/api/v1/workspaces/${w.workspaceId}/content/${a.authorId}/versions/${v2.body.versionNumber}/publish`, { overrideWorkflow: true }, { token: w.token })).status).to.equal(200);
    now += 1_001;
    const changed = await cache.getContentBySlug(slugInput(a.slug));
    expect(sent('getContentBySlug')).to.deep.equal([200, 304, 304, 200]);
    expect(changed.fields.find((f) => f.childContentItemId === a.authorId)!.child!.versionNumber).to.equal(v2.body.versionNumber);
    // getContent has no 304 to give: it is read in full.
    await cache.getContent({ path: { workspaceId: w.workspaceId, id: a.id } });
    now += 1_001;
    await cache.getContent({ path: { workspaceId: w.workspaceId, id: a.id } });
    expect(sent('getContent')).to.deep.equal([200, 200]);
  });

  it('caches sharing one store (two processes on one Redis) share entries and invalidations', async () => {
    const store = new MemoryContentCacheStore();
    const one = countingClient(api, w.token);
    const two = countingClient(api, w.token);
    const first = createContentCache(one.client, { partition: () => 'p', store });
    const second = createContentCache(two.client, { partition: () => 'p', store });
    await first.getContentBySlug(slugInput(b.slug));
    await second.getContentBySlug(slugInput(b.slug));
    expect([one.count(), two.count()], 'the second process reads what the first stored').to.deep.equal([1, 0]);
    await second.invalidateItem(w.workspaceId, b.id);
    await first.getContentBySlug(slugInput(b.slug));
    expect(one.count(), "the first process sees the second's invalidation").to.equal(2);
  });

  it('an invalidation while a read is in flight keeps that read out of the cache', async () => {
    for (const invalidate of ['item', 'workspace'] as const) {
      const c = countingClient(api, w.token);
      const store = new RecordingStore();
      const cache = createContentCache(c.client, { partition: () => 'p', store });
      const held = c.holdNext('getContentBySlug');
      const reading = cache.getContentBySlug(slugInput(a.slug));
      await held.reached; // the server has answered; the cache has not stored anything yet
      if (invalidate === 'item') await cache.invalidateItem(w.workspaceId, a.id);
      else await cache.invalidateWorkspace(w.workspaceId);
      held.release();
      expect((await reading).contentItemId, 'the caller still gets its answer').to.equal(a.id);
      const key = await cache.keyOf('getContentBySlug', slugInput(a.slug));
      expect(await store.inner.get(key), `not cached after an ${invalidate} invalidation`).to.equal(undefined);
      await cache.getContentBySlug(slugInput(a.slug));
      await cache.getContentBySlug(slugInput(a.slug));
      expect(c.count('getContentBySlug'), 'the next read fetches, and that one is cached').to.equal(2);
    }
    // The same for a list and an item invalidation (the workspace's lists go with any of its items).
    const c = countingClient(api, w.token);
    const cache = createContentCache(c.client, { partition: () => 'p' });
    const held = c.holdNext('listContent');
    const reading = cache.listContent({ path: { workspaceId: w.workspaceId } });
    await held.reached;
    await cache.invalidateItem(w.workspaceId, b.id);
    held.release();
    await reading;
    await cache.listContent({ path: { workspaceId: w.workspaceId } });
    expect(c.count('listContent')).to.equal(2);
  });

  it('sends one request for concurrent reads of one key (single flight), each caller with its own copy', async () => {
    const c = countingClient(api, w.token);
    const cache = createContentCache(c.client, { partition: () => 'p' });
    const results = await Promise.all(Array.from({ length: 8 }, () => cache.getContentBySlug(slugInput(b.slug))));
    expect(c.count('getContentBySlug')).to.equal(1);
    expect(new Set(results).size).to.equal(8);
    for (const r of results) expect(r).to.deep.equal(results[0]);
  });

  it('a caller who aborts a shared read stops waiting; the others still get the result (one request)', async () => {
    const c = countingClient(api, w.token);
    const cache = createContentCache(c.client, { partition: () => 'p' });
    const held = c.holdNext('getContentBySlug');
    const first = new AbortController();
    const leaving = cache.getContentBySlug(slugInput(b.slug), { signal: first.signal });
    const staying = cache.getContentBySlug(slugInput(b.slug));
    await held.reached;
    const reason = new Error('caller left');
    first.abort(reason);
    expect(await leaving.catch((e: unknown) => e)).to.equal(reason);
    held.release();
    expect((await staying).contentItemId).to.equal(b.id);
    expect(c.count('getContentBySlug')).to.equal(1);
    // The shared read completed, so it was cached for the next reader.
    await cache.getContentBySlug(slugInput(b.slug));
    expect(c.count('getContentBySlug')).to.equal(1);
  });

  it('fails open when the store throws: reads come from the API; invalidations reject', async () => {
    const c = countingClient(api, w.token);
    const store = new RecordingStore();
    const errors: string[] = [];
    const cache = createContentCache(c.client, { partition: () => 'p', store, onStoreError: (e, op) => errors.push(`${op}: ${(e as Error).message}`) });
    store.failing = true;
    expect((await cache.getContentBySlug(slugInput(a.slug))).contentItemId).to.equal(a.id);
    expect((await cache.getContentBySlug(slugInput(a.slug))).contentItemId).to.equal(a.id);
    expect(c.count('getContentBySlug')).to.equal(2);
    // Neither the entry nor the markers could be read: the API answers and nothing is written.
    expect(errors).to.have.length.above(1);
    expect(new Set(errors)).to.deep.equal(new Set(['get: store down']));
    const error = await cache.invalidateItem(w.workspaceId, a.id).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error).with.property('message', 'store down');
    store.failing = false;
    await cache.getContentBySlug(slugInput(a.slug));
    await cache.getContentBySlug(slugInput(a.slug));
    expect(c.count('getContentBySlug'), 'cached again once the store is back').to.equal(3);
  });

  it('the memory store holds at most maxEntries keys and drops the soonest-expiring first (markers last)', async () => {
    let now = 1_000_000;
    const store = new MemoryContentCacheStore({ maxEntries: 10, now: () => now });
    await store.set('marker', { value: 1, expiresAt: now + 30 * 86_400_000 });
    for (let i = 0; i < 30; i += 1) await store.set(`entry-${i}`, { value: i, expiresAt: now + 1_000 + i });
    expect(store.size).to.be.at.most(10);
    expect(await store.get('marker')).to.deep.include({ value: 1 });
    expect(await store.get('entry-29')).to.deep.include({ value: 29 });
    expect(await store.get('entry-0')).to.equal(undefined);
    now += 2_000;
    expect(await store.get('entry-29'), 'expired').to.equal(undefined);
    expect(() => new MemoryContentCacheStore({ maxEntries: 0 })).to.throw(RangeError);
  });
});
