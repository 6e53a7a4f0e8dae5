// Sign-in throttling per account and client: a client (address, IPv6 prefix, or device token) that
// fails Auth__Lockout__MaxFailures times within the window is the same plain 401 for that account —
// the right password included — until its lock ends, while other clients keep signing in; failures
// of one account from every client past Auth__Lockout__AccountSlowdownAfter slow (never refuse)
// clients without a device token; an Admin's unlock, reset-password and `make admin-password` lift
// it all; the rows are keyed by an HMAC under the server's key. Defaults here: 5 failures within 15
// minutes lock a client for 15 minutes.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/src/config.js';
import { createDatabasePool } from '../../server/src/db/pool.js';
import { issueOneTimePassword } from '../../server/src/services/identity/password-recovery.js';
import { createSignInKeys } from '../../server/src/services/identity/sign-in-keys.js';
import { slowdownDelayMs } from '../../server/src/services/identity/sign-in-throttle.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, dbQuery, FIXTURE_PASSWORD } from '../helpers/actors.js';

// One keyring for every API of this file, as replicas of one install share theirs.
const KEYRING_KEY = crypto.randomBytes(32);
const ENV: Record<string, string> = {
  Workers__Enabled: 'false',
  Secrets__ActiveKeyId: 'throttle-test',
  'Secrets__EncryptionKeys__throttle-test': KEYRING_KEY.toString('base64'),
  // The test's requests come from loopback; X-Forwarded-For names the client each one plays.
  TrustedProxy__TrustedNetworks__0: '127.0.0.0/8',
  TrustedProxy__TrustedNetworks__1: '::1/128',
};

describe('sign-in throttling per account and client', () => {
  let api: TestApi;
  let admin: { id: string; email: string; token: string };
  before(async () => {
    api = await startTestApi({ env: ENV });
    admin = await createActor(api, { role: 'Admin', superadmin: true });
  });
  after(() => api.close());

  let nextClient = 1;
  /** A fresh IPv4 client address of the documentation range. */
  const newClient = () => `198.51.100.${nextClient++}`;
  const login = (email: string, password: string, client: string, deviceToken?: string) =>
    api.post('/api/v1/auth/login', { email, password, ...(deviceToken ? { deviceToken } : {}) }, { headers: { 'x-forwarded-for': client } });
  const failFiveTimes = async (email: string, client: string, deviceToken?: string) => {
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong-Password-${i}`, client, deviceToken)).status, `failure ${i + 1}`).to.equal(401);
  };
  /** The body without the per-request ids: every 401 must be this same body. */
  const plain = (body: Record<string, unknown>) => {
    const { traceId: _t, correlationId: _c, ...rest } = body;
    return rest;
  };
  const keys = createSignInKeys(KEYRING_KEY);
  const clientRow = async (email: string, client: string) =>
    (await dbQuery(api, `SELECT attempts, locked_until FROM sign_in_throttle WHERE throttle_key = $1`, [keys.client(email, client)]))[0];

  it('locks out the client that failed 5 times — the right password included, same plain 401 — while another client signs in', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const attacker = newClient();
    const bodies: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await login(user.email, `wrong-Password-${i}`, attacker);
      expect(res.status).to.equal(401);
      bodies.push(plain(res.body));
    }
    const locked = await login(user.email, FIXTURE_PASSWORD, attacker);
    expect(locked.status).to.equal(401);
    expect(locked.headers.get('x-session-expires-at')).to.equal(null);
    for (const b of bodies) expect(b).to.deep.equal(plain(locked.body));
    // The owner, elsewhere, is not kept out.
    const owner = await login(user.email, FIXTURE_PASSWORD, newClient());
    expect(owner.status).to.equal(200);

    const lines = api.log.lines.filter((l) => l.event === 'sign_in_throttled' && l.userId === user.id);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 'warn', email: user.email, client: attacker, failures: 5 });
    expect(Date.parse(lines[0]!.lockedUntil as string) - Date.now()).to.be.within(14 * 60_000, 15 * 60_000 + 5_000);
    expect(api.log.find((l) => l.event === 'login_failed' && l.email === user.email && l.reason === 'Throttled')).to.include({ client: attacker });
    const audit = await dbQuery(api, `SELECT change_delta FROM audit_log WHERE entity_type = 'User' AND entity_id = $1 AND action = 'StatusChanged'`, [user.id]);
    expect(audit).to.have.length(1);
    expect(audit[0].change_delta.signInLockedUntil.before).to.equal(null);
    expect(audit[0].change_delta.signInLockedUntil.after).to.be.a('string');
    expect(api.log.text()).to.not.include(FIXTURE_PASSWORD);
  });

  it('keys an IPv6 client by its RateLimit__Ipv6PrefixLength prefix: another address of the same /64 is locked too, another /64 is not', async () => {
    const user = await createActor(api, { role: 'Reader' });
    for (let i = 1; i <= 5; i++) expect((await login(user.email, 'wrong-Password-1', `2001:db8:7:7::${i}`)).status).to.equal(401);
    expect((await login(user.email, FIXTURE_PASSWORD, '2001:db8:7:7::99')).status).to.equal(401);
    expect((await login(user.email, FIXTURE_PASSWORD, '2001:db8:7:8::1')).status).to.equal(200);
    expect(await clientRow(user.email, '2001:db8:7:7::/64')).to.include({ attempts: 5 });
  });

  it('does not extend a lock for attempts made during it, and lets the right password in once it is over', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const client = newClient();
    await failFiveTimes(user.email, client);
    const before = await clientRow(user.email, client);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-Password-1', client)).status).to.equal(401);
    expect(await clientRow(user.email, client)).to.deep.equal(before);
    // The lock's end, brought forward instead of waited for.
    await dbQuery(api, `UPDATE sign_in_throttle SET locked_until = now() - interval '1 second' WHERE throttle_key = $1`, [keys.client(user.email, client)]);
    expect((await login(user.email, FIXTURE_PASSWORD, client)).status).to.equal(200);
    expect(await clientRow(user.email, client)).to.equal(undefined);
  });

  it("resets a client's count on its successful sign-in", async () => {
    const user = await createActor(api, { role: 'Reader' });
    const client = newClient();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await login(user.email, 'wrong-Password-1', client)).status).to.equal(401);
      expect((await login(user.email, FIXTURE_PASSWORD, client)).status, `round ${round}`).to.equal(200);
    }
  });

  it('counts an email in any letter case as one account', async () => {
    const user = await createActor(api, { role: 'Reader', email: 'Case.Lock@Example.test' });
    const client = newClient();
    for (const spelling of ['case.lock@example.test', 'CASE.LOCK@EXAMPLE.TEST', 'Case.Lock@Example.test', 'case.LOCK@example.test', 'cAse.lock@example.test']) {
      await login(spelling, 'wrong-Password-1', client);
    }
    expect((await login(user.email, FIXTURE_PASSWORD, client)).status).to.equal(401);
  });

  it('throttles unknown emails alike, and keys every row by an HMAC under the server key, not a digest anyone can recompute', async () => {
    const email = 'ghost-lock@example.test';
    const client = newClient();
    await failFiveTimes(email, client);
    expect(api.log.find((l) => l.event === 'sign_in_throttled' && l.email === email)).to.include({ userId: null, failures: 5 });
    await login(email, 'wrong-Password-1', client);
    expect(api.log.find((l) => l.event === 'login_failed' && l.email === email && l.reason === 'Throttled')).to.not.equal(undefined);
    const rows = await dbQuery(api, `SELECT encode(throttle_key, 'hex') AS key, encode(account_key, 'hex') AS account, per_client, user_id FROM sign_in_throttle WHERE account_key = $1`, [keys.account(email)]);
    expect(rows.map((r) => r.per_client).sort()).to.deep.equal([false, true]);
    expect(rows.every((r) => r.user_id === null)).to.equal(true);
    const bare = crypto.createHash('sha256').update(email).digest('hex');
    const withClient = crypto.createHash('sha256').update(`${email}\n${client}`).digest('hex');
    expect(JSON.stringify(rows)).to.not.include('ghost').and.not.include(bare).and.not.include(withClient);
    // Under another key the same email has other rows: the key is what makes them.
    expect(createSignInKeys(crypto.randomBytes(32)).account(email).toString('hex')).to.not.equal(rows[0].account);
  });

  it('checks at most 5 passwords from one client when many guesses arrive at once', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const client = newClient();
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => login(user.email, `parallel-guess-${i}`, client).then((r) => r.status)));
    expect(statuses.every((s) => s === 401)).to.equal(true);
    const reasons = api.log.lines.filter((l) => l.event === 'login_failed' && l.email === user.email).map((l) => l.reason);
    expect(reasons).to.have.length(12);
    expect(reasons.filter((r) => r === 'BadPassword')).to.have.length(5);
    expect(reasons.filter((r) => r === 'Throttled')).to.have.length(7);
  });

  it('counts a wrong current password of change-password, and refuses the right one from that client while locked', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const client = newClient();
    const change = (currentPassword: string) =>
      api.post('/api/v1/auth/change-password', { currentPassword, newPassword: 'a brand new Password-9' }, { token: user.token, headers: { 'x-forwarded-for': client } });
    const hash = async () => (await dbQuery(api, 'SELECT password_hash FROM users WHERE id = $1', [user.id]))[0].password_hash;
    const before = await hash();
    for (let i = 0; i < 5; i++) expect((await change('wrong-Password-1')).status).to.equal(401);
    expect((await change(FIXTURE_PASSWORD)).status).to.equal(401);
    expect((await login(user.email, FIXTURE_PASSWORD, client)).status).to.equal(401);
    expect(await hash()).to.equal(before);
    expect(api.log.find((l) => l.event === 'change_password_failed' && l.userId === user.id && l.reason === 'Throttled')).to.not.equal(undefined);
  });

  describe('device tokens', () => {
    it('a sign-in returns one; sent back, it gets through a lock of its address, and is replaced by a new one', async () => {
      const user = await createActor(api, { role: 'Reader' });
      const home = newClient();
      const first = await login(user.email, FIXTURE_PASSWORD, home);
      expect(first.status).to.equal(200);
      const device = first.body.deviceToken as string;
      expect(device).to.match(/^verso_device_[A-Za-z0-9_-]{43}$/);
      // Someone behind the same address locks it out.
      await failFiveTimes(user.email, home);
      expect((await login(user.email, FIXTURE_PASSWORD, home)).status).to.equal(401);
      const again = await login(user.email, FIXTURE_PASSWORD, home, device);
      expect(again.status).to.equal(200);
      expect(again.body.deviceToken).to.be.a('string').and.not.equal(device);
      expect(api.log.lines.filter((l) => l.event === 'login_succeeded' && l.userId === user.id).map((l) => l.client)).to.deep.equal([home, 'device']);
      // The old token was replaced: it is an unknown one now, and unknown tokens change nothing.
      expect((await login(user.email, FIXTURE_PASSWORD, home, device)).status).to.equal(401);
      const stored = await dbQuery(api, 'SELECT encode(token_hash, $2) AS h FROM sign_in_devices WHERE user_id = $1', [user.id, 'hex']);
      expect(stored.map((r) => r.h)).to.deep.equal([crypto.createHash('sha256').update(again.body.deviceToken).digest('hex')]);
      expect(JSON.stringify(stored)).to.not.include(again.body.deviceToken);
    });

    it("is ignored for another account, and its own failures lock only the token (5 of them), not the owner's other clients", async () => {
      const user = await createActor(api, { role: 'Reader' });
      const other = await createActor(api, { role: 'Reader' });
      const device = (await login(other.email, FIXTURE_PASSWORD, newClient())).body.deviceToken as string;
      const client = newClient();
      await failFiveTimes(user.email, client);
      expect((await login(user.email, FIXTURE_PASSWORD, client, device)).status).to.equal(401);

      const mine = (await login(user.email, FIXTURE_PASSWORD, newClient())).body.deviceToken as string;
      const roaming = newClient();
      await failFiveTimes(user.email, roaming, mine);
      expect((await login(user.email, FIXTURE_PASSWORD, roaming, mine)).status).to.equal(401);
      // The address itself counted nothing: without the token it signs in.
      expect((await login(user.email, FIXTURE_PASSWORD, roaming)).status).to.equal(200);
    });
  });

  describe('account-wide slowdown', () => {
    let slow: TestApi;
    before(async () => {
      slow = await startTestApi({ databaseUrl: api.databaseUrl, env: { ...ENV, Auth__Lockout__AccountSlowdownAfter: '3', Auth__Lockout__MaxDelaySeconds: '1' } });
    });
    after(() => slow.close());
    const slowLogin = (email: string, password: string, client: string, deviceToken?: string) =>
      slow.post('/api/v1/auth/login', { email, password, ...(deviceToken ? { deviceToken } : {}) }, { headers: { 'x-forwarded-for': client } });

    it('doubles a delay per failure past the ceiling, up to the maximum', () => {
      const lockout = slow.config.auth.lockout;
      expect([1, 3, 4, 5, 6, 7, 30].map((n) => slowdownDelayMs(n, lockout))).to.deep.equal([0, 0, 250, 500, 1000, 1000, 1000]);
      expect(slowdownDelayMs(1000, { ...lockout, maxDelayMs: 0 })).to.equal(0);
    });

    it('slows every client without a device token past the ceiling but never refuses the right password; a device token passes at once', async () => {
      const user = await createActor(slow, { role: 'Reader' });
      const device = (await slowLogin(user.email, FIXTURE_PASSWORD, newClient())).body.deviceToken as string;
      // Four guessers, one failure each: the account-wide count passes 3.
      for (let i = 0; i < 4; i++) expect((await slowLogin(user.email, 'wrong-Password-1', newClient())).status).to.equal(401);
      const started = Date.now();
      const owner = await slowLogin(user.email, FIXTURE_PASSWORD, newClient());
      const waited = Date.now() - started;
      expect(owner.status).to.equal(200);
      const line = slow.log.lines.filter((l) => l.event === 'login_succeeded' && l.userId === user.id).at(-1)!;
      expect(line.delayMs).to.equal(500);
      expect(waited).to.be.at.least(500);
      expect(slow.log.lines.filter((l) => l.event === 'sign_in_slowed' && l.userId === user.id)).to.have.length(1);
      const known = await slowLogin(user.email, FIXTURE_PASSWORD, newClient(), device);
      expect(known.status).to.equal(200);
      expect(slow.log.lines.filter((l) => l.event === 'login_succeeded' && l.userId === user.id).at(-1)).to.include({ client: 'device', delayMs: 0 });
    });
  });

  describe("the operator's way out", () => {
    const lockedUser = async () => {
      const user = await createActor(api, { role: 'Reader' });
      const client = newClient();
      await failFiveTimes(user.email, client);
      expect((await login(user.email, FIXTURE_PASSWORD, client)).status).to.equal(401);
      return { user, client };
    };

    it('POST /users/{id}/unlock lifts every lock of the account at once, audited; 404 for no such user, 403 for a non-admin', async () => {
      const { user, client } = await lockedUser();
      const second = newClient();
      await failFiveTimes(user.email, second);
      const res = await api.post(`/api/v1/users/${user.id}/unlock`, undefined, { token: admin.token });
      expect(res.status).to.equal(204);
      expect((await login(user.email, FIXTURE_PASSWORD, client)).status).to.equal(200);
      expect((await login(user.email, FIXTURE_PASSWORD, second)).status).to.equal(200);
      const audit = await dbQuery(api, `SELECT actor_type, change_delta FROM audit_log WHERE entity_id = $1 AND action = 'StatusChanged' ORDER BY occurred_at`, [user.id]);
      expect(audit.at(-1).change_delta.signInLockedClients).to.deep.equal({ before: 2, after: 0 });
      expect((await api.post(`/api/v1/users/${crypto.randomUUID()}/unlock`, undefined, { token: admin.token })).status).to.equal(404);
      const editor = await createActor(api, { role: 'Editor' });
      expect((await api.post(`/api/v1/users/${user.id}/unlock`, undefined, { token: editor.token })).status).to.equal(403);
    });

    it("the Admin's reset-password lifts it: the temporary password signs in from the locked client at once", async () => {
      const { user, client } = await lockedUser();
      const res = await api.post(`/api/v1/users/${user.id}/reset-password`, { temporaryPassword: 'Temporary pass 1' }, { token: admin.token });
      expect(res.status).to.equal(200);
      expect((await login(user.email, 'Temporary pass 1', client)).status).to.equal(200);
    });

    it('`make admin-password` lifts it without the server key: the one-time password signs in from the locked client at once', async () => {
      const { user, client } = await lockedUser();
      const db = await createDatabasePool(api.databaseUrl, { size: 1, statementTimeoutMs: 10_000 });
      let outcome;
      try {
        outcome = await issueOneTimePassword(db, user.email, api.config.auth.password);
      } finally {
        await db.end();
      }
      expect(outcome.ok).to.equal(true);
      if (!outcome.ok) return;
      expect((await login(user.email, outcome.password, client)).status).to.equal(200);
      expect(await dbQuery(api, 'SELECT 1 FROM sign_in_throttle WHERE user_id = $1', [user.id])).to.have.length(0);
    });
  });

  it('holds across replicas: a lock imposed through one API refuses that client on another', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const client = newClient();
    const other = await startTestApi({ databaseUrl: api.databaseUrl, env: ENV });
    try {
      await failFiveTimes(user.email, client);
      expect((await other.post('/api/v1/auth/login', { email: user.email, password: FIXTURE_PASSWORD }, { headers: { 'x-forwarded-for': client } })).status).to.equal(401);
    } finally {
      await other.close();
    }
  });

  it('can be turned off, and its settings are checked at start-up', () => {
    const off = loadConfig({ NODE_ENV: 'test', Auth__Lockout__MaxFailures: '0' }, { version: 't' });
    expect(off.auth.lockout.maxFailures).to.equal(0);
    const defaults = loadConfig({ NODE_ENV: 'test' }, { version: 't' }).auth.lockout;
    expect(defaults).to.deep.equal({ maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000, accountSlowdownAfter: 20, maxDelayMs: 10_000 });
    expect(() => loadConfig({ Auth__Lockout__WindowMinutes: '0' }, { version: 't' })).to.throw(ConfigError, /Auth__Lockout__WindowMinutes/);
    expect(() => loadConfig({ Auth__Lockout__DurationMinutes: '1441' }, { version: 't' })).to.throw(ConfigError, /Auth__Lockout__DurationMinutes/);
    expect(() => loadConfig({ Auth__Lockout__MaxFailures: '-1' }, { version: 't' })).to.throw(ConfigError, /Auth__Lockout__MaxFailures/);
    expect(() => loadConfig({ Auth__Lockout__AccountSlowdownAfter: '0' }, { version: 't' })).to.throw(ConfigError, /Auth__Lockout__AccountSlowdownAfter/);
    expect(() => loadConfig({ Auth__Lockout__MaxDelaySeconds: '61' }, { version: 't' })).to.throw(ConfigError, /Auth__Lockout__MaxDelaySeconds/);
  });
});
