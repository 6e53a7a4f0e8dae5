// The delivery cache (services/delivery-cache.ts, Delivery__CacheSeconds): repeated delivery reads
// skip the database, yet what they answer is always what the database would answer now — after a
// write on this server at once, after a write anywhere else (another replica, plain SQL) within a
// moment, and at an effective-window boundary without any write at all.
import { expect } from 'chai';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { sleep, within } from '../helpers/wait.js';
import { DeliveryCache, type DeliveryComputation, type DeliveryResponse } from '../../server/src/services/delivery/delivery-cache.js';
import { createArticle, createPerson, dbQuery, expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from './content-fixture.js';

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const state = (res: ApiResponse) => res.headers.get('x-verso-cache');

describe('delivery cache', () => {
  let w: ContentWorld;
  let b: TestApi;
  const live = () => `${w.base}/content?resolve=true&pageSize=100`;
  const slugsOf = (res: ApiResponse) => res.body.items.map((i: any) => i.slug as string);
  const title = () => w.model.article.fields.title!;

  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
    // A second replica: its own process and cache, the same database.
    b = await startTestApi({ databaseUrl: w.api.databaseUrl, env: { Workers__Enabled: 'false' } });
  });
  after(async () => {
    await b.close();
    await w.api.close();
  });

  it('answers a repeated list and by-slug read from memory, with the same body and headers', async () => {
    const item = await createArticle(w, 'cached');
    await publishNow(w, item.id, 1);
    const cache = w.api.running.deps.deliveryCache;
    const first = await w.api.get(live(), { token: w.reader });
    expectStatus(first, 200);
    expect(state(first)).to.equal('miss');
    const misses = cache.misses;
    const second = await w.api.get(live(), { token: w.reader });
    expect(state(second)).to.equal('hit');
    expect(second.text).to.equal(first.text);
    expect(second.headers.get('content-type')).to.match(/^application\/json/);
    expect(cache.misses).to.equal(misses);
    // Query names are case-insensitive and their order is free: still the same entry.
    expect(state(await w.api.get(`${w.base}/content?pageSize=100&Resolve=true`, { token: w.reader }))).to.equal('hit');

    const bySlug = `${w.base}/content/by-slug/${item.slug}`;
    const s1 = await w.api.get(bySlug, { token: w.reader });
    const s2 = await w.api.get(bySlug, { token: w.reader });
    expect([state(s1), state(s2)]).to.deep.equal(['miss', 'hit']);
    expect(s2.headers.get('etag')).to.equal(s1.headers.get('etag')).and.to.match(/^".+"$/);
    expect(s2.body).to.deep.equal(s1.body);
  });

  it('still checks access on every read: a cached body is never given to a caller without a grant', async () => {
    expectStatus(await w.api.get(live(), { token: w.reader }), 200);
    expect(state(await w.api.get(live(), { token: w.reader }))).to.equal('hit');
    // Without a grant the workspace does not exist for the caller.
    expectProblem(await w.api.get(live(), { token: w.stranger }), 404, 'not-found');
    expectProblem(await w.api.get(live()), 401, 'unauthenticated');
  });

  it('shows a write made on this server to the very next read', async () => {
    const before = await w.api.get(live(), { token: w.reader });
    expect(state(await w.api.get(live(), { token: w.reader }))).to.equal('hit');
    const item = await createArticle(w, 'fresh');
    await publishNow(w, item.id, 1);
    const after = await w.api.get(live(), { token: w.reader });
    expect(state(after)).to.equal('miss');
    expect(slugsOf(after)).to.include(item.slug);
    expect(after.body.totalCount).to.equal(before.body.totalCount + 1);

    // A slug change: the old slug stops resolving at once, the new one serves.
    const oldSlug = item.slug;
    expectStatus(await w.api.get(`${w.base}/content/by-slug/${oldSlug}`, { token: w.reader }), 200);
    const current = await w.api.get(`${w.base}/content/${item.id}`, { token: w.reader });
    const renamed = await w.api.put(
      `${w.base}/content/${item.id}`,
      { slug: `${oldSlug}-moved`, localeCode: 'en', tags: [] },
      { token: w.editor, headers: { 'if-match': current.headers.get('etag')! } },
    );
    expectStatus(renamed, 200);
    expectProblem(await w.api.get(`${w.base}/content/by-slug/${oldSlug}`, { token: w.reader }), 404, 'not-found');
    expectStatus(await w.api.get(`${w.base}/content/by-slug/${oldSlug}-moved`, { token: w.reader }), 200);
  });

  it('shows a template rename in cached lists (templateName comes from the template)', async () => {
    await w.api.get(live(), { token: w.reader });
    const tpl = await w.api.get(`${w.base}/templates/${w.model.article.templateId}`, { token: w.reviewer });
    const renamed = await w.api.put(
      `${w.base}/templates/${w.model.article.templateId}`,
      { name: 'Article (renamed)', description: tpl.body.description ?? null },
      { token: w.reviewer, headers: { 'if-match': tpl.headers.get('etag')! } },
    );
    expectStatus(renamed, 200);
    const after = await w.api.get(live(), { token: w.reader });
    const articles = after.body.items.filter((i: any) => i.templateVersionId === w.model.article.versionId);
    expect(articles.length).to.be.greaterThan(0);
    for (const article of articles) expect(article.templateName).to.equal('Article (renamed)');
  });

  it('hears of a write made on another server, or in plain SQL, within moments', async () => {
    const item = await createArticle(w, 'elsewhere');
    await publishNow(w, item.id, 1);
    // B caches the list, then A publishes something new: B's copy goes stale and is dropped.
    await b.get(live(), { token: w.reader });
    expect(state(await b.get(live(), { token: w.reader }))).to.equal('hit');
    const other = await createArticle(w, 'from A');
    await publishNow(w, other.id, 1);
    await within(2_000, async () => slugsOf(await b.get(live(), { token: w.reader })).includes(other.slug));

    // No HTTP request at all: an operator's UPDATE reaches both servers' caches through the triggers.
    for (const api of [w.api, b]) {
      await api.get(live(), { token: w.reader });
      expect(state(await api.get(live(), { token: w.reader }))).to.equal('hit');
    }
    await dbQuery(w.api, `UPDATE content_items SET slug = slug || '-sql' WHERE id = $1`, [item.id]);
    for (const api of [w.api, b]) {
      await within(2_000, async () => slugsOf(await api.get(live(), { token: w.reader })).includes(`${item.slug}-sql`));
    }
    // A field value changed in SQL (no item or version row touched) also reaches by-slug.
    const bySlug = `${w.base}/content/by-slug/${item.slug}-sql`;
    await w.api.get(bySlug, { token: w.reader });
    expect(state(await w.api.get(bySlug, { token: w.reader }))).to.equal('hit');
    await dbQuery(
      w.api,
      `UPDATE content_field_values SET text_value = 'edited in SQL'
       WHERE content_version_id = (SELECT id FROM content_versions WHERE content_item_id = $1 AND version_number = 1)`,
      [item.id],
    );
    await within(2_000, async () => (await w.api.get(bySlug, { token: w.reader })).body.fields[0].textValue === 'edited in SQL');
  });

  it('switches to a dated version exactly when its window opens, with no write in between', async function () {
    this.timeout(180_000);
    // An item whose window does not move keeps its entry across the boundary.
    const steady = await createArticle(w, 'steady');
    await publishNow(w, steady.id, 1);
    const steadyUrl = `${w.base}/content/by-slug/${steady.slug}`;
    // The boundary must lie after two reads (a miss, then a hit) on however busy a machine: a first
    // try with a lead of 3 s, and longer leads (new items) when the set-up alone took that long
    // (all within Delivery__CacheSeconds, 60 s, so the steady entry is still held at the end).
    for (const lead of [3_000, 12_000, 40_000]) {
      const item = await createArticle(w, 'default text');
      await publishNow(w, item.id, 1);
      const opensAt = Date.now() + lead;
      await newVersion(w, item.id, { effectiveStartAt: new Date(opensAt).toISOString(), effectiveEndAt: iso(3_600_000), fields: [text(title(), 'dated text')] });
      await publishNow(w, item.id, 2);
      const bySlug = `${w.base}/content/by-slug/${item.slug}`;
      // The server decided between `from` and `to`: only those bounds say which side it was on.
      const titleNow = async () => {
        const from = Date.now();
        const res = await w.api.get(bySlug, { token: w.reader });
        expectStatus(res, 200);
        return { title: res.body.fields[0].textValue as string, state: state(res), from, to: Date.now() };
      };
      await w.api.get(steadyUrl, { token: w.reader });
      const first = await titleNow();
      const cached = await titleNow();
      if (cached.to >= opensAt - 50) continue; // too slow to see the entry before the boundary: a longer lead
      expect(first.title).to.equal('default text');
      expect(cached).to.include({ title: 'default text', state: 'hit' });
      // Poll across the boundary: never the old text after it, never the new one before it.
      let seen = cached;
      while (seen.from < opensAt + 300) {
        seen = await titleNow();
        if (seen.to < opensAt - 50) expect(seen.title).to.equal('default text');
        if (seen.from >= opensAt + 5) expect(seen.title, `at +${seen.from - opensAt} ms`).to.equal('dated text');
        await sleep(20);
      }
      expect((await titleNow()).state).to.equal('hit');
      expect(state(await w.api.get(steadyUrl, { token: w.reader }))).to.equal('hit');
      return;
    }
    expect.fail('two reads never fitted before a boundary 40 s ahead');
  });

  it('keys an explicit asOf separately and keeps it until a change (it does not depend on the clock)', async () => {
    const at = iso(2 * 3_600_000);
    const url = `${live()}&asOf=${encodeURIComponent(at)}`;
    const first = await w.api.get(url, { token: w.reader });
    const second = await w.api.get(url, { token: w.reader });
    expect([state(first), state(second)]).to.deep.equal(['miss', 'hit']);
    expect(second.text).to.equal(first.text);
  });

  it('makes concurrent misses for one read share a single database read', async () => {
    const item = await createArticle(w, 'herd');
    await publishNow(w, item.id, 1); // invalidates the workspace
    const cache = w.api.running.deps.deliveryCache;
    const misses = cache.misses;
    const answers = await Promise.all(Array.from({ length: 16 }, () => w.api.get(live(), { token: w.reader })));
    for (const res of answers) expectStatus(res, 200);
    expect(new Set(answers.map((r) => r.text)).size).to.equal(1);
    expect(cache.misses - misses).to.equal(1);
  });

  describe('ends only what a change touches', () => {
    const bySlug = (slug: string) => `${w.base}/content/by-slug/${slug}`;
    const name = () => w.model.person.fields.name!;

    it('publishing one item leaves another item’s by-slug entry a hit, and ends its own and the lists', async () => {
      const cache = w.api.running.deps.deliveryCache;
      const a = await createArticle(w, 'A one');
      await publishNow(w, a.id, 1);
      const other = await createArticle(w, 'B one');
      await publishNow(w, other.id, 1);
      for (const slug of [a.slug, other.slug]) {
        await w.api.get(bySlug(slug), { token: w.reader });
        expect(state(await w.api.get(bySlug(slug), { token: w.reader }))).to.equal('hit');
      }
      await w.api.get(live(), { token: w.reader });
      await newVersion(w, a.id, { fields: [text(title(), 'A two')] });
      await publishNow(w, a.id, 2);
      const misses = cache.misses;
      const hits = cache.hits;
      const b1 = await w.api.get(bySlug(other.slug), { token: w.reader });
      expect(state(b1)).to.equal('hit');
      expect(b1.body.fields[0].textValue).to.equal('B one');
      expect([cache.misses - misses, cache.hits - hits]).to.deep.equal([0, 1]);
      const a2 = await w.api.get(bySlug(a.slug), { token: w.reader });
      expect(state(a2)).to.equal('miss');
      expect(a2.body.fields[0].textValue).to.equal('A two');
      expect(state(await w.api.get(live(), { token: w.reader }))).to.equal('miss');
    });

    it('publishing a grandchild ends the grandparent’s entry (reverse composition), not an unrelated one', async () => {
      const g = await createPerson(w, 'Grandchild');
      await publishNow(w, g.id, 1);
      const c = await createPerson(w, 'Child', [g.id]);
      await publishNow(w, c.id, 1);
      const p = await createPerson(w, 'Grandparent', [c.id]);
      await publishNow(w, p.id, 1);
      const unrelated = await createPerson(w, 'Unrelated');
      await publishNow(w, unrelated.id, 1);
      for (const slug of [p.slug, unrelated.slug]) {
        await w.api.get(bySlug(slug), { token: w.reader });
        expect(state(await w.api.get(bySlug(slug), { token: w.reader }))).to.equal('hit');
      }
      await newVersion(w, g.id, { fields: [text(name(), 'Grandchild v2')] });
      await publishNow(w, g.id, 2);
      const res = await w.api.get(bySlug(p.slug), { token: w.reader });
      expect(state(res)).to.equal('miss');
      expect(res.body.fields[1].child.fields[1].child.fields[0].textValue).to.equal('Grandchild v2');
      expect(state(await w.api.get(bySlug(unrelated.slug), { token: w.reader }))).to.equal('hit');
    });

    it('hears of a change on another server by item: exactly that item’s entries end there', async () => {
      const cacheB = b.running.deps.deliveryCache;
      const x = await createArticle(w, 'X one');
      await publishNow(w, x.id, 1);
      const y = await createArticle(w, 'Y one');
      await publishNow(w, y.id, 1);
      for (const slug of [x.slug, y.slug]) {
        await b.get(bySlug(slug), { token: w.reader });
        expect(state(await b.get(bySlug(slug), { token: w.reader }))).to.equal('hit');
      }
      // Published on A: B hears the notice naming X.
      await newVersion(w, x.id, { fields: [text(title(), 'X two')] });
      await publishNow(w, x.id, 2);
      await within(2_000, async () => (await b.get(bySlug(x.slug), { token: w.reader })).body.fields[0].textValue === 'X two');
      const misses = cacheB.misses;
      const res = await b.get(bySlug(y.slug), { token: w.reader });
      expect(state(res)).to.equal('hit');
      expect(res.body.fields[0].textValue).to.equal('Y one');
      expect(cacheB.misses).to.equal(misses);
    });

    it('makes concurrent by-slug misses after a change to the item share a single database read', async () => {
      const cache = w.api.running.deps.deliveryCache;
      const item = await createArticle(w, 'herd one');
      await publishNow(w, item.id, 1);
      await w.api.get(bySlug(item.slug), { token: w.reader });
      await newVersion(w, item.id, { fields: [text(title(), 'herd two')] });
      await publishNow(w, item.id, 2);
      const misses = cache.misses;
      const answers = await Promise.all(Array.from({ length: 16 }, () => w.api.get(bySlug(item.slug), { token: w.reader })));
      for (const res of answers) expect(res.body.fields[0].textValue).to.equal('herd two');
      expect(cache.misses - misses).to.equal(1);
    });
  });

  it('bypasses the cache while its change notices cannot arrive, and resumes once they can', async () => {
    const api = await startTestApi({ databaseUrl: w.api.databaseUrl, env: { Workers__Enabled: 'false' } });
    try {
      await api.get(live(), { token: w.reader });
      expect(state(await api.get(live(), { token: w.reader }))).to.equal('hit');
      const [{ pid }] = await dbQuery(api, `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'verso-notice-listener' AND query ILIKE 'LISTEN%' ORDER BY backend_start DESC LIMIT 1`);
      await dbQuery(api, 'SELECT pg_terminate_backend($1)', [pid]);
      await within(2_000, async () => !api.running.deps.deliveryCache.active);
      const res = await api.get(live(), { token: w.reader });
      expectStatus(res, 200);
      expect(state(res)).to.equal('bypass');
      await within(3_000, async () => api.running.deps.deliveryCache.active);
      expect(state(await api.get(live(), { token: w.reader }))).to.equal('miss');
      expect(state(await api.get(live(), { token: w.reader }))).to.equal('hit');
    } finally {
      await api.close();
    }
  });

  it('is off with Delivery__CacheSeconds=0', async () => {
    const api = await startTestApi({ databaseUrl: w.api.databaseUrl, env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0' } });
    try {
      for (let i = 0; i < 2; i++) expect(state(await api.get(live(), { token: w.reader }))).to.equal('bypass');
    } finally {
      await api.close();
    }
  });
});

describe('DeliveryCache', () => {
  const WS = '0190a5b0-0000-7000-8000-000000000001';
  const OTHER = '0190a5b0-0000-7000-8000-000000000002';
  const ITEM_A = '0190a5b0-0000-7000-8000-00000000000a';
  const ITEM_B = '0190a5b0-0000-7000-8000-00000000000b';
  /** A list's answer (depends on every item of its workspace), or with `itemId` a by-slug answer. */
  const body = (text: string, itemId: string | null = null): DeliveryComputation<DeliveryResponse> => ({
    response: { body: Buffer.from(text), headers: {} },
    itemId,
  });
  function cacheAt(clock: { now: number }, o: { ttlMs?: number; maxBytes?: number; boundary?: number | null; moved?: readonly string[] | null } = {}) {
    const lookups: string[] = [];
    const sweeps: string[] = [];
    const cache = new DeliveryCache(o.ttlMs ?? 60_000, o.maxBytes ?? 1_000_000, {
      nextBoundary: async (ws, after) => {
        lookups.push(`${ws}@${after}`);
        // As the database answers: the first boundary strictly after `after`.
        return o.boundary != null && o.boundary > Date.parse(after) ? o.boundary : null;
      },
      movedItems: async (ws, from, to) => {
        sweeps.push(`${ws}:${from}..${to}`);
        return o.moved === undefined ? [] : o.moved;
      },
      sendBarrier: async () => {},
    }, () => clock.now);
    cache.setListening(true);
    return { cache, lookups, sweeps };
  }
  const text = (r: { response: DeliveryResponse }) => r.response.body.toString();

  it('ends an entry at its lifetime, and a read at now at the next window boundary', async () => {
    const clock = { now: 1_000_000 };
    const { cache, lookups, sweeps } = cacheAt(clock, { ttlMs: 10_000, boundary: 1_004_000, moved: [ITEM_A] });
    expect((await cache.read(WS, 'now', true, async () => body('a', ITEM_A))).state).to.equal('miss');
    expect((await cache.read(WS, 'asOf', false, async () => body('b', ITEM_A))).state).to.equal('miss');
    clock.now = 1_003_999;
    expect((await cache.read(WS, 'now', true, async () => body('x', ITEM_A))).state).to.equal('hit');
    clock.now = 1_004_000; // the window opens: the read at now is recomputed
    expect((await cache.read(WS, 'now', true, async () => body('c', ITEM_A))).state).to.equal('miss');
    expect(sweeps).to.deep.equal([`${WS}:${new Date(1_000_000).toISOString()}..${new Date(1_004_000).toISOString()}`]);
    clock.now = 1_010_000; // the lifetime is up
    expect(text(await cache.read(WS, 'asOf', false, async () => body('d', ITEM_A)))).to.equal('d');
    // The boundary is looked up once per change and per boundary crossed, not per read.
    expect(lookups).to.have.length(2);
  });

  it('at a window boundary ends only the items whose window moved (and the lists)', async () => {
    const clock = { now: 1_000_000 };
    const { cache } = cacheAt(clock, { boundary: 1_004_000, moved: [ITEM_A] });
    for (const [key, item] of [['a', ITEM_A], ['b', ITEM_B], ['list', null]] as const) await cache.read(WS, key, true, async () => body(key, item));
    clock.now = 1_005_000;
    expect((await cache.read(WS, 'b', true, async () => body('x', ITEM_B))).state).to.equal('hit');
    expect((await cache.read(WS, 'a', true, async () => body('a2', ITEM_A))).state).to.equal('miss');
    expect((await cache.read(WS, 'list', true, async () => body('l2'))).state).to.equal('miss');
  });

  it('ends an item’s entries and the lists of its workspace, and nothing else', async () => {
    const { cache } = cacheAt({ now: 0 });
    await cache.read(WS, 'a', false, async () => body('a', ITEM_A));
    await cache.read(WS, 'b', false, async () => body('b', ITEM_B));
    await cache.read(WS, 'list', false, async () => body('list'));
    await cache.read(OTHER, 'other-list', false, async () => body('other'));
    cache.apply({ kind: 'items', workspaceId: WS, itemIds: [ITEM_A.toUpperCase()] });
    expect((await cache.read(WS, 'b', false, async () => body('x', ITEM_B))).state).to.equal('hit');
    expect((await cache.read(OTHER, 'other-list', false, async () => body('x'))).state).to.equal('hit');
    expect((await cache.read(WS, 'a', false, async () => body('a2', ITEM_A))).state).to.equal('miss');
    expect((await cache.read(WS, 'list', false, async () => body('list2'))).state).to.equal('miss');
  });

  it('invalidates one workspace without touching another, and everything on "*"', async () => {
    const { cache } = cacheAt({ now: 0 });
    await cache.read(WS, 'k1', false, async () => body('1', ITEM_A));
    await cache.read(OTHER, 'k2', false, async () => body('2'));
    cache.invalidate(WS.toUpperCase());
    expect((await cache.read(WS, 'k1', false, async () => body('1b', ITEM_A))).state).to.equal('miss');
    expect((await cache.read(OTHER, 'k2', false, async () => body('x'))).state).to.equal('hit');
    cache.invalidate('*');
    expect((await cache.read(OTHER, 'k2', false, async () => body('2b'))).state).to.equal('miss');
  });

  it('bounds a change whose notice never came by Delivery__CacheSeconds', async () => {
    const clock = { now: 5_000_000 };
    const { cache } = cacheAt(clock, { ttlMs: 30_000 });
    await cache.read(WS, 'a', false, async () => body('before', ITEM_A));
    // The item changes, but no notice arrives (and no barrier: the change was made elsewhere).
    clock.now += 29_999;
    expect(text(await cache.read(WS, 'a', false, async () => body('after', ITEM_A)))).to.equal('before');
    clock.now += 1;
    const next = await cache.read(WS, 'a', false, async () => body('after', ITEM_A));
    expect(next.state).to.equal('miss');
    expect(text(next)).to.equal('after');
  });

  it('does not keep a read that was in flight when its item changed', async () => {
    const { cache } = cacheAt({ now: 0 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.read(WS, 'k', false, async () => {
      await gate;
      return body('old', ITEM_A);
    });
    cache.invalidateItems(WS, [ITEM_A]);
    // A read after the change does not take the older computation's answer.
    const fresh = await cache.read(WS, 'k', false, async () => body('new', ITEM_A));
    expect(text(fresh)).to.equal('new');
    release();
    expect(text(await slow)).to.equal('old');
    const next = await cache.read(WS, 'k', false, async () => body('x', ITEM_A));
    expect(next).to.deep.include({ state: 'hit' });
    expect(text(next)).to.equal('new');
  });

  it('shares one computation among concurrent misses; a change to another item does not split them', async () => {
    const { cache } = cacheAt({ now: 0 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let computed = 0;
    await cache.read(WS, 'k', false, async () => body('zero', ITEM_A));
    cache.invalidateItems(WS, [ITEM_A]); // the key's item is known from its last answer
    const compute = async () => {
      computed += 1;
      await gate;
      return body('one', ITEM_A);
    };
    const first = Array.from({ length: 8 }, () => cache.read(WS, 'k', false, compute));
    cache.invalidateItems(WS, [ITEM_B]);
    const later = Array.from({ length: 8 }, () => cache.read(WS, 'k', false, compute));
    release();
    const answers = await Promise.all([...first, ...later]);
    expect(computed).to.equal(1);
    expect(answers.map(text)).to.deep.equal(Array(16).fill('one'));
    expect((await cache.read(WS, 'k', false, compute)).state).to.equal('hit');
  });

  it('waits for its own barrier notice after a write, and ends the workspace when it cannot send one', async () => {
    const sent: string[] = [];
    const cache: DeliveryCache = new DeliveryCache(60_000, 1_000_000, {
      nextBoundary: async () => null,
      movedItems: async () => [],
      // The listener hears the notice after the write's own (commit order): an item notice, then the barrier.
      sendBarrier: async (token) => {
        sent.push(token);
        if (sent.length > 1) throw new Error('connection refused');
        setImmediate(() => {
          cache.apply({ kind: 'items', workspaceId: WS, itemIds: [ITEM_A] });
          cache.apply({ kind: 'barrier', token });
        });
      },
    });
    cache.setListening(true);
    await cache.read(WS, 'a', false, async () => body('a', ITEM_A));
    await cache.read(WS, 'b', false, async () => body('b', ITEM_B));
    await cache.catchUp(WS);
    expect((await cache.read(WS, 'a', false, async () => body('a2', ITEM_A))).state).to.equal('miss');
    expect((await cache.read(WS, 'b', false, async () => body('x', ITEM_B))).state).to.equal('hit');
    expect(sent).to.have.length(1);
    // The barrier cannot be sent: the write's changes are unknown, so its workspace ends here.
    await cache.catchUp(WS);
    expect((await cache.read(WS, 'b', false, async () => body('b2', ITEM_B))).state).to.equal('miss');
  });

  it('stays within its byte budget, least recently used first, and never stores an oversized body', async () => {
    const { cache } = cacheAt({ now: 0 }, { maxBytes: 2_000 });
    const sized = (c: string) => body(c.repeat(450));
    for (const key of ['a', 'b', 'c', 'd']) await cache.read(WS, key, false, async () => sized(key));
    expect((await cache.read(WS, 'a', false, async () => sized('x'))).state).to.equal('hit'); // a is now the most recent
    await cache.read(WS, 'e', false, async () => sized('e')); // over budget: b, the least recent, leaves
    expect(cache.size.bytes).to.be.at.most(2_000);
    expect(cache.size.entries).to.equal(4);
    expect((await cache.read(WS, 'a', false, async () => sized('x'))).state).to.equal('hit');
    expect((await cache.read(WS, 'b', false, async () => sized('b'))).state).to.equal('miss');
    // More than a quarter of the budget in one body: served, never stored.
    await cache.read(WS, 'huge', false, async () => body('h'.repeat(600)));
    expect((await cache.read(WS, 'huge', false, async () => body('h'))).state).to.equal('miss');
  });

  it('passes a failed read to every caller and keeps nothing of it', async () => {
    const { cache } = cacheAt({ now: 0 });
    const failing = async (): Promise<DeliveryComputation<DeliveryResponse>> => {
      await sleep(5);
      throw new Error('boom');
    };
    const results = await Promise.allSettled([cache.read(WS, 'k', false, failing), cache.read(WS, 'k', false, failing)]);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
    expect((await cache.read(WS, 'k', false, async () => body('ok'))).state).to.equal('miss');
  });
});
