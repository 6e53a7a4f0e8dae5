// Users in a real browser against the real API: create with a grant (temporary password shown once,
// no-store, never logged), search, edit, a stale edit (conflict → re-apply), reset password,
// deactivate, reactivate, delete — each after a confirmation — and the refusal page a
// non-superadmin Admin gets when opening /users directly.
import { expect } from 'chai';
import type { Browser, Page, Response } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

describe('admin: users', () => {
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let workspace: { id: string; slug: string };
  let userId: string;
  let latestPassword: string;
  const email = 'writer@example.test';

  before(async () => {
    stack = await startAdminStack();
    workspace = await stack.createWorkspace({ slug: 'newsroom', name: 'Newsroom' });
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const row = (e: string) => page.locator(`tr[data-user="${e}"]`);
  const login = (e: string, password: string) => stack.api.post('/api/v1/auth/login', { email: e, password });
  const userPath = () => `/api/v1/users/${userId}`;

  async function submit(name: string | RegExp): Promise<Response | null> {
    const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name, exact: true }).click()]);
    return response;
  }

  async function openAction(e: string, link: RegExp) {
    await page.goto(`${stack.adminUrl}/users`);
    await Promise.all([page.waitForNavigation(), row(e).getByRole('link', { name: link }).click()]);
  }

  it('lists users and creates one with a grant, showing the temporary password once', async () => {
    await page.goto(`${stack.adminUrl}/users`);
    expect(await row(stack.adminEmail).count()).to.equal(1);
    await expectAccessible(page);
    await screenshot(page, 'users');

    await page.getByRole('link', { name: 'New user' }).click();
    await page.waitForURL('**/users/new');
    await expectAccessible(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Display name').fill('Wendy Writer');
    await page.getByLabel('Role', { exact: true }).selectOption('Editor');
    await page.getByLabel(/^Newsroom/).selectOption('Write');
    await screenshot(page, 'user-create');
    const response = await submit('Create user');
    expect(response!.headers()['cache-control']).to.equal('no-store');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('User created');
    const password = await page.getByLabel('Temporary password').inputValue();
    expect(password).to.match(/^\S{12,}$/);
    expect(await page.locator('.secret-once').textContent()).to.include('shown once');
    await expectAccessible(page);
    await screenshot(page, 'user-temporary-password');

    // It works, must be changed, and the grant is there.
    const signedIn = await login(email, password);
    expect(signedIn.status).to.equal(200);
    expect(signedIn.body.mustChangePassword).to.equal(true);
    const users = await stack.api.get('/api/v1/users?pageSize=100', { token: stack.adminToken });
    const created = users.body.items.find((u: { email: string }) => u.email === email);
    userId = created.id;
    expect(created.role).to.equal('Editor');
    expect(created.workspaceAccesses).to.deep.equal([{ workspaceId: workspace.id, accessLevel: 'Write' }]);

    // Shown once: nowhere else, and never in the admin's log.
    await page.goto(`${stack.adminUrl}/users`);
    expect(await page.content()).not.to.include(password);
    expect(stack.adminLog.text()).not.to.include(password);
  });

  it('searches by email or name', async () => {
    await stack.createUser({ role: 'Reader', displayName: 'Somebody Else' });
    await page.goto(`${stack.adminUrl}/users`);
    await page.getByLabel('Search by email or name').fill('wendy');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Search' }).click()]);
    expect(new URL(page.url()).searchParams.get('q')).to.equal('wendy');
    expect(await page.locator('tbody tr').count()).to.equal(1);
    expect(await row(email).count()).to.equal(1);
    await expectAccessible(page);
    await page.goto(`${stack.adminUrl}/users?q=nobody-matches-this`);
    expect(await page.locator('tbody tr').count()).to.equal(0);
    expect(await page.getByRole('status').first().textContent()).to.include('0 users');
  });

  it('edits a user: role and grant', async () => {
    await openAction(email, /^Edit/);
    await expectAccessible(page);
    await screenshot(page, 'user-edit');
    await page.getByLabel('Role', { exact: true }).selectOption('TemplateAdmin');
    await page.getByLabel(/^Newsroom/).selectOption('Read');
    await submit('Save changes');
    expect(new URL(page.url()).pathname).to.equal('/users');
    const user = (await stack.api.get(userPath(), { token: stack.adminToken })).body;
    expect(user.role).to.equal('TemplateAdmin');
    expect(user.workspaceAccesses).to.deep.equal([{ workspaceId: workspace.id, accessLevel: 'Read' }]);
  });

  it('shows a stale edit with the current values and re-applies on request', async () => {
    await openAction(email, /^Edit/);
    const current = (await stack.api.get(userPath(), { token: stack.adminToken })).body;
    const changed = await stack.api.put(
      userPath(),
      { email, displayName: 'Changed Elsewhere', role: 'Reader', isSuperAdmin: false, isActive: true },
      { token: stack.adminToken, headers: await stack.api.ifMatch(userPath(), stack.adminToken) },
    );
    expect(changed.status).to.equal(200);
    expect(current.displayName).to.equal('Wendy Writer');

    await page.getByLabel('Display name').fill('Wendy W.');
    await submit('Save changes');
    const conflict = page.locator('section.conflict');
    expect(await conflict.getByRole('heading').textContent()).to.equal('Changed by someone else since you opened it');
    expect(await conflict.locator('.conflict-values').textContent()).to.include('Changed Elsewhere').and.include('Reader');
    expect((await stack.api.get(userPath(), { token: stack.adminToken })).body.displayName).to.equal('Changed Elsewhere');
    await expectAccessible(page);
    await screenshot(page, 'user-conflict');

    await submit('Re-apply my changes');
    expect(new URL(page.url()).pathname).to.equal('/users');
    const after = (await stack.api.get(userPath(), { token: stack.adminToken })).body;
    expect(after.displayName).to.equal('Wendy W.');
    expect(after.role).to.equal('TemplateAdmin');
  });

  it('resets the password after a confirmation, showing the new temporary password once', async () => {
    await openAction(email, /^Reset password/);
    await expectAccessible(page);
    await page.getByLabel(/Yes, reset the password/).check();
    const response = await submit('Reset password');
    expect(response!.headers()['cache-control']).to.equal('no-store');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Password reset');
    const password = await page.getByLabel('Temporary password').inputValue();
    await expectAccessible(page);
    expect((await login(email, password)).status).to.equal(200);
    expect(stack.adminLog.text()).not.to.include(password);
    latestPassword = password;
  });

  it('deactivates after a confirmation (sign-in refused), then reactivates', async () => {
    await openAction(email, /^Deactivate/);
    await expectAccessible(page);
    await screenshot(page, 'user-deactivate');
    await page.getByLabel(/Yes, deactivate/).check();
    await submit('Deactivate user');
    expect(await page.locator('.flash').textContent()).to.include('deactivated');
    expect(await row(email).locator('td').nth(3).textContent()).to.include('Deactivated');
    expect((await stack.api.get(userPath(), { token: stack.adminToken })).body.isActive).to.equal(false);
    expect((await login(email, latestPassword)).status).to.equal(401);

    await openAction(email, /^Reactivate/);
    await page.getByLabel(/Yes, reactivate/).check();
    await submit('Reactivate user');
    expect((await stack.api.get(userPath(), { token: stack.adminToken })).body.isActive).to.equal(true);
    expect((await login(email, latestPassword)).status).to.equal(200);
  });

  it('deletes after a confirmation', async () => {
    await openAction(email, /^Delete/);
    await expectAccessible(page);
    await page.getByLabel(/Yes, delete this user/).check();
    await submit('Delete user');
    expect(await page.locator('.flash').textContent()).to.include('deleted');
    expect(await row(email).count()).to.equal(0);
    expect((await stack.api.get(userPath(), { token: stack.adminToken })).status).to.equal(404);
  });

  it('keeps grants on workspaces beyond the ones the form lists when saving', async () => {
    // The shell lists the first 200 workspaces; a user granted on more must not lose the rest.
    for (let i = 0; i < 205; i++) await stack.createWorkspace({ slug: `bulk-${String(i).padStart(3, '0')}`, name: `Bulk ${i}` });
    const all = (await stack.api.get('/api/v1/workspaces?pageSize=100&page=1', { token: stack.adminToken })).body.totalCount as number;
    const ids: string[] = [];
    for (let p = 1; p <= Math.ceil(all / 100); p++) {
      const page = await stack.api.get(`/api/v1/workspaces?pageSize=100&page=${p}`, { token: stack.adminToken });
      ids.push(...page.body.items.map((w: { id: string }) => w.id));
    }
    const created = await stack.api.post(
      '/api/v1/users',
      { email: 'many@example.test', displayName: 'Many Grants', role: 'Reader', temporaryPassword: 'Temp-Password-1', isSuperAdmin: false, workspaceAccesses: ids.map((workspaceId) => ({ workspaceId, accessLevel: 'Read' })) },
      { token: stack.adminToken },
    );
    const id = created.body.userId as string;
    await page.goto(`${stack.adminUrl}/users/${id}/edit`);
    expect(await page.locator('.grants select').count()).to.equal(ids.length);
    await page.getByLabel('Display name').fill('Many Grants, renamed');
    await submit('Save changes');
    const after = (await stack.api.get(`/api/v1/users/${id}`, { token: stack.adminToken })).body;
    expect(after.displayName).to.equal('Many Grants, renamed');
    expect(after.workspaceAccesses.length).to.equal(ids.length);
  });

  it('shows the API’s refusal to an Admin without the superadmin flag who opens /users directly', async () => {
    const admin = await stack.createUser({ role: 'Admin', grants: { [workspace.id]: 'Write' } });
    const { context, page: p } = await newPage(browser);
    try {
      await signIn(p, stack.adminUrl, admin.email, admin.password);
      expect(await p.locator('[data-nav="users"]').count()).to.equal(0);
      for (const path of ['/users', '/users/new', `/users/${admin.id}/edit`, `/users/${admin.id}/delete`]) {
        const res = await p.goto(stack.adminUrl + path);
        expect(res!.status(), path).to.equal(403);
        expect(await p.locator('.error-status').textContent()).to.equal('403');
        expect(await p.locator('.error-page h1').textContent()).to.match(/\S/);
      }
      await expectAccessible(p);
      await screenshot(p, 'users-refused');
    } finally {
      await context.close();
    }
  });
});
