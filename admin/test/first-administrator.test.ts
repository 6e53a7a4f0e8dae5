// Issue #13's "Done means", end to end in a real browser: on a fresh install a new administrator
// signs in with the seeded account, is made to change the password, creates a workspace, a user with
// a grant and an API client, and reads the audit trail of all of it. Unlike the other admin tests
// this stack's seeded admin has NOT changed its password yet (startAdminStack does that up front).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { createAdminApp } from '../src/app.js';
import { loadAdminConfig } from '../src/config.js';
import { createAdminLogger } from '../src/log.js';
import { startTestApi, type TestApi } from '../../test/helpers/api.js';
import { MemoryLog } from '../../test/helpers/memory-log.js';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { ensureSdkBuilt, listen } from './helpers/stack.js';

const SEEDED_EMAIL = 'admin@localhost';
const SEEDED_PASSWORD = 'First-Start-Password-1';
const NEW_PASSWORD = 'My-Own-Admin-Password-2';

describe('admin: the first administrator (issue #13, “Done means”)', () => {
  let api: TestApi;
  let admin: { url: string; close: () => Promise<void> };
  let adminLog: MemoryLog;
  let dataDir: string;
  let browser: Browser;
  let page: Page;

  before(async () => {
    ensureSdkBuilt();
    api = await startTestApi({ env: { Seed__Admin__Password: SEEDED_PASSWORD } });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-first-admin-'));
    adminLog = new MemoryLog();
    const config = loadAdminConfig({ NODE_ENV: 'test', Admin__ApiBaseUrl: api.url, Data__Directory: dataDir }, { version: '0.0.0-test', cwd: dataDir });
    admin = await listen(createAdminApp(config, { logger: createAdminLogger({ level: 'debug', stream: adminLog }) }));
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
  });
  after(async () => {
    await browser?.close();
    await admin?.close();
    await api?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function submit(name: string) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name, exact: true }).click()]);
  }
  async function nav(label: string) {
    await Promise.all([page.waitForNavigation(), page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click()]);
  }

  let token: string;

  it('signs in with the seeded account and is made to change the password first', async () => {
    await page.goto(admin.url + '/workspaces');
    expect(new URL(page.url()).pathname).to.equal('/login');
    await page.getByLabel('Email').fill(SEEDED_EMAIL);
    await page.getByLabel('Password').fill(SEEDED_PASSWORD);
    await submit('Sign in');
    expect(new URL(page.url()).pathname).to.equal('/account/password');
    // Nothing else opens until the password is changed.
    await page.goto(admin.url + '/workspaces');
    expect(new URL(page.url()).pathname).to.equal('/account/password');
    await expectAccessible(page);
    await page.getByLabel('Current password').fill(SEEDED_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await submit('Change password');
    expect(new URL(page.url()).pathname).to.equal('/');
    expect((await api.post('/api/v1/auth/login', { email: SEEDED_EMAIL, password: NEW_PASSWORD })).status).to.equal(200);
  });

  it('creates a workspace', async () => {
    await nav('Workspaces');
    await page.getByRole('link', { name: 'New workspace' }).click();
    await page.waitForURL('**/workspaces/new');
    await page.getByLabel('Name', { exact: true }).fill('Documentation');
    await page.getByLabel('Slug').fill('docs');
    await submit('Create workspace');
    expect(await page.locator('tr[data-workspace="docs"] th').textContent()).to.equal('Documentation');
  });

  it('creates a user with a grant on it', async () => {
    await nav('Users');
    await page.getByRole('link', { name: 'New user' }).click();
    await page.waitForURL('**/users/new');
    await page.getByLabel('Email').fill('editor@example.test');
    await page.getByLabel('Display name').fill('Eddie Editor');
    await page.getByLabel('Role', { exact: true }).selectOption('Editor');
    await page.getByLabel(/^Documentation/).selectOption('Write');
    await submit('Create user');
    const temporary = await page.getByLabel('Temporary password').inputValue();
    const signIn = await api.post('/api/v1/auth/login', { email: 'editor@example.test', password: temporary });
    expect(signIn.status).to.equal(200);
    expect(signIn.body.mustChangePassword).to.equal(true);
  });

  it('creates an API client for it and sees the token once', async () => {
    await nav('API Clients');
    await page.getByRole('link', { name: 'New API client' }).click();
    await page.waitForURL('**/api-clients/new');
    await page.getByLabel('Name', { exact: true }).fill('Docs site');
    await page.getByLabel('Role', { exact: true }).selectOption('Reader');
    await page.getByLabel('Workspace the client can reach').selectOption({ label: 'Documentation' });
    await submit('Create API client');
    token = await page.getByLabel('Token for Docs site').inputValue();
    const workspaces = await api.get('/api/v1/workspaces', { token });
    expect(workspaces.status).to.equal(200);
    expect(workspaces.body.items.map((w: { slug: string }) => w.slug)).to.deep.equal(['docs']);
  });

  it('reads the audit trail of all of it', async () => {
    await nav('Audit Log');
    await expectAccessible(page);
    const seen = await page.locator('li.audit-entry').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-action')} ${e.getAttribute('data-entity-type')}`));
    expect(seen.slice(0, 4)).to.deep.equal(['Created ApiClient', 'Created User', 'Created Workspace', 'Updated User']);
    // The password change: the hash redacted, shown as it is.
    const passwordChange = page.locator('li.audit-entry[data-action="Updated"][data-entity-type="User"]').first();
    expect(await passwordChange.locator('tr[data-property="passwordHash"] .delta-after').textContent()).to.match(/^redacted:[0-9a-f]{12}$/);
    // The workspace's creation as a before/after table.
    await page.getByLabel('Entity type').fill('Workspace');
    await page.getByLabel('Action').selectOption('Created');
    await submit('Apply filters');
    const created = page.locator('li.audit-entry').first();
    expect(await created.locator('tr[data-property="slug"] .delta-before').textContent()).to.equal('none');
    expect(await created.locator('tr[data-property="slug"] .delta-after').textContent()).to.equal('docs');
    expect(await created.textContent()).to.include('Administrator');
    await screenshot(page, 'first-administrator-audit');
    // The token was shown once and went nowhere else.
    expect(await page.content()).not.to.include(token);
    expect(adminLog.text()).not.to.include(token);
  });
});
