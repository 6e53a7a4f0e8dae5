import { expect } from 'chai';
import { startTestApi } from '../helpers/api.js';
import { claimDueSchedules } from '../../server/src/db/content/content-schedules.js';
import { createLogger } from '../../server/src/logging/logger.js';
import { newLease } from '../../server/src/workers/lease.js';
import { createWorkers } from '../../server/src/workers/index.js';
import { createScheduledPublishingWorker, publishClaimedSchedule } from '../../server/src/workers/scheduled-publishing.js';
import { MemoryLog } from '../helpers/memory-log.js';
import { readInstruments, scheduleDelta } from '../helpers/metrics.js';
import { createArticle, dbQuery, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from './content-fixture.js';

describe('scheduled publication', () => {
  let w: ContentWorld;
  before(async () => {
    // The API's own worker is off so each test decides when a pass runs.
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
  });
  after(() => w.api.close());
  const db = () => w.api.running.deps.db;
  const metrics = () => w.api.running.deps.metrics;
  const worker = () => createScheduledPublishingWorker(db(), createLogger({ level: 'error', stream: new MemoryLog() }), metrics().schedule, { batchSize: 10 });
  const pass = () => worker().runOnce(new AbortController().signal);

  /** An item whose version 1 is published and version 2 is Approved and scheduled `publishAt`. */
  async function scheduledItem(publishAt: string) {
    const item = await createArticle(w, 'Scheduled');
    await publishNow(w, item.id, 1);
    await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'next')] });
    await w.api.post(`${w.base}/content/${item.id}/versions/2/submit`, undefined, { token: w.editor });
    await w.api.post(`${w.base}/content/${item.id}/versions/2/approve`, undefined, { token: w.reviewer });
    const res = await w.api.post(`${w.base}/content/${item.id}/versions/2/publish`, { publishAt }, { token: w.editor });
    expectStatus(res, 200);
    return { itemId: item.id, res };
  }
  const statuses = async (itemId: string) =>
    (await dbQuery<{ s: string }>(w.api, `SELECT version_number || ':' || status AS s FROM content_versions WHERE content_item_id = $1 ORDER BY version_number`, [itemId])).map((r) => r.s);

  it('publishes a due Approved version like the API does, with content.version_published, and leaves future ones', async () => {
    const future = await scheduledItem('2099-01-01T00:00:00Z');
    const due = await scheduledItem(new Date(Date.now() - 1000).toISOString());
    expect(due.res.body.warnings).to.have.length(1);
    const handled = await worker().runOnce(new AbortController().signal);
    expect(handled).to.equal(1);
    expect(await statuses(due.itemId)).to.deep.equal(['1:Archived', '2:Published']);
    expect(await statuses(future.itemId)).to.deep.equal(['1:Published', '2:Approved']);
    const events = await dbQuery<{ event_type: string; payload: any }>(
      w.api,
      `SELECT event_type, payload FROM outbox_events WHERE payload->>'contentItemId' = $1 AND event_type = 'content.version_published' ORDER BY seq`,
      [due.itemId],
    );
    expect(events.map((e) => e.payload.versionNumber)).to.deep.equal([1, 2]);
    const row = await dbQuery<{ publish_at: unknown; schedule_lease_owner: unknown }>(w.api, `SELECT publish_at, schedule_lease_owner FROM content_versions WHERE content_item_id = $1 AND version_number = 2`, [due.itemId]);
    expect(row).to.deep.equal([{ publish_at: null, schedule_lease_owner: null }]);
  });

  it('two replicas draining the queue publish each version exactly once', async () => {
    const items = await Promise.all([1, 2, 3, 4, 5].map(() => scheduledItem(new Date(Date.now() - 1000).toISOString())));
    const [a, b] = [worker(), worker()];
    await Promise.all([a.runOnce(new AbortController().signal), b.runOnce(new AbortController().signal), a.runOnce(new AbortController().signal)]);
    for (const { itemId } of items) {
      expect(await statuses(itemId)).to.deep.equal(['1:Archived', '2:Published']);
      const published = await dbQuery(w.api, `SELECT 1 FROM outbox_events WHERE payload->>'contentItemId' = $1 AND event_type = 'content.version_published'`, [itemId]);
      expect(published).to.have.length(2);
    }
  });

  it('a worker whose lease expired and was taken over cannot publish; an edit unschedules a claimed version', async () => {
    const { itemId } = await scheduledItem(new Date(Date.now() - 1000).toISOString());
    const stale = newLease(50);
    const [claim] = await claimDueSchedules(db(), stale, 1);
    expect(claim!.content_item_id).to.equal(itemId);
    await new Promise((r) => setTimeout(r, 80));
    const fresh = newLease(60_000);
    const [again] = await claimDueSchedules(db(), fresh, 1);
    expect(again!.id).to.equal(claim!.id);
    expect([claim!.reclaimed, again!.reclaimed]).to.deep.equal([false, true]);
    expect(await publishClaimedSchedule(db(), claim!, stale)).to.deep.equal({ kind: 'lost' });
    expect(await statuses(itemId)).to.deep.equal(['1:Published', '2:Approved']);

    // The editor changes the version while it is claimed: the schedule (and the claim) are gone.
    const etag = (await w.api.get(`${w.base}/content/${itemId}/versions/2`, { token: w.reader })).headers.get('etag')!;
    expectStatus(await w.api.put(`${w.base}/content/${itemId}/versions/2`, { fields: [text(w.model.article.fields.title!, 'edited')] }, { token: w.editor, headers: { 'if-match': etag } }), 200);
    expect(await publishClaimedSchedule(db(), again!, fresh)).to.deep.equal({ kind: 'lost' });
    // …and, its values changed, the approval with it (#25).
    expect(await statuses(itemId)).to.deep.equal(['1:Published', '2:Draft']);
    expect(await claimDueSchedules(db(), newLease(1000), 10)).to.deep.equal([]);
  });

  it('an incomplete scheduled version fails visibly: not published, its schedule cleared, the failure audited (#25)', async () => {
    const { itemId } = await scheduledItem(new Date(Date.now() - 1000).toISOString());
    // Approved and scheduled before Drafts could be incomplete, its required title has since gone.
    await dbQuery(w.api, `DELETE FROM content_field_values WHERE content_version_id = (SELECT id FROM content_versions WHERE content_item_id = $1 AND version_number = 2)`, [itemId]);
    const before = await readInstruments(metrics());
    expect(await pass()).to.equal(1);
    expect(await statuses(itemId)).to.deep.equal(['1:Published', '2:Approved']);
    const row = await dbQuery<{ publish_at: unknown; schedule_lease_owner: unknown }>(w.api, `SELECT publish_at, schedule_lease_owner FROM content_versions WHERE content_item_id = $1 AND version_number = 2`, [itemId]);
    expect(row).to.deep.equal([{ publish_at: null, schedule_lease_owner: null }]);
    const delta = scheduleDelta(before, await readInstruments(metrics()));
    expect(delta).to.include({ published: 0, failures: 1 });
    const audit = await dbQuery<{ action: string; actor_type: unknown; change_delta: any }>(
      w.api,
      `SELECT action, change_delta FROM audit_log WHERE content_item_id = $1 AND change_delta ? 'scheduledPublicationFailed'`,
      [itemId],
    );
    expect(audit).to.have.length(1);
    expect(audit[0]!.action).to.equal('Updated');
    expect(audit[0]!.change_delta.missingFields.after).to.deep.equal(['/fields/title']);
    expect(audit[0]!.change_delta.publishAt.after).to.equal(null);
    const published = await dbQuery(w.api, `SELECT 1 FROM outbox_events WHERE payload->>'contentItemId' = $1 AND event_type = 'content.version_published' AND (payload->>'versionNumber')::int = 2`, [itemId]);
    expect(published).to.deep.equal([]);
    // Not claimed again on the next pass.
    expect(await pass()).to.equal(0);
  });

  it("never claims nor counts as due a version of a deleted item", async () => {
    const { itemId } = await scheduledItem(new Date(Date.now() - 1000).toISOString());
    const before = await readInstruments(metrics());
    const etag = (await w.api.get(`${w.base}/content/${itemId}`, { token: w.reader })).headers.get('etag')!;
    expectStatus(await w.api.delete(`${w.base}/content/${itemId}`, { token: w.editor, headers: { 'if-match': etag } }), 204);
    expect(scheduleDelta(before, await readInstruments(metrics())).due).to.equal(-1);
    const claims = await claimDueSchedules(db(), newLease(60_000), 100);
    expect(claims.map((c) => c.content_item_id)).to.not.include(itemId);
    expect(await statuses(itemId)).to.deep.equal(['1:Published', '2:Approved']);
  });

  it("shows a scheduled publication to this server's cached delivery reads at once", async () => {
    const { itemId } = await scheduledItem(new Date(Date.now() - 1000).toISOString());
    const { slug } = (await w.api.get(`${w.base}/content/${itemId}`, { token: w.reader })).body;
    const bySlug = `${w.base}/content/by-slug/${slug}`;
    await w.api.get(bySlug, { token: w.reader });
    const cached = await w.api.get(bySlug, { token: w.reader });
    expect(cached.headers.get('x-verso-cache')).to.equal('hit');
    expect(cached.body.versionNumber).to.equal(1);
    // The worker as the API process wires it (workers/index.ts), not a bare one.
    const [scheduler] = createWorkers(w.api.running.deps);
    expect(await scheduler!.runOnce(new AbortController().signal)).to.equal(1);
    const after = await w.api.get(bySlug, { token: w.reader });
    expect(after.body.versionNumber).to.equal(2);
    expect(after.body.fields[0].textValue).to.equal('next');
  });

  describe('metrics (meter Verso.Operational)', () => {
    it('a due version counts as due until the worker claims and publishes it; a future one does not count', async () => {
      const before = await readInstruments(metrics());
      await scheduledItem('2099-01-01T00:00:00Z');
      const { itemId } = await scheduledItem(new Date(Date.now() - 1000).toISOString());
      const scheduled = await readInstruments(metrics());
      expect(scheduleDelta(before, scheduled)).to.deep.equal({ due: 1, claimed: 0, reclaimed: 0, published: 0, failures: 0 });
      expect(await pass()).to.equal(1);
      expect(await statuses(itemId)).to.deep.equal(['1:Archived', '2:Published']);
      expect(scheduleDelta(scheduled, await readInstruments(metrics()))).to.deep.equal({ due: -1, claimed: 1, reclaimed: 0, published: 1, failures: 0 });
    });

    it('a failing publication counts as a failure, stays due and is published by a later pass', async () => {
      const { itemId } = await scheduledItem(new Date(Date.now() - 1000).toISOString());
      // A trigger makes this one item's publish fail inside the publishing transaction, as a database error would.
      await dbQuery(w.api, `CREATE FUNCTION refuse_publish() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'publish refused'; END $$`);
      await dbQuery(w.api, `CREATE TRIGGER refuse_publish BEFORE UPDATE ON content_versions FOR EACH ROW
        WHEN (NEW.status = 'Published' AND NEW.content_item_id = '${itemId}') EXECUTE FUNCTION refuse_publish()`);
      const before = await readInstruments(metrics());
      try {
        expect(await pass()).to.equal(1);
      } finally {
        await dbQuery(w.api, 'DROP TRIGGER refuse_publish ON content_versions');
        await dbQuery(w.api, 'DROP FUNCTION refuse_publish()');
      }
      const failed = await readInstruments(metrics());
      expect(scheduleDelta(before, failed)).to.deep.equal({ due: 0, claimed: 1, reclaimed: 0, published: 0, failures: 1 });
      expect(await statuses(itemId)).to.deep.equal(['1:Published', '2:Approved']);

      // The claim was given back, so the next pass takes it up at once, as a fresh claim.
      expect(await pass()).to.equal(1);
      expect(await statuses(itemId)).to.deep.equal(['1:Archived', '2:Published']);
      expect(scheduleDelta(failed, await readInstruments(metrics()))).to.deep.equal({ due: -1, claimed: 1, reclaimed: 0, published: 1, failures: 0 });
    });

    it('a claim taken over from an expired lease counts as claimed and reclaimed', async () => {
      const { itemId } = await scheduledItem(new Date(Date.now() - 1000).toISOString());
      const [abandoned] = await claimDueSchedules(db(), newLease(50), 1);
      expect(abandoned!.content_item_id).to.equal(itemId);
      await new Promise((r) => setTimeout(r, 80));
      const before = await readInstruments(metrics());
      expect(await pass()).to.equal(1);
      expect(await statuses(itemId)).to.deep.equal(['1:Archived', '2:Published']);
      expect(scheduleDelta(before, await readInstruments(metrics()))).to.deep.equal({ due: -1, claimed: 1, reclaimed: 1, published: 1, failures: 0 });
    });
  });
});
