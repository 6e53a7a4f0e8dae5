// The content list in a real browser against the real API: paging, each row's served and latest
// version, every filter the API offers (template, status, tags, text, locale), sorting, and "New
// item" disabled with its reason for an Editor who only has Read access.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

describe('admin: content list', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let ws: string;
  let alpha: string;

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    ({ id: ws } = await stack.createWorkspace({ slug: 'newsroom', name: 'Newsroom' }));
    const token = stack.adminToken;
    const base = `/api/v1/workspaces/${ws}`;
    const ok = async (p: Promise<{ status: number; body: any }>) => {
      const r = await p;
      if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    };
    const template = async (name: string, slug: string) => {
      const t = await ok(stack.api.post(`${base}/templates`, { name, slug }, { token }));
      const tv = `${base}/templates/${t.id}/versions/1`;
      const field = await ok(stack.api.post(`${tv}/fields`, { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', primitiveType: 'Text', minOccurrences: 0 }, { token, headers: await stack.api.ifMatch(tv, token) }));
      const published = await ok(stack.api.put(`${tv}/publish`, undefined, { token, headers: await stack.api.ifMatch(tv, token) }));
      return { versionId: published.id as string, titleId: field.id as string };
    };
    const pageT = await template('Page', 'page');
    const post = await template('Post', 'post');
    const item = async (t: { versionId: string; titleId: string }, slug: string, title: string, localeCode: string, tags: string[]) =>
      (await ok(stack.api.post(`${base}/content`, { templateVersionId: t.versionId, slug, localeCode, tags, fields: [{ fieldId: t.titleId, order: 0, valueKind: 'Text', textValue: title }] }, { token }))).id as string;

    for (let i = 1; i <= 21; i++) await item(pageT, `page-${String(i).padStart(2, '0')}`, `Page ${i}`, 'en', []);
    // alpha: version 1 published (served), version 2 a draft (the latest).
    alpha = await item(post, 'alpha-post', 'Quarterly results', 'de', ['featured']);
    await ok(stack.api.post(`${base}/content/${alpha}/versions/1/publish`, { overrideWorkflow: true }, { token }));
    await ok(stack.api.post(`${base}/content/${alpha}/versions`, {}, { token }));
    // beta: in review.
    const beta = await item(post, 'beta-post', 'Team news', 'en', ['featured', 'archive-me']);
    await ok(stack.api.post(`${base}/content/${beta}/versions/1/submit`, undefined, { token }));

    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  // Each row names the item by its title with the slug as secondary text (#25); the filters are checked by slug.
  const slugs = () =>
    page.locator('table.cf-list tbody th[scope="row"]').evaluateAll((cells) => cells.map((th) => (th.querySelector('.cf-item-slug') ?? th).textContent!.trim()));
  async function apply(change: () => Promise<void>) {
    await change();
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Apply filters' }).click()]);
    await expectAccessible(page);
  }

  it('pages through every item and shows each row’s served and latest version', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content`);
    expect(await page.locator('#content-count').textContent()).to.equal('23 items.');
    expect(await slugs()).to.have.length(20);
    await expectAccessible(page);
    await screenshot(page, 'content-list');

    const row = page.locator(`tr[data-item="${alpha}"]`);
    expect((await row.locator('td.cf-served').textContent())!.trim()).to.match(/^v1 \(no window\)$/);
    expect((await row.locator('td.cf-latest').textContent())!.trim()).to.equal('v2 Draft');
    // The author is the person who created the item, by name: the seeded admin (Seed__Admin__DisplayName).
    expect((await row.locator('td.cf-author').textContent())!.trim()).to.equal('Administrator');
    expect(await row.getByRole('link', { name: /^Edit/ }).getAttribute('href')).to.equal(`/workspaces/${ws}/content/${alpha}/versions/2/edit`);
    expect(await row.getByRole('link', { name: 'Quarterly results', exact: true }).getAttribute('href')).to.equal(`/workspaces/${ws}/content/${alpha}`);
    // Its latest version (a Draft without values) has no title: the served version's names it.
    expect((await row.locator('th .cf-item-slug').textContent())!.trim()).to.equal('alpha-post');
    expect((await page.locator('tr', { hasText: 'beta-post' }).locator('td.cf-served').textContent())!.trim()).to.equal('Not served');

    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Next page' }).click()]);
    expect(await slugs()).to.have.length(3);
    expect(await page.locator('.pager').textContent()).to.include('Page 2 of 2');
    await expectAccessible(page);
  });

  it('filters by template, status, tags, text and locale, and sorts', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content`);
    await apply(() => page.getByLabel('Template').selectOption({ label: 'Post' }).then(() => undefined));
    expect((await slugs()).sort()).to.deep.equal(['alpha-post', 'beta-post']);

    await apply(() => page.getByLabel('Status').selectOption('Review').then(() => undefined));
    expect(await slugs()).to.deep.equal(['beta-post']);
    expect((await page.locator('td.cf-latest').textContent())!.trim()).to.equal('v1 Review');

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => u.search === '');
    await apply(() => page.getByLabel('featured').check());
    expect((await slugs()).sort()).to.deep.equal(['alpha-post', 'beta-post']);
    await apply(() => page.getByLabel('archive-me').check());
    expect(await slugs()).to.deep.equal(['beta-post']);
    // The filters survive in the form (both tags still ticked).
    expect(await page.getByLabel('featured').isChecked()).to.equal(true);

    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content`);
    await apply(() => page.getByLabel('Text').fill('quarterly'));
    expect(await slugs()).to.deep.equal(['alpha-post']);
    await apply(async () => {
      await page.getByLabel('Text').fill('');
      await page.getByLabel('Locale').fill('de');
    });
    expect(await slugs()).to.deep.equal(['alpha-post']);
    expect(await page.locator('#content-count').textContent()).to.equal('1 item match the filters.');

    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content`);
    await apply(async () => {
      await page.getByLabel('Sort by').selectOption('slug');
      await page.getByLabel('Order').selectOption('asc');
    });
    expect((await slugs()).slice(0, 3)).to.deep.equal(['alpha-post', 'beta-post', 'page-01']);
    await apply(() => page.getByLabel('Order').selectOption('desc').then(() => undefined));
    expect((await slugs())[0]).to.equal('page-21');
    // Paging keeps the sort.
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Next page' }).click()]);
    expect(await slugs()).to.deep.equal(['page-01', 'beta-post', 'alpha-post']);
  });

  it('shows an Editor with only Read access “New item” disabled with the reason', async () => {
    const editor = await stack.createUser({ role: 'Editor', grants: { [ws]: 'Read' } });
    const { context, page: p } = await newPage(browser);
    try {
      await signIn(p, stack.adminUrl, editor.email, editor.password);
      await p.goto(`${stack.adminUrl}/workspaces/${ws}/content`);
      expect(await p.getByRole('button', { name: 'New item' }).isDisabled()).to.equal(true);
      expect(await p.locator('#new-item-reason').textContent()).to.include('needs Write access');
      // Rows link to the editor as a read-only view.
      expect(await p.locator(`tr[data-item="${alpha}"]`).getByRole('link', { name: /^View fields/ }).count()).to.equal(1);
      await expectAccessible(p);
    } finally {
      await context.close();
    }
  });
});
