// The in-process credential cache (Auth__CredentialCacheSeconds): repeated requests skip the
// database, yet every change that ends or alters a credential is honoured on the very next request
// on the server that made it, and within a moment on every other server on the same database.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createApiClientToken, createWorkspace, dbQuery, FIXTURE_PASSWORD } from '../helpers/actors.js';
import { sleep, within } from '../helpers/wait.js';

const me = (api: TestApi, token: string) => api.get('/api/v1/auth/me', { token });
const lookupsOf = (api: TestApi) => api.running.deps.credentialCache.lookups;

describe('credential cache', () => {
  let a: TestApi;
  let b: TestApi;
  let admin: { id: string; token: string };
  let ws: { id: string };
  before(async () => {
    a = await startTestApi();
    // A second replica: its own process state, the same database.
    b = await startTestApi({ databaseUrl: a.databaseUrl });
    admin = await createActor(a, { role: 'Admin', superadmin: true });
    ws = await createWorkspace(a);
  });
  after(async () => {
    await b.close();
    await a.close();
  });

  it('serves repeated requests without a credential lookup, for API clients, sessions and workspace checks', async () => {
    const client = await createApiClientToken(a, { workspaceId: ws.id });
    const user = await createActor(a, { role: 'Reader', grants: { [ws.id]: 'Read' } });
    expect((await me(a, client.token)).status).to.equal(200);
    expect((await me(a, user.token)).status).to.equal(200);
    expect((await a.get(`/api/v1/workspaces/${ws.id}`, { token: user.token })).status).to.equal(200);
    const before = lookupsOf(a);
    for (let i = 0; i < 20; i++) {
      expect((await me(a, client.token)).status).to.equal(200);
      expect((await a.get(`/api/v1/workspaces/${ws.id}`, { token: user.token })).status).to.equal(200);
    }
    expect(lookupsOf(a)).to.equal(before);
  });

  it('stores nothing for a token that failed, so a wrong secret never rides on a right one', async () => {
    const client = await createApiClientToken(a, { workspaceId: ws.id });
    expect((await me(a, client.token)).status).to.equal(200);
    const tampered = client.token.slice(0, -1) + (client.token.endsWith('A') ? 'B' : 'A');
    expect((await me(a, tampered)).status).to.equal(401);
    expect((await me(a, tampered)).status).to.equal(401);
  });

  describe('on the server that made the change, the very next request', () => {
    it('after a revoke is 401', async () => {
      const client = await createApiClientToken(a, { workspaceId: ws.id });
      expect((await me(a, client.token)).status).to.equal(200);
      expect((await a.post(`/api/v1/clients/${client.id}/revoke`, undefined, { token: admin.token })).status).to.equal(200);
      expect((await me(a, client.token)).status).to.equal(401);
    });

    it('after a rotation is 401 for the old token', async () => {
      const client = await createApiClientToken(a, { workspaceId: ws.id });
      expect((await me(a, client.token)).status).to.equal(200);
      const rotated = await a.post(`/api/v1/clients/${client.id}/rotate`, undefined, { token: admin.token });
      expect(rotated.status).to.equal(200);
      expect((await me(a, client.token)).status).to.equal(401);
      expect((await me(a, rotated.body.token)).status).to.equal(200);
    });

    it('after logout is 401', async () => {
      const user = await createActor(a, { role: 'Reader' });
      expect((await me(a, user.token)).status).to.equal(200);
      expect((await a.post('/api/v1/auth/logout', undefined, { token: user.token })).status).to.equal(204);
      expect((await me(a, user.token)).status).to.equal(401);
    });

    it('after a refresh is 401 for the old token', async () => {
      const user = await createActor(a, { role: 'Reader' });
      expect((await me(a, user.token)).status).to.equal(200);
      const refreshed = await a.post('/api/v1/auth/refresh', undefined, { token: user.token });
      expect(refreshed.status).to.equal(200);
      expect((await me(a, user.token)).status).to.equal(401);
    });

    it('after a password change is 401 for the other sessions, and the kept one no longer must change it', async () => {
      const user = await createActor(a, { role: 'Reader' });
      await dbQuery(a, 'UPDATE users SET must_change_password = true WHERE id = $1', [user.id]);
      const other = await a.post('/api/v1/auth/login', { email: user.email, password: FIXTURE_PASSWORD });
      expect((await me(a, other.body.token)).status).to.equal(200);
      expect((await me(a, user.token)).body.mustChangePassword).to.equal(true);
      const changed = await a.post('/api/v1/auth/change-password', { currentPassword: FIXTURE_PASSWORD, newPassword: 'another-Password-2' }, { token: user.token });
      expect(changed.status).to.equal(204);
      expect((await me(a, other.body.token)).status).to.equal(401);
      const kept = await me(a, user.token);
      expect(kept.status).to.equal(200);
      expect(kept.body.mustChangePassword).to.equal(false);
    });

    it('after a password reset, deactivation or role change reflects it', async () => {
      const reset = await createActor(a, { role: 'Reader' });
      const deactivated = await createActor(a, { role: 'Reader' });
      const promoted = await createActor(a, { role: 'Reader' });
      for (const u of [reset, deactivated, promoted]) expect((await me(a, u.token)).status).to.equal(200);
      expect((await a.post(`/api/v1/users/${reset.id}/reset-password`, { temporaryPassword: 'temporary-Password-3' }, { token: admin.token })).status).to.equal(200);
      expect((await me(a, reset.token)).status).to.equal(401);
      const put = async (u: { id: string; email: string }, body: Record<string, unknown>) =>
        a.put(`/api/v1/users/${u.id}`, { email: u.email, displayName: null, role: 'Reader', isSuperAdmin: false, isActive: true, ...body }, { token: admin.token, headers: await a.ifMatch(`/api/v1/users/${u.id}`, admin.token) });
      expect((await put(deactivated, { isActive: false })).status).to.equal(200);
      expect((await me(a, deactivated.token)).status).to.equal(401);
      expect((await put(promoted, { role: 'Editor' })).status).to.equal(200);
      expect((await me(a, promoted.token)).body.role).to.equal('Editor');
    });

    it('after a workspace is deleted is 404 for it', async () => {
      const doomed = await createWorkspace(a);
      const user = await createActor(a, { role: 'Reader', grants: { [doomed.id]: 'Read' } });
      const client = await createApiClientToken(a, { workspaceId: doomed.id });
      for (const token of [user.token, client.token]) expect((await a.get(`/api/v1/workspaces/${doomed.id}`, { token })).status).to.equal(200);
      const etag = (await a.get(`/api/v1/workspaces/${doomed.id}`, { token: admin.token })).headers.get('etag')!;
      expect((await a.delete(`/api/v1/workspaces/${doomed.id}`, { token: admin.token, headers: { 'if-match': etag } })).status).to.equal(204);
      for (const token of [user.token, client.token]) expect((await a.get(`/api/v1/workspaces/${doomed.id}`, { token })).status).to.equal(404);
    });
  });

  describe('on another server on the same database', () => {
    it('a revoke made on A is honoured on B within moments, though B had the client cached', async () => {
      const client = await createApiClientToken(a, { workspaceId: ws.id });
      expect((await me(b, client.token)).status).to.equal(200);
      const before = lookupsOf(b);
      expect((await me(b, client.token)).status).to.equal(200);
      expect(lookupsOf(b), 'served from B\'s cache').to.equal(before);
      expect((await a.post(`/api/v1/clients/${client.id}/revoke`, undefined, { token: admin.token })).status).to.equal(200);
      const tookMs = await within(2_000, async () => (await me(b, client.token)).status === 401);
      expect(tookMs).to.be.lessThan(2_000);
      // Once refused, it stays refused (the eviction was not a one-off miss).
      expect((await me(b, client.token)).status).to.equal(401);
    });

    it('a logout, a deactivation and a workspace deletion on A are honoured on B', async () => {
      const leaving = await createActor(a, { role: 'Reader' });
      const deactivated = await createActor(a, { role: 'Reader' });
      const doomed = await createWorkspace(a);
      const member = await createActor(a, { role: 'Reader', grants: { [doomed.id]: 'Read' } });
      for (const u of [leaving, deactivated]) expect((await me(b, u.token)).status).to.equal(200);
      expect((await b.get(`/api/v1/workspaces/${doomed.id}`, { token: member.token })).status).to.equal(200);
      expect((await a.post('/api/v1/auth/logout', undefined, { token: leaving.token })).status).to.equal(204);
      const user = (await a.get(`/api/v1/users/${deactivated.id}`, { token: admin.token })).body;
      const headers = await a.ifMatch(`/api/v1/users/${deactivated.id}`, admin.token);
      expect((await a.put(`/api/v1/users/${deactivated.id}`, { email: user.email, displayName: null, role: 'Reader', isSuperAdmin: false, isActive: false }, { token: admin.token, headers })).status).to.equal(200);
      const etag = (await a.get(`/api/v1/workspaces/${doomed.id}`, { token: admin.token })).headers.get('etag')!;
      expect((await a.delete(`/api/v1/workspaces/${doomed.id}`, { token: admin.token, headers: { 'if-match': etag } })).status).to.equal(204);
      await within(2_000, async () => (await me(b, leaving.token)).status === 401);
      await within(2_000, async () => (await me(b, deactivated.token)).status === 401);
      await within(2_000, async () => (await b.get(`/api/v1/workspaces/${doomed.id}`, { token: member.token })).status === 404);
    });
  });

  it('still enforces expiry while cached: an API client or session past its expiry is 401 at once', async () => {
    const client = await createApiClientToken(a, { workspaceId: ws.id });
    const user = await createActor(a, { role: 'Reader' });
    await dbQuery(a, `UPDATE api_clients SET expires_at = now() + interval '1 second' WHERE id = $1`, [client.id]);
    await dbQuery(a, `UPDATE user_sessions SET expires_at = now() + interval '1 second', last_seen_at = now() WHERE user_id = $1`, [user.id]);
    expect((await me(a, client.token)).status).to.equal(200);
    expect((await me(a, user.token)).status).to.equal(200);
    const before = lookupsOf(a);
    expect((await me(a, client.token)).status).to.equal(200);
    expect(lookupsOf(a), 'both cached').to.equal(before);
    await sleep(1_100);
    expect((await me(a, client.token)).status).to.equal(401);
    expect((await me(a, user.token)).status).to.equal(401);
  });

  it('falls back to the database while the listener is down, and caches again once it is back', async () => {
    const api = await startTestApi({ databaseUrl: a.databaseUrl });
    try {
      const cache = api.running.deps.credentialCache;
      const client = await createApiClientToken(api, { workspaceId: ws.id });
      expect((await me(api, client.token)).status).to.equal(200);
      expect(cache.active).to.equal(true);
      // Cut this server's listening connection (only its own: the other listeners stay up).
      const [{ pid }] = await dbQuery(api, `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'verso-notice-listener' AND query ILIKE 'LISTEN%' ORDER BY backend_start DESC LIMIT 1`);
      await dbQuery(api, 'SELECT pg_terminate_backend($1)', [pid]);
      await within(2_000, async () => !cache.active);
      expect(api.log.find((l) => l.event === 'notice_listener_lost')).to.include({ level: 'warn' });
      // A change nobody announced (as if its notice were lost with the connection) is seen at once.
      await dbQuery(api, 'UPDATE api_clients SET is_active = false WHERE id = $1', [client.id]);
      expect((await me(api, client.token)).status).to.equal(401);
      // The listener reconnects and the cache works again, starting empty.
      await within(2_000, async () => cache.active);
      const other = await createApiClientToken(api, { workspaceId: ws.id });
      expect((await me(api, other.token)).status).to.equal(200);
      const before = cache.lookups;
      expect((await me(api, other.token)).status).to.equal(200);
      expect(cache.lookups).to.equal(before);
    } finally {
      await api.close();
    }
  });

  it('is off with Auth__CredentialCacheSeconds=0: every request looks the credential up', async () => {
    const api = await startTestApi({ databaseUrl: a.databaseUrl, env: { Auth__CredentialCacheSeconds: '0' } });
    try {
      const client = await createApiClientToken(api, { workspaceId: ws.id });
      expect((await me(api, client.token)).status).to.equal(200);
      const before = api.running.deps.credentialCache.lookups;
      expect((await me(api, client.token)).status).to.equal(200);
      expect(api.running.deps.credentialCache.lookups).to.equal(before + 1);
    } finally {
      await api.close();
    }
  });
});
