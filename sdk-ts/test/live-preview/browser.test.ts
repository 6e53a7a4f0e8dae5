// @verso/sdk/live-preview in Chromium, as a site uses it: the built bundle loaded by a plain
// `<script type="module">` in a page (origin P) framed by an admin page (origin A). The handshake,
// a change applied and reported rendered, refresh, click-to-edit — and what must be ignored: a page
// of another origin framing the site (it never hears the hello, its messages do nothing) and another
// window of the admin's own origin that is not the parent.
//
// "Nothing happened" is never waited for by time: after the messages that must be ignored, the
// sender posts a probe; postMessage keeps the order of one sender's messages, so once the probe has
// arrived, anything the ignored messages could have done would already be visible.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchBrowser } from '../../../admin/test/helpers/browser.js';

const BUNDLE = fileURLToPath(new URL('../../dist/live-preview.js', import.meta.url));
const ITEM = '01890000-0000-7000-8000-00000000000a';
const TITLE_MARK = `item=${ITEM}&version=2&field=title&order=0`;

const item = (title: string) => ({
  contentItemId: ITEM,
  versionNumber: 2,
  fields: [{ key: 'title', order: 0, valueKind: 'Text', textValue: title, numberValue: null, boolValue: null, dateValue: null, dateTimeValue: null, jsonValue: null, displayLabel: null, mediaAssetId: null, fileAssetId: null, childContentItemId: null, child: null }],
});

// The site page: the SDK from the site's own origin, subscribe + click-to-edit with the admin origin it is given.
const SITE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>site</title></head><body>
<h1 id="title" data-verso="${TITLE_MARK.replaceAll('&', '&amp;')}">Old title</h1>
<a id="link" href="/elsewhere" data-verso="${TITLE_MARK.replaceAll('&', '&amp;')}">a link</a>
<p id="plain">not marked</p>
<script type="module">
import { subscribe, enableClickToEdit, applyText } from '/live-preview.js';
const log = (window.verso = { events: [], seen: [] });
const origin = new URLSearchParams(location.search).get('admin');
subscribe({
  origin,
  onWelcome: (w) => log.events.push(['welcome', w.itemId]),
  onChange: async (item, { sourceMap, seq }) => { log.events.push(['change', seq]); applyText(document.body, item, sourceMap); },
  onRefresh: (reason) => log.events.push(['refresh', reason]),
});
enableClickToEdit({ origin });
// Every message the page receives, after the SDK's listener has seen it (the probes end a check).
addEventListener('message', (e) => log.seen.push(e.data));
// Sent after the SDK's hello to the same parent: whoever gets this would have got the hello first.
if (parent !== window) parent.postMessage({ probe: 'after-hello' }, '*');
</script></body></html>`;

// An admin page: frames the site, answers a hello from the site's origin and frame, records everything.
const adminPage = (siteUrl: string, siteOrigin: string, sibling: boolean) => `<!doctype html><html><head><meta charset="utf-8"><title>admin</title></head><body>
<iframe id="preview" src="${siteUrl}" width="800" height="400"></iframe>
${sibling ? '<iframe id="sibling" src="/sibling" width="10" height="10"></iframe>' : ''}
<script>
const frame = document.getElementById('preview');
window.received = [];
window.send = (message) => frame.contentWindow.postMessage(message, '${siteOrigin}');
addEventListener('message', (e) => {
  window.received.push({ origin: e.origin, fromFrame: e.source === frame.contentWindow, data: e.data });
  if (e.data && e.data.verso === 1 && e.data.type === 'hello' && e.origin === '${siteOrigin}' && e.source === frame.contentWindow) {
    window.send({ verso: 1, type: 'welcome', itemId: '${ITEM}', versionNumber: 2, locale: null });
  }
});
</script></body></html>`;

// A window of the admin's own origin that is not the site's parent: it writes to its sibling frame.
const SIBLING_PAGE = `<!doctype html><html><body><script>
window.attack = (siteOrigin, message) => {
  parent.frames[0].postMessage(message, siteOrigin);
  parent.frames[0].postMessage({ probe: 'sibling-done' }, siteOrigin);
};
</script></body></html>`;

function serve(handler: (url: URL) => { type: string; body: string } | null): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer((req, res) => {
    const answer = handler(new URL(req.url!, 'http://x'));
    if (!answer) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': answer.type }).end(answer.body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

describe('@verso/sdk/live-preview in Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  const servers: http.Server[] = [];
  let site: string;
  let admin: string;
  let evil: string;

  before(async () => {
    const bundle = fs.readFileSync(BUNDLE, 'utf8');
    const s = await serve((url) => (url.pathname === '/live-preview.js' ? { type: 'text/javascript', body: bundle } : url.pathname === '/page' ? { type: 'text/html', body: SITE_PAGE } : url.pathname === '/elsewhere' ? { type: 'text/html', body: '<!doctype html><title>elsewhere</title>' } : null));
    site = s.origin;
    // The admin and the other origin frame the site page; each tells it which admin origin to accept.
    const a = await serve((url) => (url.pathname === '/admin' ? { type: 'text/html', body: adminPage(`${site}/page?admin=${encodeURIComponent(admin)}`, site, true) } : url.pathname === '/sibling' ? { type: 'text/html', body: SIBLING_PAGE } : null));
    admin = a.origin;
    const e = await serve((url) => (url.pathname === '/admin' ? { type: 'text/html', body: adminPage(`${site}/page?admin=${encodeURIComponent(admin)}`, site, false) } : null));
    evil = e.origin;
    servers.push(s.server, a.server, e.server);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    for (const s of servers) s.close();
  });

  async function open(adminOrigin: string): Promise<{ page: Page; frame: Frame }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${adminOrigin}/admin`);
    await page.waitForFunction(() => (globalThis as any).received.some((m: any) => m.data?.probe === 'after-hello'));
    const frame = page.frames().find((f) => f.url().startsWith(`${site}/page`))!;
    return { page, frame };
  }
  const received = (page: Page) => page.evaluate(() => (globalThis as any).received as { origin: string; fromFrame: boolean; data: any }[]);
  const events = (frame: Frame) => frame.evaluate(() => (globalThis as any).verso.events as unknown[]);
  const waitSeen = (frame: Frame, probe: string) => frame.waitForFunction((p) => (globalThis as any).verso.seen.some((d: any) => d?.probe === p), probe);

  it('the bundle is one self-contained module: it imports nothing and names no Node built-in', () => {
    const code = fs.readFileSync(BUNDLE, 'utf8');
    expect(code).to.not.match(/^\s*import\s[^;]*from\s*['"]|\brequire\(|['"]node:|\bprocess\.|\bBuffer\b/m);
    expect(code).to.match(/export\s*\{[^}]*\bsubscribe\b[^}]*\}/);
  });

  it('handshake: the page says hello to the admin\'s origin from its frame, and hears the welcome', async () => {
    const { page, frame } = await open(admin);
    const hello = (await received(page)).filter((m) => m.data?.type === 'hello');
    expect(hello).to.deep.equal([{ origin: site, fromFrame: true, data: { verso: 1, type: 'hello' } }]);
    await frame.waitForFunction(() => (globalThis as any).verso.events.length > 0);
    expect(await events(frame)).to.deep.equal([['welcome', ITEM]]);
    await page.context().close();
  });

  it('change: onChange gets the item, applyText updates the marked text, the admin hears rendered with the seq', async () => {
    const { page, frame } = await open(admin);
    await frame.waitForFunction(() => (globalThis as any).verso.events.length > 0);
    await page.evaluate(([i, mark]) => (globalThis as any).send({ verso: 1, type: 'change', seq: 7, item: i, sourceMap: { '/fields/0/textValue': mark } }), [
      item('Typed title'),
      { itemId: ITEM, versionNumber: 2, fieldKey: 'title', order: 0 },
    ] as const);
    await page.waitForFunction(() => (globalThis as any).received.some((m: any) => m.data?.type === 'rendered'));
    expect((await received(page)).filter((m) => m.data?.type === 'rendered')).to.deep.equal([{ origin: site, fromFrame: true, data: { verso: 1, type: 'rendered', seq: 7 } }]);
    expect(await frame.textContent('#title')).to.equal('Typed title');
    expect(await frame.textContent('#link')).to.equal('Typed title');
    await page.evaluate(() => (globalThis as any).send({ verso: 1, type: 'refresh', reason: 'save' }));
    await frame.waitForFunction(() => (globalThis as any).verso.events.some((e: any) => e[0] === 'refresh'));
    expect(await events(frame)).to.deep.equal([['welcome', ITEM], ['change', 7], ['refresh', 'save']]);
    await page.context().close();
  });

  it('click-to-edit: hover outlines a marked element; a click posts edit to the admin instead of navigating', async () => {
    const { page, frame } = await open(admin);
    await frame.hover('#title');
    expect(await frame.$eval('#title', (el) => (el as any).style.outline)).to.match(/^(?=.*solid)(?=.*2px)/);
    await frame.hover('#plain');
    expect(await frame.$eval('#title', (el) => (el as any).style.outline)).to.equal('');
    await frame.click('#title');
    await frame.click('#link');
    await page.waitForFunction(() => (globalThis as any).received.filter((m: any) => m.data?.type === 'edit').length === 2);
    const edits = (await received(page)).filter((m) => m.data?.type === 'edit');
    for (const edit of edits) {
      expect(edit).to.deep.equal({ origin: site, fromFrame: true, data: { verso: 1, type: 'edit', itemId: ITEM, versionNumber: 2, fieldKey: 'title', order: 0 } });
    }
    // The link was not followed.
    expect(frame.url()).to.match(/\/page\?admin=/);
    await page.context().close();
  });

  it('a page of another origin framing the site hears no hello, and its welcome and changes do nothing', async () => {
    const { page, frame } = await open(evil);
    // The probe came after the hello from the same window: the hello, addressed to the admin, was dropped.
    expect((await received(page)).map((m) => m.data)).to.deep.equal([{ probe: 'after-hello' }]);
    await page.evaluate(([i]) => {
      const w = (globalThis as any);
      w.send({ verso: 1, type: 'welcome', itemId: 'x', versionNumber: 1, locale: null });
      w.send({ verso: 1, type: 'change', seq: 1, item: i, sourceMap: {} });
      w.send({ verso: 1, type: 'refresh', reason: 'save' });
      w.send({ probe: 'evil-done' });
    }, [item('Evil title')] as const);
    await waitSeen(frame, 'evil-done');
    expect(await events(frame)).to.deep.equal([]);
    expect(await frame.textContent('#title')).to.equal('Old title');
    await frame.click('#title');
    await page.evaluate(() => (globalThis as any).send({ probe: 'after-click' }));
    await waitSeen(frame, 'after-click');
    expect((await received(page)).map((m) => m.data)).to.deep.equal([{ probe: 'after-hello' }]);
    await page.context().close();
  });

  it('another window of the admin\'s own origin (not the parent) is ignored', async () => {
    const { page, frame } = await open(admin);
    await frame.waitForFunction(() => (globalThis as any).verso.events.length > 0);
    const sibling = page.frames().find((f) => f.url().endsWith('/sibling'))!;
    await sibling.waitForFunction(() => typeof (globalThis as any).attack === 'function');
    await sibling.evaluate(([origin, i]) => (globalThis as any).attack(origin, { verso: 1, type: 'change', seq: 9, item: i, sourceMap: { '/fields/0/textValue': { itemId: i.contentItemId, versionNumber: 2, fieldKey: 'title', order: 0 } } }), [site, item('Sibling title')] as const);
    await waitSeen(frame, 'sibling-done');
    expect(await events(frame)).to.deep.equal([['welcome', ITEM]]);
    expect(await frame.textContent('#title')).to.equal('Old title');
    await page.context().close();
  });

  it('not framed: subscribe and click-to-edit do nothing', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site}/page?admin=${encodeURIComponent(admin)}`);
    await page.waitForFunction(() => (globalThis as any).verso !== undefined);
    await page.click('#link');
    await page.waitForURL(`${site}/elsewhere`);
    await context.close();
  });
});
