// Sign-in throttling per account (issue #23, finding 2): after Auth__Lockout__MaxFailures failed
// sign-ins of one email within the window, every attempt for it is the same plain 401 — the right
// password included — until the lock ends; a success resets the count; unknown emails are throttled
// alike; the state is in PostgreSQL, so a second replica on the same database sees the lock.
// Defaults here: 5 failures within 15 minutes lock for 15 minutes.
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/src/config.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, dbQuery, FIXTURE_PASSWORD } from '../helpers/actors.js';

describe('sign-in throttling per account', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
  });
  after(() => api.close());

  const login = (email: string, password: string) => api.post('/api/v1/auth/login', { email, password });
  /** The body without the per-request ids: every 401 must be this same body. */
  const plain = (body: Record<string, unknown>) => {
    const { traceId: _t, correlationId: _c, ...rest } = body;
    return rest;
  };
  const throttleRow = async (email: string) =>
    (await dbQuery(api, `SELECT attempts, locked_until FROM sign_in_throttle WHERE account_key = sha256(convert_to(lower($1), 'UTF8'))`, [email]))[0];

  it('after 5 failures refuses the right password with the same plain 401, logs and audits the lock once', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const bodies: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await login(user.email, `wrong-Password-${i}`);
      expect(res.status, `failure ${i + 1}`).to.equal(401);
      bodies.push(plain(res.body));
    }
    const locked = await login(user.email, FIXTURE_PASSWORD);
    expect(locked.status).to.equal(401);
    expect(locked.headers.get('x-session-expires-at')).to.equal(null);
    for (const b of bodies) expect(b).to.deep.equal(plain(locked.body));

    const lines = api.log.lines.filter((l) => l.event === 'sign_in_throttled' && l.userId === user.id);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 'warn', email: user.email, failures: 5 });
    expect(Date.parse(lines[0]!.lockedUntil as string) - Date.now()).to.be.within(14 * 60_000, 15 * 60_000 + 5_000);
    expect(api.log.find((l) => l.event === 'login_failed' && l.email === user.email && l.reason === 'Throttled')).to.not.equal(undefined);
    const audit = await dbQuery(api, `SELECT action, actor_type, change_delta FROM audit_log WHERE entity_type = 'User' AND entity_id = $1 AND action = 'StatusChanged'`, [user.id]);
    expect(audit).to.have.length(1);
    expect(audit[0].change_delta.signInLockedUntil.before).to.equal(null);
    expect(audit[0].change_delta.signInLockedUntil.after).to.be.a('string');
    expect(api.log.text()).to.not.include(FIXTURE_PASSWORD);
  });

  it('does not extend the lock for attempts made during it, and lets the right password in once it is over', async () => {
    const user = await createActor(api, { role: 'Reader' });
    for (let i = 0; i < 5; i++) await login(user.email, 'wrong-Password-1');
    const before = await throttleRow(user.email);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-Password-1')).status).to.equal(401);
    expect(await throttleRow(user.email)).to.deep.equal(before);
    // The lock's end, brought forward instead of waited for.
    await dbQuery(api, `UPDATE sign_in_throttle SET locked_until = now() - interval '1 second' WHERE account_key = sha256(convert_to(lower($1), 'UTF8'))`, [user.email]);
    const res = await login(user.email, FIXTURE_PASSWORD);
    expect(res.status).to.equal(200);
    expect(await throttleRow(user.email)).to.equal(undefined);
  });

  it('resets the count on a successful sign-in', async () => {
    const user = await createActor(api, { role: 'Reader' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await login(user.email, 'wrong-Password-1')).status).to.equal(401);
      expect((await login(user.email, FIXTURE_PASSWORD)).status, `round ${round}`).to.equal(200);
    }
  });

  it('counts an email in any letter case as one account', async () => {
    const user = await createActor(api, { role: 'Reader', email: 'Case.Lock@Example.test' });
    for (const spelling of ['case.lock@example.test', 'CASE.LOCK@EXAMPLE.TEST', 'Case.Lock@Example.test', 'case.LOCK@example.test', 'cAse.lock@example.test']) {
      await login(spelling, 'wrong-Password-1');
    }
    expect((await login(user.email, FIXTURE_PASSWORD)).status).to.equal(401);
  });

  it('throttles unknown emails alike (a lock says nothing about who has an account) and keeps no email in the table', async () => {
    const email = 'ghost-lock@example.test';
    for (let i = 0; i < 5; i++) await login(email, 'wrong-Password-1');
    expect(api.log.find((l) => l.event === 'sign_in_throttled' && l.email === email)).to.include({ userId: null, failures: 5 });
    await login(email, 'wrong-Password-1');
    expect(api.log.find((l) => l.event === 'login_failed' && l.email === email && l.reason === 'Throttled')).to.not.equal(undefined);
    const rows = await dbQuery(api, `SELECT encode(account_key, 'hex') AS key FROM sign_in_throttle`);
    expect(JSON.stringify(rows)).to.not.include('ghost');
  });

  it('checks at most 5 passwords when many guesses arrive at once', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => login(user.email, `parallel-guess-${i}`).then((r) => r.status)));
    expect(statuses.every((s) => s === 401)).to.equal(true);
    const reasons = api.log.lines.filter((l) => l.event === 'login_failed' && l.email === user.email).map((l) => l.reason);
    expect(reasons).to.have.length(12);
    expect(reasons.filter((r) => r === 'BadPassword')).to.have.length(5);
    expect(reasons.filter((r) => r === 'Throttled')).to.have.length(7);
  });

  it('counts a wrong current password of change-password, and refuses the right one while locked', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const change = (currentPassword: string) => api.post('/api/v1/auth/change-password', { currentPassword, newPassword: 'a brand new Password-9' }, { token: user.token });
    const hash = async () => (await dbQuery(api, 'SELECT password_hash FROM users WHERE id = $1', [user.id]))[0].password_hash;
    const before = await hash();
    for (let i = 0; i < 5; i++) expect((await change('wrong-Password-1')).status).to.equal(401);
    expect((await change(FIXTURE_PASSWORD)).status).to.equal(401);
    expect((await login(user.email, FIXTURE_PASSWORD)).status).to.equal(401);
    expect(await hash()).to.equal(before);
    expect(api.log.find((l) => l.event === 'change_password_failed' && l.userId === user.id && l.reason === 'Throttled')).to.not.equal(undefined);
  });

  it('holds across replicas: a lock imposed through one API refuses the sign-in on another', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const other = await startTestApi({ databaseUrl: api.databaseUrl, env: { Workers__Enabled: 'false' } });
    try {
      for (let i = 0; i < 5; i++) await login(user.email, 'wrong-Password-1');
      expect((await other.post('/api/v1/auth/login', { email: user.email, password: FIXTURE_PASSWORD })).status).to.equal(401);
    } finally {
      await other.close();
    }
  });

  it('can be turned off, and its settings are checked at start-up', async () => {
    const off = loadConfig({ NODE_ENV: 'test', Auth__Lockout__MaxFailures: '0' }, { version: 't' });
    expect(off.auth.lockout.maxFailures).to.equal(0);
    const defaults = loadConfig({ NODE_ENV: 'test' }, { version: 't' }).auth.lockout;
    expect(defaults).to.deep.equal({ maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 });
    expect(() => loadConfig({ Auth__Lockout__WindowMinutes: '0' }, { version: 't' })).to.throw(ConfigError, /Auth__Lockout__WindowMinutes/);
    expect(() => loadConfig({ Auth__Lockout__DurationMinutes: '1441' }, { version: 't' })).to.throw(ConfigError, /Auth__Lockout__DurationMinutes/);
    expect(() => loadConfig({ Auth__Lockout__MaxFailures: '-1' }, { version: 't' })).to.throw(ConfigError, /Auth__Lockout__MaxFailures/);
  });
});
