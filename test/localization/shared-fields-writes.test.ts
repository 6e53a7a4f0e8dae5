// Fields shared across translations on the write side: a template field's `localized` flag as the
// field routes, a new draft and a package keep it; and a shared required field is not required of a
// translation that takes it from its group's default-locale member (submit, publish, scheduled).
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { dbQuery, expectProblem, expectStatus, startContentWorld, type ContentWorld } from '../content/content-fixture.js';
import { buildPageTemplate, createPage, setLocales, type PageTemplate } from './translations-fixture.js';
import { createWorkspace, createActor } from '../helpers/actors.js';
import { createLogger } from '../../server/src/logging/logger.js';
import { createScheduledPublishingWorker } from '../../server/src/workers/scheduled-publishing.js';
import { MemoryLog } from '../helpers/memory-log.js';

describe('fields shared across translations: writes', function () {
  let api: TestApi;
  let w: ContentWorld;
  before(async () => {
    // The API's own workers are off, so a scheduled publication runs when a test runs a pass.
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
    w = await startContentWorld(api);
  });
  after(() => api.close());

  const tag = async (templateId: string, n: number) => ({ 'if-match': (await w.api.get(`${w.base}/templates/${templateId}/versions/${n}`, { token: w.reviewer })).headers.get('etag')! });
  const newTemplate = async () => {
    const res = await w.api.post(`${w.base}/templates`, { name: 'Product', slug: `product-${Math.random().toString(36).slice(2, 9)}` }, { token: w.reviewer });
    expectStatus(res, 201);
    return res.body.id as string;
  };
  const addField = async (templateId: string, field: Record<string, unknown>, n = 1) =>
    w.api.post(`${w.base}/templates/${templateId}/versions/${n}/fields`, { compositionMode: 'Inline', primitiveType: 'Text', ...field }, { token: w.reviewer, headers: await tag(templateId, n) });
  const fieldsOf = async (templateId: string, n: number) => {
    const res = await w.api.get(`${w.base}/templates/${templateId}/versions/${n}`, { token: w.reviewer });
    expectStatus(res, 200);
    const all = [...res.body.fields, ...res.body.sections.flatMap((s: any) => s.fields ?? [])];
    return Object.fromEntries(all.map((f: any) => [f.key, f.localized]));
  };

  describe('the localized flag', () => {
    it('a new field is localized unless it says otherwise; the answer and the stored row agree', async () => {
      const t = await newTemplate();
      const own = await addField(t, { key: 'title', label: 'Title', order: 0 });
      expectStatus(own, 201);
      expect(own.body.localized).to.equal(true);
      const shared = await addField(t, { key: 'sku', label: 'SKU', order: 1, localized: false });
      expectStatus(shared, 201);
      expect(shared.body.localized).to.equal(false);
      const rows = await dbQuery(w.api, `SELECT key, localized FROM template_fields WHERE id = ANY($1::uuid[]) ORDER BY key`, [[own.body.id, shared.body.id]]);
      expect(rows).to.deep.equal([{ key: 'sku', localized: false }, { key: 'title', localized: true }]);
    });

    it('a change that omits it keeps the setting (upstream\'s clients do not send it); one that sends it changes it', async () => {
      const t = await newTemplate();
      const shared = (await addField(t, { key: 'sku', label: 'SKU', order: 0, localized: false })).body;
      const put = async (body: Record<string, unknown>) =>
        w.api.put(`${w.base}/templates/${t}/versions/1/fields/${shared.id}`, { key: 'sku', order: 0, compositionMode: 'Inline', primitiveType: 'Text', ...body }, { token: w.reviewer, headers: await tag(t, 1) });
      const relabelled = await put({ label: 'Stock unit' });
      expectStatus(relabelled, 200);
      expect(relabelled.body).to.include({ label: 'Stock unit', localized: false });
      const unshared = await put({ label: 'Stock unit', localized: true });
      expectStatus(unshared, 200);
      expect(unshared.body.localized).to.equal(true);
      expect(await fieldsOf(t, 1)).to.deep.equal({ sku: true });
    });

    it('a new draft copies it', async () => {
      const t = await newTemplate();
      expectStatus(await addField(t, { key: 'title', label: 'Title', order: 0 }), 201);
      expectStatus(await addField(t, { key: 'sku', label: 'SKU', order: 1, localized: false }), 201);
      expectStatus(await w.api.put(`${w.base}/templates/${t}/versions/1/publish`, undefined, { token: w.reviewer, headers: await tag(t, 1) }), 200);
      expectStatus(await w.api.post(`${w.base}/templates/${t}/versions`, {}, { token: w.reviewer }), 201);
      expect(await fieldsOf(t, 2)).to.deep.equal({ title: true, sku: false });
    });

    it('a package keeps it: exported only for a shared field, imported as exported, and absent (older packages) is localized', async () => {
      const t = await newTemplate();
      expectStatus(await addField(t, { key: 'title', label: 'Title', order: 0 }), 201);
      expectStatus(await addField(t, { key: 'sku', label: 'SKU', order: 1, localized: false }), 201);
      expectStatus(await w.api.put(`${w.base}/templates/${t}/versions/1/publish`, undefined, { token: w.reviewer, headers: await tag(t, 1) }), 200);
      const exported = await w.api.get(`${w.base}/packages/export?templateIds=${t}`, { token: w.reviewer });
      expectStatus(exported, 200);
      const fields = exported.body.templates[0].fields;
      expect(fields.map((f: any) => [f.key, f.localized])).to.deep.equal([['title', undefined], ['sku', false]]);
      expect(fields[0]).to.not.have.property('localized');

      const { id: other } = await createWorkspace(w.api);
      const admin = (await createActor(w.api, { role: 'TemplateAdmin', grants: { [other]: 'Write' } })).token;
      const imported = await w.api.post(`/api/v1/workspaces/${other}/packages/import`, exported.body, { token: admin });
      expectStatus(imported, 200);
      const importedId = imported.body.imported[0].templateId;
      const read = await w.api.get(`/api/v1/workspaces/${other}/templates/${importedId}/versions/1`, { token: admin });
      expect(Object.fromEntries(read.body.fields.map((f: any) => [f.key, f.localized]))).to.deep.equal({ title: true, sku: false });
      const again = await w.api.get(`/api/v1/workspaces/${other}/packages/export?templateIds=${importedId}`, { token: admin });
      expect(again.body.templates).to.deep.equal(exported.body.templates);

      // A package written before shared fields (no localized anywhere): every field localized.
      const older = structuredClone(exported.body);
      older.id = 'older';
      older.templates[0].slug = 'older-product';
      delete older.templates[0].fields[1].localized;
      const third = await w.api.post(`/api/v1/workspaces/${other}/packages/import`, older, { token: admin });
      expectStatus(third, 200);
      const olderId = third.body.imported[0].templateId;
      const olderRead = await w.api.get(`/api/v1/workspaces/${other}/templates/${olderId}/versions/1`, { token: admin });
      expect(olderRead.body.fields.map((f: any) => f.localized)).to.deep.equal([true, true]);
    });

    it('a field holding child items cannot be shared (each translation names its own children): 422 at /localized, nothing written, here and in a package', async () => {
      const child = await newTemplate();
      const t = await newTemplate();
      const before = await dbQuery(w.api, `SELECT count(*)::int AS n FROM template_fields f JOIN template_versions v ON v.id = f.template_version_id WHERE v.template_id = $1`, [t]);
      const composed = await addField(t, { key: 'related', label: 'Related', order: 0, primitiveType: undefined, templateId: child, compositionMode: 'Reference', localized: false });
      expectProblem(composed, 422, 'validation-failed');
      expect(composed.body.errors['/localized'][0]).to.match(/^field 'Related' holds child items, which each translation names for itself/);
      const open = await addField(t, { key: 'blocks', label: 'Blocks', order: 0, primitiveType: undefined, isOpen: true, allowedTypes: [{ allowedTemplateId: child }], localized: false });
      expectProblem(open, 422, 'validation-failed');
      expect(open.body.errors).to.have.property('/localized');
      expect(await dbQuery(w.api, `SELECT count(*)::int AS n FROM template_fields f JOIN template_versions v ON v.id = f.template_version_id WHERE v.template_id = $1`, [t])).to.deep.equal(before);
      // The same field localized is fine, and a shared field of values beside it too.
      expectStatus(await addField(t, { key: 'related', label: 'Related', order: 0, primitiveType: undefined, templateId: child, compositionMode: 'Reference' }), 201);
      expectStatus(await addField(t, { key: 'sku', label: 'SKU', order: 1, localized: false }), 201);

      expectStatus(await addField(child, { key: 'name', label: 'Name', order: 0 }), 201);
      expectStatus(await w.api.put(`${w.base}/templates/${child}/versions/1/publish`, undefined, { token: w.reviewer, headers: await tag(child, 1) }), 200);
      expectStatus(await w.api.put(`${w.base}/templates/${t}/versions/1/publish`, undefined, { token: w.reviewer, headers: await tag(t, 1) }), 200);
      const exported = await w.api.get(`${w.base}/packages/export?templateIds=${t}`, { token: w.reviewer });
      expectStatus(exported, 200);
      const pkg = structuredClone(exported.body);
      const ti = pkg.templates.findIndex((x: any) => x.fields.some((f: any) => f.key === 'related'));
      const fi = pkg.templates[ti].fields.findIndex((f: any) => f.key === 'related');
      pkg.templates[ti].fields[fi].localized = false;
      const { id: other } = await createWorkspace(w.api);
      const admin = (await createActor(w.api, { role: 'TemplateAdmin', grants: { [other]: 'Write' } })).token;
      const imported = await w.api.post(`/api/v1/workspaces/${other}/packages/import`, pkg, { token: admin });
      expectProblem(imported, 422, 'validation-failed');
      expect(imported.body.errors).to.have.property(`/templates/${ti}/fields/${fi}/localized`);
      expect((await w.api.get(`/api/v1/workspaces/${other}/templates`, { token: admin })).body.totalCount).to.equal(0);
    });

    it('a package field refuses a localized that is not a boolean (400)', async () => {
      const t = await newTemplate();
      expectStatus(await addField(t, { key: 'sku', label: 'SKU', order: 0, localized: false }), 201);
      expectStatus(await w.api.put(`${w.base}/templates/${t}/versions/1/publish`, undefined, { token: w.reviewer, headers: await tag(t, 1) }), 200);
      const pkg = (await w.api.get(`${w.base}/packages/export?templateIds=${t}`, { token: w.reviewer })).body;
      pkg.templates[0].fields[0].localized = 'no';
      const { id: other } = await createWorkspace(w.api);
      const admin = (await createActor(w.api, { role: 'TemplateAdmin', grants: { [other]: 'Write' } })).token;
      expectProblem(await w.api.post(`/api/v1/workspaces/${other}/packages/import`, pkg, { token: admin }), 400, 'bad-request');
    });
  });

  describe('required shared fields on submit and publish', () => {
    let page: PageTemplate;
    let lw: ContentWorld;
    before(async () => {
      lw = await startContentWorld(api);
      page = await buildPageTemplate(lw);
      await setLocales(lw, ['en', 'de']);
    });

    const submit = (id: string, n = 1) => lw.api.post(`${lw.base}/content/${id}/versions/${n}/submit`, undefined, { token: lw.editor });
    const publish = (id: string, n = 1) => lw.api.post(`${lw.base}/content/${id}/versions/${n}/publish`, { overrideWorkflow: true }, { token: lw.admin });
    const translate = async (id: string, localeCode: string) => {
      const res = await lw.api.post(`${lw.base}/content/${id}/translations`, { localeCode }, { token: lw.editor });
      expectStatus(res, 201);
      return res.body as { id: string };
    };

    it('the German member of a group with an English member submits and publishes without the shared code', async () => {
      const en = await createPage(lw, page, { title: 'Widget', code: 'W-1' });
      const de = await translate(en.id, 'de');
      expectStatus(await submit(de.id), 200);
      const other = await translate((await createPage(lw, page, { title: 'Gadget', code: 'G-1' })).id, 'de');
      expectStatus(await publish(other.id), 200);
      // A member without a locale takes the shared fields from the English one too.
      const neutral = await createPage(lw, page, { title: 'Neutral' }, { localeCode: null, slug: null, translationGroupId: (await lw.api.get(`${lw.base}/content/${en.id}`, { token: lw.reader })).body.translationGroupId });
      expectStatus(await submit(neutral.id), 200);
    });

    it('the shared field is still required of the English member, and of a German item with no English member', async () => {
      const en = await createPage(lw, page, { title: 'Lonely' });
      const refused = await submit(en.id);
      expectProblem(refused, 422, 'validation-failed');
      expect(Object.keys(refused.body.errors)).to.deep.equal(['/fields/code']);
      expectProblem(await publish(en.id), 422, 'validation-failed');
      const de = await createPage(lw, page, { title: 'Allein' }, { localeCode: 'de' });
      const deRefused = await submit(de.id);
      expectProblem(deRefused, 422, 'validation-failed');
      expect(deRefused.body.detail).to.match(/Product code/);
      // Its localized required fields stay required of the German member.
      const enWithCode = await createPage(lw, page, { title: 'Whole', code: 'X-1' });
      const deMember = await translate(enWithCode.id, 'de');
      const emptied = await lw.api.post(`${lw.base}/content/${deMember.id}/versions`, { fields: [] }, { token: lw.editor });
      expectStatus(emptied, 201);
      const noTitle = await submit(deMember.id, 2);
      expectProblem(noTitle, 422, 'validation-failed');
      expect(Object.keys(noTitle.body.errors)).to.deep.equal(['/fields/title']);
    });

    it('a deleted English member makes the shared field the German member\'s to fill again', async () => {
      const en = await createPage(lw, page, { title: 'Fleeting', code: 'F-1' });
      const de = await translate(en.id, 'de');
      const etag = (await lw.api.get(`${lw.base}/content/${en.id}`, { token: lw.editor })).headers.get('etag')!;
      expectStatus(await lw.api.delete(`${lw.base}/content/${en.id}`, { token: lw.editor, headers: { 'if-match': etag } }), 204);
      expectProblem(await submit(de.id), 422, 'validation-failed');
    });

    it('a scheduled publication of the German member is held back by the shared field neither when scheduled nor when due', async () => {
      const schedule = async (id: string) => {
        expectStatus(await submit(id), 200);
        expectStatus(await lw.api.post(`${lw.base}/content/${id}/versions/1/approve`, undefined, { token: lw.reviewer }), 200);
        const due = new Date(Date.now() - 1000).toISOString();
        expectStatus(await lw.api.post(`${lw.base}/content/${id}/versions/1/publish`, { publishAt: due }, { token: lw.reviewer }), 200);
      };
      const en = await createPage(lw, page, { title: 'Later', code: 'L-1' });
      const de = await translate(en.id, 'de');
      await schedule(de.id);
      // Scheduled while its English member stood; that member is gone by the time it is due.
      const gone = await createPage(lw, page, { title: 'Gone', code: 'G-2' });
      const orphan = await translate(gone.id, 'de');
      await schedule(orphan.id);
      const etag = (await lw.api.get(`${lw.base}/content/${gone.id}`, { token: lw.editor })).headers.get('etag')!;
      expectStatus(await lw.api.delete(`${lw.base}/content/${gone.id}`, { token: lw.editor, headers: { 'if-match': etag } }), 204);

      const deps = lw.api.running.deps;
      const worker = createScheduledPublishingWorker(deps.db, createLogger({ level: 'error', stream: new MemoryLog() }), deps.metrics.schedule, { batchSize: 10 });
      expect(await worker.runOnce(new AbortController().signal)).to.equal(2);
      const state = async (id: string) => dbQuery(lw.api, `SELECT status, publish_at IS NOT NULL AS scheduled FROM content_versions WHERE content_item_id = $1`, [id]);
      expect(await state(de.id)).to.deep.equal([{ status: 'Published', scheduled: false }]);
      // Without an English member the code is the German member's to fill: not published, the schedule cleared.
      expect(await state(orphan.id)).to.deep.equal([{ status: 'Approved', scheduled: false }]);
    });
  });
});
