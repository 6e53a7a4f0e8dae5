// The shell and the screens of the foundation (Home, account preferences, About, Packages): the
// navigation matrix of spec rule 5, refused routes rendered as pages, themes, time zones, version
// mismatch, the 412 flow of the shared form helper, accessibility (axe-core) and screenshots.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { Role } from '../../test/helpers/actors.js';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { sessionOf } from './helpers/cookie.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

const navKeys = (page: Page) => page.locator('nav.main-nav [data-nav]').evaluateAll((els) => els.map((e) => e.getAttribute('data-nav')));

describe('admin shell and screens (browser)', function () {
  this.timeout(90_000);
  let stack: AdminStack;
  let browser: Browser;

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function as(role: Role, superadmin: boolean, grants?: Record<string, 'Read' | 'Write'>) {
    const user = await stack.createUser({ role, superadmin, grants, displayName: `${role}${superadmin ? ' superadmin' : ''}` });
    const { context, page } = await newPage(browser);
    await signIn(page, stack.adminUrl, user.email, user.password);
    return { user, context, page };
  }

  describe('navigation follows spec rule 5 exactly', () => {
    const expected: Record<Role, string[]> = {
      Reader: ['home', 'workspaces'],
      Editor: ['home', 'workspaces'],
      TemplateAdmin: ['home', 'workspaces', 'audit', 'packages'],
      // IP Bans lists every tenant's addresses: host superadmins only (issue #23).
      Admin: ['home', 'workspaces', 'api-clients', 'audit', 'packages'],
    };
    for (const role of ['Reader', 'Editor', 'TemplateAdmin', 'Admin'] as const) {
      for (const superadmin of [false, true]) {
        it(`${role}${superadmin ? ' + host superadmin' : ''}`, async () => {
          const { context, page } = await as(role, superadmin);
          const links = role === 'Admin' && superadmin ? ['home', 'workspaces', 'users', 'api-clients', 'audit', 'packages', 'ip-bans'] : expected[role];
          expect(await navKeys(page)).to.deep.equal(links);
          // Webhooks needs a selected workspace too (spec rule 5): none is selected here, so no link for anyone.
          expect(await page.locator('nav.main-nav a', { hasText: 'Webhooks' }).count()).to.equal(0);
          // A hidden link is also a refused route: its URL renders a 403/404 page, never a stack or a blank.
          const hidden = ['users', 'api-clients', 'audit', 'packages', 'ip-bans'].filter((k) => !links.includes(k));
          for (const key of hidden) {
            const res = await page.goto(`${stack.adminUrl}/${key === 'ip-bans' ? 'settings/ip-bans' : key}`);
            expect([403, 404], `/${key} as ${role}`).to.include(res!.status());
            const h1 = await page.locator('h1').textContent();
            expect(h1, `/${key}`).to.be.a('string').and.not.equal('');
            const body = (await page.locator('main').textContent()) ?? '';
            expect(body).to.not.match(/\bat [\w.<>]+ \(|node_modules|Error:/);
          }
          await context.close();
        });
      }
    }
  });

  it('Home lists the reachable workspaces with content counted by status (and only those)', async () => {
    const ws = await stack.createWorkspace({ name: 'Field Notes' });
    const hidden = await stack.createWorkspace({ name: 'Secret Plans' });
    await stack.seedContent(ws.id, { drafts: 2, inReview: 1 });
    const { context, page } = await as('Editor', false, { [ws.id]: 'Write' });
    const cards = page.locator('.workspace-card');
    expect(await cards.count()).to.equal(1);
    const card = page.locator(`.workspace-card[data-workspace="${ws.slug}"]`);
    expect(await card.locator('h2').textContent()).to.equal('Field Notes');
    const count = async (status: string) => (await card.locator(`.status-${status} dd`).textContent())?.trim();
    expect(await count('draft')).to.equal('2');
    expect(await count('review')).to.equal('1');
    expect(await count('published')).to.equal('0');
    expect(await page.locator('body').textContent()).to.not.include('Secret Plans');
    // The switcher offers the same workspaces only.
    const options = await page.locator('#workspace-switcher option').allTextContents();
    expect(options).to.deep.equal(['All workspaces', 'Field Notes']);
    await expectAccessible(page, 'home');
    // Selecting one marks it on Home (the script submits on change; without JS the Go button does).
    await Promise.all([page.waitForEvent('load'), page.locator('#workspace-switcher').selectOption(ws.id)]);
    expect(await page.locator('.workspace-card.selected').count()).to.equal(1);
    expect(hidden.id).to.be.a('string');
    await context.close();
  });

  it('Home, for the superadmin, in light and dark themes (screenshots)', async () => {
    const ws = await stack.createWorkspace({ name: 'Marketing Site', slug: 'marketing-site' });
    await stack.seedContent(ws.id, { drafts: 3, inReview: 2 });
    const { context, page } = await newPage(browser);
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    await expectAccessible(page, 'home (superadmin)');
    await screenshot(page, 'admin-home');
    await page.locator('details.user-menu summary').click();
    await expectAccessible(page, 'home with the user menu open');
    await context.close();
    const dark = await newPage(browser, { colorScheme: 'dark' });
    await signIn(dark.page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    expect(await dark.page.locator('html').getAttribute('data-theme')).to.equal('auto');
    const bg = await dark.page.evaluate('getComputedStyle(document.body).backgroundColor');
    expect(bg).to.equal('rgb(21, 23, 26)');
    await expectAccessible(dark.page, 'home (auto theme, dark device)');
    await screenshot(dark.page, 'admin-home-dark');
    await dark.context.close();
  });

  it('account preferences: time zone from the IANA list and theme, saved through the API and applied', async () => {
    const { user, context, page } = await as('Reader', false);
    await page.goto(`${stack.adminUrl}/account`);
    await expectAccessible(page, 'account preferences');
    const zones = await page.locator('#timeZoneId option').count();
    expect(zones).to.be.above(300);
    await page.getByLabel('Time zone').selectOption('Europe/Paris');
    await page.getByRole('radio', { name: /^Dark/ }).check();
    await Promise.all([page.waitForURL('**/account?saved=1'), page.getByRole('button', { name: 'Save preferences' }).click()]);
    expect(await page.locator('.success').textContent()).to.include('Preferences saved');
    expect(await page.locator('html').getAttribute('data-theme')).to.equal('dark');
    expect(await page.getByLabel('Time zone').inputValue()).to.equal('Europe/Paris');
    const prefs = await stack.api.get('/api/v1/account/preferences', { token: user.token });
    expect(prefs.body).to.include({ theme: 'dark', timeZoneId: 'Europe/Paris' });
    expect((await sessionOf(context, stack.keyFile)).theme).to.equal('dark');
    await expectAccessible(page, 'account preferences (dark)');
    await screenshot(page, 'admin-account-dark');
    // Light, then back to Auto.
    await page.getByRole('radio', { name: /^Light/ }).check();
    await Promise.all([page.waitForURL('**/account?saved=1'), page.getByRole('button', { name: 'Save preferences' }).click()]);
    expect(await page.locator('html').getAttribute('data-theme')).to.equal('light');
    await expectAccessible(page, 'account preferences (light)');
    await screenshot(page, 'admin-account');
    await context.close();
  });

  it('account preferences: the API\'s refusal of an unknown time zone is shown next to the field', async () => {
    const { context, page } = await as('Reader', false);
    await page.goto(`${stack.adminUrl}/account`);
    await page.evaluate(`(() => { const o = document.createElement('option'); o.value = 'Mars/Olympus_Mons'; o.textContent = 'Mars'; document.getElementById('timeZoneId').append(o); })()`);
    await page.getByLabel('Time zone').selectOption('Mars/Olympus_Mons');
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/account') && r.request().method() === 'POST'), page.getByRole('button', { name: 'Save preferences' }).click()]);
    expect(res.status()).to.equal(422);
    await page.waitForLoadState('load');
    expect(await page.locator('.problem').count()).to.equal(1);
    expect(await page.locator('#timeZoneId-error').count()).to.equal(1);
    expect(await page.getByLabel('Time zone').getAttribute('aria-invalid')).to.equal('true');
    await expectAccessible(page, 'account preferences with a field error');
    await context.close();
  });

  it('About shows both versions side by side, and warns when they differ', async () => {
    const { context, page } = await as('Reader', false);
    await page.goto(`${stack.adminUrl}/about`);
    expect(await page.locator('#admin-version').textContent()).to.equal('0.0.0-test');
    expect(await page.locator('#api-version').textContent()).to.equal('0.0.0-test');
    expect(await page.locator('.warning').count()).to.equal(0);
    await expectAccessible(page, 'about');
    const newer = await stack.startAdmin({ version: '9.9.9' });
    // Cookies belong to the host, not the port: the same browser session is signed in there too.
    await page.goto(`${newer.url}/about`);
    expect(await page.locator('#admin-version').textContent()).to.equal('9.9.9');
    expect(await page.locator('.warning').textContent()).to.include('different releases');
    await expectAccessible(page, 'about (mismatch)');
    await screenshot(page, 'admin-about');
    await context.close();
  });

  it('Packages (TemplateAdmin) lists the official packages', async () => {
    const { context, page } = await as('TemplateAdmin', false);
    await page.getByRole('link', { name: 'Packages' }).click();
    expect(await page.locator('h1').textContent()).to.equal('Packages');
    await expectAccessible(page, 'packages');
    await context.close();
  });

  it('error pages (404, API 403) are accessible and show the API\'s title and detail', async () => {
    const { context, page } = await as('Editor', false);
    const missing = await page.goto(`${stack.adminUrl}/nowhere`);
    expect(missing!.status()).to.equal(404);
    await expectAccessible(page, '404 page');
    const refused = await page.goto(`${stack.adminUrl}/audit`);
    expect([403, 404]).to.include(refused!.status());
    await expectAccessible(page, 'refused page');
    await context.close();
  });

  it('a 412 on a guarded form shows "changed by someone else" with the current values and re-applies on request (workspace edit)', async () => {
    const ws = await stack.createWorkspace({ name: 'Original name' });
    const { context, page } = await newPage(browser);
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    const opened = await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/edit`);
    if (opened!.status() === 404) throw new Error('the workspace edit screen (pages/workspaces.ts) is not there yet');
    // Someone else renames it after the form was opened.
    const path = `/api/v1/workspaces/${ws.id}`;
    const current = (await stack.api.get(path, { token: stack.adminToken })).body;
    const changed = await stack.api.put(path, { name: 'Renamed elsewhere', slug: current.slug, description: 'their description' }, { token: stack.adminToken, headers: await stack.api.ifMatch(path, stack.adminToken) });
    expect(changed.status).to.equal(200);
    await page.getByRole('textbox', { name: 'Name' }).fill('My new name');
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/edit') && r.request().method() === 'POST'), page.getByRole('button', { name: 'Save changes' }).click()]);
    expect(res.status()).to.equal(409);
    await page.waitForLoadState('load');
    const box = page.locator('.conflict');
    expect(await box.locator('h2').textContent()).to.equal('Changed by someone else since you opened it');
    expect(await box.textContent()).to.include('Renamed elsewhere').and.include('their description');
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).to.equal('My new name');
    expect((await stack.api.get(path, { token: stack.adminToken })).body.name).to.equal('Renamed elsewhere');
    await expectAccessible(page, 'conflict box');
    await screenshot(page, 'admin-conflict');
    await Promise.all([page.waitForURL(`${stack.adminUrl}/workspaces`), page.getByRole('button', { name: 'Re-apply my changes' }).click()]);
    expect((await stack.api.get(path, { token: stack.adminToken })).body.name).to.equal('My new name');
    await context.close();
  });

  it('reads well on a phone: no horizontal scrolling on Home, account and login', async () => {
    const phone = { width: 390, height: 844 };
    const { context, page } = await newPage(browser, { viewport: phone, isMobile: true, hasTouch: true });
    await page.goto(`${stack.adminUrl}/login`);
    const fits = async () => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth + 1');
    expect(await fits()).to.equal(true);
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    expect(await fits()).to.equal(true);
    await expectAccessible(page, 'home on a phone');
    await screenshot(page, 'admin-home-phone', { fullPage: true });
    await page.goto(`${stack.adminUrl}/account`);
    expect(await fits()).to.equal(true);
    await context.close();
  });

  it('keyboard focus is visible', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${stack.adminUrl}/login`);
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(`(() => { const el = document.activeElement; const s = getComputedStyle(el); return { text: el.textContent, top: el.getBoundingClientRect().top, outline: s.outlineStyle, width: s.outlineWidth }; })()`);
    expect(skip).to.include({ text: 'Skip to content', outline: 'solid', width: '3px' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const input = await page.evaluate(`(() => { const el = document.activeElement; const s = getComputedStyle(el); return { id: el.id, outline: s.outlineStyle }; })()`);
    expect(input).to.deep.equal({ id: 'email', outline: 'solid' });
    await context.close();
  });
});
