// API clients in a real browser against the real API: create (token shown once with a warning and a
// copy button, on a no-store page; it works against the API and never appears again — not in later
// pages, the admin's log or its cookies), an expiry in the past refused next to its field, rotate
// (old token stops working), revoke, and the 403 page a Reader gets opening /api-clients directly.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

const NAME = 'Site reader';

describe('admin: API clients', () => {
  let stack: AdminStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let defaultWorkspaceId: string;
  let firstToken: string;
  let secondToken: string;

  before(async () => {
    stack = await startAdminStack();
    const list = await stack.api.get('/api/v1/workspaces', { token: stack.adminToken });
    defaultWorkspaceId = list.body.items.find((w: { slug: string }) => w.slug === 'default').id;
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const active = () => page.locator(`tr[data-client="${NAME}"][data-state="Active"]`);
  const readWorkspace = (token: string) => stack.api.get(`/api/v1/workspaces/${defaultWorkspaceId}`, { token });

  async function submit(name: string): Promise<Response | null> {
    const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name, exact: true }).click()]);
    return response;
  }

  async function expectNeverShownAgain(token: string) {
    for (const path of ['/api-clients', '/audit', '/']) {
      await page.goto(stack.adminUrl + path);
      expect(await page.content(), path).not.to.include(token);
    }
    expect(stack.adminLog.text()).not.to.include(token);
    expect(stack.api.log.text()).not.to.include(token);
    for (const cookie of await context.cookies()) expect(cookie.value).not.to.include(token);
  }

  it('lists clients and refuses an expiry in the past next to the field', async () => {
    await page.goto(`${stack.adminUrl}/api-clients`);
    await expectAccessible(page);
    await screenshot(page, 'api-clients-empty');
    await page.getByRole('link', { name: 'New API client' }).click();
    await page.waitForURL('**/api-clients/new');
    await expectAccessible(page);
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Role', { exact: true }).selectOption('Reader');
    await page.getByLabel('Workspace the client can reach').selectOption({ label: 'Default' });
    await page.getByLabel(/^Expires at/).fill('2020-01-01T00:00');
    await screenshot(page, 'api-client-create');
    await submit('Create API client');
    expect(await page.locator('#expiresAt-error').textContent()).to.match(/future/);
    expect(await page.getByLabel(/^Expires at/).getAttribute('aria-invalid')).to.equal('true');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).to.equal(NAME);
    await expectAccessible(page);
  });

  it('creates a client and shows its token once, with a warning and a copy button; the token works', async () => {
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16);
    await page.getByLabel(/^Expires at/).fill(expires);
    const response = await submit('Create API client');
    expect(response!.status()).to.equal(200);
    expect(response!.headers()['cache-control']).to.equal('no-store');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('API client created');
    expect(await page.getByRole('alert').textContent()).to.include('shown only once');
    firstToken = await page.getByLabel(`Token for ${NAME}`).inputValue();
    expect(firstToken).to.match(/^verso_[A-Za-z0-9]+_\S+$/);
    await expectAccessible(page);
    await screenshot(page, 'api-client-token');

    // The copy button (progressive enhancement) copies exactly the token.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.adminUrl });
    const copy = page.getByRole('button', { name: /^Copy/ });
    expect(await copy.isVisible()).to.equal(true);
    await copy.click();
    await page.locator('[data-copy-status="api-token"]', { hasText: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).to.equal(firstToken);

    expect((await readWorkspace(firstToken)).status).to.equal(200);
    await expectNeverShownAgain(firstToken);

    await page.goto(`${stack.adminUrl}/api-clients`);
    expect(await active().count()).to.equal(1);
    expect(await active().locator('td').nth(1).textContent()).to.equal('Full');
    expect(await active().locator('td').nth(2).textContent()).to.equal('Default');
    expect(await active().locator('td').nth(4).textContent()).to.equal(`${expires.replace('T', ' ')} UTC`);
    await expectAccessible(page);
    await screenshot(page, 'api-clients');
  });

  it('rotates after a confirmation: a new token once, the old one stops working', async () => {
    await page.goto(`${stack.adminUrl}/api-clients`);
    await active().getByRole('link', { name: /^Rotate/ }).click();
    await page.waitForURL('**/rotate');
    await expectAccessible(page);
    await page.getByLabel(/Yes, replace the token/).check();
    const response = await submit('Rotate token');
    expect(response!.headers()['cache-control']).to.equal('no-store');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('API client rotated');
    secondToken = await page.getByLabel(`Token for ${NAME}`).inputValue();
    expect(secondToken).to.match(/^verso_/).and.not.equal(firstToken);
    await expectAccessible(page);

    expect((await readWorkspace(firstToken)).status).to.equal(401);
    expect((await readWorkspace(secondToken)).status).to.equal(200);
    await expectNeverShownAgain(secondToken);
  });

  it('revokes after a confirmation: the token stops working', async () => {
    await page.goto(`${stack.adminUrl}/api-clients`);
    await active().getByRole('link', { name: /^Revoke/ }).click();
    await page.waitForURL('**/revoke');
    await expectAccessible(page);
    await screenshot(page, 'api-client-revoke');
    await page.getByLabel(/Yes, revoke/).check();
    await submit('Revoke client');
    expect(new URL(page.url()).pathname).to.equal('/api-clients');
    expect(await page.locator('.flash').textContent()).to.include('revoked');
    expect(await active().count()).to.equal(0);
    expect(await page.locator(`tr[data-client="${NAME}"][data-state="Revoked"]`).count()).to.be.greaterThan(0);
    expect((await readWorkspace(secondToken)).status).to.equal(401);
  });

  it('creates a delivery-only client: the list says so, and its token reads published content and nothing else', async () => {
    await page.goto(`${stack.adminUrl}/api-clients/new`);
    await page.getByLabel('Name', { exact: true }).fill('CDN');
    await page.getByLabel('Role', { exact: true }).selectOption('Reader');
    await page.getByLabel('Delivery only').check();
    await page.getByLabel('Workspace the client can reach').selectOption({ label: 'Default' });
    await expectAccessible(page);
    await submit('Create API client');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('API client created');
    const token = await page.getByLabel('Token for CDN').inputValue();
    expect(await page.locator('.facts').textContent()).to.include('Delivery only');
    await page.goto(`${stack.adminUrl}/api-clients`);
    const row = page.locator('tr[data-client="CDN"][data-state="Active"]');
    expect(await row.locator('td').nth(1).textContent()).to.equal('Delivery only');
    const listed = await stack.api.get(`/api/v1/workspaces/${defaultWorkspaceId}/content?resolve=true`, { token });
    expect(listed.status).to.equal(200);
    expect((await readWorkspace(token)).status).to.equal(403);
    expect((await stack.api.get(`/api/v1/workspaces/${defaultWorkspaceId}/media`, { token })).status).to.equal(403);
  });

  it('a delivery-only client with a role above Reader is refused next to the role', async () => {
    await page.goto(`${stack.adminUrl}/api-clients/new`);
    await page.getByLabel('Name', { exact: true }).fill('Too strong');
    await page.getByLabel('Role', { exact: true }).selectOption('Editor');
    await page.getByLabel('Delivery only').check();
    await page.getByLabel('Workspace the client can reach').selectOption({ label: 'Default' });
    await submit('Create API client');
    expect(await page.locator('#role-error').textContent()).to.include('A delivery-only client has the Reader role.');
    expect(await page.getByLabel('Delivery only').isChecked()).to.equal(true);
    await expectAccessible(page);
  });

  it('shows the 403 page to a Reader who opens /api-clients directly', async () => {
    const reader = await stack.createUser({ role: 'Reader', grants: { [defaultWorkspaceId]: 'Read' } });
    const { context: c, page: p } = await newPage(browser);
    try {
      await signIn(p, stack.adminUrl, reader.email, reader.password);
      expect(await p.locator('[data-nav="api-clients"]').count()).to.equal(0);
      for (const path of ['/api-clients', '/api-clients/new']) {
        const res = await p.goto(stack.adminUrl + path);
        expect(res!.status(), path).to.equal(403);
        expect(await p.locator('.error-status').textContent()).to.equal('403');
      }
      await expectAccessible(p);
      await screenshot(p, 'api-clients-refused');
    } finally {
      await c.close();
    }
  });
});
