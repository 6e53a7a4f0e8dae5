// Readable errors at their inputs (issue #25, part 2), in a real browser against the real API: a
// value the contract refuses (a blank name, a slug with spaces and capitals) comes back as the
// contract's own sentence at the input it concerns, the problem box says what to do — never JSON
// Schema's wording, never "The request does not match the API contract" alone — and the error
// states pass axe.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

const SCHEMA_WORDING = /must match|must be (string|integer|number|equal)|must NOT|must have required|anyOf|does not match the API contract/;

describe('admin: readable errors at their inputs', () => {
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let ws: { id: string; slug: string };
  let modeller: StackUser;
  let templateId = '';

  async function submit(name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).click()]);
  }

  async function expectNoSchemaWording() {
    expect(await page.locator('main').innerText()).not.to.match(SCHEMA_WORDING);
  }

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    ws = await stack.createWorkspace({ slug: 'readable', name: 'Readable' });
    modeller = await stack.createUser({ role: 'TemplateAdmin', grants: { [ws.id]: 'Write' } });
    // A published template with one Text field, for the content form.
    const base = `/api/v1/workspaces/${ws.id}`;
    const token = stack.adminToken;
    const t = await stack.api.post(`${base}/templates`, { name: 'Note', slug: 'note' }, { token });
    templateId = t.body.id;
    const tv = `${base}/templates/${templateId}/versions/1`;
    const field = await stack.api.post(`${tv}/fields`, { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', primitiveType: 'Text', maxOccurrences: 1 }, { token, headers: await stack.api.ifMatch(tv, token) });
    expect(field.status).to.equal(201);
    expect((await stack.api.put(`${tv}/publish`, undefined, { token, headers: await stack.api.ifMatch(tv, token) })).status).to.equal(200);
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(8000);
    await signIn(page, stack.adminUrl, modeller.email, modeller.password);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('a new template with a blank name and a slug with spaces: each sentence at its input, the values kept', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/templates/new`);
    await page.getByLabel('Name').fill('   ');
    await page.getByLabel('Slug').fill('Not A Slug');
    await submit('Create template');

    // The admin trims the name: the API is sent '' and says so (once, not also that it is blank).
    expect(await page.locator('#name-error').innerText()).to.equal('Must not be empty.');
    expect(await page.locator('#slug-error').innerText()).to.equal('Use lower-case letters and digits, words joined by single dashes, such as blog-article.');
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.getByLabel('Slug').getAttribute('aria-describedby')).to.include('slug-error');
    expect(await page.getByLabel('Slug').inputValue()).to.equal('Not A Slug');
    const problem = page.locator('.problem');
    expect(await problem.locator('.problem-title').innerText()).to.equal('Some values need a change');
    expect(await problem.locator('.problem-detail').innerText()).to.equal('Nothing was saved. Each message says what to change.');
    // Every message is at an input: the box lists none of them again.
    expect(await problem.locator('.problem-errors').count()).to.equal(0);
    await expectNoSchemaWording();
    await expectAccessible(page);
    await screenshot(page, 'readable-errors-template');

    await page.getByLabel('Name').fill('Blog post');
    await page.getByLabel('Slug').fill('blog-post');
    await submit('Create template');
    expect(new URL(page.url()).pathname).to.match(/\/templates\/[0-9a-f-]{36}\/versions\/1\/edit$/);
  });

  it('a new content item with a slug the contract refuses: the sentence at the slug, not JSON Schema wording', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/new?template=${templateId}`);
    await page.getByLabel('Title', { exact: true }).fill('Hello');
    await page.getByLabel('Slug').fill('Hello World!');
    await submit('Create item');

    expect(await page.locator('#slug-error').innerText()).to.equal('Use lower-case letters and digits, words joined by - or _, such as my-first-article.');
    expect(await page.getByLabel('Slug').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).to.equal('Hello');
    await expectNoSchemaWording();
    await expectAccessible(page);
    await screenshot(page, 'readable-errors-content');
  });
});
