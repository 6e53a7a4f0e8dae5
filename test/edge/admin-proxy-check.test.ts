// Issue #23, finding 8: production start-up warns when the admin's address is not a trusted proxy
// (its sign-ins would all count as one client address).
import { expect } from 'chai';
import crypto from 'node:crypto';
import { loadConfig } from '../../server/src/config.js';
import { adminProxyWarning } from '../../server/src/http/edge/admin-proxy-check.js';
import { startTestApi } from '../helpers/api.js';

const production = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', ...env }, { version: 't' });

describe('edge: the admin behind an untrusted address', () => {
  it('warns in production when the admin calls from loopback and loopback is not trusted', () => {
    expect(adminProxyWarning(production({}))).to.match(/admin app calls this API from 127\.0\.0\.1.*TrustedProxy__TrustedProxies__N/);
    expect(adminProxyWarning(production({ Admin__ApiBaseUrl: 'http://[::1]:5000' }))).to.match(/from ::1 /);
    expect(adminProxyWarning(production({ Admin__ApiBaseUrl: 'http://localhost:5000', TrustedProxy__TrustedProxies__0: '127.0.0.1' }))).to.match(/from ::1 /);
    expect(adminProxyWarning(production({ TrustedProxy__TrustedProxies__0: '10.0.0.5' }))).to.match(/from 127\.0\.0\.1/);
  });

  it('is quiet when the admin’s loopback address is trusted, outside production, or when a proxy is configured for a remote admin', () => {
    expect(adminProxyWarning(production({ TrustedProxy__TrustedProxies__0: '127.0.0.1' }))).to.equal(null);
    expect(adminProxyWarning(production({ TrustedProxy__TrustedNetworks__0: '127.0.0.0/8' }))).to.equal(null);
    expect(adminProxyWarning(production({ Admin__ApiBaseUrl: 'http://localhost:5000', TrustedProxy__TrustedProxies__0: '127.0.0.1', TrustedProxy__TrustedProxies__1: '::1' }))).to.equal(null);
    expect(adminProxyWarning(production({ Admin__ApiBaseUrl: 'https://api.internal.example', TrustedProxy__TrustedNetworks__0: '10.0.0.0/8' }))).to.equal(null);
    expect(adminProxyWarning(loadConfig({ NODE_ENV: 'development' }, { version: 't' }))).to.equal(null);
  });

  it('warns in production when the admin is elsewhere and no trusted proxy is configured at all', () => {
    expect(adminProxyWarning(production({ Admin__ApiBaseUrl: 'https://api.internal.example' }))).to.match(/no trusted proxy is configured/);
  });

  it('says it once at start-up, in the log', async () => {
    const key = crypto.randomBytes(32).toString('base64');
    const api = await startTestApi({
      env: { NODE_ENV: 'production', Secrets__ActiveKeyId: 'k1', Secrets__EncryptionKeys__k1: key, Seed__Admin__Password: 'a long Seed-Password 42', Workers__Enabled: 'false' },
    });
    try {
      const lines = api.log.lines.filter((l) => l.event === 'admin_proxy_untrusted');
      expect(lines).to.have.length(1);
      expect(lines[0]).to.include({ level: 'warn' });
      expect(lines[0]!.message).to.match(/admin app calls this API from 127\.0\.0\.1/);
    } finally {
      await api.close();
    }
  });
});
