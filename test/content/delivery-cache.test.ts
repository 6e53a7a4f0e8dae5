// The delivery cache (services/delivery-cache.ts, Delivery__CacheSeconds): repeated delivery reads
// skip the database, yet what they answer is always what the database would answer now — after a
// write on this server at once, after a write anywhere else (another replica, plain SQL) within a
// moment, and at an effective-window boundary without any write at all.
import { expect } from 'chai';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { sleep, within } from '../helpers/wait.js';
import { DeliveryCache, type DeliveryResponse } from '../../server/src/services/delivery/delivery-cache.js';
import { createArticle, dbQuery, expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from './content-fixture.js';

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

  it('switches to a dated version exactly when its window opens, with no write in between', async () => {
    const item = await createArticle(w, 'default text');
    await publishNow(w, item.id, 1);
    // Far enough ahead that two reads fit before it on a loaded machine.
    const opensAt = Date.now() + 3_000;
    await newVersion(w, item.id, { effectiveStartAt: new Date(opensAt).toISOString(), effectiveEndAt: iso(3_600_000), fields: [text(title(), 'dated text')] });
    await publishNow(w, item.id, 2);
    const bySlug = `${w.base}/content/by-slug/${item.slug}`;
    const titleNow = async () => {
      const res = await w.api.get(bySlug, { token: w.reader });
      expectStatus(res, 200);
      return { title: res.body.fields[0].textValue as string, state: state(res), at: Date.now() };
    };
    expect((await titleNow()).title).to.equal('default text');
    const cached = await titleNow();
    expect(cached).to.include({ title: 'default text', state: 'hit' });
    // Poll across the boundary: never the old text after it, never the new one before it.
    let seen = cached;
    while (seen.at < opensAt + 300) {
      seen = await titleNow();
      if (seen.at < opensAt - 50) expect(seen.title).to.equal('default text');
      if (seen.at >= opensAt + 5) {
        expect(seen.title, `at +${seen.at - opensAt} ms`).to.equal('dated text');
      }
      await sleep(20);
    }
    expect((await titleNow()).state).to.equal('hit');
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
  const body = (text: string): DeliveryResponse => ({ body: Buffer.from(text), headers: {} });
  const WS = '0190a5b0-0000-7000-8000-000000000001';
  const OTHER = '0190a5b0-0000-7000-8000-000000000002';
  function cacheAt(clock: { now: number }, o: { ttlMs?: number; maxBytes?: number; boundary?: number | null } = {}) {
    const lookups: string[] = [];
    const cache = new DeliveryCache(o.ttlMs ?? 60_000, o.maxBytes ?? 1_000_000, async (ws, after) => {
      lookups.push(`${ws}@${after}`);
      return o.boundary ?? null;
    }, () => clock.now);
    cache.setListening(true);
    return { cache, lookups };
  }

  it('ends an entry at its lifetime, and a read at now at the next window boundary', async () => {
    const clock = { now: 1_000_000 };
    const { cache, lookups } = cacheAt(clock, { ttlMs: 10_000, boundary: 1_004_000 });
    expect((await cache.read(WS, 'now', true, async () => body('a'))).state).to.equal('miss');
    expect((await cache.read(WS, 'asOf', false, async () => body('b'))).state).to.equal('miss');
    clock.now = 1_003_999;
    expect((await cache.read(WS, 'now', true, async () => body('x'))).state).to.equal('hit');
    clock.now = 1_004_000; // the window opens: the read at now is recomputed, the one at a fixed asOf is not
    expect((await cache.read(WS, 'now', true, async () => body('c'))).state).to.equal('miss');
    expect((await cache.read(WS, 'asOf', false, async () => body('x'))).state).to.equal('hit');
    clock.now = 1_010_000; // the lifetime is up for both
    expect((await cache.read(WS, 'asOf', false, async () => body('d'))).response.body.toString()).to.equal('d');
    // The boundary is looked up once per change and per boundary crossed, not per read.
    expect(lookups).to.have.length(2);
  });

  it('invalidates one workspace without touching another, and everything on "*"', async () => {
    const { cache } = cacheAt({ now: 0 });
    await cache.read(WS, 'k1', false, async () => body('1'));
    await cache.read(OTHER, 'k2', false, async () => body('2'));
    cache.invalidate(WS.toUpperCase());
    expect((await cache.read(WS, 'k1', false, async () => body('1b'))).state).to.equal('miss');
    expect((await cache.read(OTHER, 'k2', false, async () => body('x'))).state).to.equal('hit');
    cache.invalidate('*');
    expect((await cache.read(OTHER, 'k2', false, async () => body('2b'))).state).to.equal('miss');
  });

  it('does not keep a read that was in flight when its workspace changed', async () => {
    const { cache } = cacheAt({ now: 0 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.read(WS, 'k', false, async () => {
      await gate;
      return body('old');
    });
    cache.invalidate(WS);
    // A read after the change does not join the older computation.
    const fresh = await cache.read(WS, 'k', false, async () => body('new'));
    expect(fresh.response.body.toString()).to.equal('new');
    release();
    expect((await slow).response.body.toString()).to.equal('old');
    const next = await cache.read(WS, 'k', false, async () => body('x'));
    expect(next).to.deep.include({ state: 'hit' });
    expect(next.response.body.toString()).to.equal('new');
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
    const failing = async (): Promise<DeliveryResponse> => {
      await sleep(5);
      throw new Error('boom');
    };
    const results = await Promise.allSettled([cache.read(WS, 'k', false, failing), cache.read(WS, 'k', false, failing)]);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
    expect((await cache.read(WS, 'k', false, async () => body('ok'))).state).to.equal('miss');
  });
});
