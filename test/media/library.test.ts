// The media library on both providers: list (paged, type prefix, name search), get, alt text under
// If-Match, delete (409 while live content refers to the asset; otherwise a soft delete with an
// intent not due before purge_after), content values that must name an Available asset of the
// workspace (422), and the storage settings and probe (Admin).
import crypto from 'node:crypto';
import { expect } from 'chai';
import { createWorkspace, dbQuery } from '../helpers/actors.js';
import { buildTemplate, expectProblem, expectStatus, uniqueSlug } from '../content/content-fixture.js';
import { runDeletionPass } from '../../server/src/workers/media-deletion.js';
import { assetRow, forEachProvider, intentsFor, lifecycleOf, storeContents, upload, uploadPng, pdfBytes, type MediaWorld } from './media-world.js';

const DAY = 86_400_000;

forEachProvider('media library', (world, provider) => {
  let template: { versionId: string; fields: Record<string, string> };
  before(async () => {
    const w = world();
    // A component with a Media member ("Media with Caption", as upstream's Foundation pack has).
    const component = await w.api.post(`${w.base}/components`, { name: 'Figure', slug: uniqueSlug('figure') }, { token: w.admin });
    expectStatus(component, 201);
    const draft = `${w.base}/components/${component.body.id}/versions/1`;
    const fields = [
      { key: 'image', label: 'Image', order: 0, isRequired: true, minOccurrences: 1, primitiveType: 'Media' },
      { key: 'caption', label: 'Caption', order: 1, isRequired: false, minOccurrences: 0, primitiveType: 'Text' },
    ];
    expectStatus(await w.api.put(`${draft}/fields`, fields, { token: w.admin, headers: await w.api.ifMatch(draft, w.admin) }), 200);
    expectStatus(await w.api.post(`${draft}/publish`, undefined, { token: w.admin, headers: await w.api.ifMatch(draft, w.admin) }), 200);
    template = await buildTemplate(w.api, w.base, w.admin, 'Gallery', () => [
      { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
      { key: 'image', label: 'Image', primitiveType: 'Media', minOccurrences: 0 },
      { key: 'attachment', label: 'Attachment', primitiveType: 'File', minOccurrences: 0 },
      { key: 'figure', label: 'Figure', componentId: component.body.id, minOccurrences: 0, maxOccurrences: 1 },
    ]);
  });
  const figure = (id: string, caption = 'c') => ({ fieldId: template.fields.figure!, order: 0, valueKind: 'Component', jsonValue: { image: id, caption } });
  const media = (fieldId: string, id: string, order = 0) => ({ fieldId, order, valueKind: 'Media', mediaAssetId: id });
  const file = (fieldId: string, id: string, order = 0) => ({ fieldId, order, valueKind: 'File', fileAssetId: id });
  const createItem = (w: MediaWorld, values: unknown[]) =>
    w.api.post(
      `${w.base}/content`,
      { templateVersionId: template.versionId, slug: uniqueSlug('gallery'), tags: [], fields: [{ fieldId: template.fields.title, order: 0, valueKind: 'Text', textValue: 't' }, ...values] },
      { token: w.editor },
    );

  describe('GET /media', () => {
    it('lists visible assets newest first, paged, filtered by type prefix and by name (case-insensitive, literal)', async () => {
      const w = world();
      const a = await uploadPng(w, 'Holiday_100%.png');
      const b = await upload(w, { fileName: 'Budget holiday.pdf', contentType: 'application/pdf', data: pdfBytes() });
      const c = await uploadPng(w, 'portrait.png');
      const hidden = await uploadPng(w, 'holiday hidden.png');
      await dbQuery(w.api, `UPDATE media_assets SET blob_state = 'Missing' WHERE id = $1`, [hidden.id]);
      const all = await w.api.get(`${w.base}/media?pageSize=2`, { token: w.reader });
      expectStatus(all, 200);
      expect(all.body.items.map((i: any) => i.id)).to.deep.equal([c.id, b.body.id]);
      expect(all.body).to.include({ page: 1, pageSize: 2 });
      const ids = (res: any) => res.body.items.map((i: any) => i.id);
      expect(ids(await w.api.get(`${w.base}/media?search=HOLIDAY`, { token: w.reader }))).to.deep.equal([b.body.id, a.id]);
      expect(ids(await w.api.get(`${w.base}/media?search=100%25`, { token: w.reader }))).to.deep.equal([a.id]);
      expect(ids(await w.api.get(`${w.base}/media?search=_`, { token: w.reader }))).to.deep.equal([a.id]);
      expect(ids(await w.api.get(`${w.base}/media?mimeType=image/&search=holiday`, { token: w.reader }))).to.deep.equal([a.id]);
      expect(ids(await w.api.get(`${w.base}/media?MimeType=application/pdf`, { token: w.reader }))).to.deep.equal([b.body.id]);
      const other = await createWorkspace(w.api);
      expect((await w.api.get(`/api/v1/workspaces/${other.id}/media`, { token: w.admin })).body.items).to.deep.equal([]);
    });
  });

  describe('GET /media?ids=', () => {
    it('answers only the named visible assets of the workspace (one call for a screen\'s values); a malformed list is 400', async () => {
      const w = world();
      const a = await uploadPng(w, 'ids-a.png');
      const b = await uploadPng(w, 'ids-b.png');
      await uploadPng(w, 'ids-c.png');
      const hidden = await uploadPng(w, 'ids-hidden.png');
      await dbQuery(w.api, `UPDATE media_assets SET blob_state = 'Missing' WHERE id = $1`, [hidden.id]);
      const unknown = '0190a2b4-0000-7000-8000-000000000000';
      const res = await w.api.get(`${w.base}/media?ids=${a.id},${b.id.toUpperCase()},${hidden.id},${unknown}`, { token: w.reader });
      expectStatus(res, 200);
      expect(res.body.items.map((i: any) => i.id)).to.deep.equal([b.id, a.id]);
      expect(res.body.totalCount).to.equal(2);
      const bad = await w.api.get(`${w.base}/media?ids=${a.id};drop`, { token: w.reader });
      expect(bad.status).to.equal(400);
    });
  });

  describe('GET /media/{id}', () => {
    it('answers the asset with its ETag; 404 for another workspace, a hidden or an unknown id', async () => {
      const w = world();
      const { id, etag, body } = await uploadPng(w, 'one.png', 64, 'Alt');
      const res = await w.api.get(`${w.base}/media/${id}`, { token: w.reader });
      expectStatus(res, 200);
      expect(res.body).to.deep.equal(body);
      expect(res.headers.get('etag')).to.equal(etag);
      const other = await createWorkspace(w.api);
      expectProblem(await w.api.get(`/api/v1/workspaces/${other.id}/media/${id}`, { token: w.admin }), 404, 'not-found');
      expectProblem(await w.api.get(`${w.base}/media/${crypto.randomUUID()}`, { token: w.reader }), 404, 'not-found');
    });
  });

  describe('PUT /media/{id}', () => {
    it('changes the alt text under If-Match (412 when stale); blank is null; Reader 403', async () => {
      const w = world();
      const { id, etag } = await uploadPng(w, 'alt.png', 64, 'Old');
      expectProblem(await w.api.put(`${w.base}/media/${id}`, { altText: 'New' }, { token: w.editor, headers: { 'if-match': '"stale"' } }), 412, 'concurrency-mismatch');
      expectProblem(await w.api.put(`${w.base}/media/${id}`, { altText: 'New' }, { token: w.reader, headers: { 'if-match': etag } }), 403, 'forbidden');
      const res = await w.api.put(`${w.base}/media/${id}`, { altText: ' New ' }, { token: w.editor, headers: { 'if-match': etag } });
      expectStatus(res, 200);
      expect(res.body.altText).to.equal('New');
      expect(res.headers.get('etag')).to.not.equal(etag);
      const blank = await w.api.put(`${w.base}/media/${id}`, { altText: '   ' }, { token: w.editor, headers: { 'if-match': res.headers.get('etag')! } });
      expect(blank.body.altText).to.equal(null);
      expectProblem(await w.api.put(`${w.base}/media/${id}`, { altText: 'x'.repeat(1001) }, { token: w.editor, headers: { 'if-match': blank.headers.get('etag')! } }), 400, 'bad-request');
      const audit = await dbQuery(w.api, `SELECT action FROM audit_log WHERE entity_type = 'MediaAsset' AND entity_id = $1 ORDER BY occurred_at`, [id]);
      expect(audit.map((a) => a.action)).to.deep.equal(['Created', 'Updated', 'Updated']);
    });
  });

  describe('Media and File content values', () => {
    it('must name an Available asset of the workspace: unknown, deleted, hidden or foreign ids are 422', async () => {
      const w = world();
      const good = await uploadPng(w, 'good.png');
      const doc = await upload(w, { fileName: 'doc.pdf', contentType: 'application/pdf', data: pdfBytes() });
      const created = await createItem(w, [media(template.fields.image!, good.id), file(template.fields.attachment!, doc.body.id)]);
      expectStatus(created, 201);
      const version = await w.api.get(`${w.base}/content/${created.body.id}/versions/1`, { token: w.reader });
      const values = version.body.fields.filter((f: any) => f.valueKind === 'Media' || f.valueKind === 'File');
      expect(values.map((f: any) => f.mediaAssetId ?? f.fileAssetId)).to.deep.equal([good.id, doc.body.id]);

      const deleted = await uploadPng(w, 'deleted.png');
      expectStatus(await w.api.delete(`${w.base}/media/${deleted.id}`, { token: w.editor, headers: { 'if-match': deleted.etag } }), 204);
      const pending = await uploadPng(w, 'pending.png');
      await dbQuery(w.api, `UPDATE media_assets SET blob_state = 'PendingUpload' WHERE id = $1`, [pending.id]);
      const foreignWs = await createWorkspace(w.api);
      const foreign = crypto.randomUUID();
      await dbQuery(
        w.api,
        `INSERT INTO media_assets (id, workspace_id, file_name, mime_type, provider, storage_key, blob_state) VALUES ($1, $2, 'f.png', 'image/png', $3, $4, 'Available')`,
        [foreign, foreignWs.id, provider, `verso/media/${foreignWs.id}/2026/01/${foreign}_f.png`],
      );
      for (const [what, id] of [['unknown', crypto.randomUUID()], ['deleted', deleted.id], ['pending', pending.id], ['foreign', foreign]] as const) {
        const res = await createItem(w, [media(template.fields.image!, id)]);
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors['/fields/1'][0], what).to.include(`names media asset ${id}, which is not an available asset of this workspace`);
        expectProblem(await createItem(w, [file(template.fields.attachment!, id)]), 422, 'validation-failed');
        const inComponent = await createItem(w, [figure(id)]);
        expectProblem(inComponent, 422, 'validation-failed');
        expect(inComponent.body.errors['/fields/1'][0], what).to.include(`sets "image" to media asset "${id}", which is not an available asset of this workspace`);
      }
    });

    it('the same holds for a Media member of a component; ids are compared case-insensitively', async () => {
      const w = world();
      const asset = await uploadPng(w, 'figure.png');
      const res = await createItem(w, [figure(asset.id.toUpperCase()), media(template.fields.image!, asset.id.toUpperCase())]);
      expectStatus(res, 201);
      const version = await w.api.get(`${w.base}/content/${res.body.id}/versions/1`, { token: w.reader });
      const component = version.body.fields.find((f: any) => f.valueKind === 'Component');
      expect(component.jsonValue).to.deep.equal({ image: asset.id, caption: 'c' });
    });
  });

  describe('DELETE /media/{id}', () => {
    it('is 409 referenced-by-other-entity while live content refers to it (Media, File or a component member, any version)', async () => {
      const w = world();
      const asset = await uploadPng(w, 'used.png');
      const byMedia = await createItem(w, [media(template.fields.image!, asset.id)]);
      const byFile = await createItem(w, [file(template.fields.attachment!, asset.id)]);
      const byComponent = await createItem(w, [figure(asset.id.toUpperCase())]);
      expectStatus(byComponent, 201);
      const refused = await w.api.delete(`${w.base}/media/${asset.id}`, { token: w.editor, headers: { 'if-match': asset.etag } });
      expectProblem(refused, 409, 'referenced-by-other-entity');
      expect(refused.body.referencedBy).to.have.members([byMedia.body.id, byFile.body.id, byComponent.body.id]);
      for (const item of [byMedia.body.id, byFile.body.id, byComponent.body.id]) {
        const headers = await w.api.ifMatch(`${w.base}/content/${item}`, w.editor);
        expectStatus(await w.api.delete(`${w.base}/content/${item}`, { token: w.editor, headers }), 204);
      }
      expectStatus(await w.api.delete(`${w.base}/media/${asset.id}`, { token: w.editor, headers: { 'if-match': asset.etag } }), 204);
    });

    it('soft-deletes under If-Match: hidden at once, DeletePending, an intent not due before purge_after', async () => {
      const w = world();
      const asset = await uploadPng(w, 'bye.png');
      expectProblem(await w.api.delete(`${w.base}/media/${asset.id}`, { token: w.editor, headers: { 'if-match': '"stale"' } }), 412, 'concurrency-mismatch');
      expectProblem(await w.api.delete(`${w.base}/media/${asset.id}`, { token: w.reader, headers: { 'if-match': asset.etag } }), 403, 'forbidden');
      const before = Date.now();
      expectStatus(await w.api.delete(`${w.base}/media/${asset.id}`, { token: w.editor, headers: { 'if-match': asset.etag } }), 204);
      const row = await assetRow(w, asset.id);
      expect(row).to.include({ blob_state: 'DeletePending', is_deleted: true });
      expect(row!.deleted_by_user_id).to.be.a('string');
      const purgeAfter = new Date(row!.purge_after).getTime();
      expect(purgeAfter).to.be.within(before + 30 * DAY - 5000, Date.now() + 30 * DAY + 5000);
      const [intent] = await intentsFor(w, 'media_asset_id = $1', [asset.id]);
      expect(intent).to.include({ reason: 'user_delete', provider, storage_key: row!.storage_key, completed_at: null, cancelled_at: null });
      expect(new Date(intent!.due_at).getTime()).to.equal(purgeAfter);
      expectProblem(await w.api.get(`${w.base}/media/${asset.id}`, { token: w.reader }), 404, 'not-found');
      expectProblem(await w.api.delete(`${w.base}/media/${asset.id}`, { token: w.editor, headers: { 'if-match': asset.etag } }), 404, 'not-found');
      // Not due: the worker leaves it (and its blob) alone.
      await runDeletionPass(lifecycleOf(w), new AbortController().signal);
      expect((await intentsFor(w, 'id = $1', [intent!.id]))[0]).to.include({ completed_at: null, lease_owner: null });
      expect(await w.storage.head(row!.storage_key)).to.not.equal(null);
    });
  });

  describe('storage settings (Admin)', () => {
    it('GET /settings/storage names the provider; POST /settings/storage/test writes, reads back and deletes a probe', async () => {
      const w = world();
      const settings = await w.api.get('/api/v1/settings/storage', { token: w.admin });
      expectStatus(settings, 200);
      expect(settings.body).to.deep.equal({ provider, isConfigured: true });
      expectProblem(await w.api.get('/api/v1/settings/storage', { token: w.editor }), 403, 'forbidden');
      const before = await storeContents(w);
      const probe = await w.api.post('/api/v1/settings/storage/test', undefined, { token: w.admin });
      expectStatus(probe, 200);
      expect(probe.body).to.include({ provider, success: true });
      expect(probe.body.message).to.match(/^Wrote, read back and deleted verso\/media\/_probe\/[0-9a-f-]+\.txt/);
      expect(await storeContents(w)).to.deep.equal(before);
      expectProblem(await w.api.post('/api/v1/settings/storage/test', undefined, { token: w.editor }), 403, 'forbidden');
    });
  });
});
