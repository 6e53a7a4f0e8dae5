// Stored list pages (issue #24, migration 0032): a resolved list page at "now" is stored in
// PostgreSQL and served by one statement while the lists' state it was made under (the marks of the
// workspace's lists and the next window boundary) is unchanged. The in-process delivery cache is off
// here, so every request reaches the stored pages. A page is proved SERVED by tampering its stored
// body (a read shows the tampered text) and proved NOT served by the read showing the real data
// again after a change. Pages are stored gzipped (0033); the test client accepts gzip, so its
// answers carry the gzip representation's tag (the stored tag with `.gz`).
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { gzipEtag } from '../../server/src/handlers/content-coding.js';
import { statementRecorder } from '../helpers/statements.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createPerson, dbQuery, expectStatus, newVersion, publishNow, startColdDeliveryWorld, text, type ContentWorld } from './content-fixture.js';

const { statements, onStatement } = statementRecorder();

const HOUR = 3_600_000;

describe('stored list pages (resolved list at now)', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: ContentWorld;
  before(async () => {
    ({ api, w } = await startColdDeliveryWorld(onStatement));
  });
  after(() => api.close());

  const PAGE = 'resolve=true&pageSize=5';
  const list = (query = PAGE, headers: Record<string, string> = {}) => w.api.get(`${w.base}/content?${query}`, { token: w.reader, headers });
  const titles = async (query = PAGE) => {
    const res = await list(query);
    expectStatus(res, 200);
    return (res.body.items as { title: string }[]).map((i) => i.title);
  };
  /** The stored pages, each with its body's JSON text. */
  const pagesOf = async () =>
    (await dbQuery(api, 'SELECT * FROM delivery_list_pages WHERE workspace_id = $1', [w.ws])).map((p) => ({ ...p, body: gunzipSync(p.body_gzip).toString() }));
  /** Rewrites every stored page's text `from` to `to`: a read showing `to` was served from a stored page. */
  const tamper = async (from: string, to: string) => {
    for (const p of await pagesOf()) {
      await dbQuery(api, 'UPDATE delivery_list_pages SET body_gzip = $3 WHERE workspace_id = $1 AND slot = $2', [w.ws, p.slot, gzipSync(p.body.replaceAll(from, to))]);
    }
  };
  const published = async (name: string) => {
    const p = await createPerson(w, name);
    await publishNow(w, p.id, 1);
    return p;
  };

  it('stores the page, serves it in one statement with its tag and purge keys, and not once an item of the workspace changes', async () => {
    const first = await published('Listed one');
    const res = await list();
    expectStatus(res, 200);
    const [page] = await pagesOf();
    expect(JSON.parse(page.body)).to.deep.equal(res.body);
    expect(page.items).to.deep.equal(res.body.items.map((i: { id: string }) => i.id));
    expect(gzipEtag(page.etag)).to.equal(res.headers.get('etag'));
    expect(res.headers.get('content-encoding')).to.equal('gzip');

    await tamper('Listed one', 'Listed from the stored page');
    statements.length = 0;
    const again = await list();
    expect(again.body.items[0].title).to.equal('Listed from the stored page');
    expect(statements.filter((s) => /delivery_list_pages|content_/.test(s))).to.have.length(1);
    expect(again.headers.get('etag')).to.equal(res.headers.get('etag'));
    expect(again.headers.get('surrogate-key')).to.equal(res.headers.get('surrogate-key'));
    expect(again.headers.get('surrogate-key')).to.contain(`item-${first.id}`);

    const second = await published('Listed two');
    expect(await titles()).to.include.members(['Listed two', 'Listed one']);
    expect((await list()).body.items.map((i: { id: string }) => i.id)).to.include(second.id);
  });

  it('never serves a page stored by a read that began before a change committed', async () => {
    await published('Before the change');
    expectStatus(await list(), 200);
    const [old] = await pagesOf();
    const late = await published('After the change');
    // A slow read that saw the old state and page stores it only now.
    await dbQuery(api, 'UPDATE delivery_list_pages SET marks = $2, next_boundary = $3, body_gzip = $4, items = $5, etag = $6 WHERE workspace_id = $1',
      [w.ws, old.marks, old.next_boundary, old.body_gzip, old.items, old.etag]);
    const res = await list();
    expect(res.body.items.map((i: { id: string }) => i.id)).to.include(late.id);
    expect(res.headers.get('etag')).to.not.equal(gzipEtag(old.etag));
  });

  it('is not served once its next window boundary has passed', async () => {
    const later = await published('Window item');
    const start = new Date(Date.now() + HOUR);
    start.setUTCMilliseconds(0);
    await newVersion(w, later.id, { effectiveStartAt: start.toISOString(), effectiveEndAt: new Date(start.getTime() + 24 * HOUR).toISOString(), fields: [text(w.model.person.fields.name!, 'Window item, later')] });
    await publishNow(w, later.id, 2);
    expect(await titles()).to.include('Window item');
    const [page] = await pagesOf();
    expect(new Date(page.next_boundary).toISOString()).to.equal(start.toISOString());
    await tamper('Window item', 'Stale window item');
    expect(await titles()).to.include('Stale window item');
    // The boundary passes (moved into the past rather than waited for): version 2 is served now.
    const past = new Date(Date.now() - 1000).toISOString();
    await dbQuery(api, 'UPDATE content_serving SET valid_from = $3 WHERE content_item_id = $1 AND valid_from = $2', [later.id, start.toISOString(), past]);
    await dbQuery(api, 'UPDATE content_serving SET valid_until = $3 WHERE content_item_id = $1 AND valid_until = $2', [later.id, start.toISOString(), past]);
    const now = await titles();
    expect(now).to.include('Window item, later');
    expect(now).to.not.include('Stale window item');
  });

  it('keeps each query in its own page, and never serves one query\'s page for another sharing its slot', async () => {
    await published('Slot one');
    await published('Slot two');
    await published('Slot three');
    const one = await startTestApi({ env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0', Delivery__StoredListPages: '1' }, databaseUrl: api.databaseUrl });
    try {
      const get = (size: number) => one.get(`${w.base}/content?resolve=true&pageSize=${size}`, { token: w.reader });
      for (const size of [2, 3, 2, 3]) {
        const res = await get(size);
        expectStatus(res, 200);
        expect(res.body.items).to.have.length(size);
        expect(res.body.pageSize).to.equal(size);
      }
      const stored = await pagesOf();
      expect(stored.filter((p) => p.slot === 0)).to.have.length(1);
      expect(JSON.parse(stored.find((p) => p.slot === 0)!.body).pageSize).to.equal(3);
    } finally {
      await one.close();
    }
  });

  it('does not store searches, reads at an explicit instant, plain lists, nor anything with Delivery__StoredListPages=0', async () => {
    await published('Searched person');
    await dbQuery(api, 'DELETE FROM delivery_list_pages WHERE workspace_id = $1', [w.ws]);
    expect(await titles('resolve=true&q=Searched')).to.include('Searched person');
    expect(await titles(`resolve=true&asOf=${encodeURIComponent(new Date().toISOString())}`)).to.include('Searched person');
    expectStatus(await list('pageSize=5'), 200);
    expect(await pagesOf()).to.have.length(0);

    const off = await startTestApi({ env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0', Delivery__StoredListPages: '0' }, databaseUrl: api.databaseUrl });
    try {
      expectStatus(await off.get(`${w.base}/content?${PAGE}`, { token: w.reader }), 200);
      expect(await pagesOf()).to.have.length(0);
    } finally {
      await off.close();
    }
  });

  it('answers If-None-Match on a stored page with 304, and a changed workspace with the new page', async () => {
    await published('Revalidated');
    const first = await list();
    const res = await list(PAGE, { 'if-none-match': first.headers.get('etag')! });
    expectStatus(res, 304);
    await published('Newer');
    const changed = await list(PAGE, { 'if-none-match': first.headers.get('etag')! });
    expectStatus(changed, 200);
    expect(changed.body.items[0].title).to.equal('Newer');
  });
});
