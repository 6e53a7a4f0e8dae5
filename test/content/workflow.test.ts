import { expect } from 'chai';
import { createArticle, dbQuery, expectProblem, expectStatus, newVersion, startContentWorld, text, type ContentWorld } from './content-fixture.js';

describe('content workflow', () => {
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  const route = (itemId: string, n: number, action: string) => `${w.base}/content/${itemId}/versions/${n}/${action}`;
  const statusOf = async (itemId: string) =>
    (await dbQuery<{ version_number: number; status: string }>(w.api, `SELECT version_number, status FROM content_versions WHERE content_item_id = $1 ORDER BY version_number`, [itemId]))
      .map((r) => `${r.version_number}:${r.status}`);
  async function approved(itemId: string, n: number) {
    expectStatus(await w.api.post(route(itemId, n, 'submit'), undefined, { token: w.editor }), 200);
    expectStatus(await w.api.post(route(itemId, n, 'approve'), undefined, { token: w.reviewer }), 200);
  }

  describe('POST …/versions/{n}/submit|approve|reject|archive|restore', () => {
    it('walks Draft → Review → Draft (reject with reason) → Review → Approved, recording each change', async () => {
      const item = await createArticle(w, 'Flow');
      const submitted = await w.api.post(route(item.id, 1, 'submit'), undefined, { token: w.editor });
      expectStatus(submitted, 200);
      expect(submitted.body.status).to.equal('Review');
      expectProblem(await w.api.post(route(item.id, 1, 'approve'), undefined, { token: w.editor }), 403, 'forbidden');
      const rejected = await w.api.post(route(item.id, 1, 'reject'), { reason: 'Needs a better title' }, { token: w.reviewer });
      expectStatus(rejected, 200);
      expect(rejected.body.status).to.equal('Draft');
      expectProblem(await w.api.post(route(item.id, 1, 'reject'), {}, { token: w.reviewer }), 400, 'bad-request');
      await approved(item.id, 1);
      expect(await statusOf(item.id)).to.deep.equal(['1:Approved']);
      const audit = await dbQuery<{ entity_type: string; action: string; change_delta: any }>(
        w.api,
        `SELECT entity_type, action, change_delta FROM audit_log WHERE entity_id = $1 ORDER BY occurred_at, id`,
        [submitted.body.id],
      );
      expect(audit.map((a) => [a.entity_type, a.action])).to.deep.equal([
        ['ContentVersion', 'StatusChanged'], ['ContentVersion', 'StatusChanged'], ['ContentVersion', 'StatusChanged'], ['ContentVersion', 'StatusChanged'],
      ]);
      expect(audit[1]!.change_delta.reason).to.deep.equal({ before: null, after: 'Needs a better title' });
      const events = await dbQuery<{ event_type: string; payload: any }>(w.api, `SELECT event_type, payload FROM outbox_events WHERE entity_id = $1 ORDER BY seq`, [submitted.body.id]);
      expect(events.map((e) => [e.event_type, e.payload.status])).to.deep.equal([
        ['content.version_status_changed', 'Review'], ['content.version_status_changed', 'Draft'],
        ['content.version_status_changed', 'Review'], ['content.version_status_changed', 'Approved'],
      ]);
    });

    it('answers 422 invalid-state-transition for a move the status does not allow', async () => {
      const item = await createArticle(w, 'Bad');
      const res = await w.api.post(route(item.id, 1, 'archive'), undefined, { token: w.editor });
      expectProblem(res, 422, 'invalid-state-transition');
      expect(res.body.detail).to.equal('Content version cannot transition from Draft to Archived.');
      expectProblem(await w.api.post(route(item.id, 1, 'approve'), undefined, { token: w.reviewer }), 422, 'invalid-state-transition');
      expectProblem(await w.api.post(route(item.id, 1, 'publish'), {}, { token: w.editor }), 422, 'invalid-state-transition');
      expect(await statusOf(item.id)).to.deep.equal(['1:Draft']);
    });

    it('archives a Published version and restores an Archived one as a Draft', async () => {
      const item = await createArticle(w, 'Arch');
      await approved(item.id, 1);
      expectStatus(await w.api.post(route(item.id, 1, 'publish'), undefined, { token: w.editor }), 200);
      const archived = await w.api.post(route(item.id, 1, 'archive'), undefined, { token: w.editor });
      expect(archived.body).to.include({ status: 'Archived' });
      expect(archived.body.archivedAt).to.be.a('string');
      const restored = await w.api.post(route(item.id, 1, 'restore'), undefined, { token: w.editor });
      expect(restored.body).to.include({ status: 'Draft', archivedAt: null, publishedAt: null });
    });

    it('has no item-level workflow routes', async () => {
      const item = await createArticle(w, 'Nope');
      for (const action of ['submit', 'publish', 'rollback', 'archive']) {
        expectProblem(await w.api.post(`${w.base}/content/${item.id}/${action}`, {}, { token: w.admin }), 404, 'not-found');
      }
    });
  });

  describe('POST …/versions/{n}/publish', () => {
    it('archives the prior default-published version first and records both changes in the outbox', async () => {
      const item = await createArticle(w, 'Pub');
      await approved(item.id, 1);
      const first = await w.api.post(route(item.id, 1, 'publish'), {}, { token: w.editor });
      expectStatus(first, 200);
      expect(first.body.warnings).to.deep.equal([]);
      expect(first.body.version).to.include({ status: 'Published', publishAt: null });
      expect(first.body.version.publishedAt).to.be.a('string');
      await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'second')] });
      await approved(item.id, 2);
      expectStatus(await w.api.post(route(item.id, 2, 'publish'), undefined, { token: w.editor }), 200);
      expect(await statusOf(item.id)).to.deep.equal(['1:Archived', '2:Published']);
      const events = await dbQuery<{ event_type: string; payload: any }>(
        w.api,
        `SELECT event_type, payload FROM outbox_events WHERE payload->>'contentItemId' = $1 AND event_type IN ('content.version_published', 'content.version_status_changed') AND (payload->>'status') IN ('Published', 'Archived') ORDER BY seq`,
        [item.id],
      );
      expect(events.map((e) => [e.event_type, e.payload.versionNumber, e.payload.status])).to.deep.equal([
        ['content.version_published', 1, 'Published'],
        ['content.version_status_changed', 1, 'Archived'],
        ['content.version_published', 2, 'Published'],
      ]);
    });

    it('records the archive and the publish in the audit log in that order, in the one transaction', async () => {
      const item = await createArticle(w, 'Audited');
      await approved(item.id, 1);
      expectStatus(await w.api.post(route(item.id, 1, 'publish'), {}, { token: w.editor }), 200);
      await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'second')] });
      await approved(item.id, 2);
      expectStatus(await w.api.post(route(item.id, 2, 'publish'), {}, { token: w.editor }), 200);
      const entries = await dbQuery<{ action: string; change_delta: any; xid: string }>(
        w.api,
        `SELECT action, change_delta, xmin::text AS xid FROM audit_log WHERE content_item_id = $1 AND action = 'StatusChanged' ORDER BY occurred_at, id`,
        [item.id],
      );
      const last = entries.slice(-2);
      expect(last.map((e) => e.change_delta.status.after)).to.deep.equal(['Archived', 'Published']);
      expect(last[0]!.change_delta.supersededByVersionNumber).to.deep.equal({ before: null, after: 2 });
      expect(last[0]!.xid).to.equal(last[1]!.xid);
    });

    it("runs the serving-row and delivery-notice triggers on generic plans (migration 0017: planning was most of a publish's trigger time)", async () => {
      const rows = await dbQuery<{ name: string; config: string[] | null }>(
        w.api,
        `SELECT proname AS name, proconfig AS config FROM pg_proc WHERE proname IN ('verso_refresh_content_serving', 'verso_content_serving_from_versions',
           'verso_content_serving_from_items', 'verso_announce_delivery_items', 'verso_announce_delivery_change') ORDER BY proname`,
      );
      expect(rows).to.have.length(5);
      for (const r of rows) expect(r.config, r.name).to.include('plan_cache_mode=force_generic_plan');
    });

    it('republishes an older version (lower id) over a newer one', async () => {
      const item = await createArticle(w, 'Old');
      await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'new')] });
      await approved(item.id, 1);
      await approved(item.id, 2);
      expectStatus(await w.api.post(route(item.id, 2, 'publish'), {}, { token: w.editor }), 200);
      expectStatus(await w.api.post(route(item.id, 1, 'publish'), {}, { token: w.editor }), 200);
      expect(await statusOf(item.id)).to.deep.equal(['1:Published', '2:Archived']);
    });

    it('lets only an Admin override the workflow, and never together with a schedule', async () => {
      const item = await createArticle(w, 'Override');
      expectProblem(await w.api.post(route(item.id, 1, 'publish'), { overrideWorkflow: true }, { token: w.editor }), 403, 'forbidden');
      expectProblem(await w.api.post(route(item.id, 1, 'publish'), { overrideWorkflow: true, publishAt: '2099-01-01T00:00:00Z' }, { token: w.admin }), 422, 'invalid-state-transition');
      expectProblem(await w.api.post(route(item.id, 1, 'publish'), { publishAt: '2099-01-01T00:00:00Z' }, { token: w.admin }), 422, 'invalid-state-transition');
      const res = await w.api.post(route(item.id, 1, 'publish'), { overrideWorkflow: true }, { token: w.admin });
      expectStatus(res, 200);
      expect(res.body.version.status).to.equal('Published');
      expect(res.body.version.publishedByUserId).to.be.a('string');
    });

    it('a failed publish leaves everything as it was (the archival is rolled back too)', async () => {
      const item = await createArticle(w, 'Fail');
      await approved(item.id, 1);
      expectStatus(await w.api.post(route(item.id, 1, 'publish'), {}, { token: w.editor }), 200);
      await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'doomed')] });
      await approved(item.id, 2);
      // Make the last statement of the publish transaction (its outbox record) fail.
      await dbQuery(w.api, `CREATE FUNCTION fail_publish() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.event_type = 'content.version_published' AND NEW.payload->>'contentItemId' = '${item.id}' THEN RAISE EXCEPTION 'injected'; END IF; RETURN NEW; END $$`);
      await dbQuery(w.api, `CREATE TRIGGER fail_publish BEFORE INSERT ON outbox_events FOR EACH ROW EXECUTE FUNCTION fail_publish()`);
      try {
        const res = await w.api.post(route(item.id, 2, 'publish'), {}, { token: w.editor });
        expectProblem(res, 500, 'internal-server-error');
      } finally {
        await dbQuery(w.api, `DROP TRIGGER fail_publish ON outbox_events`);
        await dbQuery(w.api, `DROP FUNCTION fail_publish()`);
      }
      expect(await statusOf(item.id)).to.deep.equal(['1:Published', '2:Approved']);
    });
  });

  describe('two default-published versions never exist', () => {
    it('8 clients racing to publish different versions of one item end with exactly one default-published version', async () => {
      const item = await createArticle(w, 'Race');
      for (let n = 2; n <= 8; n++) await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, `v${n}`)] });
      for (let round = 0; round < 3; round++) {
        for (let n = 1; n <= 8; n++) {
          // Every round starts from eight Drafts: the last winner is archived, then all are restored.
          const v = (await w.api.get(`${w.base}/content/${item.id}/versions/${n}`, { token: w.reader })).body;
          if (v.status === 'Published') await w.api.post(route(item.id, n, 'archive'), undefined, { token: w.editor });
          if (v.status !== 'Draft') expectStatus(await w.api.post(route(item.id, n, 'restore'), undefined, { token: w.editor }), 200);
        }
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) => w.api.post(route(item.id, i + 1, 'publish'), { overrideWorkflow: true }, { token: w.admin })),
        );
        expect(results.map((r) => r.status)).to.deep.equal(Array(8).fill(200));
        const published = await dbQuery<{ n: number }>(w.api, `SELECT count(*)::int AS n FROM content_versions WHERE content_item_id = $1 AND status = 'Published' AND effective_start_at IS NULL`, [item.id]);
        expect(published).to.deep.equal([{ n: 1 }]);
        const archived = await dbQuery<{ n: number }>(w.api, `SELECT count(*)::int AS n FROM content_versions WHERE content_item_id = $1 AND status = 'Archived'`, [item.id]);
        expect(archived).to.deep.equal([{ n: 7 }]);
      }
    });

    it('the database itself refuses a second default-published version', async () => {
      const item = await createArticle(w, 'Index');
      await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'two')] });
      await w.api.post(route(item.id, 1, 'publish'), { overrideWorkflow: true }, { token: w.admin });
      let error: unknown;
      try {
        await dbQuery(w.api, `UPDATE content_versions SET status = 'Published', published_at = now() WHERE content_item_id = $1 AND version_number = 2`, [item.id]);
      } catch (err) {
        error = err;
      }
      expect(String(error)).to.match(/content_versions_one_default_published/);
    });
  });
});
