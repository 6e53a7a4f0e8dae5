import { expect } from 'chai';
import { createComponent, createPickList, createTemplate, addField, dbQuery, expectProblem, expectStatus, useModelWorld, textField, versionTag } from './model-fixture.js';

describe('components, picklists and tags', () => {
  const w = useModelWorld();

  const cfield = (key: string, extra: Record<string, unknown> = {}) => ({ key, label: key, order: 0, primitiveType: 'Text', ...extra });
  const putFields = async (id: string, n: number, fields: unknown[]) => w.api.put(`${w.base}/components/${id}/versions/${n}/fields`, fields, { token: w.admin, headers: await versionTag(w, 'components', id, n) });

  describe('components', () => {
    it('creates version 1 as the current draft, replaces its fields and publishes it', async () => {
      const c = await createComponent(w, 'SEO');
      expect(c.currentVersion).to.include({ versionNumber: 1, status: 'Draft' });
      const empty = await w.api.post(`${w.base}/components/${c.id}/versions/1/publish`, undefined, { token: w.admin, headers: await versionTag(w, 'components', c.id, 1) });
      expectProblem(empty, 422, 'validation-failed');
      const put = await putFields(c.id, 1, [cfield('metaTitle', { fieldConfig: { maxLength: 60 } }), cfield('noIndex', { primitiveType: 'Boolean', order: 1 })]);
      expectStatus(put, 200);
      expect(put.body.fields.map((f: any) => f.key)).to.deep.equal(['metaTitle', 'noIndex']);
      const pub = await w.api.post(`${w.base}/components/${c.id}/versions/1/publish`, undefined, { token: w.admin, headers: await versionTag(w, 'components', c.id, 1) });
      expectStatus(pub, 200);
      expect(pub.body.currentVersion).to.include({ status: 'Published', versionNumber: 1 });
      expectProblem(await putFields(c.id, 1, [cfield('late')]), 409, 'conflict');
      const audit = await dbQuery(w.api, `SELECT a.entity_type, a.action FROM audit_log a
        WHERE a.entity_id = $1 OR a.entity_id IN (SELECT id FROM component_versions WHERE component_id = $1) ORDER BY a.occurred_at, a.id`, [c.id]);
      expect(audit.map((r) => `${r.entity_type}:${r.action}`)).to.deep.equal(['Component:Created', 'ComponentVersion:Updated', 'ComponentVersion:StatusChanged']);
    });

    it('takes Number, Date, DateTime and Json members, checking their settings as for template fields', async () => {
      const c = await createComponent(w, 'Event');
      const bad = await putFields(c.id, 1, [
        cfield('seats', { label: 'Seats', primitiveType: 'Number', fieldConfig: { min: 5, max: 1 } }),
        cfield('extra', { label: 'Extra', primitiveType: 'Json', order: 1, fieldConfig: { schema: { $ref: 'https://example.com/s.json' } } }),
      ]);
      expectProblem(bad, 422, 'validation-failed');
      expect(bad.body.errors).to.deep.equal({
        '/0/fieldConfig/max': ["the maximum of field 'Seats' (1) is less than its minimum (5)"],
        '/1/fieldConfig/schema': [`the schema of field 'Extra' refers to "https://example.com/s.json", outside itself; a schema may refer only to its own parts (#/$defs/…)`],
      });
      const fields = [
        cfield('seats', { primitiveType: 'Number', fieldConfig: { min: 1, integer: true } }),
        cfield('day', { primitiveType: 'Date', order: 1 }),
        cfield('starts', { primitiveType: 'DateTime', order: 2 }),
        cfield('extra', { primitiveType: 'Json', order: 3, fieldConfig: { schema: { type: 'array' } } }),
      ];
      const put = await putFields(c.id, 1, fields);
      expectStatus(put, 200);
      expect(put.body.fields.map((f: any) => [f.key, f.primitiveType, f.fieldConfig])).to.deep.equal(fields.map((f: any) => [f.key, f.primitiveType, f.fieldConfig ?? {}]));
    });

    it('returns the existing draft instead of creating a second one; publishing archives the previous version', async () => {
      const c = await createComponent(w);
      expectStatus(await putFields(c.id, 1, [cfield('a')]), 200);
      expectStatus(await w.api.post(`${w.base}/components/${c.id}/versions/1/publish`, undefined, { token: w.admin, headers: await versionTag(w, 'components', c.id, 1) }), 200);
      const first = await w.api.post(`${w.base}/components/${c.id}/versions`, {}, { token: w.admin });
      expectStatus(first, 201);
      expect(first.body).to.include({ versionNumber: 2, status: 'Draft' });
      expect(first.body.fields.map((f: any) => f.key)).to.deep.equal(['a']);
      const again = await w.api.post(`${w.base}/components/${c.id}/versions`, {}, { token: w.admin });
      expectStatus(again, 200);
      expect(again.body.id).to.equal(first.body.id);
      expectStatus(await w.api.post(`${w.base}/components/${c.id}/versions/2/publish`, undefined, { token: w.admin, headers: await versionTag(w, 'components', c.id, 2) }), 200);
      expect((await w.api.get(`${w.base}/components/${c.id}/versions/1`, { token: w.reader })).body.status).to.equal('Archived');
      // The component lists its whole history, newest first, with each version's status.
      const history = (await w.api.get(`${w.base}/components/${c.id}`, { token: w.reader })).body.versions;
      expect(history.map((v: any) => [v.versionNumber, v.status])).to.deep.equal([[2, 'Published'], [1, 'Archived']]);
      expect(history[0].publishedAt).to.be.a('string');
    });

    it('validates fields: one kind each, unique keys, bounds', async () => {
      const c = await createComponent(w);
      const res = await putFields(c.id, 1, [
        cfield('a', { nestedComponentId: c.id }),
        cfield('A'),
        cfield('b', { minOccurrences: 2, maxOccurrences: 1 }),
      ]);
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.have.keys('/0/primitiveType', '/1/key', '/2/maxOccurrences');
    });

    it('keeps the nesting graph acyclic (422 circular-component-reference)', async () => {
      const a = await createComponent(w, 'Card');
      const b = await createComponent(w, 'Link');
      const self = await putFields(a.id, 1, [cfield('me', { primitiveType: null, nestedComponentId: a.id })]);
      expectProblem(self, 422, 'circular-component-reference');
      expectStatus(await putFields(a.id, 1, [cfield('link', { primitiveType: null, nestedComponentId: b.id })]), 200);
      const back = await putFields(b.id, 1, [cfield('card', { primitiveType: null, nestedComponentId: a.id })]);
      expectProblem(back, 422, 'circular-component-reference');
      expect(back.body.cycle).to.deep.equal(['Link', 'Card', 'Link']);
    });

    it('updates name and slug with If-Match and lists with search', async () => {
      const c = await createComponent(w, 'Hero banner');
      const etag = (await w.api.get(`${w.base}/components/${c.id}`, { token: w.reader })).headers.get('etag')!;
      expectProblem(await w.api.put(`${w.base}/components/${c.id}`, { name: 'X', slug: 'x' }, { token: w.admin }), 412, 'concurrency-mismatch');
      const ok = await w.api.put(`${w.base}/components/${c.id}`, { name: 'Hero', slug: 'hero' }, { token: w.admin, headers: { 'if-match': etag } });
      expectStatus(ok, 200);
      expect(ok.body).to.include({ name: 'Hero', slug: 'hero' });
      const list = await w.api.get(`${w.base}/components?search=HER`, { token: w.reader });
      expect(list.body.items.map((i: any) => i.slug)).to.deep.equal(['hero']);
      expectProblem(await w.api.post(`${w.base}/components`, { name: 'Other', slug: 'hero' }, { token: w.admin }), 409, 'conflict');
    });
  });

  describe('picklists', () => {
    it('writes a new immutable revision on every update', async () => {
      const list = await createPickList(w, ['news', 'guides']);
      expect(list).to.include({ currentRevisionId: list.revisionId });
      const first = await w.api.get(`${w.base}/picklists/${list.id}`, { token: w.reader });
      expect(first.body).to.include({ currentVersionNumber: 1, revisionNumber: 1 });
      expect(first.body.options.map((o: any) => [o.value, o.order])).to.deep.equal([['news', 0], ['guides', 1]]);
      const updated = await w.api.put(
        `${w.base}/picklists/${list.id}`,
        { name: 'Sections', slug: list.slug, options: [{ label: 'Opinion', value: 'opinion', order: 5 }] },
        { token: w.admin, headers: { 'if-match': first.headers.get('etag')! } },
      );
      expectStatus(updated, 200);
      expect(updated.body).to.include({ currentVersionNumber: 2, revisionNumber: 2, name: 'Sections' });
      const old = await w.api.get(`${w.base}/picklists/${list.id}/revisions/${list.revisionId}`, { token: w.reader });
      expect(old.body).to.include({ revisionNumber: 1, currentVersionNumber: 2 });
      expect(old.body.options.map((o: any) => o.value)).to.deep.equal(['news', 'guides']);
      // Every body lists the whole history, newest first, each revision with its own name.
      for (const body of [updated.body, old.body]) {
        expect(body.revisions.map((r: any) => [r.revisionNumber, r.name])).to.deep.equal([[2, 'Sections'], [1, first.body.name]]);
      }
      expect(updated.body.revisions[1].id).to.equal(list.revisionId);
      const summary = await w.api.get(`${w.base}/picklists?search=${list.slug}`, { token: w.reader });
      expect(summary.body.items[0]).to.include({ optionCount: 1, currentVersionNumber: 2 });
    });

    it('answers 422 for option values that repeat case-insensitively, and 412 without If-Match', async () => {
      const res = await w.api.post(
        `${w.base}/picklists`,
        { name: 'Dup', slug: 'dup', options: [{ label: 'A', value: 'Yes' }, { label: 'B', value: 'yes' }] },
        { token: w.admin },
      );
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.have.property('/options/1/value');
      const list = await createPickList(w);
      expectProblem(await w.api.put(`${w.base}/picklists/${list.id}`, { name: 'X', slug: list.slug, options: [] }, { token: w.admin }), 412, 'concurrency-mismatch');
    });

    it('refuses to delete a picklist a field binds (409), and deletes it once unbound', async () => {
      const list = await createPickList(w);
      const t = await createTemplate(w);
      const field = await addField(w, t.id, 1, { ...textField('cat'), primitiveType: 'PickList', picklistId: list.id, picklistRevisionId: list.revisionId });
      const etag = (await w.api.get(`${w.base}/picklists/${list.id}`, { token: w.reader })).headers.get('etag')!;
      const res = await w.api.delete(`${w.base}/picklists/${list.id}`, { token: w.admin, headers: { 'if-match': etag } });
      expectProblem(res, 409, 'referenced-by-other-entity');
      expect(res.body.referencedBy).to.deep.equal([field.body.id]);
      expectStatus(await w.api.delete(`${w.base}/templates/${t.id}/versions/1/fields/${field.body.id}`, { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) }), 204);
      expectStatus(await w.api.delete(`${w.base}/picklists/${list.id}`, { token: w.admin, headers: { 'if-match': etag } }), 204);
      expectProblem(await w.api.get(`${w.base}/picklists/${list.id}`, { token: w.reader }), 404, 'not-found');
    });
  });

  describe('tags', () => {
    it('lists tags by name with usage counts; only an Admin deletes one, removing it from every item', async () => {
      const t = await createTemplate(w);
      const [{ id: tagA }] = await dbQuery(w.api, `INSERT INTO tags (workspace_id, name) VALUES ($1, 'zebra') RETURNING id`, [w.ws]);
      await dbQuery(w.api, `INSERT INTO tags (workspace_id, name) VALUES ($1, 'alpha')`, [w.ws]);
      for (const n of [1, 2]) {
        const [{ id }] = await dbQuery(
          w.api,
          `INSERT INTO content_items (workspace_id, template_id, template_version_id, slug) VALUES ($1, $2, $3, $4) RETURNING id`,
          [w.ws, t.id, t.currentVersion.id, `item-${n}`],
        );
        await dbQuery(w.api, 'INSERT INTO content_item_tags (content_item_id, tag_id) VALUES ($1, $2)', [id, tagA]);
      }
      const list = await w.api.get(`${w.base}/tags`, { token: w.reader });
      expectStatus(list, 200);
      expect(list.body.items.map((x: any) => [x.name, x.usageCount])).to.deep.equal([['alpha', 0], ['zebra', 2]]);
      expectProblem(await w.api.delete(`${w.base}/tags/${tagA}`, { token: w.admin }), 403, 'forbidden');
      expectStatus(await w.api.delete(`${w.base}/tags/${tagA}`, { token: w.owner }), 204);
      expect(await dbQuery(w.api, 'SELECT count(*)::int AS n FROM content_item_tags WHERE tag_id = $1', [tagA])).to.deep.equal([{ n: 0 }]);
      expect((await w.api.get(`${w.base}/tags`, { token: w.reader })).body.items.map((x: any) => x.name)).to.deep.equal(['alpha']);
      expectProblem(await w.api.delete(`${w.base}/tags/${tagA}`, { token: w.owner }), 404, 'not-found');
      const audit = await dbQuery(w.api, 'SELECT entity_type, action FROM audit_log WHERE entity_id = $1', [tagA]);
      expect(audit).to.deep.equal([{ entity_type: 'Tag', action: 'Deleted' }]);
    });
  });
});
