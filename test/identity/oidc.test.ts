import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createWorkspace } from '../helpers/actors.js';
import { freePort } from '../helpers/database.js';

/** A minimal OIDC issuer on 127.0.0.1: discovery document and JWKS, with its own signing key. */
async function startIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let jwksStatus = 200;
  const server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.url === '/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: base, jwks_uri: `${base}/jwks` }));
    } else if (req.url === '/jwks') {
      res.writeHead(jwksStatus, { 'content-type': 'application/json' }).end(jwksStatus === 200 ? JSON.stringify({ keys: [jwk] }) : '{}');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    setJwksStatus: (s: number) => (jwksStatus = s),
    sign: (claims: Record<string, unknown>, o: { audience?: string; issuer?: string; expiresIn?: string; key?: CryptoKey } = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setSubject('ext-user-1')
        .setIssuer(o.issuer ?? url)
        .setAudience(o.audience ?? 'verso')
        .setIssuedAt()
        .setExpirationTime(o.expiresIn ?? '5m')
        .sign(o.key ?? privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('OIDC/JWT bearer tokens', () => {
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let api: TestApi;
  let ws: { id: string };
  before(async () => {
    issuer = await startIssuer();
    api = await startTestApi({ env: { Auth__Oidc__Enabled: 'true', Auth__Oidc__Authority: issuer.url } });
    ws = await createWorkspace(api);
  });
  after(async () => {
    await api.close();
    await issuer.close();
  });

  it('maps the role and workspace claims onto an external actor', async () => {
    const token = await issuer.sign({ verso_role: 'Editor', verso_workspace: ws.id, email: 'ext@example.test', name: 'Ext User' });
    const res = await api.get('/api/v1/auth/me', { token });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ kind: 'External', id: 'ext-user-1', email: 'ext@example.test', displayName: 'Ext User', role: 'Editor', isSuperAdmin: false, workspaceId: ws.id });
    expect(res.headers.get('x-session-expires-at')).to.equal(null);
  });

  it('a missing or unknown role claim gives Reader', async () => {
    for (const claims of [{}, { verso_role: 'Overlord' }, { verso_role: 7 }]) {
      const res = await api.get('/api/v1/auth/me', { token: await issuer.sign(claims) });
      expect(res.status).to.equal(200);
      expect(res.body.role).to.equal('Reader');
    }
  });

  it('a scoped token reaches its workspace only; a malformed workspace claim reaches none', async () => {
    const other = await createWorkspace(api);
    const scoped = await issuer.sign({ verso_role: 'Reader', verso_workspace: ws.id });
    expect((await api.get(`/api/v1/workspaces/${ws.id}`, { token: scoped })).status).to.equal(200);
    expect((await api.get(`/api/v1/workspaces/${other.id}`, { token: scoped })).status).to.equal(404);
    const malformed = await issuer.sign({ verso_role: 'Reader', verso_workspace: 'not-a-uuid' });
    expect((await api.get(`/api/v1/workspaces/${ws.id}`, { token: malformed })).status).to.equal(404);
  });

  it('rejects a wrong audience, a wrong issuer, an expired token and a foreign signature with 401', async () => {
    const { privateKey: foreign } = await generateKeyPair('RS256');
    const bad = [
      await issuer.sign({}, { audience: 'someone-else' }),
      await issuer.sign({}, { issuer: 'https://evil.example' }),
      await issuer.sign({}, { expiresIn: '-1m' }),
      await issuer.sign({}, { key: foreign }),
    ];
    for (const token of bad) {
      const res = await api.get('/api/v1/auth/me', { token });
      expect(res.status).to.equal(401);
    }
    const line = api.log.lines.filter((l) => l.event === 'unauthorized').at(-1)!;
    expect(line.bearerKind).to.equal('jwt');
    expect(api.log.text()).to.not.include(bad[0]!);
  });

  it('when the JWKS cannot be fetched, JWTs are 401 (never 500)', async () => {
    const { privateKey: rotated } = await generateKeyPair('RS256');
    issuer.setJwksStatus(500);
    try {
      // An unknown kid forces a JWKS refetch, which fails.
      const token = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'new-key' }).setSubject('x').setIssuer(issuer.url).setAudience('verso').setExpirationTime('5m').sign(rotated);
      expect((await api.get('/api/v1/auth/me', { token })).status).to.equal(401);
    } finally {
      issuer.setJwksStatus(200);
    }
  });
});

describe('OIDC with an unreachable authority', () => {
  it('starts, answers JWTs with 401 and logs the discovery failure', async () => {
    const port = await freePort();
    const api = await startTestApi({ env: { Auth__Oidc__Enabled: 'true', Auth__Oidc__Authority: `http://127.0.0.1:${port}` } });
    try {
      const issuer = await startIssuer();
      const token = await issuer.sign({ verso_role: 'Admin' });
      await issuer.close();
      const res = await api.get('/api/v1/auth/me', { token });
      expect(res.status).to.equal(401);
      expect(api.log.find((l) => l.event === 'oidc_discovery_failed')).to.not.equal(undefined);
      expect((await api.get('/health/live')).status).to.equal(200);
    } finally {
      await api.close();
    }
  });
});

describe('OIDC disabled (default)', () => {
  it('does not accept JWTs', async () => {
    const issuer = await startIssuer();
    const api = await startTestApi();
    try {
      const res = await api.get('/api/v1/auth/me', { token: await issuer.sign({ verso_role: 'Admin' }) });
      expect(res.status).to.equal(401);
    } finally {
      await api.close();
      await issuer.close();
    }
  });

  it('refuses to start enabled without an authority', async () => {
    const { loadConfig } = await import('../../server/src/config.js');
    expect(() => loadConfig({ Auth__Oidc__Enabled: 'true' }, { version: 't' })).to.throw(/Auth__Oidc__Authority/);
    expect(() => loadConfig({ NODE_ENV: 'production', Auth__Oidc__Enabled: 'true', Auth__Oidc__Authority: 'http://idp.example' }, { version: 't' })).to.throw(/Auth__Oidc__Authority/);
  });
});
