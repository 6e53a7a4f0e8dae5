// Templates in a real browser against the real API: a TemplateAdmin with Write creates a template
// (the slug follows the name until edited by hand), builds its draft — a section, Text, Markdown,
// picklist, component and Inline composition fields — reorders with Move up, meets the API's 422s
// at the inputs they name (bounds, a composition cycle), a stale version (412: changed behind the
// page, nothing saved, re-applied on request), publishes, reads the history and a version, and
// makes version 2 from the published one. A Reader and an Editor see the same screens read-only.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

interface ApiField {
  id: string;
  key: string;
  sectionId: string | null;
  primitiveType: string | null;
  componentId: string | null;
  templateId: string | null;
  picklistId: string | null;
  picklistRevisionId: string | null;
  compositionMode: string;
  minOccurrences: number;
  maxOccurrences: number | null;
}

describe('admin: templates', () => {
  let stack: AdminStack;
  let browser: Browser;
  let page: Page;
  let ws: { id: string; slug: string };
  let modeller: StackUser;
  let templateId: string;
  const seeded = { picklistId: '', revisionId: '', componentId: '', authorId: '' };

  const api = () => `/api/v1/workspaces/${ws.id}`;
  const versionPath = (n: number) => `${api()}/templates/${templateId}/versions/${n}`;
  const builderUrl = (n: number) => `${stack.adminUrl}/workspaces/${ws.id}/templates/${templateId}/versions/${n}/edit`;
  const readVersion = async (n: number) => (await stack.api.get(versionPath(n), { token: stack.adminToken })).body as { status: string; sections: { id: string; name: string }[]; fields: ApiField[] };

  async function seed(path: string, body: unknown, method: 'post' | 'put' = 'post', guarded = false) {
    const token = stack.adminToken;
    const headers = guarded ? await stack.api.ifMatch(path.replace(/\/(fields|publish|sections)$/, ''), token) : undefined;
    const res = await stack.api[method](path, body, { token, headers });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.body;
  }

  async function submit(name: string | RegExp, p: Page = page) {
    await Promise.all([p.waitForNavigation(), p.getByRole('button', { name }).click()]);
  }

  /** Opens "Add a field" of a group (by its heading), fills the common inputs and the type. */
  async function addField(group: string, f: { key: string; label: string; kind: string }) {
    const section = page.locator('section.field-group', { has: page.getByRole('heading', { name: group, exact: true }) });
    await Promise.all([page.waitForNavigation(), section.getByRole('link', { name: /^Add a field/ }).click()]);
    await page.getByLabel('Key', { exact: true }).fill(f.key);
    await page.getByLabel('Label', { exact: true }).fill(f.label);
    await page.getByLabel('Type', { exact: true }).selectOption(f.kind);
  }

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    ws = await stack.createWorkspace({ slug: 'modelling', name: 'Modelling' });
    modeller = await stack.createUser({ role: 'TemplateAdmin', grants: { [ws.id]: 'Write' } });
    const picklist = await seed(`${api()}/picklists`, { name: 'Moods', slug: 'moods', options: [{ label: 'Happy', value: 'happy' }, { label: 'Calm', value: 'calm' }] });
    seeded.picklistId = picklist.id;
    seeded.revisionId = picklist.currentRevisionId;
    const component = await seed(`${api()}/components`, { name: 'Call to action', slug: 'call-to-action' });
    seeded.componentId = component.id;
    const cv = `${api()}/components/${component.id}/versions/1`;
    await seed(`${cv}/fields`, [{ key: 'text', label: 'Text', order: 0, primitiveType: 'Text' }], 'put', true);
    await seed(`${cv}/publish`, undefined, 'post', true);
    seeded.authorId = (await seed(`${api()}/templates`, { name: 'Author', slug: 'author' })).id;
    ({ page } = await newPage(browser));
    // A missing control fails in seconds, not at mocha's timeout.
    page.setDefaultTimeout(8000);
    await signIn(page, stack.adminUrl, modeller.email, modeller.password);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('lists templates and creates one: the slug follows the name until it is edited by hand', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/templates`);
    expect(await page.locator('tr[data-template="author"]').count()).to.equal(1);
    await expectAccessible(page);
    await screenshot(page, 'templates');

    await page.getByLabel('Search by name or slug').fill('auth');
    await submit('Search');
    expect(await page.locator('tbody tr').count()).to.equal(1);
    await page.getByLabel('Search by name or slug').fill('nothing-like-it');
    await submit('Search');
    expect(await page.locator('tbody tr').count()).to.equal(0);

    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'New template' }).click()]);
    await expectAccessible(page);
    const name = page.getByLabel('Name');
    const slug = page.getByLabel('Slug');
    await name.pressSequentially('Blog Post');
    expect(await slug.inputValue()).to.equal('blog-post');
    await slug.fill('post');
    await name.fill('Blog post');
    expect(await slug.inputValue()).to.equal('post');

    // The API's 422 at the slug first, the inputs kept.
    await slug.fill('Not A Slug');
    await submit('Create template');
    expect(await page.locator('#slug-error').textContent()).to.match(/\S/);
    expect(await slug.getAttribute('aria-invalid')).to.equal('true');
    expect(await name.inputValue()).to.equal('Blog post');
    await expectAccessible(page);

    await slug.fill('post');
    await submit('Create template');
    expect(page.url()).to.match(/\/templates\/[0-9a-f-]{36}\/versions\/1\/edit$/);
    templateId = page.url().split('/templates/')[1]!.split('/')[0]!;
    expect(await page.locator('.flash').textContent()).to.include('Blog post');
    const created = (await stack.api.get(`${api()}/templates/${templateId}`, { token: stack.adminToken })).body;
    expect(created).to.include({ name: 'Blog post', slug: 'post' });
  });

  it('builds the draft: a section and Text, Markdown, picklist, component and Inline composition fields', async () => {
    await page.goto(builderUrl(1));
    await expectAccessible(page);
    await page.getByLabel('Section name').fill('Body');
    await page.getByLabel('Collapsible in the content editor').check();
    await submit('Add section');
    expect(await page.locator('.flash').textContent()).to.include('Body');

    await addField('Fields without a section', { key: 'title', label: 'Title', kind: 'Text' });
    await expectAccessible(page);
    await page.getByLabel(/Maximum length in characters/).fill('120');
    await page.getByLabel('Required').check();
    await submit('Save field');
    expect(await page.locator('tr[data-field="title"]').count()).to.equal(1);

    await addField('Body', { key: 'body', label: 'Body', kind: 'Markdown' });
    expect(await page.getByLabel('Section', { exact: true }).inputValue()).to.not.equal('');
    await submit('Save field');

    await addField('Fields without a section', { key: 'mood', label: 'Mood', kind: 'PickList' });
    // With JavaScript only the picklist's own inputs show next to the type.
    expect(await page.getByLabel(/Target template/).isVisible()).to.equal(false);
    await page.getByLabel(/Picklist and revision/).selectOption({ label: 'Moods — revision 1 (current)' });
    await submit('Save field');

    await addField('Fields without a section', { key: 'cta', label: 'Call to action', kind: 'Component' });
    await page.getByLabel(/^Component/).selectOption({ label: 'Call to action' });
    await submit('Save field');

    await addField('Fields without a section', { key: 'author', label: 'Author', kind: 'Composition' });
    await page.getByLabel(/^Inline/).check();
    await page.getByLabel(/Target template/).selectOption({ label: 'Author' });
    await submit('Save field');
    await expectAccessible(page);
    await screenshot(page, 'template-builder', { fullPage: true });

    const v = await readVersion(1);
    const byKey = new Map(v.fields.map((f) => [f.key, f]));
    const body = v.sections.find((s) => s.name === 'Body')!;
    expect(byKey.get('title')).to.include({ primitiveType: 'Text', sectionId: null });
    expect((v.fields.find((f) => f.key === 'title') as unknown as { fieldConfig: unknown }).fieldConfig).to.deep.equal({ maxLength: 120 });
    expect(byKey.get('body')).to.include({ primitiveType: 'Markdown', sectionId: body.id });
    expect(byKey.get('mood')).to.include({ primitiveType: 'PickList', picklistId: seeded.picklistId, picklistRevisionId: seeded.revisionId });
    expect(byKey.get('cta')).to.include({ primitiveType: null, componentId: seeded.componentId });
    expect(byKey.get('author')).to.include({ templateId: seeded.authorId, compositionMode: 'Inline' });
    expect(v.fields.filter((f) => f.sectionId === null).map((f) => f.key)).to.deep.equal(['title', 'mood', 'cta', 'author']);
  });

  it('reorders fields with Move up and Move down (keyboard), as the API then lists them', async () => {
    await page.goto(builderUrl(1));
    const moveUp = page.locator('tr[data-field="author"]').getByRole('button', { name: /^Move up/ });
    await moveUp.focus();
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect((await readVersion(1)).fields.filter((f) => f.sectionId === null).map((f) => f.key)).to.deep.equal(['title', 'mood', 'author', 'cta']);
    // The page comes back at the moved field.
    expect(new URL(page.url()).hash).to.match(/^#field-/);
    await Promise.all([page.waitForNavigation(), page.locator('tr[data-field="title"]').getByRole('button', { name: /^Move down/ }).click()]);
    expect((await readVersion(1)).fields.filter((f) => f.sectionId === null).map((f) => f.key)).to.deep.equal(['mood', 'title', 'author', 'cta']);
    // The first field has no Move up, the last no Move down.
    expect(await page.locator('tr[data-field="mood"]').getByRole('button', { name: /^Move up/ }).count()).to.equal(0);
    expect(await page.locator('tr[data-field="cta"]').getByRole('button', { name: /^Move down/ }).count()).to.equal(0);
  });

  it('shows the API’s 422 at the inputs it names and keeps the inputs: bounds, and a composition cycle', async () => {
    await page.goto(builderUrl(1));
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Edit field title' }).click()]);
    await page.getByLabel('Label', { exact: true }).fill('Headline');
    await page.getByLabel('Minimum occurrences').fill('3');
    await page.getByLabel(/Maximum occurrences/).fill('2');
    await submit('Save field');
    expect(await page.locator('.problem').count()).to.equal(1);
    expect(await page.locator('#field-maxOccurrences-error').textContent()).to.match(/minOccurrences/);
    expect(await page.getByLabel(/Maximum occurrences/).getAttribute('aria-invalid')).to.equal('true');
    expect(await page.getByLabel('Label', { exact: true }).inputValue()).to.equal('Headline');
    await expectAccessible(page);
    expect((await readVersion(1)).fields.find((f) => f.key === 'title')).to.include({ minOccurrences: 0, maxOccurrences: null });

    // A composition of the template itself is a cycle: 422 circular-template-reference at the target.
    await page.goto(`${builderUrl(1)}/fields/new`);
    await page.getByLabel('Key', { exact: true }).fill('related');
    await page.getByLabel('Label', { exact: true }).fill('Related');
    await page.getByLabel('Type', { exact: true }).selectOption('Composition');
    await page.getByLabel(/Target template/).selectOption({ label: 'Blog post (this template)' });
    await submit('Save field');
    expect(await page.locator('.problem-title').textContent()).to.equal('Circular template reference');
    expect(await page.locator('#field-templateId-error').textContent()).to.include('Blog post → Blog post');
    expect(await page.getByLabel('Key', { exact: true }).inputValue()).to.equal('related');
    await expectAccessible(page);
    await screenshot(page, 'template-field-error');

    // An open field with a primitive allowed type: the API's message at that checkbox.
    await page.getByLabel('Type', { exact: true }).selectOption('Open');
    await page.getByLabel('Author', { exact: true }).check();
    await page.getByLabel('Quote', { exact: true }).check();
    await submit('Save field');
    const quote = page.getByLabel('Quote', { exact: true });
    expect(await quote.getAttribute('aria-invalid')).to.equal('true');
    const described = await quote.getAttribute('aria-describedby');
    expect(await page.locator(`#${described}`).textContent()).to.include('primitive');
    expect(await page.getByLabel('Author', { exact: true }).getAttribute('aria-invalid')).to.equal(null);
    await expectAccessible(page);
    expect((await readVersion(1)).fields.some((f) => f.key === 'related')).to.equal(false);
  });

  it('shows a version changed behind the page as a conflict, saves nothing, and re-applies on request', async () => {
    await page.goto(`${builderUrl(1)}/fields/new`);
    await page.getByLabel('Key', { exact: true }).fill('summary');
    await page.getByLabel('Label', { exact: true }).fill('Summary');
    await page.getByLabel('Type', { exact: true }).selectOption('Markdown');
    // Someone else adds a section through the API while the form is open.
    await seed(`${versionPath(1)}/sections`, { name: 'Sidebar', order: 5 }, 'post', true);
    await submit('Save field');
    const conflict = page.locator('section.conflict');
    expect(await conflict.getByRole('heading').textContent()).to.equal('Changed by someone else since you opened it');
    expect(await conflict.locator('.conflict-values').textContent()).to.include('Sidebar');
    expect((await readVersion(1)).fields.some((f) => f.key === 'summary')).to.equal(false);
    expect(await page.getByLabel('Key', { exact: true }).inputValue()).to.equal('summary');
    await expectAccessible(page);
    await screenshot(page, 'template-conflict');
    await submit('Re-apply my changes');
    expect((await readVersion(1)).fields.some((f) => f.key === 'summary')).to.equal(true);

    // A builder action on a stale page (Move) is refused the same way: nothing moves.
    await page.goto(builderUrl(1));
    const before = (await readVersion(1)).fields.map((f) => f.key);
    await seed(`${versionPath(1)}/sections`, { name: 'Footer', order: 6 }, 'post', true);
    await submit(/^Move down field mood/);
    expect(await page.locator('#stale-title').textContent()).to.equal('Changed by someone else since you opened it');
    expect((await readVersion(1)).fields.map((f) => f.key)).to.deep.equal(before);
    await expectAccessible(page);
  });

  it('publishes, shows the history and a read-only version, and makes version 2 from the published one', async () => {
    await page.goto(builderUrl(1));
    await submit('Publish version 1');
    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${ws.id}/templates/${templateId}`);
    expect(await page.locator('tr[data-version="1"]').textContent()).to.include('Published');
    expect((await readVersion(1)).status).to.equal('Published');
    await expectAccessible(page);

    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'View version 1' }).click()]);
    expect(await page.locator('tr[data-field="author"]').textContent()).to.include('Inline composition: Author');
    expect(await page.locator('tr[data-field="mood"]').textContent()).to.include('Picklist: Moods');
    expect(await page.getByRole('link', { name: 'Edit this draft' }).count()).to.equal(0);
    await expectAccessible(page);

    await submit('New draft from this version');
    expect(page.url()).to.equal(builderUrl(2));
    const v2 = await readVersion(2);
    expect(v2.status).to.equal('Draft');
    expect(v2.fields.map((f) => f.key).sort()).to.deep.equal((await readVersion(1)).fields.map((f) => f.key).sort());
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/templates/${templateId}`);
    expect(await page.locator('tr[data-version="2"]').textContent()).to.include('Draft');
    // One draft at a time: the published row's button says why it is off.
    const again = page.locator('tr[data-version="1"]').getByRole('button', { name: 'New draft from this version' });
    expect(await again.isDisabled()).to.equal(true);
    expect(await page.locator('#new-draft-reason-1').textContent()).to.include('Version 2 is already a draft');
    await expectAccessible(page);
  });

  it('makes a new draft from an archived version, not only from the published one', async () => {
    const token = stack.adminToken;
    const t = await stack.api.post(`${api()}/templates`, { name: 'Landing', slug: 'landing' }, { token });
    const path = (n: number) => `${api()}/templates/${t.body.id}/versions/${n}`;
    const addText = async (n: number, key: string) =>
      stack.api.post(`${path(n)}/fields`, { key, label: key, order: 0, compositionMode: 'Inline', primitiveType: 'Text' }, { token, headers: await stack.api.ifMatch(path(n), token) });
    const publish = async (n: number) => stack.api.put(`${path(n)}/publish`, undefined, { token, headers: await stack.api.ifMatch(path(n), token) });
    await addText(1, 'headline');
    await publish(1);
    await stack.api.post(`${api()}/templates/${t.body.id}/versions`, {}, { token });
    await addText(2, 'hero');
    await publish(2);

    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/templates/${t.body.id}`);
    expect(await page.locator('tr[data-version="1"]').textContent()).to.include('Archived');
    await Promise.all([page.waitForNavigation(), page.locator('tr[data-version="1"]').getByRole('button', { name: /^New draft from this version/ }).click()]);
    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${ws.id}/templates/${t.body.id}/versions/3/edit`);
    expect(await page.locator('.flash').textContent()).to.include('copied from version 1');
    const v3 = (await stack.api.get(path(3), { token })).body as { status: string; fields: ApiField[] };
    expect(v3.status).to.equal('Draft');
    expect(v3.fields.map((f) => f.key)).to.deep.equal(['headline']);
    await expectAccessible(page);
  });

  it('renames a template under its ETag', async () => {
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/templates/${templateId}`);
    await page.getByLabel('Name').fill('Blog article');
    await submit('Save details');
    expect((await stack.api.get(`${api()}/templates/${templateId}`, { token: stack.adminToken })).body.name).to.equal('Blog article');
  });

  it('works without JavaScript: every type’s inputs show, a field is added, moved and deleted, sections renamed and deleted', async () => {
    const { context, page: p } = await newPage(browser, { javaScriptEnabled: false });
    try {
      p.setDefaultTimeout(8000);
      await signIn(p, stack.adminUrl, modeller.email, modeller.password);
      await p.goto(`${builderUrl(2)}/fields/new`);
      expect(await p.getByLabel(/Target template/).isVisible()).to.equal(true);
      expect(await p.getByLabel(/Picklist and revision/).isVisible()).to.equal(true);
      await p.getByLabel('Key', { exact: true }).fill('featured');
      await p.getByLabel('Label', { exact: true }).fill('Featured');
      await p.getByLabel('Type', { exact: true }).selectOption('Boolean');
      await submit('Save field', p);
      const rootKeys = async () => (await readVersion(2)).fields.filter((f) => f.sectionId === null).map((f) => f.key);
      const before = await rootKeys();
      expect(before[before.length - 1]).to.equal('featured');
      expect((await readVersion(2)).fields.find((f) => f.key === 'featured')).to.include({ primitiveType: 'Boolean', templateId: null, picklistId: null });
      await submit(/^Move up field featured/, p);
      expect(await rootKeys()).to.deep.equal([...before.slice(0, -2), 'featured', before[before.length - 2]]);
      await submit(/^Delete field featured/, p);
      expect((await readVersion(2)).fields.some((f) => f.key === 'featured')).to.equal(false);

      // Sections: renamed, and deleted (the API moves its fields to the top).
      await p.getByText('Edit or delete section Sidebar').click();
      const sidebar = p.locator('details', { hasText: 'Edit or delete section Sidebar' });
      await sidebar.getByLabel('Section name').fill('Aside');
      await submit('Save section', p);
      expect((await readVersion(2)).sections.map((s) => s.name)).to.include('Aside').and.not.include('Sidebar');
      await p.getByText('Edit or delete section Body').click();
      await submit('Delete section Body', p);
      const v = await readVersion(2);
      expect(v.sections.map((s) => s.name)).to.not.include('Body');
      expect(v.fields.find((f) => f.key === 'body')!.sectionId).to.equal(null);
    } finally {
      await context.close();
    }
  });

  it('deletes a template only after the confirmation', async () => {
    const scratch = await seed(`${api()}/templates`, { name: 'Scratch', slug: 'scratch' });
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/templates/${scratch.id}`);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Delete template' }).click()]);
    await submit('Delete template');
    expect(await page.locator('#confirm-error').textContent()).to.match(/\S/);
    await expectAccessible(page);
    expect((await stack.api.get(`${api()}/templates/${scratch.id}`, { token: stack.adminToken })).status).to.equal(200);
    await page.getByLabel(/Yes, delete the template/).check();
    await submit('Delete template');
    expect(new URL(page.url()).pathname).to.equal(`/workspaces/${ws.id}/templates`);
    expect((await stack.api.get(`${api()}/templates/${scratch.id}`, { token: stack.adminToken })).status).to.equal(404);
  });

  for (const role of ['Reader', 'Editor'] as const) {
    it(`shows a ${role} every template screen read-only, with the reasons`, async () => {
      const user = await stack.createUser({ role, grants: { [ws.id]: role === 'Reader' ? 'Read' : 'Write' } });
      const { context, page: p } = await newPage(browser);
      try {
        p.setDefaultTimeout(8000);
        await signIn(p, stack.adminUrl, user.email, user.password);
        await p.goto(`${stack.adminUrl}/workspaces/${ws.id}/templates`);
        const create = p.getByRole('button', { name: 'New template' });
        expect(await create.isDisabled()).to.equal(true);
        expect(await p.locator('#new-template-reason').textContent()).to.include('TemplateAdmin');
        await expectAccessible(p);

        await p.goto(`${stack.adminUrl}/workspaces/${ws.id}/templates/${templateId}`);
        expect(await p.getByRole('link', { name: 'Delete template' }).count()).to.equal(0);
        expect(await p.getByRole('button', { name: 'Save details' }).isDisabled()).to.equal(true);
        await expectAccessible(p);

        await p.goto(builderUrl(2));
        expect(await p.locator('#builder-reason').textContent()).to.include('TemplateAdmin');
        for (const name of ['Publish version 2', /^Move down field mood/, /^Delete field mood/, 'Add section']) {
          expect(await p.getByRole('button', { name }).first().isDisabled(), String(name)).to.equal(true);
        }
        expect(await p.getByRole('link', { name: /^Edit field/ }).count()).to.equal(0);
        await expectAccessible(p);
        if (role === 'Reader') await screenshot(p, 'template-builder-read-only', { fullPage: true });

        const view = await p.goto(`${stack.adminUrl}/workspaces/${ws.id}/templates/${templateId}/versions/1`);
        expect(view!.status()).to.equal(200);
        await expectAccessible(p);
      } finally {
        await context.close();
      }

      // A direct post (no browser, no disabled button) is the API's 403, shown as its problem.
      const http = new HttpSession(stack.adminUrl);
      await http.signIn(user.email, user.password);
      const builderPath = `/workspaces/${ws.id}/templates/${templateId}/versions/2/edit`;
      const etag = /name="_etag" value="([^"]*)"/.exec((await http.get(builderPath)).text)![1]!.replace(/&quot;/g, '"');
      const refused = await http.post(`${builderPath}/sections`, { _etag: etag, name: 'Mine', order: '9' }, builderPath);
      expect(refused.status).to.equal(403);
      expect(refused.text).to.include('class="error-status"');
      expect((await readVersion(2)).sections.some((s) => s.name === 'Mine')).to.equal(false);
    });
  }
});
