// A filtered list keeps today's validators and stored pages: its ETag and 304, the stored page it is
// answered from (proved served by tampering its stored body), and both dropped when a matching item is
// published or a value changes so that an item stops matching. And pages of a field sort stay stable
// while items are published between reads.
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { statementRecorder } from '../helpers/statements.js';
import type { TestApi } from '../helpers/api.js';
import { buildTemplate, dbQuery, expectStatus, publishNow, startColdDeliveryWorld, uniqueSlug, type ContentWorld } from './content-fixture.js';

const { onStatement } = statementRecorder();

describe('field-filtered lists: validators, stored pages, invalidation and paging', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: ContentWorld;
  let tpl: { templateId: string; versionId: string; fields: Record<string, string> };
  /** Each product's served price, as this file published it. */
  const prices = new Map<string, number>();

  before(async () => {
    ({ api, w } = await startColdDeliveryWorld(onStatement));
    tpl = await buildTemplate(w.api, w.base, w.reviewer, 'Product', () => [
      { key: 'name', label: 'Name', primitiveType: 'Text', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'price', label: 'Price', primitiveType: 'Number', minOccurrences: 0, maxOccurrences: 1 },
    ]);
  });
  after(() => api.close());

  const values = (name: string, price: number) => [
    { fieldId: tpl.fields.name, order: 0, valueKind: 'Text', textValue: name },
    { fieldId: tpl.fields.price, order: 0, valueKind: 'Number', numberValue: price },
  ];
  async function product(name: string, price: number): Promise<string> {
    const res = await w.api.post(`${w.base}/content`, { templateVersionId: tpl.versionId, slug: uniqueSlug('product'), tags: [], fields: values(name, price) }, { token: w.editor });
    expectStatus(res, 201);
    await publishNow(w, res.body.id, 1);
    prices.set(res.body.id, price);
    return res.body.id as string;
  }
  async function reprice(id: string, n: number, name: string, price: number) {
    expectStatus(await w.api.post(`${w.base}/content/${id}/versions`, { fields: values(name, price) }, { token: w.editor }), 201);
    await publishNow(w, id, n);
    prices.set(id, price);
  }
  const query = () => `resolve=true&templateId=${tpl.templateId}&filter[price][lte]=20&sortBy=fields.price&sortDesc=false&pageSize=10`;
  const list = (q = query(), headers: Record<string, string> = {}) => w.api.get(`${w.base}/content?${q}`, { token: w.reader, headers });
  const names = async (q = query()) => {
    const res = await list(q);
    expectStatus(res, 200);
    return (res.body.items as { title: string | null; id: string }[]).map((i) => i.id);
  };

  it('answers 304 to its ETag, from a stored page, until a matching item is published or one stops matching', async () => {
    const cheap = await product('Cheap', 5);
    const mid = await product('Mid', 15);
    await product('Dear', 50);
    const first = await list();
    expectStatus(first, 200);
    expect(first.body.items.map((i: { id: string }) => i.id)).to.deep.equal([cheap, mid]);
    const etag = first.headers.get('etag')!;
    expect(etag).to.be.a('string');
    expectStatus(await list(query(), { 'if-none-match': etag }), 304);

    // The page is stored and served: tampering its stored body shows in the next read.
    const stored = await dbQuery(api, 'SELECT slot, body_gzip FROM delivery_list_pages WHERE workspace_id = $1', [w.ws]);
    expect(stored.length).to.be.greaterThan(0);
    for (const p of stored) {
      const body = gunzipSync(p.body_gzip).toString().replaceAll(cheap, '00000000-0000-4000-8000-000000000000');
      await dbQuery(api, 'UPDATE delivery_list_pages SET body_gzip = $3 WHERE workspace_id = $1 AND slot = $2', [w.ws, p.slot, gzipSync(body)]);
    }
    expect(await names()).to.deep.equal(['00000000-0000-4000-8000-000000000000', mid]);

    // A matching item published: a new tag, the real page.
    const cheaper = await product('Cheaper', 1);
    const afterPublish = await list(query(), { 'if-none-match': etag });
    expectStatus(afterPublish, 200);
    expect(afterPublish.body.items.map((i: { id: string }) => i.id)).to.deep.equal([cheaper, cheap, mid]);
    const etag2 = afterPublish.headers.get('etag')!;
    expect(etag2).to.not.equal(etag);
    expectStatus(await list(query(), { 'if-none-match': etag2 }), 304);

    // A value changed so that an item stops matching.
    await reprice(mid, 2, 'Mid', 25);
    const afterReprice = await list(query(), { 'if-none-match': etag2 });
    expectStatus(afterReprice, 200);
    expect(afterReprice.body.items.map((i: { id: string }) => i.id)).to.deep.equal([cheaper, cheap]);
    expect(afterReprice.body.totalCount).to.equal(2);
  });

  it('follows a value written to a served version outside the API (an import writes the version, then its values)', async () => {
    const id = await product('Imported', 7);
    // An explicit instant: no stored page (the marks that invalidate one move only with the API's writes).
    const direct = `resolve=true&asOf=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&templateId=${tpl.templateId}`;
    const filtered = () => names(`${direct}&filter[price][eq]=8`);
    expect(await filtered()).to.deep.equal([]);
    // The served version's price rewritten by SQL: the value rows of its serving rows follow in the same statement.
    await dbQuery(api, `
      UPDATE content_field_values fv SET number_value = 8
      FROM content_versions cv WHERE cv.id = fv.content_version_id AND cv.content_item_id = $1 AND fv.field_id = $2`, [id, tpl.fields.price]);
    expect(await filtered()).to.deep.equal([id]);
    await dbQuery(api, `
      DELETE FROM content_field_values fv USING content_versions cv
      WHERE cv.id = fv.content_version_id AND cv.content_item_id = $1 AND fv.field_id = $2`, [id, tpl.fields.price]);
    expect(await filtered()).to.deep.equal([]);
    expect(await names(`${direct}&filter[price][exists]=false`)).to.deep.equal([id]);
    prices.delete(id);
    // Put back so the paging test below sees every product priced.
    await dbQuery(api, `
      INSERT INTO content_field_values (content_version_id, field_id, sort_order, value_kind, number_value)
      SELECT cv.id, $2, 0, 'Number', 7 FROM content_versions cv WHERE cv.content_item_id = $1`, [id, tpl.fields.price]);
    prices.set(id, 7);
    expect(await names(`${direct}&filter[price][eq]=7`)).to.deep.equal([id]);
  });

  it('keeps the pages of a field sort stable while items are published between reads', async () => {
    const q = (page: number) => `resolve=true&templateId=${tpl.templateId}&sortBy=fields.price&sortDesc=true&pageSize=2&page=${page}`;
    const before = await names(q(1));
    // Published after page 1 was read, sorting after it: page 2 goes on where page 1 ended.
    const all = [...before];
    await product('Bargain', 0.5);
    for (let page = 2; ; page++) {
      const ids = await names(q(page));
      if (ids.length === 0) break;
      all.push(...ids);
    }
    expect(new Set(all).size, 'no item twice').to.equal(all.length);
    const full: string[] = [];
    for (let page = 1; ; page++) {
      const ids = await names(q(page));
      if (ids.length === 0) break;
      full.push(...ids);
    }
    expect(all).to.deep.equal(full);
    const expected = [...prices].sort(([a, x], [b, y]) => y - x || (a < b ? 1 : -1)).map(([id]) => id);
    expect(full).to.deep.equal(expected);
  });
});
