// Stored delivery documents (issue #24, migration 0028): a by-slug answer at "now" is stored in
// PostgreSQL and served by one lookup while it is exactly what a fresh read would answer. The
// in-process delivery cache is off here, so every request reaches the documents. A document is
// proved SERVED by tampering its stored body (a read shows the tampered text) and proved NOT served
// by the read showing the real data again after a change.
import { expect } from 'chai';
import { statementRecorder } from '../helpers/statements.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import {
  createPerson,
  dbQuery,
  expectStatus,
  newVersion,
  publishNow,
  startColdDeliveryWorld,
  startContentWorld,
  text,
  uniqueSlug,
  type ContentWorld,
} from './content-fixture.js';

const { statements, onStatement } = statementRecorder();

const HOUR = 3_600_000;

describe('stored delivery documents (by-slug at now)', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: ContentWorld;
  before(async () => {
    ({ api, w } = await startColdDeliveryWorld(onStatement));
  });
  after(() => api.close());

  const read = (slug: string, headers: Record<string, string> = {}) => w.api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader, headers });
  const nameOf = async (slug: string) => {
    const res = await read(slug);
    expectStatus(res, 200);
    return res.body.fields.find((f: any) => f.key === 'name').textValue as string;
  };
  const documentOf = async (slug: string) =>
    (await dbQuery(api, 'SELECT * FROM delivery_documents WHERE workspace_id = $1 AND slug = $2 AND expand', [w.ws, slug]))[0];
  /** Rewrites the stored body's text `from` to `to`: a read showing `to` was served from the document. */
  const tamper = (slug: string, from: string, to: string) =>
    dbQuery(api, 'UPDATE delivery_documents SET body = replace(body, $3, $4) WHERE workspace_id = $1 AND slug = $2', [w.ws, slug, from, to]);
  const published = async (name: string, friends: string[] = []) => {
    const p = await createPerson(w, name, friends);
    await publishNow(w, p.id, 1);
    return p;
  };

  it('stores the answer, serves it in one statement, and keeps serving it while another item is published', async () => {
    const child = await published('Child one');
    const parent = await published('Parent one', [child.id]);
    const first = await read(parent.slug);
    expectStatus(first, 200);
    const doc = await documentOf(parent.slug);
    expect(doc).to.include({ item_id: parent.id, etag: first.headers.get('etag') });
    expect(doc.items).to.deep.equal([parent.id, child.id]);
    expect(JSON.parse(doc.body)).to.deep.equal(first.body);

    await tamper(parent.slug, 'Parent one', 'Parent from the document');
    statements.length = 0;
    expect(await nameOf(parent.slug)).to.equal('Parent from the document');
    expect(statements.filter((s) => /delivery_documents|content_/.test(s))).to.have.length(1);

    await published('Someone else');
    expect(await nameOf(parent.slug)).to.equal('Parent from the document');
  });

  it('is not served once an item it embeds changes, at any depth', async () => {
    const grandchild = await published('Grandchild');
    const child = await published('Middle', [grandchild.id]);
    const root = await published('Root', [child.id]);
    expectStatus(await read(root.slug), 200);
    await tamper(root.slug, 'Root', 'Stale root');
    expect(await nameOf(root.slug)).to.equal('Stale root');

    await newVersion(w, grandchild.id, { fields: [text(w.model.person.fields.name!, 'Grandchild v2')] });
    await publishNow(w, grandchild.id, 2);
    const res = await read(root.slug);
    expect(res.body.fields.find((f: any) => f.key === 'name').textValue).to.equal('Root');
    const deepest = res.body.fields.find((f: any) => f.key === 'friends').child.fields.find((f: any) => f.key === 'friends').child;
    expect(deepest.fields[0].textValue).to.equal('Grandchild v2');
  });

  it('never serves a document stored by a read that began before a change committed', async () => {
    const item = await published('Before');
    expectStatus(await read(item.slug), 200);
    const old = await documentOf(item.slug);
    await newVersion(w, item.id, { fields: [text(w.model.person.fields.name!, 'After')] });
    await publishNow(w, item.id, 2);
    // A slow read that saw the old marks and body stores its document only now.
    await dbQuery(api, 'UPDATE delivery_documents SET marks = $3, body = $4, etag = $5 WHERE workspace_id = $1 AND slug = $2',
      [w.ws, item.slug, old.marks, old.body, old.etag]);
    expect(await nameOf(item.slug)).to.equal('After');
    expect((await documentOf(item.slug)).body).to.contain('After');
  });

  it('ends at the first window boundary of what it shows, including an embedded item that serves nothing yet', async () => {
    const later = await createPerson(w, 'Not yet');
    const start = new Date(Date.now() + HOUR);
    start.setUTCMilliseconds(0);
    await newVersion(w, later.id, { effectiveStartAt: start.toISOString(), effectiveEndAt: new Date(start.getTime() + HOUR).toISOString(), fields: [text(w.model.person.fields.name!, 'Later')] });
    await publishNow(w, later.id, 2);
    const parent = await published('Waiting parent', [later.id]);
    const res = await read(parent.slug);
    expectStatus(res, 200);
    expect(res.body.fields.find((f: any) => f.key === 'friends').child ?? null).to.equal(null);
    expect(new Date((await documentOf(parent.slug)).valid_until).toISOString()).to.equal(start.toISOString());
    // Past its boundary a document is not served (here: moved into the past rather than waited for).
    await tamper(parent.slug, 'Waiting parent', 'Expired');
    await dbQuery(api, "UPDATE delivery_documents SET valid_until = now() - interval '1 millisecond' WHERE workspace_id = $1 AND slug = $2", [w.ws, parent.slug]);
    expect(await nameOf(parent.slug)).to.equal('Waiting parent');
  });

  it('is not served after a change to the whole workspace (a template), nor under other URL settings', async () => {
    const item = await published('Workspace wide');
    expectStatus(await read(item.slug), 200);
    await tamper(item.slug, 'Workspace wide', 'Stale');
    expect(await nameOf(item.slug)).to.equal('Stale');
    expectStatus(await w.api.post(`${w.base}/templates`, { name: 'Another', slug: uniqueSlug('another') }, { token: w.reviewer }), 201);
    expect(await nameOf(item.slug)).to.equal('Workspace wide');

    await tamper(item.slug, 'Workspace wide', 'Other links');
    expect(await nameOf(item.slug)).to.equal('Other links');
    await dbQuery(api, "UPDATE delivery_documents SET links = 'made-under-other-settings' WHERE workspace_id = $1 AND slug = $2", [w.ws, item.slug]);
    expect(await nameOf(item.slug)).to.equal('Workspace wide');
  });

  it('follows a slug to the item that holds it now, and answers 404 when none does', async () => {
    const first = await published('First holder');
    expectStatus(await read(first.slug), 200);
    const slug = first.slug;
    const etag = (await w.api.get(`${w.base}/content/${first.id}`, { token: w.reader })).headers.get('etag')!;
    expectStatus(await w.api.put(`${w.base}/content/${first.id}`, { slug: uniqueSlug('moved'), tags: [] }, { token: w.editor, headers: { 'if-match': etag } }), 200);
    expectStatus(await read(slug), 404);
    await published('Second holder').then(async (second) => {
      const secondEtag = (await w.api.get(`${w.base}/content/${second.id}`, { token: w.reader })).headers.get('etag')!;
      expectStatus(await w.api.put(`${w.base}/content/${second.id}`, { slug, tags: [] }, { token: w.editor, headers: { 'if-match': secondEtag } }), 200);
    });
    expect(await nameOf(slug)).to.equal('Second holder');
  });

  it('answers If-None-Match from the document\'s tag (not its body) with 304 and its purge keys', async () => {
    const child = await published('Keyed child');
    const parent = await published('Keyed parent', [child.id]);
    const first = await read(parent.slug);
    const etag = first.headers.get('etag')!;
    statements.length = 0;
    const res = await read(parent.slug, { 'if-none-match': etag });
    expectStatus(res, 304);
    // The document's tag, read without its body: one statement.
    expect(statements.filter((q) => /delivery_documents/.test(q))).to.have.length(1);
    expect(statements.filter((q) => /d\.body/.test(q))).to.have.length(0);
    expect(res.headers.get('etag')).to.equal(etag);
    expect(res.headers.get('surrogate-key')!.split(' ').sort()).to.deep.equal([`ws-${w.ws}`, `item-${parent.id}`, `item-${child.id}`].sort());
  });

  it('stores nothing with Delivery__StoredDocuments=false, and reads at an explicit asOf never use documents', async () => {
    const item = await published('Not stored');
    const other = await startTestApi({ env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0', Delivery__StoredDocuments: 'false' } });
    try {
      const ow = await startContentWorld(other);
      const p = await createPerson(ow, 'Off');
      await publishNow(ow, p.id, 1);
      expectStatus(await other.get(`${ow.base}/content/by-slug/${p.slug}`, { token: ow.reader }), 200);
      expect(await dbQuery(other, 'SELECT 1 FROM delivery_documents WHERE workspace_id = $1', [ow.ws])).to.have.length(0);
    } finally {
      await other.close();
    }
    expectStatus(await read(item.slug), 200);
    await tamper(item.slug, 'Not stored', 'Tampered');
    const at = await w.api.get(`${w.base}/content/by-slug/${item.slug}?asOf=${encodeURIComponent(new Date().toISOString())}`, { token: w.reader });
    expect(at.body.fields.find((f: any) => f.key === 'name').textValue).to.equal('Not stored');
  });
});
