import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createApiClientToken, createWorkspace, dbQuery } from '../helpers/actors.js';

describe('workspaces', () => {
  let api: TestApi;
  let superAdmin: { id: string; token: string };
  before(async () => {
    api = await startTestApi();
    superAdmin = await createActor(api, { role: 'Admin', superadmin: true });
  });
  after(() => api.close());

  describe('GET /api/v1/workspaces', () => {
    it('lists only the workspaces the caller can access, each with its own canWrite', async () => {
      const a = await createWorkspace(api, { name: 'Alpha' });
      const b = await createWorkspace(api, { name: 'Beta' });
      await createWorkspace(api, { name: 'Gamma' });
      const user = await createActor(api, { role: 'Editor', grants: { [a.id]: 'Write', [b.id]: 'Read' } });
      const res = await api.get('/api/v1/workspaces', { token: user.token });
      expect(res.status).to.equal(200);
      expect(res.body.items.map((w: { id: string; canWrite: boolean }) => [w.id, w.canWrite])).to.deep.equal([[a.id, true], [b.id, false]]);
      expect(res.body.totalCount).to.equal(2);
    });

    it('a host superadmin sees every workspace (the seeded default included) and can write all', async () => {
      const res = await api.get('/api/v1/workspaces?pageSize=100', { token: superAdmin.token });
      expect(res.body.items.map((w: { slug: string }) => w.slug)).to.include('default');
      expect(res.body.items.every((w: { canWrite: boolean }) => w.canWrite)).to.equal(true);
    });

    it('an API client sees only its own workspace', async () => {
      const a = await createWorkspace(api);
      const client = await createApiClientToken(api, { workspaceId: a.id, role: 'Reader' });
      const res = await api.get('/api/v1/workspaces', { token: client.token });
      expect(res.body.items.map((w: { id: string }) => w.id)).to.deep.equal([a.id]);
      expect(res.body.items[0].canWrite).to.equal(false);
    });
  });

  describe('POST /api/v1/workspaces', () => {
    it('needs Admin and the superadmin flag', async () => {
      const admin = await createActor(api, { role: 'Admin' });
      const res = await api.post('/api/v1/workspaces', { name: 'X', slug: 'x-forbidden' }, { token: admin.token });
      expect(res.status).to.equal(403);
    });

    it('creates, audits, and answers 201 with ETag and Location', async () => {
      const res = await api.post('/api/v1/workspaces', { name: 'Marketing', slug: 'marketing_site-2', description: 'Site' }, { token: superAdmin.token });
      expect(res.status).to.equal(201);
      expect(res.body).to.include({ name: 'Marketing', slug: 'marketing_site-2', description: 'Site', canWrite: true });
      expect(res.headers.get('etag')).to.match(/^".+"$/);
      expect(res.headers.get('location')).to.equal(`/api/v1/workspaces/${res.body.id}`);
      const [entry] = await dbQuery(api, `SELECT * FROM audit_log WHERE entity_id = $1`, [res.body.id]);
      expect(entry).to.include({ entity_type: 'Workspace', action: 'Created', workspace_id: res.body.id, actor_id: superAdmin.id });
      expect(entry.change_delta.slug).to.deep.equal({ before: null, after: 'marketing_site-2' });
    });

    it('is 422 for an invalid slug and 409 for a taken one', async () => {
      for (const slug of ['Upper', 'double--dash', '-lead', 'trail_', 'sp ace', 'a'.repeat(101)]) {
        const res = await api.post('/api/v1/workspaces', { name: 'S', slug }, { token: superAdmin.token });
        expect(res.status, slug).to.equal(422);
        expect(res.body.errors).to.have.property('/slug');
      }
      await createWorkspace(api, { slug: 'taken-slug' });
      expect((await api.post('/api/v1/workspaces', { name: 'S', slug: 'taken-slug' }, { token: superAdmin.token })).status).to.equal(409);
    });
  });

  describe('GET/PUT/DELETE /api/v1/workspaces/{workspaceId}', () => {
    it('GET needs a grant: none → 404, Read → 200 with canWrite false', async () => {
      const w = await createWorkspace(api);
      const none = await createActor(api, { role: 'Admin' });
      const reader = await createActor(api, { role: 'Admin', grants: { [w.id]: 'Read' } });
      expect((await api.get(`/api/v1/workspaces/${w.id}`, { token: none.token })).status).to.equal(404);
      const res = await api.get(`/api/v1/workspaces/${w.id}`, { token: reader.token });
      expect(res.status).to.equal(200);
      expect(res.body.canWrite).to.equal(false);
    });

    it('PUT needs Admin + Write and a current If-Match; emits workspace.updated in the same transaction', async () => {
      const w = await createWorkspace(api, { name: 'Old' });
      const admin = await createActor(api, { role: 'Admin', grants: { [w.id]: 'Write' } });
      const editor = await createActor(api, { role: 'Editor', grants: { [w.id]: 'Write' } });
      const readOnly = await createActor(api, { role: 'Admin', grants: { [w.id]: 'Read' } });
      const body = { name: 'New', slug: w.slug, description: null };
      expect((await api.put(`/api/v1/workspaces/${w.id}`, body, { token: editor.token })).status).to.equal(403);
      expect((await api.put(`/api/v1/workspaces/${w.id}`, body, { token: readOnly.token })).status).to.equal(403);
      expect((await api.put(`/api/v1/workspaces/${w.id}`, body, { token: admin.token })).status).to.equal(412);
      const etag = (await api.get(`/api/v1/workspaces/${w.id}`, { token: admin.token })).headers.get('etag')!;
      const res = await api.put(`/api/v1/workspaces/${w.id}`, body, { token: admin.token, headers: { 'if-match': etag } });
      expect(res.status).to.equal(200);
      expect(res.body.name).to.equal('New');
      expect(res.headers.get('etag')).to.not.equal(etag);
      expect((await api.put(`/api/v1/workspaces/${w.id}`, body, { token: admin.token, headers: { 'if-match': etag } })).status).to.equal(412);
      const [event] = await dbQuery(api, `SELECT payload FROM outbox_events WHERE event_type = 'workspace.updated' AND entity_id = $1`, [w.id]);
      expect(event.payload).to.deep.equal({ workspaceId: w.id, name: 'New', slug: w.slug });
      const [entry] = await dbQuery(api, `SELECT change_delta FROM audit_log WHERE entity_id = $1 AND action = 'Updated'`, [w.id]);
      expect(entry.change_delta).to.deep.equal({ name: { before: 'Old', after: 'New' } });
    });

    it('DELETE soft-deletes with If-Match; the workspace is then 404 for everyone and its slug is free', async () => {
      const w = await createWorkspace(api);
      const admin = await createActor(api, { role: 'Admin', grants: { [w.id]: 'Write' } });
      expect((await api.delete(`/api/v1/workspaces/${w.id}`, { token: admin.token })).status).to.equal(412);
      const etag = (await api.get(`/api/v1/workspaces/${w.id}`, { token: admin.token })).headers.get('etag')!;
      expect((await api.delete(`/api/v1/workspaces/${w.id}`, { token: admin.token, headers: { 'if-match': etag } })).status).to.equal(204);
      expect((await api.get(`/api/v1/workspaces/${w.id}`, { token: admin.token })).status).to.equal(404);
      expect((await api.get(`/api/v1/workspaces/${w.id}`, { token: superAdmin.token })).status).to.equal(404);
      const [row] = await dbQuery(api, 'SELECT deleted_at, deleted_by_user_id FROM workspaces WHERE id = $1', [w.id]);
      expect(row.deleted_by_user_id).to.equal(admin.id);
      expect((await api.post('/api/v1/workspaces', { name: 'Again', slug: w.slug }, { token: superAdmin.token })).status).to.equal(201);
    });
  });
});
