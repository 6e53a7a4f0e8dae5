// No lost work, in a real browser against the real API (issue #25, part 4): an Editor types into a
// new article, tries to leave and is asked first (the in-page dialog for the admin's own links, the
// browser's own prompt otherwise), stays, creates it with Ctrl+S; in the editor the Draft saves
// itself when an input loses focus and after 30 s of changes — never more than one write per 30 s —
// with the version's ETag, says "Saved hh:mm UTC" (the user's zone, named), and a version changed behind its back is not
// overwritten: "Not saved: …" and the existing "changed by someone else" flow. Ctrl+S saves in the
// editor too. The Markdown toolbar formats the selection and the live preview follows the typing.
// (Waits are locators, not waitForFunction: the fake clock also drives requestAnimationFrame.)
// Time is Playwright's fake clock: the test moves it 30 s on and waits for the save that causes.
import { expect } from 'chai';
import type { Browser, Page, Request } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

describe('admin: the editor keeps the user’s work (leave warning, Ctrl+S, autosave, Markdown toolbar)', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let editor: StackUser;
  let ws: string;
  let base: string;
  let fields: { title: string; body: string };
  let itemId = '';

  const ok = async (p: Promise<{ status: number; body: any; text: string }>) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`${r.status} ${r.text}`);
    return r.body;
  };

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    ws = (await stack.createWorkspace({ slug: 'desk', name: 'Desk' })).id;
    base = `/api/v1/workspaces/${ws}`;
    editor = await stack.createUser({ role: 'Editor', grants: { [ws]: 'Write' } });
    const token = stack.adminToken;
    const guarded = async (path: string) => ({ token, headers: await stack.api.ifMatch(path, token) });
    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Article', slug: 'article' }, { token }));
    const tv = `${base}/templates/${t.id}/versions/1`;
    const title = await ok(stack.api.post(`${tv}/fields`, { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', minOccurrences: 0, maxOccurrences: 1, primitiveType: 'Text' }, await guarded(tv)));
    const body = await ok(stack.api.post(`${tv}/fields`, { key: 'body', label: 'Body', order: 1, compositionMode: 'Inline', minOccurrences: 0, maxOccurrences: 1, primitiveType: 'Markdown' }, await guarded(tv)));
    await ok(stack.api.put(`${tv}/publish`, undefined, await guarded(tv)));
    fields = { title: title.id, body: body.id };
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const version = async () => (await ok(stack.api.get(`${base}/content/${itemId}/versions/1`, { token: editor.token }))) as { fields: { fieldId: string; textValue?: string }[] };
  const valueOf = async (fieldId: string) => (await version()).fields.find((f) => f.fieldId === fieldId)?.textValue;
  const autosaves = (page: Page) => {
    const seen: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.headers()['x-verso-autosave'] === '1') seen.push(r);
    });
    return seen;
  };
  const isAutosave = (r: { request(): Request }) => r.request().headers()['x-verso-autosave'] === '1';

  it('asks before leaving a new article with unsaved changes, and Ctrl+S creates it', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(10_000);
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/new`);
      await page.getByLabel('Template').selectOption({ label: 'Article' });
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Continue' }).click()]);
      await page.getByLabel('Title', { exact: true }).fill('Night train');
      await page.getByRole('textbox', { name: 'Body (Markdown)' }).fill('The night train left at ten.');

      // An in-app link: the page asks in its own dialog and stays when told to.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
      await dialog.waitFor();
      await expectAccessible(page, 'the leave dialog');
      await screenshot(page, 'content-leave-warning');
      await dialog.getByRole('button', { name: 'Stay on this page' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).to.match(/\/content\/new$/);
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).to.equal('Night train');

      // Closing the tab: the browser's own prompt (beforeunload).
      const prompt = page.waitForEvent('dialog');
      void page.close({ runBeforeUnload: true });
      const asked = await prompt;
      expect(asked.type()).to.equal('beforeunload');
      await asked.dismiss();
      expect(page.isClosed()).to.equal(false);

      // Ctrl+S creates the item and opens its editor, without a question.
      await Promise.all([page.waitForURL(/\/versions\/1\/edit$/), page.keyboard.press('Control+s')]);
      itemId = new URL(page.url()).pathname.split('/')[4]!;
      expect(await valueOf(fields.title)).to.equal('Night train');
    } finally {
      await context.close();
    }
  });

  it('autosaves a Draft on blur and after 30 s of changes (one write per 30 s), with the version’s ETag', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(10_000);
    await page.clock.install();
    const seen = autosaves(page);
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${itemId}/versions/1/edit`);
      const status = page.locator('#cf-save-status');
      const body = page.getByRole('textbox', { name: 'Body (Markdown)' });

      // Blur: the first change saves as soon as the input loses focus.
      await body.fill('The night train left at ten sharp.');
      expect(await status.textContent()).to.equal('Unsaved changes');
      const first = page.waitForResponse(isAutosave);
      await page.getByLabel('Title', { exact: true }).focus();
      expect((await first).status()).to.equal(200);
      await page.locator('#cf-save-status', { hasText: /^Saved \d\d:\d\d UTC$/ }).waitFor();
      expect(await valueOf(fields.body)).to.equal('The night train left at ten sharp.');
      await expectAccessible(page, 'the editor after an autosave');
      await screenshot(page, 'content-editor-autosaved');

      // Within 30 s of that write a blur does not write: it waits for the period to end.
      await page.getByLabel('Title', { exact: true }).fill('Night train to Vienna');
      await body.focus();
      expect(await status.textContent()).to.equal('Unsaved changes');
      expect(seen).to.have.length(1);
      const second = page.waitForResponse(isAutosave);
      await page.clock.runFor(30_000);
      expect((await second).status()).to.equal(200);
      expect(seen).to.have.length(2);
      expect(await valueOf(fields.title)).to.equal('Night train to Vienna');

      // Typing on, without leaving the input: saved 30 s after the first change.
      await body.pressSequentially(' Snow.');
      const third = page.waitForResponse(isAutosave);
      await page.clock.runFor(30_000);
      expect((await third).status()).to.equal(200);
      await page.locator('#cf-save-status', { hasText: /^Saved / }).waitFor();
      expect(await valueOf(fields.body)).to.equal('The night train left at ten sharp. Snow.');
      // Every save carried the tag of the write before it (no 412 on our own writes).
      expect(seen).to.have.length(3);
    } finally {
      await context.close();
    }
  });

  it('does not overwrite a version changed elsewhere: “Not saved: …”, then the “changed by someone else” flow', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(10_000);
    await page.clock.install();
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${itemId}/versions/1/edit`);
      // Someone else saves the version after this page was opened.
      const path = `${base}/content/${itemId}/versions/1`;
      const current = await version();
      const theirs = current.fields.map((f) => (f.fieldId === fields.title ? { ...f, textValue: 'Their title' } : f));
      await ok(stack.api.put(path, { fields: theirs, effectiveStartAt: null, effectiveEndAt: null }, { token: stack.adminToken, headers: await stack.api.ifMatch(path, stack.adminToken) }));

      await page.getByRole('textbox', { name: 'Body (Markdown)' }).fill('My own ending.');
      const refused = page.waitForResponse(isAutosave);
      await page.getByLabel('Title', { exact: true }).focus();
      expect((await refused).status()).to.equal(409);
      const status = page.locator('#cf-save-status');
      await status.filter({ hasText: /^Not saved: someone else changed this version/ }).waitFor();
      expect(await valueOf(fields.title)).to.equal('Their title');
      expect(await valueOf(fields.body)).to.not.equal('My own ending.');
      await expectAccessible(page, 'the editor after a refused autosave');
      await Promise.all([page.waitForNavigation(), status.getByRole('button', { name: 'See their changes' }).click()]);
      await page.getByRole('heading', { name: 'Changed by someone else since you opened it' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Body (Markdown)' }).inputValue()).to.equal('My own ending.');
      expect(await valueOf(fields.body)).to.not.equal('My own ending.');
    } finally {
      await context.close();
    }
  });

  it('saves with Ctrl+S in the editor', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(10_000);
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${itemId}/versions/1/edit`);
      await page.getByLabel('Title', { exact: true }).fill('Saved by keyboard');
      await Promise.all([page.waitForNavigation(), page.keyboard.press('Control+s')]);
      await page.getByText('Version 1 saved.').waitFor();
      expect(await valueOf(fields.title)).to.equal('Saved by keyboard');
    } finally {
      await context.close();
    }
  });

  it('saves and leaves from the leave dialog of the editor', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(10_000);
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${itemId}/versions/1/edit`);
      // Typing without leaving the input: nothing saved yet, so the link asks.
      const title = page.getByLabel('Title', { exact: true });
      await title.focus();
      await title.press('End');
      await title.pressSequentially(' again');
      await page.getByRole('link', { name: 'Back to the item' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
      await dialog.waitFor();
      await Promise.all([page.waitForURL(new RegExp(`/content/${itemId}$`)), dialog.getByRole('button', { name: 'Save and leave' }).click()]);
      expect(await valueOf(fields.title)).to.equal('Saved by keyboard again');
    } finally {
      await context.close();
    }
  });

  it('formats Markdown from the toolbar and previews it beside the input as the user types', async () => {
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(10_000);
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${itemId}/versions/1/edit`);
      const body = page.getByRole('textbox', { name: 'Body (Markdown)' });
      const toolbar = page.getByRole('toolbar', { name: 'Markdown formatting' });
      const preview = page.getByRole('region', { name: 'Preview' });
      await body.fill('word');
      await body.selectText();
      await toolbar.getByRole('button', { name: 'Bold' }).click();
      expect(await body.inputValue()).to.equal('**word**');
      await preview.locator('strong', { hasText: 'word' }).waitFor();

      await body.fill('slant');
      await body.selectText();
      await toolbar.getByRole('button', { name: 'Italic' }).click();
      expect(await body.inputValue()).to.equal('_slant_');
      await preview.locator('em', { hasText: 'slant' }).waitFor();

      await body.fill('Verso');
      await body.selectText();
      await toolbar.getByRole('button', { name: 'Link' }).click();
      await page.keyboard.type('https://example.com/verso');
      expect(await body.inputValue()).to.equal('[Verso](https://example.com/verso)');
      await preview.locator('a[href="https://example.com/verso"][rel~="noopener"]', { hasText: 'Verso' }).waitFor();

      await body.fill('Chapter one');
      await toolbar.getByRole('button', { name: 'Heading' }).click();
      expect(await body.inputValue()).to.equal('## Chapter one');
      await preview.locator('h2', { hasText: 'Chapter one' }).waitFor();

      await body.fill('apples\npears');
      await body.selectText();
      await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
      expect(await body.inputValue()).to.equal('- apples\n- pears');
      await preview.locator('li', { hasText: 'pears' }).waitFor();

      await body.fill('make run');
      await body.selectText();
      await toolbar.getByRole('button', { name: 'Code' }).click();
      expect(await body.inputValue()).to.equal('`make run`');
      await preview.locator('code', { hasText: 'make run' }).waitFor();

      // The preview is the admin's sanitised rendering: raw HTML shows as text and never runs.
      await body.fill('<img src=x onerror="window.__pwned=1"> **safe**');
      await preview.locator('strong', { hasText: 'safe' }).waitFor();
      expect(await preview.locator('img').count()).to.equal(0);
      expect(await page.evaluate('window.__pwned')).to.equal(undefined);
      await expectAccessible(page, 'the Markdown toolbar and live preview');
      await body.fill('## Night train\n\nThe **night train** left at _ten_, on time.\n\n- Vienna\n- Munich\n\nSee [the timetable](https://example.com/timetable) and `platform 9`.');
      await preview.locator('h2', { hasText: 'Night train' }).waitFor();
      await page.evaluate("document.querySelector('.cf-md-toolbar').scrollIntoView({ block: 'start' }); window.scrollBy(0, -160)");
      await screenshot(page, 'content-editor-markdown');
    } finally {
      await context.close();
    }
  });
});
