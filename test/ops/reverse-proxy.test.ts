// A real TLS-terminating reverse proxy in front of Verso: Debian's nginx running the shipped
// docs/deploy/nginx.conf (test ports and a test certificate swapped in; test/helpers/nginx.ts), in front
// of the API and the admin on loopback. Clients are several "browsers" on 127.0.0.2, 127.0.0.4 …
// (every 127/8 address is this machine's), nginx reaches the API from 127.0.0.1, the only address the
// API and the admin trust as a proxy. What it proves: the API sees the browser's address through the
// proxy (its ban record names it), the per-client rate-limit windows key on it, nginx replaces a
// browser's own X-Forwarded-For, an untrusted peer's X-Forwarded-For is ignored, and the admin signs in
// over TLS with a Secure cookie while the API records the browser's address for the session.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startAdminStack, type AdminStack } from '../../admin/test/helpers/stack.js';
import { dbQuery } from '../helpers/actors.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { ADMIN_HOST, API_HOST, proxiedRequest, startNginx, type ProxiedResponse, type RunningNginx } from '../helpers/nginx.js';
import { within } from '../helpers/wait.js';

const TRUST_LOOPBACK_PROXY = { TrustedProxy__ForwardedHeadersEnabled: 'true', TrustedProxy__TrustedProxies__0: '127.0.0.1' };

describe('nginx in front of the API and the admin (docs/deploy/nginx.conf)', function () {
  this.timeout(60_000);

  describe('the shipped configuration', () => {
    // Both upstreams are one server that answers with the request it got: exactly what nginx forwards.
    let upstream: http.Server;
    let nginx: RunningNginx;
    before(async () => {
      upstream = http.createServer((req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ url: req.url, headers: req.headers, peer: req.socket.remoteAddress }));
      });
      await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
      const port = (upstream.address() as AddressInfo).port;
      nginx = await startNginx({ apiPort: port, adminPort: port });
    });
    after(async () => {
      await nginx?.close();
      upstream?.closeAllConnections();
      await new Promise((r) => upstream?.close(r));
    });

    it('passes nginx -t with the test ports and certificate', () => {
      const { status, output } = nginx.test();
      expect(status, output).to.equal(0);
      expect(output).to.include('syntax is ok').and.to.include('test is successful');
      expect(nginx.site).to.include('ssl_reject_handshake on').and.not.to.include('example.org');
    });

    it('terminates TLS for both hosts and forwards the browser address (replacing its own X-Forwarded-For) and https', async () => {
      for (const host of [API_HOST, ADMIN_HOST]) {
        const res = await proxiedRequest({ port: nginx.httpsPort, host, path: '/some/path?q=1', ca: nginx.ca, localAddress: '127.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7' } });
        expect(res.status).to.equal(200);
        const seen = JSON.parse(res.text);
        expect(seen.url).to.equal('/some/path?q=1');
        expect(seen.peer).to.match(/^(::ffff:)?127\.0\.0\.1$/);
        expect(seen.headers['x-forwarded-for']).to.equal('127.0.0.2');
        expect(seen.headers['x-forwarded-proto']).to.equal('https');
        expect(seen.headers['x-forwarded-host']).to.equal(host);
        expect(seen.headers.host).to.equal(host);
      }
    });

    it('redirects plain http to https and refuses TLS for a name it does not serve', async () => {
      const res = await proxiedRequest({ port: nginx.httpPort, host: API_HOST, path: '/health/live', tls: false });
      expect(res.status).to.equal(301);
      expect(res.headers.location).to.equal(`https://${API_HOST}/health/live`);
      let refused: unknown;
      try {
        await proxiedRequest({ port: nginx.httpsPort, host: 'other.verso.test', path: '/', ca: nginx.ca });
      } catch (err) {
        refused = err;
      }
      expect(String(refused)).to.match(/alert|handshake|unrecognized name/i);
    });
  });

  describe('the API behind it', () => {
    // One anonymous request a minute per client, and the second refusal bans the client (for a day):
    // so few requests decide every window and ban here that a test does not depend on the clock; one
    // that crosses a minute boundary just sends more until it is refused or banned.
    let api: TestApi;
    let nginx: RunningNginx;
    let superadmin: string;
    before(async () => {
      api = await startTestApi({
        env: { ...TRUST_LOOPBACK_PROXY, RateLimit__PerIp__PermitPerMinute: '1', IpBan__RejectionThreshold: '1', Seed__Admin__Password: 'Proxy-Test-Password-1' },
      });
      const login = await api.post('/api/v1/auth/login', { email: 'admin@localhost', password: 'Proxy-Test-Password-1' });
      expect(login.status, login.text).to.equal(200);
      superadmin = login.body.token;
      nginx = await startNginx({ apiPort: Number(new URL(api.url).port), adminPort: Number(new URL(api.url).port) });
    });
    after(async () => {
      await nginx?.close();
      await api?.close();
    });

    const viaProxy = (browser: string, headers: Record<string, string> = {}) =>
      proxiedRequest({ port: nginx.httpsPort, host: API_HOST, path: '/api/v1/workspaces', ca: nginx.ca, localAddress: browser, headers });
    const direct = (peer: string, headers: Record<string, string> = {}) =>
      proxiedRequest({ port: Number(new URL(api.url).port), host: '127.0.0.1', path: '/api/v1/workspaces', localAddress: peer, headers, tls: false });

    /** Anonymous requests until the client's window refuses one (429): at most a minute boundary in between. */
    async function untilRefused(send: () => Promise<ProxiedResponse>): Promise<ProxiedResponse> {
      for (let i = 0; i < 5; i++) {
        const res = await send();
        if (res.status === 429) return res;
        expect(res.status, res.text).to.equal(401);
      }
      throw new Error('never refused');
    }

    /** Anonymous requests until the client is banned (a bare 403): its second refusal bans it. */
    async function untilBanned(send: () => Promise<ProxiedResponse>): Promise<number> {
      let refusals = 0;
      for (let i = 0; i < 10; i++) {
        const res = await send();
        if (res.status === 403) {
          expect(res.text).to.equal('');
          return refusals;
        }
        if (res.status === 429) refusals += 1;
        else expect(res.status, res.text).to.equal(401);
      }
      throw new Error('never banned');
    }

    async function bansOf(address: string): Promise<string[]> {
      const res = await api.get(`/api/v1/security/ip-bans?ipAddress=${encodeURIComponent(address)}`, { token: superadmin });
      expect(res.status, res.text).to.equal(200);
      return res.body.items.map((b: { ipAddress: string }) => b.ipAddress);
    }

    it("bans the browser's address, not the proxy's: the API sees the client through the trusted proxy", async () => {
      // IpBan__RejectionThreshold=1: the second 429 bans; then a bare 403.
      expect(await untilBanned(() => viaProxy('127.0.0.2'))).to.equal(2);
      // The ban's record is written on the side: wait for it.
      await within(10_000, async () => (await bansOf('127.0.0.2')).length === 1);
      expect(await bansOf('127.0.0.2')).to.deep.equal(['127.0.0.2']);
      expect(await bansOf('127.0.0.1')).to.deep.equal([]);
    });

    it('keeps a separate rate-limit window for each forwarded address', async () => {
      await untilRefused(() => viaProxy('127.0.0.4'));
      // Another browser behind the same proxy: its own window, its first request is let through.
      const other = await viaProxy('127.0.0.5');
      expect(other.status, other.text).to.equal(401);
      expect(other.headers.ratelimit).to.match(/^"ip";r=0;t=\d+$/);
    });

    it("replaces a browser's own X-Forwarded-For: claiming a banned address neither helps nor hurts", async () => {
      await within(10_000, async () => (await bansOf('127.0.0.2')).length === 1);
      const res = await viaProxy('127.0.0.6', { 'x-forwarded-for': '127.0.0.2' });
      expect(res.status, res.text).to.equal(401);
    });

    it("ignores X-Forwarded-For from a peer that is not a trusted proxy (direct to the API)", async () => {
      await within(10_000, async () => (await bansOf('127.0.0.2')).length === 1);
      // Claiming the banned browser's address does not get this peer banned…
      const first = await direct('127.0.0.3', { 'x-forwarded-for': '127.0.0.2' });
      expect(first.status, first.text).to.equal(401);
      // …and its refusals ban the peer itself, never the address it claims.
      expect(await untilBanned(() => direct('127.0.0.3', { 'x-forwarded-for': '198.51.100.7' }))).to.equal(2);
      await within(10_000, async () => (await bansOf('127.0.0.3')).length === 1);
      expect(await bansOf('198.51.100.7')).to.deep.equal([]);
    });
  });

  describe('the admin behind it (NODE_ENV=production)', () => {
    let stack: AdminStack;
    let nginx: RunningNginx;
    before(async () => {
      stack = await startAdminStack({
        apiEnv: TRUST_LOOPBACK_PROXY,
        adminEnv: { NODE_ENV: 'production', Admin__TrustedProxies__0: '127.0.0.1' },
      });
      nginx = await startNginx({ apiPort: Number(new URL(stack.apiUrl).port), adminPort: Number(new URL(stack.adminUrl).port) });
    });
    after(async () => {
      await nginx?.close();
      await stack?.close();
    });

    it("signs in over TLS with a Secure cookie, and the API records the browser's address for the session", async () => {
      const browser = '127.0.0.7';
      const admin = (path: string, o: { method?: string; cookie?: string; body?: string } = {}) =>
        proxiedRequest({
          port: nginx.httpsPort,
          host: ADMIN_HOST,
          path,
          method: o.method,
          ca: nginx.ca,
          localAddress: browser,
          body: o.body,
          headers: { ...(o.cookie ? { cookie: o.cookie } : {}), ...(o.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        });
      const cookiesOf = (res: ProxiedResponse) => (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ');

      const form = await admin('/login');
      expect(form.status).to.equal(200);
      expect(form.headers['strict-transport-security']).to.equal('max-age=31536000');
      const csrf = /name="_csrf" value="([^"]+)"/.exec(form.text)?.[1];
      expect(csrf, 'a _csrf input on the sign-in form').to.be.a('string');
      const signedIn = await admin('/admin-auth/login', {
        method: 'POST',
        cookie: cookiesOf(form),
        body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, _csrf: csrf! }).toString(),
      });
      expect(signedIn.status, signedIn.text.slice(0, 300)).to.equal(303);
      const auth = (signedIn.headers['set-cookie'] ?? []).find((c) => c.startsWith('verso.admin.auth='));
      expect(auth, 'the session cookie').to.be.a('string');
      const attributes = auth!.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).to.include('secure').and.to.include('httponly');

      // The cookie works over the same TLS connection path: Home, not the sign-in page.
      const home = await admin('/', { cookie: cookiesOf(signedIn) });
      expect(home.status, home.headers.location).to.equal(200);

      // browser → nginx (trusted by the admin) → admin → API (trusting the admin on 127.0.0.1).
      const sessions = await dbQuery(stack.api, "SELECT s.ip_address AS ip FROM user_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT 1", [ADMIN_EMAIL]);
      expect(sessions.map((s) => s.ip)).to.deep.equal([browser]);
    });
  });
});
