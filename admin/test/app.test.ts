import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadOrCreateCookieKey } from '../src/auth/cookie-key.js';
import { loadAdminConfig } from '../src/config.js';
import { temporaryPassword } from '../src/pages/screen-forms.js';
import { DEFAULT_PASSWORD_MINIMUM_SCORE, passwordViolations } from '../../server/src/services/identity/password-rules.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';
import { HttpSession } from './helpers/http.js';

describe('admin app: configuration and the shell over plain HTTP', () => {
  it('reads its settings from the environment and stops on bad values, naming the setting', () => {
    const c = loadAdminConfig({}, { cwd: '/srv/verso' });
    expect(c).to.deep.include({ port: 5001, host: '127.0.0.1', apiBaseUrl: 'http://127.0.0.1:5000', environment: 'development', dataDirectory: '/srv/verso/.data' });
    expect(c.auth).to.deep.equal({ cookieKeyFile: '/srv/verso/.data/admin-cookie.key', slidingWindowMinutes: 60, maxLifetimeHours: 8, secureCookie: false });
    expect(c.homeCountsCacheSeconds).to.equal(10);
    expect(loadAdminConfig({ Admin__Home__CountsCacheSeconds: '0' }).homeCountsCacheSeconds).to.equal(0);
    expect(() => loadAdminConfig({ Admin__Home__CountsCacheSeconds: '301' })).to.throw(/Admin__Home__CountsCacheSeconds must be between 0 and 300/);
    expect(loadAdminConfig({ Api__Port: '6000' }).apiBaseUrl).to.equal('http://127.0.0.1:6000');
    expect(loadAdminConfig({ Admin__ApiBaseUrl: 'https://api.example.test/' }).apiBaseUrl).to.equal('https://api.example.test');
    expect(loadAdminConfig({ NODE_ENV: 'production' }).auth.secureCookie).to.equal(true);
    expect(loadAdminConfig({ Admin__Host: '0.0.0.0' }).auth.secureCookie).to.equal(true);
    expect(loadAdminConfig({ Admin__Auth__CookieKeyFile: 'keys/a.key' }, { cwd: '/x' }).auth.cookieKeyFile).to.equal('/x/keys/a.key');
    expect(() => loadAdminConfig({ Admin__Port: 'x' })).to.throw(/Admin__Port must be a port number/);
    expect(() => loadAdminConfig({ Admin__ApiBaseUrl: 'not a url' })).to.throw(/Admin__ApiBaseUrl must be a URL/);
    expect(() => loadAdminConfig({ Admin__Auth__Session__SlidingWindowMinutes: '0' })).to.throw(/Admin__Auth__Session__SlidingWindowMinutes must be between/);
    expect(() => loadAdminConfig({ Admin__Auth__Session__MaxLifetimeHours: 'eight' })).to.throw(/Admin__Auth__Session__MaxLifetimeHours must be an integer/);
    expect(() => loadAdminConfig({ Admin__Auth__SecureCookie: 'maybe' })).to.throw(/Admin__Auth__SecureCookie/);
    expect(() => loadAdminConfig({ NODE_ENV: 'production', Admin__Auth__SecureCookie: 'false' })).to.throw(/Admin__Auth__SecureCookie cannot be false in production/);
    expect(() => loadAdminConfig({ NODE_ENV: 'staging' })).to.throw(/NODE_ENV/);
  });

  it('reads Auth__Password__MinLength like the API, and makes temporary passwords the API accepts', () => {
    expect(loadAdminConfig({}).passwordMinLength).to.equal(12);
    expect(loadAdminConfig({ Auth__Password__MinLength: '40' }).passwordMinLength).to.equal(40);
    for (const bad of ['7', '129', 'x']) expect(() => loadAdminConfig({ Auth__Password__MinLength: bad }), bad).to.throw(/Auth__Password__MinLength/);
    for (const minLength of [8, 12, 23, 24, 40, 128]) {
      const password = temporaryPassword(minLength);
      expect(password, String(minLength)).to.match(/^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5})+$/);
      expect(password.replaceAll('-', '').length).to.be.at.least(Math.max(20, minLength));
      expect(passwordViolations(password, { minLength, minimumScore: DEFAULT_PASSWORD_MINIMUM_SCORE }), password).to.deep.equal([]);
    }
  });

  it('creates the cookie key file (mode 0600, directories included) and refuses a path it cannot create', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-key-'));
    try {
      const file = path.join(dir, 'nested/deeper/admin-cookie.key');
      const key = loadOrCreateCookieKey(file);
      expect(key.length).to.equal(32);
      expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
      expect(Buffer.from(loadOrCreateCookieKey(file)).equals(Buffer.from(key))).to.equal(true);
      fs.writeFileSync(path.join(dir, 'short.key'), 'c2hvcnQ\n');
      expect(() => loadOrCreateCookieKey(path.join(dir, 'short.key'))).to.throw(/Admin__Auth__CookieKeyFile must hold 32 bytes/);
      fs.writeFileSync(path.join(dir, 'a-file'), 'x');
      expect(() => loadOrCreateCookieKey(path.join(dir, 'a-file/admin-cookie.key'))).to.throw(/Admin__Auth__CookieKeyFile points to a missing file that cannot be created/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('against the real API', () => {
    let stack: AdminStack;
    before(async () => {
      stack = await startAdminStack();
    });
    after(() => stack?.close());

    it('serves the login page with safe headers and no session', async () => {
      const res = await fetch(stack.adminUrl + '/login');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-security-policy')).to.include("default-src 'self'").and.include("script-src 'self'");
      expect(res.headers.get('x-powered-by')).to.equal(null);
      expect(res.headers.get('x-frame-options')).to.equal('DENY');
      const html = await res.text();
      expect(html).to.include('<label for="email">Email</label>');
      expect(html).to.match(/name="_csrf" value="[A-Za-z0-9_-]{20,}"/);
    });

    it('sends HSTS in production only (pages, assets, redirects and errors alike), as the API does', async () => {
      for (const url of ['/login', '/assets/admin.css', '/healthz', '/account']) {
        const res = await fetch(stack.adminUrl + url, { redirect: 'manual' });
        expect(res.headers.get('strict-transport-security'), url).to.equal(null);
      }
      const production = await stack.startAdmin({ env: { NODE_ENV: 'production' } });
      try {
        for (const url of ['/login', '/assets/admin.css', '/assets/nope.css', '/healthz', '/account', '/admin-auth/session-expired']) {
          const res = await fetch(production.url + url, { redirect: 'manual' });
          expect(res.headers.get('strict-transport-security'), url).to.equal('max-age=31536000');
        }
      } finally {
        await production.close();
      }
    });

    it('sends a signed-out visitor to /login with the page as returnUrl', async () => {
      const res = await fetch(stack.adminUrl + '/account?x=1', { redirect: 'manual' });
      expect(res.status).to.equal(303);
      expect(res.headers.get('location')).to.equal('/login?returnUrl=%2Faccount%3Fx%3D1');
    });

    it('signs in, shows Home with the seeded workspace, and serves static assets', async () => {
      const http = new HttpSession(stack.adminUrl);
      await http.signIn(stack.adminEmail, stack.adminPassword);
      const home = await http.get('/');
      expect(home.status).to.equal(200);
      expect(home.text).to.include('Default').and.include('data-nav="users"');
      const css = await fetch(stack.adminUrl + '/assets/admin.css');
      expect(css.status).to.equal(200);
      expect(css.headers.get('content-type')).to.match(/text\/css/);
      const missing = await fetch(stack.adminUrl + '/assets/nope.css');
      expect(missing.status).to.equal(404);
    });

    it('answers unknown pages with a 404 page inside the shell', async () => {
      const http = new HttpSession(stack.adminUrl);
      await http.signIn(stack.adminEmail, stack.adminPassword);
      const res = await http.get('/no-such-page');
      expect(res.status).to.equal(404);
      expect(res.text).to.include('Page not found');
    });
  });
});
