import { expect } from 'chai';
import { createTemplate, dbQuery, expectProblem, expectStatus, useModelWorld, uniqueSlug } from './model-fixture.js';

describe('templates', () => {
  const w = useModelWorld();

  describe('POST /api/v1/workspaces/{workspaceId}/templates', () => {
    it('answers 401 without credentials', async () => {
      expectProblem(await w.api.post(`${w.base}/templates`, { name: 'A', slug: 'a' }), 401, 'unauthenticated');
    });

    it('answers 403 to an Editor and to a TemplateAdmin with only Read access', async () => {
      expectProblem(await w.api.post(`${w.base}/templates`, { name: 'A', slug: 'a' }, { token: w.editor }), 403, 'forbidden');
      expectProblem(await w.api.post(`${w.base}/templates`, { name: 'A', slug: 'a' }, { token: w.readOnlyAdmin }), 403, 'forbidden');
    });

    it('answers 404 for a workspace the caller has no grant on', async () => {
      expectProblem(await w.api.post(`${w.base}/templates`, { name: 'A', slug: 'a' }, { token: w.stranger }), 404, 'not-found');
    });

    it('answers 400 for a malformed slug and changes nothing', async () => {
      const before = await dbQuery(w.api, 'SELECT count(*)::int AS n FROM templates');
      expectProblem(await w.api.post(`${w.base}/templates`, { name: 'A', slug: 'Not A Slug' }, { token: w.admin }), 400, 'bad-request');
      expect(await dbQuery(w.api, 'SELECT count(*)::int AS n FROM templates')).to.deep.equal(before);
    });

    it('creates the template with version 1 as a Draft and no current version', async () => {
      const slug = uniqueSlug('article');
      const res = await w.api.post(`${w.base}/templates`, { name: ' Article ', slug, description: 'Posts' }, { token: w.admin });
      expectStatus(res, 201);
      expect(res.headers.get('etag')).to.match(/^".+"$/);
      expect(res.headers.get('location')).to.equal(`${w.base}/templates/${res.body.id}`);
      expect(res.body).to.include({ workspaceId: w.ws, name: 'Article', slug, description: 'Posts', isSystem: false, currentVersionId: null });
      expect(res.body.currentVersion).to.include({ versionNumber: 1, status: 'Draft', publishedAt: null });
      expect(res.body.currentVersion.fields).to.deep.equal([]);
      const audit = await dbQuery(w.api, 'SELECT entity_type, action FROM audit_log WHERE entity_id = $1', [res.body.id]);
      expect(audit).to.deep.equal([{ entity_type: 'Template', action: 'Created' }]);
    });

    it('answers 409 for a slug already used in the workspace', async () => {
      const t = await createTemplate(w);
      expectProblem(await w.api.post(`${w.base}/templates`, { name: 'Again', slug: t.slug }, { token: w.admin }), 409, 'conflict');
    });
  });

  describe('GET /api/v1/workspaces/{workspaceId}/templates', () => {
    it('lists by name, searches name and slug case-insensitively, and pages', async () => {
      const { api } = w;
      const marker = uniqueSlug('zz');
      await createTemplate(w, `Beta ${marker}`, `${marker}-b`);
      await createTemplate(w, `Alpha ${marker}`, `${marker}-a`);
      const res = await api.get(`${w.base}/templates?search=${marker.toUpperCase()}&Page=1&PageSize=1`, { token: w.reader });
      expectStatus(res, 200);
      expect(res.body).to.include({ totalCount: 2, page: 1, pageSize: 1, totalPages: 2 });
      expect(res.body.items.map((t: any) => t.name)).to.deep.equal([`Alpha ${marker}`]);
      const page2 = await api.get(`${w.base}/templates?search=${marker}&page=2&pageSize=1`, { token: w.reader });
      expect(page2.body.items.map((t: any) => t.name)).to.deep.equal([`Beta ${marker}`]);
      const past = await api.get(`${w.base}/templates?search=${marker}&page=9&pageSize=1`, { token: w.reader });
      expect(past.body).to.include({ totalCount: 2 });
      expect(past.body.items).to.deep.equal([]);
    });

    it('answers 400 for a page size over 100', async () => {
      expectProblem(await w.api.get(`${w.base}/templates?pageSize=101`, { token: w.reader }), 400, 'bad-request');
    });
  });

  describe('PUT /api/v1/workspaces/{workspaceId}/templates/{id}', () => {
    it('needs the current If-Match (412 when missing or stale) and changes name and description only', async () => {
      const t = await createTemplate(w);
      const get = await w.api.get(`${w.base}/templates/${t.id}`, { token: w.reader });
      const etag = get.headers.get('etag')!;
      expectProblem(await w.api.put(`${w.base}/templates/${t.id}`, { name: 'Renamed' }, { token: w.admin }), 412, 'concurrency-mismatch');
      const ok = await w.api.put(`${w.base}/templates/${t.id}`, { name: 'Renamed', description: 'New' }, { token: w.admin, headers: { 'if-match': etag } });
      expectStatus(ok, 200);
      expect(ok.body).to.include({ name: 'Renamed', description: 'New', slug: t.slug });
      expect(ok.headers.get('etag')).to.not.equal(etag);
      expectProblem(
        await w.api.put(`${w.base}/templates/${t.id}`, { name: 'Again' }, { token: w.admin, headers: { 'if-match': etag } }),
        412,
        'concurrency-mismatch',
      );
    });
  });

  describe('DELETE /api/v1/workspaces/{workspaceId}/templates/{id}', () => {
    it('soft-deletes with the current If-Match; the template is then 404', async () => {
      const t = await createTemplate(w);
      const etag = (await w.api.get(`${w.base}/templates/${t.id}`, { token: w.reader })).headers.get('etag')!;
      expectProblem(await w.api.delete(`${w.base}/templates/${t.id}`, { token: w.admin }), 412, 'concurrency-mismatch');
      expectStatus(await w.api.delete(`${w.base}/templates/${t.id}`, { token: w.admin, headers: { 'if-match': etag } }), 204);
      expectProblem(await w.api.get(`${w.base}/templates/${t.id}`, { token: w.reader }), 404, 'not-found');
      const [row] = await dbQuery(w.api, 'SELECT is_deleted FROM templates WHERE id = $1', [t.id]);
      expect(row.is_deleted).to.equal(true);
    });

    it('is refused with 409 referenced-by-other-entity while content uses a version', async () => {
      const t = await createTemplate(w);
      const itemId = '01900000-0000-7000-8000-000000000001';
      await dbQuery(w.api, `INSERT INTO content_items (id, workspace_id, template_id, template_version_id) VALUES ($1, $2, $3, $4)`, [
        itemId,
        w.ws,
        t.id,
        t.currentVersion.id,
      ]);
      await dbQuery(w.api, `INSERT INTO content_versions (content_item_id, version_number, status, template_version_id) VALUES ($1, 1, 'Draft', $2)`, [
        itemId,
        t.currentVersion.id,
      ]);
      const etag = (await w.api.get(`${w.base}/templates/${t.id}`, { token: w.reader })).headers.get('etag')!;
      const res = await w.api.delete(`${w.base}/templates/${t.id}`, { token: w.admin, headers: { 'if-match': etag } });
      expectProblem(res, 409, 'referenced-by-other-entity');
      expect(res.body.referencedBy).to.deep.equal([itemId]);
      expectStatus(await w.api.get(`${w.base}/templates/${t.id}`, { token: w.reader }), 200);
    });
  });
});
