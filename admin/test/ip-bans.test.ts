// The IP bans page (Admin and host superadmin, under settings) in a real browser against the real API: the ban events
// newest first with their times, rejection counts and paths, the address filter (any spelling of one
// address, IPv4-mapped IPv6 included), paging, accessibility, the refusal a TemplateAdmin gets, and
// the admin forwarding the browser's own address as X-Forwarded-For on every API call — never one the
// browser made up.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { dbQuery } from '../../test/helpers/actors.js';
import { AdminConfigError, loadAdminConfig } from '../src/config.js';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

const HOUR = 3_600_000;

describe('admin: IP bans', () => {
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  /** X-Forwarded-For of every call the admin made to the API (null when absent). */
  const forwarded: (string | null)[] = [];

  before(async () => {
    stack = await startAdminStack({
      adminOptions: {
        fetch: (input, init) => {
          const request = new Request(input, init);
          // The admin's own readiness probe (http/startup.ts) is made for no browser: it forwards nothing.
          if (!new URL(request.url).pathname.startsWith('/health/')) forwarded.push(request.headers.get('x-forwarded-for'));
          return fetch(input, init);
        },
      },
    });
    const now = Date.now();
    // 52 events: one ban still running of 198.51.100.7 (the newest), an ended one of the same
    // address, an IPv6 client, and 49 older ones of other addresses (two pages at 50 a page).
    const rows: [string, number, number, number, string][] = [
      ['198.51.100.7', 21, now - 1 * HOUR, now + 23 * HOUR, '/api/v1/auth/login'],
      ['2001:db8::42', 25, now - 2 * HOUR, now + 22 * HOUR, '/api/v1/workspaces'],
      ['198.51.100.7', 20, now - 48 * HOUR, now - 24 * HOUR, '/api/v1/auth/me'],
    ];
    for (let i = 0; i < 49; i++) rows.push([`203.0.113.${i + 1}`, 20 + i, now - (100 + i) * HOUR, now - (76 + i) * HOUR, '/api/v1/content']);
    for (const [ip, count, at, until, path] of rows) {
      await dbQuery(stack.api, 'INSERT INTO ip_ban_events (ip_address, rejection_count, banned_at, banned_until, request_path) VALUES ($1, $2, $3, $4, $5)', [
        ip,
        count,
        new Date(at).toISOString(),
        new Date(until).toISOString(),
        path,
      ]);
    }
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    // A browser that claims another address: the admin must not pass the claim on.
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '192.0.2.99' });
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const rows = () => page.locator('table.ip-bans tbody tr');
  const ips = async () => (await rows().evaluateAll((els) => els.map((e) => e.getAttribute('data-ip')))) as string[];

  it('is linked for an Admin and lists the bans newest first', async () => {
    await page.goto(stack.adminUrl + '/');
    await Promise.all([page.waitForNavigation(), page.locator('[data-nav="ip-bans"]').click()]);
    expect(new URL(page.url()).pathname).to.equal('/settings/ip-bans');
    expect(await page.locator('h1').textContent()).to.equal('IP bans');
    expect(await page.locator('[data-nav="ip-bans"]').getAttribute('aria-current')).to.equal('page');
    expect(await page.getByRole('status').textContent()).to.include('52 bans');
    expect(await rows().count()).to.equal(50);
    expect((await ips()).slice(0, 3)).to.deep.equal(['198.51.100.7', '2001:db8::42', '198.51.100.7']);
    const first = rows().first();
    const cells = await first.locator('td').allTextContents();
    expect(cells[2]).to.equal('Active');
    expect(cells[3]).to.equal('21');
    expect(cells[4]).to.equal('/api/v1/auth/login');
    expect(await rows().nth(2).locator('td').nth(2).textContent()).to.equal('Ended');
    expect(await first.locator('time').first().getAttribute('datetime')).to.match(/^\d{4}-\d\d-\d\dT/);
    await expectAccessible(page);
    await screenshot(page, 'ip-bans');
  });

  it('pages through the rest', async () => {
    await page.goto(stack.adminUrl + '/settings/ip-bans');
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Next page' }).click()]);
    expect(new URL(page.url()).search).to.equal('?page=2');
    expect(await rows().count()).to.equal(2);
    expect(await ips()).to.deep.equal(['203.0.113.48', '203.0.113.49']);
  });

  it('filters by one address in any spelling, and clears the filter', async () => {
    await page.goto(stack.adminUrl + '/settings/ip-bans');
    await page.getByLabel('IP address').fill('::ffff:198.51.100.7');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Apply filter' }).click()]);
    expect(await ips()).to.deep.equal(['198.51.100.7', '198.51.100.7']);
    expect(await page.getByRole('status').textContent()).to.include('2 bans of this address');
    expect(await page.getByLabel('IP address').inputValue()).to.equal('::ffff:198.51.100.7');
    await expectAccessible(page);

    // An address in a row is a link to that address's bans.
    await page.goto(stack.adminUrl + '/settings/ip-bans');
    await Promise.all([page.waitForNavigation(), rows().nth(1).locator('th a').click()]);
    expect(await ips()).to.deep.equal(['2001:db8::42']);

    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Clear filter' }).click()]);
    expect(new URL(page.url()).search).to.equal('');
    expect(await rows().count()).to.equal(50);

    // Text that is no address matches no ban.
    await page.goto(stack.adminUrl + '/settings/ip-bans?ipAddress=not-an-address');
    expect(await rows().count()).to.equal(0);
    expect(await page.getByRole('status').textContent()).to.include('0 bans');
  });

  it('refuses a filter longer than any address next to its field', async () => {
    const res = await page.goto(`${stack.adminUrl}/settings/ip-bans?ipAddress=${'1'.repeat(65)}`);
    expect(res!.status()).to.equal(400);
    expect(await page.locator('#ipAddress').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator('#ipAddress-error').textContent()).to.include('At most 64 characters');
    await expectAccessible(page);
  });

  it('sends the browser’s own address as X-Forwarded-For on every API call, never the browser’s claim', () => {
    expect(forwarded.length).to.be.greaterThan(5);
    // The browser reaches the admin on loopback; the 192.0.2.99 it claimed is not passed on.
    expect([...new Set(forwarded)]).to.deep.equal(['127.0.0.1']);
  });

  it('believes X-Forwarded-For only from a proxy listed in Admin__TrustedProxies__N', async () => {
    const behindProxy: (string | null)[] = [];
    // Here the "proxy" is the test's own loopback browser: its claimed address is what gets forwarded.
    const admin = await stack.startAdmin({
      env: { Admin__TrustedProxies__0: '127.0.0.1' },
      options: {
        fetch: (input, init) => {
          const request = new Request(input, init);
          // The admin's own readiness probe (http/startup.ts) is made for no browser: it forwards nothing.
          if (!new URL(request.url).pathname.startsWith('/health/')) behindProxy.push(request.headers.get('x-forwarded-for'));
          return fetch(input, init);
        },
      },
    });
    const { context, page: p } = await newPage(browser, { extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.99' } });
    try {
      await signIn(p, admin.url, stack.adminEmail, stack.adminPassword);
      await p.goto(admin.url + '/settings/ip-bans');
      expect(await p.locator('h1').textContent()).to.equal('IP bans');
      expect(behindProxy.length).to.be.greaterThan(1);
      expect([...new Set(behindProxy)]).to.deep.equal(['192.0.2.99']);
    } finally {
      await context.close();
      await admin.close();
    }
  });

  it('is neither linked nor served for a TemplateAdmin', async () => {
    const user = await stack.createUser({ role: 'TemplateAdmin' });
    const { context, page: p } = await newPage(browser);
    try {
      await signIn(p, stack.adminUrl, user.email, user.password);
      expect(await p.locator('[data-nav="ip-bans"]').count()).to.equal(0);
      expect(await p.locator('[data-nav="audit"]').count()).to.equal(1);
      const res = await p.goto(stack.adminUrl + '/settings/ip-bans');
      expect(res!.status()).to.equal(403);
      expect(await p.locator('.error-status').textContent()).to.equal('403');
      await expectAccessible(p);
    } finally {
      await context.close();
    }
  });

  it('is neither linked nor served for an Admin who is not a host superadmin (the list is every tenant\'s addresses)', async () => {
    const user = await stack.createUser({ role: 'Admin' });
    const { context, page: p } = await newPage(browser);
    try {
      await signIn(p, stack.adminUrl, user.email, user.password);
      expect(await p.locator('[data-nav="ip-bans"]').count()).to.equal(0);
      expect(await p.locator('[data-nav="api-clients"]').count()).to.equal(1);
      const res = await p.goto(stack.adminUrl + '/settings/ip-bans');
      expect(res!.status()).to.equal(403);
      expect(await p.locator('.error-status').textContent()).to.equal('403');
      expect(await p.locator('main').textContent()).to.not.include('198.51.100.7');
    } finally {
      await context.close();
    }
  });

  it('reads Admin__TrustedProxies__N in index order and refuses what is no address or network', () => {
    const ok = loadAdminConfig({ Admin__TrustedProxies__2: '10.0.0.0/8', Admin__TrustedProxies__0: '::1', Admin__TrustedProxies__1: 'fd00::/8' });
    expect(ok.trustedProxies).to.deep.equal(['::1', 'fd00::/8', '10.0.0.0/8']);
    expect(loadAdminConfig({}).trustedProxies).to.deep.equal([]);
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '10.0.0', '*']) {
      expect(() => loadAdminConfig({ Admin__TrustedProxies__0: bad }), bad).to.throw(AdminConfigError).with.property('setting', 'Admin__TrustedProxies__0');
    }
  });
});
