// The edge through the real server: per-actor and per-IP windows, the 429 and its headers, bans
// (bare 403, unlogged, no query), the ban record and its route, the allow-list, spoofed and
// trusted X-Forwarded-For, and the exempt routes under a flood. The API trusts 127.0.0.1 as a proxy
// here, so each test plays a client of its own through X-Forwarded-For.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { statementRecorder } from '../helpers/statements.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, dbQuery } from '../helpers/actors.js';

const { statements, onStatement } = statementRecorder();

let nextClient = 1;
/** A client address of this test's own (TEST-NET-3), so the windows of one test never touch another's. */
const freshClient = () => `203.0.113.${nextClient++}`;
const from = (client: string, extra: Record<string, string> = {}) => ({ headers: { 'x-forwarded-for': client, ...extra } });

/** A request the contract validator must not see: the banned 403 has no body by design. */
async function raw(api: TestApi, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(api.url + path, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The windows are clock minutes: a test that would straddle a minute's end waits for the next one. */
async function freshWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 50));
}

describe('edge: rate limits and IP bans', () => {
  let api: TestApi;
  beforeEach(freshWindow);
  let admin: { token: string };
  before(async () => {
    api = await startTestApi({
      env: {
        RateLimit__PerActor__PermitPerMinute: '8',
        RateLimit__PerIp__PermitPerMinute: '4',
        TrustedProxy__TrustedProxies__0: '127.0.0.1',
        IpAllowList__Ips__0: '198.51.100.77',
        IpAllowList__Networks__0: '2001:db8:a11::/48',
        IpAllowList__Ips__1: '2001:db8:a12::7',
        Workers__Enabled: 'false',
      },
      onStatement,
    });
    admin = await createActor(api, { role: 'Admin', superadmin: true });
  });
  after(() => api.close());

  it('limits requests without credentials per client address (login included), with Retry-After to the minute’s end', async () => {
    const client = freshClient();
    for (let i = 0; i < 4; i++) {
      const res = await api.post('/api/v1/auth/login', { email: 'nobody@example.test', password: 'wrong-Password-1' }, from(client));
      expect(res.status).to.equal(401);
      expect(res.headers.get('ratelimit-policy')).to.equal('"actor";q=8;w=60, "ip";q=4;w=60');
      expect(res.headers.get('ratelimit')).to.match(new RegExp(`^"ip";r=${3 - i};t=\\d+$`));
    }
    const before = Date.now();
    const res = await api.get('/api/v1/auth/me', from(client));
    expect(res.status).to.equal(429);
    expect(res.body.type).to.match(/rate-limit-exceeded$/);
    const retryAfter = Number(res.headers.get('retry-after'));
    const toMinuteEnd = Math.ceil((60_000 - (before % 60_000)) / 1000);
    expect(retryAfter).to.be.within(Math.max(1, toMinuteEnd - 1), toMinuteEnd);
    expect(res.headers.get('ratelimit')).to.equal(`"ip";r=0;t=${retryAfter}`);
    // Another client is untouched.
    expect((await api.get('/api/v1/auth/me', from(freshClient()))).status).to.equal(401);
  });

  it('limits an authenticated caller per actor only, whatever its address', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const clients = [freshClient(), freshClient()];
    for (let i = 0; i < 8; i++) {
      const res = await api.get('/api/v1/auth/me', { token: user.token, ...from(clients[i % 2]!) });
      expect(res.status).to.equal(200);
      expect(res.headers.get('ratelimit-policy')).to.equal('"actor";q=8;w=60');
      expect(res.headers.get('ratelimit')).to.match(new RegExp(`^"actor";r=${7 - i};t=\\d+$`));
    }
    const res = await api.get('/api/v1/auth/me', { token: user.token, ...from(freshClient()) });
    expect(res.status).to.equal(429);
    expect(res.headers.get('retry-after')).to.match(/^\d+$/);
  });

  it('ignores X-Forwarded-For from a peer it does not trust', async () => {
    const spoofing = await startTestApi({ env: { RateLimit__PerIp__PermitPerMinute: '2', Workers__Enabled: 'false' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await spoofing.get('/api/v1/auth/me', from(freshClient()))).status);
      expect(statuses).to.deep.equal([401, 401, 429]);
    } finally {
      await spoofing.close();
    }
  });

  it('keeps the exempt routes (health, docs, the 1.0 schema, public media) reachable under a flood', async () => {
    const client = freshClient();
    for (let i = 0; i < 6; i++) await api.get('/api/v1/auth/me', from(client));
    expect((await api.get('/api/v1/auth/me', from(client))).status).to.equal(429);
    // A page shows many images to one visitor (issue #26): /media/v1/… is exempt too.
    const forged = `/media/v1/${crypto.randomUUID()}/${crypto.randomUUID()}/0123456789abcdef/k.AAAAAAAAAAAAAAAAAAAAAA/w_320/x.jpg`;
    const image = await api.request('GET', forged, from(client));
    expect(image.status).to.equal(403);
    expect(image.headers.get('ratelimit-policy')).to.equal(null);
    for (const path of ['/health/live', '/health/ready', '/openapi.json', '/swagger', '/schema/ctp-1.0.json', '/media/v1/settings']) {
      const res = await api.request('GET', path, { ...from(client), unchecked: path === '/swagger' });
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('ratelimit-policy'), path).to.equal(null);
    }
  });

  it('never limits or bans an allow-listed client (after resolution, IPv4 and a network of IPv6)', async () => {
    for (const client of ['198.51.100.77', '::ffff:198.51.100.77', '2001:db8:a11::5']) {
      for (let i = 0; i < 40; i++) {
        const res = await api.get('/api/v1/auth/me', from(client));
        expect(res.status).to.equal(401);
        expect(res.headers.get('ratelimit')).to.equal(null);
      }
    }
  });

  it('counts the credential operations in the per-address window whatever Authorization says (login, refresh, change-password)', async () => {
    const client = freshClient();
    const user = await createActor(api, { role: 'Reader' });
    // Other operations with the token are counted per actor only.
    const me = await api.get('/api/v1/auth/me', { token: user.token, ...from(client) });
    expect(me.status).to.equal(200);
    expect(me.headers.get('ratelimit-policy')).to.equal('"actor";q=8;w=60');
    // A valid bearer on a login used to move it into that token's actor window (8 here, 600 by default).
    for (let i = 0; i < 4; i++) {
      const res = await api.post('/api/v1/auth/login', { email: 'nobody@example.test', password: 'wrong-Password-1' }, { token: user.token, ...from(client) });
      expect(res.status).to.equal(401);
      expect(res.headers.get('ratelimit-policy')).to.equal('"actor";q=8;w=60, "ip";q=4;w=60');
    }
    const refused = await api.post('/api/v1/auth/login', { email: 'nobody@example.test', password: 'wrong-Password-1' }, { token: user.token, ...from(client) });
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('ratelimit')).to.match(/^"ip";r=0;t=\d+$/);
    // The trailing-slash spelling the router also accepts, and the other credential operations.
    expect((await api.request('POST', '/api/v1/auth/login/', { body: { email: 'a@b.c', password: 'x' }, token: user.token, ...from(client) })).status).to.equal(429);
    expect((await api.post('/api/v1/auth/refresh', undefined, { token: user.token, ...from(client) })).status).to.equal(429);
    expect((await api.post('/api/v1/auth/change-password', { currentPassword: 'a', newPassword: 'b' }, { token: user.token, ...from(client) })).status).to.equal(429);
  });

  it('does not ban the address of an authenticated actor over its own window (only anonymous rejections count)', async () => {
    const client = freshClient();
    const user = await createActor(api, { role: 'Reader' });
    for (let i = 0; i < 8; i++) expect((await api.get('/api/v1/auth/me', { token: user.token, ...from(client) })).status).to.equal(200);
    for (let i = 1; i <= 30; i++) expect((await api.get('/api/v1/auth/me', { token: user.token, ...from(client) })).status, `rejection ${i}`).to.equal(429);
    // Everyone else behind the address is untouched: no ban, no record.
    expect((await raw(api, '/api/v1/auth/me', { 'x-forwarded-for': client })).status).to.equal(401);
    expect(api.log.find((l) => l.event === 'ip_banned' && l.ipAddress === client)).to.equal(undefined);
    expect(await dbQuery(api, 'SELECT 1 FROM ip_ban_events WHERE ip_address = $1::inet', [client])).to.deep.equal([]);
  });

  it('counts IPv6 clients by their /64: rotating addresses share one window, another /64 has its own', async () => {
    for (let i = 1; i <= 4; i++) expect((await api.get('/api/v1/auth/me', from(`2001:db8:64:1::${i}`))).status).to.equal(401);
    const res = await api.get('/api/v1/auth/me', from('2001:db8:64:1:ffff:ffff:ffff:fffe'));
    expect(res.status).to.equal(429);
    expect((await api.get('/api/v1/auth/me', from('2001:db8:64:2::1'))).status).to.equal(401);
  });

  it('bans an IPv6 prefix, records it as 2001:db8:…/64, and finds the record by any address inside it', async () => {
    const prefix = '2001:db8:bad:1';
    let n = 1;
    const next = () => `${prefix}::${(n++).toString(16)}`;
    for (let i = 0; i < 4; i++) await api.get('/api/v1/auth/me', from(next()));
    for (let i = 1; i <= 21; i++) expect((await api.get('/api/v1/auth/me', from(next()))).status, `rejection ${i}`).to.equal(429);
    expect((await raw(api, '/api/v1/auth/me', { 'x-forwarded-for': `${prefix}:1:2:3:4` })).status).to.equal(403);
    expect((await raw(api, '/api/v1/auth/me', { 'x-forwarded-for': '2001:db8:bad:2::1' })).status).to.equal(401);
    // The record is written on the side: wait for it in the database, then read it as an Admin of this test's own.
    // (bounded generously: CI runs on a busy machine)
    for (let i = 0; i < 600 && (await dbQuery(api, `SELECT 1 FROM ip_ban_events WHERE ip_address >>= '${prefix}::1'`)).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const reader = await createActor(api, { role: 'Admin', superadmin: true });
    const record = async (filter: string) => (await api.get(`/api/v1/security/ip-bans?ipAddress=${encodeURIComponent(filter)}`, { token: reader.token })).body;
    const page = await record(`${prefix}::1`);
    expect(page.totalCount).to.equal(1);
    expect(page.items[0]).to.include({ ipAddress: '2001:db8:bad:1::/64', rejectionCount: 21 });
    expect((await record(`${prefix}:ab:cd:ef:1`)).totalCount).to.equal(1);
    expect((await record('2001:db8:bad:1::/64')).totalCount).to.equal(1);
    expect((await record('2001:db8:bad::/48')).totalCount).to.equal(1);
    expect((await record('2001:db8:bad:2::1')).totalCount).to.equal(0);
    expect(api.log.find((l) => l.event === 'ip_banned' && l.ipAddress === '2001:db8:bad:1::/64')).to.not.equal(undefined);
  });

  it('allow-lists an IPv6 address’s whole /64, like the windows and bans see it', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await api.get('/api/v1/auth/me', from(`2001:db8:a12::${(i + 8).toString(16)}`));
      expect(res.status).to.equal(401);
      expect(res.headers.get('ratelimit')).to.equal(null);
    }
    // Outside that /64 the limits apply.
    const outside = [];
    for (let i = 0; i < 5; i++) outside.push((await api.get('/api/v1/auth/me', from(`2001:db8:a12:1::${i + 1}`))).status);
    expect(outside).to.deep.equal([401, 401, 401, 401, 429]);
  });

  it('bans at the 21st rejection: then a bare 403, nothing logged, no query; the ban is recorded for Admins', async () => {
    const client = freshClient();
    for (let i = 0; i < 4; i++) expect((await api.get('/api/v1/auth/me', from(client))).status).to.equal(401);
    for (let i = 1; i <= 20; i++) expect((await api.get('/api/v1/auth/me', from(client))).status, `rejection ${i}`).to.equal(429);
    // The 21st rejection is answered and imposes the ban.
    expect((await api.get('/api/v1/workspaces', from(client))).status).to.equal(429);
    const record = async () => (await api.get(`/api/v1/security/ip-bans?ipAddress=${client}`, { token: admin.token })).body;
    for (let i = 0; i < 600 && (await record()).totalCount === 0; i++) await new Promise((r) => setTimeout(r, 50));

    statements.length = 0;
    const logLines = api.log.lines.length;
    const banned = await raw(api, '/api/v1/auth/me', { 'x-forwarded-for': client, 'x-correlation-id': 'banned-probe' });
    expect(banned.status).to.equal(403);
    expect(banned.text).to.equal('');
    expect(banned.headers.get('content-type')).to.equal(null);
    expect(banned.headers.get('content-length')).to.equal('0');
    expect(banned.headers.get('x-correlation-id')).to.equal(null);
    // Also the exempt routes and a valid token: nothing comes before the ban check.
    expect((await raw(api, '/health/live', { 'x-forwarded-for': `::ffff:${client}` })).status).to.equal(403);
    expect((await raw(api, '/api/v1/auth/me', { 'x-forwarded-for': client, authorization: `Bearer ${admin.token}` })).status).to.equal(403);
    expect(statements).to.deep.equal([]);
    expect(api.log.lines.slice(logLines).filter((l) => JSON.stringify(l).includes(client) || JSON.stringify(l).includes('banned-probe'))).to.deep.equal([]);

    const page = await record();
    expect(page.totalCount).to.equal(1);
    const [event] = page.items;
    expect(event).to.include({ ipAddress: client, rejectionCount: 21, requestPath: '/api/v1/workspaces' });
    expect(Date.parse(event.bannedUntil) - Date.parse(event.bannedAt)).to.equal(24 * 3_600_000);
    // Any spelling of the address finds it; text that is no address finds nothing.
    expect((await api.get(`/api/v1/security/ip-bans?ipAddress=::ffff:${client}`, { token: admin.token })).body.totalCount).to.equal(1);
    expect((await api.get('/api/v1/security/ip-bans?ipAddress=not-an-ip', { token: admin.token })).body.totalCount).to.equal(0);
    expect(api.log.find((l) => l.event === 'ip_banned' && l.ipAddress === client)).to.not.equal(undefined);
  });

  it('lists ban events newest first, paged', async () => {
    await dbQuery(
      api,
      `INSERT INTO ip_ban_events (ip_address, rejection_count, banned_at, banned_until, request_path)
       SELECT ('192.0.2.' || n)::inet, 21, now() - n * interval '1 minute', now() + interval '1 day', '/x' FROM generate_series(1, 3) n`,
    );
    const res = await api.get('/api/v1/security/ip-bans?page=1&pageSize=2', { token: admin.token });
    expect(res.status).to.equal(200);
    expect(res.body.pageSize).to.equal(2);
    const times = res.body.items.map((e: { bannedAt: string }) => Date.parse(e.bannedAt));
    expect(times[0]).to.be.at.least(times[1]);
    const all = (await api.get('/api/v1/security/ip-bans?pageSize=100', { token: admin.token })).body;
    expect(all.items.filter((e: { ipAddress: string }) => e.ipAddress.startsWith('192.0.2.')).map((e: { ipAddress: string }) => e.ipAddress)).to.deep.equal([
      '192.0.2.1',
      '192.0.2.2',
      '192.0.2.3',
    ]);
  });

  it('lists ban events only to a host superadmin with the Admin role (they are every tenant\'s addresses)', async () => {
    const workspaceAdmin = await createActor(api, { role: 'Admin' });
    const refused = await api.get('/api/v1/security/ip-bans', { token: workspaceAdmin.token });
    expect(refused.status).to.equal(403);
    expect(refused.body.detail).to.equal('Only a host superadmin may do this.');
    const readerSuperadmin = await createActor(api, { role: 'Reader', superadmin: true });
    expect((await api.get('/api/v1/security/ip-bans', { token: readerSuperadmin.token })).status).to.equal(403);
    expect((await api.get('/api/v1/security/ip-bans')).status).to.equal(401);
    expect((await api.get('/api/v1/security/ip-bans', { token: admin.token })).status).to.equal(200);
  });
});
