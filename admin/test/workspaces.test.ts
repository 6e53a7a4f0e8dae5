// Workspaces in a real browser against the real API: list, create (with a field error from the API
// first), edit, a stale edit (changed through the API behind the page's back → the conflict notice
// with the current values → re-apply), delete after a confirmation, and the refusals a hidden link
// still gets when its URL is opened directly.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

describe('admin: workspaces', () => {
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const row = (slug: string) => page.locator(`tr[data-workspace="${slug}"]`);

  async function submit(name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).click()]);
  }

  it('lists the workspaces and creates one, showing the API’s field error next to the field first', async () => {
    await page.goto(`${stack.adminUrl}/workspaces`);
    expect(await row('default').count()).to.equal(1);
    await expectAccessible(page);
    await screenshot(page, 'workspaces');

    await page.getByRole('link', { name: 'New workspace' }).click();
    await page.waitForURL('**/workspaces/new');
    await expectAccessible(page);
    await page.getByLabel('Name', { exact: true }).fill('Marketing site');
    await page.getByLabel('Slug').fill('Not A Slug!');
    await submit('Create workspace');
    // The API's 422 is shown inline: the problem above the form, the message next to the slug.
    expect(await page.locator('.problem').count()).to.equal(1);
    expect(await page.locator('#slug-error').textContent()).to.match(/\S/);
    expect(await page.getByLabel('Slug').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).to.equal('Marketing site');
    await expectAccessible(page);
    await screenshot(page, 'workspace-create-error');

    await page.getByLabel('Slug').fill('marketing');
    await page.getByLabel('Description').fill('The public site');
    await submit('Create workspace');
    expect(new URL(page.url()).pathname).to.equal('/workspaces');
    expect(await page.locator('.flash').textContent()).to.include('Marketing site');
    expect(await row('marketing').locator('th').textContent()).to.equal('Marketing site');
  });

  it('edits a workspace', async () => {
    await page.goto(`${stack.adminUrl}/workspaces`);
    await row('marketing').getByRole('link', { name: /^Edit/ }).click();
    await page.waitForURL('**/edit');
    await expectAccessible(page);
    await screenshot(page, 'workspace-edit');
    await page.getByLabel('Name', { exact: true }).fill('Marketing');
    await submit('Save changes');
    expect(new URL(page.url()).pathname).to.equal('/workspaces');
    expect(await row('marketing').locator('th').textContent()).to.equal('Marketing');
  });

  it('shows a stale edit as “changed by someone else” with the current values, and re-applies on request', async () => {
    await page.goto(`${stack.adminUrl}/workspaces`);
    await row('marketing').getByRole('link', { name: /^Edit/ }).click();
    await page.waitForURL('**/edit');
    const id = new URL(page.url()).pathname.split('/')[2]!;

    // Someone else renames it through the API while the form is open.
    const path = `/api/v1/workspaces/${id}`;
    const changed = await stack.api.put(path, { name: 'Renamed elsewhere', slug: 'marketing', description: 'Changed by a script' }, { token: stack.adminToken, headers: await stack.api.ifMatch(path, stack.adminToken) });
    expect(changed.status).to.equal(200);

    await page.getByLabel('Name', { exact: true }).fill('Marketing (mine)');
    await submit('Save changes');
    const conflict = page.locator('section.conflict');
    expect(await conflict.getByRole('heading').textContent()).to.equal('Changed by someone else since you opened it');
    const current = await conflict.locator('.conflict-values').textContent();
    expect(current).to.include('Renamed elsewhere').and.include('Changed by a script');
    // Nothing was overwritten, and the form still holds what the user typed.
    expect((await stack.api.get(path, { token: stack.adminToken })).body.name).to.equal('Renamed elsewhere');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).to.equal('Marketing (mine)');
    await expectAccessible(page);
    await screenshot(page, 'workspace-conflict');

    await submit('Re-apply my changes');
    expect(new URL(page.url()).pathname).to.equal('/workspaces');
    const now = (await stack.api.get(path, { token: stack.adminToken })).body;
    expect(now.name).to.equal('Marketing (mine)');
    // The re-apply sends every field of the form: the description is the one the user saw and kept.
    expect(now.description).to.equal('The public site');
  });

  it('deletes a workspace only after the confirmation', async () => {
    await page.goto(`${stack.adminUrl}/workspaces`);
    await row('marketing').getByRole('link', { name: /^Delete/ }).click();
    await page.waitForURL('**/delete');
    await expectAccessible(page);
    await screenshot(page, 'workspace-delete');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.include('Marketing (mine)');
    await page.getByLabel(/Yes, delete the workspace/).check();
    await submit('Delete workspace');
    expect(new URL(page.url()).pathname).to.equal('/workspaces');
    expect(await page.locator('.flash').textContent()).to.include('deleted');
    expect(await row('marketing').count()).to.equal(0);
  });

  it('works without JavaScript, and a post without the confirmation changes nothing', async () => {
    const ws = await stack.createWorkspace({ slug: 'keep-me', name: 'Keep me' });
    // Plain HTTP (no browser, no JavaScript): the confirm box left unticked.
    const http = new HttpSession(stack.adminUrl);
    await http.signIn(stack.adminEmail, stack.adminPassword);
    const confirmPage = await http.get(`/workspaces/${ws.id}/delete`);
    const etag = /name="_etag" value="([^"]*)"/.exec(confirmPage.text)![1]!;
    const refused = await http.post(`/workspaces/${ws.id}/delete`, { _etag: etag.replace(/&quot;/g, '"'), name: 'Keep me' });
    expect(refused.status).to.equal(422);
    expect(refused.text).to.include('id="confirm-error"');
    expect((await stack.api.get(`/api/v1/workspaces/${ws.id}`, { token: stack.adminToken })).status).to.equal(200);

    // A browser with JavaScript off: tick, submit, gone.
    const { context, page: noJs } = await newPage(browser, { javaScriptEnabled: false });
    try {
      await signIn(noJs, stack.adminUrl, stack.adminEmail, stack.adminPassword);
      await noJs.goto(`${stack.adminUrl}/workspaces/${ws.id}/delete`);
      await noJs.getByLabel(/Yes, delete the workspace/).check();
      await Promise.all([noJs.waitForNavigation(), noJs.getByRole('button', { name: 'Delete workspace' }).click()]);
      expect(new URL(noJs.url()).pathname).to.equal('/workspaces');
      expect((await stack.api.get(`/api/v1/workspaces/${ws.id}`, { token: stack.adminToken })).status).to.equal(404);
    } finally {
      await context.close();
    }
  });

  it('refuses hidden routes opened directly: create for a non-superadmin Admin, edit for a Reader', async () => {
    const ws = await stack.createWorkspace({ slug: 'readable', name: 'Readable' });
    const admin = await stack.createUser({ role: 'Admin', grants: { [ws.id]: 'Write' } });
    const reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });

    const { context: c1, page: p1 } = await newPage(browser);
    try {
      await signIn(p1, stack.adminUrl, admin.email, admin.password);
      await p1.goto(`${stack.adminUrl}/workspaces`);
      expect(await p1.getByRole('link', { name: 'New workspace' }).count()).to.equal(0);
      const res = await p1.goto(`${stack.adminUrl}/workspaces/new`);
      expect(res!.status()).to.equal(403);
      expect(await p1.locator('.error-status').textContent()).to.equal('403');
      await expectAccessible(p1);
      // Admin + Write may edit it, though.
      const edit = await p1.goto(`${stack.adminUrl}/workspaces/${ws.id}/edit`);
      expect(edit!.status()).to.equal(200);
    } finally {
      await c1.close();
    }

    const { context: c2, page: p2 } = await newPage(browser);
    try {
      await signIn(p2, stack.adminUrl, reader.email, reader.password);
      await p2.goto(`${stack.adminUrl}/workspaces`);
      expect(await p2.locator(`tr[data-workspace="readable"]`).getByRole('link').count()).to.equal(0);
      for (const path of [`/workspaces/${ws.id}/edit`, `/workspaces/${ws.id}/delete`]) {
        const res = await p2.goto(stack.adminUrl + path);
        expect(res!.status(), path).to.equal(403);
        expect(await p2.locator('.error-page h1').textContent()).to.equal('Forbidden');
      }
      // A workspace the reader has no grant on is the API's 404, as a page.
      const hidden = await stack.createWorkspace({ slug: 'hidden', name: 'Hidden' });
      const res = await p2.goto(`${stack.adminUrl}/workspaces/${hidden.id}/edit`);
      expect(res!.status()).to.equal(404);
      expect(await p2.locator('.error-status').textContent()).to.equal('404');
    } finally {
      await c2.close();
    }
  });
});
