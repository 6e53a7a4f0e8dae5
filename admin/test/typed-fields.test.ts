// Typed fields and field queries in a real browser against the real API: a modeller builds a template
// with Number (range, decimals, whole numbers), Date, DateTime and Json (a JSON Schema, the API's
// refusal of one that does not compile shown at the schema's input) fields; an Editor in Berlin who
// never read the docs writes an item — bad JSON and a time the clocks skip are refused at their
// inputs before anything is sent, an out-of-range number and a value that misses the schema are the
// API's 422s shown at theirs — and the version holds exactly the typed values (the DateTime sent with
// Berlin's offset). The item is published, and the content list filters by a field of the template and
// sorts by a field and by title with exact rows, its state in the URL (shareable, the back button
// restores it), a filter the API refuses shown at its row. axe checks each new screen.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';
import { fieldQuery, filterRowsOf, listFields, queryErrors } from '../src/pages/content/list-fields.js';
import { numberInput } from '../src/pages/content/editor-schema.js';
import { rfc3339InZone } from '../src/time.js';

interface ApiField {
  id: string;
  key: string;
  primitiveType: string | null;
  fieldConfig: Record<string, unknown>;
}

describe('admin: typed fields and field queries', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let ws: { id: string; slug: string };
  let modeller: StackUser;
  let editor: StackUser;
  let templateId = '';
  let versionId = '';
  let itemId = '';
  const fields: Record<string, string> = {};

  const base = () => `/api/v1/workspaces/${ws.id}`;
  const token = () => stack.adminToken;
  async function ok<T = any>(p: Promise<{ status: number; body: any; text?: string }>): Promise<T> {
    const r = await p;
    if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r.body as T;
  }
  async function press(page: Page, name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name }).first().click()]);
  }
  const row = (page: Page, key: string) => page.locator(`[data-row="${fields[key]}/0"]`);

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    ws = await stack.createWorkspace({ slug: 'events', name: 'Events' });
    modeller = await stack.createUser({ role: 'TemplateAdmin', grants: { [ws.id]: 'Write' } });
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    await ok(stack.api.put('/api/v1/account/preferences', { timeZoneId: 'Europe/Berlin', theme: 'auto' }, { token: editor.token }));
    templateId = (await ok(stack.api.post(`${base()}/templates`, { name: 'Event', slug: 'event' }, { token: token() }))).id;
    const tv = `${base()}/templates/${templateId}/versions/1`;
    await ok(stack.api.post(`${tv}/fields`, { key: 'name', label: 'Name', order: 0, primitiveType: 'Text', compositionMode: 'Inline', isRequired: true, minOccurrences: 1, maxOccurrences: 1 }, { token: token(), headers: await stack.api.ifMatch(tv, token()) }));
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('builds Number, Date, DateTime and Json fields with their settings; a schema that does not compile is refused at its input', async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(10_000);
    await signIn(page, stack.adminUrl, modeller.email, modeller.password);
    const builder = `${stack.adminUrl}/workspaces/${ws.id}/templates/${templateId}/versions/1/edit`;
    const addField = async (key: string, label: string, kind: string) => {
      await page.goto(`${builder}/fields/new`);
      await page.getByLabel('Key', { exact: true }).fill(key);
      await page.getByLabel('Label', { exact: true }).fill(label);
      await page.getByLabel('Type', { exact: true }).selectOption({ label: kind });
      await page.getByLabel(/^Maximum occurrences/).fill('1');
    };

    await addField('price', 'Price', 'Number');
    await expectAccessible(page);
    // The Number settings show for Number only (public/modelling.js), and the JSON Schema does not.
    expect(await page.getByLabel('JSON Schema').isVisible()).to.equal(false);
    await page.getByLabel('Smallest value').fill('abc');
    await page.getByLabel('Largest value').fill('100');
    await page.getByLabel('Digits after the point').fill('2');
    await press(page, 'Save field');
    expect(await page.locator('#field-numMin-error').textContent()).to.include('Enter a number');
    expect(await page.getByLabel('Smallest value').getAttribute('aria-invalid')).to.equal('true');
    await page.getByLabel('Smallest value').fill('0');
    await press(page, 'Save field');
    expect(await page.locator('.flash').textContent()).to.include('price');

    await addField('seats', 'Seats', 'Number');
    await page.getByLabel('Whole numbers only').check();
    await press(page, 'Save field');
    await addField('day', 'Day', 'Date');
    await press(page, 'Save field');
    await addField('startsAt', 'Starts at', 'Date and time');
    await press(page, 'Save field');

    await addField('venue', 'Venue', 'JSON');
    const schema = page.getByLabel('JSON Schema');
    await schema.fill('{"type": "object", "required": [city]}');
    await press(page, 'Save field');
    expect(await page.locator('#field-schema-error').textContent()).to.include('not valid JSON');
    // JSON, but not a schema that compiles: the API's 422, shown at the schema's input, the text kept.
    await schema.fill('{"type": "no-such-type"}');
    await press(page, 'Save field');
    expect(await page.locator('#field-schema-error').textContent()).to.match(/\S/);
    expect(await schema.getAttribute('aria-invalid')).to.equal('true');
    expect(await schema.inputValue()).to.equal('{"type": "no-such-type"}');
    await expectAccessible(page);
    await schema.fill('{"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}}');
    await press(page, 'Save field');
    expect(await page.locator('.flash').textContent()).to.include('venue');

    const tv = `${base()}/templates/${templateId}/versions/1`;
    const version = await ok<{ fields: ApiField[] }>(stack.api.get(tv, { token: token() }));
    const byKey = Object.fromEntries(version.fields.map((f) => [f.key, f]));
    expect(byKey.price).to.deep.include({ primitiveType: 'Number', fieldConfig: { min: 0, max: 100, decimals: 2 } });
    expect(byKey.seats).to.deep.include({ primitiveType: 'Number', fieldConfig: { integer: true } });
    expect(byKey.day?.primitiveType).to.equal('Date');
    expect(byKey.startsAt?.primitiveType).to.equal('DateTime');
    expect(byKey.venue).to.deep.include({ primitiveType: 'Json', fieldConfig: { schema: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } } } });
    for (const f of version.fields) fields[f.key] = f.id;

    // Reopened, the field shows its settings as stored.
    await page.goto(`${builder}/fields/${fields.price}`);
    expect(await page.getByLabel('Largest value').inputValue()).to.equal('100');
    expect(await page.getByLabel('Digits after the point').inputValue()).to.equal('2');
    versionId = (await ok(stack.api.put(`${tv}/publish`, undefined, { token: token(), headers: await stack.api.ifMatch(tv, token()) }))).id;
  });

  it('an Editor in Berlin writes an item: every refusal at its input, the typed values stored exactly', async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(10_000);
    await signIn(page, stack.adminUrl, editor.email, editor.password);
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/new?template=${templateId}`);
    await expectAccessible(page);

    const price = row(page, 'price').getByRole('spinbutton');
    expect(await price.getAttribute('type')).to.equal('number');
    expect(await price.getAttribute('min')).to.equal('0');
    expect(await price.getAttribute('max')).to.equal('100');
    expect(await price.getAttribute('step')).to.equal('0.01');
    expect(await row(page, 'seats').getByRole('spinbutton').getAttribute('step')).to.equal('1');
    expect(await row(page, 'day').locator('input[type="date"]').count()).to.equal(1);
    const starts = page.getByLabel(/Starts at \(Europe\/Berlin time\)/);
    expect(await starts.getAttribute('type')).to.equal('datetime-local');
    const venue = page.getByLabel(/^Venue/);
    expect(await venue.evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).fontFamily)).to.match(/mono/i);

    await page.getByLabel('Name', { exact: true }).fill('Winter concert');
    await price.fill('150');
    await row(page, 'seats').getByRole('spinbutton').fill('40');
    await row(page, 'day').locator('input[type="date"]').fill('2026-12-24');
    // 02:30 on 28 March 2027 does not exist in Berlin (the clocks go from 02:00 to 03:00).
    await starts.fill('2027-03-28T02:30');
    await venue.fill('{city: "Berlin"}');
    // Said at the input as soon as the user leaves it, before anything is sent.
    await venue.blur();
    expect(await page.locator(`#f-${fields.venue}-0-check`).textContent()).to.include('not valid JSON');
    await press(page, 'Create item');
    // Read by the form itself: nothing was sent, so no item exists yet.
    expect(await row(page, 'venue').locator('.field-errors').textContent()).to.include('not valid JSON');
    expect(await row(page, 'startsAt').locator('.field-errors').textContent()).to.include('does not exist in Europe/Berlin');
    expect(await venue.getAttribute('aria-invalid')).to.equal('true');
    expect(await venue.inputValue()).to.equal('{city: "Berlin"}');
    expect((await ok(stack.api.get(`${base()}/content?templateId=${templateId}`, { token: token() }))).totalCount).to.equal(0);
    await expectAccessible(page);
    await screenshot(page, 'content-editor-typed-fields', { fullPage: true });

    // Readable, but out of the field's range: the API's 422 at the price's input, everything kept.
    await starts.fill('2026-12-24T18:00');
    await venue.fill('{"city": "Berlin", "hall": "Großer Saal"}');
    await press(page, 'Create item');
    expect(await row(page, 'price').locator('.field-errors').textContent()).to.match(/\S/);
    expect(await price.getAttribute('aria-invalid')).to.equal('true');
    expect(await price.inputValue()).to.equal('150');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).to.equal('Winter concert');

    // JSON that misses the field's schema: the API's 422 naming the value, at the Venue input.
    await price.fill('12.5');
    await venue.fill('{"hall": "Großer Saal"}');
    await press(page, 'Create item');
    expect(await row(page, 'venue').locator('.field-errors').textContent()).to.match(/\S/);
    expect(await row(page, 'price').locator('.field-errors').count()).to.equal(0);
    await expectAccessible(page);

    await venue.fill('{"city": "Berlin", "hall": "Großer Saal"}');
    await press(page, 'Create item');
    expect(page.url()).to.match(/\/versions\/1\/edit$/);
    itemId = page.url().split('/content/')[1]!.split('/')[0]!;
    const v = await ok(stack.api.get(`${base()}/content/${itemId}/versions/1`, { token: token() }));
    const value = (key: string) => v.fields.find((x: { fieldId: string }) => x.fieldId === fields[key]);
    expect(value('price')).to.include({ valueKind: 'Number', numberValue: 12.5 });
    expect(value('seats')).to.include({ valueKind: 'Number', numberValue: 40 });
    expect(value('day')).to.include({ valueKind: 'Date', dateValue: '2026-12-24' });
    // 18:00 in Berlin in December is 17:00 UTC.
    expect(value('startsAt')).to.include({ valueKind: 'DateTime' });
    expect(new Date(value('startsAt').dateTimeValue).toISOString()).to.equal('2026-12-24T17:00:00.000Z');
    expect(value('venue').jsonValue).to.deep.equal({ city: 'Berlin', hall: 'Großer Saal' });

    // The editor shows them back on the Berlin wall clock.
    expect(await page.getByLabel(/Starts at/).inputValue()).to.equal('2026-12-24T18:00');
    expect(await row(page, 'price').getByRole('spinbutton').inputValue()).to.equal('12.5');
    expect(JSON.parse(await page.getByLabel(/^Venue/).inputValue())).to.deep.equal({ city: 'Berlin', hall: 'Großer Saal' });
  });

  it('the item is published, and the list filters and sorts by its fields with exact rows, its state in the URL', async () => {
    // Three more events through the API, published; one without a price.
    const make = async (name: string, slug: string, price: number | null, day: string) => {
      const values: Record<string, unknown>[] = [
        { fieldId: fields.name, order: 0, valueKind: 'Text', textValue: name },
        { fieldId: fields.day, order: 0, valueKind: 'Date', dateValue: day },
      ];
      if (price !== null) values.push({ fieldId: fields.price, order: 0, valueKind: 'Number', numberValue: price });
      const item = await ok(stack.api.post(`${base()}/content`, { templateVersionId: versionId, slug, tags: [], fields: values }, { token: token() }));
      await ok(stack.api.post(`${base()}/content/${item.id}/versions/1/publish`, { overrideWorkflow: true }, { token: token() }));
    };
    await make('Jazz night', 'jazz-night', 20, '2026-11-05');
    await make('Spring fair', 'spring-fair', 5, '2027-04-01');
    await make('Open rehearsal', 'open-rehearsal', null, '2026-10-01');

    const admin = await newPage(browser);
    await signIn(admin.page, stack.adminUrl, stack.adminEmail, stack.adminPassword);
    await admin.page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${itemId}`);
    await press(admin.page, 'Publish (override workflow)');
    expect((await ok(stack.api.get(`${base()}/content/${itemId}/versions/1`, { token: token() }))).status).to.equal('Published');
    await admin.context.close();

    const { page } = await newPage(browser);
    page.setDefaultTimeout(10_000);
    await signIn(page, stack.adminUrl, editor.email, editor.password);
    const list = `${stack.adminUrl}/workspaces/${ws.id}/content`;
    await page.goto(list);
    const titles = async () => page.locator('table.cf-list tbody tr .cf-item-name a').allTextContents();

    await page.getByLabel('Template').selectOption({ label: 'Event' });
    await page.getByLabel('Sort by').selectOption({ label: 'Title' });
    await page.getByLabel('Order').selectOption({ label: 'Ascending (oldest, A–Z)' });
    await press(page, 'Apply filters');
    expect(await titles()).to.deep.equal(['Jazz night', 'Open rehearsal', 'Spring fair', 'Winter concert']);
    await expectAccessible(page);

    // Price at least 10, by price, most expensive first.
    await page.getByLabel('Field of filter 1').selectOption({ label: 'Price' });
    await page.getByLabel('Condition of filter 1').selectOption({ label: 'at least / on or after' });
    await page.getByLabel('Value of filter 1').fill('10');
    await page.getByLabel('Sort by').selectOption({ label: 'Price' });
    await page.getByLabel('Order').selectOption({ label: 'Descending (newest, Z–A)' });
    await press(page, 'Apply filters');
    expect(await titles()).to.deep.equal(['Jazz night', 'Winter concert']);
    const filteredUrl = page.url();
    expect(new URL(filteredUrl).searchParams.get('f0k')).to.equal('price');
    expect(new URL(filteredUrl).searchParams.get('sort')).to.equal('fields.price');
    // The conditions offered now are the Number's, in its words.
    expect(await page.getByLabel('Condition of filter 1').locator('option:checked').textContent()).to.equal('at least');
    await expectAccessible(page);
    await screenshot(page, 'content-list-field-filters', { fullPage: true });

    // A second filter: a day before 2026-12-01, sorted by day ascending (items without a day last).
    await page.getByLabel('Field of filter 2').selectOption({ label: 'Day' });
    await page.getByLabel('Condition of filter 2').selectOption({ label: 'less than / before' });
    await page.getByLabel('Value of filter 2').fill('2026-12-01');
    await press(page, 'Apply filters');
    expect(await titles()).to.deep.equal(['Jazz night']);

    // The URL is the state: a fresh page on the shared link shows the same rows; Back restores the previous list.
    const shared = await newPage(browser);
    await signIn(shared.page, stack.adminUrl, editor.email, editor.password);
    await shared.page.goto(filteredUrl);
    expect(await shared.page.locator('table.cf-list tbody tr .cf-item-name a').allTextContents()).to.deep.equal(['Jazz night', 'Winter concert']);
    await shared.context.close();
    await page.goBack();
    expect(await titles()).to.deep.equal(['Jazz night', 'Winter concert']);

    // Items without a price: "has no value".
    await page.goto(`${list}?template=${templateId}&f0k=price&f0o=unset`);
    expect(await titles()).to.deep.equal(['Open rehearsal']);

    // A value the API cannot read as a date: its 400, at the filter's row.
    await page.goto(`${list}?template=${templateId}&f0k=day&f0o=gt&f0v=next+week`);
    expect(await page.locator('#filter-field-0-error').textContent()).to.match(/\S/);
    expect(await page.getByLabel('Value of filter 1').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator('table.cf-list').count()).to.equal(0);
    await expectAccessible(page);
  });

  describe('the modules on their own', () => {
    it('reads filter rows from the URL and makes the API query, values read for their field', () => {
      const fs = listFields([
        { key: 'price', label: 'Price', order: 0, primitiveType: 'Number', componentId: null } as never,
        { key: 'startsAt', label: 'Starts at', order: 1, primitiveType: 'DateTime', componentId: null } as never,
        { key: 'live', label: 'Live', order: 2, primitiveType: 'Boolean', componentId: null } as never,
        { key: 'venue', label: 'Venue', order: 3, primitiveType: 'Json', componentId: null } as never,
      ]);
      expect(fs.map((f) => f.key)).to.deep.equal(['price', 'startsAt', 'live']);
      const rows = filterRowsOf({ f0k: 'price', f0o: 'in', f0v: '5, 10', f1k: 'startsAt', f1o: 'gte', f1v: '2026-07-01T09:00', f2k: 'live', f2o: 'eq', f2v: 'Yes', f3k: '', f3o: 'eq' });
      const q = fieldQuery(rows, fs, 'Europe/Berlin');
      expect(q.errors).to.deep.equal({});
      expect(q.filter).to.deep.equal({ price: { in: '5,10' }, startsAt: { gte: '2026-07-01T07:00:00.000Z' }, live: { eq: 'true' } });
      const bad = fieldQuery(filterRowsOf({ f0k: 'price', f0o: 'contains', f0v: '1', f1k: 'startsAt', f1o: 'lt', f1v: '2027-03-28T02:30' }), fs, 'Europe/Berlin');
      expect(bad.errors['/filter/0']?.[0]).to.include('does not work on Price');
      expect(bad.errors['/filter/1']?.[0]).to.include('does not exist in Europe/Berlin');
      expect(queryErrors({ '/query/filter[startsAt][lt]': ['Not a date.'], '/query/sortBy': ['No such field.'] }, rows)).to.deep.equal({ '/filter/1': ['Not a date.'], '/sort': ['No such field.'] });
    });

    it('gives a Number input its step from decimals and whole numbers, and writes instants with the zone’s offset', () => {
      expect(numberInput({ min: 0, max: 100, decimals: 2 })).to.deep.equal({ min: 0, max: 100, step: '0.01' });
      expect(numberInput({ integer: true })).to.deep.equal({ min: null, max: null, step: '1' });
      expect(numberInput({})).to.deep.equal({ min: null, max: null, step: 'any' });
      expect(rfc3339InZone('2026-12-24T17:00:00.000Z', 'Europe/Berlin')).to.equal('2026-12-24T18:00:00+01:00');
      expect(rfc3339InZone('2026-07-01T07:00:00.000Z', 'Europe/Berlin')).to.equal('2026-07-01T09:00:00+02:00');
      expect(rfc3339InZone('2026-07-01T07:00:00.000Z', 'UTC')).to.equal('2026-07-01T07:00:00Z');
    });
  });
});
