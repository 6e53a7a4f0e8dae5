// The content item page in a real browser against the real API: the versions table, identity save
// (with the API's 422 at its field and a 412 conflict flow), new version, roll back to a version
// (the API's rollback route records the source), duplicate the item, the editor's warning before
// saving an approved version (and the Draft it becomes), delete a Draft after a confirmation (and the conflict when it changed meanwhile),
// upgrade to the template's new version (what is kept and dropped; the API's 422 when a required
// target field would be empty), the viewer with an inline child expanded, the history from the
// audit log, translations, deleting an item another one references, and the Reader's read-only view.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

interface FieldSpec {
  key: string;
  label: string;
  primitiveType?: string;
  templateId?: string;
  compositionMode?: 'Inline' | 'Reference';
  isRequired?: boolean;
}

describe('admin: content item page', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let ws: { id: string };
  let editor: StackUser;
  let reader: StackUser;
  let base: string;
  let article: { templateId: string; fields: Map<string, string>; versionId: string };
  let adaId: string;
  let helloId: string;

  const token = () => stack.adminToken;
  async function ok<T extends { status: number; text: string }>(r: Promise<T>, what: string): Promise<T> {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  }

  /** Adds `fields` to a template's Draft version `n` and publishes it; returns the field ids by key. */
  async function publishFields(templateId: string, n: number, fields: FieldSpec[], remove: string[] = []) {
    const tv = `${base}/templates/${templateId}/versions/${n}`;
    const existing = (await ok(stack.api.get(tv, { token: token() }), 'read template version')).body.fields as { id: string; key: string }[];
    for (const key of remove) {
      const id = existing.find((f) => f.key === key)!.id;
      await ok(stack.api.delete(`${tv}/fields/${id}`, { token: token(), headers: await stack.api.ifMatch(tv, token()) }), `remove ${key}`);
    }
    for (const [i, f] of fields.entries()) {
      await ok(stack.api.post(`${tv}/fields`, { order: existing.length + i, compositionMode: 'Inline', isRequired: false, minOccurrences: 0, ...f }, { token: token(), headers: await stack.api.ifMatch(tv, token()) }), `add ${f.key}`);
    }
    const published = await ok(stack.api.put(`${tv}/publish`, undefined, { token: token(), headers: await stack.api.ifMatch(tv, token()) }), 'publish template');
    const ids = new Map((published.body.fields as { id: string; key: string }[]).map((f) => [f.key, f.id]));
    return { versionId: published.body.id as string, fields: ids };
  }

  async function createTemplate(slug: string, fields: FieldSpec[]) {
    const t = await ok(stack.api.post(`${base}/templates`, { name: slug[0]!.toUpperCase() + slug.slice(1), slug }, { token: token() }), 'create template');
    return { templateId: t.body.id as string, ...(await publishFields(t.body.id, 1, fields)) };
  }

  async function createItem(templateVersionId: string, slug: string, fields: object[], localeCode?: string) {
    const r = await ok(stack.api.post(`${base}/content`, { templateVersionId, slug, localeCode, tags: [], fields }, { token: token() }), 'create item');
    return r.body.id as string;
  }

  const itemUrl = (id: string, rest = '') => `${stack.adminUrl}/workspaces/${ws.id}/content/${id}${rest}`;
  const version = async (id: string, n: number) => stack.api.get(`${base}/content/${id}/versions/${n}`, { token: token() });
  const row = (n: number) => page.locator(`tr[data-version="${n}"]`);

  async function submit(target: Page, name: string | RegExp) {
    await Promise.all([target.waitForNavigation(), target.getByRole('button', { name }).click()]);
  }

  before(async () => {
    stack = await startAdminStack();
    ws = await stack.createWorkspace({ slug: 'items', name: 'Items' });
    base = `/api/v1/workspaces/${ws.id}`;
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' }, displayName: 'Eddie Editor' });
    reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });

    const author = await createTemplate('author', [{ key: 'name', label: 'Name', primitiveType: 'Text' }]);
    article = await createTemplate('article', [
      { key: 'title', label: 'Title', primitiveType: 'Text' },
      { key: 'subtitle', label: 'Subtitle', primitiveType: 'Text' },
      { key: 'body', label: 'Body', primitiveType: 'Markdown' },
      { key: 'author', label: 'Author', templateId: author.templateId },
      { key: 'related', label: 'Related author', templateId: author.templateId, compositionMode: 'Reference' },
    ]);
    adaId = await createItem(author.versionId, 'ada', [{ fieldId: author.fields.get('name'), order: 0, valueKind: 'Text', textValue: 'Ada Lovelace' }]);
    // The child serves a version, so the parent's view expands it.
    await ok(stack.api.post(`${base}/content/${adaId}/versions/1/publish`, { overrideWorkflow: true }, { token: token() }), 'publish child');
    helloId = await createItem(article.versionId, 'hello', [
      { fieldId: article.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'Hello world' },
      { fieldId: article.fields.get('subtitle'), order: 0, valueKind: 'Text', textValue: 'A first post' },
      { fieldId: article.fields.get('body'), order: 0, valueKind: 'Markdown', textValue: '## Intro\n\nSome **bold** text <script>alert(1)</script>' },
      { fieldId: article.fields.get('author'), order: 0, valueKind: 'ChildContent', childContentItemId: adaId },
      { fieldId: article.fields.get('related'), order: 0, valueKind: 'ChildContent', childContentItemId: adaId },
    ]);

    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, editor.email, editor.password);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('shows the item, saves its identity, and shows the API’s 422 at the slug field', async () => {
    await page.goto(itemUrl(helloId));
    // The item is named by its title (#25), its slug beside the template.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Hello world');
    expect(await row(1).getAttribute('data-status')).to.equal('Draft');
    expect(await page.locator('#version-panel').getAttribute('data-version')).to.equal('1');
    await expectAccessible(page);
    await screenshot(page, 'content-item', { fullPage: true });

    await page.getByLabel('Slug').fill('Not A Slug!');
    await page.getByLabel('Tags').fill('news, featured');
    await submit(page, 'Save identity');
    expect(await page.locator('#identity-slug-error').textContent()).to.match(/\S/);
    expect(await page.getByLabel('Slug').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.getByLabel('Tags').inputValue()).to.equal('news, featured');
    expect(await page.locator('.problem').count()).to.be.greaterThan(0);
    await expectAccessible(page);

    await page.getByLabel('Slug').fill('hello');
    await submit(page, 'Save identity');
    expect(await page.locator('.flash').textContent()).to.include('Identity saved');
    const item = (await stack.api.get(`${base}/content/${helloId}`, { token: token() })).body;
    expect(item.tags).to.have.members(['news', 'featured']);
  });

  it('shows a stale identity save as a conflict with the current values, and re-applies on request', async () => {
    await page.goto(itemUrl(helloId));
    const path = `${base}/content/${helloId}`;
    await ok(stack.api.put(path, { slug: 'hello', tags: ['changed-elsewhere'] }, { token: token(), headers: await stack.api.ifMatch(path, token()) }), 'change behind the page');
    await page.getByLabel('Locale').fill('en');
    await submit(page, 'Save identity');
    const conflict = page.locator('section.conflict');
    expect(await conflict.getByRole('heading').textContent()).to.equal('Changed by someone else since you opened it');
    expect(await conflict.locator('.conflict-values').textContent()).to.include('changed-elsewhere');
    expect((await stack.api.get(path, { token: token() })).body.localeCode).to.equal(null);
    await expectAccessible(page);
    await submit(page, 'Re-apply my changes');
    const now = (await stack.api.get(path, { token: token() })).body;
    expect(now.localeCode).to.equal('en');
  });

  it('creates a new version and rolls back to version 1 (the API’s rollback route records the source)', async () => {
    await page.goto(itemUrl(helloId));
    await submit(page, 'New version');
    expect(await page.locator('.flash').textContent()).to.include('Version 2 created');
    expect((await version(helloId, 2)).body.status).to.equal('Draft');

    await row(1).getByRole('button', { name: 'Roll back to this version (version 1)' }).click();
    await page.waitForURL(/version=3/);
    expect(await page.locator('.flash').textContent()).to.include('Rolled back: version 3 is a new Draft holding version 1');
    const v3 = (await version(helloId, 3)).body;
    expect(v3.rolledBackFromVersionNumber).to.equal(1);
    expect(v3.fields.map((f: { key: string }) => f.key)).to.include.members(['title', 'subtitle', 'body']);
    expect(await row(3).locator('td').nth(5).textContent()).to.equal('Version 1');
    await expectAccessible(page);
  });

  it('duplicates the item into a new item with a "-copy" slug and a Draft version 1', async () => {
    const id = await createItem(article.versionId, 'to-copy', [{ fieldId: article.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'Copy me' }], 'en');
    await page.goto(itemUrl(id));
    await submit(page, 'Duplicate item');
    expect(await page.locator('.flash').textContent()).to.include('“Copy me” duplicated as to-copy-copy');
    // The copy keeps the values, so its heading is the same title (#25: titles, not slugs); the slug is new.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.contain('Copy me');
    const copyId = /\/content\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    expect(copyId).to.not.equal(id);
    const copy = (await stack.api.get(`${base}/content/${copyId}`, { token: token() })).body;
    expect(copy).to.include({ slug: 'to-copy-copy', localeCode: 'en' });
    expect((await version(copyId, 1)).body.fields.map((f: { textValue: string }) => f.textValue)).to.deep.equal(['Copy me']);
    expect(await row(1).getAttribute('data-status')).to.equal('Draft');
    await expectAccessible(page);
  });

  it('warns before saving an approved version, and says it is a Draft again after the save', async () => {
    const id = await createItem(article.versionId, 'approved-post', [{ fieldId: article.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'Approved title' }]);
    await ok(stack.api.post(`${base}/content/${id}/versions/1/submit`, undefined, { token: token() }), 'submit');
    await ok(stack.api.post(`${base}/content/${id}/versions/1/approve`, undefined, { token: token() }), 'approve');
    await page.goto(itemUrl(id, '/versions/1/edit'));
    const warning = page.locator('#editor-approval-reset');
    expect(await warning.textContent()).to.include('This version was approved; saving a change sends it back to Draft.');
    expect(await page.getByRole('button', { name: 'Save changes' }).getAttribute('aria-describedby')).to.equal('editor-approval-reset');
    await expectAccessible(page);
    await screenshot(page, 'content-editor-approved-warning', { fullPage: true });
    await page.getByLabel('Title 1', { exact: true }).fill('Changed after approval');
    await submit(page, 'Save changes');
    expect(await page.locator('.flash').textContent()).to.include('It was approved, so it is a Draft again');
    expect((await version(id, 1)).body.status).to.equal('Draft');
    expect(await page.locator('#editor-approval-reset').count()).to.equal(0);
    await expectAccessible(page);
  });

  it('deletes a Draft after the confirmation, and refuses a stale delete with the conflict notice', async () => {
    await page.goto(itemUrl(helloId));
    await row(3).getByRole('link', { name: 'Delete version 3' }).click();
    await page.waitForURL('**/versions/3/delete');
    await expectAccessible(page);
    await page.getByLabel('Yes, delete version 3').check();
    await submit(page, 'Delete version');
    expect(await page.locator('.flash').textContent()).to.include('Version 3 deleted');
    expect((await version(helloId, 3)).status).to.equal(404);

    // Version 2 changes through the API while its delete page is open.
    await page.goto(itemUrl(helloId, '/versions/2/delete'));
    const v2 = `${base}/content/${helloId}/versions/2`;
    const current = (await version(helloId, 2)).body;
    const fields = current.fields.map((f: { fieldId: string; order: number; valueKind: string; textValue: string | null; childContentItemId: string | null }) => ({ fieldId: f.fieldId, order: f.order, valueKind: f.valueKind, textValue: f.textValue, childContentItemId: f.childContentItemId }));
    await ok(stack.api.put(v2, { fields, effectiveStartAt: null, effectiveEndAt: null }, { token: token(), headers: await stack.api.ifMatch(v2, token()) }), 'change version 2');
    await page.getByLabel('Yes, delete version 2').check();
    await submit(page, 'Delete version');
    expect(await page.locator('section.conflict h2').textContent()).to.equal('Changed by someone else since you opened it');
    expect((await version(helloId, 2)).status).to.equal(200);
    await expectAccessible(page);
  });

  it('upgrades a version: the page lists the dropped key; a required empty target field leaves an incomplete Draft, refused on submit', async () => {
    // Template version 2 of Article drops `subtitle`.
    await ok(stack.api.post(`${base}/templates/${article.templateId}/versions`, {}, { token: token() }), 'template v2');
    const v2 = await publishFields(article.templateId, 2, [], ['subtitle']);

    await page.goto(itemUrl(helloId));
    await row(1).getByRole('link', { name: /Upgrade version 1/ }).click();
    await page.waitForURL('**/versions/1/upgrade');
    expect(await page.locator('tr[data-key="subtitle"]').getAttribute('data-outcome')).to.equal('dropped');
    expect(await page.locator('tr[data-key="title"]').getAttribute('data-outcome')).to.equal('kept');
    await expectAccessible(page);
    await submit(page, /Upgrade to template version 2/);
    expect(await page.locator('.flash').textContent()).to.include('Version 1 now uses');
    const upgraded = (await version(helloId, 1)).body;
    expect(upgraded.templateVersionId).to.equal(v2.versionId);
    expect(upgraded.fields.map((f: { key: string }) => f.key)).to.include('title').and.not.include('subtitle');

    // Template version 3 adds a required field no value maps to: a Draft may be incomplete (#25), so the
    // upgrade is made and the field is asked for when the version is submitted.
    await ok(stack.api.post(`${base}/templates/${article.templateId}/versions`, {}, { token: token() }), 'template v3');
    const v3 = await publishFields(article.templateId, 3, [{ key: 'summary', label: 'Summary', primitiveType: 'Text', isRequired: true }]);
    await page.goto(itemUrl(helloId, '/versions/2/upgrade'));
    expect(await page.locator('li[data-key="summary"] .badge').textContent()).to.equal('required');
    await submit(page, /Upgrade to template version 3/);
    expect(await page.locator('.flash').textContent()).to.include('Version 2 now uses');
    expect((await version(helloId, 2)).body.templateVersionId).to.equal(v3.versionId);
    const submitted = await stack.api.post(`${base}/content/${helloId}/versions/2/submit`, undefined, { token: token() });
    expect(submitted.status).to.equal(422);
    expect(Object.keys(submitted.body.errors)).to.deep.equal(['/fields/summary']);
    await expectAccessible(page);
  });

  it('views a version read-only with Markdown rendered safely and the inline child expanded', async () => {
    await page.goto(itemUrl(helloId, '/view/1'));
    expect(await page.locator('.markdown-body h2').textContent()).to.equal('Intro');
    expect(await page.locator('.markdown-body strong').textContent()).to.equal('bold');
    expect(await page.locator('.markdown-body script').count()).to.equal(0);
    const child = page.locator(`.viewer-field[data-key="author"] > dd > .child-item[data-child="${adaId}"]`);
    expect(await child.locator('.viewer-field[data-key="name"] dd').textContent()).to.include('Ada Lovelace');
    await expectAccessible(page);
    await screenshot(page, 'content-viewer', { fullPage: true });
    // Nothing of this item is served: /view shows the latest version.
    await page.goto(itemUrl(helloId, '/view'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.include('Version 2');
  });

  it('shows who changed what (Admin) and why the history is hidden (Editor)', async () => {
    await page.goto(itemUrl(helloId, '/history'));
    expect(await page.locator('#history-hidden-reason').textContent()).to.include('TemplateAdmin');
    await expectAccessible(page);

    const { context, page: admin } = await newPage(browser);
    try {
      await signIn(admin, stack.adminUrl, stack.adminEmail, stack.adminPassword);
      await admin.goto(itemUrl(helloId, '/history'));
      const updatedByEditor = admin.locator('li.audit-entry[data-entity="Item"][data-action="Updated"]').filter({ hasText: 'Eddie Editor' });
      expect(await updatedByEditor.count()).to.be.greaterThan(0);
      expect(await admin.locator('li.audit-entry[data-entity="Version 3 (deleted)"][data-action="Deleted"]').count()).to.equal(1);
      expect(await admin.locator('li.audit-entry[data-entity="Version 1"] tr[data-property="templateVersionId"]').count()).to.be.greaterThan(0);
      await expectAccessible(admin);
    } finally {
      await context.close();
    }
  });

  it('links a translation found by search and lists the group', async () => {
    const frId = await createItem(article.versionId, 'bonjour', [], 'fr');
    await page.goto(itemUrl(helloId, '/translations'));
    expect(await page.locator('.content-translations .empty').first().textContent()).to.include('not linked');
    await expectAccessible(page);
    await page.getByLabel('Slug or text').fill('bonjour');
    await submit(page, 'Search');
    await expectAccessible(page);
    await submit(page, 'Link with bonjour');
    expect(await page.locator('.flash').textContent()).to.include('2 items');
    expect(await page.locator(`.translations-table tr[data-item="${frId}"]`).count()).to.equal(1);
    const [a, b] = await Promise.all([helloId, frId].map(async (id) => (await stack.api.get(`${base}/content/${id}`, { token: token() })).body.translationGroupId));
    expect(a).to.be.a('string').and.equal(b);
    await expectAccessible(page);
  });

  it('deletes an item after the confirmation, and shows what references an item the API keeps', async () => {
    await page.goto(itemUrl(adaId, '/delete'));
    await expectAccessible(page);
    await page.getByLabel('Yes, delete ada').check();
    await submit(page, 'Delete item');
    expect(await page.locator('.problem').textContent()).to.match(/referenced/i);
    expect(await page.locator(`.referenced-by a[href$="/content/${helloId}"]`).count()).to.equal(1);
    await expectAccessible(page);

    const loneId = await createItem(article.versionId, 'lone', []);
    await page.goto(itemUrl(loneId));
    await page.getByRole('link', { name: 'Delete item…' }).click();
    await page.getByLabel('Yes, delete lone').check();
    await submit(page, 'Delete item');
    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${ws.id}/content`);
    expect((await stack.api.get(`${base}/content/${loneId}`, { token: token() })).status).to.equal(404);
  });

  it('shows a Reader every control disabled with the reason, and the API refuses a direct post', async () => {
    const { context, page: p } = await newPage(browser);
    try {
      await signIn(p, stack.adminUrl, reader.email, reader.password);
      await p.goto(itemUrl(helloId));
      const reason = p.locator('#item-readonly-reason');
      expect(await reason.textContent()).to.include('needs the Editor role');
      const newVersion = p.getByRole('button', { name: 'New version' });
      expect(await newVersion.isDisabled()).to.equal(true);
      expect(await newVersion.getAttribute('aria-describedby')).to.equal('item-readonly-reason');
      expect(await p.getByRole('button', { name: 'Roll back to this version (version 1)' }).isDisabled()).to.equal(true);
      expect(await p.getByRole('button', { name: 'Duplicate item' }).isDisabled()).to.equal(true);
      for (const b of await p.locator('.workflow-bar button').all()) expect(await b.isDisabled()).to.equal(true);
      expect(await p.getByLabel('Slug').count()).to.equal(0);
      expect(await p.getByRole('button', { name: 'Delete item…' }).isDisabled()).to.equal(true);
      await expectAccessible(p);
      await p.goto(itemUrl(helloId, '/translations?q=bonjour'));
      await expectAccessible(p);
    } finally {
      await context.close();
    }

    const http = new HttpSession(stack.adminUrl);
    await http.signIn(reader.email, reader.password);
    const itemPath = `/workspaces/${ws.id}/content/${helloId}`;
    const refused = await http.post(`${itemPath}/versions`, {}, itemPath);
    expect(refused.status).to.equal(403);
    expect(refused.text).to.include('class="problem"');
    expect((await version(helloId, 3)).status).to.equal(404);
  });
});
