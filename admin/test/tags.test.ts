// Tags in a real browser against the real API: the paged list with usage counts, an Admin deleting a
// tag after the confirmation (the API removes it from the content that carried it), a TemplateAdmin
// and a Reader seeing Delete disabled with the reason, and the API refusing their direct posts.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

describe('admin: tags', () => {
  let stack: AdminStack;
  let browser: Browser;
  let ws: { id: string; slug: string };
  let base: string;
  let itemId: string;

  before(async () => {
    stack = await startAdminStack();
    ws = await stack.createWorkspace({ name: 'Newsroom' });
    base = `${stack.adminUrl}/workspaces/${ws.id}/tags`;
    const token = stack.adminToken;
    const root = `/api/v1/workspaces/${ws.id}`;
    const template = await stack.api.post(`${root}/templates`, { name: 'Story', slug: 'story' }, { token });
    const version = `${root}/templates/${template.body.id}/versions/1`;
    await stack.api.post(`${version}/fields`, { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', isRequired: false, minOccurrences: 0, primitiveType: 'Text' }, { token, headers: await stack.api.ifMatch(version, token) });
    const published = await stack.api.put(`${version}/publish`, undefined, { token, headers: await stack.api.ifMatch(version, token) });
    const templateVersionId = published.body.id as string;
    // 52 bulk tags on one item (a second page at 50 per page), "news" on two items, "sport" on one.
    const bulk = Array.from({ length: 52 }, (_, i) => `bulk-${String(i).padStart(2, '0')}`);
    for (const [slug, tags] of [['one', [...bulk, 'news']], ['two', ['news', 'sport']]] as const) {
      const item = await stack.api.post(`${root}/content`, { templateVersionId, slug, tags, fields: [] }, { token });
      expect(item.status).to.equal(201);
      if (slug === 'two') itemId = item.body.id;
    }
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function signedIn(email: string, password: string): Promise<{ page: Page; close: () => Promise<void> }> {
    const { context, page } = await newPage(browser);
    await signIn(page, stack.adminUrl, email, password);
    return { page, close: () => context.close() };
  }
  const tagRow = (page: Page, name: string) => page.locator(`tr[data-tag="${name}"]`);

  it('lists the tags with their usage counts, page by page, and an Admin deletes one after confirming', async () => {
    const { page, close } = await signedIn(stack.adminEmail, stack.adminPassword);
    try {
      await page.goto(base);
      expect(await page.locator('tbody tr').count()).to.equal(50);
      expect(await page.locator('p.muted').first().textContent()).to.include('54 tags');
      await expectAccessible(page, 'tags');
      await screenshot(page, 'tags');
      await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Next page' }).click()]);
      expect(await tagRow(page, 'news').locator('td.usage').textContent()).to.equal('2');
      expect(await tagRow(page, 'sport').locator('td.usage').textContent()).to.equal('1');

      await Promise.all([page.waitForNavigation(), tagRow(page, 'sport').getByRole('link', { name: 'Delete tag sport' }).click()]);
      expect(await page.locator('h1').textContent()).to.equal('Delete tag sport');
      expect(await page.locator('form p').first().textContent()).to.include('1 content item');
      await expectAccessible(page, 'tag delete');
      await page.getByLabel('Yes, delete the tag sport').check();
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Delete tag' }).click()]);
      // Back on the page it was deleted from.
      expect(new URL(page.url()).search).to.equal('?page=2');
      expect(await page.locator('.flash').textContent()).to.include('sport');
      expect(await tagRow(page, 'sport').count()).to.equal(0);

      const tags = (await stack.api.get(`/api/v1/workspaces/${ws.id}/tags?pageSize=100`, { token: stack.adminToken })).body;
      expect(tags.items.map((t: { name: string }) => t.name)).to.not.include('sport');
      const item = (await stack.api.get(`/api/v1/workspaces/${ws.id}/content/${itemId}`, { token: stack.adminToken })).body;
      expect(item.tags).to.deep.equal(['news']);
    } finally {
      await close();
    }
  });

  it('shows a TemplateAdmin and a Reader Delete disabled with the reason; the API refuses their posts', async () => {
    const modeller = await stack.createUser({ role: 'TemplateAdmin', grants: { [ws.id]: 'Write' } });
    const reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });
    const newsId = (await stack.api.get(`/api/v1/workspaces/${ws.id}/tags?page=2&pageSize=50`, { token: stack.adminToken })).body.items.find((t: { name: string }) => t.name === 'news').id as string;
    for (const [user, reason] of [[modeller, 'you are TemplateAdmin'], [reader, 'you are Reader']] as const) {
      const { page, close } = await signedIn(user.email, user.password);
      try {
        await page.goto(`${base}?page=2`);
        const button = tagRow(page, 'news').getByRole('button', { name: 'Delete tag news' });
        expect(await button.isDisabled()).to.equal(true);
        expect(await button.getAttribute('aria-describedby')).to.equal('delete-reason');
        expect(await page.locator('#delete-reason').textContent()).to.include('Admin role').and.include(reason);
        await expectAccessible(page, `tags (${user.email})`);
        expect((await page.goto(`${base}/${newsId}/delete`))!.status()).to.equal(403);
      } finally {
        await close();
      }
      const http = new HttpSession(stack.adminUrl);
      await http.signIn(user.email, user.password);
      const refused = await http.post(`/workspaces/${ws.id}/tags/${newsId}/delete`, { confirm: 'yes', name: 'news' }, `/workspaces/${ws.id}/tags`);
      expect(refused.status).to.equal(403);
    }
    const tags = (await stack.api.get(`/api/v1/workspaces/${ws.id}/tags?page=2&pageSize=50`, { token: stack.adminToken })).body;
    expect(tags.items.map((t: { name: string }) => t.name)).to.include('news');
  });
});
