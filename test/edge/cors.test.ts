// CORS (issue #17): exact origins from Cors__AllowedOrigins__N, preflights answered for the
// contract's methods and header parameters without authentication, the exposed headers, no
// wildcard, nothing at all for an unlisted origin. Preflights are not in the contract (no operation
// is OPTIONS), so they are sent raw and asserted exactly; actual requests go through the contract check.
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/src/config.js';
import { EXPOSED_HEADERS, PREFLIGHT_MAX_AGE_SECONDS } from '../../server/src/http/cors.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor } from '../helpers/actors.js';

const ALLOWED = 'https://site.example.com';
const ALSO_ALLOWED = 'http://localhost:3000';
const UNLISTED = 'https://evil.example.net';

const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'access-control-max-age',
];

function corsHeadersOf(headers: Headers): Record<string, string> {
  return Object.fromEntries(CORS_HEADERS.flatMap((h) => (headers.get(h) === null ? [] : [[h, headers.get(h)!]])));
}

describe('CORS', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({
      // Index order, a duplicate in another spelling (upper-case host, default port) and a gap in the numbering.
      env: { Cors__AllowedOrigins__0: ALLOWED, Cors__AllowedOrigins__1: 'HTTPS://SITE.example.com:443', Cors__AllowedOrigins__5: `${ALSO_ALLOWED}/` },
    });
  });
  after(() => api.close());

  const preflight = (path: string, origin: string, method: string, requestHeaders?: string) =>
    fetch(api.url + path, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, ...(requestHeaders ? { 'access-control-request-headers': requestHeaders } : {}) },
    });

  it('normalises and de-duplicates the configured origins', () => {
    expect(api.config.cors.allowedOrigins).to.deep.equal([ALLOWED, ALSO_ALLOWED]);
  });

  it('answers an allowed preflight for the contract’s methods and headers, without credentials', async () => {
    const res = await preflight('/api/v1/workspaces/00000000-0000-4000-8000-000000000000/content/00000000-0000-4000-8000-000000000001', ALLOWED, 'PUT', 'authorization, content-type, if-match, x-correlation-id');
    expect(res.status).to.equal(204);
    expect(await res.text()).to.equal('');
    expect(res.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
    const methods = res.headers.get('access-control-allow-methods')!.split(', ');
    expect(methods).to.include.members(['GET', 'POST', 'PUT', 'DELETE']);
    expect(methods).not.to.include('TRACE');
    expect(res.headers.get('access-control-allow-headers')).to.equal('authorization, content-type, if-match, x-correlation-id');
    expect(res.headers.get('access-control-max-age')).to.equal(String(PREFLIGHT_MAX_AGE_SECONDS));
    expect(res.headers.get('access-control-allow-credentials')).to.equal(null);
    expect(res.headers.get('vary')).to.match(/\bOrigin\b/);
    // Exempt from authentication: no token was sent and nothing answered 401.
    expect(res.headers.get('www-authenticate')).to.equal(null);
  });

  it('allows the contract’s own header parameters (If-None-Match, Range on the media download)', async () => {
    const res = await preflight('/api/v1/workspaces/x/media/y/file', ALSO_ALLOWED, 'GET', 'If-None-Match,Range,Authorization');
    expect(res.status).to.equal(204);
    expect(res.headers.get('access-control-allow-origin')).to.equal(ALSO_ALLOWED);
  });

  it('refuses a preflight from an unlisted origin: the same empty 204 without a single CORS header', async () => {
    for (const origin of [UNLISTED, 'https://site.example.com.evil.net', 'http://site.example.com', 'null']) {
      const res = await preflight('/api/v1/auth/me', origin, 'GET', 'authorization');
      expect(res.status, origin).to.equal(204);
      expect(corsHeadersOf(res.headers), origin).to.deep.equal({});
    }
  });

  it('refuses a preflight for a method or header the contract does not have', async () => {
    const method = await preflight('/api/v1/auth/me', ALLOWED, 'TRACE');
    expect(corsHeadersOf(method.headers)).to.deep.equal({});
    const header = await preflight('/api/v1/auth/me', ALLOWED, 'GET', 'authorization, x-something-else');
    expect(corsHeadersOf(header.headers)).to.deep.equal({});
  });

  it('marks an actual request from an allowed origin readable, with the exposed headers', async () => {
    const { token } = await createActor(api, { role: 'Reader' });
    const res = await api.get('/api/v1/auth/me', { token, headers: { origin: ALLOWED } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
    expect(res.headers.get('access-control-expose-headers')!.split(', ')).to.have.members(EXPOSED_HEADERS);
    expect(EXPOSED_HEADERS).to.include.members(['ETag', 'X-Correlation-Id', 'X-Session-Expires-At', 'Retry-After', 'Location', 'RateLimit', 'RateLimit-Policy']);
    expect(res.headers.get('access-control-allow-credentials')).to.equal(null);
    expect(res.headers.get('vary')).to.match(/\bOrigin\b/);
  });

  it('keeps an error answer readable too (a 401 from an allowed origin carries the CORS headers)', async () => {
    const res = await api.get('/api/v1/auth/me', { headers: { origin: ALLOWED } });
    expect(res.status).to.equal(401);
    expect(res.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
  });

  it('gives an unlisted origin no CORS headers on an actual request (and never a wildcard)', async () => {
    const res = await api.get('/health/live', { headers: { origin: UNLISTED } });
    expect(res.status).to.equal(200);
    expect(corsHeadersOf(res.headers)).to.deep.equal({});
    const none = await api.get('/health/live');
    expect(corsHeadersOf(none.headers)).to.deep.equal({});
  });

  it('leaves a plain OPTIONS (no preflight headers) to routing: 405 with Allow', async () => {
    const res = await api.request('OPTIONS', '/api/v1/auth/me', { unchecked: true });
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.match(/GET/);
  });

  it('with no origins configured, no origin is allowed', async () => {
    const plain = await startTestApi();
    try {
      const res = await fetch(plain.url + '/api/v1/auth/me', { method: 'OPTIONS', headers: { origin: ALLOWED, 'access-control-request-method': 'GET' } });
      expect(res.status).to.equal(204);
      expect(corsHeadersOf(res.headers)).to.deep.equal({});
      expect(res.headers.get('vary')).to.equal(null);
    } finally {
      await plain.close();
    }
  });

  it('keeps a 429 readable from an allowed origin, and preflights never count against the limit', async () => {
    // Two permits a minute per anonymous IP; bans out of reach so this test does not ban 127.0.0.1.
    const limited = await startTestApi({ env: { Cors__AllowedOrigins__0: ALLOWED, RateLimit__PerIp__PermitPerMinute: '2', IpBan__RejectionThreshold: '1000' } });
    try {
      for (let i = 0; i < 2; i++) expect((await limited.get('/api/v1/auth/me', { headers: { origin: ALLOWED } })).status).to.equal(401);
      for (let i = 0; i < 5; i++) {
        const res = await fetch(limited.url + '/api/v1/auth/me', { method: 'OPTIONS', headers: { origin: ALLOWED, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
        expect(res.status).to.equal(204);
        expect(res.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
      }
      const rejected = await limited.get('/api/v1/auth/me', { headers: { origin: ALLOWED } });
      expect(rejected.status).to.equal(429);
      expect(rejected.headers.get('access-control-allow-origin')).to.equal(ALLOWED);
      const exposed = rejected.headers.get('access-control-expose-headers')!.split(', ');
      for (const h of ['Retry-After', 'RateLimit', 'RateLimit-Policy']) {
        expect(exposed).to.include(h);
        expect(rejected.headers.get(h), h).not.to.equal(null);
      }
    } finally {
      await limited.close();
    }
  });

  it('refuses wildcards, paths and non-http origins at start-up, naming the setting', () => {
    for (const bad of ['*', 'https://*.example.com', 'https://site.example.com/app', 'ftp://site.example.com', 'site.example.com', 'https://site.example.com/?x=1']) {
      expect(() => loadConfig({ Cors__AllowedOrigins__0: bad }, { version: 't' }), bad)
        .to.throw(ConfigError)
        .with.property('setting', 'Cors__AllowedOrigins__0');
    }
  });
});
