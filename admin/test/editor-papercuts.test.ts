// The papercuts a new editor hit, in Chromium against the real API: the workflow bar shows only the
// actions the user can take now (the others behind "More", each with its reason); the editor shows
// a Reference or Media value by name and thumbnail with no raw id input to type into; text typed
// since the last save survives a closed tab (localStorage) and is offered back; the duplicate message
// names the item by its title; the reviewer's rejection reason shows on the item page and in the
// editor; creating an item lands in the autosaving editor; dates are shown and entered on the user's
// clock in one format with the zone named (item page, viewer, compare, editor, schedule, autosave).
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { multipart } from '../../test/media/media-world.js';
import { formatWhen } from '../src/time.js';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { tinyPng } from './helpers/png.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

describe('admin: editor papercuts', function () {
  this.timeout(180_000);
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let ws: { id: string };
  let editor: StackUser;
  let base: string;
  let story: { id: string; fields: Map<string, string> };
  let personTv: { id: string; name: string };
  let storyTemplateId: string;

  const token = () => stack.adminToken;
  async function ok<T extends { status: number; text: string }>(r: Promise<T>, what: string): Promise<T> {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  }
  const itemUrl = (id: string, rest = '') => `${stack.adminUrl}/workspaces/${ws.id}/content/${id}${rest}`;
  const PHONE = { width: 390, height: 844 };
  async function fitsPhone(p: Page, what: string) {
    const width = await p.evaluate<number>('document.scrollingElement.scrollWidth');
    expect(width, `${what} is ${width} px wide`).to.be.at.most(PHONE.width);
  }
  /** A version moved through the workflow by the superadmin (submit, approve, reject with a reason). */
  async function workflow(id: string, n: number, step: 'submit' | 'approve' | 'reject', body?: object) {
    await ok(stack.api.post(`${base}/content/${id}/versions/${n}/${step}`, body, { token: token() }), step);
  }
  async function press(name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).click()]);
  }
  async function item(slug: string, fields: object[]) {
    return (await ok(stack.api.post(`${base}/content`, { templateVersionId: story.id, slug, tags: [], fields }, { token: token() }), 'item')).body.id as string;
  }

  before(async () => {
    stack = await startAdminStack();
    ws = await stack.createWorkspace({ slug: 'papercuts', name: 'Papercuts' });
    base = `/api/v1/workspaces/${ws.id}`;
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    const person = await ok(stack.api.post(`${base}/templates`, { name: 'Person', slug: 'person' }, { token: token() }), 'person template');
    const personPath = `${base}/templates/${person.body.id}/versions/1`;
    await ok(stack.api.post(`${personPath}/fields`, { key: 'name', label: 'Name', primitiveType: 'Text', order: 0, compositionMode: 'Inline', isRequired: false, minOccurrences: 0, maxOccurrences: 1 }, { token: token(), headers: await stack.api.ifMatch(personPath, token()) }), 'name');
    const personVersion = await ok(stack.api.put(`${personPath}/publish`, undefined, { token: token(), headers: await stack.api.ifMatch(personPath, token()) }), 'publish person');
    personTv = { id: personVersion.body.id, name: (personVersion.body.fields as { id: string }[])[0]!.id };
    const t = await ok(stack.api.post(`${base}/templates`, { name: 'Story', slug: 'story' }, { token: token() }), 'template');
    storyTemplateId = t.body.id;
    const path = `${base}/templates/${t.body.id}/versions/1`;
    const specs = [
      { key: 'title', label: 'Title', primitiveType: 'Text', maxOccurrences: 1 },
      { key: 'picture', label: 'Picture', primitiveType: 'Media', maxOccurrences: 1 },
      { key: 'related', label: 'Related', templateId: person.body.id, compositionMode: 'Reference', maxOccurrences: 1 },
      { key: 'startsAt', label: 'Starts at', primitiveType: 'DateTime', maxOccurrences: 1 },
    ];
    for (const [i, f] of specs.entries()) {
      await ok(stack.api.post(`${path}/fields`, { order: i, compositionMode: 'Inline', isRequired: false, minOccurrences: 0, ...f }, { token: token(), headers: await stack.api.ifMatch(path, token()) }), f.key);
    }
    const published = await ok(stack.api.put(`${path}/publish`, undefined, { token: token(), headers: await stack.api.ifMatch(path, token()) }), 'publish template');
    story = { id: published.body.id, fields: new Map((published.body.fields as { id: string; key: string }[]).map((f) => [f.key, f.id])) };
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, editor.email, editor.password);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('the workflow bar shows only what the user can do now; the rest is behind “More” with the reason', async () => {
    const id = await item('bar', [{ fieldId: story.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'On the bar' }]);
    for (const url of [itemUrl(id), itemUrl(id, '/versions/1/edit')]) {
      await page.goto(url);
      const bar = page.locator('.workflow-bar');
      // A Draft, for an Editor: Submit and Publish? No — Publish needs Approved: only Submit is shown.
      const visible = await bar.getByRole('button').allTextContents();
      expect(visible.map((t) => t.trim()), url).to.deep.equal(['Submit for review']);
      const more = bar.locator('details.workflow-more');
      expect(await more.getAttribute('open'), url).to.equal(null);
      await more.locator('summary').click();
      const reasons = await more.locator('.reason').allTextContents();
      expect(reasons, url).to.have.length(5);
      expect(reasons.join(' ')).to.match(/Only Approved versions can be published/);
      expect(reasons.join(' ')).to.match(/Only Review versions can be approved; this one is Draft/);
      await expectAccessible(page);
    }
  });

  it('shows a Reference and a Media value by name and thumbnail, with no raw id input', async () => {
    const upload = multipart({ fileName: 'harbour.png', contentType: 'image/png', data: tinyPng() });
    const asset = await stack.api.request('POST', `${base}/media`, { rawBody: upload.body, headers: { 'content-type': upload.contentType }, token: token() });
    expect(asset.status).to.equal(201);
    const assetId = (asset.body as { id: string }).id;
    const target = (await ok(stack.api.post(`${base}/content`, { templateVersionId: personTv.id, slug: 'ada', tags: [], fields: [{ fieldId: personTv.name, order: 0, valueKind: 'Text', textValue: 'Ada Lovelace' }] }, { token: token() }), 'person')).body.id as string;
    const id = await item('with-values', [
      { fieldId: story.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'With values' },
      { fieldId: story.fields.get('picture'), order: 0, valueKind: 'Media', mediaAssetId: assetId },
      { fieldId: story.fields.get('related'), order: 0, valueKind: 'ChildContent', childContentItemId: target },
    ]);
    await page.goto(itemUrl(id, '/versions/1/edit'));
    expect(await page.getByRole('textbox', { name: /\bid\b/i }).count()).to.equal(0);
    expect(await page.locator('.cf-asset-facts a').first().textContent()).to.equal('harbour.png');
    // The ids still ride along, so a save keeps both values.
    const hidden = await Promise.all((await page.locator('input[type=hidden][name$="[v]"]').all()).map((i) => i.getAttribute('value')));
    expect(hidden).to.include.members([assetId, target]);
    await expectAccessible(page);
    await press('Save changes');
    const saved = (await ok(stack.api.get(`${base}/content/${id}/versions/1`, { token: token() }), 'read')).body as { fields: { key: string; mediaAssetId: string | null; childContentItemId: string | null }[] };
    expect(saved.fields.find((f) => f.key === 'picture')?.mediaAssetId).to.equal(assetId);
    expect(saved.fields.find((f) => f.key === 'related')?.childContentItemId).to.equal(target);
  });

  it('keeps text typed since the last save in the browser and offers it back after the tab was closed', async () => {
    const id = await item('kept', [{ fieldId: story.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'Before the crash' }]);
    const context = page.context();
    const first = await context.newPage();
    await first.goto(itemUrl(id, '/versions/1/edit'));
    // No offer when nothing was kept.
    expect(await first.locator('.cf-kept').count()).to.equal(0);
    await first.getByLabel('Title', { exact: true }).fill('Typed, then the tab closed');
    // The tab goes away without a save (no beforeunload, no blur-save).
    await first.close({ runBeforeUnload: false });
    expect((await ok(stack.api.get(`${base}/content/${id}/versions/1`, { token: token() }), 'read')).body.fields[0].textValue).to.equal('Before the crash');

    await page.goto(itemUrl(id, '/versions/1/edit'));
    const offer = page.locator('.cf-kept');
    expect(await offer.getByRole('heading').textContent()).to.equal('Unsaved text from before');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).to.equal('Before the crash');
    await expectAccessible(page);
    await offer.getByRole('button', { name: 'Restore it' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).to.equal('Typed, then the tab closed');
    expect(await offer.count()).to.equal(0);
    await press('Save changes');
    expect((await ok(stack.api.get(`${base}/content/${id}/versions/1`, { token: token() }), 'read')).body.fields[0].textValue).to.equal('Typed, then the tab closed');
    // Saved: nothing is offered any more.
    await page.goto(itemUrl(id, '/versions/1/edit'));
    expect(await page.locator('.cf-kept').count()).to.equal(0);
  });

  it('names the item by its title when it is duplicated', async () => {
    const id = await item('named-slug', [{ fieldId: story.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'A titled story' }]);
    await page.goto(itemUrl(id));
    await press('Duplicate item');
    expect(await page.locator('.flash').textContent()).to.include('“A titled story” duplicated as named-slug-copy');
  });

  it('shows the reviewer’s rejection reason on the item page and in the editor, until the version is submitted again', async () => {
    const id = await item('sent-back', [{ fieldId: story.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'Ten reasons' }]);
    const plain = await item('never-sent-back', [{ fieldId: story.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'Fine as it is' }]);
    await workflow(id, 1, 'submit');
    await workflow(id, 1, 'reject', { reason: 'The title promises more than the text gives.' });
    const queue = (await ok(stack.api.get(`${base}/content/versions?rejected=true`, { token: token() }), 'queue')).body as { items: { contentItemId: string; rejectedAt: string }[] };
    const rejectedAt = queue.items.find((e) => e.contentItemId === id)!.rejectedAt;
    const sentence = `Sent back by a reviewer on ${formatWhen(rejectedAt, 'UTC')}. Their reason: The title promises more than the text gives. Change what is needed, then submit it for review again.`;
    const words = async (p: Page, selector: string) => (await p.locator(selector).textContent())!.replace(/\s+/g, ' ').trim();

    await page.goto(itemUrl(id));
    expect(await words(page, '#version-panel .cf-rejection')).to.equal(sentence);
    await expectAccessible(page);
    await page.goto(itemUrl(id, '/versions/1/edit'));
    expect(await words(page, '#editor-rejection')).to.equal(sentence);
    await expectAccessible(page);
    // On a phone too.
    const { context: phoneContext, page: phone } = await newPage(browser, { viewport: PHONE });
    try {
      await signIn(phone, stack.adminUrl, editor.email, editor.password);
      for (const url of [itemUrl(id), itemUrl(id, '/versions/1/edit')]) {
        await phone.goto(url);
        expect(await phone.locator('.cf-rejection').count(), url).to.equal(1);
        await fitsPhone(phone, url);
      }
    } finally {
      await phoneContext.close();
    }
    // A Draft nobody sent back says nothing of the kind.
    for (const url of [itemUrl(plain), itemUrl(plain, '/versions/1/edit')]) {
      await page.goto(url);
      expect(await page.locator('.cf-rejection').count(), url).to.equal(0);
    }
    // Submitted again: the rejection is over (the API clears it), and so is the note.
    await page.goto(itemUrl(id));
    await press('Submit for review');
    expect(await page.locator('#version-panel').getAttribute('data-status')).to.equal('Review');
    expect(await page.locator('.cf-rejection').count()).to.equal(0);
  });

  it('creating an item lands in the editor with autosave on, and the create form’s kept text ends with the create', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/new?template=${storyTemplateId}`);
    await page.getByLabel('Title', { exact: true }).fill('Made in the create form');
    await page.getByLabel('Slug').fill('made-here');
    await press('Create item');
    const path = new URL(page.url()).pathname;
    expect(path).to.match(/\/content\/[0-9a-f-]{36}\/versions\/1\/edit$/);
    const id = path.split('/')[4]!;
    expect(await page.locator('.flash').textContent()).to.include('“Made in the create form” created');
    // The first save made the item; from here on it saves itself like any Draft's editor.
    expect(await page.locator('form[data-guard-unsaved]').getAttribute('data-autosave-ms')).to.equal('30000');
    await page.getByLabel('Title', { exact: true }).fill('Changed after the create');
    await page.getByLabel('Title', { exact: true }).blur();
    await page.locator('#cf-save-status', { hasText: /^Saved \d\d:\d\d UTC$/ }).waitFor();
    const saved = (await ok(stack.api.get(`${base}/content/${id}/versions/1`, { token: token() }), 'read')).body as { fields: { key: string; textValue: string | null }[] };
    expect(saved.fields.find((f) => f.key === 'title')?.textValue).to.equal('Changed after the create');
    // What was typed into the create form went with its submit: the next new item starts clean.
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/new?template=${storyTemplateId}`);
    expect(await page.locator('.cf-kept').count()).to.equal(0);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).to.equal('');
  });

  it('shows and takes dates on the user’s clock in one format with the zone named', async () => {
    const berlin = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    await ok(stack.api.put('/api/v1/account/preferences', { timeZoneId: 'Europe/Berlin', theme: 'auto' }, { token: berlin.token }), 'preferences');
    const id = await item('on-the-clock', [
      { fieldId: story.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'On the clock' },
      { fieldId: story.fields.get('startsAt'), order: 0, valueKind: 'DateTime', dateTimeValue: '2026-12-24T17:00:00Z' },
    ]);
    // Version 2 moves the start, for the compare; version 1 is approved, for the schedule input.
    await ok(stack.api.post(`${base}/content/${id}/versions`, { fields: [
      { fieldId: story.fields.get('title'), order: 0, valueKind: 'Text', textValue: 'On the clock' },
      { fieldId: story.fields.get('startsAt'), order: 0, valueKind: 'DateTime', dateTimeValue: '2026-12-25T09:30:00Z' },
    ] }, { token: token() }), 'version 2');
    await workflow(id, 1, 'submit');
    await workflow(id, 1, 'approve');
    const detail = (await ok(stack.api.get(`${base}/content/${id}`, { token: token() }), 'item')).body as { versions: { versionNumber: number; createdAt: string }[] };
    const v1 = detail.versions.find((v) => v.versionNumber === 1)!;
    // The admin's one format (time.ts formatWhen): `2026-12-24 18:00 GMT+1`, the zone as Intl names it.
    const zoneName = formatWhen(v1.createdAt, 'Europe/Berlin').split(' ')[2]!;
    const named = (at: string) => formatWhen(at, 'Europe/Berlin');
    const oneFormat = new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d ${zoneName.replace('+', '\\+')}$`);

    const { context, page: p } = await newPage(browser);
    try {
      await signIn(p, stack.adminUrl, berlin.email, berlin.password);
      // The item page: the version's facts, and the schedule input says whose clock it reads.
      await p.goto(itemUrl(id, '?version=1'));
      const created = (await p.locator('#version-panel dt:text-is("Created") + dd').textContent())!;
      expect(created).to.equal(formatWhen(v1.createdAt, 'Europe/Berlin')).and.to.match(oneFormat);
      expect(await p.getByLabel(/^Schedule for \(Europe\/Berlin, blank = now\)/).count()).to.equal(1);
      await expectAccessible(p);
      // The viewer shows a DateTime value on the same clock, as the editor's input takes it.
      await p.goto(itemUrl(id, '/view/1'));
      expect(named('2026-12-24T17:00:00Z')).to.match(/^2026-12-24 18:00 /);
      expect(await p.locator('main').textContent()).to.include(named('2026-12-24T17:00:00Z')).and.not.to.include('2026-12-24 17:00 UTC');
      await expectAccessible(p);
      // The compare names both values the same way.
      await p.goto(itemUrl(id, '/compare?from=1&to=2'));
      const compared = (await p.locator('main').textContent())!;
      expect(compared).to.include(named('2026-12-24T17:00:00Z')).and.to.include(named('2026-12-25T09:30:00Z'));
      await expectAccessible(p);
      // The editor: the value typed on the user's clock, the zone beside each date-time input.
      await p.goto(itemUrl(id, '/versions/2/edit'));
      const startsAt = p.getByLabel(/^Starts at \(Europe\/Berlin time\)/);
      expect(await startsAt.inputValue()).to.equal('2026-12-25T10:30');
      expect(await p.locator('#window-hint').textContent()).to.include('Europe/Berlin');
      // The autosave's time is named too.
      await startsAt.fill('2026-12-25T11:00');
      await startsAt.blur();
      await p.locator('#cf-save-status', { hasText: new RegExp(`^Saved \\d\\d:\\d\\d ${zoneName.replace('+', '\\+')}$`) }).waitFor();
      const v2 = (await ok(stack.api.get(`${base}/content/${id}/versions/2`, { token: token() }), 'read')).body as { fields: { key: string; dateTimeValue: string | null }[] };
      expect(v2.fields.find((f) => f.key === 'startsAt')?.dateTimeValue).to.match(/^2026-12-25T10:00:00(\.000)?(Z|\+00:00)$/);
      // Text kept in the browser says when it was typed, on the same clock.
      const tab = await context.newPage();
      await tab.goto(itemUrl(id, '/versions/2/edit'));
      await tab.getByLabel('Title', { exact: true }).fill('Typed in Berlin');
      await tab.close({ runBeforeUnload: false });
      await p.goto(itemUrl(id, '/versions/2/edit'));
      expect(await p.locator('.cf-kept-when').textContent()).to.match(new RegExp(`at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d ${zoneName.replace('+', '\\+')} was not saved`));
      await expectAccessible(p);
    } finally {
      await context.close();
    }
  });
});
