// Content that looks like content (#25), in a real browser against the real API: items are listed by
// title with the slug beside them (content list, reference picker, translations, the item's
// breadcrumb), and Media/File values show a thumbnail (images, through the admin's authenticated
// file route) or the file's name, type and size — in the viewer, in the editor, and at once when
// one is picked. Axe on each new state.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { multipart } from '../../test/media/media-world.js';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';
import { tinyPng } from './helpers/png.js';

describe('admin: titles and media values', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let ws: string;
  let article: string;
  let imageId: string;
  let pdfId: string;
  let storyTemplate: string;

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
    ({ id: ws } = await stack.createWorkspace({ slug: 'magazine', name: 'Magazine' }));
    const token = stack.adminToken;
    const base = `/api/v1/workspaces/${ws}`;
    const ok = async (p: Promise<{ status: number; body: any }>) => {
      const r = await p;
      if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    };
    const upload = async (fileName: string, contentType: string, data: Buffer) => {
      const form = multipart({ fileName, contentType, data });
      const res = await stack.api.request('POST', `${base}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token });
      if (res.status !== 201) throw new Error(`upload ${res.status}`);
      return (res.body as { id: string }).id;
    };
    // Thumbnails are small WebP renditions where the workspace serves its media publicly (opt-in),
    // drafts' images included; without it the viewer shows the file itself (asset-facts.ts).
    const wsPath = `/api/v1/workspaces/${ws}`;
    await ok(stack.api.put(wsPath, { name: 'Magazine', slug: 'magazine', publicMedia: true, allMediaPublic: true }, { token, headers: await stack.api.ifMatch(wsPath, token) }));
    imageId = await upload('harbour.png', 'image/png', tinyPng([200, 40, 40]));
    pdfId = await upload('press-kit.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'));
    await upload('lighthouse.png', 'image/png', tinyPng([200, 40, 40]));

    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Story', slug: 'story' }, { token }));
    storyTemplate = t.id;
    const tv = `${base}/templates/${t.id}/versions/1`;
    const field = async (body: Record<string, unknown>) => ok(stack.api.post(`${tv}/fields`, { compositionMode: 'Inline', minOccurrences: 0, ...body }, { token, headers: await stack.api.ifMatch(tv, token) }));
    const kicker = await field({ key: 'kicker', label: 'Kicker', order: 0, primitiveType: 'Text' });
    const headline = await field({ key: 'headline', label: 'Headline', order: 1, primitiveType: 'Text' });
    const picture = await field({ key: 'picture', label: 'Picture', order: 2, primitiveType: 'Media', maxOccurrences: 1 });
    const attachment = await field({ key: 'attachment', label: 'Attachment', order: 3, primitiveType: 'File', maxOccurrences: 1 });
    await field({ key: 'related', label: 'Related', order: 4, isOpen: true, compositionMode: 'Reference', maxOccurrences: 1 });
    // The headline, not the first Text field (the kicker), is the title.
    await ok(stack.api.put(`${tv}/title-field`, { titleFieldKey: 'headline' }, { token, headers: await stack.api.ifMatch(tv, token) }));
    const published = await ok(stack.api.put(`${tv}/publish`, undefined, { token, headers: await stack.api.ifMatch(tv, token) }));
    const create = async (slug: string, title: string, extra: unknown[] = []) =>
      (await ok(stack.api.post(`${base}/content`, {
        templateVersionId: published.id, slug, tags: [],
        fields: [{ fieldId: kicker.id, order: 0, valueKind: 'Text', textValue: 'Travel' }, { fieldId: headline.id, order: 0, valueKind: 'Text', textValue: title }, ...extra],
      }, { token }))).id as string;
    article = await create('harbour-story', 'Morning at the harbour', [
      { fieldId: picture.id, order: 0, valueKind: 'Media', mediaAssetId: imageId },
      { fieldId: attachment.id, order: 0, valueKind: 'File', fileAssetId: pdfId },
    ]);
    await create('lighthouse-story', 'The last lighthouse keeper');

    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const imageDrawn = (selector: string) =>
    page.locator(selector).first().evaluate((el) => {
      const image = el as unknown as { decode(): Promise<void>; naturalWidth: number };
      return image.decode().then(() => image.naturalWidth);
    });

  it('lists items by title, the slug beside it, and names the item by title on its page', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content`);
    const row = page.locator(`tr[data-item="${article}"] th`);
    expect(await row.getByRole('link').textContent()).to.equal('Morning at the harbour');
    expect((await row.locator('.cf-item-slug').textContent())!.trim()).to.equal('harbour-story');
    await expectAccessible(page);
    await screenshot(page, 'content-list-titles');

    await Promise.all([page.waitForNavigation(), row.getByRole('link').click()]);
    expect((await page.locator('h1#item-title').textContent())!.trim()).to.equal('Morning at the harbour');
    expect(await page.locator('.breadcrumb').textContent()).to.contain('Morning at the harbour');
    expect(await page.locator('.item-meta').textContent()).to.contain('harbour-story');
  });

  it('shows the image’s thumbnail and the file’s name, type and size in the viewer', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${article}/view`);
    const image = page.locator(`.cf-asset[data-asset="${imageId}"]`);
    expect(await image.locator('img').getAttribute('src')).to.match(new RegExp(`^/media/v1/${ws}/${imageId}/[^/]+/[^/]+/w_160,f_webp/harbour\\.png$`));
    expect(await image.locator('img').getAttribute('alt')).to.equal('harbour.png');
    expect(await imageDrawn(`.cf-asset[data-asset="${imageId}"] img`)).to.equal(2);
    const file = page.locator(`.cf-asset[data-asset="${pdfId}"]`);
    expect(await file.locator('img').count()).to.equal(0);
    expect((await file.textContent())!.replace(/\s+/g, ' ').trim()).to.equal('press-kit.pdf application/pdf · 15 B');
    await expectAccessible(page);
    await screenshot(page, 'content-viewer-media', { fullPage: true });
  });

  it('shows the chosen asset in the editor, and a newly picked one at once', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${article}/versions/1/edit`);
    const current = page.locator('[data-asset-current]').first();
    // A small WebP rendition on the admin's origin (issue #26), not the original.
    expect(await current.locator('img').getAttribute('src')).to.match(new RegExp(`^/media/v1/${ws}/${imageId}/[^/]+/[^/]+/w_160,f_webp/`));
    expect(await imageDrawn('[data-asset-current] img')).to.equal(2);
    await expectAccessible(page);

    // Choose… lists the library with thumbnails; Pick shows the pick's thumbnail without a reload.
    await page.getByRole('button', { name: /^Choose… Picture/ }).click();
    const hit = page.locator('[data-media-hit="lighthouse.png"]');
    await hit.waitFor();
    await hit.getByRole('button', { name: /^Pick lighthouse\.png/ }).click();
    const picked = page.locator('[data-asset-current]').first();
    await picked.locator('.cf-asset-facts', { hasText: 'lighthouse.png' }).waitFor();
    expect(await picked.locator('img').getAttribute('src')).to.match(new RegExp(`^/media/v1/${ws}/[0-9a-f-]{36}/[^/]+/[^/]+/w_160,f_webp/`));
    expect(await picked.textContent()).to.contain('image/png');
    await expectAccessible(page);
    await screenshot(page, 'content-editor-media-picked', { fullPage: true });
  });

  it('finds reference targets by title and shows the slug beside each', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${article}/versions/1/edit`);
    await page.getByLabel(/^Find an item/).first().fill('lighthouse');
    await page.getByRole('button', { name: /^Find Related/ }).click();
    const hit = page.locator('.cf-ref-hits li', { hasText: 'The last lighthouse keeper' });
    await hit.waitFor();
    expect((await hit.locator('.cf-item-slug').textContent())!.trim()).to.equal('lighthouse-story');
    await hit.getByRole('button', { name: /^Pick The last lighthouse keeper/ }).click();
    expect(await page.locator('[data-ref-current]').last().textContent()).to.contain('The last lighthouse keeper');
    await expectAccessible(page);
    await screenshot(page, 'content-reference-picker-titles', { fullPage: true });
  });

  it('makes the create form’s slug follow the title field the template names (titleFieldKey), not the first Text field', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/new?template=${storyTemplate}`);
    // Repeatable fields: each row is labelled with its number.
    await page.getByRole('textbox', { name: 'Kicker 1', exact: true }).fill('Travel notes');
    expect(await page.getByLabel('Slug').inputValue()).to.equal('');
    await page.getByRole('textbox', { name: 'Headline 1', exact: true }).fill('Storm over the pier');
    expect(await page.getByLabel('Slug').inputValue()).to.equal('storm-over-the-pier');
    await expectAccessible(page);
  });

  it('names the item by its title (the template’s title field, not the first Text field) in the editor and on the delete-version page', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${article}/versions/1/edit`);
    expect((await page.locator('h1#editor-title').textContent())!.trim()).to.equal('Version 1 of Morning at the harbour');
    expect(await page.title()).to.contain('Edit Morning at the harbour');
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${article}/versions/1/delete`);
    expect(await page.title()).to.contain('Delete version 1 of Morning at the harbour');
    await expectAccessible(page);
  });
});
