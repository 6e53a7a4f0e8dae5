// The audit log in a real browser against the real API: every filter the API has (workspace, entity
// type, entity id, action, acting user, acting API client, time range) as a GET form, each entry's
// change delta as a before/after table, redacted values shown exactly as the API gives them, bad
// filter values refused next to their field, and the refusal an Editor gets.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

describe('admin: audit log', () => {
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let adminId: string;
  let workspaceId: string;
  let userId: string;
  let clientId: string;
  let startedAt: string;

  before(async () => {
    stack = await startAdminStack();
    const token = stack.adminToken;
    startedAt = new Date(Date.now() - 60_000).toISOString().slice(0, 16);
    adminId = (await stack.api.get('/api/v1/auth/me', { token })).body.id;

    // A trail to read: a workspace created and renamed, a user created and its password reset, and a
    // change made by an API client.
    const ws = await stack.api.post('/api/v1/workspaces', { name: 'Audited', slug: 'audited', description: null }, { token });
    workspaceId = ws.body.id;
    const wsPath = `/api/v1/workspaces/${workspaceId}`;
    await stack.api.put(wsPath, { name: 'Audited (renamed)', slug: 'audited', description: 'now described' }, { token, headers: await stack.api.ifMatch(wsPath, token) });
    const user = await stack.api.post('/api/v1/users', { email: 'audited@example.test', displayName: 'Audited User', role: 'Editor', temporaryPassword: 'Temp-Password-1', isSuperAdmin: false, workspaceAccesses: [{ workspaceId, accessLevel: 'Write' }] }, { token });
    userId = user.body.userId;
    await stack.api.post(`/api/v1/users/${userId}/reset-password`, { temporaryPassword: 'Temp-Password-2' }, { token });
    const client = await stack.api.post('/api/v1/clients', { name: 'Deployer', role: 'Admin', workspaceId }, { token });
    clientId = client.body.client.id;
    const byClient = await stack.api.put(wsPath, { name: 'Audited by a client', slug: 'audited', description: 'now described' }, { token: client.body.token, headers: await stack.api.ifMatch(wsPath, token) });
    expect(byClient.status).to.equal(200);

    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const entries = () => page.locator('li.audit-entry');
  const attr = async (name: string) => (await entries().evaluateAll((els, n) => els.map((e) => e.getAttribute(n as string)), name)) as string[];

  async function filter(values: Record<string, string>) {
    await page.goto(`${stack.adminUrl}/audit`);
    for (const [label, value] of Object.entries(values)) {
      const field = page.getByLabel(label, { exact: true });
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value.startsWith('label:') ? { label: value.slice(6) } : value);
      else await field.fill(value);
    }
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Apply filters' }).click()]);
  }

  it('lists the trail newest first, each change as a before/after table', async () => {
    await page.goto(`${stack.adminUrl}/audit`);
    expect(await entries().count()).to.be.greaterThan(5);
    await expectAccessible(page);
    await screenshot(page, 'audit', { fullPage: false });
    const first = entries().first();
    // The newest: the rename the API client made.
    expect(await first.getAttribute('data-entity-type')).to.equal('Workspace');
    expect(await first.textContent()).to.include('(API client)');
    // Created entries show the new values, before "none".
    const created = page.locator(`li.audit-entry[data-entity-id="${workspaceId}"][data-action="Created"]`);
    const nameRow = created.locator('tr[data-property="name"]');
    expect(await nameRow.locator('.delta-before').textContent()).to.equal('none');
    expect(await nameRow.locator('.delta-after').textContent()).to.equal('Audited');
  });

  it('filters by entity type and entity id; the update shows before and after', async () => {
    await filter({ 'Entity type': 'Workspace' });
    expect(new URL(page.url()).searchParams.get('entityType')).to.equal('Workspace');
    expect(new Set(await attr('data-entity-type'))).to.deep.equal(new Set(['Workspace']));

    await filter({ 'Entity id': workspaceId, Action: 'Updated' });
    expect(await entries().count()).to.equal(2);
    const byAdmin = entries().last();
    const rows = byAdmin.locator('table.delta tbody tr');
    // innerText of a table row separates its cells with tabs.
    const table = (await rows.allInnerTexts()).map((text) => text.split('\t').map((cell) => cell.trim()));
    expect(table).to.deep.include(['name', 'Audited', 'Audited (renamed)']);
    expect(table).to.deep.include(['description', 'none', 'now described']);
    expect(await byAdmin.locator('table.delta thead').textContent()).to.include('Before').and.include('After');
    await expectAccessible(page);
    await screenshot(page, 'audit-filtered');
  });

  it('filters by action, acting user and acting API client', async () => {
    await filter({ Action: 'Created' });
    expect(new Set(await attr('data-action'))).to.deep.equal(new Set(['Created']));

    await filter({ 'Actor: API client id': clientId });
    expect(await entries().count()).to.equal(1);
    expect(await entries().first().locator('tr[data-property="name"] .delta-after').textContent()).to.equal('Audited by a client');
    expect(await entries().first().textContent()).to.include('API client');

    await filter({ 'Actor: user id': adminId, 'Entity type': 'ApiClient' });
    expect(await entries().count()).to.equal(1);
    // The actor link sets the actor filter.
    await Promise.all([page.waitForNavigation(), entries().first().getByRole('link', { name: /Administrator/ }).click()]);
    expect(new URL(page.url()).searchParams.get('actorUserId')).to.equal(adminId);
  });

  it('filters by workspace and by time range', async () => {
    await filter({ 'In workspace': 'label:Audited by a client' });
    const types = new Set(await attr('data-entity-type'));
    expect(types.has('User')).to.equal(false);
    expect(types.has('Workspace')).to.equal(true);

    await filter({ 'From (UTC)': '2999-01-01T00:00' });
    expect(await entries().count()).to.equal(0);
    expect(await page.getByRole('status').first().textContent()).to.include('0 entries');
    await filter({ 'From (UTC)': startedAt, 'Until (UTC)': '2999-01-01T00:00', 'Entity id': userId });
    expect(await entries().count()).to.equal(2);
  });

  it('shows redacted values as they are', async () => {
    await filter({ 'Entity id': userId, Action: 'Updated' });
    const row = entries().first().locator('tr[data-property="passwordHash"]');
    expect(await row.locator('.delta-before').textContent()).to.match(/^redacted:[0-9a-f]{12}$/);
    expect(await row.locator('.delta-after').textContent()).to.match(/^redacted:[0-9a-f]{12}$/);
    expect(await page.content()).not.to.include('argon2');
  });

  it('refuses a malformed filter next to its field', async () => {
    await filter({ 'Entity id': 'not-an-id', 'From (UTC)': '' });
    expect(await page.locator('#entityId-error').textContent()).to.include('UUID');
    expect(await page.getByLabel('Entity id', { exact: true }).getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator('.problem').count()).to.equal(1);
    await expectAccessible(page);
  });

  it('shows the 403 page to an Editor and the workspace’s trail to a TemplateAdmin with a grant', async () => {
    const editor = await stack.createUser({ role: 'Editor', grants: { [workspaceId]: 'Write' } });
    const templateAdmin = await stack.createUser({ role: 'TemplateAdmin', grants: { [workspaceId]: 'Read' } });
    const { context: c1, page: p1 } = await newPage(browser);
    try {
      await signIn(p1, stack.adminUrl, editor.email, editor.password);
      expect(await p1.locator('[data-nav="audit"]').count()).to.equal(0);
      const res = await p1.goto(`${stack.adminUrl}/audit`);
      expect(res!.status()).to.equal(403);
      expect(await p1.locator('.error-status').textContent()).to.equal('403');
    } finally {
      await c1.close();
    }
    const { context: c2, page: p2 } = await newPage(browser);
    try {
      await signIn(p2, stack.adminUrl, templateAdmin.email, templateAdmin.password);
      const res = await p2.goto(`${stack.adminUrl}/audit`);
      expect(res!.status()).to.equal(200);
      const types = await p2.locator('li.audit-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-entity-type')));
      expect(types).to.include('Workspace');
      expect(types).not.to.include('User');
    } finally {
      await c2.close();
    }
  });
});
