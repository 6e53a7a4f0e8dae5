// A publish is one read and one write (issue #24, publish p95 under load): under a busy API each
// round trip waits for the event loop, so the publish now reads what the rules decide on without a
// lock and writes everything in one statement that applies only if none of it changed. These tests
// count the statements, and make the race happen on purpose: a change committed between the read
// and the write (from the interceptor that sees the read finish) must send the publish back to read.
import { expect } from 'chai';
import type { Interceptor } from 'slonik';
import { startTestApi } from '../helpers/api.js';
import { createArticle, dbQuery, expectProblem, expectStatus, newVersion, startContentWorld, text, type ContentWorld } from './content-fixture.js';

describe('POST …/versions/{n}/publish: one read, one write (#24)', () => {
  let w: ContentWorld;
  let recording = false;
  const statements: string[] = [];
  /** Runs after each of the publish's reads finishes, before the write is sent (tests set it). */
  let afterRead: (() => Promise<void>) | null = null;
  const isRead = (text: string) => text.includes('AS prior_defaults');
  const spy: Interceptor = {
    name: 'publish-round-trips',
    afterQueryExecution: async (_context, query) => {
      if (recording) statements.push(query.sql);
      if (afterRead && isRead(query.sql)) await afterRead();
      return null;
    },
  };
  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' }, databaseInterceptors: [spy] }));
  });
  after(() => w.api.close());
  afterEach(() => {
    afterRead = null;
    recording = false;
    statements.length = 0;
  });

  const versionPath = (itemId: string, n: number) => `${w.base}/content/${itemId}/versions/${n}`;
  const route = (itemId: string, n: number, action: string) => `${versionPath(itemId, n)}/${action}`;
  const statuses = async (itemId: string) =>
    (await dbQuery<{ version_number: number; status: string }>(w.api, `SELECT version_number, status FROM content_versions WHERE content_item_id = $1 ORDER BY version_number`, [itemId]))
      .map((r) => `${r.version_number}:${r.status}`);
  const events = async (itemId: string) =>
    (await dbQuery<{ event_type: string; payload: any }>(w.api, `SELECT event_type, payload FROM outbox_events WHERE payload->>'contentItemId' = $1 ORDER BY seq`, [itemId]))
      .filter((e) => e.event_type !== 'content.created' && e.event_type !== 'content.version_created')
      .map((e) => `${e.event_type} v${e.payload.versionNumber} ${e.payload.status}`);
  async function approve(itemId: string, n: number) {
    expectStatus(await w.api.post(route(itemId, n, 'submit'), undefined, { token: w.editor }), 200);
    expectStatus(await w.api.post(route(itemId, n, 'approve'), undefined, { token: w.reviewer }), 200);
  }

  it('sends two statements, no transaction (the delivery-cache barrier rides in the write); the answer is the published version as a read gives it', async () => {
    const item = await createArticle(w, 'Counted');
    await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'two')] });
    expectStatus(await w.api.post(route(item.id, 1, 'publish'), { overrideWorkflow: true }, { token: w.admin }), 200);
    recording = true;
    const res = await w.api.post(route(item.id, 2, 'publish'), { overrideWorkflow: true }, { token: w.admin });
    recording = false;
    expectStatus(res, 200);
    expect(statements.map((s) => (isRead(s) ? 'read' : s.includes('verso_publish_content_version(') ? 'write' : s.includes('pg_notify') ? 'barrier' : s))).to.deep.equal([
      'read',
      'write',
    ]);
    const read = await w.api.get(versionPath(item.id, 2), { token: w.reader });
    expect(res.body.version).to.deep.equal(read.body);
    expect(res.headers.get('etag')).to.equal(read.headers.get('etag'));
    expect(await statuses(item.id)).to.deep.equal(['1:Archived', '2:Published']);
    expect(await events(item.id)).to.deep.equal([
      'content.version_published v1 Published',
      'content.version_status_changed v1 Archived',
      'content.version_published v2 Published',
    ]);
  });

  it('an edit committed between the read and the write sends the publish back to read: the version is a Draft again, 422, nothing published', async () => {
    const item = await createArticle(w, 'Edited');
    await approve(item.id, 1);
    afterRead = async () => {
      afterRead = null;
      // Changed values take an Approved version back to Draft (#25).
      const current = await w.api.get(versionPath(item.id, 1), { token: w.reader });
      const edit = await w.api.put(versionPath(item.id, 1), { fields: [text(w.model.article.fields.title!, 'changed')] }, {
        token: w.editor,
        headers: { 'if-match': current.headers.get('etag')! },
      });
      expectStatus(edit, 200);
    };
    const res = await w.api.post(route(item.id, 1, 'publish'), {}, { token: w.editor });
    expectProblem(res, 422, 'invalid-state-transition');
    expect(res.body.detail).to.equal('Content version cannot transition from Draft to Published.');
    expect(await statuses(item.id)).to.deep.equal(['1:Draft']);
    expect(await events(item.id)).to.not.include('content.version_published v1 Published');
  });

  it('another version published between the read and the write is archived by the retry: one default-published version, its events in order', async () => {
    const item = await createArticle(w, 'Overtaken');
    await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'two')] });
    afterRead = async () => {
      afterRead = null;
      expectStatus(await w.api.post(route(item.id, 2, 'publish'), { overrideWorkflow: true }, { token: w.admin }), 200);
    };
    const res = await w.api.post(route(item.id, 1, 'publish'), { overrideWorkflow: true }, { token: w.admin });
    expectStatus(res, 200);
    expect(await statuses(item.id)).to.deep.equal(['1:Published', '2:Archived']);
    expect(await events(item.id)).to.deep.equal([
      'content.version_published v2 Published',
      'content.version_status_changed v2 Archived',
      'content.version_published v1 Published',
    ]);
    const audit = await dbQuery<{ change_delta: any }>(w.api, `SELECT change_delta FROM audit_log WHERE entity_id = $1 ORDER BY occurred_at, id`, [res.body.version.id]);
    expect(audit.at(-1)!.change_delta.archivedVersionNumbers).to.deep.equal({ before: null, after: [2] });
  });

  it('losing the race twice, the third attempt holds the item lock and publishes', async () => {
    const item = await createArticle(w, 'Unlucky');
    let reads = 0;
    afterRead = async () => {
      // Any write bumps the version's row_version; the third read runs under the item's lock,
      // where a write from elsewhere would wait, so it changes nothing.
      if (++reads <= 2) await dbQuery(w.api, `UPDATE content_versions SET row_version = row_version + 1 WHERE content_item_id = $1`, [item.id]);
    };
    const res = await w.api.post(route(item.id, 1, 'publish'), { overrideWorkflow: true }, { token: w.admin });
    expectStatus(res, 200);
    expect(reads).to.equal(3);
    expect(await statuses(item.id)).to.deep.equal(['1:Published']);
    expect(await events(item.id)).to.deep.equal(['content.version_published v1 Published']);
  });
});
