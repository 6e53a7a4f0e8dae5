// The Releases screens in a real browser against the real API: an Editor creates a release, adds an
// Approved version from its item page ("Add to release…") and a Draft whose problem the validation
// names in plain words with a link to the item, removes it, adds a served item to archive, previews
// the release with a release token (read back through the delivery API: the entry's version served,
// nothing published yet), schedules it on their own clock, meets a stale edit (412: the current
// values and a re-apply button), publishes (both entries applied at once), reverts (what was served
// before is back) and deletes it. The content list's bulk bar adds the ticked items (a failure listed
// with its reason). Also: every page passes axe and fits 390 px; a publish refused by
// the API (a problem found) is shown on the release page; a Reader sees no Releases link and is refused.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

const PHONE = { width: 390, height: 844 };

describe('admin: releases (browser)', function () {
  this.timeout(180_000);
  let stack: AdminStack;
  let browser: Browser;
  let ws: { id: string };
  let base: string;
  let templateVersionId: string;
  let titleFieldId: string;
  let editor: StackUser;

  async function ok<T extends { status: number; text: string }>(r: Promise<T>, what: string): Promise<T> {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  }

  /** A new item titled `title` (version 1 a Draft), moved on through the API by `steps` (submit, approve, publish). */
  async function item(slug: string, title: string, steps: string[] = []): Promise<string> {
    const token = stack.adminToken;
    const fields = [{ fieldId: titleFieldId, order: 0, valueKind: 'Text', textValue: title }];
    const id = (await ok(stack.api.post(`${base}/content`, { templateVersionId, slug, tags: [], fields }, { token }), 'create item')).body.id as string;
    for (const step of steps) await ok(stack.api.post(`${base}/content/${id}/versions/1/${step}`, step === 'publish' ? {} : undefined, { token }), step);
    return id;
  }

  const served = async (id: string) => (await stack.api.get(`${base}/content/${id}`, { token: stack.adminToken })).body.currentlyServingVersion?.versionNumber ?? null;
  const screens = () => `${stack.adminUrl}/workspaces/${ws.id}/releases`;

  async function as(user: { email: string; password: string }, run: (page: Page) => Promise<void>, viewport?: { width: number; height: number }) {
    const { context, page } = await newPage(browser, viewport ? { viewport } : {});
    try {
      await signIn(page, stack.adminUrl, user.email, user.password);
      await run(page);
    } finally {
      await context.close();
    }
  }

  async function submit(page: Page, button: string | RegExp, scope = page.locator('main')) {
    await Promise.all([page.waitForNavigation(), scope.getByRole('button', { name: button }).click()]);
  }

  async function fitsPhone(page: Page, what: string) {
    const width = await page.evaluate<number>('document.scrollingElement.scrollWidth');
    expect(width, `${what} is ${width} px wide`).to.be.at.most(PHONE.width);
  }

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
    ws = await stack.createWorkspace({ slug: 'campaigns', name: 'Campaigns' });
    base = `/api/v1/workspaces/${ws.id}`;
    const token = stack.adminToken;
    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Article', slug: 'article' }, { token }), 'template');
    const tv = `${base}/templates/${t.body.id}/versions/1`;
    titleFieldId = (await ok(stack.api.post(`${tv}/fields`, { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', isRequired: false, minOccurrences: 0, primitiveType: 'Text' }, { token, headers: await stack.api.ifMatch(tv, token) }), 'field')).body.id;
    templateVersionId = (await ok(stack.api.put(`${tv}/publish`, undefined, { token, headers: await stack.api.ifMatch(tv, token) }), 'publish template')).body.id;
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('an Editor builds a release from item pages, validates, previews, schedules, publishes, reverts and deletes it', async () => {
    const landing = await item('spring-landing', 'Spring landing page', ['submit', 'approve']);
    const draft = await item('spring-draft', 'Spring teaser', []);
    const old = await item('winter-sale', 'Winter sale', ['submit', 'approve', 'publish']);
    expect(await served(landing)).to.equal(null);
    expect(await served(old)).to.equal(1);

    await as(editor, async (page) => {
      // The Releases link is there for an Editor once the workspace is selected.
      await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content`);
      await Promise.all([page.waitForURL(screens()), page.locator('nav.main-nav [data-nav="releases"]').click()]);
      expect(await page.locator('[data-nav="releases"]').getAttribute('aria-current')).to.equal('page');
      expect(await page.locator('.empty').textContent()).to.include('No releases yet');
      await expectAccessible(page, 'releases (empty)');

      await Promise.all([page.waitForURL(`${screens()}/new`), page.getByRole('link', { name: 'New release' }).click()]);
      await expectAccessible(page, 'new release');
      await page.getByLabel('Name').fill('Spring campaign');
      await page.getByLabel('Description').fill('Landing page and teaser, live at once');
      await submit(page, 'Create release');
      expect(await page.locator('.flash').textContent()).to.include('Release “Spring campaign” created');
      const releaseUrl = page.url();
      const releaseId = releaseUrl.split('/').pop()!;
      expect(await page.locator('.rel-validation').getAttribute('data-ready')).to.equal('false');
      expect(await page.locator('.rel-not-ready').textContent()).to.include('no entries yet');

      // From the Approved item's page: "Add to release…" beside its workflow actions, then the chooser.
      await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${landing}?version=1`);
      await submit(page, /^Add to release/);
      expect(await page.locator('h1').textContent()).to.equal('Add to release');
      expect(await page.locator('.rel-add-items').textContent()).to.include('Spring landing page, Version 1 (Approved)');
      expect(await page.getByLabel(/^Spring campaign \(Open, 0 entries\)/).isChecked()).to.equal(true);
      expect(await page.getByLabel('Publish this version').isChecked()).to.equal(true);
      await expectAccessible(page, 'add to release');
      await submit(page, 'Add to release');
      expect(page.url()).to.equal(releaseUrl);
      expect(await page.locator('.flash').textContent()).to.include('1 item added to release “Spring campaign” to publish');
      expect(await page.locator(`.rel-entries tr[data-item="${landing}"]`).textContent()).to.match(/Spring landing page\s*Version 1\s*Publish\s*Approved/);
      expect(await page.locator('.rel-validation').getAttribute('data-ready')).to.equal('true');

      // A Draft: the validation names it, in plain words, linked to its page.
      await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${draft}?version=1`);
      await submit(page, /^Add to release/);
      await submit(page, 'Add to release');
      expect(await page.locator('.rel-validation').getAttribute('data-ready')).to.equal('false');
      const problem = page.locator(`.rel-problems li[data-item="${draft}"]`);
      expect(await problem.getAttribute('data-reason')).to.equal('NotApproved');
      expect(await problem.textContent()).to.match(/^Spring teaser, version 1: \S/);
      expect(await problem.getByRole('link', { name: 'Spring teaser' }).getAttribute('href')).to.include(`/content/${draft}?version=1`);
      await expectAccessible(page, 'release with a problem');

      // Publishing now is refused by the API (nothing changes) and the page says why.
      await page.getByRole('link', { name: 'Publish now' }).click();
      await page.getByLabel('Yes, publish every entry now').check();
      const [refused] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/publish')), page.getByRole('button', { name: 'Publish now' }).click()]);
      await page.waitForLoadState('load');
      expect(refused.status()).to.equal(422);
      expect(await page.locator('.problem').first().textContent()).to.not.equal('');
      expect(await served(landing)).to.equal(null);

      // Removed, the release is ready again.
      await submit(page, 'Remove Spring teaser');
      expect(await page.locator('.flash').textContent()).to.include('Spring teaser was taken out of the release');
      expect(await page.locator(`.rel-entries tr[data-item="${draft}"]`).count()).to.equal(0);
      expect(await page.locator('.rel-validation').getAttribute('data-ready')).to.equal('true');

      // The served item, to archive: the chooser offers Archive for a Published version.
      await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${old}?version=1`);
      await submit(page, /^Add to release/);
      expect(await page.getByLabel('Archive it (stop serving)').isChecked()).to.equal(true);
      await submit(page, 'Add to release');
      expect(await page.locator(`.rel-entries tr[data-item="${old}"]`).getAttribute('data-action')).to.equal('archive');

      // Preview: no preview URL in this workspace, so the token is shown once (in a new tab), and reads
      // with it see the site as after the release.
      const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /^Preview/ }).click()]);
      await tab.waitForLoadState('load');
      const token = await tab.getByLabel('Preview token for Spring campaign').inputValue();
      expect(token).to.match(/^verso_preview_/);
      await expectAccessible(tab, 'release preview token');
      await tab.close();
      const previewRead = await stack.api.get(`${base}/content/by-slug/spring-landing`, { token });
      expect(previewRead.status, previewRead.text).to.equal(200);
      expect(previewRead.body.versionNumber).to.equal(1);
      expect((await stack.api.get(`${base}/content/by-slug/winter-sale`, { token })).status).to.equal(404);
      expect(await served(landing)).to.equal(null);

      // Scheduled on the editor's clock (UTC here), then the schedule cleared.
      const at = new Date(Date.now() + 3 * 24 * 3600_000);
      at.setUTCSeconds(0, 0);
      await page.getByLabel(/^Publish at \(UTC\)/).fill(at.toISOString().slice(0, 16));
      await submit(page, 'Save');
      expect(await page.locator('.flash').textContent()).to.include(`publishes at ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
      expect(await page.locator('.rel-page .rel-state').getAttribute('data-state')).to.equal('Scheduled');
      const api = (await stack.api.get(`${base}/releases/${releaseId}`, { token: editor.token })).body;
      expect(Date.parse(api.publishAt)).to.equal(at.getTime());

      // Someone else renames it while the page is open: the save is a conflict, nothing is overwritten.
      await ok(stack.api.put(`${base}/releases/${releaseId}`, { name: 'Spring campaign 2026', description: api.description, publishAt: api.publishAt }, { token: editor.token, headers: await stack.api.ifMatch(`${base}/releases/${releaseId}`, editor.token) }), 'rename');
      await page.getByLabel(/^Publish at/).fill('');
      await submit(page, 'Save');
      expect(await page.locator('.conflict').textContent()).to.include('Spring campaign 2026');
      expect((await stack.api.get(`${base}/releases/${releaseId}`, { token: editor.token })).body.state).to.equal('Scheduled');
      await expectAccessible(page, 'release edit conflict');
      await submit(page, 'Re-apply my changes');
      expect(await page.locator('.rel-page .rel-state').getAttribute('data-state')).to.equal('Open');
      expect(await page.locator('h1').textContent()).to.equal('Spring campaign');
      await screenshot(page, 'release-page', { fullPage: true });

      // Publish now: both entries at once.
      await page.getByRole('link', { name: 'Publish now' }).click();
      await expectAccessible(page, 'publish confirmation');
      await page.getByLabel('Yes, publish every entry now').check();
      await submit(page, 'Publish now');
      expect(await page.locator('.flash').textContent()).to.include('published: 2 entries went live together');
      expect(await served(landing)).to.equal(1);
      expect(await served(old)).to.equal(null);
      expect(await page.locator(`.rel-entries tr[data-item="${old}"]`).textContent()).to.include('Version 1');
      expect(await page.getByRole('link', { name: 'Delete release…' }).count()).to.equal(0);

      // Revert: what each item served before is back.
      await page.getByRole('link', { name: 'Revert…' }).click();
      await page.getByLabel('Yes, restore what was served before this release').check();
      await submit(page, 'Revert release');
      expect(await page.locator('.flash').textContent()).to.include('reverted');
      expect(await served(landing)).to.equal(null);
      expect(await served(old)).to.equal(1);

      // A reverted release may be deleted; no content changes.
      await page.getByRole('link', { name: 'Delete release…' }).click();
      await page.getByLabel('Yes, delete this release').check();
      await submit(page, 'Delete release');
      expect(page.url()).to.equal(screens());
      expect(await page.locator('.flash').textContent()).to.include('deleted; no content changed');
      expect(await served(old)).to.equal(1);
    });
  });

  it('the content list\'s bulk bar adds the ticked items to a new release; an item that cannot be added is listed with the reason', async () => {
    const approved = await item('bulk-approved', 'Bulk approved article', ['submit', 'approve']);
    const drafted = await item('bulk-draft', 'Bulk draft article');
    const live = await item('bulk-live', 'Bulk live article', ['submit', 'approve', 'publish']);
    await as(editor, async (page) => {
      await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content?q=Bulk`);
      await page.getByLabel('Select Bulk approved article').check();
      await page.getByLabel('Select Bulk draft article').check();
      await submit(page, 'Add to release…', page.locator('.bulk-bar'));
      expect(await page.locator('.rel-add-count').textContent()).to.equal('2 items');
      expect(await page.locator('.rel-add-items').textContent()).to.include('Bulk approved article').and.include('Bulk draft article');
      await expectAccessible(page, 'add to release from the bulk bar');
      await page.getByLabel('A new release, named:').check();
      await page.getByLabel('Name of the new release').fill('Bulk launch');
      await submit(page, 'Add to release');
      expect(await page.locator('.flash').textContent()).to.include('2 items added to release “Bulk launch” to publish');
      // Without a version named: the newest Approved version, or the newest one (then a problem to fix).
      expect(await page.locator(`.rel-entries tr[data-item="${approved}"]`).textContent()).to.match(/Version 1\s*Publish\s*Approved/);
      expect(await page.locator(`.rel-problems li[data-item="${drafted}"]`).getAttribute('data-reason')).to.equal('NotApproved');

      // Archive from the bar: the served item is added; the one that serves nothing is listed, linked, with why.
      await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content?q=Bulk`);
      await page.getByLabel('Select Bulk live article').check();
      await page.getByLabel('Select Bulk approved article').check();
      await page.locator('#bulk-action').selectOption('archive');
      await submit(page, 'Add to release…', page.locator('.bulk-bar'));
      expect(await page.getByLabel('Archive them (stop serving)').isChecked()).to.equal(true);
      await page.getByLabel(/^Bulk launch/).check();
      await submit(page, 'Add to release');
      const failures = page.locator('.rel-add-failures li');
      expect(await failures.count()).to.equal(1);
      expect(await failures.textContent()).to.equal('Bulk approved article: It serves nothing, so there is nothing to archive.');
      expect(await failures.getByRole('link').getAttribute('href')).to.include(`/content/${approved}`);
      expect(await page.locator('.problem-title').first().textContent()).to.include('1 added to Bulk launch');
      await expectAccessible(page, 'add to release with a failure');
    });
    const releases = (await stack.api.get(`${base}/releases?pageSize=100`, { token: editor.token })).body.items as { id: string; name: string }[];
    const bulkLaunch = (await stack.api.get(`${base}/releases/${releases.find((r) => r.name === 'Bulk launch')!.id}`, { token: editor.token })).body;
    // In the order the list showed them (the newest change first), then the archive entry.
    expect(bulkLaunch.entries.map((e: { itemId: string; action: string }) => [e.itemId, e.action])).to.deep.equal([
      [drafted, 'publish'],
      [approved, 'publish'],
      [live, 'archive'],
    ]);
  });

  it('fits the release screens into a 390 px phone screen', async () => {
    const a = await item('phone-a', 'A rather long article title that has to wrap on a phone screen', ['submit', 'approve']);
    const release = (await ok(stack.api.post(`${base}/releases`, { name: 'Phone release with a long name that wraps', description: 'Checked at 390 px' }, { token: editor.token }), 'release')).body;
    await ok(stack.api.post(`${base}/releases/${release.id}/entries`, { itemId: a, versionNumber: 1, action: 'publish' }, { token: editor.token }), 'entry');
    await as(
      editor,
      async (page) => {
        for (const path of ['', `/${release.id}`, `/add?items=${a}:1`, '/new', `/${release.id}/publish`]) {
          const res = await page.goto(`${screens()}${path}`);
          expect(res!.status(), path).to.equal(200);
          await fitsPhone(page, `releases${path}`);
        }
        await expectAccessible(page, 'publish confirmation at 390 px');
      },
      PHONE,
    );
  });

  it('refuses what the form cannot send: a time the clock does not have, and a blank new release name', async () => {
    const release = (await ok(stack.api.post(`${base}/releases`, { name: 'Form checks' }, { token: editor.token }), 'release')).body;
    const http = new HttpSession(stack.adminUrl);
    await http.signIn(editor.email, editor.password);
    const path = `/workspaces/${ws.id}/releases/${release.id}`;
    const page = await http.get(path);
    const etag = /name="_etag" value="([^"]*)"/.exec(page.text)![1]!.replaceAll('&quot;', '"');
    const bad = await http.post(path, { name: 'Form checks', description: '', publishAt: '2026-02-30T10:00', _etag: etag }, path);
    expect(bad.status).to.equal(422);
    expect(bad.text).to.include('id="publishAt-error"');
    expect(bad.text).to.include('is not a date and time on the clock of UTC');
    // The past is the API's refusal, shown at the same field.
    const past = await http.post(path, { name: 'Form checks', description: '', publishAt: '2020-01-01T10:00', _etag: etag }, path);
    expect(past.status).to.equal(422);
    expect(past.text).to.include('id="publishAt-error"');
    expect((await stack.api.get(`${base}/releases/${release.id}`, { token: editor.token })).body.state).to.equal('Open');

    const a = await item('form-a', 'Form article', ['submit', 'approve']);
    const add = `/workspaces/${ws.id}/releases/add`;
    const blank = await http.post(add, { items: `${a}:1`, step: 'add', releaseId: 'new', name: '', action: 'publish' }, `${add}?items=${a}:1`);
    expect(blank.status).to.equal(422);
    expect(blank.text).to.include('id="name-error"');
    expect(blank.text).to.include('Name the new release');
  });

  it('a Reader sees no Releases link and is refused the screens', async () => {
    const reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });
    await as(reader, async (page) => {
      await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content`);
      expect(await page.locator('[data-nav="releases"]').count()).to.equal(0);
      const res = await page.goto(screens());
      expect(res!.status()).to.equal(403);
    });
  });
});
