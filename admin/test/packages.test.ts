// Packages in a real browser against the real API: export from one workspace (the download is the
// API's own package), a 422 shown at the export form's field, import of that file into a new
// workspace where a same-slug picklist and component already differ (the preview shows both
// conflicts; the chosen resolutions take effect), an invalid package refused at the package field,
// the multipart upload with its own CSRF check, the official packages' one-click install and the
// preview with a resolution after the API's 409, and the read-only view of a user without Write.
import fs from 'node:fs';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { csrfOf, HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

describe('admin: packages', () => {
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let source: { id: string };
  let target: { id: string };
  let modeller: StackUser;
  let templateId: string;
  let packageFile: string;

  const token = () => stack.adminToken;
  const root = (ws: { id: string }) => `/api/v1/workspaces/${ws.id}`;

  async function expectOk(r: Promise<{ status: number; text: string }>, what: string) {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res as { status: number; text: string; body: Record<string, never> & { id: string; currentRevisionId: string } };
  }

  /** A published component with `keys` as Text fields. */
  async function component(ws: { id: string }, slug: string, keys: string[]): Promise<string> {
    const c = await expectOk(stack.api.post(`${root(ws)}/components`, { name: 'Call to action', slug }, { token: token() }), 'component');
    const v = `${root(ws)}/components/${c.body.id}/versions/1`;
    const fields = keys.map((key, order) => ({ key, label: key, order, primitiveType: 'Text' }));
    await expectOk(stack.api.put(`${v}/fields`, fields, { token: token(), headers: await stack.api.ifMatch(v, token()) }), 'component fields');
    await expectOk(stack.api.post(`${v}/publish`, undefined, { token: token(), headers: await stack.api.ifMatch(v, token()) }), 'component publish');
    return c.body.id;
  }

  before(async () => {
    stack = await startAdminStack();
    source = await stack.createWorkspace({ name: 'Source' });
    target = await stack.createWorkspace({ name: 'Target' });
    modeller = await stack.createUser({ role: 'TemplateAdmin', grants: { [source.id]: 'Write', [target.id]: 'Write' } });

    // Source: a "task" template binding the "priority" picklist and the "cta" component.
    const priority = await expectOk(stack.api.post(`${root(source)}/picklists`, { name: 'Priority', slug: 'priority', options: [{ label: 'Low', value: 'low' }, { label: 'High', value: 'high' }] }, { token: token() }), 'picklist');
    const ctaId = await component(source, 'cta', ['text', 'url']);
    const t = await expectOk(stack.api.post(`${root(source)}/templates`, { name: 'Task', slug: 'task' }, { token: token() }), 'template');
    templateId = t.body.id;
    const tv = `${root(source)}/templates/${templateId}/versions/1`;
    const field = async (body: Record<string, unknown>) => expectOk(stack.api.post(`${tv}/fields`, { compositionMode: 'Inline', isRequired: false, minOccurrences: 0, ...body }, { token: token(), headers: await stack.api.ifMatch(tv, token()) }), 'field');
    await field({ key: 'priority', label: 'Priority', order: 0, primitiveType: 'PickList', picklistId: priority.body.id, picklistRevisionId: priority.body.currentRevisionId });
    await field({ key: 'cta', label: 'Call to action', order: 1, componentId: ctaId });
    await expectOk(stack.api.put(`${tv}/publish`, undefined, { token: token(), headers: await stack.api.ifMatch(tv, token()) }), 'publish');

    // Target: same slugs, different content.
    await expectOk(stack.api.post(`${root(target)}/picklists`, { name: 'Priority', slug: 'priority', options: [{ label: 'Urgent', value: 'urgent' }] }, { token: token() }), 'target picklist');
    await component(target, 'cta', ['label']);

    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, modeller.email, modeller.password);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function submit(name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).click()]);
  }

  it('exports a package as a download that is the API’s own package, after showing a 422 at its field', async () => {
    await page.goto(`${stack.adminUrl}/packages?workspace=${source.id}`);
    await page.getByRole('link', { name: 'export a package' }).click();
    await page.waitForURL('**/packages/export');
    await expectAccessible(page, 'package export');
    await page.getByLabel('Task task').check();
    await page.getByLabel('Package id').fill('tasks');
    await page.getByLabel('Version').fill('1.2');
    await submit('Download package');
    expect(await page.locator('.problem').count()).to.equal(1);
    expect(await page.locator('#version-error').textContent()).to.match(/\S/);
    expect(await page.getByLabel('Version').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.getByLabel('Task task').isChecked()).to.equal(true);
    await expectAccessible(page, 'package export 422');

    await page.getByLabel('Version').fill('1.2.0');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download package' }).click()]);
    expect(download.suggestedFilename()).to.equal('tasks-1.2.0.json');
    packageFile = (await download.path())!;
    const pkg = JSON.parse(fs.readFileSync(packageFile, 'utf8'));
    const fromApi = await stack.api.get(`${root(source)}/packages/export?templateIds=${templateId}&packageNamespace=custom&id=tasks&version=1.2.0`, { token: token() });
    expect(pkg).to.deep.equal(fromApi.body);
    expect(pkg.picklists.map((p: { slug: string }) => p.slug)).to.deep.equal(['priority']);
    expect(pkg.components.map((c: { slug: string }) => c.slug)).to.deep.equal(['cta']);
  });

  it('imports the file into another workspace: the preview shows the conflicts, the chosen resolutions take effect', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${target.id}/packages/import`);
    await expectAccessible(page, 'package import');
    await page.setInputFiles('#packageFile', packageFile);
    await submit('Preview the import');
    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${target.id}/packages/import/preview`);
    expect(await page.locator('h1').textContent()).to.equal('Preview: custom/tasks 1.2.0');
    expect(await page.locator('[data-preview="template"] tr[data-slug="task"]').getAttribute('data-status')).to.equal('Create');
    const picklistConflict = page.locator('[data-conflict="picklist:priority"]');
    expect(await picklistConflict.locator('.compare').textContent()).to.include('Low (low), High (high)').and.include('Urgent (urgent)');
    expect(await page.locator('[data-conflict="component:cta"]').count()).to.equal(1);
    await expectAccessible(page, 'package import preview');
    await screenshot(page, 'package-import-preview', { fullPage: true });

    await picklistConflict.getByLabel('Import as a new one').check();
    await page.locator('[data-conflict="component:cta"]').getByLabel('Keep this workspace’s').check();
    await submit('Import package');
    expect(await page.locator('h1').textContent()).to.equal('Imported custom/tasks 1.2.0');
    expect(await page.locator('[data-result="picklist"] tr[data-slug="priority"]').textContent()).to.include('priority-2').and.include('Created as a new one');
    expect(await page.locator('[data-result="component"] tr[data-slug="cta"]').textContent()).to.include('Kept the existing one');
    await expectAccessible(page, 'package import result');

    const picklists = (await stack.api.get(`${root(target)}/picklists?pageSize=100`, { token: token() })).body.items as { slug: string; optionCount: number }[];
    expect(picklists.map((p) => [p.slug, p.optionCount]).sort()).to.deep.equal([['priority', 1], ['priority-2', 2]]);
    const comps = (await stack.api.get(`${root(target)}/components?pageSize=100`, { token: token() })).body.items as { slug: string }[];
    expect(comps.map((c) => c.slug)).to.deep.equal(['cta']);
    const templates = (await stack.api.get(`${root(target)}/templates?pageSize=100`, { token: token() })).body.items as { slug: string }[];
    expect(templates.map((t) => t.slug)).to.deep.equal(['task']);
  });

  it('shows an invalid package’s problems at the package field and keeps what was pasted', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${target.id}/packages/import`);
    await page.getByLabel('Or paste the package’s JSON').fill('{ not json');
    await submit('Preview the import');
    expect(await page.locator('#package-error').textContent()).to.include('not JSON');
    const invalid = JSON.stringify({ versoPackage: '1.1', namespace: 'Not Valid', id: 'x', version: '1.0.0', name: 'X', templates: [] });
    await page.getByLabel('Or paste the package’s JSON').fill(invalid);
    await submit('Preview the import');
    expect(await page.locator('.problem').count()).to.equal(1);
    expect(await page.locator('#package-error').textContent()).to.include('/namespace');
    expect(await page.getByLabel('Or paste the package’s JSON').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.getByLabel('Or paste the package’s JSON').inputValue()).to.equal(invalid);
    await expectAccessible(page, 'package import 422');
  });

  it('reads a multipart upload itself, with the CSRF token of its own field and the 10 MiB limit', async () => {
    const http = new HttpSession(stack.adminUrl);
    await http.signIn(modeller.email, modeller.password);
    const path = `/workspaces/${target.id}/packages/import/preview`;
    const csrf = csrfOf((await http.get(`/workspaces/${target.id}/packages/import`)).text);
    // No header token: a form posted by a browser without JavaScript carries only its `_csrf` field.
    const post = (form: FormData) => fetch(stack.adminUrl + path, { method: 'POST', body: form, redirect: 'manual', headers: { cookie: http.cookieHeader() } });
    const form = (fieldToken: string, content: string | Buffer) => {
      const f = new FormData();
      f.set('_csrf', fieldToken);
      f.set('packageFile', new Blob([content], { type: 'application/json' }), 'tasks.json');
      return f;
    };
    const ok = await post(form(csrf, fs.readFileSync(packageFile)));
    expect(ok.status).to.equal(200);
    expect(await ok.text()).to.include('Preview: custom/tasks 1.2.0');
    // The field's token is what lets it through: a wrong one is the 403 page, nothing previewed.
    expect((await post(form('wrong-token', fs.readFileSync(packageFile)))).status).to.equal(403);
    // Multipart is let through the app-wide check only on this route: elsewhere it is refused.
    const other = await fetch(`${stack.adminUrl}/workspaces/${target.id}/picklists/new`, { method: 'POST', body: form(csrf, 'x'), redirect: 'manual', headers: { cookie: http.cookieHeader() } });
    expect(other.status).to.equal(403);
    // The same upload in a browser without JavaScript: the file input posts multipart itself.
    const { context: noJs, page: plain } = await newPage(browser, { javaScriptEnabled: false });
    try {
      await signIn(plain, stack.adminUrl, modeller.email, modeller.password);
      await plain.goto(`${stack.adminUrl}/workspaces/${target.id}/packages/import`);
      await plain.setInputFiles('#packageFile', packageFile);
      await Promise.all([plain.waitForNavigation(), plain.getByRole('button', { name: 'Preview the import' }).click()]);
      expect(await plain.locator('h1').textContent()).to.equal('Preview: custom/tasks 1.2.0');
    } finally {
      await noJs.close();
    }
    const tooLarge = await post(form(csrf, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)));
    expect(tooLarge.status).to.equal(413);
    expect(await tooLarge.text()).to.include('larger than 10 MiB');
  });

  it('installs an official package in one click, and resolves a conflict the API reports on install', async () => {
    await page.goto(`${stack.adminUrl}/packages`);
    await page.getByLabel('Workspace to preview and install into').selectOption(target.id);
    await submit('Choose');
    await expectAccessible(page, 'packages with a workspace');
    await Promise.all([page.waitForNavigation(), page.locator('tr[data-package="blog"]').getByRole('button', { name: 'Install Blog Starter' }).click()]);
    expect(await page.locator('h1').textContent()).to.equal('Installed verso.official/blog 1.0.0');
    const templates = (await stack.api.get(`${root(target)}/templates?pageSize=100`, { token: token() })).body.items as { slug: string }[];
    expect(templates.map((t) => t.slug)).to.include.members(['article', 'author']);

    // Foundation brings a "yes-no" picklist; the workspace has a different one, so install is a 409.
    await expectOk(stack.api.post(`${root(target)}/picklists`, { name: 'Yes or no', slug: 'yes-no', options: [{ label: 'Oui', value: 'oui' }] }, { token: token() }), 'yes-no');
    await page.goto(`${stack.adminUrl}/packages?workspace=${target.id}`);
    await Promise.all([page.waitForNavigation(), page.locator('tr[data-package="foundation"]').getByRole('button', { name: 'Install Foundation' }).click()]);
    expect(await page.locator('.problem').textContent()).to.match(/resolution/i);
    expect(await page.locator('[data-conflict="picklist:yes-no"]').count()).to.equal(1);
    await expectAccessible(page, 'official preview after 409');
    await page.locator('[data-conflict="picklist:yes-no"]').getByLabel('Replace with the package’s').check();
    await submit('Install package');
    expect(await page.locator('[data-result="picklist"] tr[data-slug="yes-no"]').textContent()).to.include('Replaced the existing one');
    const yesNo = (await stack.api.get(`${root(target)}/picklists?search=yes-no`, { token: token() })).body.items[0];
    const current = (await stack.api.get(`${root(target)}/picklists/${yesNo.id}`, { token: token() })).body;
    expect(current.revisionNumber).to.equal(2);
    expect(current.options.map((o: { value: string }) => o.value)).to.not.include('oui');
  });

  it('previews an official package from the list', async () => {
    const fresh = await stack.createWorkspace({ name: 'Fresh' });
    const admin = await stack.createUser({ role: 'Admin', grants: { [fresh.id]: 'Write' } });
    const { context, page: p } = await newPage(browser);
    try {
      await signIn(p, stack.adminUrl, admin.email, admin.password);
      await p.goto(`${stack.adminUrl}/packages?workspace=${fresh.id}`);
      await Promise.all([p.waitForNavigation(), p.locator('tr[data-package="foundation"]').getByRole('link', { name: 'Preview Foundation' }).click()]);
      expect(await p.locator('h1').textContent()).to.equal('Preview: verso.official/foundation 1.0.0');
      expect(await p.locator('[data-preview="picklist"] tr[data-status="Create"]').count()).to.equal(3);
      await expectAccessible(p, 'official preview');
    } finally {
      await context.close();
    }
  });

  it('shows a user without Write the package screens disabled with the reason; the API refuses a direct post', async () => {
    const readOnly = await stack.createUser({ role: 'TemplateAdmin', grants: { [target.id]: 'Read' } });
    const { context, page: p } = await newPage(browser);
    try {
      await signIn(p, stack.adminUrl, readOnly.email, readOnly.password);
      await p.goto(`${stack.adminUrl}/packages?workspace=${target.id}`);
      const install = p.locator('tr[data-package="blog"]').getByRole('button', { name: 'Install Blog Starter' });
      expect(await install.isDisabled()).to.equal(true);
      expect(await install.getAttribute('aria-describedby')).to.equal('install-reason');
      expect(await p.locator('#install-reason').textContent()).to.include('Write access');
      await expectAccessible(p, 'packages (Read grant)');
      await p.goto(`${stack.adminUrl}/workspaces/${target.id}/packages/import`);
      expect(await p.getByRole('button', { name: 'Preview the import' }).isDisabled()).to.equal(true);
      expect(await p.locator('#import-reason').textContent()).to.include('Write access');
      await expectAccessible(p, 'package import (Read grant)');
      await p.goto(`${stack.adminUrl}/workspaces/${target.id}/packages/export`);
      expect(await p.getByRole('button', { name: 'Download package' }).isDisabled()).to.equal(true);
      await expectAccessible(p, 'package export (Read grant)');
    } finally {
      await context.close();
    }
    const http = new HttpSession(stack.adminUrl);
    await http.signIn(readOnly.email, readOnly.password);
    const refused = await http.post(`/workspaces/${target.id}/packages/official/foundation`, {}, `/workspaces/${target.id}/packages/import`);
    expect(refused.status).to.equal(403);
    const reader = await stack.createUser({ role: 'Reader', grants: { [target.id]: 'Read' } });
    const readerHttp = new HttpSession(stack.adminUrl);
    await readerHttp.signIn(reader.email, reader.password);
    expect((await readerHttp.get('/packages')).status).to.equal(403);
  });
});
