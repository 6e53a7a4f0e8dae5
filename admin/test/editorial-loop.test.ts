// Issue #25's daily loop in one real browser session per person, against the real API: an Editor
// starts an article on a template with a required Summary, types only its title, tries to leave and
// is asked first, stays, and saves the incomplete Draft with Ctrl+S (a Draft stores what it has); the
// Draft then saves itself when an input loses focus. Submitting it for review is refused and the
// editor opens with the reason at the Summary input; the Editor fills it in and submits. A
// TemplateAdmin approves. The Editor edits the approved version, is told before saving that the
// approval will not cover the change, saves, and the version is a Draft again. axe on every new state.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

describe('admin: the editorial loop (incomplete Draft, autosave, refusal at the input, approval reset)', function () {
  this.timeout(180_000);
  let stack: AdminStack;
  let browser: Browser;
  let editor: StackUser;
  let reviewer: StackUser;
  let ws: string;
  let base: string;
  let summaryId = '';
  let itemId = '';

  const ok = async (p: Promise<{ status: number; body: any; text: string }>) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`${r.status} ${r.text}`);
    return r.body;
  };
  const version = async () => ok(stack.api.get(`${base}/content/${itemId}/versions/1`, { token: stack.adminToken }));
  const itemPage = () => `${stack.adminUrl}/workspaces/${ws}/content/${itemId}?version=1`;
  const editorPage = () => `${stack.adminUrl}/workspaces/${ws}/content/${itemId}/versions/1/edit`;

  async function as(user: StackUser, run: (page: Page) => Promise<void>) {
    const { context, page } = await newPage(browser);
    page.setDefaultTimeout(20_000);
    try {
      await signIn(page, stack.adminUrl, user.email, user.password);
      await run(page);
    } finally {
      await context.close();
    }
  }

  async function workflow(page: Page, name: string) {
    await Promise.all([page.waitForNavigation(), page.locator('.workflow-bar').getByRole('button', { name }).click()]);
  }

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    ws = (await stack.createWorkspace({ slug: 'newsroom', name: 'Newsroom' })).id;
    base = `/api/v1/workspaces/${ws}`;
    editor = await stack.createUser({ role: 'Editor', grants: { [ws]: 'Write' } });
    reviewer = await stack.createUser({ role: 'TemplateAdmin', grants: { [ws]: 'Write' } });
    const token = stack.adminToken;
    const guarded = async (path: string) => ({ token, headers: await stack.api.ifMatch(path, token) });
    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Article', slug: 'article' }, { token }));
    const tv = `${base}/templates/${t.id}/versions/1`;
    await ok(stack.api.post(`${tv}/fields`, { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', minOccurrences: 0, maxOccurrences: 1, primitiveType: 'Text' }, await guarded(tv)));
    const summary = await ok(
      stack.api.post(`${tv}/fields`, { key: 'summary', label: 'Summary', order: 1, compositionMode: 'Inline', isRequired: true, minOccurrences: 1, maxOccurrences: 1, primitiveType: 'Text' }, await guarded(tv)),
    );
    summaryId = summary.id;
    await ok(stack.api.put(`${tv}/publish`, undefined, await guarded(tv)));
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('saves an incomplete Draft after asking before leaving, and the Draft saves itself on blur', async () => {
    await as(editor, async (page) => {
      await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/new`);
      await page.getByLabel('Template').selectOption({ label: 'Article' });
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Continue' }).click()]);
      await page.getByLabel('Title', { exact: true }).fill('Harbour lights');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
      await dialog.waitFor();
      await expectAccessible(page, 'the leave dialog');
      await dialog.getByRole('button', { name: 'Stay on this page' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The required Summary is still empty: a Draft stores what it has.
      await Promise.all([page.waitForURL(/\/versions\/1\/edit$/), page.keyboard.press('Control+s')]);
      itemId = new URL(page.url()).pathname.split('/')[4]!;
      const draft = await version();
      expect(draft.status).to.equal('Draft');
      expect(draft.fields.map((f: { key: string }) => f.key)).to.deep.equal(['title']);
      await expectAccessible(page, 'the editor of the new Draft');

      // A change is saved when its input loses focus: the autosave the page sends, answered 200.
      await page.getByLabel('Title', { exact: true }).fill('Harbour lights at dusk');
      const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.request().headers()['x-verso-autosave'] === '1');
      await page.getByLabel('Summary', { exact: true }).focus();
      expect((await saved).status()).to.equal(200);
      await page.locator('#cf-save-status', { hasText: /^Saved \d\d:\d\d UTC$/ }).waitFor();
      const titleValue = (await version()).fields.find((f: { key: string }) => f.key === 'title');
      expect(titleValue.textValue).to.equal('Harbour lights at dusk');
    });
  });

  it('refuses to submit it with the reason at the Summary input, and submits once it is filled in', async () => {
    await as(editor, async (page) => {
      await page.goto(itemPage());
      await workflow(page, 'Submit for review');
      // The editor (its form, answered to the submit's POST), with the refusal at the field that needs
      // a value; nothing changed.
      await page.getByLabel('Summary', { exact: true }).waitFor();
      const message = page.locator(`[data-field="${summaryId}"] .field-errors`);
      await message.waitFor();
      expect(await message.textContent()).to.include("Field 'Summary' requires at least 1 value.");
      expect(await page.content()).not.to.match(/must have required property|must match pattern|does not match the API contract/);
      await expectAccessible(page, 'the submit refusal at its input');
      expect((await version()).status).to.equal('Draft');

      await page.goto(editorPage());
      await page.getByLabel('Summary', { exact: true }).fill('Lights come on along the quay as the ferries return.');
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Save changes' }).click()]);
      await page.goto(itemPage());
      await workflow(page, 'Submit for review');
      expect(await page.locator('.flash').textContent()).to.include('submitted for review');
      expect((await version()).status).to.equal('Review');
    });
  });

  it('a TemplateAdmin approves; an edit after approval is announced and sends the version back to Draft', async () => {
    await as(reviewer, async (page) => {
      await page.goto(itemPage());
      await workflow(page, 'Approve');
      expect((await version()).status).to.equal('Approved');
    });
    await as(editor, async (page) => {
      await page.goto(editorPage());
      const notice = page.locator('#editor-approval-reset');
      expect(await notice.textContent()).to.match(/This version was approved; saving a change sends it back to Draft/);
      expect(await page.getByRole('button', { name: 'Save changes' }).getAttribute('aria-describedby')).to.equal('editor-approval-reset');
      await expectAccessible(page, 'the approved version in the editor');
      await page.getByLabel('Title', { exact: true }).fill('Harbour lights after dark');
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Save changes' }).click()]);
      expect(await page.locator('.flash').textContent()).to.match(/It was approved, so it is a Draft again/);
      await expectAccessible(page, 'the flash after the approval reset');
      const v = await version();
      expect(v.status).to.equal('Draft');
      expect(v.fields.find((f: { key: string }) => f.key === 'title').textValue).to.equal('Harbour lights after dark');
    });
  });
});
