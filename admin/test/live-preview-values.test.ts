// What live preview sends for each kind of input, in Chromium: a probe page (the SDK's browser module
// and one subscribe call, as a site without a framework would use it) framed by the editor keeps the
// last `change`; the editor types a number, a date, a date-time on the user's clock (Europe/Berlin),
// a yes/no, a picklist (one and several), a component member, the inline child's text, and adds and
// removes rows of a repeated field. Each arrives shaped as a delivery read shapes it, with the source
// map naming the item (the child's own for its values), the field and the order.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { listen, startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

type Res = { status: number; text: string; body: any };
// Page scripts (evaluate) run in the browser; the tests compile without the DOM library.
declare const window: any;

interface Value {
  fieldId: string;
  key: string;
  order: number;
  valueKind: string;
  textValue: string | null;
  numberValue: number | null;
  dateValue: string | null;
  dateTimeValue: string | null;
  boolValue: boolean | null;
  displayLabel: string | null;
  jsonValue: unknown;
  childContentItemId: string | null;
  child: { contentItemId: string; fields: Value[] } | null;
}
interface Received {
  item: { contentItemId: string; fields: Value[] };
  sourceMap: Record<string, { itemId: string; versionNumber: number; fieldKey: string; order: number }>;
  seq: number;
}

const SDK_BUNDLE = path.resolve(import.meta.dirname, '../../sdk-ts/dist/live-preview.js');

describe('admin: live preview sends every kind of value as a delivery read shapes it', function () {
  this.timeout(180_000);
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let editor: StackUser;
  let probe: Awaited<ReturnType<typeof listen>>;
  let ws: { id: string };
  let itemId: string;
  let childId: string;
  const ids: Record<string, string> = {};
  const api = () => `/api/v1/workspaces/${ws.id}`;

  async function ok(r: Promise<Res>, what: string): Promise<Res> {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  }

  const framed = (): Frame => page.frames().find((f) => f.url().startsWith(probe.url))!;
  const field = (key: string) => page.locator(`[data-field="${ids[key]}"]`);

  /** Waits for a change whose values of `key` satisfy `check` (as JSON text, compared in the page). */
  async function valuesOf(key: string, expected: unknown[]): Promise<Received> {
    await framed().waitForFunction(
      ([k, want]) => {
        const r = window.verso;
        if (!r) return false;
        const got = r.item.fields.filter((v: { key: string }) => v.key === k).map((v: Record<string, unknown>) => Object.fromEntries(Object.keys(want[0] ?? {}).map((p) => [p, v[p]])));
        return JSON.stringify(got) === JSON.stringify(want);
      },
      [key, expected] as const,
    );
    return (await framed().evaluate(() => window.verso)) as Received;
  }

  const pointerOf = (r: Received, key: string, order = 0, prop = 'textValue') => {
    const i = r.item.fields.findIndex((v) => v.key === key && v.order === order);
    return `/fields/${i}/${prop}`;
  };

  before(async () => {
    stack = await startAdminStack();
    // The probe: the SDK's module from this server's own origin, one subscribe call.
    probe = await listen((req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.url === '/live-preview.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        return void res.end(fs.readFileSync(SDK_BUNDLE));
      }
      if (req.url === '/probe.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        return void res.end(
          "import { subscribe } from '/live-preview.js';\n" +
            `subscribe({ origin: ${JSON.stringify(new URL(stack.adminUrl).origin)}, onChange(item, context) { window.verso = { item, sourceMap: context.sourceMap, seq: context.seq }; }, onRefresh(reason) { window.refreshes = (window.refreshes || []).concat(reason); } });\n`,
        );
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html lang="en"><head><title>Probe</title><script type="module" src="/probe.js"></script></head><body><h1>Probe</h1></body></html>');
    });
    ws = await stack.createWorkspace({ slug: 'kinds', name: 'Kinds' });
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    await ok(stack.api.put('/api/v1/account/preferences', { timeZoneId: 'Europe/Berlin', theme: 'auto' }, { token: editor.token }), 'preferences');
    const token = stack.adminToken;
    const guarded = async (p: string) => ({ token, headers: await stack.api.ifMatch(p, token) });
    const category = await ok(stack.api.post(`${api()}/picklists`, { name: 'Category', slug: 'category', options: [{ label: 'News', value: 'news' }, { label: 'Guides', value: 'guides' }] }, { token }), 'picklist');
    const topics = await ok(stack.api.post(`${api()}/picklists`, { name: 'Topics', slug: 'topics', options: [{ label: 'Alpha', value: 'a' }, { label: 'Beta', value: 'b' }, { label: 'Gamma', value: 'c' }] }, { token }), 'picklist');
    const card = await ok(stack.api.post(`${api()}/components`, { name: 'Card', slug: 'card' }, { token }), 'component');
    const draft = `${api()}/components/${card.body.id}/versions/1`;
    await ok(stack.api.put(`${draft}/fields`, [
      { key: 'label', label: 'Card label', order: 0, maxOccurrences: 1, primitiveType: 'Text' },
      { key: 'featured', label: 'Featured', order: 1, maxOccurrences: 1, primitiveType: 'Boolean' },
    ], await guarded(draft)), 'component fields');
    await ok(stack.api.post(`${draft}/publish`, undefined, await guarded(draft)), 'publish component');
    const template = async (slug: string, fields: Record<string, unknown>[]) => {
      const t = await ok(stack.api.post(`${api()}/templates`, { name: slug, slug }, { token }), 'template');
      const tv = `${api()}/templates/${t.body.id}/versions/1`;
      for (const [order, f] of fields.entries()) ids[f.key as string] = (await ok(stack.api.post(`${tv}/fields`, { order, compositionMode: 'Inline', minOccurrences: 0, ...f }, await guarded(tv)), `field ${String(f.key)}`)).body.id;
      const published = await ok(stack.api.put(`${tv}/publish`, undefined, await guarded(tv)), 'publish template');
      return { templateId: t.body.id as string, versionId: published.body.id as string };
    };
    const person = await template('person', [{ key: 'name', label: 'Name', primitiveType: 'Text', maxOccurrences: 1 }]);
    const event = await template('event', [
      { key: 'title', label: 'Title', primitiveType: 'Text', maxOccurrences: 1 },
      { key: 'count', label: 'Count', primitiveType: 'Number', maxOccurrences: 1 },
      { key: 'day', label: 'Day', primitiveType: 'Date', maxOccurrences: 1 },
      { key: 'startsAt', label: 'Starts at', primitiveType: 'DateTime', maxOccurrences: 1 },
      { key: 'open', label: 'Open', primitiveType: 'Boolean', maxOccurrences: 1 },
      { key: 'category', label: 'Category', primitiveType: 'PickList', picklistId: category.body.id, picklistRevisionId: category.body.currentRevisionId, maxOccurrences: 1 },
      { key: 'topics', label: 'Topics', primitiveType: 'PickList', picklistId: topics.body.id, picklistRevisionId: topics.body.currentRevisionId, fieldConfig: { multiple: true } },
      { key: 'lines', label: 'Lines', primitiveType: 'Text', maxOccurrences: 5 },
      { key: 'card', label: 'Card', componentId: card.body.id, maxOccurrences: 1 },
      { key: 'author', label: 'Author', templateId: person.templateId, compositionMode: 'Inline', maxOccurrences: 1 },
    ]);
    const child = await ok(stack.api.post(`${api()}/content`, { templateVersionId: person.versionId, slug: 'ada', tags: [], fields: [{ fieldId: ids.name, order: 0, valueKind: 'Text', textValue: 'Ada' }] }, { token }), 'child');
    childId = child.body.id;
    const item = await ok(
      stack.api.post(`${api()}/content`, {
        templateVersionId: event.versionId,
        slug: 'launch',
        tags: [],
        fields: [
          { fieldId: ids.title, order: 0, valueKind: 'Text', textValue: 'Launch' },
          { fieldId: ids.lines, order: 0, valueKind: 'Text', textValue: 'one' },
          { fieldId: ids.lines, order: 1, valueKind: 'Text', textValue: 'two' },
          { fieldId: ids.author, order: 0, valueKind: 'ChildContent', childContentItemId: childId },
        ],
      }, { token }),
      'item',
    );
    itemId = item.body.id;
    const now = await ok(stack.api.get(api(), { token }), 'workspace');
    await ok(stack.api.put(api(), { name: now.body.name, slug: now.body.slug, previewUrl: `${probe.url}/?slug={slug}&token={token}` }, { token, headers: await stack.api.ifMatch(api(), token) }), 'preview URL');

    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, editor.email, editor.password);
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${itemId}/versions/1/edit`);
    await page.getByRole('button', { name: 'Live preview' }).click();
    await page.locator('#cf-live[data-handshaken="true"]').waitFor();
  });
  after(async () => {
    await browser?.close();
    await probe?.close();
    await stack?.close();
  });

  it('starts from the stored values, the inline child expanded, with a source map to each', async () => {
    const r = await valuesOf('title', [{ textValue: 'Launch', order: 0 }]);
    expect(r.item.contentItemId).to.equal(itemId);
    expect(r.item.fields.filter((v) => v.key === 'lines').map((v) => [v.order, v.textValue])).to.deep.equal([[0, 'one'], [1, 'two']]);
    const author = r.item.fields.find((v) => v.key === 'author')!;
    expect(author).to.deep.include({ valueKind: 'ChildContent', childContentItemId: childId });
    expect(author.child!.fields.map((v) => [v.key, v.textValue])).to.deep.equal([['name', 'Ada']]);
    expect(r.sourceMap[pointerOf(r, 'title')]).to.deep.equal({ itemId, versionNumber: 1, fieldKey: 'title', order: 0 });
    expect(r.sourceMap[pointerOf(r, 'lines', 1)]).to.deep.equal({ itemId, versionNumber: 1, fieldKey: 'lines', order: 1 });
    const a = r.item.fields.indexOf(author);
    expect(r.sourceMap[`/fields/${a}/child/fields/0/textValue`]).to.deep.equal({ itemId: childId, versionNumber: 1, fieldKey: 'name', order: 0 });
  });

  it('numbers, dates and date-times on the user’s clock (sent in UTC)', async () => {
    await page.getByLabel('Count').fill('42.5');
    await valuesOf('count', [{ valueKind: 'Number', numberValue: 42.5 }]);
    await page.getByLabel('Day').fill('2026-12-24');
    await valuesOf('day', [{ valueKind: 'Date', dateValue: '2026-12-24' }]);
    await page.getByLabel(/^Starts at/).fill('2026-12-24T18:00:00');
    // 18:00 in Berlin in winter (UTC+1) is 17:00 UTC.
    await valuesOf('startsAt', [{ valueKind: 'DateTime', dateTimeValue: '2026-12-24T17:00:00.000Z' }]);
  });

  it('yes/no and picklists, one value and several, with the options’ labels', async () => {
    await field('open').getByLabel('Yes').check();
    await valuesOf('open', [{ valueKind: 'Boolean', boolValue: true }]);
    await page.getByLabel('Category').selectOption('guides');
    await valuesOf('category', [{ valueKind: 'PickList', textValue: 'guides', displayLabel: 'Guides' }]);
    await field('topics').getByLabel('Beta').check();
    await field('topics').getByLabel('Gamma').check();
    await valuesOf('topics', [{ textValue: 'b', displayLabel: 'Beta', order: 0 }, { textValue: 'c', displayLabel: 'Gamma', order: 1 }]);
  });

  /** Clicks a button of the form that posts it (add, remove a row): the page comes back with every value kept. */
  async function formOp(button: ReturnType<Page['getByRole']>) {
    await Promise.all([page.waitForNavigation(), button.click()]);
    await page.locator('#cf-live[data-handshaken="true"]').waitFor();
  }

  it("a component's members as its stored object, and the inline child's text under its own item", async () => {
    await formOp(page.getByRole('button', { name: 'Add Card' }));
    await field('card').getByLabel('Card label').fill('Read more');
    await field('card').getByLabel('Yes').check();
    await valuesOf('card', [{ valueKind: 'Component', jsonValue: { label: 'Read more', featured: true } }]);
    await page.getByLabel('Name').fill('Ada Lovelace');
    const r = await valuesOf('author', [{ childContentItemId: childId }]);
    await framed().waitForFunction(() => window.verso.item.fields.find((v: Value) => v.key === 'author').child.fields[0].textValue === 'Ada Lovelace');
    expect(r.item.fields.find((v) => v.key === 'author')!.child!.contentItemId).to.equal(childId);
  });

  it("a click on the page focuses the value's input: a repeated row by its order, the inline child's field in place", async () => {
    const edit = (at: object) => framed().evaluate(([message, origin]) => window.parent.postMessage({ verso: 1, type: 'edit', ...message }, origin), [at, new URL(stack.adminUrl).origin] as const);
    await edit({ itemId, versionNumber: 1, fieldKey: 'lines', order: 1 });
    await page.waitForFunction(() => window.document.activeElement?.value === 'two');
    expect(await page.evaluate(() => window.document.activeElement.id)).to.equal(await page.getByLabel('Lines 2').getAttribute('id'));
    await edit({ itemId: childId, versionNumber: 1, fieldKey: 'name', order: 0 });
    await page.waitForFunction(() => window.document.activeElement?.value === 'Ada Lovelace');
    expect(await page.evaluate(() => window.document.activeElement.id)).to.equal(await page.getByLabel('Name').getAttribute('id'));
  });

  it('rows added and removed, renumbered as the API orders them', async () => {
    await formOp(page.getByRole('button', { name: 'Add another Lines' }));
    await page.getByLabel('Lines 3').fill('three');
    await valuesOf('lines', [{ textValue: 'one', order: 0 }, { textValue: 'two', order: 1 }, { textValue: 'three', order: 2 }]);
    // The values typed before the re-render came back with the form (nothing was saved by it).
    await valuesOf('count', [{ numberValue: 42.5 }]);
    await formOp(field('lines').getByRole('button', { name: /^Remove.*Lines 1$/ }));
    const r = await valuesOf('lines', [{ textValue: 'two', order: 0 }, { textValue: 'three', order: 1 }]);
    expect(r.sourceMap[pointerOf(r, 'lines', 1)]).to.deep.equal({ itemId, versionNumber: 1, fieldKey: 'lines', order: 1 });
  });
});
