// Titles, not slugs (issue #25): a template version's title field (`titleFieldKey`, default its first
// Text field) and the `title` the content lists and the item detail carry.
import { expect } from 'chai';
import {
  buildTemplate,
  createArticle,
  expectProblem,
  expectStatus,
  newVersion,
  publishNow,
  startContentWorld,
  text,
  uniqueSlug,
  dbQuery,
  type ContentWorld,
} from './content-fixture.js';

describe('Content titles', () => {
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  describe('PUT /workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/title-field', () => {
    let templateId: string;
    let draft: string;
    before(async () => {
      const t = await w.api.post(`${w.base}/templates`, { name: 'Event', slug: uniqueSlug('event') }, { token: w.reviewer });
      expectStatus(t, 201);
      templateId = t.body.id;
      draft = `${w.base}/templates/${templateId}/versions/1`;
      let order = 0;
      for (const f of [
        { key: 'intro', label: 'Intro', primitiveType: 'Markdown' },
        { key: 'code', label: 'Code', primitiveType: 'Text' },
        { key: 'headline', label: 'Headline', primitiveType: 'Text' },
      ]) {
        const res = await w.api.post(`${draft}/fields`, { order: order++, compositionMode: 'Inline', ...f }, { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) });
        expectStatus(res, 201);
      }
    });

    it('defaults to the first Text field', async () => {
      const res = await w.api.get(draft, { token: w.reader });
      expectStatus(res, 200);
      expect(res.body.titleFieldKey).to.equal('code');
    });

    it('names another Text field (any case), answering the version with a new ETag; null returns to the default', async () => {
      const before = await w.api.ifMatch(draft, w.reviewer);
      const res = await w.api.put(`${draft}/title-field`, { titleFieldKey: 'HEADLINE' }, { token: w.reviewer, headers: before });
      expectStatus(res, 200);
      expect(res.body).to.include({ titleFieldKey: 'headline', versionNumber: 1 });
      expect(res.headers.get('etag')).to.not.equal(before['If-Match']);
      expect((await w.api.get(draft, { token: w.reader })).body.titleFieldKey).to.equal('headline');
      const reset = await w.api.put(`${draft}/title-field`, { titleFieldKey: null }, { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) });
      expectStatus(reset, 200);
      expect(reset.body.titleFieldKey).to.equal('code');
    });

    it('refuses a key that names no Text field (422 at /titleFieldKey) and an editor (403)', async () => {
      const headers = await w.api.ifMatch(draft, w.reviewer);
      for (const key of ['intro', 'nothing']) {
        const res = await w.api.put(`${draft}/title-field`, { titleFieldKey: key }, { token: w.reviewer, headers });
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors).to.have.property('/titleFieldKey');
      }
      expectProblem(await w.api.put(`${draft}/title-field`, { titleFieldKey: 'code' }, { token: w.editor, headers }), 403, 'forbidden');
    });

    it('answers a stale If-Match with 412', async () => {
      const res = await w.api.put(`${draft}/title-field`, { titleFieldKey: 'code' }, { token: w.reviewer, headers: { 'If-Match': '"stale"' } });
      expectProblem(res, 412, 'concurrency-mismatch');
    });

    it('is kept by the next draft, and a published version refuses the change (409)', async () => {
      await w.api.put(`${draft}/title-field`, { titleFieldKey: 'headline' }, { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) });
      expectStatus(await w.api.put(`${draft}/publish`, undefined, { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) }), 200);
      const refused = await w.api.put(`${draft}/title-field`, { titleFieldKey: 'code' }, { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) });
      expectProblem(refused, 409, 'conflict');
      const next = await w.api.post(`${w.base}/templates/${templateId}/versions`, {}, { token: w.reviewer });
      expectStatus(next, 201);
      expect(next.body.titleFieldKey).to.equal('headline');
    });
  });

  describe('title on content list rows and the item detail', () => {
    it('carries the title of the latest version (editing list, detail) and of the served version (delivery list)', async () => {
      const a = await createArticle(w, 'First title');
      await publishNow(w, a.id, 1);
      await newVersion(w, a.id, { fields: [text(w.model.article.fields.title!, 'Working title')] });
      const untitled = await createArticle(w, '   ');

      const detail = await w.api.get(`${w.base}/content/${a.id}`, { token: w.reader });
      expectStatus(detail, 200);
      expect(detail.body.title).to.equal('Working title');

      const editing = await w.api.get(`${w.base}/content?pageSize=100`, { token: w.reader });
      expectStatus(editing, 200);
      const row = editing.body.items.find((i: any) => i.id === a.id);
      expect(row.title).to.equal('Working title');
      expect(editing.body.items.find((i: any) => i.id === untitled.id).title).to.equal(null);
      // A latest version without a title falls back to the served one's on the editing list.
      const served = await createArticle(w, 'Served title');
      await publishNow(w, served.id, 1);
      await newVersion(w, served.id, { fields: [text(w.model.article.fields.title!, '  ')] });
      const again = await w.api.get(`${w.base}/content?pageSize=100`, { token: w.reader });
      expect(again.body.items.find((i: any) => i.id === served.id).title).to.equal('Served title');

      const delivery = await w.api.get(`${w.base}/content?resolve=true&pageSize=100`, { token: w.reader });
      expectStatus(delivery, 200);
      expect(delivery.body.items.find((i: any) => i.id === a.id).title).to.equal('First title');
      expect(delivery.body.items.map((i: any) => i.id)).to.not.include(untitled.id);
    });

    it('follows the template version the row was written against, and its chosen title field', async () => {
      const t = await buildTemplate(w.api, w.base, w.reviewer, 'Recipe', () => [
        { key: 'summary', label: 'Summary', primitiveType: 'Text' },
        { key: 'name', label: 'Name', primitiveType: 'Text' },
      ]);
      // Version 2 of the template names `name` as its title; content on version 1 keeps the default.
      const v2 = await w.api.post(`${w.base}/templates/${t.templateId}/versions`, {}, { token: w.reviewer });
      expectStatus(v2, 201);
      const draft = `${w.base}/templates/${t.templateId}/versions/2`;
      expectStatus(await w.api.put(`${draft}/title-field`, { titleFieldKey: 'name' }, { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) }), 200);
      const published = await w.api.put(`${draft}/publish`, undefined, { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) });
      expectStatus(published, 200);
      const byField = (version: any) => Object.fromEntries(version.fields.map((f: any) => [f.key, f.id]));
      const v1Fields = t.fields;
      const v2Fields = byField(published.body);
      const create = async (versionId: string, fields: Record<string, string>) => {
        const res = await w.api.post(`${w.base}/content`, {
          templateVersionId: versionId, slug: uniqueSlug('recipe'), tags: [],
          fields: [text(fields.summary!, 'A quick soup'), text(fields.name!, 'Leek soup')],
        }, { token: w.editor });
        expectStatus(res, 201);
        return res.body.id as string;
      };
      const old = await create(t.versionId, v1Fields);
      const current = await create(published.body.id, v2Fields);
      const list = await w.api.get(`${w.base}/content?templateId=${t.templateId}`, { token: w.reader });
      expectStatus(list, 200);
      const titles = Object.fromEntries(list.body.items.map((i: any) => [i.id, i.title]));
      expect(titles).to.deep.equal({ [old]: 'A quick soup', [current]: 'Leek soup' });
    });
  });
  describe('stored titles (migration 0027)', () => {
    // The lists and by-slug read a version's title from content_version_titles, kept by triggers;
    // it must always equal what verso_version_title computes from the values and the template.
    const drift = async () =>
      dbQuery<{ id: string; stored: string | null; computed: string | null }>(w.api, `
        SELECT v.id, t.title AS stored, verso_version_title(v.id, v.template_version_id) AS computed
        FROM content_versions v LEFT JOIN content_version_titles t ON t.content_version_id = v.id
        WHERE t.title IS DISTINCT FROM verso_version_title(v.id, v.template_version_id)`);

    it('follow saves, a template upgrade, a blanked title and writes in SQL', async () => {
      const t = await buildTemplate(w.api, w.base, w.reviewer, 'Note', () => [
        { key: 'name', label: 'Name', primitiveType: 'Text' },
        { key: 'subtitle', label: 'Subtitle', primitiveType: 'Text' },
      ]);
      const created = await w.api.post(`${w.base}/content`, {
        templateVersionId: t.versionId, slug: uniqueSlug('note'), tags: [], fields: [text(t.fields.name!, 'Draft name')],
      }, { token: w.editor });
      expectStatus(created, 201);
      const id = created.body.id as string;
      const titleOf = async () => (await w.api.get(`${w.base}/content/${id}`, { token: w.reader })).body.title;
      expect(await titleOf()).to.equal('Draft name');

      // A save replaces the values: the title follows, and a blank one falls to null.
      const version = `${w.base}/content/${id}/versions/1`;
      const saved = await w.api.put(version, { fields: [text(t.fields.name!, 'Saved name')] }, { token: w.editor, headers: await w.api.ifMatch(version, w.editor) });
      expectStatus(saved, 200);
      expect(await titleOf()).to.equal('Saved name');
      const blanked = await w.api.put(version, { fields: [text(t.fields.name!, '  '), text(t.fields.subtitle!, 'Sub')] }, { token: w.editor, headers: await w.api.ifMatch(version, w.editor) });
      expectStatus(blanked, 200);
      expect(await titleOf()).to.equal(null);

      // Upgraded to a template version whose title field is `subtitle`.
      const v2 = await w.api.post(`${w.base}/templates/${t.templateId}/versions`, {}, { token: w.reviewer });
      expectStatus(v2, 201);
      const draft = `${w.base}/templates/${t.templateId}/versions/2`;
      expectStatus(await w.api.put(`${draft}/title-field`, { titleFieldKey: 'subtitle' }, { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) }), 200);
      const published = await w.api.put(`${draft}/publish`, undefined, { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) });
      expectStatus(published, 200);
      const v2Fields = Object.fromEntries(published.body.fields.map((f: any) => [f.key, f.id]));
      const upgraded = await w.api.post(`${version}/upgrade-template-version`, { fields: [text(v2Fields.name, 'Upgraded name'), text(v2Fields.subtitle, 'Upgraded sub')] }, { token: w.editor });
      expectStatus(upgraded, 200);
      expect(await titleOf()).to.equal('Upgraded sub');

      // An operator's SQL: a value rewritten in place, and a template's title key changed directly.
      await dbQuery(w.api, `UPDATE content_field_values SET text_value = 'Fixed by hand' WHERE content_version_id = (SELECT id FROM content_versions WHERE content_item_id = $1) AND field_id = $2`, [id, v2Fields.subtitle]);
      expect(await titleOf()).to.equal('Fixed by hand');
      await dbQuery(w.api, `UPDATE template_versions SET title_field_key = 'name' WHERE id = $1`, [published.body.id]);
      expect(await titleOf()).to.equal('Upgraded name');
      expect(await drift()).to.deep.equal([]);
    });

    it('match the computed title for every version the other tests wrote', async () => {
      expect(await drift()).to.deep.equal([]);
    });
  });
});
