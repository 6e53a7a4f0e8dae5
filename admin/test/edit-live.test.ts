// Edit live, in a real browser against the real API: "Edit" on the item page and in the viewer of a
// Published version makes a Draft copied from it (the editor opens with the live values) or opens the
// Draft the item already has; "New version" copies the latest version unless "Start empty" is ticked;
// a Reader is offered no Edit.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

describe('admin: edit live', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let ws: { id: string };
  let editor: StackUser;
  let reader: StackUser;
  let base: string;
  let tv: { id: string; title: string; body: string };

  const token = () => stack.adminToken;
  async function ok<T extends { status: number; text: string }>(r: Promise<T>, what: string): Promise<T> {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  }
  const itemUrl = (id: string, rest = '') => `${stack.adminUrl}/workspaces/${ws.id}/content/${id}${rest}`;
  const versionOf = async (id: string, n: number) => (await ok(stack.api.get(`${base}/content/${id}/versions/${n}`, { token: token() }), `read v${n}`)).body;
  const itemOf = async (id: string) => (await ok(stack.api.get(`${base}/content/${id}`, { token: token() }), 'read item')).body;
  const textOf = (v: { fields: { key: string; textValue: string | null }[] }, key: string) => v.fields.find((f) => f.key === key)?.textValue ?? null;

  /** A published item with a title and body; returns its id. */
  async function publishedItem(slug: string, title: string) {
    const created = await ok(
      stack.api.post(
        `${base}/content`,
        { templateVersionId: tv.id, slug, tags: [], fields: [{ fieldId: tv.title, order: 0, valueKind: 'Text', textValue: title }, { fieldId: tv.body, order: 0, valueKind: 'Text', textValue: `Body of ${title}` }] },
        { token: token() },
      ),
      'create item',
    );
    await ok(stack.api.post(`${base}/content/${created.body.id}/versions/1/publish`, { overrideWorkflow: true }, { token: token() }), 'publish');
    return created.body.id as string;
  }

  async function click(name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name, exact: typeof name === 'string' }).first().click()]);
  }

  before(async () => {
    stack = await startAdminStack();
    ws = await stack.createWorkspace({ slug: 'live', name: 'Live' });
    base = `/api/v1/workspaces/${ws.id}`;
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });
    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Story', slug: 'story' }, { token: token() }), 'template');
    const path = `${base}/templates/${t.body.id}/versions/1`;
    for (const [i, key] of ['title', 'body'].entries()) {
      await ok(stack.api.post(`${path}/fields`, { key, label: key === 'title' ? 'Title' : 'Body', primitiveType: 'Text', order: i, compositionMode: 'Inline', isRequired: false, minOccurrences: 0 }, { token: token(), headers: await stack.api.ifMatch(path, token()) }), key);
    }
    const published = await ok(stack.api.put(`${path}/publish`, undefined, { token: token(), headers: await stack.api.ifMatch(path, token()) }), 'publish template');
    const ids = new Map((published.body.fields as { id: string; key: string }[]).map((f) => [f.key, f.id]));
    tv = { id: published.body.id, title: ids.get('title')!, body: ids.get('body')! };
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, editor.email, editor.password);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('Edit on the item page makes a Draft copied from the served version, then reopens that Draft', async () => {
    const id = await publishedItem('launch', 'Launch day');
    await page.goto(itemUrl(id));
    expect(await page.locator('#served-edit-live-hint').textContent()).to.include('new Draft holding version 1');
    // The selected version is the served one: one Edit, not one beside "Served now" and one on its panel.
    expect(await page.locator('form.edit-live').count()).to.equal(1);
    await expectAccessible(page);
    await click('Edit');
    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${ws.id}/content/${id}/versions/2/edit`);
    expect(await page.locator('.flash').textContent()).to.include('Version 2 of “Launch day” created');
    // The editor opens with the live text, and the API holds it in the Draft.
    expect(await page.getByLabel('Title 1', { exact: true }).inputValue()).to.equal('Launch day');
    const v2 = await versionOf(id, 2);
    expect(v2.status).to.equal('Draft');
    expect(v2.rolledBackFromVersionNumber).to.equal(1);
    expect(textOf(v2, 'body')).to.equal('Body of Launch day');
    // The live version is untouched and still served.
    expect((await itemOf(id)).currentlyServingVersion.versionNumber).to.equal(1);

    // A second Edit opens the same Draft: no version 3.
    await page.goto(itemUrl(id));
    expect(await page.locator('#served-edit-live-hint').textContent()).to.include('Draft already being worked on (version 2)');
    await click('Edit');
    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${ws.id}/content/${id}/versions/2/edit`);
    expect(await page.locator('.flash').textContent()).to.include('already has a Draft (version 2)');
    expect((await itemOf(id)).versions).to.have.length(2);
  });

  it('the viewer of a Published version offers Edit, copying that version', async () => {
    const id = await publishedItem('viewed', 'Seen in the viewer');
    await page.goto(itemUrl(id, '/view/1'));
    await expectAccessible(page);
    await click('Edit');
    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${ws.id}/content/${id}/versions/2/edit`);
    expect(textOf(await versionOf(id, 2), 'title')).to.equal('Seen in the viewer');
    // The Draft itself is edited in place: its viewer offers no Edit through a Draft.
    await page.goto(itemUrl(id, '/view/2'));
    expect(await page.locator('form.edit-live').count()).to.equal(0);
  });

  it('New version copies the latest version; “Start empty” keeps the empty start', async () => {
    const id = await publishedItem('copied', 'Copied along');
    await page.goto(itemUrl(id));
    await click('New version');
    expect(await page.locator('.flash').textContent()).to.include('Version 2 created: a Draft holding version 1’s values');
    expect(textOf(await versionOf(id, 2), 'title')).to.equal('Copied along');

    await page.getByLabel('Start empty').check();
    await click('New version');
    expect(await page.locator('.flash').textContent()).to.include('Version 3 created: an empty Draft');
    expect((await versionOf(id, 3)).fields).to.have.length(0);
    // The item keeps its title while the newest version is empty.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Copied along');
  });

  it('offers a Reader no Edit on the item page or in the viewer', async () => {
    const id = await publishedItem('read-only', 'Only read');
    const { context, page: p } = await newPage(browser);
    try {
      await signIn(p, stack.adminUrl, reader.email, reader.password);
      await p.goto(itemUrl(id));
      expect(await p.locator('form.edit-live').count()).to.equal(0);
      await p.goto(itemUrl(id, '/view/1'));
      expect(await p.locator('form.edit-live').count()).to.equal(0);
      // Posting anyway is the API's refusal shown on the item page, not a 500.
      const status = await p.evaluate(`(async () => { const r = await fetch(${JSON.stringify(itemUrl(id, '/edit-live'))}, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'from=1&_csrf=' + encodeURIComponent(document.querySelector('input[name=_csrf]').value) }); return r.status; })()`);
      expect(status).to.be.oneOf([403]);
      expect((await itemOf(id)).versions).to.have.length(1);
    } finally {
      await context.close();
    }
  });
});
