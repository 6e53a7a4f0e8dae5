// Components in a real browser against the real API: a TemplateAdmin with Write creates one (slug
// from the name), edits the draft's field rows (add, move, remove — nothing saved until "Save
// fields"), meets the API's 422 at the row and input it names (bounds, a nesting cycle), a version
// changed behind the page (412, nothing saved, re-applied), publishes (and sees the API refuse a
// version without fields), and makes a new draft. A Reader and an Editor see it all read-only.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

interface ApiComponentField {
  key: string;
  order: number;
  primitiveType: string | null;
  nestedComponentId: string | null;
  picklistId: string | null;
  maxOccurrences: number | null;
}

describe('admin: components', () => {
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let ws: { id: string; slug: string };
  let modeller: StackUser;
  let componentId: string;
  let picklistId: string;

  const api = () => `/api/v1/workspaces/${ws.id}`;
  const versionPath = (n: number) => `${api()}/components/${componentId}/versions/${n}`;
  const editorUrl = (n: number) => `${stack.adminUrl}/workspaces/${ws.id}/components/${componentId}/versions/${n}/edit`;
  const readVersion = async (n: number) => (await stack.api.get(versionPath(n), { token: stack.adminToken })).body as { status: string; fields: ApiComponentField[] };
  const row = (i: number) => page.locator(`li[data-row="${i}"]`);

  async function submit(name: string | RegExp, p: Page = page) {
    await Promise.all([p.waitForNavigation(), p.getByRole('button', { name }).first().click()]);
  }

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    ws = await stack.createWorkspace({ slug: 'parts', name: 'Parts' });
    modeller = await stack.createUser({ role: 'TemplateAdmin', grants: { [ws.id]: 'Write' } });
    const picklist = await stack.api.post(`${api()}/picklists`, { name: 'Tones', slug: 'tones', options: [{ label: 'Warm', value: 'warm' }] }, { token: stack.adminToken });
    picklistId = picklist.body.id;
    ({ page } = await newPage(browser));
    page.setDefaultTimeout(8000);
    await signIn(page, stack.adminUrl, modeller.email, modeller.password);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('creates a component: the slug follows the name until edited', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/components`);
    await expectAccessible(page);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'New component' }).click()]);
    await page.getByLabel('Name').pressSequentially('Call to Action');
    expect(await page.getByLabel('Slug').inputValue()).to.equal('call-to-action');
    await expectAccessible(page);
    await submit('Create component');
    expect(page.url()).to.match(/\/components\/[0-9a-f-]{36}\/versions\/1\/edit$/);
    componentId = page.url().split('/components/')[1]!.split('/')[0]!;
    expect(await page.getByText('No fields yet.').count()).to.equal(1);
    await expectAccessible(page);
  });

  it('edits the field rows (add, move, remove) and saves them all at once', async () => {
    await page.goto(editorUrl(1));
    await submit('Add a field');
    // The new row's key has the focus.
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).to.equal('f0-key');
    await row(0).getByLabel('Key', { exact: true }).fill('heading');
    await row(0).getByLabel('Label', { exact: true }).fill('Heading');
    await row(0).getByLabel('Required').check();
    await submit('Add a field');
    expect(await row(0).getByLabel('Key', { exact: true }).inputValue()).to.equal('heading');
    await row(1).getByLabel('Key', { exact: true }).fill('tone');
    await row(1).getByLabel('Label', { exact: true }).fill('Tone');
    await row(1).getByLabel('Type', { exact: true }).selectOption('PickList');
    await row(1).getByLabel(/Picklist and revision/).selectOption({ label: 'Tones — revision 1 (current)' });
    await submit('Add a field');
    await row(2).getByLabel('Key', { exact: true }).fill('link');
    await row(2).getByLabel('Label', { exact: true }).fill('Link');
    await row(2).getByLabel('Type', { exact: true }).selectOption('Link');
    await submit('Add a field');
    await row(3).getByLabel('Key', { exact: true }).fill('spare');
    await row(3).getByLabel('Label', { exact: true }).fill('Spare');
    await submit('Move up field 3');
    expect(await row(1).getByLabel('Key', { exact: true }).inputValue()).to.equal('link');
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).to.equal('f1-up');
    await submit('Remove field 4');
    expect(await page.locator('li[data-row]').count()).to.equal(3);
    expect(await page.locator('.unsaved').textContent()).to.include('Not saved yet');
    expect((await readVersion(1)).fields).to.have.length(0);
    await expectAccessible(page);
    await screenshot(page, 'component-editor', { fullPage: true });

    await submit('Save fields');
    expect(await page.locator('.flash').textContent()).to.include('3 fields saved');
    const saved = (await readVersion(1)).fields.sort((a, b) => a.order - b.order);
    expect(saved.map((f) => f.key)).to.deep.equal(['heading', 'link', 'tone']);
    expect(saved[2]).to.include({ primitiveType: 'PickList', picklistId });
  });

  it('shows the API’s 422 at the row and input it names, the rows kept: bounds and a nesting cycle', async () => {
    await page.goto(editorUrl(1));
    await row(1).getByLabel('Minimum occurrences').fill('2');
    await row(1).getByLabel(/Maximum occurrences/).fill('1');
    await submit('Save fields');
    expect(await page.locator('.problem').count()).to.equal(1);
    expect(await page.locator('#f1-maxOccurrences-error').textContent()).to.match(/minOccurrences/);
    expect(await row(1).getByLabel(/Maximum occurrences/).getAttribute('aria-invalid')).to.equal('true');
    expect(await row(0).getByLabel(/Maximum occurrences/).getAttribute('aria-invalid')).to.equal(null);
    await expectAccessible(page);
    expect((await readVersion(1)).fields.find((f) => f.key === 'link')!.maxOccurrences).to.equal(null);

    await row(1).getByLabel(/Maximum occurrences/).fill('');
    await row(1).getByLabel('Minimum occurrences').fill('0');
    await row(2).getByLabel('Type', { exact: true }).selectOption('Component');
    await row(2).getByLabel(/^Component/).selectOption({ label: 'Call to Action (this component)' });
    await submit('Save fields');
    expect(await page.locator('.problem-title').textContent()).to.equal('Circular component reference');
    expect(await page.locator('#f2-componentId-error').textContent()).to.include('cycle');
    expect(await row(2).getByLabel('Key', { exact: true }).inputValue()).to.equal('tone');
    await expectAccessible(page);
    expect((await readVersion(1)).fields.find((f) => f.key === 'tone')!.primitiveType).to.equal('PickList');
  });

  it('shows a version changed behind the page as a conflict, saves nothing, and re-applies on request', async () => {
    await page.goto(editorUrl(1));
    await row(0).getByLabel('Label', { exact: true }).fill('Headline');
    const path = `${versionPath(1)}/fields`;
    const behind = await stack.api.put(path, [{ key: 'elsewhere', label: 'Elsewhere', order: 0, primitiveType: 'Text' }], { token: stack.adminToken, headers: await stack.api.ifMatch(versionPath(1), stack.adminToken) });
    expect(behind.status).to.equal(200);
    await submit('Save fields');
    const conflict = page.locator('section.conflict');
    expect(await conflict.getByRole('heading').textContent()).to.equal('Changed by someone else since you opened it');
    expect(await conflict.locator('.conflict-values').textContent()).to.include('elsewhere');
    expect((await readVersion(1)).fields.map((f) => f.key)).to.deep.equal(['elsewhere']);
    expect(await row(0).getByLabel('Label', { exact: true }).inputValue()).to.equal('Headline');
    await expectAccessible(page);
    await submit('Re-apply my changes');
    expect((await readVersion(1)).fields.sort((a, b) => a.order - b.order).map((f) => f.key)).to.deep.equal(['heading', 'link', 'tone']);
  });

  it('publishes, lists the versions and makes a new draft; publishing without fields is the API’s 422', async () => {
    await page.goto(editorUrl(1));
    await submit('Publish version 1');
    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${ws.id}/components/${componentId}`);
    expect(await page.locator('tr[data-version="1"]').textContent()).to.include('Published');
    await expectAccessible(page);
    await screenshot(page, 'components');

    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'View version 1' }).click()]);
    expect(await page.locator('tr[data-field="tone"]').textContent()).to.include('Picklist: Tones');
    await expectAccessible(page);

    await page.goBack();
    await submit('New draft');
    expect(page.url()).to.equal(editorUrl(2));
    expect((await readVersion(2)).status).to.equal('Draft');
    expect(await page.locator('li[data-row]').count()).to.equal(3);
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/components/${componentId}`);
    expect(await page.locator('tr[data-version="2"]').textContent()).to.include('Draft');
    expect(await page.getByRole('button', { name: 'New draft' }).count()).to.equal(0);
    // Publishing version 2 archives version 1; the page lists both from the component's own history.
    const v2 = `/api/v1/workspaces/${ws.id}/components/${componentId}/versions/2`;
    expect((await stack.api.post(`${v2}/publish`, undefined, { token: stack.adminToken, headers: await stack.api.ifMatch(v2, stack.adminToken) })).status).to.equal(200);
    await page.reload();
    expect(await page.locator('tbody tr[data-version]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-version')))).to.deep.equal(['2', '1']);
    expect(await page.locator('tr[data-version="1"]').textContent()).to.include('Archived');
    expect(await page.locator('tr[data-version="2"]').textContent()).to.include('Published');

    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/components`);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'New component' }).click()]);
    await page.getByLabel('Name').fill('Empty');
    await submit('Create component');
    await submit('Publish version 1');
    expect(await page.locator('.problem').textContent()).to.include('no fields');
    expect(await page.locator('.other-errors').textContent()).to.include('at least one field');
    await expectAccessible(page);
  });

  for (const role of ['Reader', 'Editor'] as const) {
    it(`shows a ${role} the component screens read-only, with the reasons`, async () => {
      const user = await stack.createUser({ role, grants: { [ws.id]: role === 'Reader' ? 'Read' : 'Write' } });
      const { context, page: p } = await newPage(browser);
      try {
        p.setDefaultTimeout(8000);
        await signIn(p, stack.adminUrl, user.email, user.password);
        await p.goto(`${stack.adminUrl}/workspaces/${ws.id}/components`);
        expect(await p.getByRole('button', { name: 'New component' }).isDisabled()).to.equal(true);
        expect(await p.locator('#new-component-reason').textContent()).to.include('TemplateAdmin');
        await expectAccessible(p);
        await p.goto(`${stack.adminUrl}/workspaces/${ws.id}/components/${componentId}`);
        expect(await p.getByRole('link', { name: /^Edit fields/ }).count()).to.equal(0);
        expect(await p.getByRole('button', { name: 'Save details' }).isDisabled()).to.equal(true);
        await expectAccessible(p);
        await p.goto(editorUrl(2));
        expect(await p.locator('#editor-reason').textContent()).to.include('TemplateAdmin');
        for (const name of ['Publish version 2', 'Save fields', 'Add a field']) expect(await p.getByRole('button', { name }).isDisabled(), name).to.equal(true);
        expect(await p.locator('tr[data-field="heading"]').count()).to.equal(1);
        await expectAccessible(p);
      } finally {
        await context.close();
      }
      const http = new HttpSession(stack.adminUrl);
      await http.signIn(user.email, user.password);
      const editorPath = `/workspaces/${ws.id}/components/${componentId}/versions/2/edit`;
      const etag = /name="_etag" value="([^"]*)"/.exec((await http.get(editorPath)).text)![1]!.replace(/&quot;/g, '"');
      const refused = await http.post(editorPath, { _etag: etag, rows: '1', 'f0-key': 'mine', 'f0-label': 'Mine', 'f0-kind': 'Text', op: 'save' });
      expect(refused.status).to.equal(403);
      expect(refused.text).to.include('class="error-status"');
      expect((await readVersion(2)).fields.map((f) => f.key)).to.not.include('mine');
    });
  }
});
