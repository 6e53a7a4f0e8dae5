// The example site's live preview in Chromium, framed by a stand-in for the admin (a page that
// speaks the protocol): the preview entry in the frame sets the cookie and shows the draft; a
// `change` is rendered by the site's own template (Markdown, srcset) and answered `rendered`; a
// click on the title asks the admin to edit it; and a page of another origin cannot frame the site
// (CSP frame-ancestors). The admin's real editor drives the same site in admin/test/live-preview.test.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Browser, Frame, Page } from 'playwright-core';
import { VersoClient } from '@verso/sdk';
import { sourceMapOf } from '@verso/sdk/live-preview';
import { launchBrowser } from '../../admin/test/helpers/browser.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace } from '../helpers/actors.js';
import { seedExample, type SeededExample } from '../../examples/site/seed.js';
import { startSite, type RunningSite } from '../../examples/site/site.js';

// The stand-in admin: frames `src`, answers the site's hello, records every message.
const adminPage = (src: string, siteOrigin: string) => `<!doctype html><html><head><meta charset="utf-8"><title>admin</title></head><body>
<iframe id="preview" src="${src}" width="900" height="700"></iframe>
<script>
const frame = document.getElementById('preview');
window.received = [];
window.loads = 0;
frame.addEventListener('load', () => { window.loads += 1; });
window.send = (message) => frame.contentWindow.postMessage(message, '${siteOrigin}');
addEventListener('message', (e) => {
  if (e.origin !== '${siteOrigin}' || e.source !== frame.contentWindow) return;
  window.received.push(e.data);
  if (e.data && e.data.type === 'hello') window.send({ verso: 1, type: 'welcome', itemId: 'x', versionNumber: 1, locale: null });
});
</script></body></html>`;

describe('example site: live preview in Chromium', function () {
  this.timeout(120_000);
  let api: TestApi;
  let site: RunningSite;
  let seeded: SeededExample;
  let browser: Browser;
  let ws: string;
  let admin: string;
  let adminServer: http.Server;
  let adminOrigin: string;
  let framePage = '';

  before(async () => {
    // The stand-in admin's origin must be known before the site starts (its CSP names it).
    adminServer = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(framePage));
    await new Promise<void>((resolve) => adminServer.listen(0, '127.0.0.1', resolve));
    adminOrigin = `http://127.0.0.1:${(adminServer.address() as AddressInfo).port}`;
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
    ws = (await createWorkspace(api)).id;
    admin = (await createActor(api, { role: 'Admin', grants: { [ws]: 'Write' } })).token;
    seeded = await seedExample({ client: new VersoClient({ baseUrl: api.url, token: admin }), workspaceId: ws });
    site = await startSite({ apiUrl: api.url, workspaceId: ws, token: seeded.deliveryToken, port: 0, adminOrigin });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await api?.close();
    adminServer?.close();
  });

  async function openFramed(src: string): Promise<{ page: Page; frame: Frame }> {
    framePage = adminPage(src, site.url);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${adminOrigin}/`);
    await page.waitForFunction(() => (globalThis as any).received.some((m: any) => m?.type === 'hello'));
    const frame = page.frames().find((f) => f.url().startsWith(`${site.url}/articles/`))!;
    return { page, frame };
  }

  it('the framed preview shows the draft, renders each change with the site\'s template, and a click asks to edit the title', async () => {
    const welcome = seeded.articles[0]!;
    const minted = await api.post(`/api/v1/workspaces/${ws}/preview-tokens`, { contentItemId: welcome.id }, { token: admin });
    expect(minted.status).to.equal(201);
    const token: string = minted.body.token;
    const { page, frame } = await openFramed(`${site.url}/api/preview?slug=${welcome.slug}&locale=&token=${encodeURIComponent(token)}`);
    expect(await frame.textContent('h1')).to.equal('Welcome to the example site');

    // What the admin would send: the preview read, with the editor's typing laid over it.
    const read = await api.get(`/api/v1/workspaces/${ws}/content/by-slug/${welcome.slug}?sourceMap=true`, { token });
    const { sourceMap: _served, ...item } = read.body;
    item.fields.find((f: any) => f.key === 'title').textValue = 'Typed in the editor';
    item.fields.find((f: any) => f.key === 'body').textValue = '## Typed heading\n\nWith *emphasis*.';
    await page.evaluate(([i, map]) => (globalThis as any).send({ verso: 1, type: 'change', seq: 1, item: i, sourceMap: map }), [item, sourceMapOf(item)] as const);
    await page.waitForFunction(() => (globalThis as any).received.some((m: any) => m?.type === 'rendered' && m.seq === 1));
    expect(await frame.textContent('h1')).to.equal('Typed in the editor');
    expect(await frame.innerHTML('.body')).to.equal('<h2>Typed heading</h2>\n<p>With <em>emphasis</em>.</p>\n');
    expect(await frame.getAttribute('img.hero', 'srcset')).to.match(/ \d+w, /);
    expect(await frame.textContent('.related')).to.include('Writing in Markdown');

    await frame.click('h1');
    await page.waitForFunction(() => (globalThis as any).received.some((m: any) => m?.type === 'edit'));
    const edit = (await page.evaluate(() => (globalThis as any).received as any[])).find((m) => m.type === 'edit');
    expect(edit).to.deep.equal({ verso: 1, type: 'edit', itemId: welcome.id, versionNumber: 1, fieldKey: 'title', order: 0 });
    // A related article's title opens the child's editor.
    await frame.click('.related li:first-child span');
    await page.waitForFunction(() => (globalThis as any).received.filter((m: any) => m?.type === 'edit').length === 2);
    const child = (await page.evaluate(() => (globalThis as any).received as any[])).filter((m) => m.type === 'edit')[1];
    expect(child).to.deep.include({ itemId: seeded.articles[1]!.id, fieldKey: 'title', order: 0 });
    expect(frame.url()).to.equal(`${site.url}/articles/${welcome.slug}`);
    await page.context().close();
  });

  it('a page of another origin cannot frame the site (frame-ancestors)', async () => {
    const other = await startSite({ apiUrl: api.url, workspaceId: ws, token: seeded.deliveryToken, port: 0, adminOrigin: 'http://127.0.0.1:1' });
    try {
      framePage = adminPage(`${other.url}/`, other.url);
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${adminOrigin}/`);
      await page.waitForFunction(() => (globalThis as any).loads > 0);
      // Chromium replaces a refused frame's document; the site's page never loads in it.
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      const shown = await frame.evaluate(() => (globalThis as any).document.body?.textContent ?? '').catch(() => '');
      expect(shown).not.to.include('Verso example site');
      expect(shown).not.to.include('Welcome to the example site');
      await context.close();
    } finally {
      await other.close();
    }
  });
});
