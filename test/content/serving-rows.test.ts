// The maintained serving rows (migration 0015) against the full resolution of the serving rule
// (db/delivery/content-serving.ts, one lateral probe per item): after every kind of write that can
// change what an item serves, at instants before, inside and after effective windows, the rows, the
// maintained counts and the resolved list all say what the full resolution says.
import { expect } from 'chai';
import { startTestApi } from '../helpers/api.js';
import { findServedDetails } from '../../server/src/db/delivery/content-serving.js';
import { createLogger } from '../../server/src/logging/logger.js';
import { createScheduledPublishingWorker } from '../../server/src/workers/scheduled-publishing.js';
import { MemoryLog } from '../helpers/memory-log.js';
import { createArticle, createPerson, dbQuery, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from './content-fixture.js';

const HOUR = 3_600_000;

describe('content serving rows', () => {
  let w: ContentWorld;
  const t0 = Date.now();
  const at = (offsetMs: number) => new Date(t0 + offsetMs).toISOString();
  const windowStart = at(HOUR);
  const windowEnd = at(2 * HOUR);
  // Now, the instant before the window, its first instant, inside, its end (excluded), after, and the past.
  const instants = () => [
    new Date().toISOString(),
    at(HOUR - 1),
    windowStart,
    at(90 * 60_000),
    at(2 * HOUR - 1),
    windowEnd,
    at(3 * HOUR),
    at(-HOUR),
  ];

  before(async () => {
    // The API's own worker is off so the scheduled publication happens when the test runs a pass.
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
  });
  after(() => w.api.close());
  const db = () => w.api.running.deps.db;

  async function liveItemIds(): Promise<string[]> {
    return (await dbQuery<{ id: string }>(w.api, 'SELECT id FROM content_items WHERE workspace_id = $1 AND NOT is_deleted', [w.ws])).map((r) => r.id);
  }

  /** item id → version id, from the full resolution. */
  async function resolved(asOf: string): Promise<Record<string, string>> {
    const rows = await findServedDetails(db(), w.ws, await liveItemIds(), asOf);
    return Object.fromEntries(rows.map((v) => [v.content_item_id, v.id]));
  }

  /** item id → version id, from the serving rows. */
  async function maintained(asOf: string): Promise<Record<string, string>> {
    const rows = await dbQuery<{ content_item_id: string; version_id: string }>(
      w.api,
      'SELECT content_item_id, version_id FROM content_serving WHERE workspace_id = $1 AND valid_from <= $2 AND $2 < valid_until',
      [w.ws, asOf],
    );
    const byItem: Record<string, string> = {};
    for (const r of rows) {
      expect(byItem, `item ${r.content_item_id} has overlapping spans`).to.not.have.property(r.content_item_id);
      byItem[r.content_item_id] = r.version_id;
    }
    return byItem;
  }

  async function maintainedCount(asOf: string, templateId?: string): Promise<number> {
    const [row] = await dbQuery<{ n: number }>(
      w.api,
      'SELECT coalesce(sum(delta), 0)::int AS n FROM content_serving_counts WHERE workspace_id = $1 AND at <= $2 AND ($3::uuid IS NULL OR template_id = $3)',
      [w.ws, asOf, templateId ?? null],
    );
    return row!.n;
  }

  async function expectAgreement(): Promise<void> {
    for (const asOf of instants()) {
      const full = await resolved(asOf);
      expect(await maintained(asOf), `serving rows at ${asOf}`).to.deep.equal(full);
      expect(await maintainedCount(asOf), `count at ${asOf}`).to.equal(Object.keys(full).length);
      const res = await w.api.get(`${w.base}/content?resolve=true&pageSize=100&asOf=${encodeURIComponent(asOf)}`, { token: w.reader });
      expectStatus(res, 200);
      expect(res.body.totalCount, `totalCount at ${asOf}`).to.equal(Object.keys(full).length);
      const listed = Object.fromEntries(res.body.items.map((i: any) => [i.id, i.currentlyServingVersion.id]));
      expect(listed, `list at ${asOf}`).to.deep.equal(full);
    }
  }

  const title = () => w.model.article.fields.title!;
  const items: Record<string, string> = {};

  it('agree after publishing, including a version whose window opens and closes later', async () => {
    const a = await createArticle(w, 'A', { localeCode: 'en', tags: ['news'] });
    await publishNow(w, a.id, 1);
    const b = await createArticle(w, 'B', { localeCode: 'fr' });
    await publishNow(w, b.id, 1);
    // c serves v1 outside [windowStart, windowEnd) and v2 inside it: three spans.
    const c = await createArticle(w, 'C');
    await publishNow(w, c.id, 1);
    await newVersion(w, c.id, { effectiveStartAt: windowStart, effectiveEndAt: windowEnd, fields: [text(title(), 'C dated')] });
    await publishNow(w, c.id, 2);
    // d serves only inside the window.
    const d = await createArticle(w, 'D');
    await newVersion(w, d.id, { effectiveStartAt: windowStart, effectiveEndAt: windowEnd, fields: [text(title(), 'D dated')] });
    await publishNow(w, d.id, 2);
    const draft = await createPerson(w, 'Never published');
    Object.assign(items, { a: a.id, b: b.id, c: c.id, d: d.id, draft: draft.id });
    const spans = await dbQuery(w.api, 'SELECT valid_from, valid_until FROM content_serving WHERE content_item_id = $1 ORDER BY valid_from', [c.id]);
    expect(spans).to.have.length(3);
    await expectAgreement();
    // A new version replacing the served one moves the span, not the count.
    await newVersion(w, a.id, { fields: [text(title(), 'A v2')] });
    await publishNow(w, a.id, 2);
    await expectAgreement();
  });

  it('agree after archiving, restoring and republishing', async () => {
    const archived = await w.api.post(`${w.base}/content/${items.b}/versions/1/archive`, undefined, { token: w.editor });
    expectStatus(archived, 200);
    await expectAgreement();
    expect(await maintained(new Date().toISOString())).to.not.have.property(items.b!);
    expectStatus(await w.api.post(`${w.base}/content/${items.b}/versions/1/restore`, undefined, { token: w.editor }), 200);
    await expectAgreement();
    await publishNow(w, items.b!, 1);
    await expectAgreement();
    expect(await maintained(new Date().toISOString())).to.have.property(items.b!);
  });

  it('agree after deleting an item', async () => {
    const etag = (await w.api.get(`${w.base}/content/${items.c}`, { token: w.reader })).headers.get('etag')!;
    expectStatus(await w.api.delete(`${w.base}/content/${items.c}`, { token: w.editor, headers: { 'if-match': etag } }), 204);
    await expectAgreement();
    expect(await dbQuery(w.api, 'SELECT 1 FROM content_serving WHERE content_item_id = $1', [items.c])).to.deep.equal([]);
  });

  it('agree after a scheduled publication by the worker', async () => {
    const e = await createArticle(w, 'E');
    await publishNow(w, e.id, 1);
    await newVersion(w, e.id, { fields: [text(title(), 'E next')] });
    await w.api.post(`${w.base}/content/${e.id}/versions/2/submit`, undefined, { token: w.editor });
    await w.api.post(`${w.base}/content/${e.id}/versions/2/approve`, undefined, { token: w.reviewer });
    expectStatus(await w.api.post(`${w.base}/content/${e.id}/versions/2/publish`, { publishAt: new Date(Date.now() - 1000).toISOString() }, { token: w.editor }), 200);
    const before = await maintained(new Date().toISOString());
    const worker = createScheduledPublishingWorker(db(), createLogger({ level: 'error', stream: new MemoryLog() }), w.api.running.deps.metrics.schedule, { batchSize: 10 });
    expect(await worker.runOnce(new AbortController().signal)).to.equal(1);
    const after = await maintained(new Date().toISOString());
    expect(after[e.id]).to.not.equal(before[e.id]);
    await expectAgreement();
  });

  it('follow the item: a slug change re-sorts the resolved list by slug, the template filter uses the maintained count', async () => {
    const etag = (await w.api.get(`${w.base}/content/${items.a}`, { token: w.reader })).headers.get('etag')!;
    const renamed = await w.api.put(`${w.base}/content/${items.a}`, { slug: 'aaa-first', localeCode: 'en', tags: ['news'] }, { token: w.editor, headers: { 'if-match': etag } });
    expectStatus(renamed, 200);
    const res = await w.api.get(`${w.base}/content?resolve=true&sortBy=slug&sortDesc=false`, { token: w.reader });
    expectStatus(res, 200);
    expect(res.body.items[0]).to.include({ id: items.a, slug: 'aaa-first' });
    const slugs = res.body.items.map((i: any) => i.slug);
    expect(slugs).to.deep.equal([...slugs].sort());
    const byTemplate = await w.api.get(`${w.base}/content?resolve=true&templateId=${w.model.article.templateId}`, { token: w.reader });
    expect(byTemplate.body.totalCount).to.equal(await maintainedCount(new Date().toISOString(), w.model.article.templateId));
    expect(byTemplate.body.totalCount).to.equal(Object.keys(await resolved(new Date().toISOString())).length);
    const tagged = await w.api.get(`${w.base}/content?resolve=true&tags=news`, { token: w.reader });
    expect(tagged.body.items.map((i: any) => i.id)).to.deep.equal([items.a]);
    expect(tagged.body.totalCount).to.equal(1);
    await expectAgreement();
  });

  it('rebuilt from scratch (the migration\'s backfill) equal the maintained ones', async () => {
    const snapshot = async () => ({
      rows: await dbQuery(w.api, 'SELECT * FROM content_serving ORDER BY content_item_id, valid_from'),
      counts: await dbQuery(w.api, 'SELECT workspace_id, template_version_id, locale_key, at, delta FROM content_serving_counts WHERE delta <> 0 ORDER BY 1, 2, 3, 4'),
    });
    const kept = await snapshot();
    await dbQuery(w.api, 'TRUNCATE content_serving, content_serving_counts');
    await dbQuery(w.api, 'SELECT verso_refresh_content_serving(ARRAY(SELECT id FROM content_items WHERE NOT is_deleted))');
    expect(await snapshot()).to.deep.equal(kept);
  });
});
