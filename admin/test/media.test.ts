// The Media library and the editor's media picker in a real browser against the real API (local
// storage): an Editor uploads an image (with progress, JavaScript) and a PDF, edits the alt text (a
// 422 at its input, a stale edit → the conflict flow → re-apply), picks both in a content item's
// Media and File fields (the File one without JavaScript), the item is published and its by-slug read
// carries the asset ids, and the image downloads through the admin byte for byte (304 and 206 pass
// through; the page never holds the API's address or the token). Also: an .html file refused with
// 415 on the form (with and without JavaScript), delete refused while content uses the asset (409
// with the item linked) and allowed once it does not, a Reader who sees everything read-only and
// whose direct posts the API refuses, and the storage settings (Admin only).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { csrfOf, HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';
import { tinyPng } from './helpers/png.js';

const PNG = tinyPng();
// A small PDF and an HTML page.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const HTML = Buffer.from('<!doctype html><title>x</title><script>alert(1)</script>', 'utf8');

describe('admin: media library and picker (browser)', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let dir: string;
  let ws: string;
  let base: string;
  let editor: StackUser;
  let reader: StackUser;
  let gallery: { versionId: string; title: string; hero: string; attachment: string };
  let imageId: string;
  let pdfId: string;
  let itemId: string;

  const ok = async (p: Promise<{ status: number; body: any; text?: string }>) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const library = () => `${stack.adminUrl}/workspaces/${ws}/media`;
  const file = (name: string) => path.join(dir, name);

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-media-test-'));
    fs.writeFileSync(file('pixel.png'), PNG);
    fs.writeFileSync(file('terms.pdf'), PDF);
    fs.writeFileSync(file('page.html'), HTML);
    ws = (await stack.createWorkspace({ slug: 'studio', name: 'Studio' })).id;
    base = `/api/v1/workspaces/${ws}`;
    // The library's thumbnails are WebP renditions where the workspace serves its media publicly
    // (opt-in), unpublished uploads included; without it the cards show the files themselves.
    await ok(stack.api.put(base, { name: 'Studio', slug: 'studio', publicMedia: true, allMediaPublic: true }, { token: stack.adminToken, headers: await stack.api.ifMatch(base, stack.adminToken) }));
    editor = await stack.createUser({ role: 'Editor', grants: { [ws]: 'Write' } });
    reader = await stack.createUser({ role: 'Reader', grants: { [ws]: 'Read' } });
    const token = stack.adminToken;
    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Gallery', slug: 'gallery' }, { token }));
    const tv = `${base}/templates/${t.id}/versions/1`;
    const ids: string[] = [];
    const fields = [
      { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
      { key: 'hero', label: 'Hero image', primitiveType: 'Media', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'attachment', label: 'Attachment', primitiveType: 'File', minOccurrences: 0, maxOccurrences: 1 },
    ];
    for (const [order, f] of fields.entries()) {
      ids.push((await ok(stack.api.post(`${tv}/fields`, { order, compositionMode: 'Inline', ...f }, { token, headers: await stack.api.ifMatch(tv, token) }))).id);
    }
    const published = await ok(stack.api.put(`${tv}/publish`, undefined, { token, headers: await stack.api.ifMatch(tv, token) }));
    gallery = { versionId: published.id, title: ids[0]!, hero: ids[1]!, attachment: ids[2]! };
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function signedIn(user: { email: string; password: string }, options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; close: () => Promise<void> }> {
    const { context, page } = await newPage(browser, options);
    await signIn(page, stack.adminUrl, user.email, user.password);
    return { page, close: () => context.close() };
  }
  const assetsNamed = async (name: string) =>
    ((await stack.api.get(`${base}/media?search=${encodeURIComponent(name)}`, { token: stack.adminToken })).body.items as any[]).filter((a) => a.fileName === name);

  /** The image's width once the browser has decoded it (rejects when it cannot be loaded). */
  const decodedWidth = (img: Locator) =>
    img.evaluate((el) => {
      const image = el as unknown as { decode(): Promise<void>; naturalWidth: number };
      return image.decode().then(() => image.naturalWidth);
    });

  async function upload(page: Page, name: string, altText = ''): Promise<string> {
    await page.goto(library());
    if (altText) await page.getByLabel(/^Alt text/).fill(altText);
    await page.setInputFiles('#upload-file', file(name));
    await Promise.all([page.waitForURL(/\/media\/[0-9a-f-]{36}$/), page.getByRole('button', { name: 'Upload' }).click()]);
    return new URL(page.url()).pathname.split('/').pop()!;
  }

  it('uploads an image and a PDF with progress, shows them in the grid with thumbnails, and edits the alt text under the ETag', async () => {
    const { page, close } = await signedIn(editor);
    try {
      await page.goto(library());
      expect(await page.locator('.empty').textContent()).to.include('No media yet');
      await expectAccessible(page);

      imageId = await upload(page, 'pixel.png', 'A grey pixel');
      expect(await page.locator('h1').textContent()).to.equal('pixel.png');
      expect(await page.locator('[data-asset-id]').textContent()).to.equal(imageId);
      // Issue #26: its dimensions, and a public URL that works with no credential at all.
      expect(await page.locator('[data-dimensions]').textContent()).to.equal('2 × 2 px');
      const publicUrl = await page.getByLabel('Public URL').inputValue();
      // A path on the API's public address (Media__Public__BaseUrl is not set): no page holds the API's address.
      expect(publicUrl.startsWith('/media/v1/')).to.equal(true);
      const anonymous = await fetch(stack.api.url + publicUrl);
      expect(anonymous.status).to.equal(200);
      expect(Buffer.from(await anonymous.arrayBuffer()).equals(PNG)).to.equal(true);
      await expectAccessible(page);
      const [stored] = await assetsNamed('pixel.png');
      expect(stored).to.include({ id: imageId, mimeType: 'image/png', sizeBytes: PNG.length, altText: 'A grey pixel' });

      pdfId = await upload(page, 'terms.pdf');
      expect((await assetsNamed('terms.pdf'))[0]).to.include({ id: pdfId, mimeType: 'application/pdf' });

      // The grid: both assets, the image's thumbnail loaded through the admin, the PDF by its type.
      await page.goto(library());
      const card = page.locator('[data-asset="pixel.png"]');
      expect(await decodedWidth(card.locator('img'))).to.equal(2);
      // Issue #26: the thumbnail is a small WebP rendition on the admin's origin, not the original.
      expect(await card.locator('img').getAttribute('src')).to.match(/^\/media\/v1\/[^/]+\/[^/]+\/[0-9a-f]{16}\/[^/]+\/w_320,f_webp\/pixel\.png$/);
      const thumb = await page.request.get(stack.adminUrl + (await card.locator('img').getAttribute('src'))!);
      expect([thumb.status(), thumb.headers()['content-type'], thumb.headers()['cache-control']]).to.deep.equal([200, 'image/webp', 'public, max-age=31536000, immutable']);
      expect(await page.locator('[data-asset="terms.pdf"] img').count()).to.equal(0);
      await expectAccessible(page);
      await screenshot(page, 'media-library', { fullPage: true });
      // Filters: images only; search by name.
      await page.getByLabel('Type').selectOption('images');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(/type=images/);
      expect(await page.locator('.media-card').count()).to.equal(1);
      await page.goto(`${library()}?q=terms`);
      expect(await page.locator('.media-card').getAttribute('data-asset')).to.equal('terms.pdf');

      // Alt text: the API's 422 at the input, the value kept.
      await page.goto(`${library()}/${imageId}`);
      const alt = page.getByLabel(/^Alt text/);
      await alt.evaluate((el) => el.removeAttribute('maxlength'));
      await alt.fill('x'.repeat(1001));
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Save alt text' }).click()]);
      await page.locator('.problem').waitFor();
      expect(await alt.getAttribute('aria-invalid')).to.equal('true');
      expect(await page.locator('#alt-text-error').textContent()).to.match(/\S/);
      expect(await alt.inputValue()).to.have.length(1001);
      await expectAccessible(page);

      // A stale edit: changed through the API since the page was opened → conflict, then re-applied.
      await page.goto(`${library()}/${imageId}`);
      const assetPath = `${base}/media/${imageId}`;
      await ok(stack.api.put(assetPath, { altText: 'Changed elsewhere' }, { token: stack.adminToken, headers: await stack.api.ifMatch(assetPath, stack.adminToken) }));
      await alt.fill('A small grey square');
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Save alt text' }).click()]);
      await page.locator('.conflict').waitFor();
      expect(await page.locator('.conflict-values').textContent()).to.include('Changed elsewhere');
      expect(await alt.inputValue()).to.equal('A small grey square');
      await expectAccessible(page);
      await Promise.all([page.waitForURL(`${library()}/${imageId}`), page.getByRole('button', { name: 'Re-apply my changes' }).click()]);
      expect(await page.locator('.flash').textContent()).to.include('saved');
      expect((await stack.api.get(assetPath, { token: stack.adminToken })).body.altText).to.equal('A small grey square');
    } finally {
      await close();
    }
  });

  it('shows the API’s 415 for an HTML file on the upload form, from the progress upload and from the plain form post', async () => {
    const { page, close } = await signedIn(editor);
    try {
      for (const plainPost of [false, true]) {
        await page.goto(library());
        await page.setInputFiles('#upload-file', file('page.html'));
        if (plainPost) {
          // The form as it posts without JavaScript (HTMLFormElement.submit() skips media.js's handler);
          // axe cannot run in a page without JavaScript, so the same server-rendered answer is checked here.
          const [answer] = await Promise.all([
            page.waitForResponse((r) => r.request().method() === 'POST'),
            page.locator('form[data-media-upload]').evaluate((form) => (form as unknown as { submit(): void }).submit()),
          ]);
          expect(answer.status()).to.equal(415);
          await page.waitForLoadState('load');
        } else {
          await page.getByRole('button', { name: 'Upload' }).click();
        }
        const problem = page.locator('[data-upload-problem] .problem');
        await problem.waitFor();
        expect(await problem.textContent()).to.match(/text\/html/);
        await expectAccessible(page);
        if (plainPost) await screenshot(page, 'media-upload-415');
      }
    } finally {
      await close();
    }
    expect(await assetsNamed('page.html')).to.have.length(0);
  });

  it('uploads several dropped files at once, each with its own progress and outcome; no stray bar, a full-width filter', async () => {
    const { page, close } = await signedIn(editor);
    try {
      await page.goto(library());
      // Nothing of the upload shows before an upload (the "hidden" bar used to show), and the
      // file-name filter takes the row instead of 16rem.
      expect(await page.locator('progress:visible').count()).to.equal(0);
      expect(await page.getByText('Uploading', { exact: true }).count()).to.equal(0);
      const search = (await page.locator('#media-search').boundingBox())!;
      expect(search.width).to.be.greaterThan(400);
      expect(search.height, 'an input’s height, not 16rem').to.be.lessThan(60);
      await page.getByText('drop them anywhere on this box').waitFor();

      const files = [
        { name: 'drop-one.png', type: 'image/png', b64: PNG.toString('base64') },
        { name: 'drop-two.pdf', type: 'application/pdf', b64: PDF.toString('base64') },
        { name: 'drop-three.html', type: 'text/html', b64: HTML.toString('base64') },
      ];
      // A DataTransfer with real File objects, as the browser builds for a drop from the desktop.
      const dataTransfer = await page.evaluateHandle(`(() => {
        const dt = new DataTransfer();
        for (const f of ${JSON.stringify(files)}) dt.items.add(new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
        return dt;
      })()`);
      const zone = page.locator('[data-upload-zone]');
      await zone.dispatchEvent('dragenter', { dataTransfer });
      await zone.dispatchEvent('dragover', { dataTransfer });
      expect(await zone.getAttribute('class')).to.contain('media-dragging');
      await zone.dispatchEvent('drop', { dataTransfer });

      const rows = page.locator('[data-upload-list] li');
      await page.locator('[data-upload-summary]', { hasText: '2 of 3 uploaded' }).waitFor();
      expect(await rows.count()).to.equal(3);
      for (const name of ['drop-one.png', 'drop-two.pdf']) {
        const row = page.locator(`[data-upload-file="${name}"]`);
        expect(await row.getAttribute('data-upload-state')).to.equal('done');
        expect(await row.locator('progress').evaluate((el) => (el as unknown as { value: number }).value)).to.equal(100);
        expect(await row.getByRole('link', { name: `Uploaded — open ${name}` }).getAttribute('href')).to.match(/\/media\/[0-9a-f-]{36}$/);
        expect(await assetsNamed(name)).to.have.length(1);
      }
      const refused = page.locator('[data-upload-file="drop-three.html"]');
      expect(await refused.getAttribute('data-upload-state')).to.equal('failed');
      expect(await refused.textContent()).to.match(/Not uploaded: .*text\/html/);
      expect(await assetsNamed('drop-three.html')).to.have.length(0);
      expect(await zone.getAttribute('class')).to.not.contain('media-dragging');
      await expectAccessible(page, 'the library after a multi-file drop');
      await screenshot(page, 'media-upload-several');

      // Several files chosen in the file input start at once, the same way.
      fs.writeFileSync(file('pick-a.pdf'), PDF);
      fs.writeFileSync(file('pick-b.pdf'), PDF);
      await page.goto(library());
      await page.setInputFiles('#upload-file', [file('pick-a.pdf'), file('pick-b.pdf')]);
      await page.locator('[data-upload-summary]', { hasText: '2 of 2 uploaded.' }).waitFor();
      expect(await assetsNamed('pick-a.pdf')).to.have.length(1);
      expect(await assetsNamed('pick-b.pdf')).to.have.length(1);
    } finally {
      await close();
    }
  });

  it('picks the assets in the editor’s Media (JavaScript) and File (no JavaScript) inputs; the published by-slug read carries the ids and the file downloads through the admin', async () => {
    const item = await ok(stack.api.post(`${base}/content`, { templateVersionId: gallery.versionId, slug: 'summer', tags: [], fields: [{ fieldId: gallery.title, order: 0, valueKind: 'Text', textValue: 'Summer' }] }, { token: editor.token }));
    itemId = item.id;
    const edit = `${stack.adminUrl}/workspaces/${ws}/content/${itemId}/versions/1/edit`;
    const heroRow = (page: Page) => page.locator(`[data-row="${gallery.hero}/0"]`);
    const fileRow = (page: Page) => page.locator(`[data-row="${gallery.attachment}/0"]`);

    const js = await signedIn(editor);
    try {
      const { page } = js;
      await page.goto(edit);
      await heroRow(page).getByLabel(/Find in the media library/).fill('pixel');
      await Promise.all([page.waitForLoadState('load'), heroRow(page).getByRole('button', { name: /Choose/ }).click()]);
      const hit = heroRow(page).locator('[data-media-hit="pixel.png"]');
      await hit.waitFor();
      expect(await decodedWidth(hit.locator('img'))).to.equal(2);
      expect(await hit.locator('img').getAttribute('src')).to.match(/\/w_160,f_webp\/pixel\.png$/);
      await expectAccessible(page);
      await hit.getByRole('button', { name: /Pick pixel\.png/ }).click();
      expect(await heroRow(page).locator('input[name$="[v]"]').inputValue()).to.equal(imageId);
      expect(await heroRow(page).locator('[data-ref-current]').textContent()).to.include('pixel.png');
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Save changes' }).first().click()]);
      expect(await page.locator('.flash').textContent()).to.include('saved');
      // The raw id is still there after a reload, with a link to the asset in the library.
      expect(await heroRow(page).locator('input[name$="[v]"]').inputValue()).to.equal(imageId);
      expect(await heroRow(page).getByRole('link', { name: /Open in the media library/ }).getAttribute('href')).to.equal(`/workspaces/${ws}/media/${imageId}`);
    } finally {
      await js.close();
    }

    const plain = await signedIn(editor, { javaScriptEnabled: false });
    try {
      const { page } = plain;
      await page.goto(edit);
      await Promise.all([page.waitForLoadState('load'), fileRow(page).getByRole('button', { name: /Choose/ }).click()]);
      await fileRow(page).locator('[data-media-hit="terms.pdf"]').waitFor();
      await Promise.all([page.waitForLoadState('load'), fileRow(page).getByRole('button', { name: /Pick terms\.pdf/ }).click()]);
      expect(await fileRow(page).locator('input[name$="[v]"]').inputValue()).to.equal(pdfId);
      // The re-rendered form shows the chosen file by name and type (#25), not only its id.
      expect((await fileRow(page).locator('[data-ref-current] .cf-asset-facts').textContent())!.replace(/\s+/g, ' ')).to.match(/^terms\.pdf application\/pdf · /);
      expect(await heroRow(page).locator('input[name$="[v]"]').inputValue(), 'other values survive the re-render').to.equal(imageId);
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Save changes' }).first().click()]);
      expect(await page.locator('.flash').textContent()).to.include('saved');
    } finally {
      await plain.close();
    }

    await ok(stack.api.post(`${base}/content/${itemId}/versions/1/publish`, { overrideWorkflow: true }, { token: stack.adminToken }));
    const bySlug = (await stack.api.get(`${base}/content/by-slug/summer`, { token: reader.token })).body;
    const values = bySlug.fields as any[];
    expect(values.find((v) => v.fieldId === gallery.hero).mediaAssetId).to.equal(imageId);
    expect(values.find((v) => v.fieldId === gallery.attachment).fileAssetId).to.equal(pdfId);

    // The bytes through the admin: equal, with the API's headers; 304 and 206 pass through.
    const { page, close } = await signedIn(reader);
    try {
      await page.goto(`${library()}/${imageId}`);
      const html = await page.content();
      expect(html).not.to.include(stack.apiUrl);
      expect(html).not.to.include(reader.token);
      const url = `${library()}/${imageId}/file`;
      const whole = await page.request.get(url);
      expect(whole.status()).to.equal(200);
      expect(Buffer.from(await whole.body()).equals(PNG)).to.equal(true);
      const headers = whole.headers();
      expect(headers['content-type']).to.equal('image/png');
      expect(headers['content-length']).to.equal(String(PNG.length));
      expect(headers['content-disposition']).to.match(/^inline/);
      expect(headers['x-content-type-options']).to.equal('nosniff');
      expect(headers['cache-control']).to.match(/private/);
      const etag = headers.etag!;
      expect(etag).to.match(/^"/);
      expect((await page.request.get(url, { headers: { 'If-None-Match': etag } })).status()).to.equal(304);
      const part = await page.request.get(url, { headers: { Range: 'bytes=0-7' } });
      expect(part.status()).to.equal(206);
      expect(Buffer.from(await part.body()).equals(PNG.subarray(0, 8))).to.equal(true);
      const pdf = await page.request.get(`${library()}/${pdfId}/file`);
      expect(pdf.headers()['content-disposition']).to.match(/^attachment/);
      expect(Buffer.from(await pdf.body()).equals(PDF)).to.equal(true);
    } finally {
      await close();
    }
  });

  it('refuses to delete an asset content uses (409 with the item linked) and deletes it once nothing does', async () => {
    const { page, close } = await signedIn(editor);
    try {
      await page.goto(`${library()}/${imageId}`);
      await Promise.all([page.waitForURL(/\/delete$/), page.getByRole('link', { name: 'Delete' }).click()]);
      await expectAccessible(page);
      await page.getByLabel('Yes, delete this asset').check();
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Delete asset' }).click()]);
      const referencing = page.locator(`[data-referencing-item="${itemId}"]`);
      await referencing.waitFor();
      expect(await referencing.getAttribute('href')).to.equal(`/workspaces/${ws}/content/${itemId}`);
      expect(await page.locator('.problem').textContent()).to.match(/refer/);
      await expectAccessible(page);
      expect((await stack.api.get(`${base}/media/${imageId}`, { token: stack.adminToken })).status).to.equal(200);

      // Once the item is deleted nothing refers to the asset any more.
      const itemPath = `${base}/content/${itemId}`;
      const removed = await stack.api.delete(itemPath, { token: stack.adminToken, headers: await stack.api.ifMatch(itemPath, stack.adminToken) });
      expect(removed.status, removed.text).to.equal(204);
      await page.goto(`${library()}/${imageId}/delete`);
      await page.getByLabel('Yes, delete this asset').check();
      await Promise.all([page.waitForURL(library()), page.getByRole('button', { name: 'Delete asset' }).click()]);
      expect(await page.locator('.flash').textContent()).to.include('deleted');
      expect((await stack.api.get(`${base}/media/${imageId}`, { token: stack.adminToken })).status).to.equal(404);
      expect(await page.locator('[data-asset="pixel.png"]').count()).to.equal(0);
    } finally {
      await close();
    }
  });

  it('shows a Reader the library and an asset read-only, and the API refuses the Reader’s direct posts', async () => {
    const { page, close } = await signedIn(reader);
    try {
      await page.goto(library());
      const reason = await page.locator('#change-reason').textContent();
      expect(reason).to.match(/Editor role/);
      expect(await page.getByRole('button', { name: 'Upload' }).isDisabled()).to.equal(true);
      expect(await page.locator('#upload-file').isDisabled()).to.equal(true);
      expect(await page.getByRole('link', { name: 'Media', exact: true }).count()).to.equal(1);
      await expectAccessible(page);
      await page.goto(`${library()}/${pdfId}`);
      expect(await page.getByRole('button', { name: 'Save alt text' }).isDisabled()).to.equal(true);
      expect(await page.getByRole('button', { name: 'Delete' }).isDisabled()).to.equal(true);
      expect(await page.getByLabel(/^Alt text/).isDisabled()).to.equal(true);
      await expectAccessible(page);
    } finally {
      await close();
    }

    const http = new HttpSession(stack.adminUrl);
    await http.signIn(reader.email, reader.password);
    const assetPage = await http.get(`/workspaces/${ws}/media/${pdfId}`);
    const etag = /name="_etag" value="([^"]*)"/.exec(assetPage.text)![1]!.replace(/&quot;/g, '"');
    const altPost = await http.post(`/workspaces/${ws}/media/${pdfId}`, { altText: 'nope', _etag: etag });
    expect(altPost.status).to.equal(403);
    const csrf = csrfOf((await http.get(`/workspaces/${ws}/media`)).text);
    const form = new FormData();
    form.append('_csrf', csrf);
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'reader.png');
    const uploadPost = await fetch(`${stack.adminUrl}/workspaces/${ws}/media`, { method: 'POST', body: form, headers: { cookie: http.cookieHeader() }, redirect: 'manual' });
    expect(uploadPost.status).to.equal(403);
    // Without the token first, the upload is refused before anything reaches the API.
    const forged = new FormData();
    forged.append('file', new Blob([PNG], { type: 'image/png' }), 'forged.png');
    const forgedPost = await fetch(`${stack.adminUrl}/workspaces/${ws}/media`, { method: 'POST', body: forged, headers: { cookie: http.cookieHeader() }, redirect: 'manual' });
    expect(forgedPost.status).to.equal(403);
    expect((await stack.api.get(`${base}/media/${pdfId}`, { token: stack.adminToken })).body.altText).to.equal(null);
    expect(await assetsNamed('reader.png')).to.have.length(0);
    expect(await assetsNamed('forged.png')).to.have.length(0);
  });

  it('shows the storage settings and tests storage for an Admin; an Editor gets the API’s 403', async () => {
    const admin = await signedIn({ email: stack.adminEmail, password: stack.adminPassword });
    try {
      const { page } = admin;
      await page.goto(`${stack.adminUrl}/settings/storage`);
      expect(await page.locator('[data-storage-provider]').textContent()).to.equal('local');
      await expectAccessible(page);
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Test storage' }).click()]);
      expect(await page.locator('[data-storage-test]').getAttribute('data-storage-test')).to.equal('passed');
      await expectAccessible(page);
    } finally {
      await admin.close();
    }
    const http = new HttpSession(stack.adminUrl);
    await http.signIn(editor.email, editor.password);
    expect((await http.get('/settings/storage')).status).to.equal(403);
  });
});
