// Sign-in, the encrypted session cookie and everything that ends a session, driven through Debian's
// Chromium against the real admin + API + PostgreSQL.
import fs from 'node:fs';
import crypto from 'node:crypto';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { authCookie, openCookie, sessionOf } from './helpers/cookie.js';
import { dbQuery } from '../../test/helpers/actors.js';
import { HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

/** Every URL the page requested for top-level navigations, in order (redirect hops included). */
function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) urls.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  return urls;
}

describe('admin sign-in and session (browser)', function () {
  this.timeout(60_000);
  let stack: AdminStack;
  let browser: Browser;
  const pages: string[] = [];

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** A fresh browser context whose every HTML answer is kept for the token grep. */
  async function fresh(viewport?: { width: number; height: number }) {
    const { context, page } = await newPage(browser, viewport ? { viewport } : {});
    page.on('response', async (res) => {
      if ((res.headers()['content-type'] ?? '').includes('text/html')) pages.push(await res.text().catch(() => ''));
    });
    return { context, page };
  }

  it('signs in with the login form and lands on Home', async () => {
    const { context, page } = await fresh();
    await page.goto(`${stack.adminUrl}/login`);
    await expectAccessible(page, 'login');
    await screenshot(page, 'admin-login');
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    expect(new URL(page.url()).pathname).to.equal('/');
    expect(await page.locator('h1').textContent()).to.include('Welcome');
    await context.close();
  });

  it('sets the cookie HttpOnly, SameSite=Lax, Path=/ (Secure off: plain-http loopback development)', async () => {
    const { context, page } = await fresh();
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    const cookie = (await authCookie(context))!;
    expect(cookie).to.include({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    // Sliding window: the browser keeps it about an hour, not for the whole 8-hour limit.
    const left = cookie.expires - Date.now() / 1000;
    expect(left).to.be.within(59 * 60, 61 * 60);
    expect(await page.evaluate('document.cookie')).to.not.include('verso.admin.auth');
    const session = await sessionOf(context, stack.keyFile);
    expect(session.user).to.include({ email: stack.adminEmail, role: 'Admin', isSuperAdmin: true, mustChangePassword: false });
    expect(session.token).to.be.a('string').with.length.above(20);
    await context.close();
  });

  it('marks the cookie Secure when Admin__Auth__SecureCookie=true (and always in production)', async () => {
    const admin = await stack.startAdmin({ env: { Admin__Auth__SecureCookie: 'true' } });
    const http = new HttpSession(admin.url);
    const res = await http.signIn(stack.adminEmail, stack.adminPassword);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('verso.admin.auth='))!;
    expect(setCookie).to.match(/; HttpOnly/).and.match(/; Secure/).and.match(/; SameSite=Lax/).and.match(/; Path=\//);
  });

  it('keeps a wrong password on the login page with an inline error and logs the rejection without secrets', async () => {
    const { context, page } = await fresh();
    await page.goto(`${stack.adminUrl}/login`);
    await page.getByLabel('Email').fill(stack.adminEmail);
    await page.getByLabel('Password').fill('not-the-Password-9');
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/admin-auth/login')), page.getByRole('button', { name: 'Sign in' }).click()]);
    expect(response.status()).to.equal(401);
    await page.waitForLoadState('load');
    expect(await page.locator('.problem').textContent()).to.include('Email or password is wrong');
    expect(await page.getByLabel('Email').inputValue()).to.equal(stack.adminEmail);
    expect(await authCookie(context)).to.equal(undefined);
    await expectAccessible(page, 'login with error');
    const line = stack.adminLog.find((l) => l.message === 'Sign-in rejected by the API');
    expect(line).to.include({ level: 'warn', status: 401, authorization: 'none' });
    expect(line!.problemType).to.be.a('string').and.match(/unauthenticated|errors/);
    expect(line!.problemTitle).to.be.a('string');
    expect(line!.traceId).to.be.a('string').and.not.equal('');
    expect(line!.correlationId).to.be.a('string').and.not.equal('');
    expect(stack.adminLog.text()).to.not.include('not-the-Password-9');
    await context.close();
  });

  it('sign-out calls the API logout and clears the cookie', async () => {
    const { context, page } = await fresh();
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    const { token } = await sessionOf(context, stack.keyFile);
    await page.locator('details.user-menu summary').click();
    await Promise.all([page.waitForURL('**/login?signedOut=1'), page.getByRole('button', { name: 'Sign out' }).click()]);
    expect(await authCookie(context)).to.equal(undefined);
    expect(await page.locator('.notice').textContent()).to.include('signed out');
    expect((await stack.api.get('/api/v1/auth/me', { token })).status).to.equal(401);
    await page.goto(`${stack.adminUrl}/account`);
    expect(new URL(page.url()).pathname).to.equal('/login');
    await context.close();
  });

  it('sign-out still clears the cookie when the API session is already gone', async () => {
    const { context, page } = await fresh();
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    const { token } = await sessionOf(context, stack.keyFile);
    expect((await stack.api.post('/api/v1/auth/logout', undefined, { token })).status).to.equal(204);
    await page.locator('details.user-menu summary').click();
    await Promise.all([page.waitForURL('**/login?signedOut=1'), page.getByRole('button', { name: 'Sign out' }).click()]);
    expect(await authCookie(context)).to.equal(undefined);
    await context.close();
  });

  it('an API session revoked behind the admin\'s back → exactly one redirect to session-expired, then /login with the page kept', async () => {
    const { context, page } = await fresh();
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    const { token } = await sessionOf(context, stack.keyFile);
    await stack.api.post('/api/v1/auth/logout', undefined, { token });
    const navigations = recordNavigations(page);
    await page.goto(`${stack.adminUrl}/account?from=test`);
    expect(navigations).to.deep.equal(['/account?from=test', '/admin-auth/session-expired?returnUrl=%2Faccount%3Ffrom%3Dtest', '/login?error=session-expired&returnUrl=%2Faccount%3Ffrom%3Dtest']);
    expect(await authCookie(context)).to.equal(undefined);
    expect(await page.locator('.notice').textContent()).to.include('session has ended');
    // Signing in again goes back to the page.
    await page.getByLabel('Email').fill(stack.adminEmail);
    await page.getByLabel('Password').fill(stack.adminPassword);
    await Promise.all([page.waitForURL('**/account?from=test'), page.getByRole('button', { name: 'Sign in' }).click()]);
    expect(stack.adminLog.find((l) => l.message === 'API answered 401 for a signed-in request; the session is over')).to.include({ authorization: 'bearer-opaque', status: 401 });
    await context.close();
  });

  it('the redirect to session-expired after an API 401 is the response that clears the cookie', async () => {
    const http = new HttpSession(stack.adminUrl);
    await http.signIn(stack.adminEmail, stack.adminPassword);
    const { token } = await openCookie(stack.keyFile, http.cookies.get('verso.admin.auth')!);
    await stack.api.post('/api/v1/auth/logout', undefined, { token });
    const res = await http.get('/account');
    expect(res.status).to.equal(303);
    expect(res.location).to.equal('/admin-auth/session-expired?returnUrl=%2Faccount');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('verso.admin.auth='))).to.match(/Max-Age=0/);
    expect(http.cookies.has('verso.admin.auth')).to.equal(false);
  });

  it('a link to session-expired from another site does not sign the user out', async () => {
    const { context, page } = await fresh();
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    const before = await authCookie(context);
    expect(before).to.not.equal(undefined);
    // A page on another origin (a data: URL is an opaque origin) linking to the route, clicked.
    const html = `<a id="go" href="${stack.adminUrl}/admin-auth/session-expired?returnUrl=%2Faccount">win a prize</a>`;
    await page.goto(`data:text/html,${encodeURIComponent(html)}`);
    const navigations = recordNavigations(page);
    await Promise.all([page.waitForURL(`${stack.adminUrl}/account`), page.locator('#go').click()]);
    expect(navigations).to.deep.equal(['/admin-auth/session-expired?returnUrl=%2Faccount', '/login?error=session-expired&returnUrl=%2Faccount', '/account']);
    expect(await authCookie(context)).to.not.equal(undefined);
    expect(await page.locator('h1').textContent()).to.not.match(/sign in/i);
    await context.close();
  });

  it('a form post whose API call answers 401 also redirects once (no loop)', async () => {
    const { context, page } = await fresh();
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    await page.goto(`${stack.adminUrl}/account`);
    const { token } = await sessionOf(context, stack.keyFile);
    await stack.api.post('/api/v1/auth/logout', undefined, { token });
    const navigations = recordNavigations(page);
    await Promise.all([page.waitForURL('**/login?**'), page.getByRole('button', { name: 'Save preferences' }).click()]);
    expect(navigations).to.deep.equal(['/account', '/admin-auth/session-expired?returnUrl=%2Faccount', '/login?error=session-expired&returnUrl=%2Faccount']);
    await context.close();
  });

  it('the sliding window and the hard limit end a session (Admin__Auth__Session__*)', async () => {
    let now = Date.now();
    const admin = await stack.startAdmin({ env: { Admin__Auth__Session__SlidingWindowMinutes: '30', Admin__Auth__Session__MaxLifetimeHours: '2' }, options: { now: () => now } });
    const http = new HttpSession(admin.url);
    await http.signIn(stack.adminEmail, stack.adminPassword);
    // Active every 20 minutes: the window slides, up to the hard limit of 2 hours from sign-in.
    for (let i = 0; i < 5; i++) {
      now += 20 * 60_000;
      expect((await http.get('/account')).status, `after ${(i + 1) * 20} min`).to.equal(200);
    }
    now += 20 * 60_000; // 120 minutes since sign-in
    now += 1000;
    const over = await http.get('/account');
    expect(over.status).to.equal(303);
    expect(over.location).to.equal('/admin-auth/session-expired?returnUrl=%2Faccount');
    // The stale cookie is cleared by this redirect (the session-expired route clears nothing).
    expect(over.headers.getSetCookie().find((c) => c.startsWith('verso.admin.auth='))).to.match(/Max-Age=0/);

    const idle = new HttpSession(admin.url);
    await idle.signIn(stack.adminEmail, stack.adminPassword);
    now += 31 * 60_000;
    expect((await idle.get('/')).location).to.equal('/admin-auth/session-expired');
  });

  it('replacing or losing the cookie key file signs everyone out', async () => {
    const keyFile = `${stack.admin.config.dataDirectory}/rotating.key`;
    const first = await stack.startAdmin({ env: { Admin__Auth__CookieKeyFile: keyFile } });
    expect(fs.statSync(keyFile).mode & 0o777).to.equal(0o600);
    const http = new HttpSession(first.url);
    await http.signIn(stack.adminEmail, stack.adminPassword);
    // The same key (a restart) keeps the session.
    const restarted = await stack.startAdmin({ env: { Admin__Auth__CookieKeyFile: keyFile } });
    const sameKey = new HttpSession(restarted.url);
    for (const [k, v] of http.cookies) sameKey.cookies.set(k, v);
    expect((await sameKey.get('/')).status).to.equal(200);
    // A replaced key: the old cookie no longer opens.
    fs.writeFileSync(keyFile, crypto.randomBytes(32).toString('base64url') + '\n', { mode: 0o600 });
    const replaced = await stack.startAdmin({ env: { Admin__Auth__CookieKeyFile: keyFile } });
    const afterReplace = new HttpSession(replaced.url);
    for (const [k, v] of http.cookies) afterReplace.cookies.set(k, v);
    const refused = await afterReplace.get('/');
    expect(refused.status).to.equal(303);
    expect(refused.location).to.equal('/admin-auth/session-expired');
    // A lost key: a new one is created, and the old cookie does not open either.
    fs.rmSync(keyFile);
    const recreated = await stack.startAdmin({ env: { Admin__Auth__CookieKeyFile: keyFile } });
    expect(fs.existsSync(keyFile)).to.equal(true);
    const afterLoss = new HttpSession(recreated.url);
    for (const [k, v] of http.cookies) afterLoss.cookies.set(k, v);
    expect((await afterLoss.get('/')).location).to.equal('/admin-auth/session-expired');
  });

  it('refuses a form post without the CSRF token, or with another session\'s, with a 403 page and changes nothing', async () => {
    const { context, page } = await fresh();
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    await page.goto(`${stack.adminUrl}/account`);
    const { token } = await sessionOf(context, stack.keyFile);
    const before = (await stack.api.get('/api/v1/account/preferences', { token })).body;
    // Wrong token: tamper with the hidden input and submit the real form.
    await page.evaluate(`document.querySelector('form[action="/account"] input[name=_csrf]').value = 'forged-token'`);
    await page.getByRole('radio', { name: /^Dark/ }).check();
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/account') && r.request().method() === 'POST'), page.getByRole('button', { name: 'Save preferences' }).click()]);
    expect(res.status()).to.equal(403);
    await page.waitForLoadState('load');
    expect(await page.locator('h1').textContent()).to.include('This form has expired');
    await expectAccessible(page, 'csrf 403 page');
    // Missing token (a cross-site style post from the same browser).
    const missing = await page.request.post(`${stack.adminUrl}/account`, { form: { theme: 'dark', timeZoneId: 'Europe/Paris' }, maxRedirects: 0 });
    expect(missing.status()).to.equal(403);
    // The login form's token is not this session's token either.
    const other = new HttpSession(stack.adminUrl);
    const loginToken = /name="_csrf" value="([^"]+)"/.exec((await other.get('/login')).text)![1]!;
    const crossed = await page.request.post(`${stack.adminUrl}/account`, { form: { theme: 'dark', _csrf: loginToken }, maxRedirects: 0 });
    expect(crossed.status()).to.equal(403);
    expect((await stack.api.get('/api/v1/account/preferences', { token })).body).to.deep.equal(before);
    // Sign-in itself needs the login form's token.
    const noToken = await fetch(`${stack.adminUrl}/admin-auth/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: stack.adminEmail, password: stack.adminPassword }), redirect: 'manual' });
    expect(noToken.status).to.equal(403);
    expect(noToken.headers.getSetCookie().some((c) => c.startsWith('verso.admin.auth='))).to.equal(false);
    await context.close();
  });

  it('forces a password change: every page redirects until it is done; the API\'s rules are shown inline; claims are refreshed', async () => {
    const user = await stack.createUser({ role: 'Editor', mustChangePassword: true, displayName: 'Fresh Editor' });
    const { context, page } = await fresh();
    await signIn(page, stack.adminUrl, user.email, user.password);
    expect(new URL(page.url()).pathname).to.equal('/account/password');
    expect(await page.locator('.notice').textContent()).to.include('must choose a new password');
    expect(await page.locator('nav.main-nav').count()).to.equal(0);
    await expectAccessible(page, 'forced password change');
    await screenshot(page, 'admin-change-password');
    for (const path of ['/', '/account', '/workspaces', '/users']) {
      await page.goto(stack.adminUrl + path);
      expect(new URL(page.url()).pathname, path).to.equal('/account/password');
    }
    // Wrong current password: a credential check, shown inline (no session-expired redirect).
    await page.getByLabel('Current password').fill('wrong-Password-1');
    await page.getByLabel('New password', { exact: true }).fill('A-brand-new-Password-2');
    await page.getByLabel('Repeat the new password').fill('A-brand-new-Password-2');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Change password' }).click()]);
    expect(new URL(page.url()).pathname).to.equal('/account/password');
    expect(await page.locator('#currentPassword-error').textContent()).to.include('not your current password');
    expect(await authCookie(context)).to.not.equal(undefined);
    // A password the API refuses (leading space): its 400 next to the field.
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill(' leading-space-Password-3');
    await page.getByLabel('Repeat the new password').fill(' leading-space-Password-3');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Change password' }).click()]);
    expect(await page.locator('#newPassword-error').count()).to.equal(1);
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).to.equal('true');
    await expectAccessible(page, 'password change with API 400');
    // Mismatch, checked before calling the API.
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('A-brand-new-Password-2');
    await page.getByLabel('Repeat the new password').fill('A-different-Password-2');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Change password' }).click()]);
    expect(await page.locator('#confirmPassword-error').textContent()).to.include('Does not match');
    // Done: Home, with the claims refreshed.
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('A-brand-new-Password-2');
    await page.getByLabel('Repeat the new password').fill('A-brand-new-Password-2');
    await Promise.all([page.waitForURL(`${stack.adminUrl}/`), page.getByRole('button', { name: 'Change password' }).click()]);
    expect(await page.locator('.flash-success').textContent()).to.include('password has been changed');
    expect((await sessionOf(context, stack.keyFile)).user.mustChangePassword).to.equal(false);
    expect(await page.locator('nav.main-nav').count()).to.equal(1);
    await context.close();
  });

  it('changes the password voluntarily from the user menu', async () => {
    const user = await stack.createUser({ role: 'Reader' });
    const { context, page } = await fresh();
    await signIn(page, stack.adminUrl, user.email, user.password);
    await page.locator('details.user-menu summary').click();
    await page.getByRole('link', { name: 'Change password' }).click();
    expect(await page.locator('h1').textContent()).to.equal('Change password');
    // The length and common-password rules: said next to the field before, and the API's message after.
    expect(await page.locator('#newPassword-hint').textContent()).to.include('At least 12 characters, and not one of the most common passwords');
    for (const [weak, message] of [
      ['Short-pw-1', 'The password must be at least 12 characters long.'],
      ['Qwerty123456', 'The password is one of the most common passwords and easy to guess; choose another.'],
    ] as const) {
      await page.getByLabel('Current password').fill(user.password);
      await page.getByLabel('New password', { exact: true }).fill(weak);
      await page.getByLabel('Repeat the new password').fill(weak);
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Change password' }).click()]);
      expect(await page.locator('#newPassword-error').textContent(), weak).to.include(message);
      expect(await page.locator('#newPassword').getAttribute('aria-invalid')).to.equal('true');
    }
    await expectAccessible(page);
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('Voluntary-Password-4');
    await page.getByLabel('Repeat the new password').fill('Voluntary-Password-4');
    await Promise.all([page.waitForURL(`${stack.adminUrl}/`), page.getByRole('button', { name: 'Change password' }).click()]);
    const login = await stack.api.post('/api/v1/auth/login', { email: user.email, password: 'Voluntary-Password-4' });
    expect(login.status).to.equal(200);
    await context.close();
  });

  it('POST /admin-auth/refresh-claims re-reads /auth/me into the cookie', async () => {
    const user = await stack.createUser({ role: 'Reader' });
    const http = new HttpSession(stack.adminUrl);
    await http.signIn(user.email, user.password);
    // Changed behind the cookie's back (the API evicts its cached actor on user changes; the DB edit
    // here is immediate because the session's actor is loaded per request or evicted by announce).
    await dbQuery(stack.api, `UPDATE users SET display_name = 'Promoted' WHERE id = $1`, [user.id]);
    const res = await http.post('/admin-auth/refresh-claims', { returnUrl: '/account' }, '/');
    expect(res.status).to.equal(303);
    expect(res.location).to.equal('/account');
    const { openCookie } = await import('./helpers/cookie.js');
    const session = await openCookie(stack.keyFile, http.cookies.get('verso.admin.auth')!);
    expect(session.user).to.include({ id: user.id, role: 'Reader' });
  });

  it('never puts the API token in a page, a script or the log', async () => {
    const { context, page } = await fresh();
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    const { token } = await sessionOf(context, stack.keyFile);
    for (const path of ['/', '/account', '/account/password', '/about', '/packages', '/workspaces', '/no-such-page']) await page.goto(stack.adminUrl + path);
    const js = await (await fetch(`${stack.adminUrl}/assets/admin.js`)).text();
    expect(pages.length).to.be.above(10);
    for (const html of [...pages, js]) expect(html).to.not.include(token);
    expect(stack.adminLog.text()).to.not.include(token);
    expect(stack.adminLog.text()).to.not.include(stack.adminPassword);
    await context.close();
  });
});
