// Issue #23, finding 1, in Chromium: an uploaded SVG that carries script — inline, and loading a
// script uploaded as media (an asset of type text/javascript stored before the API refused such
// types) — opened from the admin, where the session cookie lives. The admin's file route downloads
// it (attachment); even a browser that rendered it anyway gets the sandboxing CSP: no script runs,
// the document has an opaque origin and cannot read the admin's cookie or call the admin. The same
// SVG still shows as a thumbnail through <img> (which never runs an SVG's script), and a PNG is
// still served inline.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { dbQuery } from '../../test/helpers/actors.js';
import { multipart, pngBytes } from '../../test/media/media-world.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

describe('admin: an uploaded SVG with script, opened from the admin (browser)', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let ws: string;
  let svgId: string;
  let pngId: string;
  let context: BrowserContext;
  let page: Page;
  const probes: string[] = [];

  const fileUrl = (id: string) => `${stack.adminUrl}/workspaces/${ws}/media/${id}/file`;

  async function upload(fileName: string, contentType: string, data: Buffer): Promise<string> {
    const form = multipart({ fileName, contentType, data });
    const res = await stack.api.request('POST', `/api/v1/workspaces/${ws}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: stack.adminToken });
    if (res.status !== 201) throw new Error(`upload of ${fileName}: ${res.status} ${res.text}`);
    return (res.body as { id: string }).id;
  }

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
    ws = (await stack.createWorkspace({ slug: 'sandbox', name: 'Sandbox' })).id;
    // Whatever runs records itself three ways: a mark on its own document, a request to the admin's
    // origin carrying the cookie, and a message to whoever opened or framed it.
    const payload = (tag: string) =>
      `document.documentElement.setAttribute('data-ran-${tag}', 'yes');` +
      `fetch('/xss-probe/${tag}?cookie=' + encodeURIComponent(document.cookie), { credentials: 'include' });` +
      `(window.opener || window.parent).postMessage('xss-${tag}', '*');`;
    // An asset of a script type, as one stored before the API refused them: uploaded as text, retyped.
    const scriptId = await upload('probe.txt', 'text/plain', Buffer.from(payload('uploaded-script')));
    await dbQuery(stack.api, `UPDATE media_assets SET mime_type = 'text/javascript' WHERE id = $1`, [scriptId]);
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">` +
      `<script href="/workspaces/${ws}/media/${scriptId}/file"/>` +
      `<script>${payload('inline')}</script>` +
      `<rect width="40" height="40" fill="#c00"/></svg>`;
    svgId = await upload('logo.svg', 'image/svg+xml', Buffer.from(svg));
    pngId = await upload('pixel.png', 'image/png', pngBytes(64));
  });
  beforeEach(async () => {
    ({ context, page } = await newPage(browser));
    probes.length = 0;
    const record = (r: Request) => {
      if (r.url().includes('/xss-probe/')) probes.push(r.url());
    };
    context.on('request', record);
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
  });
  afterEach(async () => {
    await context?.close();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('the file route always sends the sandboxing CSP and nosniff; SVG is an attachment, PNG inline', async () => {
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const [id, disposition] of [
      [svgId, /^attachment; filename="logo\.svg"/],
      [pngId, /^inline; filename="pixel\.png"/],
    ] as const) {
      const res = await fetch(fileUrl(id), { headers: { cookie } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-security-policy')).to.equal(SANDBOX);
      expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(res.headers.get('content-disposition')).to.match(disposition);
      await res.arrayBuffer();
    }
  });

  it('opening the SVG from the admin downloads it: nothing renders, no script runs', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.goto(fileUrl(svgId)).catch(() => null)]);
    expect(download.suggestedFilename()).to.equal('logo.svg');
    await download.path();
    expect(page.url()).to.not.contain('/file');
    expect(probes).to.deep.equal([]);
  });

  it('even rendered (a browser that ignores attachment), the SVG runs no script and cannot reach the admin', async () => {
    // Stand in for that browser: the admin's answer, minus its Content-Disposition.
    await page.route(`**/media/${svgId}/file`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-disposition'];
      await route.fulfill({ response, headers });
    });
    await page.goto(fileUrl(svgId));
    // Runs in the page (no DOM types in this project's TypeScript: the shapes it uses are spelled out).
    const inside = await page.evaluate(() => {
      const g = globalThis as unknown as {
        document: { cookie: string; documentElement: { localName: string; getAttributeNames(): string[] } };
        origin: string;
      };
      let cookie: string;
      try {
        cookie = g.document.cookie;
      } catch (err) {
        cookie = `refused: ${(err as Error).name}`;
      }
      const root = g.document.documentElement;
      return { rendered: root.localName, origin: g.origin, cookie, marks: root.getAttributeNames().filter((n: string) => n.startsWith('data-ran')) };
    });
    expect(inside.rendered).to.equal('svg');
    expect(inside.marks).to.deep.equal([]);
    expect(inside.origin).to.equal('null');
    expect(inside.cookie).to.equal('refused: SecurityError');
    // The document's load has fired: any script would have run (and sent its probe) before it.
    expect(probes).to.deep.equal([]);
  });

  it('the SVG still shows as a thumbnail through <img> on the library and the asset page', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/media`);
    const thumb = page.locator(`li.media-card[data-asset="logo.svg"] img`);
    const width = await thumb.evaluate((el) => {
      const image = el as unknown as { decode(): Promise<void>; naturalWidth: number };
      return image.decode().then(() => image.naturalWidth);
    });
    expect(width).to.equal(40);
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/media/${svgId}`);
    const preview = page.locator(`img[src$="/media/${svgId}/file"]`);
    expect(await preview.evaluate((el) => (el as unknown as { decode(): Promise<void> }).decode().then(() => true))).to.equal(true);
    expect(probes).to.deep.equal([]);
  });
});
