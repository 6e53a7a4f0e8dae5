import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';

describe('users', () => {
  let api: TestApi;
  let admin: { id: string; email: string; token: string };
  before(async () => {
    api = await startTestApi();
    admin = await createActor(api, { role: 'Admin', superadmin: true });
  });
  after(() => api.close());

  const newUser = (over: Record<string, unknown> = {}) => ({
    email: `u-${Math.random().toString(36).slice(2, 8)}@example.test`,
    displayName: 'New Person',
    role: 'Editor',
    temporaryPassword: 'Temporary pass 1',
    isSuperAdmin: false,
    ...over,
  });

  describe('who may manage users', () => {
    it('an Admin without the superadmin flag gets 403, a superadmin Editor gets 403', async () => {
      const plainAdmin = await createActor(api, { role: 'Admin' });
      const superEditor = await createActor(api, { role: 'Editor', superadmin: true });
      expect((await api.get('/api/v1/users', { token: plainAdmin.token })).status).to.equal(403);
      expect((await api.get('/api/v1/users', { token: superEditor.token })).status).to.equal(403);
      expect((await api.get('/api/v1/users')).status).to.equal(401);
    });
  });

  describe('POST /api/v1/users', () => {
    it('creates the user with MustChangePassword, returns the temporary password once, and audits it', async () => {
      const ws = await createWorkspace(api);
      const body = newUser({ timeZoneId: 'Europe/Berlin', workspaceAccesses: [{ workspaceId: ws.id, accessLevel: 'Read' }, { workspaceId: ws.id, accessLevel: 'Write' }] });
      const res = await api.post('/api/v1/users', body, { token: admin.token });
      expect(res.status).to.equal(201);
      expect(res.body.temporaryPassword).to.equal(body.temporaryPassword);
      expect(res.body.warning).to.be.a('string');
      expect(res.headers.get('location')).to.equal(`/api/v1/users/${res.body.userId}`);
      const got = await api.get(`/api/v1/users/${res.body.userId}`, { token: admin.token });
      expect(got.body).to.include({ email: body.email, role: 'Editor', mustChangePassword: true, isActive: true, timeZoneId: 'Europe/Berlin', lastLoginAt: null });
      // Duplicate grants collapse to the strongest.
      expect(got.body.workspaceAccesses).to.deep.equal([{ workspaceId: ws.id, accessLevel: 'Write' }]);
      const login = await api.post('/api/v1/auth/login', { email: body.email, password: body.temporaryPassword });
      expect(login.body.mustChangePassword).to.equal(true);
      const [entry] = await dbQuery(api, `SELECT * FROM audit_log WHERE entity_id = $1 AND action = 'Created'`, [res.body.userId]);
      expect(entry).to.include({ entity_type: 'User', actor_type: 'User', actor_id: admin.id });
      expect(entry.change_delta.passwordHash.after).to.match(/^redacted:[0-9a-f]{12}$/);
      expect(JSON.stringify(entry.change_delta)).to.not.include(body.temporaryPassword);
    });

    it('is 409 for an email a live user has (any case), and 201 once that user is deleted', async () => {
      const body = newUser();
      expect((await api.post('/api/v1/users', body, { token: admin.token })).status).to.equal(201);
      const dup = await api.post('/api/v1/users', { ...body, email: body.email.toUpperCase() }, { token: admin.token });
      expect(dup.status).to.equal(409);
      await dbQuery(api, 'UPDATE users SET deleted_at = now() WHERE lower(email) = lower($1)', [body.email]);
      expect((await api.post('/api/v1/users', body, { token: admin.token })).status).to.equal(201);
    });

    it('is 422 for a grant on an unknown workspace, and for an unknown time zone, creating nothing', async () => {
      const body = newUser({ workspaceAccesses: [{ workspaceId: '0190a0a0-0000-7000-8000-000000000000', accessLevel: 'Read' }] });
      const res = await api.post('/api/v1/users', body, { token: admin.token });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.property('/workspaceAccesses/0/workspaceId');
      const tz = await api.post('/api/v1/users', newUser({ timeZoneId: 'Mars/Olympus' }), { token: admin.token });
      expect(tz.status).to.equal(422);
      expect(await dbQuery(api, 'SELECT 1 FROM users WHERE email = $1', [body.email])).to.have.length(0);
    });

    it('is 400 naming the rule for a temporary password with a zero-width space', async () => {
      const res = await api.post('/api/v1/users', newUser({ temporaryPassword: 'temporary\u200bpass' }), { token: admin.token });
      expect(res.status).to.equal(400);
      expect(res.body.rules).to.deep.equal(['InvisibleFormattingCharacter']);
    });

    it('is 400 for a temporary password that is too short or common, naming /temporaryPassword', async () => {
      const short = await api.post('/api/v1/users', newUser({ temporaryPassword: 'Temp-pass1' }), { token: admin.token });
      expect(short.status).to.equal(400);
      expect(short.body.rules).to.deep.equal(['TooShort']);
      expect(short.body.errors).to.deep.equal({ '/temporaryPassword': ['The password must be at least 12 characters long.'] });
      const common = await api.post('/api/v1/users', newUser({ temporaryPassword: '1qaz2wsx3edc' }), { token: admin.token });
      expect(common.status).to.equal(400);
      expect(common.body.rules).to.deep.equal(['Common']);
    });
  });

  describe('GET /api/v1/users', () => {
    it('pages the live users by email', async () => {
      const res = await api.get('/api/v1/users?page=1&PageSize=2', { token: admin.token });
      expect(res.status).to.equal(200);
      expect(res.body.page).to.equal(1);
      expect(res.body.pageSize).to.equal(2);
      expect(res.body.items).to.have.length(2);
      expect(res.body.totalCount).to.be.greaterThan(2);
    });

    it('GET of an unknown user is 404', async () => {
      expect((await api.get('/api/v1/users/0190a0a0-0000-7000-8000-000000000000', { token: admin.token })).status).to.equal(404);
    });
  });

  describe('PUT /api/v1/users/{id}', () => {
    it('changes role, flag, activity and grants; deactivation ends the user\'s sessions; stale If-Match is 412', async () => {
      const ws = await createWorkspace(api);
      const target = await createActor(api, { role: 'Reader' });
      const got = await api.get(`/api/v1/users/${target.id}`, { token: admin.token });
      const body = { email: target.email, displayName: 'Renamed', role: 'TemplateAdmin', isSuperAdmin: false, isActive: false, workspaceAccesses: [{ workspaceId: ws.id, accessLevel: 'Read' }] };
      const res = await api.put(`/api/v1/users/${target.id}`, body, { token: admin.token, headers: { 'if-match': got.headers.get('etag')! } });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ displayName: 'Renamed', role: 'TemplateAdmin', isActive: false });
      expect(res.body.workspaceAccesses).to.deep.equal([{ workspaceId: ws.id, accessLevel: 'Read' }]);
      expect((await api.get('/api/v1/auth/me', { token: target.token })).status).to.equal(401);
      const stale = await api.put(`/api/v1/users/${target.id}`, body, { token: admin.token, headers: { 'if-match': got.headers.get('etag')! } });
      expect(stale.status).to.equal(412);
    });

    it('an admin cannot deactivate themself (409)', async () => {
      const me = await createActor(api, { role: 'Admin', superadmin: true });
      const res = await api.put(`/api/v1/users/${me.id}`, { email: me.email, displayName: null, role: 'Admin', isSuperAdmin: true, isActive: false }, { token: me.token, headers: await api.ifMatch(`/api/v1/users/${me.id}`, me.token) });
      expect(res.status).to.equal(409);
    });

    it('is 409 for an email another live user has', async () => {
      const a = await createActor(api, { role: 'Reader' });
      const b = await createActor(api, { role: 'Reader' });
      const res = await api.put(`/api/v1/users/${b.id}`, { email: a.email, displayName: null, role: 'Reader', isSuperAdmin: false, isActive: true }, { token: admin.token, headers: await api.ifMatch(`/api/v1/users/${b.id}`, admin.token) });
      expect(res.status).to.equal(409);
    });
  });

  describe('the last active superadmin', () => {
    let solo: TestApi;
    let only: { id: string; email: string; token: string };
    before(async () => {
      solo = await startTestApi();
      // The seeded admin would count too; retire it so exactly one superadmin remains.
      await dbQuery(solo, `UPDATE users SET is_super_admin = false WHERE email = 'admin@localhost'`);
      only = await createActor(solo, { role: 'Admin', superadmin: true });
    });
    after(() => solo.close());

    // Only a superadmin administrator can call the users endpoints, so when the target is the last
    // one, the caller is that same user acting on itself.
    const cases: [string, Record<string, unknown>][] = [
      ['disabled', { isActive: false }],
      ['demoted', { role: 'TemplateAdmin' }],
      ['stripped of the flag', { isSuperAdmin: false }],
    ];
    for (const [what, change] of cases) {
      it(`cannot be ${what} (409), and nothing changes`, async () => {
        const body = { email: only.email, displayName: null, role: 'Admin', isSuperAdmin: true, isActive: true, ...change };
        const res = await solo.put(`/api/v1/users/${only.id}`, body, { token: only.token, headers: await solo.ifMatch(`/api/v1/users/${only.id}`, only.token) });
        expect(res.status).to.equal(409);
        const [row] = await dbQuery(solo, 'SELECT role, is_super_admin, is_active FROM users WHERE id = $1', [only.id]);
        expect(row).to.deep.equal({ role: 'Admin', is_super_admin: true, is_active: true });
      });
    }

    it('a superadmin Reader does not count as a remaining superadmin administrator', async () => {
      await createActor(solo, { role: 'Reader', superadmin: true });
      const res = await solo.put(`/api/v1/users/${only.id}`, { email: only.email, displayName: null, role: 'Editor', isSuperAdmin: true, isActive: true }, { token: only.token, headers: await solo.ifMatch(`/api/v1/users/${only.id}`, only.token) });
      expect(res.status).to.equal(409);
    });

    it('can lose the flag once another superadmin administrator exists', async () => {
      const second = await createActor(solo, { role: 'Admin', superadmin: true });
      const res = await solo.put(`/api/v1/users/${only.id}`, { email: only.email, displayName: null, role: 'Admin', isSuperAdmin: false, isActive: true }, { token: second.token, headers: await solo.ifMatch(`/api/v1/users/${only.id}`, second.token) });
      expect(res.status).to.equal(200);
      const [row] = await dbQuery(solo, 'SELECT is_super_admin FROM users WHERE id = $1', [only.id]);
      expect(row.is_super_admin).to.equal(false);
    });
  });

  describe('DELETE /api/v1/users/{id}', () => {
    it('soft-deletes: the user disappears, their sessions end, login fails, the row stays', async () => {
      const target = await createActor(api, { role: 'Editor' });
      const res = await api.delete(`/api/v1/users/${target.id}`, { token: admin.token, headers: await api.ifMatch(`/api/v1/users/${target.id}`, admin.token) });
      expect(res.status).to.equal(204);
      expect((await api.get(`/api/v1/users/${target.id}`, { token: admin.token })).status).to.equal(404);
      expect((await api.get('/api/v1/auth/me', { token: target.token })).status).to.equal(401);
      const [row] = await dbQuery(api, 'SELECT deleted_at FROM users WHERE id = $1', [target.id]);
      expect(row.deleted_at).to.be.instanceOf(Date);
    });

    it('an admin cannot delete themself (409)', async () => {
      expect((await api.delete(`/api/v1/users/${admin.id}`, { token: admin.token, headers: await api.ifMatch(`/api/v1/users/${admin.id}`, admin.token) })).status).to.equal(409);
    });
  });

  describe('POST /api/v1/users/{id}/reset-password', () => {
    it('sets a temporary password, requires a change, ends sessions', async () => {
      const target = await createActor(api, { role: 'Reader' });
      const res = await api.post(`/api/v1/users/${target.id}/reset-password`, { temporaryPassword: 'Reset pässword 2' }, { token: admin.token });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ userId: target.id, temporaryPassword: 'Reset pässword 2' });
      expect((await api.get('/api/v1/auth/me', { token: target.token })).status).to.equal(401);
      const login = await api.post('/api/v1/auth/login', { email: target.email, password: 'Reset pässword 2' });
      expect(login.status).to.equal(200);
      expect(login.body.mustChangePassword).to.equal(true);
    });

    it('is 400 for a password with a line separator, and 404 for an unknown user', async () => {
      const target = await createActor(api, { role: 'Reader' });
      const bad = await api.post(`/api/v1/users/${target.id}/reset-password`, { temporaryPassword: 'a-long-enough\u2028b' }, { token: admin.token });
      expect(bad.status).to.equal(400);
      expect(bad.body.rules).to.deep.equal(['LineOrParagraphSeparator']);
      const short = await api.post(`/api/v1/users/${target.id}/reset-password`, { temporaryPassword: 'fine one' }, { token: admin.token });
      expect(short.status).to.equal(400);
      expect(short.body.errors).to.deep.equal({ '/temporaryPassword': ['The password must be at least 12 characters long.'] });
      const missing = await api.post('/api/v1/users/0190a0a0-0000-7000-8000-000000000000/reset-password', { temporaryPassword: 'a fine one at last' }, { token: admin.token });
      expect(missing.status).to.equal(404);
    });
  });
});

describe('GET/PUT /api/v1/account/preferences', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  it('defaults to theme auto and no time zone, saves both, and audits the change', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const first = await api.get('/api/v1/account/preferences', { token: user.token });
    expect(first.status).to.equal(200);
    expect(first.body).to.deep.equal({ userId: user.id, displayName: `Reader ${user.email}`, email: user.email, timeZoneId: null, theme: 'auto' });
    const put = await api.put('/api/v1/account/preferences', { timeZoneId: 'America/New_York', theme: 'dark' }, { token: user.token });
    expect(put.status).to.equal(200);
    expect(put.body).to.include({ timeZoneId: 'America/New_York', theme: 'dark' });
    expect((await api.get('/api/v1/account/preferences', { token: user.token })).body).to.include({ theme: 'dark' });
    const [entry] = await dbQuery(api, `SELECT change_delta FROM audit_log WHERE entity_type = 'UserPreferences' AND entity_id = $1`, [user.id]);
    expect(entry.change_delta).to.deep.equal({ timeZoneId: { before: null, after: 'America/New_York' }, theme: { before: 'auto', after: 'dark' } });
  });

  it('is 422 for an unknown time zone and 400 for an unknown theme', async () => {
    const user = await createActor(api, { role: 'Reader' });
    expect((await api.put('/api/v1/account/preferences', { timeZoneId: 'Nowhere/Land', theme: 'auto' }, { token: user.token })).status).to.equal(422);
    expect((await api.put('/api/v1/account/preferences', { theme: 'neon' }, { token: user.token })).status).to.equal(400);
  });

  it('is 400 for an API client and 401 without credentials', async () => {
    const { createApiClientToken } = await import('../helpers/actors.js');
    const ws = await createWorkspace(api);
    const client = await createApiClientToken(api, { workspaceId: ws.id });
    expect((await api.get('/api/v1/account/preferences', { token: client.token })).status).to.equal(400);
    expect((await api.get('/api/v1/account/preferences')).status).to.equal(401);
  });
});
