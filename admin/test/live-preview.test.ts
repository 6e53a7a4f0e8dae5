// Live preview in the content editor, in Chromium, with the example site (examples/site/) framed as
// a site developer runs it: the editor types into the title and the Markdown body and the framed page
// shows the text before any save; a related article added in the form appears; an image picked from
// the library appears with its rendition; clicking the rendered title focuses the title input and
// clicking a related article's title opens that article's editor; a page of another origin gets
// nothing; a site configured for another admin origin never completes the handshake. The editor's
// CSP names the site's origin in frame-src and nothing else.
import http from 'node:http';
import { expect } from 'chai';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { listen, startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';
import { multipart } from '../../test/media/media-world.js';
import { makeImage } from '../../test/media/public-images.js';
import { startSite, type RunningSite } from '../../examples/site/site.js';
import { ARTICLE_TEMPLATE_FIELDS } from '../../examples/site/model.js';
import { previewOrigin } from '../src/pages/content/editor-live.js';

type Res = { status: number; text: string; body: any };
// Page scripts (evaluate) run in the browser; the tests compile without the DOM library.
declare const document: any;
declare const requestAnimationFrame: (callback: () => void) => number;

describe('admin: live preview: the preview origin', () => {
  it("is the origin of the workspace's preview URL template, placeholders and all", () => {
    expect(previewOrigin('https://www.example.com/api/preview?slug={slug}&token={token}')).to.equal('https://www.example.com');
    expect(previewOrigin('http://127.0.0.1:4000/{locale}/preview/{slug}?t={token}')).to.equal('http://127.0.0.1:4000');
    expect(previewOrigin(null)).to.equal(null);
    expect(previewOrigin('not a url {token}')).to.equal(null);
  });
});

describe('admin: live preview in the content editor', function () {
  this.timeout(180_000);
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let editor: StackUser;
  let site: RunningSite;
  let ws: { id: string };
  let deliveryToken: string;
  let articleId: string;
  let neighbourId: string;
  let tidesId: string;
  let assetId: string;
  let templateVersionId: string;
  const fieldIds: Record<string, string> = {};
  const api = (w = ws.id) => `/api/v1/workspaces/${w}`;
  const editorUrl = () => `${stack.adminUrl}/workspaces/${ws.id}/content/${articleId}/versions/2/edit`;
  const previewUrlOf = (origin: string) => `${origin}/api/preview?slug={slug}&locale={locale}&token={token}`;

  async function ok(r: Promise<Res>, what: string): Promise<Res> {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  }

  async function setPreviewUrl(workspaceId: string, previewUrl: string | null) {
    const token = stack.adminToken;
    const now = await ok(stack.api.get(api(workspaceId), { token }), 'workspace');
    await ok(
      stack.api.put(api(workspaceId), { name: now.body.name, slug: now.body.slug, publicMedia: true, allMediaPublic: true, previewUrl }, { token, headers: await stack.api.ifMatch(api(workspaceId), token) }),
      'preview URL',
    );
  }

  async function articleTemplate(workspaceId: string): Promise<{ versionId: string; fields: Record<string, string> }> {
    const token = stack.adminToken;
    const t = await ok(stack.api.post(`${api(workspaceId)}/templates`, { name: 'Article', slug: 'article' }, { token }), 'template');
    const tv = `${api(workspaceId)}/templates/${t.body.id}/versions/1`;
    for (const [order, f] of ARTICLE_TEMPLATE_FIELDS.entries()) {
      await ok(stack.api.post(`${tv}/fields`, { ...f, order }, { token, headers: await stack.api.ifMatch(tv, token) }), `field ${f.key}`);
    }
    const published = await ok(stack.api.put(`${tv}/publish`, undefined, { token, headers: await stack.api.ifMatch(tv, token) }), 'publish template');
    const fields: Record<string, string> = {};
    for (const f of published.body.fields as { key: string; id: string }[]) fields[f.key] = f.id;
    return { versionId: published.body.id, fields };
  }

  /** A published article; `extra` values after the title. */
  async function publishedArticle(slug: string, title: string, extra: object[] = []): Promise<string> {
    const token = stack.adminToken;
    const fields = [{ fieldId: fieldIds.title, order: 0, valueKind: 'Text', textValue: title }, ...extra];
    const item = await ok(stack.api.post(`${api()}/content`, { templateVersionId, slug, localeCode: 'en', tags: [], fields }, { token }), `article ${slug}`);
    await ok(stack.api.post(`${api()}/content/${item.body.id}/versions/1/publish`, { overrideWorkflow: true }, { token }), `publish ${slug}`);
    return item.body.id as string;
  }

  /** The framed page (found again after each of its reloads: a save has it read the API again). */
  const frame = (p: Page = page): FrameLocator => p.frameLocator('.cf-live-frame');
  const stackSite = () => site.url;

  /** Opens the editor with the live preview shown and the framed page's handshake done. */
  async function openLive(p: Page = page) {
    await p.goto(editorUrl());
    if (!(await p.locator('#cf-live').isVisible())) await p.getByRole('button', { name: 'Live preview' }).click();
    await p.locator('#cf-live[data-handshaken="true"]').waitFor();
  }

  const title = (p: Page = page) => p.getByRole('textbox', { name: /^Title/ });
  const savedTitle = async () => ((await stack.api.get(`${api()}/content/${articleId}/versions/2`, { token: stack.adminToken })).body.fields as { key: string; textValue: string }[]).find((f) => f.key === 'title')!.textValue;

  before(async () => {
    stack = await startAdminStack();
    ws = await stack.createWorkspace({ slug: 'magazine', name: 'Magazine' });
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' }, displayName: 'Lena Live' });
    const token = stack.adminToken;
    const template = await articleTemplate(ws.id);
    templateVersionId = template.versionId;
    Object.assign(fieldIds, template.fields);
    const client = await ok(stack.api.post('/api/v1/clients', { name: 'Example site', role: 'Reader', scope: 'Delivery', workspaceId: ws.id }, { token }), 'delivery client');
    deliveryToken = client.body.token;

    const form = multipart({ fileName: 'lighthouse.png', contentType: 'image/png', data: await makeImage('png', 960, 640) });
    const uploaded = await ok(stack.api.request('POST', `${api()}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token }), 'upload');
    assetId = uploaded.body.id;

    neighbourId = await publishedArticle('harbour-walks', 'Harbour walks');
    tidesId = await publishedArticle('tide-tables', 'Tide tables');
    const related = { fieldId: fieldIds.related, order: 0, valueKind: 'ChildContent', childContentItemId: neighbourId };
    const body = { fieldId: fieldIds.body, order: 0, valueKind: 'Markdown', textValue: 'The old keeper **wrote** this.' };
    articleId = await publishedArticle('lighthouse', 'The lighthouse', [body, related]);
    const draft = [{ fieldId: fieldIds.title, order: 0, valueKind: 'Text', textValue: 'The lighthouse' }, body, related];
    await ok(stack.api.post(`${api()}/content/${articleId}/versions`, { fields: draft }, { token }), 'draft');

    site = await startSite({ apiUrl: stack.apiUrl, workspaceId: ws.id, token: deliveryToken, port: 0, adminOrigin: new URL(stack.adminUrl).origin });
    await setPreviewUrl(ws.id, previewUrlOf(site.url));

    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, editor.email, editor.password);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await stack?.close();
  });

  it("names the site's origin in the editor's frame-src and nothing else; other pages frame nothing", async () => {
    const answer = await page.goto(editorUrl());
    const csp = answer!.headers()['content-security-policy']!;
    const frameSrc = csp.split(';').map((d) => d.trim()).filter((d) => d.startsWith('frame-src'));
    expect(frameSrc).to.deep.equal([`frame-src ${site.url}`]);
    expect(csp).to.include("frame-ancestors 'none'");
    const item = await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${articleId}`);
    expect(item!.headers()['content-security-policy']).not.to.include('frame-src');
    await page.goto(editorUrl());
    expect(await page.locator('#cf-live').isHidden()).to.equal(true);
    await expectAccessible(page);
  });

  it("answers the editor's script only: a person who opens its addresses gets the admin's page, not JSON", async () => {
    for (const path of [`content/live-preview/assets/${articleId}`, `content/live-preview/items/${articleId}`]) {
      const answer = await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/${path}`);
      expect(answer!.status(), path).to.equal(404);
      expect(answer!.headers()['content-type'], path).to.match(/^text\/html/);
    }
    const json = await page.request.get(`${stack.adminUrl}/workspaces/${ws.id}/content/live-preview/items/${articleId}`, { headers: { Accept: 'application/json' } });
    expect(json.status()).to.equal(200);
    expect((await json.json()).contentItemId).to.equal(articleId);
  });

  it('without a preview URL, "Live preview" says where an Admin sets it', async () => {
    const plain = await stack.createWorkspace({ slug: 'plain', name: 'Plain' });
    const other = await stack.createUser({ role: 'Editor', grants: { [plain.id]: 'Write' } });
    const { page: p, context } = await newPage(browser);
    await signIn(p, stack.adminUrl, other.email, other.password);
    const t = await articleTemplate(plain.id);
    const item = await ok(stack.api.post(`${api(plain.id)}/content`, { templateVersionId: t.versionId, slug: 'plain', localeCode: 'en', tags: [], fields: [{ fieldId: t.fields.title, order: 0, valueKind: 'Text', textValue: 'Plain' }] }, { token: stack.adminToken }), 'plain item');
    const answer = await p.goto(`${stack.adminUrl}/workspaces/${plain.id}/content/${item.body.id}/versions/1/edit`);
    expect(answer!.headers()['content-security-policy']).not.to.include('frame-src');
    await p.locator('#cf-live-none summary').click();
    const note = p.locator('#cf-live-none');
    expect(await note.textContent()).to.include("It needs the workspace's preview URL");
    expect(await note.getByRole('link', { name: "the workspace's settings" }).getAttribute('href')).to.equal(`/workspaces/${plain.id}/edit`);
    await expectAccessible(p);
    await context.close();
  });

  it('shows what the editor types in the title and the Markdown body on the framed page, before any save', async () => {
    await openLive();
    expect(await frame().locator('h1').textContent()).to.equal('The lighthouse');
    // No click on the page: a click would be click-to-edit's. The keyboard types into the title.
    await title().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' at dawn');
    await frame().locator('h1', { hasText: /^The lighthouse at dawn$/ }).waitFor();
    expect(await savedTitle()).to.equal('The lighthouse');

    const body = page.getByRole('textbox', { name: /^Body/ });
    await body.fill('## Morning\n\nThe lamp goes **dark** at six.');
    await frame().locator('.body h2', { hasText: 'Morning' }).waitFor();
    expect(await frame().locator('.body strong').textContent()).to.equal('dark');
    // The framed page said it rendered what the editor sent last.
    await page.waitForFunction(() => {
      const pane = document.getElementById('cf-live')!;
      return pane.getAttribute('data-rendered') === pane.getAttribute('data-sent');
    });
    await expectAccessible(page);
  });

  it("an autosave has the framed page read the saved version again (the SDK's refresh)", async () => {
    await openLive();
    const site = page.frames().find((f) => f.url().startsWith(`${stackSite()}/`))!;
    await site.evaluate(() => ((globalThis as { beforeRefresh?: boolean }).beforeRefresh = true));
    await title().fill('Saved by the autosave');
    // Leaving the input autosaves the Draft (content-editor.js); the page is told to refresh.
    await page.locator('#effectiveStartAt').focus();
    await page.locator('#cf-save-status[data-state="saved"]').waitFor();
    await site.waitForFunction(() => (globalThis as { beforeRefresh?: boolean }).beforeRefresh === undefined && document.querySelector('h1')?.textContent === 'Saved by the autosave');
    expect(await savedTitle()).to.equal('Saved by the autosave');
    await page.locator('#cf-live[data-handshaken="true"]').waitFor();
  });

  it('device widths narrow the framed page; full width gives it the window', async () => {
    await openLive();
    await page.getByRole('button', { name: 'Phone' }).click();
    expect(await page.locator('.cf-live-frame').evaluate((el) => el.getBoundingClientRect().width)).to.equal(390);
    expect(await page.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).to.equal('true');
    await page.getByRole('button', { name: 'Desktop' }).click();
    await page.getByRole('button', { name: 'Full width' }).click();
    expect(await page.locator('#cf-live').evaluate((el) => el.getBoundingClientRect().width)).to.equal(1280);
    await page.getByRole('button', { name: 'Full width' }).click();
    expect(await page.locator('#cf-live').evaluate((el) => el.getBoundingClientRect().width)).to.be.below(1280);
  });

  it('a related article added in the form appears on the page', async () => {
    await openLive();
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: /^Add .*Related articles/i }).click()]);
    // The form came back with a new row (not saved); the pane opened again by itself.
    await page.locator('#cf-live[data-handshaken="true"]').waitFor();
    const search = page.locator('[data-field="' + fieldIds.related + '"] input[data-ref-search]').last();
    await search.fill('tide');
    await search.press('Enter');
    const pick = page.locator(`button[data-pick-id="${tidesId}"]`);
    await pick.click();
    // In the form's order, after the one already there.
    await frame().locator('.related li:nth-child(2)', { hasText: 'Tide tables' }).waitFor();
    await frame().locator('.related li:nth-child(1)', { hasText: 'Harbour walks' }).waitFor();
  });

  it('an image picked from the library appears with its rendition', async () => {
    await openLive();
    const hero = page.locator(`[data-field="${fieldIds.hero}"]`);
    await Promise.all([page.waitForNavigation(), hero.getByRole('button', { name: /^Choose/ }).click()]);
    await page.locator('#cf-live[data-handshaken="true"]').waitFor();
    await page.locator(`button[data-pick-id="${assetId}"]`).click();
    const img = frame().locator('img.hero');
    await img.waitFor();
    const srcset = (await img.getAttribute('srcset')) ?? '';
    expect(srcset).to.match(new RegExp(`/media/v1/${ws.id}/${assetId}/.*w_\\d+`));
    const width = await img.evaluate((el) => (el as any).decode().then(() => (el as any).naturalWidth));
    expect(width).to.be.above(0);
  });

  it('clicking the rendered title focuses the title input', async () => {
    await openLive();
    await page.locator('#effectiveStartAt').focus();
    await frame().locator('h1').click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name')?.endsWith('[0][v]') && (document.activeElement as any).type === 'text');
    expect(await page.evaluate(() => document.activeElement!.id)).to.equal(await title().getAttribute('id'));
  });

  it("clicking a related article's title opens that article's editor", async () => {
    await openLive();
    await frame().locator('.related li span', { hasText: 'Harbour walks' }).click();
    // Unsaved changes: the editor's own guard asks first.
    const leave = page.getByRole('button', { name: 'Leave without saving' });
    await Promise.race([leave.click(), page.waitForURL(`**/content/${neighbourId}/versions/1/edit`)]);
    await page.waitForURL(`**/content/${neighbourId}/versions/1/edit`);
    expect(await page.locator('h1').textContent()).to.include('Harbour walks');
  });

  describe('other origins', () => {
    let stranger: Awaited<ReturnType<typeof listen>>;
    const heard: string[] = [];
    before(async () => {
      // A page that says hello to whoever frames it and reports every message it receives.
      stranger = await listen((req: http.IncomingMessage, res: http.ServerResponse) => {
        if (req.method === 'POST') {
          let text = '';
          req.on('data', (c: Buffer) => (text += c.toString()));
          req.on('end', () => {
            heard.push(`${req.url} ${text}`);
            res.writeHead(204).end();
          });
          return;
        }
        if (req.url === '/stranger.js') {
          res.writeHead(200, { 'content-type': 'text/javascript' });
          return void res.end(
            "window.addEventListener('message', function (e) { fetch('/heard', { method: 'POST', body: JSON.stringify(e.data) }); });" +
              "window.parent.postMessage({ verso: 1, type: 'hello' }, '*'); fetch('/said-hello', { method: 'POST', body: '1' });",
          );
        }
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><html lang="en"><head><title>Stranger</title><script src="/stranger.js"></script></head><body><h1>Stranger</h1></body></html>');
      });
    });
    after(async () => stranger?.close());

    it('the CSP keeps a page of another origin out of the frame: it gets no request, let alone a change', async () => {
      await openLive();
      const violation = page.evaluate(
        (url) =>
          new Promise<string>((resolve) => {
            document.addEventListener('securitypolicyviolation', (e: { blockedURI: string; violatedDirective: string }) => {
              if (e.blockedURI.startsWith(url)) resolve(e.violatedDirective);
            });
          }),
        stranger.url,
      );
      await page.locator('.cf-live-frame').evaluate((el, url) => ((el as any).src = `${url}/page`), stranger.url);
      expect(await violation).to.equal('frame-src');
      await title().click();
      await page.keyboard.type('!');
      expect(heard).to.deep.equal([]);
    });

    it('a page of another origin in the frame (CSP bypassed) says hello and receives nothing', async () => {
      const { page: p, context } = await newPage(browser, { bypassCSP: true });
      await signIn(p, stack.adminUrl, editor.email, editor.password);
      await openLive(p);
      const sentBefore = Number(await p.locator('#cf-live').getAttribute('data-sent'));
      await p.locator('.cf-live-frame').evaluate((el, url) => ((el as any).src = `${url}/page`), stranger.url);
      await p.locator('#cf-live:not([data-handshaken])').waitFor();
      while (!heard.some((h) => h.startsWith('/said-hello'))) await new Promise((r) => setImmediate(r));
      await title(p).click();
      await p.keyboard.type(' again');
      // The admin's next frame has passed: it would have sent by now.
      await p.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
      expect(Number(await p.locator('#cf-live').getAttribute('data-sent'))).to.equal(sentBefore);
      expect(await p.locator('#cf-live').getAttribute('data-handshaken')).to.equal(null);
      expect(heard.filter((h) => h.startsWith('/heard'))).to.deep.equal([]);
      await context.close();
    });

    it('a page whose SDK is configured for another admin origin never completes the handshake', async () => {
      const { page: p, context } = await newPage(browser);
      try {
        // The example site as if configured with another admin's origin (its frame-ancestors still
        // lets this admin frame it): its script says hello to that origin only.
        // (The preview entry redirects to the article: the route answers the entry with the page it leads to.)
        await context.route(`${site.url}/**`, async (route) => {
          if (!route.request().isNavigationRequest()) return route.continue();
          const response = await route.fetch();
          const html = (await response.text()).replace(/(<meta name="verso-admin-origin" content=")[^"]*"/, '$1http://127.0.0.1:9"');
          await route.fulfill({ response, body: html });
        });
        await signIn(p, stack.adminUrl, editor.email, editor.password);
        await p.goto(editorUrl());
        if (!(await p.locator('#cf-live').isVisible())) await p.getByRole('button', { name: 'Live preview' }).click();
        await frame(p).locator('h1').waitFor();
        expect(await frame(p).locator('meta[name="verso-admin-origin"]').getAttribute('content')).to.equal('http://127.0.0.1:9');
        await p.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
        expect(await p.locator('#cf-live').getAttribute('data-handshaken')).to.equal(null);
        await title(p).click();
        await p.keyboard.type(' x');
        await p.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
        expect(await p.locator('#cf-live').getAttribute('data-sent')).to.equal(null);
        expect(await frame(p).locator('h1').textContent()).not.to.include(' x');
      } finally {
        await context.close();
      }
    });
  });
});
