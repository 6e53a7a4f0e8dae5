import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createApiClientToken, createWorkspace, dbQuery } from '../helpers/actors.js';

describe('API clients', () => {
  let api: TestApi;
  let ws: { id: string };
  let admin: { id: string; token: string };
  before(async () => {
    api = await startTestApi({ env: { Auth__ApiClientTouchIntervalSeconds: '60' } });
    ws = await createWorkspace(api);
    admin = await createActor(api, { role: 'Admin', grants: { [ws.id]: 'Write' } });
  });
  after(() => api.close());

  const create = (body: Record<string, unknown>, token = admin.token) => api.post('/api/v1/clients', body, { token });

  describe('POST /api/v1/clients', () => {
    it('returns the token once, stores only its digest, and the token authenticates with the client\'s role and scope', async () => {
      const res = await create({ name: 'site', role: 'Editor', workspaceId: ws.id, description: 'build' });
      expect(res.status).to.equal(201);
      expect(res.body.token).to.match(/^verso_[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/);
      expect(res.body.client).to.include({ name: 'site', role: 'Editor', workspaceId: ws.id, isActive: true, expiresAt: null, lastUsedAt: null });
      const [row] = await dbQuery(api, 'SELECT token_hash FROM api_clients WHERE id = $1', [res.body.client.id]);
      expect(row.token_hash).to.match(/^[0-9a-f]{64}$/);
      const me = await api.get('/api/v1/auth/me', { token: res.body.token });
      expect(me.body).to.deep.equal({ kind: 'ApiClient', id: res.body.client.id, email: null, displayName: 'site', role: 'Editor', isSuperAdmin: false, workspaceId: ws.id });
      expect((await api.get(`/api/v1/clients/${res.body.client.id}`, { token: admin.token })).body).to.not.have.property('token');
      const [entry] = await dbQuery(api, `SELECT change_delta FROM audit_log WHERE entity_id = $1`, [res.body.client.id]);
      expect(entry.change_delta.tokenHash.after).to.match(/^redacted:[0-9a-f]{12}$/);
      expect(JSON.stringify(entry)).to.not.include(res.body.token);
    });

    it('a scoped client needs Write on its workspace (Read → 403, none → 404); an unscoped one needs a superadmin', async () => {
      const other = await createWorkspace(api);
      const readOnly = await createActor(api, { role: 'Admin', grants: { [other.id]: 'Read' } });
      expect((await create({ name: 'x', role: 'Reader', workspaceId: other.id }, readOnly.token)).status).to.equal(403);
      expect((await create({ name: 'x', role: 'Reader', workspaceId: other.id })).status).to.equal(404);
      expect((await create({ name: 'x', role: 'Reader' })).status).to.equal(403);
      const su = await createActor(api, { role: 'Admin', superadmin: true });
      const unscoped = await create({ name: 'all', role: 'Reader', workspaceId: null }, su.token);
      expect(unscoped.status).to.equal(201);
      expect(unscoped.body.client.workspaceId).to.equal(null);
      // Non-superadmins cannot see unscoped clients.
      expect((await api.get(`/api/v1/clients/${unscoped.body.client.id}`, { token: admin.token })).status).to.equal(404);
    });

    it('is 422 for an expiry in the past', async () => {
      expect((await create({ name: 'x', role: 'Reader', workspaceId: ws.id, expiresAt: '2020-01-01T00:00:00Z' })).status).to.equal(422);
    });

    it('Editors cannot manage clients (403)', async () => {
      const editor = await createActor(api, { role: 'Editor', grants: { [ws.id]: 'Write' } });
      expect((await api.get('/api/v1/clients', { token: editor.token })).status).to.equal(403);
    });
  });

  describe('using a token', () => {
    it('is scoped to its workspace: elsewhere 404', async () => {
      const other = await createWorkspace(api);
      const client = await createApiClientToken(api, { workspaceId: ws.id, role: 'Admin' });
      expect((await api.get(`/api/v1/workspaces/${ws.id}`, { token: client.token })).status).to.equal(200);
      expect((await api.get(`/api/v1/workspaces/${other.id}`, { token: client.token })).status).to.equal(404);
    });

    it('an expired token authenticates as anonymous (401)', async () => {
      const client = await createApiClientToken(api, { workspaceId: ws.id });
      await dbQuery(api, `UPDATE api_clients SET expires_at = now() - interval '1 second' WHERE id = $1`, [client.id]);
      expect((await api.get('/api/v1/auth/me', { token: client.token })).status).to.equal(401);
      const line = api.log.lines.filter((l) => l.event === 'unauthorized').at(-1)!;
      expect(line.bearerKind).to.equal('api-client');
      expect(api.log.text()).to.not.include(client.token);
    });

    it('a token whose secret is altered, or whose identifier is unknown, is 401', async () => {
      const client = await createApiClientToken(api, { workspaceId: ws.id });
      const tampered = client.token.slice(0, -1) + (client.token.endsWith('A') ? 'B' : 'A');
      expect((await api.get('/api/v1/auth/me', { token: tampered })).status).to.equal(401);
      expect((await api.get('/api/v1/auth/me', { token: `verso_${'0'.repeat(24)}_${'a'.repeat(43)}` })).status).to.equal(401);
      expect((await api.get('/api/v1/auth/me', { token: 'verso_garbage' })).status).to.equal(401);
    });

    it('records LastUsedAt at most once per interval, and 40 parallel requests all succeed', async () => {
      const client = await createApiClientToken(api, { workspaceId: ws.id });
      const results = await Promise.all(Array.from({ length: 40 }, () => api.get('/api/v1/auth/me', { token: client.token })));
      expect(results.map((r) => r.status)).to.deep.equal(Array(40).fill(200));
      const [first] = await dbQuery(api, 'SELECT last_used_at FROM api_clients WHERE id = $1', [client.id]);
      expect(first.last_used_at).to.be.instanceOf(Date);
      await api.get('/api/v1/auth/me', { token: client.token });
      const [second] = await dbQuery(api, 'SELECT last_used_at FROM api_clients WHERE id = $1', [client.id]);
      expect((second.last_used_at as Date).getTime()).to.equal((first.last_used_at as Date).getTime());
      await dbQuery(api, `UPDATE api_clients SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [client.id]);
      // The client is cached with its own touch deadline; forget it, as its cache lifetime would.
      api.running.deps.credentialCache.evict({ kind: 'all' });
      await api.get('/api/v1/auth/me', { token: client.token });
      const [third] = await dbQuery(api, 'SELECT last_used_at FROM api_clients WHERE id = $1', [client.id]);
      expect(Date.now() - (third.last_used_at as Date).getTime()).to.be.lessThan(10_000);
    });
    it('a failing LastUsedAt or session touch never fails the request', async () => {
      const client = await createApiClientToken(api, { workspaceId: ws.id });
      const user = await createActor(api, { role: 'Reader' });
      await dbQuery(api, `UPDATE user_sessions SET last_seen_at = now() - interval '1 hour' WHERE user_id = $1`, [user.id]);
      await dbQuery(api, `CREATE FUNCTION matrix_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
      await dbQuery(api, 'CREATE TRIGGER refuse_client_touch BEFORE UPDATE ON api_clients FOR EACH ROW EXECUTE FUNCTION matrix_refuse()');
      await dbQuery(api, 'CREATE TRIGGER refuse_session_touch BEFORE UPDATE ON user_sessions FOR EACH ROW EXECUTE FUNCTION matrix_refuse()');
      try {
        expect((await api.get('/api/v1/auth/me', { token: client.token })).status).to.equal(200);
        expect((await api.get('/api/v1/auth/me', { token: user.token })).status).to.equal(200);
        expect(api.log.find((l) => l.event === 'api_client_touch_failed')).to.include({ level: 'warn' });
        expect(api.log.find((l) => l.event === 'session_touch_failed')).to.include({ level: 'warn' });
      } finally {
        await dbQuery(api, 'DROP TRIGGER refuse_client_touch ON api_clients');
        await dbQuery(api, 'DROP TRIGGER refuse_session_touch ON user_sessions');
        await dbQuery(api, 'DROP FUNCTION matrix_refuse()');
      }
    });
  });

  describe('revoke and rotate', () => {
    it('revoke takes effect on the very next request', async () => {
      const created = await create({ name: 'r', role: 'Reader', workspaceId: ws.id });
      const token = created.body.token as string;
      expect((await api.get('/api/v1/auth/me', { token })).status).to.equal(200);
      const res = await api.post(`/api/v1/clients/${created.body.client.id}/revoke`, undefined, { token: admin.token });
      expect(res.status).to.equal(200);
      expect(res.body.isActive).to.equal(false);
      expect((await api.get('/api/v1/auth/me', { token })).status).to.equal(401);
      // Revoked clients cannot be rotated back to life.
      expect((await api.post(`/api/v1/clients/${created.body.client.id}/rotate`, undefined, { token: admin.token })).status).to.equal(409);
    });

    it('rotate creates a replacement (new id, same settings) and the old token stops working', async () => {
      const created = await create({ name: 'rot', role: 'Editor', workspaceId: ws.id, expiresAt: '2999-01-01T00:00:00Z' });
      const res = await api.post(`/api/v1/clients/${created.body.client.id}/rotate`, undefined, { token: admin.token });
      expect(res.status).to.equal(200);
      expect(res.body.client.id).to.not.equal(created.body.client.id);
      expect(res.body.client).to.include({ name: 'rot', role: 'Editor', workspaceId: ws.id, expiresAt: '2999-01-01T00:00:00.000Z' });
      expect(res.body.token).to.not.equal(created.body.token);
      expect((await api.get('/api/v1/auth/me', { token: created.body.token })).status).to.equal(401);
      expect((await api.get('/api/v1/auth/me', { token: res.body.token })).body.id).to.equal(res.body.client.id);
      expect((await api.get(`/api/v1/clients/${created.body.client.id}`, { token: admin.token })).status).to.equal(404);
    });

    it('a client of a workspace the admin cannot see is 404; read-only is 403', async () => {
      const other = await createWorkspace(api);
      const client = await createApiClientToken(api, { workspaceId: other.id });
      expect((await api.post(`/api/v1/clients/${client.id}/revoke`, undefined, { token: admin.token })).status).to.equal(404);
      const reader = await createActor(api, { role: 'Admin', grants: { [other.id]: 'Read' } });
      expect((await api.get(`/api/v1/clients/${client.id}`, { token: reader.token })).status).to.equal(200);
      expect((await api.post(`/api/v1/clients/${client.id}/revoke`, undefined, { token: reader.token })).status).to.equal(403);
    });
  });

  describe('GET /api/v1/clients', () => {
    it('lists the clients of the workspaces the caller can access, newest first', async () => {
      const mine = await createWorkspace(api);
      const lister = await createActor(api, { role: 'Admin', grants: { [mine.id]: 'Read' } });
      const a = await createApiClientToken(api, { workspaceId: mine.id });
      const b = await createApiClientToken(api, { workspaceId: mine.id });
      const res = await api.get('/api/v1/clients', { token: lister.token });
      expect(res.status).to.equal(200);
      expect(res.body.items.map((c: { id: string }) => c.id).sort()).to.deep.equal([a.id, b.id].sort());
    });
  });
});
