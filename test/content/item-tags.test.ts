// Tags are the item's (spec, Content item; issue #35): every read answers the item's tags — the
// item's own, every version's (by-slug, version reads, the lists' served and latest versions) — and
// the list's tags filter matches them, whenever the version was made. A change of the item's tags
// (a PUT of the item, a tag's deletion) moves the ETags of what it changes and drops what the
// delivery cache, the stored documents and the stored list pages hold.
import { expect } from 'chai';
import { statementRecorder } from '../helpers/statements.js';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { createArticle, dbQuery, expectStatus, newVersion, publishNow, startColdDeliveryWorld, startContentWorld, text, type ContentWorld } from './content-fixture.js';

const { onStatement } = statementRecorder();

/** A conditional GET as a cache sends it (fetch would add `Cache-Control: no-cache` otherwise). */
const revalidate = (tag: string) => ({ 'if-none-match': tag, 'cache-control': 'max-age=0' });

async function setTags(w: ContentWorld, item: { id: string }, tags: string[]): Promise<ApiResponse> {
  const path = `${w.base}/content/${item.id}`;
  const now = (await w.api.get(path, { token: w.reader })).body;
  const res = await w.api.put(path, { slug: now.slug, localeCode: now.localeCode, translationGroupId: now.translationGroupId, tags }, { token: w.editor, headers: await w.api.ifMatch(path, w.editor) });
  expectStatus(res, 200);
  return res;
}

/** Every place a read shows the item's tags, each expected to be `tags`. */
async function expectTagsEverywhere(w: ContentWorld, item: { id: string; slug: string }, tags: string[]): Promise<void> {
  const bySlug = await w.api.get(`${w.base}/content/by-slug/${item.slug}`, { token: w.reader });
  expectStatus(bySlug, 200);
  expect(bySlug.body.tags, 'by-slug').to.deep.equal(tags);
  const detail = (await w.api.get(`${w.base}/content/${item.id}`, { token: w.reader })).body;
  expect(detail.tags, 'item').to.deep.equal(tags);
  expect(detail.currentlyServingVersion.tags, 'item: served version').to.deep.equal(tags);
  for (const v of detail.versions) expect(v.tags, `item: version ${v.versionNumber}`).to.deep.equal(tags);
  for (const v of detail.versions) {
    const read = await w.api.get(`${w.base}/content/${item.id}/versions/${v.versionNumber}`, { token: w.reader });
    expect(read.body.tags, `version ${v.versionNumber}`).to.deep.equal(tags);
  }
  const versions = (await w.api.get(`${w.base}/content/${item.id}/versions`, { token: w.reader })).body;
  for (const v of versions.items) expect(v.tags, `versions list: ${v.versionNumber}`).to.deep.equal(tags);
  const served = (await w.api.get(`${w.base}/content?resolve=true&slug=${item.slug}`, { token: w.reader })).body.items;
  expect(served.map((r: any) => [r.tags, r.currentlyServingVersion.tags]), 'delivery list').to.deep.equal([[tags, tags]]);
  const editing = (await w.api.get(`${w.base}/content?slug=${item.slug}`, { token: w.reader })).body.items;
  expect(editing.map((r: any) => [r.tags, r.currentlyServingVersion.tags, r.latestVersion.tags]), 'editing list').to.deep.equal([[tags, tags, tags]]);
  for (const tag of tags) {
    for (const resolve of [true, false]) {
      const filtered = (await w.api.get(`${w.base}/content?resolve=${resolve}&tags=${tag}&pageSize=100`, { token: w.reader })).body.items;
      expect(filtered.map((r: any) => r.id), `tags=${tag}, resolve=${resolve}`).to.include(item.id);
    }
  }
}

const tagIdOf = async (w: ContentWorld, name: string): Promise<string> =>
  (await w.api.get(`${w.base}/tags?pageSize=100`, { token: w.reader })).body.items.find((t: any) => t.name === name).id;

describe('tags are the item’s in every read', function () {
  this.timeout(120_000);
  let w: ContentWorld;
  before(async () => {
    // Workers off, as in the delivery cache's suite: nothing but these tests writes, so a second
    // read of an unchanged answer is the cache's.
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
  });
  after(() => w.api.close());

  it('a version holds its item’s tags as the item lists them (sorted, normalised), from creation on', async () => {
    const item = await createArticle(w, 'Created tagged', { tags: ['Zeta', ' alpha '] });
    expect(item.tags).to.deep.equal(['alpha', 'zeta']);
    expect(item.versions.map((v: any) => v.tags)).to.deep.equal([['alpha', 'zeta']]);
    await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'Second')] });
    await publishNow(w, item.id, 2);
    await expectTagsEverywhere(w, item, ['alpha', 'zeta']);
  });

  it('tags saved on the item reach the versions made before, in by-slug, the lists, the filter and the version reads; their tags move', async () => {
    const item = await createArticle(w, 'Tagged later');
    await publishNow(w, item.id, 1);
    const bySlug = `${w.base}/content/by-slug/${item.slug}`;
    const before = await w.api.get(bySlug, { token: w.reader });
    expect(before.body.tags).to.deep.equal([]);
    const cached = await w.api.get(bySlug, { token: w.reader });
    expect(cached.headers.get('x-verso-cache')).to.equal('hit');
    const v1Path = `${w.base}/content/${item.id}/versions/1`;
    const v1Tag = (await w.api.get(v1Path, { token: w.reader })).headers.get('etag')!;
    const filtered = `${w.base}/content?resolve=true&tags=travel`;
    expect((await w.api.get(filtered, { token: w.reader })).body.items).to.deep.equal([]);

    await setTags(w, item, ['Travel', 'food']);

    await expectTagsEverywhere(w, item, ['food', 'travel']);
    // The validators moved: neither by-slug's tag nor version 1's still names the answer.
    expect((await w.api.get(bySlug, { token: w.reader, headers: revalidate(before.headers.get('etag')!) })).status).to.equal(200);
    expect((await w.api.get(v1Path, { token: w.reader, headers: revalidate(v1Tag) })).status).to.equal(200);
    expect((await w.api.get(filtered, { token: w.reader })).body.items.map((r: any) => r.id)).to.deep.equal([item.id]);
    // A version made now holds them too.
    await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'Later')] });
    await expectTagsEverywhere(w, item, ['food', 'travel']);
  });

  it('a save that keeps the tags leaves the versions’ tags (ETags) alone', async () => {
    const item = await createArticle(w, 'Unchanged tags', { tags: ['same'] });
    const v1Path = `${w.base}/content/${item.id}/versions/1`;
    const v1Tag = (await w.api.get(v1Path, { token: w.reader })).headers.get('etag')!;
    await setTags(w, item, ['SAME']);
    expect((await w.api.get(v1Path, { token: w.reader, headers: revalidate(v1Tag) })).status).to.equal(304);
  });

  it('deleting a tag takes it off every version of every item carrying it: ETags move, caches drop, content.updated is recorded', async () => {
    const item = await createArticle(w, 'Loses a tag', { tags: ['keep', 'drop'] });
    await publishNow(w, item.id, 1);
    const bySlug = `${w.base}/content/by-slug/${item.slug}`;
    await w.api.get(bySlug, { token: w.reader });
    const cached = await w.api.get(bySlug, { token: w.reader });
    expect([cached.headers.get('x-verso-cache'), cached.body.tags]).to.deep.equal(['hit', ['drop', 'keep']]);
    const itemPath = `${w.base}/content/${item.id}`;
    const itemTag = (await w.api.get(itemPath, { token: w.reader })).headers.get('etag')!;
    expect((await w.api.get(`${w.base}/content?resolve=true&tags=drop`, { token: w.reader })).body.items.map((r: any) => r.id)).to.deep.equal([item.id]);

    expectStatus(await w.api.delete(`${w.base}/tags/${await tagIdOf(w, 'drop')}`, { token: w.admin }), 204);

    await expectTagsEverywhere(w, item, ['keep']);
    expect((await w.api.get(bySlug, { token: w.reader, headers: revalidate(cached.headers.get('etag')!) })).status).to.equal(200);
    const itemNow = await w.api.get(itemPath, { token: w.reader, headers: revalidate(itemTag) });
    expect([itemNow.status, itemNow.body.tags]).to.deep.equal([200, ['keep']]);
    expect((await w.api.get(`${w.base}/content?resolve=true&tags=drop`, { token: w.reader })).body.items).to.deep.equal([]);
    const events = await dbQuery<{ event_type: string; payload: any }>(
      w.api,
      `SELECT event_type, payload FROM outbox_events WHERE payload->>'contentItemId' = $1 ORDER BY occurred_at, id`,
      [item.id],
    );
    const updated = events.filter((e) => e.event_type === 'content.updated');
    expect(updated).to.have.length(1);
    expect(updated[0]!.payload).to.include({ contentItemId: item.id, workspaceId: w.ws, contentVersionId: null });
    const audit = (await w.api.get(`${w.base}/audit?contentItemId=${item.id}`, { token: w.admin })).body.items;
    expect(audit[0]).to.include({ entityType: 'ContentItem', action: 'Updated' });
    expect(audit[0].changeDelta).to.deep.equal({ tags: { before: ['drop', 'keep'], after: ['keep'] } });
  });
});

describe('tags and the stored delivery answers (in-process cache off)', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: ContentWorld;
  before(async () => {
    ({ api, w } = await startColdDeliveryWorld(onStatement));
  });
  after(() => api.close());

  it('a stored by-slug document and a stored list page are not served once the item’s tags change', async () => {
    const item = await createArticle(w, 'Stored', { tags: ['old'] });
    await publishNow(w, item.id, 1);
    const bySlug = `${w.base}/content/by-slug/${item.slug}`;
    const list = `${w.base}/content?resolve=true&slug=${item.slug}`;
    for (let i = 0; i < 2; i += 1) {
      expect((await w.api.get(bySlug, { token: w.reader })).body.tags).to.deep.equal(['old']);
      expect((await w.api.get(list, { token: w.reader })).body.items[0].tags).to.deep.equal(['old']);
    }
    expect(await dbQuery(api, 'SELECT 1 FROM delivery_documents WHERE item_id = $1', [item.id])).to.have.length.greaterThan(0);
    expect(await dbQuery(api, 'SELECT 1 FROM delivery_list_pages WHERE workspace_id = $1', [w.ws])).to.have.length.greaterThan(0);

    await setTags(w, item, ['new']);
    const read = await w.api.get(bySlug, { token: w.reader });
    expect(read.body.tags).to.deep.equal(['new']);
    const page = (await w.api.get(list, { token: w.reader })).body.items[0];
    expect([page.tags, page.currentlyServingVersion.tags]).to.deep.equal([['new'], ['new']]);

    expectStatus(await w.api.delete(`${w.base}/tags/${await tagIdOf(w, 'new')}`, { token: w.admin }), 204);
    expect((await w.api.get(bySlug, { token: w.reader })).body.tags).to.deep.equal([]);
    const after = (await w.api.get(list, { token: w.reader })).body.items[0];
    expect([after.tags, after.currentlyServingVersion.tags]).to.deep.equal([[], []]);
  });
});
