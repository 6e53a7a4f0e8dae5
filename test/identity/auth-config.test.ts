import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/src/config.js';

const load = (env: Record<string, string>) => loadConfig(env, { version: 't' });

describe('identity settings', () => {
  it('have upstream\'s defaults', () => {
    const c = load({});
    expect(c.auth).to.deep.equal({
      sessionSlidingExpiryMs: 480 * 60_000,
      sessionAbsoluteExpiryMs: 8 * 3_600_000,
      sessionTouchIntervalMs: 300_000,
      apiClientTouchIntervalMs: 300_000,
      credentialCacheMs: 30_000,
      oidc: { enabled: false, authority: null, audience: 'verso', roleClaim: 'verso_role', workspaceClaim: 'verso_workspace', requireHttpsMetadata: false },
      // Not upstream's: issue #23 added per-account sign-in throttling and a minimum length (and a common-password list) for new passwords.
      lockout: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000, accountSlowdownAfter: 20, maxDelayMs: 10_000 },
      password: { minLength: 12, minimumScore: 3 },
    });
    expect(c.seed).to.deep.equal({
      defaultWorkspace: { name: 'Default', slug: 'default' },
      admin: { email: 'admin@localhost', displayName: 'Administrator', password: null, passwordHash: null },
    });
    expect(load({ NODE_ENV: 'production' }).auth.oidc.requireHttpsMetadata).to.equal(true);
  });

  it('reject out-of-range touch intervals, a bad seed slug or email, and a hash that is not argon2id', () => {
    for (const [name, value] of [
      ['Auth__SessionTouchIntervalSeconds', '0'],
      ['Auth__ApiClientTouchIntervalSeconds', '3601'],
      ['Auth__SessionSlidingExpiryMinutes', '-1'],
      ['Auth__CredentialCacheSeconds', '-1'],
      ['Auth__CredentialCacheSeconds', '301'],
      ['Auth__CredentialCacheSeconds', 'soon'],
      ['Seed__DefaultWorkspace__Slug', 'Not A Slug'],
      ['Seed__Admin__Email', 'no-at-sign'],
      ['Seed__Admin__PasswordHash', '$2b$12$bcrypt-is-not-accepted'],
    ] as const) {
      expect(() => load({ [name]: value }), name).to.throw(ConfigError, name);
    }
  });

  it('read claim names, audience and authority when OIDC is on', () => {
    const c = load({
      Auth__Oidc__Enabled: 'true',
      Auth__Oidc__Authority: 'https://idp.example/realms/verso',
      Auth__Oidc__Audience: 'cms',
      Auth__Oidc__ClaimsMapping__Role: 'roles',
      Auth__Oidc__ClaimsMapping__WorkspaceId: 'ws',
    });
    expect(c.auth.oidc).to.include({ enabled: true, authority: 'https://idp.example/realms/verso', audience: 'cms', roleClaim: 'roles', workspaceClaim: 'ws' });
  });
});
