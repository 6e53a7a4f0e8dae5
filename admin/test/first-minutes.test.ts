// The admin's first minutes (issue #25, part 5), in Chromium against the real API: while the API is
// not answering the admin shows "Verso is starting" and reloads itself (no sign-in form that can
// only fail, no 503 error page), and opens the sign-in form by itself once the API answers; a user
// who can see exactly one workspace is in it from the first page (its screens in the navigation);
// a host superadmin's whole navigation fits one row at 1280 px, nothing scrolled out of sight; the
// admin has a favicon.
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

describe('admin: first minutes (starting page, one workspace, navigation at 1280 px, favicon)', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('says “Verso is starting” and retries while the API does not answer, then opens the sign-in form by itself', async () => {
    // The admin's view of the API: refused connections until the test lets them through.
    let down = true;
    const probes: string[] = [];
    const admin = await stack.startAdmin({
      options: {
        fetch: (input, init) => {
          const url = String(input instanceof Request ? input.url : input);
          if (url.endsWith('/health/ready')) probes.push(down ? 'down' : 'up');
          return down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
        },
      },
    });
    const { page, context } = await newPage(browser);
    page.setDefaultTimeout(20_000);
    try {
      // First the page as it stands, held still for axe: admin.js (which schedules the reload) is
      // left out here, and with JavaScript on the <noscript> meta refresh does nothing.
      // no-store: the reload below must fetch the real script, not reuse this empty one from the cache.
      await page.route('**/assets/admin.js*', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', headers: { 'Cache-Control': 'no-store' }, body: '' }));
      const first = await page.goto(`${admin.url}/login`);
      expect(first!.status()).to.equal(503);
      expect(first!.headers()['retry-after']).to.equal('2');
      await page.getByRole('heading', { name: 'Verso is starting' }).waitFor();
      expect(await page.getByLabel('Email').count()).to.equal(0);
      // Without JavaScript a meta refresh reloads it.
      expect(await page.locator('noscript').first().innerHTML()).to.contain('<meta http-equiv="refresh" content="2">');
      await expectAccessible(page, 'the starting page');
      await screenshot(page, 'admin-starting');

      // Then with admin.js, on a fake clock: two seconds on it asks again (still starting) …
      await page.unroute('**/assets/admin.js*');
      const start = Date.now();
      await page.clock.install({ time: start });
      await page.clock.pauseAt(start + 1_000);
      await page.reload();
      const again = page.waitForResponse((r) => r.url() === `${admin.url}/login`);
      const reloaded = page.waitForEvent('load');
      await page.clock.runFor(2_000);
      expect((await again).status()).to.equal(503);
      // The retried page must have run its script (and set its timer on the paused clock) before
      // the clock moves on, or that timer is set after the run and never fires.
      await reloaded;
      // … and once the API answers, the next reload is the sign-in form.
      down = false;
      const ready = page.waitForResponse((r) => r.url() === `${admin.url}/login`);
      await page.clock.runFor(2_000);
      expect((await ready).status()).to.equal(200);
      await page.clock.resume();
      await page.getByLabel('Email').waitFor();
      expect(new URL(page.url()).pathname).to.equal('/login');
      expect(probes.filter((p) => p === 'down').length).to.be.at.least(2);
      expect(probes.at(-1)).to.equal('up');
      // Once the API has answered, the admin no longer asks it on every page.
      const seen = probes.length;
      await page.reload();
      await page.getByLabel('Email').waitFor();
      expect(probes.length).to.equal(seen);
    } finally {
      await context.close();
      await admin.close();
    }
  });

  it('puts a user with exactly one workspace in it from the first page', async () => {
    const ws = await stack.createWorkspace({ slug: 'only-one', name: 'Only one' });
    const editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, stack.adminUrl, editor.email, editor.password);
      expect(new URL(page.url()).pathname).to.equal('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Content' }).getAttribute('href')).to.equal(`/workspaces/${ws.id}/content`);
      expect(await nav.getByRole('link', { name: 'Media' }).getAttribute('href')).to.equal(`/workspaces/${ws.id}/media`);
      expect(await page.locator('#workspace-switcher').inputValue()).to.equal(ws.id);
      await expectAccessible(page, 'Home of a one-workspace user');
      await screenshot(page, 'admin-home-one-workspace');
    } finally {
      await context.close();
    }
  });

  it('shows the whole navigation of a host superadmin in one row at 1280 px', async () => {
    const ws = await stack.createWorkspace({ slug: 'nav-wide', name: 'Navigation' });
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
      await page.goto(`${stack.adminUrl}/switch-workspace?workspaceId=${ws.id}`);
      const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
      const labels = await links.allTextContents();
      expect(labels).to.deep.equal(['Home', 'Workspaces', 'Content', 'Templates', 'Components', 'Picklists', 'Tags', 'Locales', 'Media', 'Releases', 'Webhooks', 'Users', 'API Clients', 'Audit Log', 'Packages', 'IP Bans']);
      const boxes = await Promise.all((await links.all()).map((l) => l.boundingBox()));
      for (const [i, box] of boxes.entries()) {
        expect(box, labels[i]).to.not.equal(null);
        expect(box!.x, labels[i]).to.be.at.least(0);
        expect(box!.x + box!.width, labels[i]).to.be.at.most(1280);
        expect(box!.y, `${labels[i]} on the first row`).to.equal(boxes[0]!.y);
      }
      // Nothing is scrolled out of sight inside the bar either.
      expect(await page.locator('.main-nav ul').evaluate((ul) => ul.scrollWidth <= ul.clientWidth)).to.equal(true);
      await expectAccessible(page, 'the navigation at 1280 px');
      await screenshot(page, 'admin-nav-1280');
    } finally {
      await context.close();
    }
  });

  it('has a favicon', async () => {
    const res = await fetch(`${stack.adminUrl}/favicon.ico`);
    expect(res.status).to.equal(200);
    expect(res.url).to.match(/\/assets\/favicon\.svg$/);
    expect(res.headers.get('content-type')).to.match(/^image\/svg\+xml/);
    expect(await res.text()).to.match(/^<svg /);
    const { page, context } = await newPage(browser);
    try {
      await page.goto(`${stack.adminUrl}/login`);
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).to.equal('/assets/favicon.svg');
    } finally {
      await context.close();
    }
  });
});
