// Compare versions (issue #25), in a real browser against the real API: the item's "Compare
// versions" screen shows every field that differs between two versions — Markdown as a line diff,
// a one-line text as a word diff, children by title (removed, added) — and lists the unchanged ones;
// a plain GET form picks the two versions (no JavaScript needed); the history links a version's
// change to its diff. Axe on each state.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';
import { keptPairs } from '../src/pages/content/compared-pairs.js';

describe('admin: compare versions', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let ws: string;
  let article: string;
  let ada: string;
  let grace: string;

  before(async () => {
    [stack, browser] = await Promise.all([startAdminStack(), launchBrowser()]);
    ({ id: ws } = await stack.createWorkspace({ slug: 'harbour-news', name: 'Harbour news' }));
    const token = stack.adminToken;
    const base = `/api/v1/workspaces/${ws}`;
    const ok = async (p: Promise<{ status: number; body: any }>) => {
      const r = await p;
      if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    };
    const template = async (name: string, fields: Record<string, unknown>[]) => {
      const t = await ok(stack.api.post(`${base}/templates`, { name, slug: name.toLowerCase() }, { token }));
      const tv = `${base}/templates/${t.id}/versions/1`;
      const ids: Record<string, string> = {};
      let order = 0;
      for (const f of fields) ids[f.key as string] = (await ok(stack.api.post(`${tv}/fields`, { compositionMode: 'Inline', minOccurrences: 0, order: order++, ...f }, { token, headers: await stack.api.ifMatch(tv, token) }))).id;
      const published = await ok(stack.api.put(`${tv}/publish`, undefined, { token, headers: await stack.api.ifMatch(tv, token) }));
      return { versionId: published.id as string, ids };
    };
    const person = await template('Person', [{ key: 'name', label: 'Name', primitiveType: 'Text' }]);
    const story = await template('Story', [
      { key: 'headline', label: 'Headline', primitiveType: 'Text' },
      { key: 'kicker', label: 'Kicker', primitiveType: 'Text' },
      { key: 'subtitle', label: 'Subtitle', primitiveType: 'Text' },
      { key: 'body', label: 'Body', primitiveType: 'Markdown' },
      { key: 'people', label: 'People', isOpen: true, compositionMode: 'Reference' },
    ]);
    const t = (key: string, textValue: string) => ({ fieldId: story.ids[key], order: 0, valueKind: key === 'body' ? 'Markdown' : 'Text', textValue });
    const personItem = async (name: string) => {
      const p = await ok(stack.api.post(`${base}/content`, { templateVersionId: person.versionId, slug: name.toLowerCase().replace(/ /g, '-'), tags: [], fields: [{ fieldId: person.ids.name, order: 0, valueKind: 'Text', textValue: name }] }, { token }));
      await ok(stack.api.post(`${base}/content/${p.id}/versions/1/publish`, { overrideWorkflow: true }, { token }));
      return p.id as string;
    };
    ada = await personItem('Ada Lovelace');
    grace = await personItem('Grace Hopper');
    const people = (id: string) => ({ fieldId: story.ids.people, order: 0, valueKind: 'ChildContent', childContentItemId: id });
    article = (await ok(stack.api.post(`${base}/content`, {
      templateVersionId: story.versionId, slug: 'harbour-at-dawn', tags: [],
      fields: [t('headline', 'Morning at the harbour'), t('kicker', 'Travel'), t('body', '# Dawn\nBoats leave early.\nGulls follow.\n'), people(ada)],
    }, { token }))).id;
    await ok(stack.api.post(`${base}/content/${article}/versions`, { duplicateFromVersionNumber: 1 }, { token }));
    const v2 = `${base}/content/${article}/versions/2`;
    await ok(stack.api.put(v2, {
      fields: [t('headline', 'Evening at the harbour'), t('subtitle', 'A day of boats'), t('body', '# Dawn\nBoats leave at five.\nGulls follow.\nThe ferry waits.\n'), people(grace)],
    }, { token, headers: await stack.api.ifMatch(v2, token) }));

    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  const field = (key: string) => page.locator(`.compare-field[data-field="${key}"]`);

  it('compares the latest version with the one before it, field by field', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${article}`);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Compare versions' }).click()]);
    expect(page.url()).to.match(/\/compare$/);
    expect((await page.locator('h1#item-title').textContent())!.trim()).to.equal('Compare versions of Evening at the harbour');
    expect(await page.locator('#compare-from').inputValue()).to.equal('1');
    expect(await page.locator('#compare-to').inputValue()).to.equal('2');
    expect((await page.locator('.compare-summary').textContent())!.replace(/\s+/g, ' ').trim()).to.equal('5 fields differ, 0 unchanged.');

    // A one-line text by word.
    expect(await field('headline').getAttribute('data-change')).to.equal('changed');
    expect(await field('headline').locator('del').allTextContents()).to.deep.equal(['[removed: Morning ]']);
    expect(await field('headline').locator('ins').allTextContents()).to.deep.equal(['[added: Evening ]']);
    // Markdown by line.
    expect(await field('body').locator('del').allTextContents()).to.deep.equal(['[removed: Boats leave early.\n]']);
    expect(await field('body').locator('ins').allTextContents()).to.deep.equal(['[added: Boats leave at five.\n]', '[added: The ferry waits.\n]']);
    // Added and removed fields.
    expect(await field('subtitle').getAttribute('data-change')).to.equal('added');
    expect(await field('kicker').getAttribute('data-change')).to.equal('removed');
    expect((await field('kicker').locator('.change-badge').textContent())!.trim()).to.equal('Removed');
    // Children by title, each linking to its item.
    const people = field('people');
    expect((await people.locator('li.occ-removed').textContent())!.replace(/\s+/g, ' ').trim()).to.equal('Removed Ada Lovelace');
    expect((await people.locator('li.occ-added').textContent())!.replace(/\s+/g, ' ').trim()).to.equal('Added Grace Hopper');
    expect(await people.locator('li.occ-added a').getAttribute('href')).to.equal(`/workspaces/${ws}/content/${grace}`);
    expect(await people.locator('li.occ-removed a').getAttribute('href')).to.equal(`/workspaces/${ws}/content/${ada}`);
    await expectAccessible(page);
    await screenshot(page, 'content-compare', { fullPage: true });
  });

  it('picks the versions with a plain GET form, and says so when both sides are the same', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${article}/compare?from=2&to=1`);
    expect(await field('subtitle').getAttribute('data-change')).to.equal('removed');
    await page.locator('#compare-from').selectOption('1');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Compare' }).click()]);
    expect(new URL(page.url()).search).to.equal('?from=1&to=1');
    expect((await page.locator('#compare-same').textContent())!).to.contain('Both sides are version 1');
    expect((await page.locator('.compare-summary').textContent())!.replace(/\s+/g, ' ').trim()).to.equal('0 fields differ, 4 unchanged.');
    expect(await page.locator('.compare-unchanged summary').textContent()).to.equal('4 unchanged fields');
    await expectAccessible(page);
    // An unknown version number falls back to the defaults instead of failing.
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${article}/compare?from=99&to=x`);
    expect(await page.locator('#compare-to').inputValue()).to.equal('2');
    expect(await page.locator('#compare-from').inputValue()).to.equal('1');
  });

  it('links a version’s change in the history to its diff', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws}/content/${article}/history`);
    const updated = page.locator('.audit-entry[data-action="Updated"][data-entity="Version 2"]');
    expect(await updated.count()).to.equal(1);
    const link = updated.locator('a.history-diff');
    expect(await link.getAttribute('href')).to.equal(`/workspaces/${ws}/content/${article}/compare?from=1&to=2`);
    // Version 1's creation has nothing before it to compare with.
    expect(await page.locator('.audit-entry[data-entity="Version 1"] a.history-diff').count()).to.equal(0);
    await expectAccessible(page);
    await screenshot(page, 'content-history-diff-links');
    await Promise.all([page.waitForNavigation(), link.click()]);
    expect(await field('headline').getAttribute('data-change')).to.equal('changed');
  });

  it('shows what changed since the same comparison was last shown (the kept pair is revalidated with the API)', async () => {
    const compareUrl = `${stack.adminUrl}/workspaces/${ws}/content/${article}/compare?from=1&to=2`;
    await page.goto(compareUrl);
    await page.goto(compareUrl); // the second render reuses the kept pair (the API answered 304)
    expect(await field('headline').locator('ins').allTextContents()).to.deep.equal(['[added: Evening ]']);
    // Version 2 changes behind the page's back (another editor through the API): the next render shows it.
    const v2 = `/api/v1/workspaces/${ws}/content/${article}/versions/2`;
    const current = await stack.api.get(v2, { token: stack.adminToken });
    const fields = current.body.fields.map((f: any) => ({ fieldId: f.fieldId, order: f.order, valueKind: f.valueKind, textValue: f.textValue, childContentItemId: f.childContentItemId }));
    const headline = fields.find((f: any) => f.textValue === 'Evening at the harbour');
    headline.textValue = 'Night at the harbour';
    const saved = await stack.api.put(v2, { fields }, { token: stack.adminToken, headers: { 'if-match': current.headers.get('etag')! } });
    expect(saved.status).to.equal(200);
    try {
      await page.goto(compareUrl);
      expect(await field('headline').locator('ins').allTextContents()).to.deep.equal(['[added: Night ]']);
    } finally {
      headline.textValue = 'Evening at the harbour';
      const back = await stack.api.put(v2, { fields }, { token: stack.adminToken, headers: { 'if-match': saved.headers.get('etag')! } });
      expect(back.status).to.equal(200);
    }
  });

  it('renders the field-by-field part once per diff and serves it again unchanged from the kept pair', async () => {
    const path = `/workspaces/${ws}/content/${article}/compare?from=1&to=2`;
    const first = await page.goto(`${stack.adminUrl}${path}`);
    const firstHtml = await first!.text();
    const kept = [...keptPairs()].find(([key]) => key.includes(`${ws} ${article} 1 2`))?.[1];
    const keptHtml = kept?.diff?.html.bytes.toString('utf8');
    expect(keptHtml, 'the kept pair carries its HTML').to.be.a('string');
    expect(keptHtml).to.include('data-field="headline"');
    const again = await (await page.goto(`${stack.adminUrl}${path}`))!.text();
    const fieldsOf = (html: string) => html.slice(html.indexOf('<section class="card compare-field'), html.lastIndexOf('</section>'));
    expect(fieldsOf(again)).to.equal(fieldsOf(firstHtml));
    expect(firstHtml).to.include(keptHtml);
    expect(again).to.not.include('verso-encoded-');
    await expectAccessible(page, 'compare-kept');
  });

  it('names the item of each content entry in the audit log by its title, linked to its page', async () => {
    await page.goto(`${stack.adminUrl}/audit?entityType=ContentVersion`);
    const entry = page.locator('.audit-entry[data-entity-type="ContentVersion"]').first();
    const item = entry.locator('a.audit-item');
    expect((await item.textContent())!.trim()).to.equal('Evening at the harbour');
    expect(await item.getAttribute('href')).to.equal(`/workspaces/${ws}/content/${article}`);
    await expectAccessible(page);
  });
});
