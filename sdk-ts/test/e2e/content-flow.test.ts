// The end-to-end flow through the SDK's generated methods only (no raw fetch, no `send`),
// against the real API started in-process: log in, create a workspace, build a model, create
// content, take a version through the workflow, read it by slug, list every page — plus the ETag
// refresh-and-retry on a real 412 and a real 422 as VersoApiError with problem details.
//
// One `before` builds the world the `it`s read, in order: the flow is a story, and each step needs
// the previous one's ids, so the steps are separate tests only to name what failed.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { createActor, FIXTURE_PASSWORD } from '../../../test/helpers/actors.js';
import { readWithETag, VersoApiError, VersoClient, writeWithETag } from '../../src/index.js';

const suffix = Math.random().toString(36).slice(2, 8);
const ITEM_COUNT = 7; // with pageSize 3: pages of 3, 3 and 1
const PAGE_SIZE = 3;

describe('SDK end to end: login → workspace → model → content → workflow → by-slug → pages', function () {
  this.timeout(60_000);
  let api: TestApi;
  let admin: VersoClient;
  let sessionToken: string;
  let workspaceId: string;
  let templateVersionId: string;
  let titleFieldId: string;
  const items: { id: string; slug: string }[] = [];

  const titleValue = (value: string) => ({ fieldId: titleFieldId, order: 0, valueKind: 'Text' as const, textValue: value });

  before(async () => {
    api = await startTestApi();
  });
  after(async () => {
    await api?.close();
  });

  it('logs in with email and password and uses the session token for later calls', async () => {
    // The fixture inserts the user only; the session comes from the SDK's login, not the fixture.
    const { email } = await createActor(api, { role: 'Admin', superadmin: true });
    const anonymous = new VersoClient({ baseUrl: api.url });
    const session = await anonymous.login({ body: { email, password: FIXTURE_PASSWORD } });
    expect(session.token).to.be.a('string').and.not.equal('');
    // A token provider, as a login flow would use (read before every attempt).
    sessionToken = session.token;
    admin = new VersoClient({ baseUrl: api.url, token: async () => session.token });
    const me = await admin.getCurrentUser();
    expect(me).to.include({ email });
    expect(admin.sessionExpiresAt).to.be.instanceOf(Date);
  });

  it('creates a workspace', async () => {
    const ws = await admin.createWorkspace({ body: { name: `SDK e2e ${suffix}`, slug: `sdk-e2e-${suffix}` } });
    workspaceId = ws.id;
    expect(ws.slug).to.equal(`sdk-e2e-${suffix}`);
    expect((await admin.getWorkspace({ path: { workspaceId } })).id).to.equal(workspaceId);
  });

  it('a 400 from the contract validator carries one sentence per input (VersoApiError.fieldErrors)', async () => {
    const error = (await admin.createTemplate({ path: { workspaceId }, body: { name: '  ', slug: 'Not A Slug' } }).catch((e: unknown) => e)) as VersoApiError;
    expect(error).to.be.instanceOf(VersoApiError);
    expect(error.status).to.equal(400);
    expect(error.fieldErrors).to.deep.equal({
      '/name': ['Must not be blank: type something other than spaces.'],
      '/slug': ['Use lower-case letters and digits, words joined by single dashes, such as blog-article.'],
    });
    expect(error.messagesFor('/slug')).to.deep.equal(['Use lower-case letters and digits, words joined by single dashes, such as blog-article.']);
  });

  it('builds a model: a template with a required Text title, its version published', async () => {
    const template = await admin.createTemplate({ path: { workspaceId }, body: { name: 'Article', slug: `article-${suffix}` } });
    // Changes to a draft's fields and its publication are guarded by the version's ETag.
    const version = { workspaceId, id: template.id, versionNumber: 1 };
    const draft = await readWithETag(admin, 'getTemplateVersion', { path: version });
    const field = await admin.createTemplateField(
      {
        path: version,
        body: { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', isOpen: false, primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
      },
      { ifMatch: draft.etag },
    );
    titleFieldId = field.id;
    const edited = await readWithETag(admin, 'getTemplateVersion', { path: version });
    const published = await admin.publishTemplateVersion({ path: version }, { ifMatch: edited.etag });
    expect(published.status).to.equal('Published');
    templateVersionId = published.id;
  });

  it('creates enough content items for several pages', async () => {
    for (let i = 0; i < ITEM_COUNT; i += 1) {
      const slug = `post-${String(i).padStart(2, '0')}-${suffix}`;
      const item = await admin.createContent({
        path: { workspaceId },
        body: { templateVersionId, slug, localeCode: 'en', tags: [], fields: [titleValue(`Post ${i}`)] },
      });
      expect(item.versions.map((v) => v.status)).to.deep.equal(['Draft']);
      items.push({ id: item.id, slug: item.slug! });
    }
  });

  it('takes version 1 through submit → approve → publish and reads it by slug', async () => {
    const { id, slug } = items[0]!;
    const path = { workspaceId, id, versionNumber: 1 };
    expect((await admin.submitContentVersion({ path })).status).to.equal('Review');
    expect((await admin.approveContentVersion({ path })).status).to.equal('Approved');
    const published = await admin.publishContentVersion({ path, body: {} });
    expect(published.version.status).to.equal('Published');

    const bySlug = await admin.getContentBySlug({ path: { workspaceId, slug } });
    // By slug answers the version being served: the one just published.
    expect(bySlug).to.include({ contentItemId: id, versionNumber: 1, status: 'Published', slug });
    expect(bySlug.fields.find((f) => f.key === 'title')?.textValue).to.equal('Post 0');
  });

  it('lists every item exactly once over several pages with a small pageSize', async () => {
    const pageNumbers: number[] = [];
    for await (const page of admin.paginate('listContent', { path: { workspaceId }, query: { pageSize: PAGE_SIZE, sortBy: 'slug' } })) {
      pageNumbers.push(page.page);
      expect(page.totalCount).to.equal(ITEM_COUNT);
    }
    expect(pageNumbers).to.deep.equal([1, 2, 3]);

    const seen: string[] = [];
    for await (const item of admin.listAll('listContent', { path: { workspaceId }, query: { pageSize: PAGE_SIZE, sortBy: 'slug' } })) seen.push(item.id);
    expect(seen).to.have.length(ITEM_COUNT);
    expect(new Set(seen).size).to.equal(ITEM_COUNT);
    expect([...seen].sort()).to.deep.equal(items.map((i) => i.id).sort());
  });

  it('writeWithETag refreshes after a real 412 (someone wrote in between) and re-applies the change', async () => {
    const { id } = items[1]!;
    const path = { workspaceId, id, versionNumber: 1 };
    // A second user's client: its own token and ETag store, so its write really races ours.
    const other = await createActor(api, { role: 'Admin', superadmin: true });
    const rival = new VersoClient({ baseUrl: api.url, token: other.token });

    let reads = 0;
    const writes: string[] = [];
    const result = await writeWithETag({
      read: async () => {
        reads += 1;
        return readWithETag(admin, 'getContentVersion', { path });
      },
      write: async (current, etag) => {
        writes.push(etag);
        if (writes.length === 1) {
          const fresh = await readWithETag(rival, 'getContentVersion', { path });
          await rival.updateContentVersion({ path, body: { fields: [titleValue('Rival edit')] } }, { ifMatch: fresh.etag });
        }
        const title = current.fields.find((f) => f.key === 'title')?.textValue;
        return admin.updateContentVersion({ path, body: { fields: [titleValue(`${title} + ours`)] } }, { ifMatch: etag });
      },
    });
    expect(reads).to.equal(2);
    expect(writes).to.have.length(2);
    expect(writes[0]).not.to.equal(writes[1]);
    // The change was re-applied to the fresh state, so the rival's edit is kept.
    expect(result.fields.find((f) => f.key === 'title')?.textValue).to.equal('Rival edit + ours');
  });

  it('a stale If-Match surfaces as VersoApiError 412 concurrency-mismatch when not retried', async () => {
    const { id } = items[2]!;
    const path = { workspaceId, id, versionNumber: 1 };
    const stale = await readWithETag(admin, 'getContentVersion', { path });
    await admin.updateContentVersion({ path, body: { fields: [titleValue('First')] } }, { ifMatch: stale.etag });
    const error = (await admin
      .updateContentVersion({ path, body: { fields: [titleValue('Second')] } }, { ifMatch: stale.etag })
      .catch((e: unknown) => e)) as VersoApiError;
    expect(error).to.be.instanceOf(VersoApiError);
    expect(error.status).to.equal(412);
    expect(error.problem.type).to.equal('https://verso.dev/errors/concurrency-mismatch');
  });

  it('a Draft without its required title is saved; submitting it is a VersoApiError 422 naming /fields/title', async () => {
    const draft = await admin.createContent({ path: { workspaceId }, body: { templateVersionId, slug: `untitled-${suffix}`, tags: [], fields: [] } });
    expect(draft.versions.map((v) => v.status)).to.deep.equal(['Draft']);
    const error = (await admin.submitContentVersion({ path: { workspaceId, id: draft.id, versionNumber: 1 } }).catch((e: unknown) => e)) as VersoApiError;
    expect(error).to.be.instanceOf(VersoApiError);
    expect(error.status).to.equal(422);
    expect(error.operationId).to.equal('submitContentVersion');
    expect(error.problem.status).to.equal(422);
    expect(error.problem.type).to.equal('https://verso.dev/errors/validation-failed');
    expect(Object.keys(error.problem.errors ?? {}), JSON.stringify(error.problem)).to.deep.equal(['/fields/title']);
    expect(error.traceId).to.be.a('string').and.not.equal('');
    expect(error.correlationId).to.equal(error.problem.correlationId);
  });

  it('an edit of an Approved version answers it back in Draft with returnedToDraftFrom', async () => {
    const { id } = items[3]!;
    const path = { workspaceId, id, versionNumber: 1 };
    await admin.submitContentVersion({ path });
    await admin.approveContentVersion({ path });
    const current = await readWithETag(admin, 'getContentVersion', { path });
    const edited = await admin.updateContentVersion({ path, body: { fields: [titleValue('Changed after approval')] } }, { ifMatch: current.etag });
    expect(edited.status).to.equal('Draft');
    expect(edited.returnedToDraftFrom).to.equal('Approved');
  });

  it('duplicateContent and rollbackContentVersion', async () => {
    const { id, slug } = items[0]!;
    const copy = await admin.duplicateContent({ path: { workspaceId, id }, body: {} });
    expect(copy.slug).to.equal(`${slug}-copy`);
    expect(copy.versions.map((v) => [v.versionNumber, v.status])).to.deep.equal([[1, 'Draft']]);
    const named = await admin.duplicateContent({ path: { workspaceId, id }, body: { slug: `${slug}-again` } });
    expect(named.slug).to.equal(`${slug}-again`);
    await admin.createContentVersion({ path: { workspaceId, id }, body: { fields: [titleValue('Second thoughts')] } });
    const rolledBack = await admin.rollbackContentVersion({ path: { workspaceId, id, versionNumber: 1 } });
    expect(rolledBack).to.include({ versionNumber: 3, status: 'Draft', rolledBackFromVersionNumber: 1 });
    expect(rolledBack.fields.find((f) => f.key === 'title')?.textValue).to.equal('Post 0');
  });

  it('compareContentVersions: the item and two versions in one read, defaults latest and the one before', async () => {
    const { id } = items[0]!;
    // items[0] now has versions 1 (Post 0), 2 (Second thoughts) and 3 (rolled back to 1).
    const latest = await admin.compareContentVersions({ path: { workspaceId, id } });
    expect([latest.from.versionNumber, latest.to.versionNumber]).to.deep.equal([2, 3]);
    expect(latest.item.id).to.equal(id);
    expect(latest.children).to.deep.equal([]);
    const picked = await admin.compareContentVersions({ path: { workspaceId, id }, query: { from: 1, to: 2 } });
    expect([picked.from, picked.to].map((v) => v.fields.find((f) => f.key === 'title')?.textValue)).to.deep.equal(['Post 0', 'Second thoughts']);
    const missing = (await admin.compareContentVersions({ path: { workspaceId, id }, query: { from: 9 } }).catch((e: unknown) => e)) as VersoApiError;
    expect(missing).to.be.instanceOf(VersoApiError);
    expect(missing.status).to.equal(404);
  });

  it('draft structure without a tag (as upstream clients) works; a tag that is sent is still compared', async () => {
    const template = await admin.createTemplate({ path: { workspaceId }, body: { name: 'Note', slug: `note-${suffix}` } });
    const version = { workspaceId, id: template.id, versionNumber: 1 };
    // A fresh client has seen no tag: it sends none, and the API proceeds (RFC 9110; upstream's clients).
    const fresh = new VersoClient({ baseUrl: api.url, token: async () => sessionToken });
    const section = await fresh.createTemplateSection({ path: version, body: { name: 'Main', order: 0 } });
    expect(section.name).to.equal('Main');
    // `admin` read the version's tag; the fresh client's change makes it stale, and a write that sends
    // it (as the SDK does with the tag it was given) is 412.
    const seen = await readWithETag(admin, 'getTemplateVersion', { path: version });
    await fresh.createTemplateField({ path: version, body: { key: 'a', label: 'A', order: 0, compositionMode: 'Inline', isOpen: false, primitiveType: 'Text' } });
    const stale = (await admin
      .createTemplateField({ path: version, body: { key: 'b', label: 'B', order: 1, compositionMode: 'Inline', isOpen: false, primitiveType: 'Text' } }, { ifMatch: seen.etag })
      .catch((e: unknown) => e)) as VersoApiError;
    expect(stale).to.be.instanceOf(VersoApiError);
    expect(stale.status).to.equal(412);
  });
});
