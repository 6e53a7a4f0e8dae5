// The workflow bar on the item page, in a real browser against the real API, one role at a time:
// an Editor submits and sees Approve/Reject disabled with the reason; a TemplateAdmin approves and
// rejects with a reason; an Editor publishes, archives and restores; an Editor in New York schedules
// on their own clock (the API stores the UTC instant; a skipped wall-clock time is refused at the
// field); an Admin publishes a Draft over the workflow; a status changed behind the page makes the
// click the API's problem; a Reader (and an Editor with only Read) sees every button disabled with
// its reason, and a direct post is refused by the API.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { HttpSession } from './helpers/http.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

describe('admin: content workflow', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let ws: { id: string };
  let base: string;
  let templateVersionId: string;
  let editor: StackUser;

  async function ok<T extends { status: number; text: string }>(r: Promise<T>, what: string): Promise<T> {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  }

  /** A new item (version 1 a Draft), moved on through the API by `steps` (e.g. submit, approve). */
  async function item(slug: string, steps: string[] = []): Promise<string> {
    const token = stack.adminToken;
    const id = (await ok(stack.api.post(`${base}/content`, { templateVersionId, slug, tags: [], fields: [] }, { token }), 'create item')).body.id as string;
    for (const step of steps) await ok(stack.api.post(`${base}/content/${id}/versions/1/${step}`, step === 'publish' ? {} : undefined, { token }), step);
    return id;
  }

  const status = async (id: string) => (await stack.api.get(`${base}/content/${id}/versions/1`, { token: stack.adminToken })).body.status as string;
  const itemUrl = (id: string) => `${stack.adminUrl}/workspaces/${ws.id}/content/${id}`;
  const action = (page: Page, name: string) => page.locator(`.workflow-action[data-action="${name}"]`);

  async function click(page: Page, name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.locator('.workflow-bar').getByRole('button', { name }).click()]);
  }

  async function as(user: { email: string; password: string }, run: (page: Page) => Promise<void>) {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, stack.adminUrl, user.email, user.password);
      await run(page);
    } finally {
      await context.close();
    }
  }

  /** A disabled button sits behind "More" and says why, visibly (once More is opened) and as its description. */
  async function expectDisabledWithReason(page: Page, name: string, reason: RegExp) {
    expect(await page.locator(`.workflow-more .workflow-action[data-action="${name}"]`).count(), `${name} behind More`).to.be.greaterThan(0);
    const button = action(page, name).getByRole('button', { includeHidden: true });
    expect(await button.isDisabled(), name).to.equal(true);
    const describedBy = await button.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent(), name).to.match(reason);
    expect(await button.getAttribute('title'), name).to.match(reason);
  }

  before(async () => {
    stack = await startAdminStack();
    ws = await stack.createWorkspace({ slug: 'workflow', name: 'Workflow' });
    base = `/api/v1/workspaces/${ws.id}`;
    const token = stack.adminToken;
    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Note', slug: 'note' }, { token }), 'template');
    const tv = `${base}/templates/${t.body.id}/versions/1`;
    await ok(stack.api.post(`${tv}/fields`, { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', isRequired: false, minOccurrences: 0, primitiveType: 'Text' }, { token, headers: await stack.api.ifMatch(tv, token) }), 'field');
    templateVersionId = (await ok(stack.api.put(`${tv}/publish`, undefined, { token, headers: await stack.api.ifMatch(tv, token) }), 'publish template')).body.id;
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('Editor submits; Approve and Reject are disabled with the reason (role too low)', async () => {
    const id = await item('submit-me');
    await as(editor, async (page) => {
      await page.goto(itemUrl(id));
      // The status speaks first on a Draft; once in Review, the role does.
      await expectDisabledWithReason(page, 'approve', /Only Review versions can be approved; this one is Draft/);
      await expectDisabledWithReason(page, 'archive', /Only Published versions can be archived; this one is Draft/);
      await expectAccessible(page);
      await click(page, 'Submit for review');
      expect(await page.locator('.flash').textContent()).to.include('Version 1 submitted for review');
      expect(new URL(page.url()).searchParams.get('version')).to.equal('1');
      expect(await status(id)).to.equal('Review');
      await expectDisabledWithReason(page, 'approve', /needs the TemplateAdmin role or higher; you are Editor/);
      await expectDisabledWithReason(page, 'reject', /needs the TemplateAdmin role or higher; you are Editor/);
      await expectAccessible(page);
    });
  });

  it('TemplateAdmin approves one version and rejects another with a reason', async () => {
    const approveId = await item('approve-me', ['submit']);
    const rejectId = await item('reject-me', ['submit']);
    const reviewer = await stack.createUser({ role: 'TemplateAdmin', grants: { [ws.id]: 'Write' } });
    await as(reviewer, async (page) => {
      await page.goto(itemUrl(approveId));
      await click(page, 'Approve');
      expect(await status(approveId)).to.equal('Approved');

      // Without a reason (the browser's `required` bypassed) the API's refusal is shown at the field.
      const http = new HttpSession(stack.adminUrl);
      await http.signIn(reviewer.email, reviewer.password);
      const path = `/workspaces/${ws.id}/content/${rejectId}`;
      const refused = await http.post(`${path}/versions/1/workflow/reject`, { reason: '' }, path);
      expect(refused.status).to.equal(400);
      expect(refused.text).to.include('id="v1-reject-reason-error"');
      expect(await status(rejectId)).to.equal('Review');

      await page.goto(itemUrl(rejectId));
      await expectAccessible(page);
      await page.getByLabel('Reason for rejecting').fill('Needs a better title');
      await click(page, 'Reject');
      expect(await page.locator('.flash').textContent()).to.include('rejected');
      expect(await status(rejectId)).to.equal('Draft');
    });
    const audit = await stack.api.get(`${base}/audit?contentItemId=${rejectId}&action=StatusChanged`, { token: stack.adminToken });
    expect(JSON.stringify(audit.body.items)).to.include('Needs a better title');
  });

  it('Editor publishes an Approved version, archives it and restores it to Draft', async () => {
    const id = await item('publish-me', ['submit', 'approve']);
    await as(editor, async (page) => {
      await page.goto(itemUrl(id));
      await click(page, 'Publish');
      expect(await status(id)).to.equal('Published');
      expect(await page.locator('tr[data-version="1"] .badge.served').count()).to.equal(1);
      await click(page, 'Archive');
      expect(await status(id)).to.equal('Archived');
      await expectAccessible(page);
      await click(page, 'Restore to draft');
      expect(await status(id)).to.equal('Draft');
    });
  });

  it('schedules on the user’s own clock (America/New_York) and refuses a skipped wall-clock time at the field', async () => {
    const id = await item('schedule-me', ['submit', 'approve']);
    const nyEditor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    await ok(stack.api.put('/api/v1/account/preferences', { timeZoneId: 'America/New_York', theme: 'auto' }, { token: nyEditor.token }), 'preferences');
    await as(nyEditor, async (page) => {
      await page.goto(itemUrl(id));
      const when = page.getByLabel(/Schedule for \(America\/New_York/);
      // 02:30 on 10 March 2030 does not exist in New York (clocks jump from 02:00 to 03:00).
      await when.fill('2030-03-10T02:30');
      await click(page, 'Publish');
      expect(await page.locator('#v1-publish-at-error').textContent()).to.include('America/New_York');
      expect(await when.getAttribute('aria-invalid')).to.equal('true');
      expect(await when.inputValue()).to.equal('2030-03-10T02:30');
      expect((await stack.api.get(`${base}/content/${id}/versions/1`, { token: stack.adminToken })).body.publishAt).to.equal(null);
      await expectAccessible(page);

      await when.fill('2030-01-15T09:30');
      await click(page, 'Publish');
      expect(await page.locator('.flash').textContent()).to.include('2030-01-15 09:30 EST');
      const v = (await stack.api.get(`${base}/content/${id}/versions/1`, { token: stack.adminToken })).body;
      expect(new Date(v.publishAt).toISOString()).to.equal('2030-01-15T14:30:00.000Z');
      expect(v.status).to.equal('Approved');
      expect(await page.locator('#version-panel [data-fact="publishAt"]').textContent()).to.equal('2030-01-15 09:30 EST');
    });
  });

  it('Admin publishes a Draft over the workflow', async () => {
    const id = await item('override-me');
    await as({ email: stack.adminEmail, password: stack.adminPassword }, async (page) => {
      await page.goto(itemUrl(id));
      expect(await action(page, 'publish').locator('.hint').textContent()).to.include('overrides the workflow');
      await expectAccessible(page);
      await click(page, 'Publish (override workflow)');
      expect(await status(id)).to.equal('Published');
    });
  });

  it('shows the API’s problem when the status changed behind the page', async () => {
    const id = await item('race-me', ['submit', 'approve']);
    await as(editor, async (page) => {
      await page.goto(itemUrl(id));
      await ok(stack.api.post(`${base}/content/${id}/versions/1/publish`, {}, { token: stack.adminToken }), 'publish behind the page');
      const [response] = await Promise.all([page.waitForNavigation(), action(page, 'publish').getByRole('button').click()]);
      expect(response!.status()).to.equal(422);
      expect(await page.locator('#version-panel .problem').textContent()).to.match(/Published/);
      // The page now shows the version as it is: Archive is the next step.
      expect(await action(page, 'archive').getByRole('button').isDisabled()).to.equal(false);
      await expectAccessible(page);
    });
  });

  it('shows a Reader (and an Editor with Read) every button disabled with its reason; a direct post is refused', async () => {
    const id = await item('read-only', ['submit']);
    const reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });
    await as(reader, async (page) => {
      await page.goto(itemUrl(id));
      for (const name of ['submit', 'approve', 'reject', 'publish', 'archive', 'restore']) await expectDisabledWithReason(page, name, /\S/);
      await expectDisabledWithReason(page, 'approve', /you are Reader/);
      expect(await page.getByLabel('Reason for rejecting').count()).to.equal(0);
      await expectAccessible(page);
    });
    const draftId = await item('read-only-draft');
    const readEditor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Read' } });
    await as(readEditor, async (page) => {
      await page.goto(itemUrl(draftId));
      await expectDisabledWithReason(page, 'submit', /needs Write access to this workspace; you have Read/);
    });

    const http = new HttpSession(stack.adminUrl);
    await http.signIn(reader.email, reader.password);
    const path = `/workspaces/${ws.id}/content/${id}`;
    const refused = await http.post(`${path}/versions/1/workflow/approve`, {}, path);
    expect(refused.status).to.equal(403);
    expect(refused.text).to.include('class="problem"');
    expect(await status(id)).to.equal('Review');
  });
});
