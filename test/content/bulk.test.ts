// Bulk actions: up to 500 items in one request, each acted on as its single operation would act
// (role, rules, events, audit entry, invalidation), or all of them in one transaction with `atomic`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect } from 'chai';
import { BULK_ACTION_ROLES } from '../../server/src/services/content/content-bulk.js';
import { child, createArticle, createPerson, dbQuery, expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from './content-fixture.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { expectSameOutcome, outcome, phaseStart } from '../releases/publication-outcome.js';
import { approve } from '../releases/release-fixture.js';

describe('POST /workspaces/{workspaceId}/content/bulk', () => {
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  const bulk = (body: Record<string, unknown>, token = w.editor) => w.api.post(`${w.base}/content/bulk`, body, { token });
  const route = (itemId: string, n: number, action: string) => `${w.base}/content/${itemId}/versions/${n}/${action}`;
  const statuses = async (itemId: string) =>
    (await dbQuery<{ version_number: number; status: string }>(w.api, 'SELECT version_number, status FROM content_versions WHERE content_item_id = $1 ORDER BY version_number', [itemId]))
      .map((r) => `${r.version_number}:${r.status}`);
  const lastSeq = async () => Number((await dbQuery<{ s: string | null }>(w.api, 'SELECT max(seq)::text AS s FROM outbox_events'))[0]!.s ?? 0);
  const auditCount = async () => Number((await dbQuery<{ n: string }>(w.api, 'SELECT count(*)::text AS n FROM audit_log'))[0]!.n);
  async function submitted(itemId: string, n = 1) {
    expectStatus(await w.api.post(route(itemId, n, 'submit'), undefined, { token: w.editor }), 200);
  }
  async function approved(itemId: string, n = 1) {
    await submitted(itemId, n);
    expectStatus(await w.api.post(route(itemId, n, 'approve'), undefined, { token: w.reviewer }), 200);
  }
  async function approvedArticle(title: string) {
    const item = await createArticle(w, title);
    await approved(item.id);
    return item;
  }

  describe('who may call it', () => {
    it('answers 401 without credentials, 403 to a Reader and a read-only Editor, 404 to an Editor without a grant', async () => {
      const body = { action: 'submit', items: [{ id: crypto.randomUUID() }] };
      expectProblem(await w.api.post(`${w.base}/content/bulk`, body), 401, 'unauthenticated');
      expectProblem(await bulk(body, w.reader), 403, 'forbidden');
      expectProblem(await bulk(body, w.readOnlyEditor), 403, 'forbidden');
      expectProblem(await bulk(body, w.stranger), 404, 'not-found');
    });

    it('checks each action against the role its single operation declares in the contract', () => {
      const doc = JSON.parse(fs.readFileSync('openapi/dist/openapi.json', 'utf8'));
      const single: Record<string, [string, string]> = {
        submit: ['/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/submit', 'post'],
        approve: ['/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/approve', 'post'],
        publish: ['/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/publish', 'post'],
        archive: ['/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/archive', 'post'],
        delete: ['/api/v1/workspaces/{workspaceId}/content/{id}', 'delete'],
        addTags: ['/api/v1/workspaces/{workspaceId}/content/{id}', 'put'],
        removeTags: ['/api/v1/workspaces/{workspaceId}/content/{id}', 'put'],
      };
      const actions = doc.components.schemas.BulkContentAction.enum as string[];
      expect(Object.keys(BULK_ACTION_ROLES).sort()).to.deep.equal([...actions].sort());
      for (const action of actions) {
        const [path, method] = single[action]!;
        const access = doc.paths[path][method]['x-verso-access'];
        expect(BULK_ACTION_ROLES[action as keyof typeof BULK_ACTION_ROLES], action).to.equal(access.role);
        expect(access.workspace, action).to.equal('Write');
      }
    });
  });

  describe('the request', () => {
    it('takes 500 items and refuses 501 with a plain message (400), changing nothing', async () => {
      const ids = Array.from({ length: 501 }, () => ({ id: crypto.randomUUID() }));
      const refused = await bulk({ action: 'addTags', tags: ['x'], items: ids });
      expectProblem(refused, 400, 'bad-request');
      expect(refused.body.errors['/items']).to.deep.equal(['A bulk action takes at most 500 items; split the list into several requests.']);
      const taken = await bulk({ action: 'addTags', tags: ['x'], items: ids.slice(0, 500) });
      expectStatus(taken, 200);
      expect(taken.body.results).to.have.length(500);
      expect(taken.body.results.map((r: { id: string }) => r.id)).to.deep.equal(ids.slice(0, 500).map((i) => i.id));
      // None of these ids names an item: each is its single operation's 404.
      expect(taken.body.results[499]).to.deep.include({ status: 'failed', versionNumber: null });
      expect(taken.body.results[499].problem).to.include({ status: 404, type: 'https://verso.dev/errors/not-found', detail: 'The content item was not found.' });
    });

    it('refuses an empty list, an id named twice, tag actions without tags and an unknown action (400)', async () => {
      const item = await createArticle(w, 'Twice');
      const empty = await bulk({ action: 'submit', items: [] });
      expectProblem(empty, 400, 'bad-request');
      expect(empty.body.errors['/items']).to.deep.equal(['Name at least one item.']);
      const twice = await bulk({ action: 'submit', items: [{ id: item.id }, { id: crypto.randomUUID() }, { id: item.id.toUpperCase(), versionNumber: 1 }] });
      expectProblem(twice, 400, 'bad-request');
      expect(twice.body.detail).to.equal('The same item is named more than once; name each item once.');
      expect(twice.body.errors).to.deep.equal({ '/items/2/id': ['This item is already named at position 1; name each item once.'] });
      for (const body of [{ action: 'addTags', items: [{ id: item.id }] }, { action: 'removeTags', tags: null, items: [{ id: item.id }] }]) {
        const res = await bulk(body);
        expectProblem(res, 400, 'bad-request');
        expect(res.body.errors).to.deep.equal({ '/tags': ['Name at least one tag.'] });
      }
      const blank = await bulk({ action: 'addTags', tags: ['news', '  '], items: [{ id: item.id }] });
      expectProblem(blank, 400, 'bad-request');
      expect(blank.body.errors).to.deep.equal({ '/tags/1': ['must not be blank'] });
      const unknown = await bulk({ action: 'unpublish', items: [{ id: item.id }] });
      expectProblem(unknown, 400, 'bad-request');
      expect(unknown.body.errors['/action']).to.deep.equal(['Must be submit, approve, publish, archive, delete, addTags or removeTags.']);
      expect(await statuses(item.id)).to.deep.equal(['1:Draft']);
    });
  });

  describe('each item on its own', () => {
    it('answers per item, in the order sent, with the problem each single operation would have answered', async () => {
      const draft = await createArticle(w, 'Bulk draft');
      const inReview = await createArticle(w, 'Bulk review');
      await submitted(inReview.id);
      const incomplete = await createArticle(w, 'x', {}, []);
      // An incomplete Draft: its title removed.
      const v2 = await newVersion(w, incomplete.id, { fields: [] });
      const missing = crypto.randomUUID();
      const res = await bulk({
        action: 'submit',
        items: [{ id: draft.id }, { id: inReview.id, versionNumber: 1 }, { id: missing }, { id: incomplete.id, versionNumber: v2.versionNumber }, { id: crypto.randomUUID(), versionNumber: 3 }],
      });
      expectStatus(res, 200);
      const [ok, notDraft, gone, notComplete] = res.body.results;
      expect(ok).to.deep.equal({ id: draft.id, versionNumber: 1, status: 'ok', problem: null });
      expect(notDraft).to.deep.include({ id: inReview.id, versionNumber: 1, status: 'failed' });
      expect(notDraft.problem).to.include({
        type: 'https://verso.dev/errors/invalid-state-transition',
        status: 422,
        detail: 'Content version cannot transition from Review to Review.',
        instance: `${w.base}/content/${inReview.id}/versions/1/submit`,
      });
      expect(notDraft.problem.correlationId).to.equal(res.headers.get('x-correlation-id'));
      expect(gone).to.deep.include({ id: missing, versionNumber: null, status: 'failed' });
      expect(gone.problem).to.include({ status: 404, detail: 'The content item was not found.', instance: `${w.base}/content/${missing}` });
      expect(notComplete.problem).to.include({ status: 422, type: 'https://verso.dev/errors/validation-failed' });
      expect(notComplete.problem.errors).to.have.property('/fields/title');
      expect(res.body.results[4].problem).to.include({ status: 404 });
      expect(await statuses(draft.id)).to.deep.equal(['1:Review']);
      expect(await statuses(inReview.id)).to.deep.equal(['1:Review']);
      expect(await statuses(incomplete.id)).to.deep.equal(['1:Draft', '2:Draft']);
    });

    it('picks the natural version when none is named, and says so plainly when an item has none', async () => {
      const twoDrafts = await createArticle(w, 'Two drafts');
      await newVersion(w, twoDrafts.id, { duplicateFromVersionNumber: 1 });
      const noDraft = await approvedArticle('No draft');
      const res = await bulk({ action: 'submit', items: [{ id: twoDrafts.id }, { id: noDraft.id, versionNumber: null }] });
      expectStatus(res, 200);
      // The newest Draft.
      expect(res.body.results[0]).to.deep.equal({ id: twoDrafts.id, versionNumber: 2, status: 'ok', problem: null });
      expect(res.body.results[1]).to.deep.include({ id: noDraft.id, versionNumber: null, status: 'failed' });
      expect(res.body.results[1].problem).to.include({ status: 422, type: 'https://verso.dev/errors/invalid-state-transition', detail: 'The item has no Draft to submit.' });
      expect(await statuses(twoDrafts.id)).to.deep.equal(['1:Draft', '2:Review']);
    });

    it('authorises each item as its single operation: an Editor cannot approve (403 per item), a TemplateAdmin can', async () => {
      const a = await createArticle(w, 'Approve A');
      const b = await createArticle(w, 'Approve B');
      await submitted(a.id);
      await submitted(b.id);
      const byEditor = await bulk({ action: 'approve', items: [{ id: a.id }, { id: b.id }] });
      expectStatus(byEditor, 200);
      for (const r of byEditor.body.results) {
        expect(r.status).to.equal('failed');
        expect(r.problem).to.include({ status: 403, type: 'https://verso.dev/errors/forbidden', detail: 'Your role does not allow this operation.' });
      }
      expect(await statuses(a.id)).to.deep.equal(['1:Review']);
      const byReviewer = await bulk({ action: 'approve', items: [{ id: a.id }, { id: b.id }] }, w.reviewer);
      expect(byReviewer.body.results.map((r: { status: string; versionNumber: number }) => [r.status, r.versionNumber])).to.deep.equal([['ok', 1], ['ok', 1]]);
      expect(await statuses(b.id)).to.deep.equal(['1:Approved']);
    });

    it('publishes each item with its own events and audit entry, marked as a bulk action', async () => {
      const items = [await approvedArticle('Pub A'), await approvedArticle('Pub B'), await approvedArticle('Pub C')];
      const seq = await lastSeq();
      const res = await bulk({ action: 'publish', items: items.map((i) => ({ id: i.id })) });
      expectStatus(res, 200);
      expect(res.body.results.every((r: { status: string }) => r.status === 'ok')).to.equal(true);
      const events = await dbQuery<{ event_type: string; payload: any }>(w.api, 'SELECT event_type, payload FROM outbox_events WHERE seq > $1 ORDER BY seq', [seq]);
      expect(events.map((e) => [e.event_type, e.payload.contentItemId, e.payload.status])).to.deep.equal(
        items.map((i) => ['content.version_published', i.id, 'Published']),
      );
      // Each event carries the item's own purge keys.
      for (const [n, e] of events.entries()) expect(e.payload.purgeKeys).to.include(`item-${items[n]!.id}`);
      for (const item of items) {
        const audit = await w.api.get(`${w.base}/audit?contentItemId=${item.id}&action=StatusChanged`, { token: w.reviewer });
        expectStatus(audit, 200);
        const published = audit.body.items.filter((e: any) => e.changeDelta.status?.after === 'Published');
        expect(published).to.have.length(1);
        expect(published[0].changeDelta.bulk).to.deep.equal({ before: null, after: true });
        // The single operations' entries (submit, approve) are not marked.
        expect(audit.body.items.filter((e: any) => 'bulk' in e.changeDelta)).to.have.length(1);
      }
    });

    it('ends the delivery cache exactly: a by-slug read serves the version a bulk publish made, and archive stops it', async () => {
      const item = await createArticle(w, 'Live one');
      await publishNow(w, item.id, 1);
      const bySlug = `${w.base}/content/by-slug/${item.slug}`;
      expectStatus(await w.api.get(bySlug, { token: w.reader }), 200);
      const cached = await w.api.get(bySlug, { token: w.reader });
      expect(cached.headers.get('x-verso-cache')).to.equal('hit');
      expect(cached.body.versionNumber).to.equal(1);
      await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'Live two')] });
      await approved(item.id, 2);
      const res = await bulk({ action: 'publish', items: [{ id: item.id }] });
      expect(res.body.results[0]).to.deep.equal({ id: item.id, versionNumber: 2, status: 'ok', problem: null });
      const after = await w.api.get(bySlug, { token: w.reader });
      expectStatus(after, 200);
      expect(after.body.versionNumber).to.equal(2);
      expect(await statuses(item.id)).to.deep.equal(['1:Archived', '2:Published']);
      // archive's natural version is the one served.
      const archived = await bulk({ action: 'archive', items: [{ id: item.id }] });
      expect(archived.body.results[0]).to.deep.equal({ id: item.id, versionNumber: 2, status: 'ok', problem: null });
      expectProblem(await w.api.get(bySlug, { token: w.reader }), 404, 'not-found');
    });

    it('adds and removes tags (normalised; an item that already has them is left alone, with no event)', async () => {
      const a = await createArticle(w, 'Tag A', { tags: ['keep'] });
      const b = await createArticle(w, 'Tag B', { tags: ['campaign'] });
      const seq = await lastSeq();
      const added = await bulk({ action: 'addTags', tags: [' Campaign ', 'winter'], items: [{ id: a.id }, { id: b.id, versionNumber: 7 }] });
      expect(added.body.results).to.deep.equal([
        { id: a.id, versionNumber: null, status: 'ok', problem: null },
        { id: b.id, versionNumber: null, status: 'ok', problem: null },
      ]);
      expect((await w.api.get(`${w.base}/content/${a.id}`, { token: w.reader })).body.tags).to.deep.equal(['campaign', 'keep', 'winter']);
      expect((await w.api.get(`${w.base}/content/${b.id}`, { token: w.reader })).body.tags).to.deep.equal(['campaign', 'winter']);
      const events = await dbQuery<{ event_type: string; entity_id: string }>(w.api, 'SELECT event_type, entity_id FROM outbox_events WHERE seq > $1 ORDER BY seq', [seq]);
      expect(events).to.deep.equal([{ event_type: 'content.updated', entity_id: a.id }, { event_type: 'content.updated', entity_id: b.id }]);
      const again = await lastSeq();
      await bulk({ action: 'addTags', tags: ['winter'], items: [{ id: b.id }] });
      expect(await lastSeq()).to.equal(again);
      const removed = await bulk({ action: 'removeTags', tags: ['CAMPAIGN'], items: [{ id: a.id }, { id: b.id }] });
      expect(removed.body.results.map((r: { status: string }) => r.status)).to.deep.equal(['ok', 'ok']);
      expect((await w.api.get(`${w.base}/content/${a.id}`, { token: w.reader })).body.tags).to.deep.equal(['keep', 'winter']);
      const audit = await dbQuery<{ change_delta: any }>(w.api, `SELECT change_delta FROM audit_log WHERE entity_id = $1 ORDER BY occurred_at DESC, id DESC LIMIT 1`, [a.id]);
      expect(audit[0]!.change_delta).to.deep.equal({ tags: { before: ['campaign', 'keep', 'winter'], after: ['keep', 'winter'] }, bulk: { before: null, after: true } });
    });

    it('refuses, for that item alone, a tag that would take it past 100 tags (422)', async () => {
      const full = await createArticle(w, 'Full of tags', { tags: Array.from({ length: 100 }, (_, i) => `t${i}`) });
      const roomy = await createArticle(w, 'Room for tags');
      const res = await bulk({ action: 'addTags', tags: ['one-more'], items: [{ id: full.id }, { id: roomy.id }] });
      expectStatus(res, 200);
      expect(res.body.results[0].problem).to.include({ status: 422, type: 'https://verso.dev/errors/validation-failed' });
      expect(res.body.results[0].problem.errors).to.deep.equal({ '/tags': ['An item carries at most 100 tags; this one would carry 101.'] });
      expect(res.body.results[1].status).to.equal('ok');
      expect((await w.api.get(`${w.base}/content/${full.id}`, { token: w.reader })).body.tags).to.have.length(100);
    });

    it('deletes items on their current state, refusing one another item still references (409)', async () => {
      const target = await createArticle(w, 'Referenced');
      await createArticle(w, 'Referrer', {}, [child(w.model.article.fields.related!, target.id)]);
      const loose = await createArticle(w, 'Loose');
      const res = await bulk({ action: 'delete', items: [{ id: loose.id }, { id: target.id }] });
      expectStatus(res, 200);
      expect(res.body.results[0]).to.deep.equal({ id: loose.id, versionNumber: null, status: 'ok', problem: null });
      expect(res.body.results[1].problem).to.include({ status: 409, type: 'https://verso.dev/errors/referenced-by-other-entity', instance: `${w.base}/content/${target.id}` });
      expectProblem(await w.api.get(`${w.base}/content/${loose.id}`, { token: w.reader }), 404, 'not-found');
      expectStatus(await w.api.get(`${w.base}/content/${target.id}`, { token: w.reader }), 200);
    });
  });

  describe('atomic', () => {
    it('changes nothing when any item fails: 422 listing every failing item, no event, no audit entry', async () => {
      const good = await approvedArticle('Atomic good');
      const notApproved = await createArticle(w, 'Atomic draft');
      const alsoGood = await approvedArticle('Atomic good 2');
      const missing = crypto.randomUUID();
      const seq = await lastSeq();
      const audits = await auditCount();
      const res = await bulk({ action: 'publish', atomic: true, items: [{ id: good.id }, { id: notApproved.id }, { id: alsoGood.id }, { id: missing }] });
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.detail).to.equal('2 of 4 items could not be changed, so none was changed.');
      expect(res.body.results).to.deep.equal([
        {
          id: notApproved.id,
          versionNumber: null,
          status: 'failed',
          problem: {
            type: 'https://verso.dev/errors/invalid-state-transition',
            title: 'Invalid state transition',
            status: 422,
            detail: 'The item has no Approved version to publish.',
            instance: `${w.base}/content/${notApproved.id}`,
            traceId: res.body.traceId,
            correlationId: res.body.correlationId,
          },
        },
        {
          id: missing,
          versionNumber: null,
          status: 'failed',
          problem: {
            type: 'https://verso.dev/errors/not-found',
            title: 'Not Found',
            status: 404,
            detail: 'The content item was not found.',
            instance: `${w.base}/content/${missing}`,
            traceId: res.body.traceId,
            correlationId: res.body.correlationId,
          },
        },
      ]);
      expect(await statuses(good.id)).to.deep.equal(['1:Approved']);
      expect(await statuses(alsoGood.id)).to.deep.equal(['1:Approved']);
      expect(await lastSeq()).to.equal(seq);
      expect(await auditCount()).to.equal(audits);
      expectProblem(await w.api.get(`${w.base}/content/by-slug/${good.slug}`, { token: w.reader }), 404, 'not-found');
    });

    it('applies every item in one go when all succeed', async () => {
      const a = await approvedArticle('Atomic A');
      const b = await approvedArticle('Atomic B');
      const seq = await lastSeq();
      const res = await bulk({ action: 'publish', atomic: true, items: [{ id: a.id, versionNumber: 1 }, { id: b.id }] });
      expectStatus(res, 200);
      expect(res.body.results.map((r: { status: string }) => r.status)).to.deep.equal(['ok', 'ok']);
      expect(await statuses(a.id)).to.deep.equal(['1:Published']);
      expect((await w.api.get(`${w.base}/content/by-slug/${b.slug}`, { token: w.reader })).body.versionNumber).to.equal(1);
      const events = await dbQuery<{ event_type: string }>(w.api, 'SELECT event_type FROM outbox_events WHERE seq > $1 ORDER BY seq', [seq]);
      expect(events.map((e) => e.event_type)).to.deep.equal(['content.version_published', 'content.version_published']);
    });

    describe('publish in batches', () => {
      let api: TestApi;
      let atomicWorld: ContentWorld;
      let eachWorld: ContentWorld;
      // The statements the API sends while `counting` (workers off: only the request's own).
      let counting = false;
      const statements: string[] = [];
      before(async () => {
        api = await startTestApi({ env: { Workers__Enabled: 'false' }, onStatement: (q) => void (counting && statements.push(q)) });
        atomicWorld = await startContentWorld(api);
        eachWorld = await startContentWorld(api);
      });
      after(() => api.close());

      /** The same few items in any workspace, each with an Approved version to publish, named; in the order the request sends them. */
      async function buildItems(x: ContentWorld): Promise<{ ids: string[]; labels: Map<string, string> }> {
        const labels = new Map<string, string>();
        const named = <T extends { id: string }>(label: string, item: T) => (labels.set(item.id, label), item);
        const served = async (label: string, title: string, v2: Record<string, unknown>) => {
          const a = named(label, await createArticle(x, title));
          await publishNow(x, a.id, 1);
          await newVersion(x, a.id, { duplicateFromVersionNumber: 1, ...v2 });
          await approve(x, a.id, 2);
          return a;
        };
        const moved0 = await served('moved-0', 'Moved 0', { fields: [text(x.model.article.fields.title!, 'Moved 0 v2')] });
        const moved1 = await served('moved-1', 'Moved 1', { fields: [text(x.model.article.fields.title!, 'Moved 1 v2')] });
        // A dated version 2 overlays version 1, which stays Published.
        const dated = await served('dated-0', 'Dated 0', { effectiveStartAt: '2026-01-01T00:00:00.000Z', effectiveEndAt: '2036-01-01T00:00:00.000Z' });
        const fresh = named('new-0', await createArticle(x, 'New 0'));
        await approve(x, fresh.id, 1);
        // An author embedded by a served page (the page is in its purge keys and notices).
        const author = named('author-0', await createPerson(x, 'Author 0'));
        await approve(x, author.id, 1);
        named('page-0', await publishedPerson(x, 'Team 0', [author.id]));
        // A served English article with a new version and its German translation.
        const en = await served('en-0', 'English 0', { fields: [text(x.model.article.fields.title!, 'English 0 v2')] });
        const de = named('de-0', await createArticle(x, 'Deutsch 0', { localeCode: 'de', translationGroupId: en.id }));
        await approve(x, de.id, 1);
        return { ids: [fresh, moved1, author, dated, moved0, de, en].map((i) => i.id), labels };
      }

      async function publishedPerson(x: ContentWorld, name: string, friends: string[]) {
        const page = await createPerson(x, name, friends);
        await publishNow(x, page.id, 1);
        return page;
      }

      it('an atomic publish leaves the same events, audit entries, versions, serving rows and invalidation as each item on its own', async () => {
        const a = await buildItems(atomicWorld);
        const b = await buildItems(eachWorld);
        const send = (x: ContentWorld, ids: string[], atomic: boolean) =>
          x.api.post(`${x.base}/content/bulk`, { action: 'publish', atomic, items: ids.map((id) => ({ id })) }, { token: x.editor });

        const startA = await phaseStart(atomicWorld);
        statements.length = 0;
        counting = true;
        const atomic = await send(atomicWorld, a.ids, true);
        counting = false;
        expectStatus(atomic, 200);
        expect(atomic.body.results.map((r: { status: string; versionNumber: number }) => [r.status, r.versionNumber])).to.deep.equal(
          [['ok', 1], ['ok', 2], ['ok', 1], ['ok', 2], ['ok', 2], ['ok', 1], ['ok', 2]],
        );
        // Written in one batch, a statement per step: not the single publish per item.
        expect(statements.filter((q) => q.includes('verso_publish_content_version'))).to.deep.equal([]);
        expect(statements.filter((q) => /^\s*UPDATE content_versions/.test(q))).to.have.length(2);
        const fromAtomic = await outcome(atomicWorld, a.labels, startA.seq, startA.at, startA.marks);

        const startB = await phaseStart(eachWorld);
        const each = await send(eachWorld, b.ids, false);
        expectStatus(each, 200);
        expect(each.body.results.every((r: { status: string }) => r.status === 'ok')).to.equal(true);
        const oneByOne = await outcome(eachWorld, b.labels, startB.seq, startB.at, startB.marks);

        // The evidence that the comparison compares something: an event and an audit entry per change, marked bulk.
        expect(fromAtomic.events.map((e) => `${e.event_type}:${e.entity_id}`)).to.deep.equal([
          'content.version_published:new-0:v1',
          'content.version_status_changed:moved-1:v1', 'content.version_published:moved-1:v2',
          'content.version_published:author-0:v1',
          'content.version_published:dated-0:v2',
          'content.version_status_changed:moved-0:v1', 'content.version_published:moved-0:v2',
          'content.version_published:de-0:v1',
          'content.version_status_changed:en-0:v1', 'content.version_published:en-0:v2',
        ]);
        expect(fromAtomic.audits).to.have.length(10);
        for (const audit of fromAtomic.audits) expect((audit.change_delta as Record<string, unknown>).bulk).to.deep.equal({ before: null, after: true });
        expect(fromAtomic.marks).to.include.members(['lists', 'page-0', 'author-0', 'moved-0', 'de-0', 'en-0']).and.not.include('ws');

        expectSameOutcome(fromAtomic, oneByOne);
      });
    });
  });
});
