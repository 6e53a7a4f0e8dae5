// Home's review queue (issue #25), in a real browser against the real API: per workspace the user
// can see, the versions waiting for their approval (TemplateAdmin with write access), their own
// Drafts, the ones a reviewer sent back (with the reason), and what is scheduled next; each row opens
// the version on its item page. Each user here sees two workspaces (so Home stays Home for them).
// Axe on each state.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

describe('admin: review queue on Home', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let ws: string;
  let quiet: string;
  let editor: StackUser;
  let reviewer: StackUser;
  let reader: StackUser;
  const items: Record<string, string> = {};

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
    ({ id: ws } = await stack.createWorkspace({ slug: 'harbour-news', name: 'Harbour news' }));
    ({ id: quiet } = await stack.createWorkspace({ slug: 'archive-desk', name: 'Archive desk' }));
    const grants = { [ws]: 'Write', [quiet]: 'Write' } as const;
    editor = await stack.createUser({ role: 'Editor', grants, displayName: 'Eddie Editor' });
    reviewer = await stack.createUser({ role: 'TemplateAdmin', grants, displayName: 'Rita Reviewer' });
    reader = await stack.createUser({ role: 'Reader', grants: { [ws]: 'Read', [quiet]: 'Read' } });
    const base = `/api/v1/workspaces/${ws}`;
    const ok = async (p: Promise<{ status: number; body: any }>) => {
      const r = await p;
      if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    };
    const admin = stack.adminToken;
    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Story', slug: 'story' }, { token: admin }));
    const tv = `${base}/templates/${t.id}/versions/1`;
    const headline = await ok(stack.api.post(`${tv}/fields`, { key: 'headline', label: 'Headline', order: 0, compositionMode: 'Inline', minOccurrences: 0, primitiveType: 'Text' }, { token: admin, headers: await stack.api.ifMatch(tv, admin) }));
    const published = await ok(stack.api.put(`${tv}/publish`, undefined, { token: admin, headers: await stack.api.ifMatch(tv, admin) }));
    const create = async (title: string, token: string) =>
      (items[title] = (await ok(stack.api.post(`${base}/content`, { templateVersionId: published.id, slug: title.toLowerCase().replace(/[^a-z]+/g, '-').replace(/-$/, ''), tags: [], fields: [{ fieldId: headline.id, order: 0, valueKind: 'Text', textValue: title }] }, { token }))).id);
    const act = (title: string, action: string, token: string, body?: unknown) => ok(stack.api.post(`${base}/content/${items[title]}/versions/1/${action}`, body, { token }));
    await create('Boats at dawn', editor.token);
    await create('The ferry strike', editor.token);
    await act('The ferry strike', 'submit', editor.token);
    await create('Gulls of the pier', editor.token);
    await act('Gulls of the pier', 'submit', editor.token);
    await act('Gulls of the pier', 'reject', reviewer.token, { reason: 'Add a photo of the pier' });
    await create('Tomorrow at the market', reviewer.token);
    await act('Tomorrow at the market', 'submit', reviewer.token);
    await act('Tomorrow at the market', 'approve', reviewer.token);
    await act('Tomorrow at the market', 'publish', reviewer.token, { publishAt: new Date(Date.now() + 86_400_000).toISOString() });
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function home(user: StackUser): Promise<Page> {
    const { page } = await newPage(browser);
    await signIn(page, stack.adminUrl, user.email, user.password);
    await page.goto(`${stack.adminUrl}/`);
    return page;
  }
  const section = (page: Page, workspaceId: string, key: string) => page.locator(`.queue-workspace[data-workspace="${workspaceId}"] .queue-section[data-section="${key}"]`);
  const names = (page: Page, workspaceId: string, key: string) => section(page, workspaceId, key).locator('.queue-rows li > a').allTextContents();
  const sections = (page: Page, workspaceId: string) => page.locator(`.queue-workspace[data-workspace="${workspaceId}"] .queue-section`).evaluateAll((els) => els.map((e) => e.getAttribute('data-section')));

  it('shows a reviewer what waits for their approval and what is scheduled; a row opens the version', async () => {
    const page = await home(reviewer);
    expect(await sections(page, ws)).to.deep.equal(['review', 'rejected', 'drafts', 'scheduled']);
    expect(await names(page, ws, 'review')).to.deep.equal(['The ferry strike']);
    expect(await names(page, ws, 'drafts')).to.deep.equal([]);
    expect((await section(page, ws, 'drafts').textContent())!).to.contain('You have no Drafts here.');
    expect(await names(page, ws, 'scheduled')).to.deep.equal(['Tomorrow at the market']);
    expect((await section(page, ws, 'scheduled').locator('li').textContent())!.replace(/\s+/g, ' ')).to.match(/Version 1 · Approved · scheduled for \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect((await page.locator(`.queue-workspace[data-workspace="${quiet}"] h3`).textContent())!.replace(/\s+/g, ' ')).to.contain('nothing waiting');
    await expectAccessible(page, 'home queue (reviewer)');
    await screenshot(page, 'home-review-queue', { fullPage: true });

    await Promise.all([page.waitForNavigation(), section(page, ws, 'review').getByRole('link', { name: 'The ferry strike' }).click()]);
    const url = new URL(page.url());
    expect(url.pathname).to.equal(`/workspaces/${ws}/content/${items['The ferry strike']}`);
    expect(url.search).to.equal('?version=1');
    expect((await page.locator('h1#item-title').textContent())!.trim()).to.equal('The ferry strike');
    await page.context().close();
  });

  it('shows an editor their Drafts and what was sent back with the reason, and no approval section', async () => {
    const page = await home(editor);
    expect(await sections(page, ws)).to.deep.equal(['rejected', 'drafts', 'scheduled']);
    expect(await names(page, ws, 'drafts')).to.deep.equal(['Boats at dawn']);
    expect(await names(page, ws, 'rejected')).to.deep.equal(['Gulls of the pier']);
    expect((await section(page, ws, 'rejected').locator('.queue-reason').textContent())!.trim()).to.equal('“Add a photo of the pier”');
    expect(await names(page, ws, 'scheduled')).to.deep.equal(['Tomorrow at the market']);
    expect((await page.locator(`.queue-workspace[data-workspace="${ws}"] h3`).textContent())!.replace(/\s+/g, ' ')).to.contain('3 waiting');
    await expectAccessible(page, 'home queue (editor)');
    await screenshot(page, 'home-review-queue-editor', { fullPage: true });
    await page.context().close();
  });

  it('shows a reader only what is scheduled', async () => {
    const page = await home(reader);
    expect(await sections(page, ws)).to.deep.equal(['scheduled']);
    expect(await names(page, ws, 'scheduled')).to.deep.equal(['Tomorrow at the market']);
    await expectAccessible(page, 'home queue (reader)');
    await page.context().close();
  });
});
