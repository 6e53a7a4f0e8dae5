// The content list's bulk bar in Chromium against the real API (bulkContentAction): ticking rows,
// the confirmation that names the count and the items, the result with each failure linked to its
// item, "All or nothing" changing nothing when one item fails, "Select all on this page" with the tag
// actions, the actions offered per role (none for a Reader), without JavaScript, and at 390 px; and
// the media library's bulk delete (an asset content still uses is kept and listed).
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { multipart } from '../../test/media/media-world.js';
import { tinyPng } from './helpers/png.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

describe('admin: bulk bar on the content list', function () {
  this.timeout(180_000);
  let stack: AdminStack;
  let browser: Browser;
  let ws: { id: string };
  let editor: StackUser;
  let reader: StackUser;
  let base: string;
  let tv: { id: string; title: string };

  const token = () => stack.adminToken;
  async function ok<T extends { status: number; text: string }>(r: Promise<T>, what: string): Promise<T> {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  }
  const listUrl = (query = '') => `${stack.adminUrl}/workspaces/${ws.id}/content${query}`;
  const statusOf = async (id: string, n = 1) => (await ok(stack.api.get(`${base}/content/${id}/versions/${n}`, { token: token() }), 'read version')).body.status as string;

  async function item(slug: string, title: string, tags: string[] = []) {
    const r = await ok(stack.api.post(`${base}/content`, { templateVersionId: tv.id, slug, tags, fields: [{ fieldId: tv.title, order: 0, valueKind: 'Text', textValue: title }] }, { token: token() }), 'create item');
    return r.body.id as string;
  }
  const move = (id: string, step: 'submit' | 'approve') => ok(stack.api.post(`${base}/content/${id}/versions/1/${step}`, undefined, { token: token() }), step);

  async function as(user: StackUser, run: (page: Page) => Promise<void>, options: Parameters<Browser['newContext']>[0] = {}) {
    const { context, page } = await newPage(browser, options);
    try {
      await signIn(page, stack.adminUrl, user.email, user.password);
      await run(page);
    } finally {
      await context.close();
    }
  }
  async function press(page: Page, name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).click()]);
  }
  const tick = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select ${title}`, exact: true }).check();

  before(async () => {
    stack = await startAdminStack();
    ws = await stack.createWorkspace({ slug: 'bulk', name: 'Bulk' });
    base = `/api/v1/workspaces/${ws.id}`;
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });
    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Post', slug: 'post' }, { token: token() }), 'template');
    const path = `${base}/templates/${t.body.id}/versions/1`;
    await ok(stack.api.post(`${path}/fields`, { key: 'title', label: 'Title', primitiveType: 'Text', order: 0, compositionMode: 'Inline', isRequired: false, minOccurrences: 0 }, { token: token(), headers: await stack.api.ifMatch(path, token()) }), 'field');
    const published = await ok(stack.api.put(`${path}/publish`, undefined, { token: token(), headers: await stack.api.ifMatch(path, token()) }), 'publish template');
    tv = { id: published.body.id, title: (published.body.fields as { id: string }[])[0]!.id };
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('submits the ticked items after a confirmation naming the count, without JavaScript', async () => {
    const a = await item('first', 'First post');
    const b = await item('second', 'Second post');
    const untouched = await item('third', 'Third post');
    await as(
      editor,
      async (page) => {
        await page.goto(listUrl());
        // An Editor may not approve: the bar does not offer it.
        const offered = await page.locator('#bulk-action option').allTextContents();
        expect(offered).to.deep.equal(['Submit for review', 'Publish', 'Archive', 'Delete', 'Add tags', 'Remove tags']);
        await tick(page, 'First post');
        await tick(page, 'Second post');
        await page.getByLabel('Action').selectOption('submit');
        await press(page, 'Continue…');
        expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Submit 2 items?');
        expect(await page.locator('.bulk-items a').allTextContents()).to.have.members(['First post', 'Second post']);
        await press(page, 'Submit 2 items');
        expect(await page.locator('#bulk-summary').textContent()).to.equal('2 items of 2 submitted for review.');
        expect(await page.locator('.bulk-done a').allTextContents()).to.have.members(['First post', 'Second post']);
      },
      // axe needs JavaScript: the same pages are checked in the tests below.
      { javaScriptEnabled: false },
    );
    expect(await statusOf(a)).to.equal('Review');
    expect(await statusOf(b)).to.equal('Review');
    expect(await statusOf(untouched)).to.equal('Draft');
  });

  it('publishes what may be published and lists each failure linked to its item with the reason', async () => {
    const approved = await item('ready', 'Ready to go');
    await move(approved, 'submit');
    await move(approved, 'approve');
    const draft = await item('not-ready', 'Not ready');
    await as(editor, async (page) => {
      await page.goto(listUrl());
      await tick(page, 'Ready to go');
      await tick(page, 'Not ready');
      await page.getByLabel('Action').selectOption('publish');
      await press(page, 'Continue…');
      await press(page, 'Publish 2 items');
      expect(await page.locator('#bulk-summary').textContent()).to.equal('1 item of 2 published. 1 item failed.');
      const failure = page.locator(`.bulk-failed li[data-item="${draft}"]`);
      expect(await failure.getByRole('link').textContent()).to.equal('Not ready');
      expect(await failure.getByRole('link').getAttribute('href')).to.equal(`/workspaces/${ws.id}/content/${draft}`);
      expect((await failure.locator('.bulk-reason').textContent())!.trim()).to.not.equal('');
      await expectAccessible(page);
    });
    expect(await statusOf(approved)).to.equal('Published');
    expect(await statusOf(draft)).to.equal('Draft');
  });

  it('“All or nothing” changes nothing when one item fails', async () => {
    const approved = await item('atomic-ok', 'Atomic ready');
    await move(approved, 'submit');
    await move(approved, 'approve');
    const draft = await item('atomic-draft', 'Atomic draft');
    await as(editor, async (page) => {
      await page.goto(listUrl());
      await tick(page, 'Atomic ready');
      await tick(page, 'Atomic draft');
      await page.getByLabel('Action').selectOption('publish');
      await press(page, 'Continue…');
      await page.getByLabel('All or nothing').check();
      await press(page, 'Publish 2 items');
      expect(await page.locator('#bulk-summary').textContent()).to.match(/^Nothing was changed: 1 item of 2 could not be published/);
      expect(await page.locator('.bulk-failed a').allTextContents()).to.deep.equal(['Atomic draft']);
      expect(await page.locator('.bulk-done').count()).to.equal(0);
    });
    expect(await statusOf(approved)).to.equal('Approved');
    expect(await statusOf(draft)).to.equal('Draft');
  });

  it('“Select all on this page” ticks every row; Add tags asks for the tags and adds them to each item', async () => {
    await as(editor, async (page) => {
      await page.goto(listUrl());
      const rows = await page.locator('.bulk-pick input[type=checkbox]').count();
      await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Select all on this page' }).click()]);
      expect(await page.locator('.bulk-pick input[type=checkbox]:checked').count()).to.equal(rows);
      await page.getByLabel('Action').selectOption('addTags');
      await press(page, 'Continue…');
      // No tags typed: the confirmation asks for them at their input.
      expect(await page.locator('#bulk-tags-error').textContent()).to.include('Enter at least one tag');
      await expectAccessible(page);
      await page.getByLabel('Tags', { exact: true }).fill('Spring, campaign');
      await press(page, `Add tags to ${rows} items`);
      expect(await page.locator('#bulk-summary').textContent()).to.equal(`${rows} items of ${rows} tagged.`);
    });
    const listed = (await ok(stack.api.get(`${base}/content?pageSize=100`, { token: token() }), 'list')).body.items as { tags: string[] }[];
    for (const i of listed) expect(i.tags).to.include.members(['spring', 'campaign']);
  });

  it('shows a Reader no checkboxes and no bar, and refuses a posted bulk action', async () => {
    const id = await item('reader-sees', 'Reader sees');
    await as(reader, async (page) => {
      await page.goto(listUrl());
      expect(await page.locator('.bulk-pick').count()).to.equal(0);
      expect(await page.locator('#bulk-form').count()).to.equal(0);
      const status = await page.evaluate(`(async () => { const r = await fetch(${JSON.stringify(listUrl('/bulk/apply'))}, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=delete&ids=${id}&_csrf=' + encodeURIComponent(document.querySelector('input[name=_csrf]').value) }); return r.status; })()`);
      expect(status).to.equal(403);
    });
    expect(await statusOf(id)).to.equal('Draft');
  });

  it('deletes ticked media after a confirmation; an asset content uses is kept and listed with the reason', async () => {
    const upload = async (fileName: string) => {
      const form = multipart({ fileName, contentType: 'image/png', data: tinyPng() });
      const res = await stack.api.request('POST', `${base}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: token() });
      if (res.status !== 201) throw new Error(`upload ${res.status}`);
      return (res.body as { id: string }).id;
    };
    const spare = await upload('spare.png');
    const used = await upload('used.png');
    const kept = await upload('kept.png');
    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Gallery', slug: 'gallery' }, { token: token() }), 'template');
    const path = `${base}/templates/${t.body.id}/versions/1`;
    await ok(stack.api.post(`${path}/fields`, { key: 'hero', label: 'Hero', primitiveType: 'Media', order: 0, compositionMode: 'Inline', isRequired: false, minOccurrences: 0, maxOccurrences: 1 }, { token: token(), headers: await stack.api.ifMatch(path, token()) }), 'field');
    const gallery = await ok(stack.api.put(`${path}/publish`, undefined, { token: token(), headers: await stack.api.ifMatch(path, token()) }), 'publish template');
    const hero = (gallery.body.fields as { id: string }[])[0]!.id;
    await ok(stack.api.post(`${base}/content`, { templateVersionId: gallery.body.id, slug: 'uses-media', tags: [], fields: [{ fieldId: hero, order: 0, valueKind: 'Media', mediaAssetId: used }] }, { token: token() }), 'item using media');

    await as(editor, async (page) => {
      await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/media`);
      await expectAccessible(page);
      await page.getByRole('checkbox', { name: 'Select spare.png' }).check();
      await page.getByRole('checkbox', { name: 'Select used.png' }).check();
      await press(page, 'Delete ticked…');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Delete 2 assets?');
      expect(await page.locator('.bulk-items a').allTextContents()).to.have.members(['spare.png', 'used.png']);
      await expectAccessible(page);
      await press(page, 'Delete 2 assets');
      expect(await page.locator('#bulk-summary').textContent()).to.equal('1 asset of 2 deleted. 1 asset failed.');
      const failure = page.locator(`.bulk-failed li[data-asset-id="${used}"]`);
      expect(await failure.locator('.bulk-reason').textContent()).to.include('Content still uses it');
      expect(await failure.getByRole('link').getAttribute('href')).to.equal(`/workspaces/${ws.id}/media/${used}`);
      await expectAccessible(page);
    });
    expect((await stack.api.get(`${base}/media/${spare}`, { token: token() })).status).to.equal(404);
    expect((await stack.api.get(`${base}/media/${used}`, { token: token() })).status).to.equal(200);
    expect((await stack.api.get(`${base}/media/${kept}`, { token: token() })).status).to.equal(200);
  });

  it('fits a 390 px screen', async () => {
    await as(
      editor,
      async (page) => {
        await page.goto(listUrl());
        const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
        expect(overflow).to.be.at.most(0);
        expect(await page.getByRole('button', { name: 'Continue…' }).isVisible()).to.equal(true);
        await expectAccessible(page);
        await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/media`);
        expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')).to.be.at.most(0);
        expect(await page.getByRole('button', { name: 'Delete ticked…' }).isVisible()).to.equal(true);
      },
      { viewport: { width: 390, height: 844 } },
    );
  });
});
