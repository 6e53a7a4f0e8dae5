// The Preview button (issue #27 §1) in a real browser against the real API: an Admin sets the
// workspace's preview URL; an Editor's Preview on the item page opens that URL in a new tab with an
// item-scoped token that the "site" (a server of this test) reads the draft with; "Save and
// preview" in the editor saves first; without a preview URL the admin shows the preview itself; the
// Admin sees the live tokens and revokes one, after which the site's read is 401. The admin's own
// preview shows a draft's image from the asset the preview read carried. Every screen is checked
// with axe.
import http from 'node:http';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { listen, startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';
import { dbQuery } from '../../test/helpers/actors.js';
import { multipart } from '../../test/media/media-world.js';
import { makeImage } from '../../test/media/public-images.js';

interface SiteVisit {
  readonly slug: string | null;
  readonly locale: string | null;
  readonly token: string;
  readonly apiStatus: number;
}

describe('admin: content preview', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let editorContext: BrowserContext;
  let editorPage: Page;
  let adminPage: Page;
  let ws: { id: string };
  let editor: StackUser;
  let itemId: string;
  let titleField: string;
  let heroField: string;
  let pageVersionId: string;
  let site: Awaited<ReturnType<typeof listen>>;
  const visits: SiteVisit[] = [];
  const api = () => `/api/v1/workspaces/${ws.id}`;

  async function ok<T extends { status: number; text: string }>(r: Promise<T>, what: string): Promise<T> {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  }

  /** A site's preview route: reads the item with the token it was given, as a real site would. */
  async function siteHandler(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://site.test');
    if (url.pathname !== '/api/preview') return void res.writeHead(404).end(); // the browser's /favicon.ico
    const token = url.searchParams.get('token') ?? '';
    const slug = url.searchParams.get('slug');
    const read = await fetch(`${stack.apiUrl}${api()}/content/by-slug/${encodeURIComponent(slug ?? '')}`, { headers: { authorization: `Bearer ${token}` } });
    const body = read.ok ? ((await read.json()) as { status: string; isPreview?: boolean; fields: { key: string; textValue: string | null }[] }) : null;
    visits.push({ slug, locale: url.searchParams.get('locale'), token, apiStatus: read.status });
    const title = body?.fields.find((f) => f.key === 'title')?.textValue ?? '(nothing)';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Site preview</title></head><body><main><h1>${title}</h1><p id="status">${body?.status ?? read.status}</p><p id="preview">${String(body?.isPreview)}</p></main></body></html>`);
  }

  async function setPreviewUrl(value: string) {
    await adminPage.goto(`${stack.adminUrl}/workspaces/${ws.id}/edit`);
    await adminPage.getByLabel('Preview URL').fill(value);
    await Promise.all([adminPage.waitForNavigation(), adminPage.getByRole('button', { name: 'Save changes' }).click()]);
  }

  /** Clicks `button` and returns the tab it opens, loaded. */
  async function opensTab(click: () => Promise<void>): Promise<Page> {
    const [tab] = await Promise.all([editorContext.waitForEvent('page'), click()]);
    await tab.waitForLoadState('load');
    return tab;
  }

  before(async () => {
    stack = await startAdminStack();
    site = await listen((req, res) => void siteHandler(req, res));
    ws = await stack.createWorkspace({ slug: 'previews', name: 'Previews' });
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' }, displayName: 'Eddie Editor' });
    const token = stack.adminToken;
    const t = await ok(stack.api.post(`${api()}/templates`, { name: 'Page', slug: 'page' }, { token }), 'template');
    const tv = `${api()}/templates/${t.body.id}/versions/1`;
    await ok(stack.api.post(`${tv}/fields`, { key: 'title', label: 'Title', primitiveType: 'Text', order: 0, compositionMode: 'Inline', isRequired: false, minOccurrences: 0 }, { token, headers: await stack.api.ifMatch(tv, token) }), 'field');
    await ok(stack.api.post(`${tv}/fields`, { key: 'hero', label: 'Hero', primitiveType: 'Media', order: 1, compositionMode: 'Inline', isRequired: false, minOccurrences: 0, maxOccurrences: 1 }, { token, headers: await stack.api.ifMatch(tv, token) }), 'media field');
    const published = await ok(stack.api.put(`${tv}/publish`, undefined, { token, headers: await stack.api.ifMatch(tv, token) }), 'publish template');
    const fieldOf = (key: string) => published.body.fields.find((f: { key: string }) => f.key === key).id as string;
    titleField = fieldOf('title');
    heroField = fieldOf('hero');
    pageVersionId = published.body.id;
    // A site shows images through their public URLs: on for this workspace.
    await dbQuery(stack.api, 'UPDATE workspaces SET public_media = true WHERE id = $1', [ws.id]);
    const value = (text: string) => [{ fieldId: titleField, order: 0, valueKind: 'Text', textValue: text }];
    const item = await ok(stack.api.post(`${api()}/content`, { templateVersionId: published.body.id, slug: 'about', localeCode: 'en', tags: [], fields: value('Published title') }, { token }), 'item');
    itemId = item.body.id;
    await ok(stack.api.post(`${api()}/content/${itemId}/versions/1/publish`, { overrideWorkflow: true }, { token }), 'publish item');
    await ok(stack.api.post(`${api()}/content/${itemId}/versions`, { fields: value('Draft title') }, { token }), 'draft');

    browser = await launchBrowser();
    ({ page: adminPage } = await newPage(browser));
    await signIn(adminPage, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    ({ context: editorContext, page: editorPage } = await newPage(browser));
    await signIn(editorPage, stack.adminUrl, editor.email, editor.password);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await stack?.close();
  });

  it('an Admin sets the preview URL on the workspace form (a template without {token} is refused at the field)', async () => {
    await setPreviewUrl(`${site.url}/api/preview?slug={slug}`);
    expect(await adminPage.locator('#previewUrl-error').textContent()).to.include('{token}');
    expect(await adminPage.getByLabel('Preview URL').getAttribute('aria-invalid')).to.equal('true');
    await expectAccessible(adminPage);
    await setPreviewUrl(`${site.url}/api/preview?slug={slug}&locale={locale}&token={token}`);
    expect((await stack.api.get(`${api()}`, { token: stack.adminToken })).body.previewUrl).to.equal(`${site.url}/api/preview?slug={slug}&locale={locale}&token={token}`);
  });

  it('Preview on the item page opens the site in a new tab with a token that reads the draft', async () => {
    await editorPage.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${itemId}`);
    await expectAccessible(editorPage);
    const tab = await opensTab(() => editorPage.getByRole('button', { name: /^Preview/ }).click());
    // The admin's answer moves on to the site (a refresh: its CSP keeps form answers on the admin).
    await tab.waitForURL(`${site.url}/**`);
    await tab.waitForLoadState('load');
    expect(tab.url().startsWith(`${site.url}/api/preview?slug=about&locale=en&token=verso_preview_`)).to.equal(true);
    expect(await tab.locator('h1').textContent()).to.equal('Draft title');
    expect(await tab.locator('#status').textContent()).to.equal('Draft');
    expect(await tab.locator('#preview').textContent()).to.equal('true');
    const visit = visits.at(-1)!;
    expect(visit).to.deep.include({ slug: 'about', locale: 'en', apiStatus: 200 });
    // Scoped to this item: the token reads nothing else of the workspace's list.
    const list = await fetch(`${stack.apiUrl}${api()}/content`, { headers: { authorization: `Bearer ${visit.token}` } });
    expect(((await list.json()) as { items: { id: string }[] }).items.map((i) => i.id)).to.deep.equal([itemId]);
    await tab.close();
  });

  it('Save and preview in the editor saves first, then previews what was saved', async () => {
    await editorPage.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${itemId}/versions/2/edit`);
    await editorPage.getByRole('textbox', { name: /^Title/ }).fill('Edited before preview');
    const tab = await opensTab(() => editorPage.getByRole('button', { name: /^Save and preview/ }).click());
    await tab.waitForURL(`${site.url}/**`);
    await tab.waitForLoadState('load');
    expect(await tab.locator('h1').textContent()).to.equal('Edited before preview');
    const saved = await stack.api.get(`${api()}/content/${itemId}/versions/2`, { token: stack.adminToken });
    expect(saved.body.fields.find((f: { fieldId: string }) => f.fieldId === titleField).textValue).to.equal('Edited before preview');
    await tab.close();
  });

  it('without a preview URL the admin shows the preview itself', async () => {
    await setPreviewUrl('');
    await editorPage.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${itemId}`);
    const tab = await opensTab(() => editorPage.getByRole('button', { name: /^Preview/ }).click());
    expect(tab.url()).to.equal(`${stack.adminUrl}/workspaces/${ws.id}/content/${itemId}/preview`);
    expect(await tab.getByRole('status').textContent()).to.include('Preview.');
    // Named by its title, as the viewer names an item, not by its slug.
    expect(await tab.title()).to.include('Preview of Edited before preview');
    expect(await tab.locator('.content-viewer').textContent()).to.include('Edited before preview');
    expect(await tab.locator('.content-viewer').textContent()).to.include('Draft');
    await expectAccessible(tab);
    await tab.close();
  });

  it("the admin's own preview shows a draft's new image from the asset the preview read carried", async () => {
    const token = stack.adminToken;
    const form = multipart({ fileName: 'harbour.png', contentType: 'image/png', data: await makeImage('png', 480, 320) });
    const uploaded = await ok(stack.api.request('POST', `${api()}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token }), 'upload');
    const assetId = uploaded.body.id as string;
    const fields = [
      { fieldId: titleField, order: 0, valueKind: 'Text', textValue: 'Harbour draft' },
      { fieldId: heroField, order: 0, valueKind: 'Media', mediaAssetId: assetId },
    ];
    const draft = await ok(stack.api.post(`${api()}/content`, { templateVersionId: pageVersionId, slug: 'harbour', localeCode: 'en', tags: [], fields }, { token }), 'draft item');
    const draftId = draft.body.id as string;
    // The preview read itself carries the asset, with public URLs the preview reader can load.
    const minted = await ok(stack.api.post(`${api()}/preview-tokens`, { contentItemId: draftId }, { token }), 'mint');
    const read = await fetch(`${stack.apiUrl}${api()}/content/by-slug/harbour`, { headers: { authorization: `Bearer ${minted.body.token as string}` } });
    const hero = ((await read.json()) as { fields: { valueKind: string; asset?: { id: string; renditionUrl: string | null } | null }[] }).fields.find((f) => f.valueKind === 'Media')!;
    expect(hero.asset).to.include({ id: assetId });
    expect(hero.asset!.renditionUrl).to.be.a('string');

    await editorPage.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${draftId}`);
    const tab = await opensTab(() => editorPage.getByRole('button', { name: /^Preview/ }).click());
    expect(tab.url()).to.equal(`${stack.adminUrl}/workspaces/${ws.id}/content/${draftId}/preview`);
    const img = tab.locator(`.content-viewer [data-asset="${assetId}"] img`);
    // The preview's own rendition URL, re-served on the admin's origin, and the browser decodes it.
    expect(await img.getAttribute('src')).to.equal(hero.asset!.renditionUrl!.replace(/^https?:\/\/[^/]+/, '').replace('{width}', '160').replace('{format}', 'webp'));
    const width = await img.evaluate((el) => {
      const image = el as unknown as { decode(): Promise<void>; naturalWidth: number };
      return image.decode().then(() => image.naturalWidth);
    });
    expect(width).to.equal(160);
    await expectAccessible(tab);
    await tab.close();
  });

  it('an Editor sees only the preview tokens they created, from the item page, and revokes one: it leaves the live ones', async () => {
    const mine = await stack.api.get(`${api()}/preview-tokens?pageSize=100`, { token: editor.token });
    const all = await stack.api.get(`${api()}/preview-tokens?pageSize=100`, { token: stack.adminToken });
    const mineIds = (mine.body.items as { id: string; createdByUserId: string }[]).map((t) => t.id);
    expect(mineIds.length).to.be.greaterThan(0);
    // The Admin minted one in the test before: not the Editor's to see.
    expect(all.body.totalCount).to.be.greaterThan(mine.body.totalCount);
    await editorPage.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${itemId}`);
    await Promise.all([editorPage.waitForNavigation(), editorPage.getByRole('link', { name: 'Your preview tokens' }).click()]);
    expect(await editorPage.getByRole('heading', { level: 1 }).textContent()).to.equal('Your preview tokens');
    const rows = editorPage.locator('tr[data-preview-token]');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-preview-token')))).to.deep.equal(mineIds);
    await expectAccessible(editorPage);
    const first = mineIds[0]!;
    await Promise.all([editorPage.waitForNavigation(), editorPage.getByRole('button', { name: /^Revoke/ }).first().click()]);
    expect(await editorPage.getByRole('status').textContent()).to.include('Preview token revoked.');
    expect(await editorPage.locator(`tr[data-preview-token="${first}"]`).count()).to.equal(0);
    const row = await stack.api.get(`${api()}/preview-tokens?pageSize=100`, { token: stack.adminToken });
    expect((row.body.items as { id: string }[]).map((t) => t.id)).not.to.include(first);
  });

  it('an Admin sees the live preview tokens of the workspace and revokes one: the site reads 401 with it', async () => {
    const token = visits.at(-1)!.token;
    await adminPage.goto(`${stack.adminUrl}/workspaces/${ws.id}/edit`);
    const rows = adminPage.locator('tr[data-preview-token]');
    expect(await rows.count()).to.be.greaterThan(1);
    await expectAccessible(adminPage);
    const before = await rows.count();
    // Revoke them all; the one the site holds is among them.
    for (let i = 0; i < before; i++) {
      await Promise.all([adminPage.waitForNavigation(), adminPage.getByRole('button', { name: /^Revoke/ }).first().click()]);
    }
    expect(await adminPage.locator('tr[data-preview-token]').count()).to.equal(0);
    expect(await adminPage.locator('#preview-tokens-title + .empty').textContent()).to.match(/No preview token/);
    const read = await fetch(`${stack.apiUrl}${api()}/content/by-slug/about`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).to.equal(401);
  });
});
