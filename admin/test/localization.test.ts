// Localization in the admin, in Chromium against the real API: the workspace's Locales screen (every
// role reads it; a TemplateAdmin saves en, de and de-CH with their chains, without JavaScript; a chain
// naming an unknown locale is the API's 422 at that locale's Fallback input; a change made since the
// page was opened is a conflict, never overwritten), the template builder's "Shared across
// translations", the item page's Translations panel (each locale's state, the source, a member in a
// locale the workspace does not configure marked "unconfigured", Outdated once the source publishes
// after the translation), "Translate to …" opening the new member's editor with the source's values
// beside each field and the shared field read-only (a save keeps its stored value), the content
// list's Locale choice and its Missing translations view with Translate per row. axe checks each
// screen, and the new screens fit a 390 px phone.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';
import { chainOf, requestOf, rowErrors } from '../src/pages/locales/locales-form.js';

const PHONE = { width: 390, height: 844 };

describe('admin: localization', function () {
  this.timeout(180_000);
  let stack: AdminStack;
  let browser: Browser;
  let ws: { id: string; slug: string };
  let modeller: StackUser;
  let editor: StackUser;
  let reader: StackUser;
  let templateId = '';
  let versionId = '';
  const fieldIds: Record<string, string> = {};
  let englishId = '';
  let frenchId = '';
  let germanId = '';

  const base = () => `/api/v1/workspaces/${ws.id}`;
  const token = () => stack.adminToken;
  const adminPath = (rest: string) => `${stack.adminUrl}/workspaces/${ws.id}${rest}`;
  async function ok<T = any>(p: Promise<{ status: number; body: any }>, what = 'call'): Promise<T> {
    const r = await p;
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as T;
  }
  async function press(page: Page, name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).first().click()]);
  }
  async function signedIn(user: { email: string; password: string }, options: Parameters<typeof newPage>[1] = {}) {
    const { context, page } = await newPage(browser, options);
    page.setDefaultTimeout(15_000);
    await signIn(page, stack.adminUrl, user.email, user.password);
    return { page, close: () => context.close() };
  }
  async function fitsPhone(page: Page, what: string) {
    const width = await page.evaluate<number>('document.scrollingElement.scrollWidth');
    expect(width, `${what} is ${width} px wide`).to.be.at.most(PHONE.width);
  }
  const text = (key: string, value: string) => ({ fieldId: fieldIds[key], order: 0, valueKind: 'Text', textValue: value });
  const publish = (id: string, n: number) => ok(stack.api.post(`${base()}/content/${id}/versions/${n}/publish`, { overrideWorkflow: true }, { token: token() }), `publish ${id} v${n}`);
  const valuesOf = async (id: string, n: number) => {
    const v = await ok<{ fields: { key: string; textValue: string | null }[] }>(stack.api.get(`${base()}/content/${id}/versions/${n}`, { token: token() }));
    return Object.fromEntries(v.fields.map((f) => [f.key, f.textValue]));
  };

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    ws = await stack.createWorkspace({ slug: 'worldwide', name: 'Worldwide' });
    modeller = await stack.createUser({ role: 'TemplateAdmin', grants: { [ws.id]: 'Write' } });
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });
    templateId = (await ok(stack.api.post(`${base()}/templates`, { name: 'Page', slug: 'page' }, { token: token() }), 'template')).id;
    const tv = `${base()}/templates/${templateId}/versions/1`;
    for (const [order, key, label] of [[0, 'title', 'Title'], [1, 'body', 'Body']] as const) {
      await ok(stack.api.post(`${tv}/fields`, { key, label, order, primitiveType: 'Text', compositionMode: 'Inline', isRequired: false, minOccurrences: 0, maxOccurrences: 1 }, { token: token(), headers: await stack.api.ifMatch(tv, token()) }), key);
    }
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('reads a locales form into the request and puts the API’s pointers back on the rows they came from', () => {
    expect(chainOf('de, en')).to.deep.equal(['de', 'en']);
    expect(chainOf(' de  en;fr ')).to.deep.equal(['de', 'en', 'fr']);
    const form = {
      defaultRow: '2',
      rows: [
        { code: 'fr', name: 'Français', fallback: '', remove: true, saved: true },
        { code: 'de', name: 'Deutsch', fallback: 'en', remove: false, saved: true },
        { code: 'en', name: 'English', fallback: '', remove: false, saved: true },
        { code: '', name: '', fallback: '', remove: false, saved: false },
      ],
    };
    const { body, rowOf } = requestOf(form);
    expect(body).to.deep.equal({ defaultLocale: 'en', locales: [{ code: 'de', name: 'Deutsch', fallback: ['en'] }, { code: 'en', name: 'English', fallback: [] }] });
    expect(rowOf).to.deep.equal([1, 2]);
    expect(rowErrors({ '/locales/0/fallback/0': ['Unknown.'], '/locales/1': ['Twice.'], '/defaultLocale': ['Not listed.'] }, rowOf)).to.deep.equal({
      '/locales/1/fallback': ['Unknown.'],
      '/locales/2/code': ['Twice.'],
      '/defaultLocale': ['Not listed.'],
    });
    // One locale and no default chosen: that one is the default.
    expect(requestOf({ defaultRow: '', rows: [{ code: 'en', name: 'English', fallback: '', remove: false, saved: false }] }).body.defaultLocale).to.equal('en');
  });

  it('marks a field "Shared across translations" in the template builder (localized false)', async () => {
    const { page, close } = await signedIn(modeller);
    try {
      const builder = adminPath(`/templates/${templateId}/versions/1/edit`);
      await page.goto(`${builder}/fields/new`);
      await page.getByLabel('Key', { exact: true }).fill('sku');
      await page.getByLabel('Label', { exact: true }).fill('Product code');
      await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Text' });
      await page.getByLabel(/^Maximum occurrences/).fill('1');
      await page.getByLabel('Shared across translations').check();
      await expectAccessible(page, 'field form with Shared across translations');
      await press(page, 'Save field');
      expect(await page.locator('.flash').textContent()).to.include('sku');
      const tv = `${base()}/templates/${templateId}/versions/1`;
      const version = await ok<{ fields: { id: string; key: string; localized: boolean }[] }>(stack.api.get(tv, { token: token() }));
      expect(Object.fromEntries(version.fields.map((f) => [f.key, f.localized]))).to.deep.equal({ title: true, body: true, sku: false });
      for (const f of version.fields) fieldIds[f.key] = f.id;
      // Reopened, the box is ticked; the builder's table says so.
      await page.goto(`${builder}/fields/${fieldIds.sku}`);
      expect(await page.getByLabel('Shared across translations').isChecked()).to.equal(true);
      await page.goto(builder);
      expect(await page.locator('main').textContent()).to.include('Text · shared across translations');
      versionId = (await ok(stack.api.put(`${tv}/publish`, undefined, { token: token(), headers: await stack.api.ifMatch(tv, token()) }), 'publish template')).id;
    } finally {
      await close();
    }
    // Items from before any locale is configured: English (the source) and French, linked into one group.
    englishId = (await ok(stack.api.post(`${base()}/content`, { templateVersionId: versionId, slug: 'about-us', localeCode: 'en', tags: [], fields: [text('title', 'About us'), text('body', 'We make things.'), text('sku', 'SKU-1')] }, { token: token() }), 'english')).id;
    await publish(englishId, 1);
    frenchId = (await ok(stack.api.post(`${base()}/content`, { templateVersionId: versionId, slug: 'a-propos', localeCode: 'fr', tags: [], fields: [text('title', 'À propos')] }, { token: token() }), 'french')).id;
    await ok(stack.api.post(`${base()}/content/${englishId}/link-translation`, { targetContentItemId: frenchId }, { token: token() }), 'link');
  });

  it('shows every role the Locales screen; a TemplateAdmin saves the locales without JavaScript, 422s at the inputs, a stale form as a conflict', async () => {
    // Readers and Editors read; the form is not theirs.
    for (const user of [reader, editor]) {
      const { page, close } = await signedIn(user);
      try {
        await page.goto(adminPath('/content'));
        await Promise.all([page.waitForNavigation(), page.locator('nav.main-nav').getByRole('link', { name: 'Locales' }).click()]);
        expect(new URL(page.url()).pathname).to.equal(`/workspaces/${ws.id}/locales`);
        expect(await page.locator('#no-locales').textContent()).to.include('No locales');
        expect(await page.locator('#locales-readonly').textContent()).to.include('TemplateAdmin');
        expect(await page.locator('form.locales-form').count()).to.equal(0);
        await expectAccessible(page, `locales (${user.email})`);
      } finally {
        await close();
      }
    }

    const { page, close } = await signedIn(modeller, { javaScriptEnabled: false });
    try {
      await page.goto(adminPath('/locales'));
      // Two blank rows to add with: English (the default) and German.
      await page.locator('#l0-code').fill('en');
      await page.locator('#l0-name').fill('English');
      await page.locator('#l0-default').check();
      await page.locator('#l1-code').fill('de');
      await page.locator('#l1-name').fill('Deutsch');
      await page.locator('#l1-fallback').fill('en');
      await press(page, 'Save locales');
      expect(await page.locator('.flash').textContent()).to.include('2 locales, default en');
      expect(await page.locator('tr[data-locale="en"] .badge').textContent()).to.equal('default');
      expect(await page.locator('tr[data-locale="de"] td').nth(1).textContent()).to.equal('en');

      // A third locale whose chain names a locale the workspace does not have: the API's 422 at its Fallback.
      await page.locator('#l2-code').fill('de-ch');
      await page.locator('#l2-name').fill('Deutsch (Schweiz)');
      await page.locator('#l2-fallback').fill('de, xx');
      await press(page, 'Save locales');
      expect(await page.locator('#l2-fallback').getAttribute('aria-invalid')).to.equal('true');
      expect(await page.locator('#l2-fallback-error').textContent()).to.match(/\S/);
      expect(await page.locator('#l2-fallback').inputValue()).to.equal('de, xx');
      await page.locator('#l2-fallback').fill('de');
      await press(page, 'Save locales');
      expect(await page.locator('.flash').textContent()).to.include('3 locales');
      const saved = await ok(stack.api.get(`${base()}/locales`, { token: token() }));
      expect(saved).to.deep.equal({
        defaultLocale: 'en',
        locales: [
          { code: 'en', name: 'English', fallback: [] },
          { code: 'de', name: 'Deutsch', fallback: ['en'] },
          { code: 'de-CH', name: 'Deutsch (Schweiz)', fallback: ['de', 'en'] },
        ],
      });
      await screenshot(page, 'locales', { fullPage: true });

      // Someone renames German while this page is open: the save is a conflict showing the current locales.
      await ok(stack.api.put(`${base()}/locales`, { ...saved, locales: saved.locales.map((l: { code: string }) => (l.code === 'de' ? { ...l, name: 'German' } : l)) }, { token: token(), headers: await stack.api.ifMatch(`${base()}/locales`, token()) }), 'rename');
      await page.locator('#l0-name').fill('English (UK)');
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Save locales' }).click()]);
      expect(await page.locator('.conflict').textContent()).to.include('German (de)');
      expect((await ok(stack.api.get(`${base()}/locales`, { token: token() }))).locales[0].name).to.equal('English');
    } finally {
      await close();
    }
    // axe runs in the page, so it needs JavaScript: the form and a refusal checked once more with it on.
    const checked = await signedIn(modeller);
    try {
      await checked.page.goto(adminPath('/locales'));
      await expectAccessible(checked.page, 'locales form');
      await checked.page.locator('#l3-code').fill('fr');
      await checked.page.locator('#l3-name').fill('Français');
      await checked.page.locator('#l3-fallback').fill('it');
      await press(checked.page, 'Save locales');
      expect(await checked.page.locator('#l3-fallback').getAttribute('aria-invalid')).to.equal('true');
      await expectAccessible(checked.page, 'locales form with a refusal');
    } finally {
      await checked.close();
    }
    // Put the name back for the rest of the file.
    const now = await ok(stack.api.get(`${base()}/locales`, { token: token() }));
    await ok(stack.api.put(`${base()}/locales`, { ...now, locales: now.locales.map((l: { code: string }) => (l.code === 'de' ? { ...l, name: 'Deutsch' } : l)) }, { token: token(), headers: await stack.api.ifMatch(`${base()}/locales`, token()) }), 'rename back');
  });

  it('shows each locale’s state on the item page; Translate to Deutsch opens the new member’s editor with the source beside each field and the shared field read-only', async () => {
    const { page, close } = await signedIn(editor);
    try {
      await page.goto(adminPath(`/content/${englishId}`));
      const panel = page.locator('#translations-panel');
      const localeRow = (code: string) => panel.locator(`tr[data-locale="${code}"]`);
      expect(await localeRow('en').getAttribute('data-state')).to.equal('Published');
      expect(await localeRow('en').locator('.badge').first().textContent()).to.equal('source');
      expect(await localeRow('de').getAttribute('data-state')).to.equal('Missing');
      expect(await localeRow('de-CH').getAttribute('data-state')).to.equal('Missing');
      // French was written before the workspace had locales: listed, marked unconfigured, no Translate.
      expect(await localeRow('fr').locator('.badge.unconfigured').textContent()).to.equal('unconfigured');
      expect(await localeRow('fr').getByRole('link', { name: 'À propos' }).getAttribute('href')).to.equal(`/workspaces/${ws.id}/content/${frenchId}`);
      expect(await localeRow('fr').getByRole('button').count()).to.equal(0);
      await expectAccessible(page, 'item page with translations');
      await screenshot(page, 'translations-panel');
      // The identity's Locale is a choice of the configured locales; an item from before keeps its own on offer.
      expect(await page.locator('#identity-localeCode option').allTextContents()).to.deep.equal(['No locale', 'English (en)', 'Deutsch (de)', 'Deutsch (Schweiz) (de-CH)']);
      expect(await page.locator('#identity-localeCode').inputValue()).to.equal('en');
      await page.goto(adminPath(`/content/${frenchId}`));
      expect(await page.locator('#identity-localeCode option:checked').textContent()).to.equal('fr (not configured)');
      await page.goto(adminPath(`/content/new?template=${templateId}`));
      expect(await page.locator('#localeCode option').allTextContents()).to.deep.equal(['No locale', 'English (en)', 'Deutsch (de)', 'Deutsch (Schweiz) (de-CH)']);
      await page.goto(adminPath(`/content/${englishId}`));

      await press(page, 'Translate to Deutsch (de)');
      const editorPath = new URL(page.url()).pathname;
      const match = /\/content\/([0-9a-f-]{36})\/versions\/1\/edit$/.exec(editorPath);
      expect(match, editorPath).to.not.equal(null);
      germanId = match![1]!;
      expect(await page.locator('.flash').textContent()).to.include('Translation into de created');
      expect(await page.locator('#editor-translating').textContent()).to.include('English (en)');
      // The source's value beside each field, the shared one read-only with a link to where it is edited.
      const beside = (key: string) => page.locator(`[data-translated="${fieldIds[key]}"] .cf-source`);
      expect(await beside('title').textContent()).to.include('About us');
      expect(await beside('body').textContent()).to.include('We make things.');
      const shared = page.locator(`[data-translated="${fieldIds.sku}"]`);
      expect(await shared.locator('.cf-source').textContent()).to.include('SKU-1');
      expect(await shared.locator('input, textarea').count()).to.equal(0);
      expect(await shared.getByRole('link', { name: 'edited on the English (en) version' }).getAttribute('href')).to.equal(`/workspaces/${ws.id}/content/${englishId}/versions/1/edit`);
      await expectAccessible(page, 'translation editor');
      await screenshot(page, 'translation-editor', { fullPage: true });

      // The member holds a value of its own for the shared field (written through the API): no input shows
      // it, and the editor's save must keep it rather than drop it.
      const path = `${base()}/content/${germanId}/versions/1`;
      await ok(stack.api.put(path, { fields: [text('title', 'About us'), text('body', 'We make things.'), text('sku', 'SKU-DE')], effectiveStartAt: null, effectiveEndAt: null }, { token: token(), headers: await stack.api.ifMatch(path, token()) }), 'german sku');
      await page.reload();
      const before = await valuesOf(germanId, 1);
      expect(before.sku).to.equal('SKU-DE');
      await page.getByLabel('Title', { exact: true }).fill('Über uns');
      await press(page, 'Save changes');
      expect(await page.locator('.flash').textContent()).to.include('Version 1 saved');
      const after = await valuesOf(germanId, 1);
      expect(after.title).to.equal('Über uns');
      expect(after.body).to.equal(before.body);
      // The shared value was not in the form, and the save kept what was stored.
      expect(after.sku).to.equal('SKU-DE');
    } finally {
      await close();
    }
  });

  it('marks a translation Outdated once the source publishes after it', async () => {
    await publish(germanId, 1);
    const { page, close } = await signedIn(reader);
    try {
      await page.goto(adminPath(`/content/${englishId}`));
      const de = page.locator('#translations-panel tr[data-locale="de"]');
      expect(await de.getAttribute('data-state')).to.equal('Published');
      expect(await de.getAttribute('data-outdated')).to.equal(null);
      // A Reader sees the states, and Translate disabled with the reason.
      const translate = page.getByRole('button', { name: 'Translate to Deutsch (Schweiz) (de-CH)' });
      expect(await translate.isDisabled()).to.equal(true);
      expect(await page.locator(`#${await translate.getAttribute('aria-describedby')}`).textContent()).to.include('Editor');
      await expectAccessible(page, 'item page as Reader');
    } finally {
      await close();
    }
    const v2 = await ok(stack.api.post(`${base()}/content/${englishId}/versions`, { fields: [text('title', 'About us'), text('body', 'We make better things.'), text('sku', 'SKU-2')] }, { token: token() }), 'english v2');
    await publish(englishId, v2.versionNumber);
    const { page: again, close: closeAgain } = await signedIn(editor, { viewport: PHONE });
    try {
      await again.goto(adminPath(`/content/${germanId}`));
      const de = again.locator('#translations-panel tr[data-locale="de"]');
      expect(await de.getAttribute('data-outdated')).to.equal('true');
      expect(await de.locator('.badge.outdated').textContent()).to.equal('Outdated');
      expect(await de.getAttribute('class')).to.equal('selected');
      await fitsPhone(again, 'the item page with its Translations panel');
    } finally {
      await closeAgain();
    }
  });

  it('filters the content list by a configured locale, and lists missing and outdated translations with Translate per row', async () => {
    const { page, close } = await signedIn(editor);
    try {
      await page.goto(adminPath('/content'));
      const options = await page.locator('#filter-locale option').allTextContents();
      expect(options).to.deep.equal(['Any locale', 'English (en)', 'Deutsch (de)', 'Deutsch (Schweiz) (de-CH)']);
      await page.locator('#filter-locale').selectOption('de');
      await press(page, 'Apply filters');
      expect(new URL(page.url()).searchParams.get('locale')).to.equal('de');
      expect(await page.locator('table.cf-list tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item')))).to.deep.equal([germanId]);
      await expectAccessible(page, 'content list by locale');

      await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Missing translations' }).click()]);
      const rows = () => page.locator('table.missing-list tbody tr').evaluateAll((trs) => trs.map((r) => `${r.getAttribute('data-locale')} ${r.getAttribute('data-state')}`));
      expect(await rows()).to.deep.equal(['de Outdated', 'de-CH Missing']);
      expect(await page.locator('#missing-count').textContent()).to.include('2 translations');
      await expectAccessible(page, 'missing translations');
      await screenshot(page, 'missing-translations');
      await page.locator('#missing-locale').selectOption('de-CH');
      await press(page, 'Show');
      expect(await rows()).to.deep.equal(['de-CH Missing']);
      await press(page, /^Translate/);
      expect(new URL(page.url()).pathname).to.match(/\/versions\/1\/edit$/);
      expect(await page.locator('#editor-translating').textContent()).to.include('English (en)');
      await page.goto(adminPath('/content/missing-translations?locale=de-CH'));
      expect(await page.locator('table.missing-list').count()).to.equal(0);
      expect(await page.locator('.empty').textContent()).to.include('Nothing is missing');
    } finally {
      await close();
    }
    const status = await ok<{ locales: { localeCode: string; state: string }[] }>(stack.api.get(`${base()}/content/${englishId}/translation-status`, { token: token() }));
    expect(status.locales.find((l) => l.localeCode === 'de-CH')?.state).to.equal('Draft');
  });

  it('fits the Locales screen and the Missing translations view into a 390 px phone', async () => {
    const { page, close } = await signedIn(modeller, { viewport: PHONE });
    try {
      for (const [what, path] of [['the Locales screen', '/locales'], ['the Missing translations view', '/content/missing-translations']] as const) {
        const res = await page.goto(adminPath(path));
        expect(res!.status()).to.equal(200);
        await fitsPhone(page, what);
      }
    } finally {
      await close();
    }
  });
});
