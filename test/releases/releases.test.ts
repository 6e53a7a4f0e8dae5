// Releases: built by Editors (CRUD with If-Match, one entry per item), validated (every
// ReleaseProblemReason), published in one transaction through the single-publish paths (each item's
// events and audit, one release.published with the union of purge keys), reverted, and refused to
// those who may not publish.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { child, createArticle, createPerson, dbQuery, expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from '../content/content-fixture.js';
import { addEntry, approve, approvedArticle, createRelease, expectServes, releasesOf, statuses } from './release-fixture.js';

describe('releases', function () {
  this.timeout(60_000);
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  const one = (id: string) => `${releasesOf(w)}/${id}`;

  describe('create, read, update and delete', () => {
    it('creates an Open release (201, Location, ETag), audited, and lists it', async () => {
      const res = await w.api.post(releasesOf(w), { name: 'Launch', description: 'The spring launch' }, { token: w.editor });
      expectStatus(res, 201);
      expect(res.headers.get('location')).to.equal(`${releasesOf(w)}/${res.body.id}`);
      expect(res.headers.get('etag')).to.match(/^"1-/);
      expect(res.body).to.deep.include({ name: 'Launch', description: 'The spring launch', state: 'Open', publishAt: null, entryCount: 0, entries: [], failure: null });
      const list = await w.api.get(`${releasesOf(w)}?state=Open`, { token: w.readOnlyEditor });
      expectStatus(list, 200);
      expect(list.body.items.map((r: { id: string }) => r.id)).to.include(res.body.id);
      const [audit] = await dbQuery(w.api, `SELECT action, change_delta FROM audit_log WHERE entity_type = 'Release' AND entity_id = $1`, [res.body.id]);
      expect(audit.action).to.equal('Created');
    });

    it('schedules with a future publishAt and refuses a past one (422 at /publishAt) and a blank name (400)', async () => {
      const at = new Date(Date.now() + 3_600_000).toISOString();
      const scheduled = await createRelease(w, { publishAt: at });
      expect(scheduled).to.deep.include({ state: 'Scheduled', publishAt: at });
      const past = await w.api.post(releasesOf(w), { name: 'Late', publishAt: new Date(Date.now() - 60_000).toISOString() }, { token: w.editor });
      expectProblem(past, 422, 'validation-failed');
      expect(past.body.errors).to.deep.equal({ '/publishAt': ['Must be in the future.'] });
      const blank = await w.api.post(releasesOf(w), { name: '   ' }, { token: w.editor });
      expectProblem(blank, 400, 'bad-request');
      expect(blank.body.errors['/name']).to.deep.equal(['Must not be blank: type something other than spaces.']);
    });

    it('updates with If-Match (412 when stale or missing), and clearing publishAt makes it Open', async () => {
      const r = await createRelease(w, { publishAt: new Date(Date.now() + 3_600_000).toISOString() });
      const headers = await w.api.ifMatch(one(r.id), w.editor);
      const updated = await w.api.put(one(r.id), { name: 'Renamed', publishAt: null }, { token: w.editor, headers });
      expectStatus(updated, 200);
      expect(updated.body).to.deep.include({ name: 'Renamed', state: 'Open', publishAt: null, description: null });
      expectProblem(await w.api.put(one(r.id), { name: 'Again' }, { token: w.editor, headers }), 412, 'concurrency-mismatch');
      expectProblem(await w.api.put(one(r.id), { name: 'Again' }, { token: w.editor }), 412, 'concurrency-mismatch');
    });

    it('deletes with If-Match; a Published release is 409; an unknown one 404', async () => {
      const r = await createRelease(w);
      expectStatus(await w.api.delete(one(r.id), { token: w.editor, headers: await w.api.ifMatch(one(r.id), w.editor) }), 204);
      expectProblem(await w.api.get(one(r.id), { token: w.editor }), 404, 'not-found');
      expectProblem(await w.api.get(one(crypto.randomUUID()), { token: w.editor }), 404, 'not-found');
      const item = await approvedArticle(w, 'Delete me not');
      const p = await createRelease(w);
      await addEntry(w, p.id, item.id, 1);
      expectStatus(await w.api.post(`${one(p.id)}/publish`, undefined, { token: w.editor }), 200);
      const refused = await w.api.delete(one(p.id), { token: w.editor, headers: await w.api.ifMatch(one(p.id), w.editor) });
      expectProblem(refused, 409, 'conflict');
      expect(refused.body.detail).to.equal('The release is Published; revert it before deleting it.');
    });
  });

  describe('entries', () => {
    it('adds one entry per item (a second add replaces it), removes it, and changes the ETag each time', async () => {
      const item = await approvedArticle(w, 'Entry');
      await newVersion(w, item.id, { duplicateFromVersionNumber: 1 });
      const r = await createRelease(w);
      const first = await w.api.post(`${one(r.id)}/entries`, { itemId: item.id, versionNumber: 1, action: 'publish' }, { token: w.editor });
      expectStatus(first, 200);
      expect(first.body.entries).to.have.length(1);
      expect(first.body.entries[0]).to.deep.include({ itemId: item.id, versionNumber: 1, action: 'publish', title: 'Entry', versionStatus: 'Approved', servedBeforeVersionNumber: null });
      const second = await w.api.post(`${one(r.id)}/entries`, { itemId: item.id, versionNumber: 2, action: 'publish' }, { token: w.editor });
      expect(second.body.entries.map((e: { versionNumber: number }) => e.versionNumber)).to.deep.equal([2]);
      expect(second.headers.get('etag')).not.to.equal(first.headers.get('etag'));
      expectProblem(await w.api.post(`${one(r.id)}/entries`, { itemId: item.id, versionNumber: 9, action: 'publish' }, { token: w.editor }), 404, 'not-found');
      expectProblem(await w.api.post(`${one(r.id)}/entries`, { itemId: crypto.randomUUID(), versionNumber: 1, action: 'publish' }, { token: w.editor }), 404, 'not-found');
      const bad = await w.api.post(`${one(r.id)}/entries`, { itemId: item.id, versionNumber: 1, action: 'unpublish' }, { token: w.editor });
      expectProblem(bad, 400, 'bad-request');
      expect(bad.body.errors['/action']).to.deep.equal(['Must be publish or archive.']);
      expectStatus(await w.api.delete(`${one(r.id)}/entries/${item.id}`, { token: w.editor }), 204);
      expectProblem(await w.api.delete(`${one(r.id)}/entries/${item.id}`, { token: w.editor }), 404, 'not-found');
      const audits = await dbQuery(w.api, `SELECT action, content_item_id FROM audit_log WHERE entity_type = 'Release' AND entity_id = $1 ORDER BY occurred_at, id`, [r.id]);
      expect(audits.filter((a) => a.content_item_id === item.id)).to.have.length(3);
    });
  });

  describe('GET …/releases/{id}/validation', () => {
    const reasons = async (id: string) => {
      const res = await w.api.get(`${one(id)}/validation`, { token: w.editor });
      expectStatus(res, 200);
      return res.body as { ready: boolean; problems: { itemId: string; versionNumber: number; reason: string; referencedItemId: string | null; message: string }[] };
    };

    it('is not ready without entries, ready with an Approved complete version', async () => {
      const r = await createRelease(w);
      expect(await reasons(r.id)).to.deep.equal({ ready: false, problems: [] });
      const item = await approvedArticle(w, 'Ready');
      await addEntry(w, r.id, item.id, 1);
      expect(await reasons(r.id)).to.deep.equal({ ready: true, problems: [] });
    });

    it('names NotApproved and Incomplete for an incomplete Draft, NotApproved for archiving a version that is not Published', async () => {
      const item = await createArticle(w, 'Half');
      const draft = await newVersion(w, item.id, { fields: [] });
      const other = await approvedArticle(w, 'Not served');
      const r = await createRelease(w);
      await addEntry(w, r.id, item.id, draft.versionNumber);
      await addEntry(w, r.id, other.id, 1, 'archive');
      const v = await reasons(r.id);
      expect(v.ready).to.equal(false);
      expect(v.problems.filter((p) => p.itemId === item.id).map((p) => p.reason)).to.deep.equal(['NotApproved', 'Incomplete']);
      expect(v.problems.find((p) => p.reason === 'Incomplete')!.message).to.equal(`Version ${draft.versionNumber} misses required fields: title.`);
      expect(v.problems.filter((p) => p.itemId === other.id)).to.deep.equal([
        { itemId: other.id, versionNumber: 1, reason: 'NotApproved', message: 'Version 1 is Approved; only a Published version can be archived.', referencedItemId: null },
      ]);
    });

    it('names ChangedSinceAdded when the version was edited after it was added (a workflow step alone is no change)', async () => {
      const item = await createArticle(w, 'Before');
      const r = await createRelease(w);
      await addEntry(w, r.id, item.id, 1);
      await approve(w, item.id);
      expect((await reasons(r.id)).ready).to.equal(true);
      const path = `${w.base}/content/${item.id}/versions/1`;
      const edit = await w.api.put(path, { fields: [text(w.model.article.fields.title!, 'After')] }, { token: w.editor, headers: await w.api.ifMatch(path, w.editor) });
      expectStatus(edit, 200);
      await approve(w, item.id);
      expect((await reasons(r.id)).problems.map((p) => p.reason)).to.deep.equal(['ChangedSinceAdded']);
      await addEntry(w, r.id, item.id, 1);
      expect((await reasons(r.id)).ready).to.equal(true);
    });

    it('names MissingReference for an embedded item that would serve nothing, until it is in the release or served', async () => {
      const person = await createPerson(w, 'Ada');
      const article = await approvedArticle(w, 'With author', [child(w.model.article.fields.related!, person.id)]);
      const r = await createRelease(w);
      await addEntry(w, r.id, article.id, 1);
      const v = await reasons(r.id);
      expect(v.problems).to.have.length(1);
      expect(v.problems[0]).to.deep.include({ itemId: article.id, versionNumber: 1, reason: 'MissingReference', referencedItemId: person.id });
      // In the release to be archived it still serves nothing.
      await publishNow(w, person.id, 1);
      await addEntry(w, r.id, person.id, 1, 'archive');
      expect((await reasons(r.id)).problems.map((p) => p.reason)).to.deep.equal(['MissingReference']);
      expectStatus(await w.api.delete(`${one(r.id)}/entries/${person.id}`, { token: w.editor }), 204);
      expect((await reasons(r.id)).ready).to.equal(true);
    });

    it('names Deleted for an item deleted after it was added', async () => {
      const item = await approvedArticle(w, 'Gone');
      const r = await createRelease(w);
      await addEntry(w, r.id, item.id, 1);
      const path = `${w.base}/content/${item.id}`;
      expectStatus(await w.api.delete(path, { token: w.editor, headers: await w.api.ifMatch(path, w.editor) }), 204);
      const v = await reasons(r.id);
      expect(v.problems).to.deep.equal([{ itemId: item.id, versionNumber: 1, reason: 'Deleted', message: 'The item was deleted.', referencedItemId: null }]);
      const got = await w.api.get(one(r.id), { token: w.editor });
      expect(got.body.entries[0]).to.deep.include({ title: null, versionStatus: null });
    });
  });

  describe('POST …/releases/{id}/publish and /revert', () => {
    it('publishes every entry in one transaction with each item\'s events, one release.published with the union of purge keys, and reverts it', async () => {
      const served = await createArticle(w, 'Served v1');
      await publishNow(w, served.id, 1);
      const v2 = await newVersion(w, served.id, { duplicateFromVersionNumber: 1 });
      await approve(w, served.id, v2.versionNumber);
      const fresh = await approvedArticle(w, 'Fresh');
      const retired = await createArticle(w, 'Retired');
      await publishNow(w, retired.id, 1);
      const r = await createRelease(w);
      await addEntry(w, r.id, served.id, 2);
      await addEntry(w, r.id, fresh.id, 1);
      await addEntry(w, r.id, retired.id, 1, 'archive');
      const seqBefore = Number((await dbQuery(w.api, 'SELECT coalesce(max(seq), 0)::text AS s FROM outbox_events'))[0].s);

      const res = await w.api.post(`${one(r.id)}/publish`, undefined, { token: w.editor });
      expectStatus(res, 200);
      expect(res.body.state).to.equal('Published');
      expect(res.body.publishedAt).to.be.a('string');
      const byItem = Object.fromEntries(res.body.entries.map((e: { itemId: string; servedBeforeVersionNumber: number | null }) => [e.itemId, e.servedBeforeVersionNumber]));
      expect(byItem).to.deep.equal({ [served.id]: 1, [fresh.id]: null, [retired.id]: 1 });
      expect(await statuses(w, served.id)).to.deep.equal(['1:Archived', '2:Published']);
      expect(await statuses(w, fresh.id)).to.deep.equal(['1:Published']);
      expect(await statuses(w, retired.id)).to.deep.equal(['1:Archived']);
      await expectServes(w, served.slug, 2);
      await expectServes(w, fresh.slug, 1);
      await expectServes(w, retired.slug, null);

      const events = await dbQuery(w.api, 'SELECT event_type, payload FROM outbox_events WHERE seq > $1 ORDER BY seq', [seqBefore]);
      const perItem = events.filter((e) => e.event_type !== 'release.published');
      expect(perItem.map((e) => `${e.payload.contentItemId}:${e.event_type}`)).to.have.members([
        `${served.id}:content.version_status_changed`,
        `${served.id}:content.version_published`,
        `${fresh.id}:content.version_published`,
        `${retired.id}:content.version_status_changed`,
      ]);
      const release = events.filter((e) => e.event_type === 'release.published');
      expect(release).to.have.length(1);
      const union = [...new Set(perItem.flatMap((e) => e.payload.purgeKeys as string[]))].sort();
      expect(release[0].payload).to.deep.include({ releaseId: r.id, workspaceId: w.ws, name: 'Spring campaign' });
      expect([...release[0].payload.purgeKeys].sort()).to.deep.equal(union);
      expect(union).to.include.members([`list-${w.ws}`, `item-${served.id}`, `item-${fresh.id}`, `item-${retired.id}`]);
      expect(release[0].payload.entries).to.have.deep.members([
        { itemId: served.id, versionNumber: 2, action: 'publish' },
        { itemId: fresh.id, versionNumber: 1, action: 'publish' },
        { itemId: retired.id, versionNumber: 1, action: 'archive' },
      ]);
      const [audit] = await dbQuery(w.api, `SELECT change_delta FROM audit_log WHERE entity_type = 'Release' AND entity_id = $1 AND action = 'StatusChanged'`, [r.id]);
      expect(JSON.stringify(audit.change_delta)).to.include(fresh.id);

      expectProblem(await w.api.post(`${one(r.id)}/publish`, undefined, { token: w.editor }), 409, 'conflict');
      expectProblem(await w.api.post(`${one(r.id)}/entries`, { itemId: fresh.id, versionNumber: 1, action: 'archive' }, { token: w.editor }), 409, 'conflict');

      const reverted = await w.api.post(`${one(r.id)}/revert`, undefined, { token: w.editor });
      expectStatus(reverted, 200);
      expect(reverted.body.state).to.equal('Reverted');
      expect(await statuses(w, served.id)).to.deep.equal(['1:Published', '2:Archived']);
      expect(await statuses(w, fresh.id)).to.deep.equal(['1:Archived']);
      expect(await statuses(w, retired.id)).to.deep.equal(['1:Published']);
      await expectServes(w, served.slug, 1);
      await expectServes(w, fresh.slug, null);
      await expectServes(w, retired.slug, 1);
      expectProblem(await w.api.post(`${one(r.id)}/revert`, undefined, { token: w.editor }), 409, 'conflict');
    });

    it('ends the cached reads of its entries before answering: a read cached before the publish or the revert serves the new version at once', async () => {
      const item = await createArticle(w, 'Cached v1');
      await publishNow(w, item.id, 1);
      await newVersion(w, item.id, { duplicateFromVersionNumber: 1 });
      await approve(w, item.id, 2);
      const bySlug = `${w.base}/content/by-slug/${item.slug}`;
      const cachedRead = async () => {
        expectStatus(await w.api.get(bySlug, { token: w.reader }), 200);
        const cached = await w.api.get(bySlug, { token: w.reader });
        expect(cached.headers.get('x-verso-cache')).to.equal('hit');
        return cached.body.versionNumber;
      };
      // An item the release does not touch keeps its cached read: the cache ended the entries exactly
      // (had the answer's barrier not come back with the entries' notices, it would end the whole workspace).
      const bystander = await createArticle(w, 'Bystander');
      await publishNow(w, bystander.id, 1);
      const bystanderRead = `${w.base}/content/by-slug/${bystander.slug}`;
      expectStatus(await w.api.get(bystanderRead, { token: w.reader }), 200);
      expect(await cachedRead()).to.equal(1);
      const r = await createRelease(w);
      await addEntry(w, r.id, item.id, 2);
      expectStatus(await w.api.post(`${one(r.id)}/publish`, undefined, { token: w.editor }), 200);
      await expectServes(w, item.slug, 2);
      expect((await w.api.get(bystanderRead, { token: w.reader })).headers.get('x-verso-cache')).to.equal('hit');
      expect(await cachedRead()).to.equal(2);
      expectStatus(await w.api.post(`${one(r.id)}/revert`, undefined, { token: w.editor }), 200);
      await expectServes(w, item.slug, 1);
      expect((await w.api.get(bystanderRead, { token: w.reader })).headers.get('x-verso-cache')).to.equal('hit');
    });

    it('changes nothing and answers 422 listing every problem when one entry has one', async () => {
      const good = await approvedArticle(w, 'Good');
      const bad = await createArticle(w, 'Draft still');
      const r = await createRelease(w);
      await addEntry(w, r.id, good.id, 1);
      await addEntry(w, r.id, bad.id, 1);
      const res = await w.api.post(`${one(r.id)}/publish`, undefined, { token: w.editor });
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.problems).to.deep.equal([{ itemId: bad.id, versionNumber: 1, reason: 'NotApproved', message: 'Version 1 is Draft; only an Approved version can be published.', referencedItemId: null }]);
      expect(await statuses(w, good.id)).to.deep.equal(['1:Approved']);
      expect((await w.api.get(one(r.id), { token: w.editor })).body.state).to.equal('Open');
      const empty = await createRelease(w);
      const none = await w.api.post(`${one(empty.id)}/publish`, undefined, { token: w.editor });
      expectProblem(none, 422, 'validation-failed');
      expect(none.body.problems).to.deep.equal([]);
    });

    it('lets Editors with Write build and publish; Readers and read-only Editors get 403, others\' workspaces 404', async () => {
      expectProblem(await w.api.post(releasesOf(w), { name: 'x' }, { token: w.reader }), 403, 'forbidden');
      expectProblem(await w.api.post(releasesOf(w), { name: 'x' }, { token: w.readOnlyEditor }), 403, 'forbidden');
      expectProblem(await w.api.post(releasesOf(w), { name: 'x' }, { token: w.stranger }), 404, 'not-found');
      const item = await approvedArticle(w, 'Roles');
      const r = await createRelease(w);
      await addEntry(w, r.id, item.id, 1);
      expectProblem(await w.api.post(`${one(r.id)}/publish`, undefined, { token: w.readOnlyEditor }), 403, 'forbidden');
      expectStatus(await w.api.get(`${one(r.id)}/validation`, { token: w.readOnlyEditor }), 200);
      expect(await statuses(w, item.id)).to.deep.equal(['1:Approved']);
    });
  });

  describe('release.published subscriptions', () => {
    it('accepts release.published as an event type of an endpoint', async () => {
      const res = await w.api.post(`${w.base}/webhooks`, { name: 'CDN', url: 'https://cdn.example.com/purge', events: ['release.published'] }, { token: w.editor });
      expectStatus(res, 201);
      expect(res.body.endpoint?.events ?? res.body.events).to.deep.equal(['release.published']);
    });
  });
});
