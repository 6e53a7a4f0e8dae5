// The sign-in throttle in a real browser against the real API: a sign-in leaves an HttpOnly,
// long-lived device cookie; when someone else's wrong guesses lock the browser's address out of
// the account, a browser with that cookie still signs in and one without is refused; the Admin's
// "Unlock sign-in" button on the user's screen lifts the lock for everyone.
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

describe('admin: sign-in throttle (device cookie, unlock)', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let user: StackUser;

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    user = await stack.createUser({ role: 'Editor' });
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** Five wrong guesses from this host: the address the API sees for the admin's calls too. */
  async function lockThisAddress(): Promise<void> {
    for (let i = 0; i < 5; i++) expect((await stack.api.post('/api/v1/auth/login', { email: user.email, password: `wrong-Password-${i}` })).status).to.equal(401);
    expect((await stack.api.post('/api/v1/auth/login', { email: user.email, password: user.password })).status).to.equal(401);
  }

  async function tryForm(page: import('playwright-core').Page): Promise<string> {
    await page.goto(`${stack.adminUrl}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await Promise.all([page.waitForURL((url) => url.pathname !== '/login'), page.getByRole('button', { name: 'Sign in' }).click()]);
    return new URL(page.url()).pathname;
  }

  it('a browser that signed in before keeps signing in while its address is locked out; a new one is refused until an Admin unlocks', async () => {
    const known = await newPage(browser);
    await signIn(known.page, stack.adminUrl, user.email, user.password);
    const device = (await known.context.cookies()).find((c) => c.name === 'verso_device');
    expect(device, 'the device cookie').to.not.equal(undefined);
    expect(device!.httpOnly).to.equal(true);
    expect(device!.sameSite).to.equal('Lax');
    expect(device!.value).to.match(/^verso_device_/);
    // Long-lived: months, not the session's hours.
    expect(device!.expires * 1000 - Date.now()).to.be.greaterThan(150 * 24 * 3600 * 1000);
    expect(stack.adminLog.text()).to.not.include(device!.value);

    // Signing out keeps it: it names a browser that knew the password, not a session.
    await known.page.locator('details.user-menu summary').click();
    await Promise.all([known.page.waitForURL('**/login?signedOut=1'), known.page.getByRole('button', { name: 'Sign out' }).click()]);
    expect((await known.context.cookies()).some((c) => c.name === 'verso_device')).to.equal(true);

    await lockThisAddress();
    expect(await tryForm(known.page)).to.not.equal('/admin-auth/login');
    expect(await known.page.locator('.problem').count()).to.equal(0);
    const replaced = (await known.context.cookies()).find((c) => c.name === 'verso_device')!;
    expect(replaced.value).to.not.equal(device!.value);

    const stranger = await newPage(browser);
    await tryForm(stranger.page);
    expect(await stranger.page.locator('.problem').textContent()).to.include('Email or password is wrong');

    // The Admin unlocks the account from the user's screen.
    const admin = await newPage(browser);
    await signIn(admin.page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    await admin.page.goto(`${stack.adminUrl}/users/${user.id}/edit`);
    await expectAccessible(admin.page);
    await Promise.all([admin.page.waitForNavigation(), admin.page.getByRole('button', { name: 'Unlock sign-in' }).click()]);
    expect(new URL(admin.page.url()).pathname).to.equal(`/users/${user.id}/edit`);
    expect(await admin.page.locator('.flash-success').textContent()).to.include(`Sign-in of ${user.email} unlocked`);

    expect(await tryForm(stranger.page)).to.not.equal('/admin-auth/login');
    expect(await stranger.page.locator('.problem').count()).to.equal(0);
    await Promise.all([known.context.close(), stranger.context.close(), admin.context.close()]);
  });
});
