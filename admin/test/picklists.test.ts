// Picklists in a real browser against the real API: create with option rows added, moved and removed;
// the API's 422 shown at the option row the user edited (blank rows in between are not sent); an edit
// saved as revision 2 with revision 1 still readable; a stale save (changed through the API behind the
// page's back) → the conflict notice → re-apply; delete refused while a template field binds the
// picklist (the fields named), then allowed; and a Reader seeing everything read-only.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

describe('admin: picklists', () => {
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let ws: { id: string; slug: string };
  let modeller: StackUser;
  let reader: StackUser;
  let base: string;
  let api: string;
  let colourId: string;

  before(async () => {
    stack = await startAdminStack();
    ws = await stack.createWorkspace({ name: 'Library' });
    modeller = await stack.createUser({ role: 'TemplateAdmin', grants: { [ws.id]: 'Write' } });
    reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });
    base = `${stack.adminUrl}/workspaces/${ws.id}/picklists`;
    api = `/api/v1/workspaces/${ws.id}/picklists`;
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signIn(page, stack.adminUrl, modeller.email, modeller.password);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function submit(name: string | RegExp) {
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name, exact: typeof name === 'string' }).click()]);
  }
  const label = (n: number) => page.getByLabel(`Label of option ${n}`, { exact: true });
  const value = (n: number) => page.getByLabel(`Value of option ${n}`, { exact: true });
  const readBack = async (id: string) => (await stack.api.get(`${api}/${id}`, { token: stack.adminToken })).body;

  it('creates a picklist, adding, moving and removing option rows', async () => {
    await page.goto(base);
    expect(await page.locator('.empty').textContent()).to.include('No picklists');
    await expectAccessible(page, 'picklists (empty)');
    await page.getByRole('link', { name: 'New picklist' }).click();
    await page.waitForURL('**/picklists/new');
    await expectAccessible(page, 'new picklist');
    await page.getByLabel('Name', { exact: true }).fill('Colour');
    await page.getByLabel('Slug').fill('colour');
    await label(1).fill('Red');
    await value(1).fill('red');
    await submit('Add option');
    // The new row has the focus, and what was typed survived the round trip.
    expect(await page.evaluate('document.activeElement.id')).to.equal('option-1-label');
    expect(await label(1).inputValue()).to.equal('Red');
    await label(2).fill('Green');
    await value(2).fill('green');
    await submit('Add option');
    await label(3).fill('Blue');
    await value(3).fill('blue');
    await submit('Move up option 3');
    expect(await label(2).inputValue()).to.equal('Blue');
    await submit('Remove option 1');
    expect(await label(1).inputValue()).to.equal('Blue');
    await submit('Add option');
    await label(3).fill('Red');
    await value(3).fill('red');
    await expectAccessible(page, 'new picklist with rows');
    await submit('Create picklist');

    expect(new URL(page.url()).pathname).to.match(/\/picklists\/[0-9a-f-]{36}$/);
    expect(await page.locator('.flash').textContent()).to.include('Colour');
    colourId = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await readBack(colourId);
    expect(saved.revisionNumber).to.equal(1);
    expect(saved.options.map((o: { value: string }) => o.value)).to.deep.equal(['blue', 'green', 'red']);

    await page.goto(base);
    const row = page.locator('tr[data-picklist="colour"]');
    expect(await row.locator('td').nth(1).textContent()).to.equal('3');
    await expectAccessible(page, 'picklists');
    await screenshot(page, 'picklists');
  });

  it('shows the API’s 422 at the option row the user edited and keeps the input', async () => {
    await page.goto(`${base}/${colourId}`);
    await expectAccessible(page, 'picklist edit');
    // Rows: Blue, Green, Red, then a blank row and a duplicate of "blue" (values are case-insensitive).
    await submit('Add option');
    await submit('Add option');
    await label(5).fill('Navy');
    await value(5).fill('BLUE');
    await submit('Save as a new revision');

    expect(await page.locator('.problem').count()).to.equal(1);
    // The API saw the duplicate at /options/3 (the blank row was not sent); the page shows it at row 5.
    expect(await page.locator('#option-4-value-error').textContent()).to.match(/duplicate/i);
    expect(await value(5).getAttribute('aria-invalid')).to.equal('true');
    expect(await value(5).getAttribute('aria-describedby')).to.include('option-4-value-error');
    expect(await label(5).inputValue()).to.equal('Navy');
    expect(await label(4).inputValue()).to.equal('');
    expect((await readBack(colourId)).revisionNumber).to.equal(1);
    await expectAccessible(page, 'picklist 422');
    await screenshot(page, 'picklist-error');
  });

  it('saves an edit as revision 2 and keeps revision 1 readable', async () => {
    await page.goto(`${base}/${colourId}`);
    await label(1).fill('Sky blue');
    await submit('Add option');
    await label(4).fill('Yellow');
    await value(4).fill('yellow');
    await submit('Save as a new revision');
    expect(await page.locator('.flash').textContent()).to.include('revision 2');
    const saved = await readBack(colourId);
    expect(saved.revisionNumber).to.equal(2);
    expect(saved.options.map((o: { label: string }) => o.label)).to.deep.equal(['Sky blue', 'Green', 'Red', 'Yellow']);

    const older = page.locator('.revision-list a');
    expect(await older.count()).to.equal(1);
    await Promise.all([page.waitForNavigation(), older.first().click()]);
    expect(new URL(page.url()).pathname).to.match(/\/revisions\/[0-9a-f-]{36}$/);
    expect(await page.locator('h1').textContent()).to.include('revision 1');
    expect(await page.locator('.options-table tbody th').allTextContents()).to.deep.equal(['Blue', 'Green', 'Red']);
    expect(await page.locator('input[name="optionLabel"]').count()).to.equal(0);
    await expectAccessible(page, 'picklist revision 1');
  });

  it('shows a stale save as “changed by someone else” and re-applies on request', async () => {
    await page.goto(`${base}/${colourId}`);
    const path = `${api}/${colourId}`;
    const elsewhere = await stack.api.put(path, { name: 'Colour (script)', slug: 'colour', options: [{ label: 'Black', value: 'black' }] }, { token: stack.adminToken, headers: await stack.api.ifMatch(path, stack.adminToken) });
    expect(elsewhere.status).to.equal(200);

    await label(1).fill('Cyan');
    await submit('Save as a new revision');
    const conflict = page.locator('section.conflict');
    expect(await conflict.getByRole('heading').textContent()).to.equal('Changed by someone else since you opened it');
    expect(await conflict.locator('.conflict-values').textContent()).to.include('Colour (script)').and.include('Black (black)');
    expect((await readBack(colourId)).name).to.equal('Colour (script)');
    expect(await label(1).inputValue()).to.equal('Cyan');
    await expectAccessible(page, 'picklist conflict');

    await submit('Re-apply my changes');
    const now = await readBack(colourId);
    expect(now.revisionNumber).to.equal(4);
    expect(now.name).to.equal('Colour');
    expect(now.options.map((o: { label: string }) => o.label)).to.deep.equal(['Cyan', 'Green', 'Red', 'Yellow']);
  });

  it('refuses to delete a picklist a template field binds, naming the field, then deletes it once unbound', async () => {
    const token = stack.adminToken;
    const picklist = (await stack.api.post(api, { name: 'Size', slug: 'size', options: [{ label: 'Small', value: 's' }] }, { token })).body;
    const template = await stack.api.post(`/api/v1/workspaces/${ws.id}/templates`, { name: 'Shirt', slug: 'shirt' }, { token });
    expect(template.status).to.equal(201);
    const version = `/api/v1/workspaces/${ws.id}/templates/${template.body.id}/versions/1`;
    const bound = await stack.api.post(
      `${version}/fields`,
      { key: 'size', label: 'Size', order: 0, compositionMode: 'Inline', isRequired: false, minOccurrences: 0, primitiveType: 'PickList', picklistId: picklist.id, picklistRevisionId: picklist.currentRevisionId },
      { token, headers: await stack.api.ifMatch(version, token) },
    );
    expect(bound.status).to.be.oneOf([200, 201]);

    await page.goto(`${base}/${picklist.id}`);
    await page.getByRole('link', { name: /^Delete picklist/ }).click();
    await page.waitForURL('**/delete');
    await expectAccessible(page, 'picklist delete');
    await page.getByLabel(/Yes, delete the picklist/).check();
    await submit('Delete picklist');
    expect(await page.locator('.problem').textContent()).to.match(/bind/i);
    expect(await page.locator('.referenced-list li').allTextContents()).to.deep.equal([bound.body.id]);
    expect((await stack.api.get(`${api}/${picklist.id}`, { token })).status).to.equal(200);
    await expectAccessible(page, 'picklist delete refused');

    // A post without the confirmation (the browser insists on the box; plain HTTP does not) sends nothing.
    const http = new HttpSession(stack.adminUrl);
    await http.signIn(modeller.email, modeller.password);
    const unconfirmed = await http.post(`/workspaces/${ws.id}/picklists/${picklist.id}/delete`, { _etag: '' }, `/workspaces/${ws.id}/picklists/${picklist.id}/delete`);
    expect(unconfirmed.status).to.equal(422);
    expect(unconfirmed.text).to.include('id="confirm-error"');

    // The template goes (no content uses it), so nothing binds the picklist any more.
    const gone = await stack.api.delete(`/api/v1/workspaces/${ws.id}/templates/${template.body.id}`, { token, headers: await stack.api.ifMatch(`/api/v1/workspaces/${ws.id}/templates/${template.body.id}`, token) });
    expect(gone.status).to.equal(204);
    await page.goto(`${base}/${picklist.id}/delete`);
    await page.getByLabel(/Yes, delete the picklist/).check();
    await submit('Delete picklist');
    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${ws.id}/picklists`);
    expect(await page.locator('.flash').textContent()).to.include('deleted');
    expect((await stack.api.get(`${api}/${picklist.id}`, { token })).status).to.equal(404);
  });

  it('shows a Reader everything read-only, and the API refuses a direct post', async () => {
    const { context, page: rp } = await newPage(browser);
    try {
      await signIn(rp, stack.adminUrl, reader.email, reader.password);
      await rp.goto(base);
      const create = rp.getByRole('button', { name: 'New picklist' });
      expect(await create.isDisabled()).to.equal(true);
      expect(await create.getAttribute('aria-describedby')).to.equal('create-reason');
      expect(await rp.locator('#create-reason').textContent()).to.include('TemplateAdmin');
      await expectAccessible(rp, 'picklists (Reader)');

      await rp.goto(`${base}/${colourId}`);
      expect(await rp.locator('input[name="optionLabel"]').count()).to.equal(0);
      expect(await rp.locator('.options-table tbody th').allTextContents()).to.deep.equal(['Cyan', 'Green', 'Red', 'Yellow']);
      expect(await rp.getByRole('button', { name: 'Edit options' }).isDisabled()).to.equal(true);
      expect(await rp.locator('#readonly-reason').textContent()).to.include('TemplateAdmin');
      // The history is the picklist's own (not the audit log's): a Reader sees it and opens revision 1.
      expect(await rp.locator('.revision-list li').count()).to.be.greaterThan(1);
      expect(await rp.locator('.revision-list a').first().textContent()).to.match(/^Revision \d+ \(/);
      await expectAccessible(rp, 'picklist (Reader)');
      expect((await rp.goto(`${base}/new`))!.status()).to.equal(403);
    } finally {
      await context.close();
    }

    const http = new HttpSession(stack.adminUrl);
    await http.signIn(reader.email, reader.password);
    const refused = await http.post(`/workspaces/${ws.id}/picklists/${colourId}`, { name: 'Hacked', slug: 'colour', optionLabel: 'X', optionValue: 'x', _etag: '"x"' }, `/workspaces/${ws.id}/picklists`);
    expect(refused.status).to.equal(403);
    expect((await readBack(colourId)).name).to.equal('Colour');
  });
});
