import { expect } from 'chai';
import {
  buildTemplate,
  createArticle,
  dbQuery,
  expectProblem,
  expectStatus,
  newVersion,
  publishNow,
  startContentWorld,
  text,
  uniqueSlug,
  type ContentWorld,
} from './content-fixture.js';

describe('content versions', () => {
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  const title = () => w.model.article.fields.title!;
  const body = () => w.model.article.fields.body!;

  describe('POST …/content/{id}/versions', () => {
    it('creates the next Draft with Location, ETag and the content.version_created event', async () => {
      const item = await createArticle(w, 'One');
      const res = await w.api.post(`${w.base}/content/${item.id}/versions`, { fields: [text(title(), 'Two')] }, { token: w.editor });
      expectStatus(res, 201);
      expect(res.headers.get('location')).to.equal(`${w.base}/content/${item.id}/versions/2`);
      expect(res.headers.get('etag')).to.match(/^".+"$/);
      expect(res.body).to.include({ versionNumber: 2, status: 'Draft', contentItemId: item.id, templateName: 'Article', rolledBackFromVersionNumber: null });
      expect(res.body.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
      expect(res.body.fields.map((f: any) => [f.key, f.textValue])).to.deep.equal([['title', 'Two']]);
      const events = await dbQuery<{ event_type: string; payload: any }>(w.api, `SELECT event_type, payload FROM outbox_events WHERE entity_id = $1`, [res.body.id]);
      expect(events).to.deep.equal([{ event_type: 'content.version_created', payload: {
        contentItemId: item.id, workspaceId: w.ws, templateVersionId: w.model.article.versionId, contentVersionId: res.body.id, versionNumber: 2, status: 'Draft',
        purgeKeys: [`list-${w.ws}`, `item-${item.id}`], localeCode: 'en', translationGroupId: null,
      } }]);
    });

    it('duplicates a version ("rollback") with its values and records rolledBackFromVersionNumber', async () => {
      const item = await createArticle(w, 'Original', {}, [{ fieldId: body(), order: 0, valueKind: 'Markdown', textValue: '# body' }]);
      const res = await newVersion(w, item.id, { duplicateFromVersionNumber: 1 });
      expect(res).to.include({ versionNumber: 2, rolledBackFromVersionNumber: 1, status: 'Draft' });
      expect(res.fields.map((f: any) => [f.key, f.textValue])).to.deep.equal([['title', 'Original'], ['body', '# body']]);
      const missing = await w.api.post(`${w.base}/content/${item.id}/versions`, { duplicateFromVersionNumber: 9 }, { token: w.editor });
      expectProblem(missing, 422, 'validation-failed');
    });

    it('validates the effective window (both ends or neither, start before end)', async () => {
      const item = await createArticle(w, 'Window');
      const one = await w.api.post(`${w.base}/content/${item.id}/versions`, { effectiveStartAt: '2026-01-01T00:00:00Z', fields: [text(title(), 'x')] }, { token: w.editor });
      expectProblem(one, 422, 'validation-failed');
      const reversed = await w.api.post(
        `${w.base}/content/${item.id}/versions`,
        { effectiveStartAt: '2026-02-01T00:00:00Z', effectiveEndAt: '2026-01-01T00:00:00Z', fields: [text(title(), 'x')] },
        { token: w.editor },
      );
      expectProblem(reversed, 422, 'validation-failed');
      expect((await dbQuery(w.api, `SELECT 1 FROM content_versions WHERE content_item_id = $1`, [item.id])).length).to.equal(1);
    });

    it('renumbers repeated values sent with equal order, keeping the submitted sequence', async () => {
      const item = await createArticle(w, 'Repeat');
      const md = (textValue: string, order: number) => ({ fieldId: body(), order, valueKind: 'Markdown', textValue });
      const res = await newVersion(w, item.id, { fields: [text(title(), 't'), md('a', 0), md('b', 0), md('c', 0), md('z', 7)] });
      expect(res.fields.filter((f: any) => f.key === 'body').map((f: any) => [f.textValue, f.order])).to.deep.equal([['a', 0], ['b', 1], ['c', 2], ['z', 7]]);
    });
  });

  describe('validation against the right template version (spec rule 4)', () => {
    it('a plain new version keeps the latest version\'s template version; a duplicate keeps its source\'s', async () => {
      const note = await buildTemplate(w.api, w.base, w.reviewer, 'Note', () => [{ key: 'heading', label: 'Heading', primitiveType: 'Text', minOccurrences: 1, isRequired: true }]);
      const item = await w.api.post(`${w.base}/content`, { templateVersionId: note.versionId, slug: uniqueSlug('note'), tags: [], fields: [text(note.fields.heading!, 'v1')] }, { token: w.editor });
      expectStatus(item, 201);
      // Template version 2 adds a required field; existing content must not jump to it by itself.
      const draft = await w.api.post(`${w.base}/templates/${note.templateId}/versions`, {}, { token: w.reviewer });
      expectStatus(draft, 201);
      expectStatus(await w.api.post(`${w.base}/templates/${note.templateId}/versions/2/fields`, { key: 'summary', label: 'Summary', order: 1, compositionMode: 'Inline', primitiveType: 'Text', isRequired: true, minOccurrences: 1 }, { token: w.reviewer, headers: await w.api.ifMatch(`${w.base}/templates/${note.templateId}/versions/2`, w.reviewer) }), 201);
      const v2 = await w.api.put(`${w.base}/templates/${note.templateId}/versions/2/publish`, undefined, { token: w.reviewer, headers: await w.api.ifMatch(`${w.base}/templates/${note.templateId}/versions/2`, w.reviewer) });
      expectStatus(v2, 200);
      const plain = await newVersion(w, item.body.id, { fields: [text(note.fields.heading!, 'plain')] });
      expect(plain.templateVersionId).to.equal(note.versionId);

      // Upgrade the latest (version 2) with explicit values for the target's fields…
      const heading2 = v2.body.fields.find((f: any) => f.key === 'heading').id;
      const summary2 = v2.body.fields.find((f: any) => f.key === 'summary').id;
      const upgraded = await w.api.post(`${w.base}/content/${item.body.id}/versions/2/upgrade-template-version`, { fields: [text(heading2, 'h'), text(summary2, 's')] }, { token: w.editor });
      expectStatus(upgraded, 200);
      expect(upgraded.body.templateVersionId).to.equal(v2.body.id);
      // …then a plain new version follows the latest (now the new template version): saved as an
      // incomplete Draft, refused on submit for the field it lacks…
      const next = await w.api.post(`${w.base}/content/${item.body.id}/versions`, { fields: [text(heading2, 'x')] }, { token: w.editor });
      expectStatus(next, 201);
      expect(next.body.templateVersionId).to.equal(v2.body.id);
      const submit = await w.api.post(`${w.base}/content/${item.body.id}/versions/${next.body.versionNumber}/submit`, undefined, { token: w.editor });
      expectProblem(submit, 422, 'validation-failed');
      expect(submit.body.errors).to.deep.equal({ '/fields/summary': ["Field 'Summary' requires at least 1 value."] });
      // …while a duplicate of version 1 is validated against version 1's own template version.
      const dup = await newVersion(w, item.body.id, { duplicateFromVersionNumber: 1 });
      expect(dup.templateVersionId).to.equal(note.versionId);
    });
  });

  describe('PUT …/content/{id}/versions/{n}', () => {
    it('replaces values, needs the version ETag, clears the schedule, returns an Approved version to Draft and refuses Published versions', async () => {
      const item = await createArticle(w, 'Edit');
      await w.api.post(`${w.base}/content/${item.id}/versions/1/submit`, undefined, { token: w.editor });
      await w.api.post(`${w.base}/content/${item.id}/versions/1/approve`, undefined, { token: w.reviewer });
      const scheduled = await w.api.post(`${w.base}/content/${item.id}/versions/1/publish`, { publishAt: '2099-01-01T00:00:00Z' }, { token: w.editor });
      expectStatus(scheduled, 200);
      expect(scheduled.body.version.publishAt).to.equal('2099-01-01T00:00:00.000Z');
      const etag = scheduled.headers.get('etag')!;
      const update = { fields: [text(title(), 'Edited')] };
      expectProblem(await w.api.put(`${w.base}/content/${item.id}/versions/1`, update, { token: w.editor }), 412, 'concurrency-mismatch');
      const res = await w.api.put(`${w.base}/content/${item.id}/versions/1`, update, { token: w.editor, headers: { 'if-match': etag } });
      expectStatus(res, 200);
      expect(res.body).to.include({ status: 'Draft', publishAt: null, returnedToDraftFrom: 'Approved' });
      expect(res.body.fields.map((f: any) => f.textValue)).to.deep.equal(['Edited']);
      expect(res.headers.get('etag')).to.not.equal(etag);

      await publishNow(w, item.id, 1);
      const published = await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: w.reader });
      const refused = await w.api.put(`${w.base}/content/${item.id}/versions/1`, update, { token: w.editor, headers: { 'if-match': published.headers.get('etag')! } });
      expectProblem(refused, 409, 'conflict');
    });

    it('answers 422 and changes nothing when the values are invalid', async () => {
      const item = await createArticle(w, 'Keep');
      const etag = (await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: w.reader })).headers.get('etag')!;
      const res = await w.api.put(`${w.base}/content/${item.id}/versions/1`, { fields: [text(title(), 'x'.repeat(21))] }, { token: w.editor, headers: { 'if-match': etag } });
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors['/fields/0'][0]).to.match(/^Field 'Title' value 0 .*maxLength of 20/);
      const after = await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: w.reader });
      expect(after.headers.get('etag')).to.equal(etag);
      expect(after.body.fields[0].textValue).to.equal('Keep');
    });
  });

  describe('DELETE …/content/{id}/versions/{n}', () => {
    it('deletes a Draft with If-Match, never the last version, never a non-Draft', async () => {
      const item = await createArticle(w, 'Del');
      const only = await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: w.reader });
      expectProblem(await w.api.delete(`${w.base}/content/${item.id}/versions/1`, { token: w.editor, headers: { 'if-match': only.headers.get('etag')! } }), 409, 'conflict');
      const v2 = await w.api.post(`${w.base}/content/${item.id}/versions`, { fields: [text(title(), 'x')] }, { token: w.editor });
      expectProblem(await w.api.delete(`${w.base}/content/${item.id}/versions/2`, { token: w.editor }), 412, 'concurrency-mismatch');
      expectStatus(await w.api.delete(`${w.base}/content/${item.id}/versions/2`, { token: w.editor, headers: { 'if-match': v2.headers.get('etag')! } }), 204);
      expectProblem(await w.api.get(`${w.base}/content/${item.id}/versions/2`, { token: w.reader }), 404, 'not-found');
      await w.api.post(`${w.base}/content/${item.id}/versions`, { fields: [text(title(), 'x')] }, { token: w.editor });
      const submitted = await w.api.post(`${w.base}/content/${item.id}/versions/2/submit`, undefined, { token: w.editor });
      expectProblem(await w.api.delete(`${w.base}/content/${item.id}/versions/2`, { token: w.editor, headers: { 'if-match': submitted.headers.get('etag')! } }), 409, 'conflict');
      const events = await dbQuery<{ event_type: string }>(w.api, `SELECT event_type FROM outbox_events WHERE payload->>'contentItemId' = $1 ORDER BY seq`, [item.id]);
      expect(events.map((e) => e.event_type)).to.deep.equal([
        'content.created', 'content.version_created', 'content.version_deleted', 'content.version_created', 'content.version_status_changed',
      ]);
    });
  });

  describe('GET …/content/{id}/versions/{n}', () => {
    it('reads the version number as the integer the contract declares, however the path spells it', async () => {
      const item = await createArticle(w, 'Spelled');
      for (const spelling of ['1', '1.0', '1e0']) {
        const res = await w.api.get(`${w.base}/content/${item.id}/versions/${spelling}`, { token: w.reader });
        expectStatus(res, 200);
        expect(res.body).to.include({ versionNumber: 1, contentItemId: item.id });
      }
      const template = await w.api.get(`${w.base}/templates/${w.model.article.templateId}/versions/1.0`, { token: w.reader });
      expectStatus(template, 200);
      expect(template.body.versionNumber).to.equal(1);
    });
  });

  describe('GET …/content/{id}/versions', () => {
    it('pages the versions, highest number first', async () => {
      const item = await createArticle(w, 'Many');
      for (let i = 0; i < 3; i++) await newVersion(w, item.id, { fields: [text(title(), `v${i}`)] });
      const res = await w.api.get(`${w.base}/content/${item.id}/versions?pageSize=3&page=1`, { token: w.reader });
      expectStatus(res, 200);
      expect(res.body).to.include({ totalCount: 4, page: 1, pageSize: 3, totalPages: 2 });
      expect(res.body.items.map((v: any) => v.versionNumber)).to.deep.equal([4, 3, 2]);
    });
  });

  describe('Component values', () => {
    it('answers 422 validation-failed for a bad picklist value inside a nested component and writes nothing', async () => {
      const ok = async (res: Promise<any>, status = 200) => {
        const r = await res;
        expectStatus(r, status);
        return r.body;
      };
      const styles = await ok(w.api.post(`${w.base}/picklists`, { name: 'Style', slug: uniqueSlug('style'), options: [
        { label: 'Primary', value: 'primary' },
        { label: 'Secondary', value: 'secondary' },
      ] }, { token: w.reviewer }), 201);
      const component = async (name: string, fields: Record<string, unknown>[]) => {
        const c = await ok(w.api.post(`${w.base}/components`, { name, slug: uniqueSlug(name.toLowerCase()) }, { token: w.reviewer }), 201);
        await ok(w.api.put(`${w.base}/components/${c.id}/versions/1/fields`, fields, { token: w.reviewer, headers: await w.api.ifMatch(`${w.base}/components/${c.id}/versions/1`, w.reviewer) }));
        await ok(w.api.post(`${w.base}/components/${c.id}/versions/1/publish`, undefined, { token: w.reviewer, headers: await w.api.ifMatch(`${w.base}/components/${c.id}/versions/1`, w.reviewer) }));
        return c.id as string;
      };
      const cta = await component('CTA', [
        { key: 'label', label: 'Label', order: 0, isRequired: true, minOccurrences: 1, primitiveType: 'Text' },
        { key: 'style', label: 'Style', order: 1, primitiveType: 'PickList', picklistId: styles.id, picklistRevisionId: styles.currentRevisionId },
      ]);
      const promo = await component('Promo', [
        { key: 'heading', label: 'Heading', order: 0, isRequired: true, minOccurrences: 1, primitiveType: 'Text' },
        { key: 'cta', label: 'Call to action', order: 1, nestedComponentId: cta, maxOccurrences: 1 },
      ]);
      const page = await buildTemplate(w.api, w.base, w.reviewer, 'Landing', () => [
        { key: 'promo', label: 'Promo', componentId: promo, minOccurrences: 0, maxOccurrences: 1 },
      ]);
      const promoValue = (jsonValue: unknown) => ({ fieldId: page.fields.promo!, order: 0, valueKind: 'Component', jsonValue });

      // A good value is stored with the option's own spelling; an unknown key is kept.
      const created = await ok(w.api.post(`${w.base}/content`, {
        templateVersionId: page.versionId, slug: uniqueSlug('landing'), tags: [],
        fields: [promoValue({ heading: 'Hi', cta: { label: 'Go', style: 'PRIMARY' }, legacy: 1 })],
      }, { token: w.editor }), 201);
      const stored = await ok(w.api.get(`${w.base}/content/${created.id}/versions/1`, { token: w.reader }));
      expect(stored.fields[0].jsonValue).to.deep.equal({ heading: 'Hi', cta: { label: 'Go', style: 'primary' }, legacy: 1 });

      // A bad nested picklist value: 422 on create (no item) and on update (version unchanged).
      const bad = promoValue({ heading: 'Hi', cta: { label: 'Go', style: 'huge' } });
      const slug = uniqueSlug('landing');
      const refused = await w.api.post(`${w.base}/content`, { templateVersionId: page.versionId, slug, tags: [], fields: [bad] }, { token: w.editor });
      expectProblem(refused, 422, 'validation-failed');
      expect(refused.body.errors).to.deep.equal({
        '/fields/0': [`Field 'Promo' value 0 sets "cta.style" to "huge", which is not an option of its picklist revision.`],
      });
      expect(await dbQuery(w.api, `SELECT id FROM content_items WHERE slug = $1`, [slug])).to.deep.equal([]);

      const before = await w.api.get(`${w.base}/content/${created.id}/versions/1`, { token: w.reader });
      const etag = before.headers.get('etag')!;
      const update = await w.api.put(`${w.base}/content/${created.id}/versions/1`, { fields: [bad] }, { token: w.editor, headers: { 'if-match': etag } });
      expectProblem(update, 422, 'validation-failed');
      expect(update.body.errors['/fields/0'][0]).to.match(/"cta\.style" to "huge"/);
      const after = await w.api.get(`${w.base}/content/${created.id}/versions/1`, { token: w.reader });
      expect(after.headers.get('etag')).to.equal(etag);
      const rows = await dbQuery<{ json_value: unknown }>(w.api, `SELECT fv.json_value FROM content_field_values fv
        JOIN content_versions v ON v.id = fv.content_version_id WHERE v.content_item_id = $1`, [created.id]);
      expect(rows).to.deep.equal([{ json_value: { heading: 'Hi', cta: { label: 'Go', style: 'primary' }, legacy: 1 } }]);
    });
  });
});
