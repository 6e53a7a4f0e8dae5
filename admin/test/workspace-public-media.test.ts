// A workspace's public media settings in a real browser against the real API: the create and edit
// forms' two checkboxes are saved through the API (and shown in the list), and "Revoke public media
// URLs" (after a confirmation, with CSRF) rotates the workspace's media URL generation, so a public URL
// handed out before answers 404 and the new one works. A post without the confirmation or without the
// form's CSRF token revokes nothing, and an Editor with Write gets a 403 (the page's and the API's).
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { HttpSession } from './helpers/http.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';
import { tinyPng } from './helpers/png.js';

describe('admin: a workspace’s public media settings and revoking its public URLs', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let id: string;
  let assetId: string;
  let oldUrl: string;

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const row = (slug: string) => page.locator(`tr[data-workspace="${slug}"]`);
  const readWorkspace = async () => {
    const res = await stack.api.get(`/api/v1/workspaces/${id}`, { token: stack.adminToken });
    expect(res.status).to.equal(200);
    return res.body as { publicMedia: boolean; allMediaPublic: boolean; mediaUrlGeneration: number; name: string };
  };
  const publicUrlOf = async (asset: string): Promise<string | null> => {
    const res = await stack.api.get(`/api/v1/workspaces/${id}/media/${asset}`, { token: stack.adminToken });
    expect(res.status).to.equal(200);
    return res.body.publicUrl;
  };
  async function submit(name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).click()]);
  }

  it('creates a workspace with public media URLs on, and the edit form turns every upload public', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/new`);
    const publicMedia = page.getByRole('checkbox', { name: 'Public media URLs' });
    const allPublic = page.getByLabel('Every upload is public, not only what published content uses');
    expect(await publicMedia.isChecked()).to.equal(false);
    expect(await allPublic.isChecked()).to.equal(false);
    expect(await page.locator('#allMediaPublic-hint').textContent()).to.include('Only has an effect while public media URLs are on');
    await page.getByLabel('Name', { exact: true }).fill('Press room');
    await page.getByLabel('Slug').fill('press');
    await publicMedia.check();
    await expectAccessible(page);
    await submit('Create workspace');
    expect(new URL(page.url()).pathname).to.equal('/workspaces');
    expect(await row('press').locator('[data-public-media]').textContent()).to.equal('On, what published content uses');
    await expectAccessible(page);

    id = (await row('press').getByRole('link', { name: /^Edit/ }).getAttribute('href'))!.split('/')[2]!;
    expect(await readWorkspace()).to.include({ publicMedia: true, allMediaPublic: false, mediaUrlGeneration: 0 });

    await page.goto(`${stack.adminUrl}/workspaces/${id}/edit`);
    expect(await page.getByRole('checkbox', { name: 'Public media URLs' }).isChecked()).to.equal(true);
    expect(await page.locator('[data-public-media]').textContent()).to.equal('On, what published content uses');
    await page.getByLabel('Every upload is public, not only what published content uses').check();
    await submit('Save changes');
    expect(await row('press').locator('[data-public-media]').textContent()).to.equal('On, every upload');
    expect(await readWorkspace()).to.include({ publicMedia: true, allMediaPublic: true });

    // Unticking is saved too (an unticked box is not posted at all), and the other fields are kept.
    await page.goto(`${stack.adminUrl}/workspaces/${id}/edit`);
    await page.getByRole('checkbox', { name: 'Public media URLs' }).uncheck();
    await submit('Save changes');
    expect(await readWorkspace()).to.include({ publicMedia: false, allMediaPublic: true, name: 'Press room' });
    expect(await row('press').locator('[data-public-media]').textContent()).to.equal('Off');

    await page.goto(`${stack.adminUrl}/workspaces/${id}/edit`);
    await page.getByRole('checkbox', { name: 'Public media URLs' }).check();
    await submit('Save changes');
    expect(await readWorkspace()).to.include({ publicMedia: true, allMediaPublic: true });
  });

  it('revokes the public media URLs after a confirmation: the old URL is 404, the new one works', async () => {
    // An upload, public at once because every upload of the workspace is.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${stack.apiUrl}/api/v1/workspaces/${id}/media`, { method: 'POST', headers: { authorization: `Bearer ${stack.adminToken}` }, body: form });
    expect(uploaded.status).to.equal(201);
    assetId = ((await uploaded.json()) as { id: string }).id;
    oldUrl = (await publicUrlOf(assetId))!;
    expect(oldUrl).to.be.a('string');
    expect((await fetch(stack.apiUrl + oldUrl)).status).to.equal(200);

    await page.goto(`${stack.adminUrl}/workspaces/${id}/edit`);
    expect(await page.locator('[data-media-url-generation]').textContent()).to.equal('Never');
    await Promise.all([page.waitForURL('**/public-media/revoke'), page.getByRole('link', { name: 'Revoke public media URLs' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Revoke public media URLs');
    await expectAccessible(page);
    await page.getByLabel(/Yes, revoke every public media URL of Press room/).check();
    await submit('Revoke public media URLs');

    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${id}/edit`);
    expect(await page.locator('.flash').textContent()).to.include('Every public media URL handed out before now stops working; published content carries new URLs');
    expect(await page.locator('[data-media-url-generation]').textContent()).to.equal('Once');
    await expectAccessible(page);
    expect((await readWorkspace()).mediaUrlGeneration).to.equal(1);

    expect((await fetch(stack.apiUrl + oldUrl)).status).to.equal(404);
    const newUrl = (await publicUrlOf(assetId))!;
    expect(newUrl).to.be.a('string').and.not.equal(oldUrl);
    const served = await fetch(stack.apiUrl + newUrl);
    expect(served.status).to.equal(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(tinyPng())).to.equal(true);
  });

  it('revokes nothing without the confirmation or the form’s CSRF token, and refuses an Editor', async () => {
    const http = new HttpSession(stack.adminUrl);
    await http.signIn(stack.adminEmail, stack.adminPassword);
    const path = `/workspaces/${id}/public-media/revoke`;
    const unconfirmed = await http.post(path, {});
    expect(unconfirmed.status).to.equal(422);
    expect(unconfirmed.text).to.include('id="confirm-error"');
    const forged = await http.request('POST', path, { confirm: 'yes' });
    expect(forged.status).to.equal(403);
    expect(forged.text).to.include('This form has expired');
    expect((await readWorkspace()).mediaUrlGeneration).to.equal(1);

    const editor = await stack.createUser({ role: 'Editor', grants: { [id]: 'Write' } });
    const asEditor = new HttpSession(stack.adminUrl);
    await asEditor.signIn(editor.email, editor.password);
    expect((await asEditor.get(path)).status).to.equal(403);
    // A direct post (with a valid CSRF token from a page the Editor may open) is the API's 403.
    const refused = await asEditor.post(path, { confirm: 'yes' }, '/workspaces');
    expect(refused.status).to.equal(403);
    expect((await readWorkspace()).mediaUrlGeneration).to.equal(1);
    expect((await fetch(stack.apiUrl + (await publicUrlOf(assetId))!)).status).to.equal(200);
  });
});
