// What a new editor found broken, in Chromium against the real API: the media library's cards were
// as tall as the original image (1,600 px for a 2400×1600 photo: the <img>'s height attribute won
// over the thumbnail's aspect ratio); the content list and the item page were wider than a 390 px
// phone screen. Also: the admin answers HEAD wherever it answers GET (Express does for GET routes),
// as link checkers expect.
import { expect } from 'chai';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

const PHONE = { width: 390, height: 844 };

/** How far the page scrolls sideways: 0 when it fits the viewport. */
const sidewaysOverflow = (page: Page) => page.evaluate<number>('document.scrollingElement.scrollWidth - window.innerWidth');

describe('admin: small screens and large images (browser)', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let ws: string;
  let editor: StackUser;
  let itemId: string;

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
    ws = (await stack.createWorkspace({ name: 'A workspace with a rather long name for a phone screen' })).id;
    editor = await stack.createUser({ role: 'Editor', grants: { [ws]: 'Write' } });
    await stack.seedContent(ws, { drafts: 3, inReview: 1 });
    const items = await stack.api.get(`/api/v1/workspaces/${ws}/content`, { token: stack.adminToken });
    itemId = items.body.items[0].id;
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function signedIn(viewport?: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void> }> {
    const { context, page } = await newPage(browser, viewport ? { viewport } : {});
    await signIn(page, stack.adminUrl, editor.email, editor.password);
    return { page, close: () => context.close() };
  }

  it('bounds a large photo’s card in the media library to its thumbnail (2400×1600 → a 4:3 box, not 1,600 px)', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'landscape.jpg');
    const uploaded = await fetch(`${stack.apiUrl}/api/v1/workspaces/${ws}/media`, { method: 'POST', headers: { authorization: `Bearer ${editor.token}` }, body: form });
    expect(uploaded.status, await uploaded.clone().text()).to.equal(201);
    const { page, close } = await signedIn();
    try {
      await page.goto(`${stack.adminUrl}/workspaces/${ws}/media`);
      const card = page.locator('.media-card[data-asset="landscape.jpg"]');
      const img = card.locator('img');
      // The dimensions are known to the page (the layout must not wait for the image to load).
      expect(await img.getAttribute('height')).to.equal('1600');
      const cardBox = (await card.boundingBox())!;
      const imgBox = (await img.boundingBox())!;
      expect(imgBox.width).to.be.at.most(cardBox.width);
      expect(Math.abs(imgBox.height - (imgBox.width * 3) / 4), 'a 4:3 thumbnail').to.be.below(2);
      expect(cardBox.height, 'the card').to.be.below(imgBox.height + 150);
      expect(cardBox.height).to.be.below(500);
    } finally {
      await close();
    }
  });

  for (const [name, path] of [
    ['the content list', () => `/workspaces/${ws}/content`],
    ['an item page', () => `/workspaces/${ws}/content/${itemId}`],
  ] as const) {
    it(`fits ${name} into a 390 px phone screen: no sideways scrolling`, async () => {
      const { page, close } = await signedIn(PHONE);
      try {
        const res = await page.goto(`${stack.adminUrl}${path()}`);
        expect(res!.status()).to.equal(200);
        expect(await page.evaluate<number>('window.innerWidth')).to.equal(PHONE.width);
        const scrollWidth = await page.evaluate<number>('document.scrollingElement.scrollWidth');
        expect(scrollWidth, `${name} is ${scrollWidth} px wide`).to.be.at.most(PHONE.width);
        expect(await sidewaysOverflow(page)).to.be.at.most(0);
      } finally {
        await close();
      }
    });
  }

  it('answers HEAD where it answers GET: pages and assets, the same status and headers, no body', async () => {
    for (const path of ['/login', '/healthz', '/assets/admin.css']) {
      const get = await fetch(`${stack.adminUrl}${path}`);
      const getBody = Buffer.from(await get.arrayBuffer());
      const head = await fetch(`${stack.adminUrl}${path}`, { method: 'HEAD' });
      const headBody = Buffer.from(await head.arrayBuffer());
      expect(head.status, path).to.equal(get.status);
      expect(head.status, path).to.equal(200);
      expect(headBody.length, path).to.equal(0);
      expect(head.headers.get('content-type'), path).to.equal(get.headers.get('content-type'));
      expect(Number(head.headers.get('content-length') ?? getBody.length), path).to.equal(getBody.length);
    }
    // A signed-in page: the same redirect to sign in for HEAD as for GET without a session.
    const get = await fetch(`${stack.adminUrl}/workspaces`, { redirect: 'manual' });
    const head = await fetch(`${stack.adminUrl}/workspaces`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).to.equal(get.status);
    expect(head.headers.get('location')).to.equal(get.headers.get('location'));
  });
});
