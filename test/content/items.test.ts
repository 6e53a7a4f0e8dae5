import { expect } from 'chai';
import {
  child,
  createArticle,
  createPerson,
  dbQuery,
  expectProblem,
  expectStatus,
  publishNow,
  startContentWorld,
  text,
  uniqueSlug,
  type ContentWorld,
} from './content-fixture.js';

describe('content items', () => {
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  describe('POST /workspaces/{workspaceId}/content', () => {
    it('creates the item with version 1 as a Draft, normalised tags, ETag and Location', async () => {
      const slug = uniqueSlug('hello');
      const res = await w.api.post(
        `${w.base}/content`,
        {
          templateVersionId: w.model.article.versionId,
          slug,
          localeCode: 'en-GB',
          tags: [' News ', 'news', 'Featured'],
          fields: [text(w.model.article.fields.title!, 'Hello')],
        },
        { token: w.editor },
      );
      expectStatus(res, 201);
      expect(res.headers.get('location')).to.equal(`${w.base}/content/${res.body.id}`);
      expect(res.headers.get('etag')).to.match(/^".+"$/);
      expect(res.body).to.include({
        templateVersionId: w.model.article.versionId,
        templateName: 'Article',
        slug,
        localeCode: 'en-GB',
        translationGroupId: null,
        currentlyServingVersion: null,
      });
      expect(res.body.templateSlug).to.match(/^article-/);
      expect(res.body.tags).to.deep.equal(['featured', 'news']);
      expect(res.body.versions).to.have.length(1);
      expect(res.body.versions[0]).to.include({ versionNumber: 1, status: 'Draft', templateVersionId: w.model.article.versionId });
      const events = await dbQuery<{ event_type: string; payload: unknown }>(w.api, `SELECT event_type, payload FROM outbox_events WHERE entity_id = $1`, [res.body.id]);
      expect(events).to.deep.equal([
        {
          event_type: 'content.created',
          payload: { contentItemId: res.body.id, workspaceId: w.ws, templateVersionId: w.model.article.versionId, contentVersionId: null, versionNumber: null, status: null, purgeKeys: [`list-${w.ws}`, `item-${res.body.id}`], localeCode: 'en-GB', translationGroupId: null },
        },
      ]);
      const audit = await dbQuery<{ entity_type: string; action: string }>(w.api, `SELECT entity_type, action FROM audit_log WHERE entity_id = $1`, [res.body.id]);
      expect(audit).to.deep.equal([{ entity_type: 'ContentItem', action: 'Created' }]);
    });

    it('stores an incomplete Draft: a required field without a value is checked on submit, not on create (#25)', async () => {
      const slug = uniqueSlug('empty');
      const res = await w.api.post(`${w.base}/content`, { templateVersionId: w.model.article.versionId, slug, tags: [], fields: [] }, { token: w.editor });
      expectStatus(res, 201);
      expect(res.body.versions.map((v: any) => v.status)).to.deep.equal(['Draft']);
      const submit = await w.api.post(`${w.base}/content/${res.body.id}/versions/1/submit`, undefined, { token: w.editor });
      expectProblem(submit, 422, 'validation-failed');
      expect(submit.body.errors).to.deep.equal({ '/fields/title': ["Field 'Title' requires at least 1 value."] });
    });

    it('answers 404 for a template version of another workspace and 409 for a slug in use', async () => {
      const missing = await w.api.post(`${w.base}/content`, { templateVersionId: '01890000-0000-7000-8000-000000000000', tags: [], fields: [] }, { token: w.editor });
      expectProblem(missing, 404, 'not-found');
      const first = await createArticle(w, 'One');
      const dup = await w.api.post(
        `${w.base}/content`,
        { templateVersionId: w.model.article.versionId, slug: first.slug, tags: [], fields: [text(w.model.article.fields.title!, 'Two')] },
        { token: w.editor },
      );
      expectProblem(dup, 409, 'conflict');
    });

    it('is 401 without credentials, 403 for a Reader or read-only Editor, 404 for a stranger', async () => {
      const body = { templateVersionId: w.model.article.versionId, tags: [], fields: [text(w.model.article.fields.title!, 'x')] };
      expectProblem(await w.api.post(`${w.base}/content`, body), 401, 'unauthenticated');
      expectProblem(await w.api.post(`${w.base}/content`, body, { token: w.reader }), 403, 'forbidden');
      expectProblem(await w.api.post(`${w.base}/content`, body, { token: w.readOnlyEditor }), 403, 'forbidden');
      expectProblem(await w.api.post(`${w.base}/content`, body, { token: w.stranger }), 404, 'not-found');
    });
  });

  describe('GET /workspaces/{workspaceId}/content/{id}', () => {
    it('returns every version (highest first) and the version served now', async () => {
      const item = await createArticle(w, 'Served');
      await publishNow(w, item.id, 1);
      const v2 = await w.api.post(`${w.base}/content/${item.id}/versions`, { fields: [text(w.model.article.fields.title!, 'Draft two')] }, { token: w.editor });
      expectStatus(v2, 201);
      const res = await w.api.get(`${w.base}/content/${item.id}`, { token: w.reader });
      expectStatus(res, 200);
      expect(res.body.versions.map((v: any) => [v.versionNumber, v.status])).to.deep.equal([[2, 'Draft'], [1, 'Published']]);
      expect(res.body.currentlyServingVersion).to.include({ versionNumber: 1, status: 'Published' });
    });

    it('answers 404 for an unknown or deleted item', async () => {
      expectProblem(await w.api.get(`${w.base}/content/01890000-0000-7000-8000-000000000000`, { token: w.reader }), 404, 'not-found');
    });
  });

  describe('PUT /workspaces/{workspaceId}/content/{id}', () => {
    it('changes identity and tags, copies identity onto versions, and needs a current If-Match', async () => {
      const item = await createArticle(w, 'Ident');
      const got = await w.api.get(`${w.base}/content/${item.id}`, { token: w.reader });
      const etag = got.headers.get('etag')!;
      const body = { slug: uniqueSlug('renamed'), localeCode: 'de', tags: ['a', 'B'] };
      expectProblem(await w.api.put(`${w.base}/content/${item.id}`, body, { token: w.editor }), 412, 'concurrency-mismatch');
      expectProblem(await w.api.put(`${w.base}/content/${item.id}`, body, { token: w.editor, headers: { 'if-match': '"stale"' } }), 412, 'concurrency-mismatch');
      const res = await w.api.put(`${w.base}/content/${item.id}`, body, { token: w.editor, headers: { 'if-match': etag } });
      expectStatus(res, 200);
      expect(res.body).to.include({ slug: body.slug, localeCode: 'de' });
      expect(res.body.tags).to.deep.equal(['a', 'b']);
      expect(res.headers.get('etag')).to.not.equal(etag);
      expect(res.body.versions[0]).to.include({ slug: body.slug, localeCode: 'de' });
      const again = await w.api.put(`${w.base}/content/${item.id}`, body, { token: w.editor, headers: { 'if-match': etag } });
      expectProblem(again, 412, 'concurrency-mismatch');
    });

    it("moves the item's updatedAt and ETag whenever a version is written", async () => {
      const item = await createArticle(w, 'Touch');
      const before = await w.api.get(`${w.base}/content/${item.id}`, { token: w.reader });
      await new Promise((r) => setTimeout(r, 5));
      expectStatus(await w.api.post(`${w.base}/content/${item.id}/versions/1/submit`, undefined, { token: w.editor }), 200);
      const after = await w.api.get(`${w.base}/content/${item.id}`, { token: w.reader });
      expect(after.headers.get('etag')).to.not.equal(before.headers.get('etag'));
      expect(Date.parse(after.body.updatedAt)).to.be.greaterThan(Date.parse(before.body.updatedAt));
    });
  });

  describe('DELETE /workspaces/{workspaceId}/content/{id}', () => {
    it('is refused with referencedBy while a Reference field points at it; Inline children survive the parent', async () => {
      const target = await createArticle(w, 'Target');
      const referrer = await createArticle(w, 'Referrer', {}, [child(w.model.article.fields.related!, target.id)]);
      const author = await createPerson(w, 'Ada');
      const parent = await createArticle(w, 'Parent', {}, [child(w.model.article.fields.author!, author.id)]);
      const etag = (await w.api.get(`${w.base}/content/${target.id}`, { token: w.reader })).headers.get('etag')!;
      const refused = await w.api.delete(`${w.base}/content/${target.id}`, { token: w.editor, headers: { 'if-match': etag } });
      expectProblem(refused, 409, 'referenced-by-other-entity');
      expect(refused.body.referencedBy).to.deep.equal([referrer.id]);

      const parentTag = (await w.api.get(`${w.base}/content/${parent.id}`, { token: w.reader })).headers.get('etag')!;
      expectProblem(await w.api.delete(`${w.base}/content/${parent.id}`, { token: w.editor }), 412, 'concurrency-mismatch');
      expectStatus(await w.api.delete(`${w.base}/content/${parent.id}`, { token: w.editor, headers: { 'if-match': parentTag } }), 204);
      expectProblem(await w.api.get(`${w.base}/content/${parent.id}`, { token: w.reader }), 404, 'not-found');
      expectStatus(await w.api.get(`${w.base}/content/${author.id}`, { token: w.reader }), 200);
      const rows = await dbQuery<{ is_deleted: boolean }>(w.api, `SELECT is_deleted FROM content_items WHERE id = $1`, [parent.id]);
      expect(rows).to.deep.equal([{ is_deleted: true }]);
      const events = await dbQuery<{ event_type: string }>(w.api, `SELECT event_type FROM outbox_events WHERE entity_id = $1 ORDER BY seq`, [parent.id]);
      expect(events.map((e) => e.event_type)).to.deep.equal(['content.created', 'content.deleted']);
    });
  });

  describe('translations', () => {
    it('links two items into one group and lists the members by locale', async () => {
      const en = await createArticle(w, 'Hello', { localeCode: 'en' });
      const fr = await createArticle(w, 'Bonjour', { localeCode: 'fr' });
      const de = await createArticle(w, 'Hallo', { localeCode: 'de' });
      expect((await w.api.get(`${w.base}/content/${en.id}/translations`, { token: w.reader })).body).to.include({ totalCount: 0 });
      const linked = await w.api.post(`${w.base}/content/${en.id}/link-translation`, { targetContentItemId: fr.id }, { token: w.editor });
      expectStatus(linked, 200);
      expect(linked.body.map((i: any) => i.localeCode)).to.deep.equal(['en', 'fr']);
      const group = linked.body[0].translationGroupId;
      expect(group).to.be.a('string');
      const third = await w.api.post(`${w.base}/content/${de.id}/link-translation`, { targetContentItemId: fr.id }, { token: w.editor });
      expect(third.body.map((i: any) => [i.localeCode, i.translationGroupId])).to.deep.equal([['de', group], ['en', group], ['fr', group]]);
      const page = await w.api.get(`${w.base}/content/${fr.id}/translations?pageSize=2`, { token: w.reader });
      expect(page.body).to.include({ totalCount: 3, page: 1, pageSize: 2, totalPages: 2 });
      expect(page.body.items.map((i: any) => i.localeCode)).to.deep.equal(['de', 'en']);
      const versions = await dbQuery<{ translation_group_id: string }>(w.api, `SELECT translation_group_id FROM content_versions WHERE content_item_id = $1`, [de.id]);
      expect(versions).to.deep.equal([{ translation_group_id: group }]);
      expectProblem(await w.api.post(`${w.base}/content/${en.id}/link-translation`, { targetContentItemId: en.id }, { token: w.editor }), 422, 'validation-failed');
    });
  });
});
