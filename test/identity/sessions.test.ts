import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, dbQuery, FIXTURE_PASSWORD } from '../helpers/actors.js';

describe('local sessions', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  const login = (email: string, password: string) => api.post('/api/v1/auth/login', { email, password });

  describe('POST /api/v1/auth/login', () => {
    it('returns a token once, its expiry and the user, and stores only the digest', async () => {
      const user = await createActor(api, { role: 'Editor', superadmin: true });
      const res = await login(user.email, FIXTURE_PASSWORD);
      expect(res.status).to.equal(200);
      expect(res.body.token).to.match(/^[A-Za-z0-9_-]{64}$/);
      expect(res.body.mustChangePassword).to.equal(false);
      expect(res.body.user).to.deep.equal({ id: user.id, email: user.email, displayName: `Editor ${user.email}`, role: 'Editor', isSuperAdmin: true });
      expect(res.headers.get('x-session-expires-at')).to.equal(res.body.expiresAt);
      // Default sliding expiry: 480 minutes.
      expect(Date.parse(res.body.expiresAt) - Date.now()).to.be.within(479 * 60_000, 481 * 60_000);
      const rows = await dbQuery(api, 'SELECT token_hash, ip_address FROM user_sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1', [user.id]);
      expect(rows[0].token_hash).to.match(/^[0-9a-f]{64}$/).and.not.equal(res.body.token);
      expect(rows[0].ip_address).to.be.a('string');
      const [u] = await dbQuery(api, 'SELECT last_login_at FROM users WHERE id = $1', [user.id]);
      expect(u.last_login_at).to.be.instanceOf(Date);
      const me = await api.get('/api/v1/auth/me', { token: res.body.token });
      expect(me.status).to.equal(200);
      expect(me.body).to.include({ kind: 'User', id: user.id, role: 'Editor', isSuperAdmin: true, mustChangePassword: false });
    });

    it('matches the email case-insensitively', async () => {
      const user = await createActor(api, { role: 'Reader', email: 'Mixed.Case@Example.test' });
      expect((await login('mixed.case@example.TEST', FIXTURE_PASSWORD)).status).to.equal(200);
      expect(user.email).to.equal('Mixed.Case@Example.test');
    });

    it('answers the same plain 401 for an unknown, deleted or inactive user and a bad password, and logs each reason', async () => {
      const deleted = await createActor(api, { role: 'Reader' });
      await dbQuery(api, 'UPDATE users SET deleted_at = now() WHERE id = $1', [deleted.id]);
      const inactive = await createActor(api, { role: 'Reader' });
      await dbQuery(api, 'UPDATE users SET is_active = false WHERE id = $1', [inactive.id]);
      const active = await createActor(api, { role: 'Reader' });
      const cases = [
        { email: 'nobody-here@example.test', password: FIXTURE_PASSWORD, reason: 'UserNotFound', userId: null },
        { email: deleted.email, password: FIXTURE_PASSWORD, reason: 'UserDeleted', userId: deleted.id },
        { email: inactive.email, password: FIXTURE_PASSWORD, reason: 'UserInactive', userId: inactive.id },
        { email: active.email, password: 'not-the-password', reason: 'BadPassword', userId: active.id },
      ];
      const bodies: unknown[] = [];
      for (const c of cases) {
        const res = await login(c.email, c.password);
        expect(res.status, c.reason).to.equal(401);
        const { traceId: _t, correlationId: _c, ...rest } = res.body;
        bodies.push(rest);
        const line = api.log.find((l) => l.event === 'login_failed' && l.email === c.email);
        expect(line, c.reason).to.include({ level: 'warn', reason: c.reason, userId: c.userId });
        expect(line!.remoteIp).to.be.a('string').and.not.equal('');
      }
      for (const b of bodies) expect(b).to.deep.equal(bodies[0]);
      expect(api.log.text()).to.not.include('not-the-password');
      expect(api.log.text()).to.not.include(FIXTURE_PASSWORD);
      expect(api.log.text()).to.not.include('$argon2id$');
    });

    it('logs a success at info level without the password', async () => {
      const user = await createActor(api, { role: 'Reader' });
      await login(user.email, FIXTURE_PASSWORD);
      expect(api.log.find((l) => l.event === 'login_succeeded' && l.email === user.email)).to.include({ level: 'info', userId: user.id });
    });

    it('spends comparable time on an unknown email as on a known one (dummy argon2id verification)', async () => {
      const user = await createActor(api, { role: 'Reader' });
      // Give the known user a real-cost hash, as production hashes have.
      const seeded = await dbQuery(api, `SELECT password_hash FROM users WHERE email = 'admin@localhost'`);
      await dbQuery(api, 'UPDATE users SET password_hash = $1 WHERE id = $2', [seeded[0].password_hash, user.id]);
      await login('warm-up@example.test', 'x');
      const time = async (email: string) => {
        const started = performance.now();
        await login(email, 'wrong-password');
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await time(user.email));
        unknown.push(await time(`ghost-${i}@example.test`));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
      expect(median(unknown)).to.be.greaterThan(median(known) * 0.5);
    });

    it('prefers the active user when a soft-deleted user shares the email', async () => {
      const old = await createActor(api, { role: 'Admin', email: 'shared@example.test' });
      await dbQuery(api, 'UPDATE users SET deleted_at = now() WHERE id = $1', [old.id]);
      const current = await createActor(api, { role: 'Reader', email: 'shared@example.test' });
      const res = await login('shared@example.test', FIXTURE_PASSWORD);
      expect(res.status).to.equal(200);
      expect(res.body.user).to.include({ id: current.id, role: 'Reader' });
    });

    it('accepts a stored password that the new-password rules would now reject', async () => {
      const user = await createActor(api, { role: 'Reader' });
      const { hashPassword } = await import('../../server/src/services/identity/password-hashing.js');
      await dbQuery(api, 'UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(' legacy\u200bpass '), user.id]);
      expect((await login(user.email, ' legacy\u200bpass ')).status).to.equal(200);
    });

    it('rejects a body without a password as 400', async () => {
      const res = await api.post('/api/v1/auth/login', { email: 'a@b.c' });
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.have.property('/password');
    });
  });

  describe('session tokens', () => {
    it('an expired session is 401 and logged without the token', async () => {
      const user = await createActor(api, { role: 'Reader' });
      await dbQuery(api, `UPDATE user_sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
      const res = await api.get('/api/v1/auth/me', { token: user.token });
      expect(res.status).to.equal(401);
      const line = api.log.lines.filter((l) => l.event === 'unauthorized').at(-1)!;
      expect(line).to.include({ method: 'GET', path: '/api/v1/auth/me', bearerKind: 'opaque', resolvedActor: 'anonymous' });
      expect(line.correlationId).to.equal(res.headers.get('x-correlation-id'));
      expect(api.log.text()).to.not.include(user.token);
    });

    it('an unknown token is 401', async () => {
      expect((await api.get('/api/v1/auth/me', { token: 'x'.repeat(64) })).status).to.equal(401);
    });

    it('a session of a user deactivated since sign-in is 401', async () => {
      const user = await createActor(api, { role: 'Reader' });
      await dbQuery(api, 'UPDATE users SET is_active = false WHERE id = $1', [user.id]);
      expect((await api.get('/api/v1/auth/me', { token: user.token })).status).to.equal(401);
    });
  });

  describe('POST /api/v1/auth/logout', () => {
    it('ends the session at once (204), and the token is then 401', async () => {
      const user = await createActor(api, { role: 'Reader' });
      const res = await api.post('/api/v1/auth/logout', undefined, { token: user.token });
      expect(res.status).to.equal(204);
      expect((await api.get('/api/v1/auth/me', { token: user.token })).status).to.equal(401);
      expect(await dbQuery(api, 'SELECT 1 FROM user_sessions WHERE user_id = $1', [user.id])).to.have.length(0);
    });

    it('without credentials is 401', async () => {
      expect((await api.post('/api/v1/auth/logout')).status).to.equal(401);
    });
  });

  describe('POST /api/v1/auth/refresh', () => {
    it('issues a new token and invalidates the old one at once', async () => {
      const user = await createActor(api, { role: 'Editor' });
      const res = await api.post('/api/v1/auth/refresh', undefined, { token: user.token });
      expect(res.status).to.equal(200);
      expect(res.body.token).to.not.equal(user.token);
      expect(res.body.user.id).to.equal(user.id);
      expect((await api.get('/api/v1/auth/me', { token: user.token })).status).to.equal(401);
      expect((await api.get('/api/v1/auth/me', { token: res.body.token })).status).to.equal(200);
    });

    it('two refreshes racing with one token: exactly one wins', async () => {
      const user = await createActor(api, { role: 'Reader' });
      const results = await Promise.all([1, 2, 3].map(() => api.post('/api/v1/auth/refresh', undefined, { token: user.token })));
      expect(results.filter((r) => r.status === 200)).to.have.length(1);
      expect(results.filter((r) => r.status === 401)).to.have.length(2);
    });
  });
});

describe('session expiry sliding (Auth__SessionTouchIntervalSeconds)', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ env: { Auth__SessionTouchIntervalSeconds: '60', Auth__SessionSlidingExpiryMinutes: '30' } });
  });
  after(() => api.close());

  it('does not touch again within the interval', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const [before] = await dbQuery(api, 'SELECT expires_at, last_seen_at FROM user_sessions WHERE user_id = $1', [user.id]);
    const res = await api.get('/api/v1/auth/me', { token: user.token });
    expect(res.status).to.equal(200);
    expect(Date.parse(res.headers.get('x-session-expires-at')!)).to.equal((before.expires_at as Date).getTime());
    const [after] = await dbQuery(api, 'SELECT last_seen_at FROM user_sessions WHERE user_id = $1', [user.id]);
    expect((after.last_seen_at as Date).getTime()).to.equal((before.last_seen_at as Date).getTime());
  });

  it('slides the expiry, last-seen and IP once the interval has passed, and echoes the new expiry', async () => {
    const user = await createActor(api, { role: 'Reader' });
    await dbQuery(api, `UPDATE user_sessions SET last_seen_at = now() - interval '2 minutes', ip_address = NULL WHERE user_id = $1`, [user.id]);
    const res = await api.get('/api/v1/auth/me', { token: user.token });
    const header = Date.parse(res.headers.get('x-session-expires-at')!);
    expect(header - Date.now()).to.be.within(29 * 60_000, 31 * 60_000);
    const [row] = await dbQuery(api, 'SELECT expires_at, last_seen_at, ip_address FROM user_sessions WHERE user_id = $1', [user.id]);
    expect((row.expires_at as Date).getTime()).to.equal(header);
    expect(Date.now() - (row.last_seen_at as Date).getTime()).to.be.lessThan(10_000);
    expect(row.ip_address).to.be.a('string').and.not.equal('');
  });

  it('survives 30 parallel requests that all find the touch due: every one is 200 and the session is touched once', async () => {
    const user = await createActor(api, { role: 'Reader' });
    await dbQuery(api, `UPDATE user_sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_id = $1`, [user.id]);
    const results = await Promise.all(Array.from({ length: 30 }, () => api.get('/api/v1/auth/me', { token: user.token })));
    expect(results.map((r) => r.status)).to.deep.equal(Array(30).fill(200));
    for (const r of results) expect(r.headers.get('x-session-expires-at')).to.be.a('string');
    expect(api.log.find((l) => l.event === 'session_touch_failed')).to.equal(undefined);
    const [row] = await dbQuery(api, 'SELECT expires_at FROM user_sessions WHERE user_id = $1', [user.id]);
    // Whoever touched first set the expiry; nobody after it moved it again within the interval.
    const last = results.map((r) => Date.parse(r.headers.get('x-session-expires-at')!));
    expect(Math.max(...last)).to.equal((row.expires_at as Date).getTime());
  });
});
