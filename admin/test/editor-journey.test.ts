// The whole editorial journey in one real browser session per person, against the real API: a
// TemplateAdmin models a page (a section; Text, Markdown, picklist, component and Inline composition
// fields) and publishes it; an Editor creates an item with an inline child, saves while a stale tab
// is open (the "changed by someone else" flow), submits it and sees Approve disabled with its reason;
// the TemplateAdmin approves; the Editor publishes; an Admin publishes the inline child — another
// item, still a Draft — over the workflow. The delivery read (by slug, children expanded) then
// returns exactly what the Editor typed. Last, a Reader walks every screen of this part and finds
// nothing that would change anything.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

interface Field {
  id: string;
  key: string;
}

describe('admin: an editor’s journey from model to published page', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let ws: { id: string };
  let modeller: StackUser;
  let editor: StackUser;
  let reader: StackUser;
  let templateId: string;
  let itemId: string;
  let childId: string;
  const seeded = { personTemplateId: '', personName: '', picklist: 'Tone', componentId: '' };

  const api = () => `/api/v1/workspaces/${ws.id}`;
  const admin = () => `${stack.adminUrl}/workspaces/${ws.id}`;

  async function ok<T extends { status: number; text: string }>(r: Promise<T>, what: string): Promise<T> {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  }

  async function press(page: Page, name: string | RegExp, scope: ReturnType<Page['locator']> | Page = page) {
    await Promise.all([page.waitForNavigation(), scope.getByRole('button', { name }).first().click()]);
  }

  async function as(user: { email: string; password: string }, run: (page: Page) => Promise<void>) {
    const { context, page } = await newPage(browser);
    page.setDefaultTimeout(10_000);
    try {
      await signIn(page, stack.adminUrl, user.email, user.password);
      await run(page);
    } finally {
      await context.close();
    }
  }

  before(async () => {
    stack = await startAdminStack();
    browser = await launchBrowser();
    ws = await stack.createWorkspace({ slug: 'site', name: 'Site' });
    modeller = await stack.createUser({ role: 'TemplateAdmin', grants: { [ws.id]: 'Write' } });
    editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });
    // What the page's fields refer to, made through the API (their own screens have their own tests):
    // a picklist, a published component and the published template of the inline child.
    const token = stack.adminToken;
    const guarded = async (path: string) => ({ token, headers: await stack.api.ifMatch(path, token) });
    await ok(stack.api.post(`${api()}/picklists`, { name: 'Tone', slug: 'tone', options: [{ label: 'Friendly', value: 'friendly' }, { label: 'Formal', value: 'formal' }] }, { token }), 'picklist');
    const card = (await ok(stack.api.post(`${api()}/components`, { name: 'Link card', slug: 'link-card' }, { token }), 'component')).body;
    seeded.componentId = card.id;
    const cv = `${api()}/components/${card.id}/versions/1`;
    await ok(stack.api.put(`${cv}/fields`, [{ key: 'label', label: 'Label', order: 0, isRequired: true, minOccurrences: 1, maxOccurrences: 1, primitiveType: 'Text' }, { key: 'url', label: 'Address', order: 1, maxOccurrences: 1, primitiveType: 'Text' }], await guarded(cv)), 'component fields');
    await ok(stack.api.post(`${cv}/publish`, undefined, await guarded(cv)), 'component publish');
    const person = (await ok(stack.api.post(`${api()}/templates`, { name: 'Person', slug: 'person' }, { token }), 'person')).body;
    seeded.personTemplateId = person.id;
    const pv = `${api()}/templates/${person.id}/versions/1`;
    seeded.personName = (await ok(stack.api.post(`${pv}/fields`, { key: 'name', label: 'Name', order: 0, compositionMode: 'Inline', isRequired: true, minOccurrences: 1, maxOccurrences: 1, primitiveType: 'Text' }, await guarded(pv)), 'person field')).body.id;
    await ok(stack.api.put(`${pv}/publish`, undefined, await guarded(pv)), 'person publish');
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('a TemplateAdmin models the page in the builder and publishes it', async () => {
    await as(modeller, async (page) => {
      await page.goto(`${admin()}/templates`);
      await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'New template' }).click()]);
      await page.getByLabel('Name').pressSequentially('Page');
      expect(await page.getByLabel('Slug').inputValue()).to.equal('page');
      await press(page, 'Create template');
      templateId = page.url().split('/templates/')[1]!.split('/')[0]!;

      await page.getByLabel('Section name').fill('Body');
      await press(page, 'Add section');
      const addField = async (group: string, f: { key: string; label: string; kind: string }, more: () => Promise<void>) => {
        const section = page.locator('section.field-group', { has: page.getByRole('heading', { name: group, exact: true }) });
        await Promise.all([page.waitForNavigation(), section.getByRole('link', { name: /^Add a field/ }).click()]);
        await page.getByLabel('Key', { exact: true }).fill(f.key);
        await page.getByLabel('Label', { exact: true }).fill(f.label);
        await page.getByLabel('Type', { exact: true }).selectOption(f.kind);
        await more();
        await press(page, 'Save field');
        expect(await page.locator(`tr[data-field="${f.key}"]`).count(), f.key).to.equal(1);
      };
      const once = async () => {
        await page.getByLabel('Minimum occurrences').fill('1');
        await page.getByLabel(/Maximum occurrences/).fill('1');
      };
      await addField('Fields without a section', { key: 'title', label: 'Title', kind: 'Text' }, async () => {
        await page.getByLabel('Required').check();
        await once();
      });
      await addField('Body', { key: 'body', label: 'Body', kind: 'Markdown' }, once);
      await addField('Fields without a section', { key: 'tone', label: 'Tone', kind: 'PickList' }, async () => {
        await page.getByLabel(/Picklist and revision/).selectOption({ label: 'Tone — revision 1 (current)' });
        await once();
      });
      await addField('Fields without a section', { key: 'links', label: 'Links', kind: 'Component' }, async () => {
        await page.getByLabel(/^Component/).selectOption({ label: 'Link card' });
        await page.getByLabel(/Maximum occurrences/).fill('3');
      });
      await addField('Fields without a section', { key: 'author', label: 'Author', kind: 'Composition' }, async () => {
        await page.getByLabel(/^Inline/).check();
        await page.getByLabel(/Target template/).selectOption({ label: 'Person' });
        await page.getByLabel(/Maximum occurrences/).fill('1');
      });
      await expectAccessible(page);
      await press(page, 'Publish version 1');
      expect(await page.locator('tr[data-version="1"]').textContent()).to.include('Published');
    });
    const template = (await stack.api.get(`${api()}/templates/${templateId}`, { token: stack.adminToken })).body;
    expect(template.currentVersion.status).to.equal('Published');
    expect((template.currentVersion.fields as Field[]).map((f) => f.key).sort()).to.deep.equal(['author', 'body', 'links', 'title', 'tone']);
  });

  it('an Editor writes the page with an inline author, survives a stale tab, and submits it; Approve is not theirs', async () => {
    const fields = new Map(((await stack.api.get(`${api()}/templates/${templateId}`, { token: stack.adminToken })).body.currentVersion.fields as Field[]).map((f) => [f.key, f.id]));
    const row = (page: Page, path: string) => page.locator(`[data-row="${path}"]`);
    await as(editor, async (page) => {
      await page.goto(`${admin()}/content`);
      await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'New item' }).click()]);
      await page.getByLabel('Template').selectOption({ label: 'Page' });
      await press(page, 'Continue');
      await page.getByLabel('Title', { exact: true }).fill('About us');
      expect(await page.getByLabel('Slug').inputValue()).to.equal('about-us');
      await page.getByRole('textbox', { name: 'Body (Markdown)' }).fill('We make **Verso**.');
      await page.getByLabel('Tone').selectOption({ label: 'Friendly' });
      await press(page, 'Add Links');
      await row(page, `${fields.get('links')}/0/m/label/0`).getByRole('textbox').fill('Docs');
      await row(page, `${fields.get('links')}/0/m/url/0`).getByRole('textbox').fill('https://example.com/docs');
      await press(page, 'Add Author');
      await row(page, `${fields.get('author')}/0/f/${seeded.personName}/0`).getByRole('textbox').fill('Grace Hopper');
      await expectAccessible(page);
      await press(page, 'Create item');
      expect(new URL(page.url()).pathname).to.match(/\/content\/[0-9a-f-]{36}\/versions\/1\/edit$/);
      itemId = new URL(page.url()).pathname.split('/')[4]!;

      // A second tab saves first; this tab's save is then stale: shown, nothing lost, re-applied.
      const second = await page.context().newPage();
      await second.goto(page.url());
      await second.getByLabel('Title', { exact: true }).fill('About');
      await press(second, 'Save changes');
      await page.getByRole('textbox', { name: 'Body (Markdown)' }).fill('We make **Verso**, a headless CMS.');
      await press(page, 'Save changes');
      expect(await page.locator('section.conflict').getByRole('heading').textContent()).to.equal('Changed by someone else since you opened it');
      expect(await page.locator('section.conflict .conflict-values').textContent()).to.include('About');
      await expectAccessible(page);
      await press(page, 'Re-apply my changes');
      expect(await page.locator('.flash').textContent()).to.include('saved');

      await press(page, 'Submit for review', page.locator('.workflow-bar'));
      await page.goto(`${admin()}/content/${itemId}`);
      const approve = page.locator('.workflow-more .workflow-action[data-action="approve"]').getByRole('button', { includeHidden: true });
      expect(await approve.isDisabled()).to.equal(true);
      const reason = await page.locator(`#${await approve.getAttribute('aria-describedby')}`).textContent();
      expect(reason).to.match(/needs the TemplateAdmin role or higher; you are Editor/);
      await expectAccessible(page);
    });
    const version = (await stack.api.get(`${api()}/content/${itemId}/versions/1`, { token: stack.adminToken })).body;
    expect(version.status).to.equal('Review');
    childId = version.fields.find((v: { fieldId: string }) => v.fieldId === fields.get('author')).childContentItemId;
    expect(childId).to.be.a('string');
  });

  it('the TemplateAdmin approves, the Editor publishes, an Admin publishes the Draft child over the workflow; delivery serves what was typed', async () => {
    await as(modeller, async (page) => {
      await page.goto(`${admin()}/content/${itemId}`);
      await press(page, 'Approve', page.locator('.workflow-bar'));
    });
    await as(editor, async (page) => {
      await page.goto(`${admin()}/content/${itemId}`);
      await press(page, /^Publish$/, page.locator('.workflow-bar'));
    });
    await as({ email: stack.adminEmail, password: stack.adminPassword }, async (page) => {
      await page.goto(`${admin()}/content/${childId}`);
      await press(page, 'Publish (override workflow)', page.locator('.workflow-bar'));
    });

    const served = await stack.api.get(`${api()}/content/by-slug/about-us?expandChildren=true`, { token: reader.token });
    expect(served.status).to.equal(200);
    const values = Object.fromEntries((served.body.fields as { key: string; textValue: string | null; jsonValue: unknown; child: { fields: { key: string; textValue: string }[] } | null }[]).map((v) => [v.key, v]));
    expect(values.title!.textValue).to.equal('About us');
    expect(values.body!.textValue).to.equal('We make **Verso**, a headless CMS.');
    expect(values.tone!.textValue).to.equal('friendly');
    expect(values.links!.jsonValue).to.deep.equal({ label: 'Docs', url: 'https://example.com/docs' });
    expect(values.author!.child!.fields.map((f) => [f.key, f.textValue])).to.deep.equal([['name', 'Grace Hopper']]);
  });

  it('a Reader walks every screen of this part and finds nothing that changes anything', async () => {
    await as(reader, async (page) => {
      const screens = [
        `${admin()}/content`,
        `${admin()}/content/${itemId}`,
        `${admin()}/content/${itemId}/versions/1/edit`,
        `${admin()}/content/${itemId}/view`,
        `${admin()}/content/${itemId}/history`,
        `${admin()}/content/${itemId}/translations`,
        `${admin()}/templates`,
        `${admin()}/templates/${templateId}`,
        `${admin()}/templates/${templateId}/versions/1`,
        `${admin()}/components`,
        `${admin()}/components/${seeded.componentId}`,
        `${admin()}/picklists`,
        `${admin()}/tags`,
      ];
      for (const url of screens) {
        const response = await page.goto(url);
        expect(response!.status(), url).to.equal(200);
        // Every enabled button of a form that posts is one that only reads (sign out aside).
        const live = await page.locator('form[method="post"]:not([action="/admin-auth/logout"]) button:not([disabled])').evaluateAll((buttons) =>
          buttons.filter((b) => !b.closest('[hidden]')).map((b) => b.textContent!.trim()),
        );
        expect(live, url).to.deep.equal([]);
        await expectAccessible(page, url);
      }
    });
  });
});
