// A release under concurrency: an edit of an entry racing the publish never leaves half a release
// (the entries' items are locked in id order, the validation runs under those locks), and a
// scheduled release fires exactly once with the scheduler running in two API replicas.
import { expect } from 'chai';
import { sql } from 'slonik';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { within } from '../helpers/wait.js';
import { dbQuery, expectProblem, expectStatus, startContentWorld, text, type ContentWorld } from '../content/content-fixture.js';
import { addEntry, approvedArticle, createRelease, releasesOf, statuses } from './release-fixture.js';

/** Backends of this database waiting on a row lock whose query contains `fragment`. */
const waitingOn = async (api: TestApi, fragment: string) =>
  (await dbQuery(api, `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`, [`%${fragment}%`])).length;

describe('releases under concurrency', function () {
  this.timeout(90_000);

  describe('an edit of an entry racing the publish', () => {
    let w: ContentWorld;
    before(async () => {
      w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
    });
    after(() => w.api.close());

    /** Two approved items in a release, ordered by id (the order the publish locks them). */
    async function twoEntryRelease() {
      const items = [await approvedArticle(w, 'One'), await approvedArticle(w, 'Two')].sort((a, b) => (a.id < b.id ? -1 : 1));
      const r = await createRelease(w);
      for (const item of items) await addEntry(w, r.id, item.id, 1);
      return { r, first: items[0]!, second: items[1]! };
    }

    it('an edit that holds its item when the publish starts commits first: the publish then finds it changed, 422, and publishes nothing', async () => {
      const { r, first, second } = await twoEntryRelease();
      const db = w.api.running.deps.db;
      let publishing: Promise<ApiResponse> | undefined;
      await db.transaction(async (tx) => {
        // An edit of the second entry, as the API's edit makes it: its item locked, then its values changed.
        await tx.query(sql.unsafe`SELECT id FROM content_items WHERE id = ${second.id} FOR UPDATE`);
        await tx.query(sql.unsafe`
          UPDATE content_field_values SET text_value = 'Edited meanwhile'
          WHERE content_version_id = (SELECT id FROM content_versions WHERE content_item_id = ${second.id} AND version_number = 1)`);
        publishing = w.api.post(`${releasesOf(w)}/${r.id}/publish`, undefined, { token: w.editor });
        // The publish has locked the first item and waits for the second.
        await within(20_000, async () => (await waitingOn(w.api, 'FOR UPDATE')) > 0);
      });
      const res = await publishing!;
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.problems.map((p: { itemId: string; reason: string }) => `${p.itemId}:${p.reason}`)).to.deep.equal([`${second.id}:ChangedSinceAdded`]);
      expect(await statuses(w, first.id)).to.deep.equal(['1:Approved']);
      expect(await statuses(w, second.id)).to.deep.equal(['1:Approved']);
      expect((await w.api.get(`${releasesOf(w)}/${r.id}`, { token: w.editor })).body.state).to.equal('Open');
      expect(await dbQuery(w.api, `SELECT 1 FROM outbox_events WHERE event_type = 'release.published' AND payload->>'releaseId' = $1`, [r.id])).to.have.length(0);
    });

    it('an edit that comes while the publish holds the items waits, and finds the version published: the whole release went out', async () => {
      const { r, first, second } = await twoEntryRelease();
      const db = w.api.running.deps.db;
      const path = `${w.base}/content/${first.id}/versions/1`;
      const headers = await w.api.ifMatch(path, w.editor);
      let publishing: Promise<ApiResponse> | undefined;
      let editing: Promise<Awaited<ReturnType<typeof w.api.put>>> | undefined;
      await db.transaction(async (tx) => {
        // Something else holds the second item: the publish takes the first, then waits for the second.
        await tx.query(sql.unsafe`SELECT id FROM content_items WHERE id = ${second.id} FOR UPDATE`);
        publishing = w.api.post(`${releasesOf(w)}/${r.id}/publish`, undefined, { token: w.editor });
        await within(20_000, async () => (await waitingOn(w.api, 'FOR UPDATE')) === 1);
        // The edit of the first entry now waits for the publish's lock on its item.
        editing = w.api.put(path, { fields: [text(w.model.article.fields.title!, 'Too late')] }, { token: w.editor, headers });
        await within(20_000, async () => (await waitingOn(w.api, 'FOR UPDATE')) === 2);
      });
      expectStatus(await publishing!, 200);
      const edit = await editing!;
      expect(edit.status, JSON.stringify(edit.body)).not.to.equal(200);
      expect(await statuses(w, first.id)).to.deep.equal(['1:Published']);
      expect(await statuses(w, second.id)).to.deep.equal(['1:Published']);
      const [title] = await dbQuery(w.api, `SELECT text_value FROM content_field_values fv JOIN content_versions cv ON cv.id = fv.content_version_id WHERE cv.content_item_id = $1 AND fv.field_id = $2`, [first.id, w.model.article.fields.title]);
      expect(title.text_value).to.equal('One');
    });
  });

  describe('a scheduled release with the scheduler in two replicas', () => {
    let w: ContentWorld;
    let b: TestApi;
    const env = { Workers__ScheduledPublishing__IntervalSeconds: '1' };
    before(async () => {
      w = await startContentWorld(await startTestApi({ env }));
      b = await startTestApi({ env, databaseUrl: w.api.databaseUrl });
    });
    after(async () => {
      await b?.close();
      await w?.api.close();
    });

    it('publishes it exactly once when its time comes', async () => {
      const items = [await approvedArticle(w, 'Sched one'), await approvedArticle(w, 'Sched two'), await approvedArticle(w, 'Sched three')];
      const r = await createRelease(w, { publishAt: new Date(Date.now() + 1500).toISOString() });
      for (const item of items) await addEntry(w, r.id, item.id, 1);
      await within(30_000, async () => (await w.api.get(`${releasesOf(w)}/${r.id}`, { token: w.editor })).body.state === 'Published');
      const released = await dbQuery(w.api, `SELECT 1 FROM outbox_events WHERE event_type = 'release.published' AND payload->>'releaseId' = $1`, [r.id]);
      expect(released).to.have.length(1);
      for (const item of items) {
        expect(await statuses(w, item.id)).to.deep.equal(['1:Published']);
        expect(await dbQuery(w.api, `SELECT 1 FROM outbox_events WHERE event_type = 'content.version_published' AND payload->>'contentItemId' = $1`, [item.id])).to.have.length(1);
      }
      const got = (await b.get(`${releasesOf(w)}/${r.id}`, { token: w.editor })).body;
      expect(got).to.deep.include({ state: 'Published', publishAt: null });
    });

    it('a scheduled release with a problem becomes Failed with the problems kept, publishes nothing and is editable again', async () => {
      const ok = await approvedArticle(w, 'Fine');
      const draft = await w.api.post(`${w.base}/content`, {
        templateVersionId: w.model.article.versionId, slug: `draft-${Date.now()}`, localeCode: 'en', tags: [], fields: [text(w.model.article.fields.title!, 'Draft')],
      }, { token: w.editor });
      expectStatus(draft, 201);
      const r = await createRelease(w, { publishAt: new Date(Date.now() + 1500).toISOString() });
      await addEntry(w, r.id, ok.id, 1);
      await addEntry(w, r.id, draft.body.id, 1);
      await within(30_000, async () => (await w.api.get(`${releasesOf(w)}/${r.id}`, { token: w.editor })).body.state === 'Failed');
      const got = (await w.api.get(`${releasesOf(w)}/${r.id}`, { token: w.editor })).body;
      expect(got.publishAt).to.equal(null);
      expect(got.failure.problems).to.deep.equal([{ itemId: draft.body.id, versionNumber: 1, reason: 'NotApproved', message: 'Version 1 is Draft; only an Approved version can be published.', referencedItemId: null }]);
      expect(await statuses(w, ok.id)).to.deep.equal(['1:Approved']);
      expectStatus(await w.api.delete(`${releasesOf(w)}/${r.id}/entries/${draft.body.id}`, { token: w.editor }), 204);
      expectStatus(await w.api.post(`${releasesOf(w)}/${r.id}/publish`, undefined, { token: w.editor }), 200);
      expect(await statuses(w, ok.id)).to.deep.equal(['1:Published']);
    });
  });
});
