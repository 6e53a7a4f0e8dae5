// The content editor and the create form in a real browser against the real API: an Editor creates
// an item (the slug follows the title), fills every kind of input (Text with its counter, Markdown
// with a preview that shows `<script>` escaped, Boolean, single and multiple picklists, a repeatable
// component, an inline child created in place, a Reference picked through the search), and the
// version read back through the API holds exactly those values. Then: a 422 shown at its input with
// the values kept, a stale second tab → the conflict flow → re-apply, the no-JavaScript row buttons,
// and a Reader who sees the editor read-only. Also the form encoding module on its own.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';
import type { EditorField, EditorSchema } from '../src/pages/content/editor-schema.js';
import { applyOp, encodeValues, errorsByPath, opOf, parseTree, stateFromTree } from '../src/pages/content/value-form.js';

interface Seeded {
  ws: string;
  base: string;
  article: { templateId: string; versionId: string; fields: Record<string, string> };
  person: { templateId: string; versionId: string; fields: Record<string, string> };
  lovelace: string;
}

async function seed(stack: AdminStack): Promise<Seeded> {
  const token = stack.adminToken;
  const { id: ws } = await stack.createWorkspace({ slug: 'editorial', name: 'Editorial' });
  const base = `/api/v1/workspaces/${ws}`;
  const ok = async (p: Promise<{ status: number; body: any }>) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const guarded = async (path: string) => ({ token, headers: await stack.api.ifMatch(path, token) });
  const category = await ok(stack.api.post(`${base}/picklists`, { name: 'Category', slug: 'category', options: [{ label: 'News', value: 'news' }, { label: 'Guides', value: 'guides' }] }, { token }));
  const topics = await ok(stack.api.post(`${base}/picklists`, { name: 'Topics', slug: 'topics', options: [{ label: 'Alpha', value: 'a' }, { label: 'Beta', value: 'b' }, { label: 'Gamma', value: 'c' }] }, { token }));
  const card = await ok(stack.api.post(`${base}/components`, { name: 'Link card', slug: 'link-card' }, { token }));
  const draft = `${base}/components/${card.id}/versions/1`;
  await ok(stack.api.put(`${draft}/fields`, [
    { key: 'label', label: 'Label', order: 0, isRequired: true, minOccurrences: 1, maxOccurrences: 1, primitiveType: 'Text' },
    { key: 'url', label: 'Address', order: 1, maxOccurrences: 1, primitiveType: 'Text' },
    { key: 'featured', label: 'Featured', order: 2, maxOccurrences: 1, primitiveType: 'Boolean' },
  ], await guarded(draft)));
  await ok(stack.api.post(`${draft}/publish`, undefined, await guarded(draft)));

  const template = async (name: string, slug: string, fields: Record<string, unknown>[]) => {
    const t = await ok(stack.api.post(`${base}/templates`, { name, slug }, { token }));
    const tv = `${base}/templates/${t.id}/versions/1`;
    const ids: Record<string, string> = {};
    let order = 0;
    for (const f of fields) ids[f.key as string] = (await ok(stack.api.post(`${tv}/fields`, { order: order++, compositionMode: 'Inline', minOccurrences: 0, ...f }, await guarded(tv)))).id;
    const published = await ok(stack.api.put(`${tv}/publish`, undefined, await guarded(tv)));
    return { templateId: t.id as string, versionId: published.id as string, fields: ids };
  };
  const person = await template('Person', 'person', [{ key: 'name', label: 'Name', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 }]);
  const article = await template('Article', 'article', [
    { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1, fieldConfig: { maxLength: 20 } },
    { key: 'body', label: 'Body', primitiveType: 'Markdown', maxOccurrences: 1 },
    { key: 'featured', label: 'Featured', primitiveType: 'Boolean', maxOccurrences: 1 },
    { key: 'category', label: 'Category', primitiveType: 'PickList', picklistId: category.id, picklistRevisionId: category.currentRevisionId },
    { key: 'topics', label: 'Topics', primitiveType: 'PickList', picklistId: topics.id, picklistRevisionId: topics.currentRevisionId, fieldConfig: { multiple: true } },
    { key: 'cards', label: 'Cards', componentId: card.id, maxOccurrences: 3 },
    { key: 'author', label: 'Author', templateId: person.templateId, compositionMode: 'Inline', maxOccurrences: 1 },
    { key: 'related', label: 'Related person', templateId: person.templateId, compositionMode: 'Reference', maxOccurrences: 1 },
  ]);
  const lovelace = await ok(stack.api.post(`${base}/content`, { templateVersionId: person.versionId, slug: 'ada-lovelace', tags: [], fields: [{ fieldId: person.fields.name, order: 0, valueKind: 'Text', textValue: 'Ada Lovelace' }] }, { token }));
  return { ws, base, article, person, lovelace: lovelace.id };
}

/** A version's values as the comparison needs them (the API's response members that carry data). */
function valuesOf(version: { fields: any[] }) {
  return version.fields.map((v) => ({ fieldId: v.fieldId, order: v.order, valueKind: v.valueKind, textValue: v.textValue, boolValue: v.boolValue, childContentItemId: v.childContentItemId, jsonValue: v.jsonValue }));
}

describe('admin: content editor', function () {
  this.timeout(90_000);
  let stack: AdminStack;
  let browser: Browser;
  let s: Seeded;
  let editor: { email: string; password: string; token: string };
  let itemId: string;
  let authorId: string;

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    s = await seed(stack);
    editor = await stack.createUser({ role: 'Editor', grants: { [s.ws]: 'Write' } });
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const row = (page: Page, path: string) => page.locator(`[data-row="${path}"]`);
  async function press(page: Page, name: string | RegExp, scope: ReturnType<Page['locator']> | Page = page) {
    await Promise.all([page.waitForNavigation(), scope.getByRole('button', { name }).first().click()]);
  }

  it('creates an item with every kind of input and saves exactly what was entered', async () => {
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      await page.goto(`${stack.adminUrl}/workspaces/${s.ws}/content`);
      await page.getByRole('link', { name: 'New item' }).click();
      await page.waitForURL('**/content/new');
      await expectAccessible(page);
      await page.getByLabel('Template').selectOption({ label: 'Article' });
      await press(page, 'Continue');
      await expectAccessible(page);
      const f = s.article.fields;

      // The slug follows the title until edited; the counter counts.
      await page.getByLabel('Title', { exact: true }).fill('Hello world');
      expect(await page.getByLabel('Slug').inputValue()).to.equal('hello-world');
      expect(await page.locator(`#f-${f.title}-0-count`).textContent()).to.equal('11 of 20 characters.');
      await page.getByLabel('Locale').fill('en-GB');
      await page.getByLabel('Tags').fill('news, Launch');

      // Rows added by the server (no client-side row building): two cards, the inline author.
      await press(page, 'Add Cards');
      await press(page, 'Add another Cards');
      await press(page, 'Add Author');
      expect(await page.getByLabel('Title', { exact: true }).inputValue(), 'values survive a row button').to.equal('Hello world');
      expect(await page.getByLabel('Slug').inputValue()).to.equal('hello-world');

      await page.getByLabel('Body').fill('Some **bold** text\n\n<script>window.__pwned = 1</script>');
      await row(page, `${f.featured}/0`).getByLabel('Yes').check();
      await page.getByLabel('Category').selectOption({ label: 'Guides' });
      await page.getByLabel('Alpha').check();
      await page.getByLabel('Gamma').check();
      await row(page, `${f.cards}/0/m/label/0`).getByRole('textbox').fill('Docs');
      await row(page, `${f.cards}/0/m/url/0`).getByRole('textbox').fill('https://example.com/docs');
      await row(page, `${f.cards}/0/m/featured/0`).getByLabel('Yes').check();
      await row(page, `${f.cards}/1/m/label/0`).getByRole('textbox').fill('Blog');
      await row(page, `${f.author}/0/f/${s.person.fields.name}/0`).getByRole('textbox').fill('Grace Hopper');

      // Markdown preview (JavaScript: the preview route): bold rendered, the script shown as text, not run.
      await row(page, `${f.body}/0`).getByRole('button', { name: /Preview/ }).click();
      const preview = page.locator(`#f-${f.body}-0-preview .cf-markdown`);
      await preview.locator('strong').waitFor();
      expect(await preview.locator('strong').textContent()).to.equal('bold');
      expect(await preview.textContent()).to.include('<script>window.__pwned = 1</script>');
      expect(await preview.locator('script').count()).to.equal(0);
      expect(await page.evaluate('window.__pwned')).to.equal(undefined);

      // Reference: search, pick.
      await page.getByLabel(/Find Person items/).fill('lovelace');
      await row(page, `${f.related}/0`).getByRole('button', { name: /^Find/ }).click();
      await row(page, `${f.related}/0`).getByRole('button', { name: /Pick Ada Lovelace/ }).click();
      expect(await row(page, `${f.related}/0`).locator('input[name$="[v]"]').inputValue()).to.equal(s.lovelace);
      await expectAccessible(page);
      await screenshot(page, 'content-create', { fullPage: true });

      // The API's 422 for the slug comes back at the slug, everything else kept; the inline child it
      // created before the item was refused is reused by the next attempt, not created twice.
      await page.getByLabel('Slug').fill('Not A Slug!');
      await press(page, 'Create item');
      expect(await page.getByLabel('Slug').getAttribute('aria-invalid')).to.equal('true');
      expect(await page.locator('#slug-error').textContent()).to.match(/\S/);
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).to.equal('Hello world');
      expect(await row(page, `${f.author}/0/f/${s.person.fields.name}/0`).getByRole('textbox').inputValue()).to.equal('Grace Hopper');
      expect(await row(page, `${f.related}/0`).locator('input[name$="[v]"]').inputValue()).to.equal(s.lovelace);
      expect(await page.getByLabel('Gamma').isChecked()).to.equal(true);
      await expectAccessible(page);
      await page.getByLabel('Slug').fill('hello-world');

      await press(page, 'Create item');
      const people = await stack.api.get(`${s.base}/content?templateId=${s.person.templateId}`, { token: stack.adminToken });
      expect(people.body.totalCount).to.equal(2);
      expect(new URL(page.url()).pathname).to.match(/\/content\/[0-9a-f-]{36}\/versions\/1\/edit$/);
      expect(await page.locator('.flash').textContent()).to.include('“Hello world” created');
      itemId = new URL(page.url()).pathname.split('/')[4]!;

      const item = (await stack.api.get(`${s.base}/content/${itemId}`, { token: stack.adminToken })).body;
      expect(item.slug).to.equal('hello-world');
      expect(item.localeCode).to.equal('en-GB');
      expect(item.tags).to.have.members(['news', 'launch']);
      const version = (await stack.api.get(`${s.base}/content/${itemId}/versions/1`, { token: stack.adminToken })).body;
      authorId = version.fields.find((v: any) => v.fieldId === f.author).childContentItemId;
      const blank = { textValue: null, boolValue: null, childContentItemId: null, jsonValue: null };
      expect(valuesOf(version)).to.deep.equal([
        { ...blank, fieldId: f.title, order: 0, valueKind: 'Text', textValue: 'Hello world' },
        { ...blank, fieldId: f.body, order: 0, valueKind: 'Markdown', textValue: 'Some **bold** text\n\n<script>window.__pwned = 1</script>' },
        { ...blank, fieldId: f.featured, order: 0, valueKind: 'Boolean', boolValue: true },
        { ...blank, fieldId: f.category, order: 0, valueKind: 'PickList', textValue: 'guides' },
        { ...blank, fieldId: f.topics, order: 0, valueKind: 'PickList', textValue: 'a' },
        { ...blank, fieldId: f.topics, order: 1, valueKind: 'PickList', textValue: 'c' },
        { ...blank, fieldId: f.cards, order: 0, valueKind: 'Component', jsonValue: { label: 'Docs', url: 'https://example.com/docs', featured: true } },
        { ...blank, fieldId: f.cards, order: 1, valueKind: 'Component', jsonValue: { label: 'Blog' } },
        { ...blank, fieldId: f.author, order: 0, valueKind: 'ChildContent', childContentItemId: authorId },
        { ...blank, fieldId: f.related, order: 0, valueKind: 'ChildContent', childContentItemId: s.lovelace },
      ]);
      // The inline child is an item of its own, created on the target template.
      const child = (await stack.api.get(`${s.base}/content/${authorId}/versions/1`, { token: stack.adminToken })).body;
      expect(child.templateVersionId).to.equal(s.person.versionId);
      expect(valuesOf(child)).to.deep.equal([{ ...blank, fieldId: s.person.fields.name, order: 0, valueKind: 'Text', textValue: 'Grace Hopper' }]);

      // The editor shows what was saved, the inline child in place.
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).to.equal('Hello world');
      expect(await row(page, `${f.author}/0/f/${s.person.fields.name}/0`).getByRole('textbox').inputValue()).to.equal('Grace Hopper');
      expect(await page.getByLabel('Gamma').isChecked()).to.equal(true);
      await expectAccessible(page);
      await screenshot(page, 'content-editor', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('edits the inline child in place (child first, then the parent) and shows a 422 at its input with the values kept', async () => {
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      await page.goto(`${stack.adminUrl}/workspaces/${s.ws}/content/${itemId}/versions/1/edit`);
      const f = s.article.fields;
      await row(page, `${f.author}/0/f/${s.person.fields.name}/0`).getByRole('textbox').fill('Grace B. Hopper');
      await page.getByLabel('Title', { exact: true }).fill('A title far too long for this field');
      expect(await page.locator(`#f-${f.title}-0-count`).textContent()).to.include('too many');
      await press(page, 'Save changes');

      expect(await page.locator('.problem').count()).to.equal(1);
      const title = page.getByLabel('Title', { exact: true });
      expect(await title.getAttribute('aria-invalid')).to.equal('true');
      expect(await page.locator(`#f-${f.title}-0-error`).textContent()).to.include('maxLength');
      expect(await title.inputValue()).to.equal('A title far too long for this field');
      await expectAccessible(page);
      await screenshot(page, 'content-editor-error');
      // The child was written before the parent was refused; the parent kept its title.
      const child = (await stack.api.get(`${s.base}/content/${authorId}/versions/1`, { token: stack.adminToken })).body;
      expect(child.fields[0].textValue).to.equal('Grace B. Hopper');
      const parent = (await stack.api.get(`${s.base}/content/${itemId}/versions/1`, { token: stack.adminToken })).body;
      expect(parent.fields[0].textValue).to.equal('Hello world');

      await title.fill('Hello again');
      // Enter in a text input saves (the form's first submit button is a hidden Save).
      await Promise.all([page.waitForNavigation(), title.press('Enter')]);
      expect(await page.locator('.flash').textContent()).to.include('saved');
      const saved = (await stack.api.get(`${s.base}/content/${itemId}/versions/1`, { token: stack.adminToken })).body;
      expect(saved.fields[0].textValue).to.equal('Hello again');
    } finally {
      await context.close();
    }
  });

  it('shows a stale save as “changed by someone else” with the current values, and re-applies on request', async () => {
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      const url = `${stack.adminUrl}/workspaces/${s.ws}/content/${itemId}/versions/1/edit`;
      await page.goto(url);
      const second = await context.newPage();
      await second.goto(url);
      await second.getByLabel('Title', { exact: true }).fill('From tab two');
      await press(second, 'Save changes');
      expect(await second.locator('.flash').textContent()).to.include('saved');

      await page.getByLabel('Title', { exact: true }).fill('From tab one');
      await page.getByLabel('Effective from').fill('2030-01-01T09:00');
      await page.getByLabel('Effective until').fill('2030-02-01T09:00');
      await press(page, 'Save changes');
      const conflict = page.locator('section.conflict');
      expect(await conflict.getByRole('heading').textContent()).to.equal('Changed by someone else since you opened it');
      expect(await conflict.locator('.conflict-values').textContent()).to.include('From tab two');
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).to.equal('From tab one');
      const now = (await stack.api.get(`${s.base}/content/${itemId}/versions/1`, { token: stack.adminToken })).body;
      expect(now.fields[0].textValue).to.equal('From tab two');
      await expectAccessible(page);
      await screenshot(page, 'content-editor-conflict');

      await press(page, 'Re-apply my changes');
      expect(await page.locator('.flash').textContent()).to.include('saved');
      const after = (await stack.api.get(`${s.base}/content/${itemId}/versions/1`, { token: stack.adminToken })).body;
      expect(after.fields[0].textValue).to.equal('From tab one');
      expect(after.effectiveStartAt).to.equal('2030-01-01T09:00:00.000Z');
      expect(after.effectiveEndAt).to.equal('2030-02-01T09:00:00.000Z');
      // Nothing else was lost on the way.
      expect(after.fields.length).to.equal(10);
    } finally {
      await context.close();
    }
  });

  it('shows an inline child changed behind the page’s back as a conflict, and re-applies', async () => {
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      await page.goto(`${stack.adminUrl}/workspaces/${s.ws}/content/${itemId}/versions/1/edit`);
      const childPath = `${s.base}/content/${authorId}/versions/1`;
      const nameValue = (textValue: string) => ({ fields: [{ fieldId: s.person.fields.name, order: 0, valueKind: 'Text', textValue }] });
      const changed = await stack.api.put(childPath, nameValue('Changed by a script'), { token: stack.adminToken, headers: await stack.api.ifMatch(childPath, stack.adminToken) });
      expect(changed.status).to.equal(200);

      await row(page, `${s.article.fields.author}/0/f/${s.person.fields.name}/0`).getByRole('textbox').fill('Rear Admiral Hopper');
      await press(page, 'Save changes');
      const conflict = page.locator('section.conflict');
      expect(await conflict.locator('.conflict-values').textContent()).to.include('Author › Name').and.include('Changed by a script');
      expect((await stack.api.get(childPath, { token: stack.adminToken })).body.fields[0].textValue).to.equal('Changed by a script');
      await expectAccessible(page);

      await press(page, 'Re-apply my changes');
      expect(await page.locator('.flash').textContent()).to.include('saved');
      expect((await stack.api.get(childPath, { token: stack.adminToken })).body.fields[0].textValue).to.equal('Rear Admiral Hopper');
    } finally {
      await context.close();
    }
  });

  it('adds, moves and removes rows and previews Markdown without JavaScript', async () => {
    const { page, context } = await newPage(browser, { javaScriptEnabled: false });
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      await page.goto(`${stack.adminUrl}/workspaces/${s.ws}/content/${itemId}/versions/1/edit`);
      const f = s.article.fields;
      await press(page, 'Add another Cards');
      await row(page, `${f.cards}/2/m/label/0`).getByRole('textbox').fill('Third');
      // Three is the maximum: Add is disabled and says why.
      const add = page.getByRole('button', { name: 'Add another Cards' });
      expect(await add.isDisabled()).to.equal(true);
      expect(await page.locator(`#f-${f.cards}-add-reason`).textContent()).to.include('Up to 3 values');
      await press(page, 'Move up Cards 3');
      expect(await row(page, `${f.cards}/1/m/label/0`).getByRole('textbox').inputValue()).to.equal('Third');
      await press(page, 'Remove Cards 1');
      expect(await row(page, `${f.cards}/0/m/label/0`).getByRole('textbox').inputValue()).to.equal('Third');

      await page.getByLabel('Body').fill('# Heading\n\n<img src=x onerror=alert(1)>');
      await press(page, /^Preview/);
      const preview = page.locator(`#f-${f.body}-0-preview .cf-markdown`);
      expect(await preview.locator('h1').textContent()).to.equal('Heading');
      expect(await preview.locator('img').count()).to.equal(0);
      expect(await page.getByLabel('Body').inputValue()).to.include('<img src=x');

      // Find without JavaScript: the form comes back with the matches; Pick sets the id.
      await row(page, `${f.related}/0`).getByLabel(/Find Person items/).fill('hopper');
      await press(page, /^Find/, row(page, `${f.related}/0`));
      await press(page, /^Pick/, row(page, `${f.related}/0`));
      expect(await row(page, `${f.related}/0`).locator('input[name$="[v]"]').inputValue()).to.equal(authorId);

      await press(page, 'Save changes');
      const saved = (await stack.api.get(`${s.base}/content/${itemId}/versions/1`, { token: stack.adminToken })).body;
      const cards = saved.fields.filter((v: any) => v.fieldId === f.cards).map((v: any) => v.jsonValue.label);
      expect(cards).to.deep.equal(['Third', 'Blog']);
      expect(saved.fields.find((v: any) => v.fieldId === f.related).childContentItemId).to.equal(authorId);
    } finally {
      await context.close();
    }
  });

  it('shows a Reader the editor read-only, with the reason, and the list without “New item”', async () => {
    const reader = await stack.createUser({ role: 'Reader', grants: { [s.ws]: 'Read' } });
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, stack.adminUrl, reader.email, reader.password);
      await page.goto(`${stack.adminUrl}/workspaces/${s.ws}/content/${itemId}/versions/1/edit`);
      expect(await page.locator('#editor-readonly').textContent()).to.include('Editor role');
      expect(await page.getByLabel('Title', { exact: true }).isDisabled()).to.equal(true);
      const save = page.getByRole('button', { name: 'Save changes' });
      expect(await save.isDisabled()).to.equal(true);
      expect(await save.getAttribute('aria-describedby')).to.equal('editor-readonly');
      expect(await page.getByRole('button', { name: /^Add/ }).count()).to.equal(0);
      // The Markdown value is shown rendered.
      expect(await page.locator(`#f-${s.article.fields.body}-0-preview h1`).textContent()).to.equal('Heading');
      await expectAccessible(page);

      await page.goto(`${stack.adminUrl}/workspaces/${s.ws}/content`);
      const newItem = page.getByRole('button', { name: 'New item' });
      expect(await newItem.isDisabled()).to.equal(true);
      expect(await page.locator('#new-item-reason').textContent()).to.include('Editor role');
      const refused = await page.goto(`${stack.adminUrl}/workspaces/${s.ws}/content/new`);
      expect(refused!.status()).to.equal(403);
    } finally {
      await context.close();
    }
  });
});

describe('admin: content editor form encoding', () => {
  const text = (id: string, extra: Partial<EditorField> = {}): EditorField => ({ id, key: id, label: id, help: null, required: false, min: 0, max: 1, kind: 'Text', sectionId: null, maxLength: null, picklist: null, members: null, componentName: null, target: null, number: null, ...extra });
  const members = [text('label'), text('tags', { max: null }), text('on', { kind: 'Boolean' })];
  const fields = [text('t1'), text('c1', { kind: 'Component', members, max: null }), text('p1', { kind: 'PickList', picklist: { multiple: true, options: [] }, max: null })];
  const schema: EditorSchema = { fields: () => [], sections: () => [], version: () => undefined, template: () => undefined };

  it('parses flat names into rows and encodes them as the API takes them, in row order', () => {
    const body = {
      'v[t1][0][k]': '1', 'v[t1][0][v]': 'Hello',
      'v[c1][1][k]': '1', 'v[c1][1][m][label][0][v]': 'Second',
      'v[c1][0][k]': '1', 'v[c1][0][m][label][0][v]': 'First', 'v[c1][0][m][tags][0][v]': 'x', 'v[c1][0][m][tags][1][v]': '', 'v[c1][0][m][on][0][v]': 'false',
      'v[c1][0][extra]': '{"legacy":1}',
      'v[c1][2][k]': '1',
      'v[p1][0][k]': '1', 'v[p1][0][vs]': ['b', 'a'],
      _csrf: 'ignored',
    };
    const state = stateFromTree(schema, fields, parseTree(body));
    const encoded = encodeValues(fields, state);
    expect(encoded.values).to.deep.equal([
      { fieldId: 't1', order: 0, valueKind: 'Text', textValue: 'Hello' },
      { fieldId: 'c1', order: 0, valueKind: 'Component', jsonValue: { legacy: 1, label: 'First', tags: ['x'], on: false } },
      { fieldId: 'c1', order: 1, valueKind: 'Component', jsonValue: { label: 'Second' } },
      { fieldId: 'p1', order: 0, valueKind: 'PickList', textValue: 'b' },
      { fieldId: 'p1', order: 1, valueKind: 'PickList', textValue: 'a' },
    ]);
    expect(encoded.origins).to.deep.equal(['t1/0', 'c1/0', 'c1/1', 'p1/0', 'p1/0']);
    // The API's pointers land on the row (by value index) or the field (occurrence rules, by key).
    expect(errorsByPath({ '/fields/2': ['bad'], '/fields/c1': ['too many'], '/effectiveEndAt': ['later'] }, encoded, fields)).to.deep.equal({ 'c1/1': ['bad'], c1: ['too many'], '/effectiveEndAt': ['later'] });
  });

  it('adds, moves and removes rows, nested ones included', () => {
    const state = stateFromTree(schema, fields, parseTree({ 'v[c1][0][m][label][0][v]': 'A', 'v[c1][1][m][label][0][v]': 'B' }));
    expect(applyOp(schema, fields, state, opOf('down:c1/0')!)).to.equal('c1/1');
    expect(state.c1!.map((r) => r.members.label![0]!.v)).to.deep.equal(['B', 'A']);
    expect(applyOp(schema, fields, state, opOf('add:c1/0/m/tags')!)).to.equal('c1/0/m/tags/0');
    expect(state.c1![0]!.members.tags).to.have.length(1);
    applyOp(schema, fields, state, opOf('remove:c1/0')!);
    expect(state.c1!.map((r) => r.members.label![0]!.v)).to.deep.equal(['A']);
    expect(opOf('pick:r1/0:abc:some-slug')).to.deep.equal({ kind: 'pick', row: 'r1/0', itemId: 'abc', label: 'some-slug' });
    expect(opOf('')).to.equal(undefined);
    expect(applyOp(schema, fields, state, opOf('remove:nope/3')!)).to.equal(undefined);
  });

  it('refuses a structured value that is not JSON at its own input', () => {
    const link = [text('l1', { kind: 'Link' })];
    const encoded = encodeValues(link, stateFromTree(schema, link, parseTree({ 'v[l1][0][v]': 'x', 'v[l1][0][json]': '{nope' })));
    expect(encoded.errors).to.deep.equal({ 'l1/0': ['This is not valid JSON.'] });
  });
});
