// A release publishes its entries in batches (a statement per step for many items), and that must
// leave exactly what publishing the same items one by one leaves: the same outbox events in the same
// order, the same audit entries, the same versions, items, serving rows and counts, and the same
// delivery invalidation (the marks of the same items moved, never the whole workspace's). Two
// workspaces on one API get the same 50 items built the same way; one publishes them as a release,
// the other through the single publish and archive operations in the release's order; everything
// is compared with each workspace's ids replaced by the items' names, and the release is reverted
// (every item serves what it served before, also where the release published a dated version, which
// overlays the default and so must be archived itself). Then the batches: entries
// whose notices together would pass the notices' 150-item bound are written in separate batches
// (so no notice ends the whole workspace), and a failure in a later batch leaves nothing written.
import { expect } from 'chai';
import { startTestApi } from '../helpers/api.js';
import { createArticle, createPerson, dbQuery, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from '../content/content-fixture.js';
import { addEntry, approve, createRelease, releasesOf } from './release-fixture.js';
import { expectSameOutcome, marks, moved, outcome, phaseStart } from './publication-outcome.js';
import { revertEntryByEntry } from './revert-entry-by-entry.js';

type Entry = { label: string; itemId: string; versionNumber: number; action: 'publish' | 'archive' };

/** What a release publish of one batch sends, from authentication to the response's read (24 when written). */
const STATEMENTS_OF_ONE_BATCH = 30;
/** What a release revert of one batch sends, from authentication to the response's read. */
const STATEMENTS_OF_ONE_REVERT_BATCH = 40;

const WINDOW = { effectiveStartAt: '2026-01-01T00:00:00.000Z', effectiveEndAt: '2036-01-01T00:00:00.000Z' };

/** The same 50 items in any workspace, named; returns the release's entries (item, version, action). */
async function buildCampaign(w: ContentWorld): Promise<{ entries: Entry[]; labels: Map<string, string> }> {
  const labels = new Map<string, string>();
  const entries: Entry[] = [];
  const named = <T extends { id: string }>(label: string, item: T) => (labels.set(item.id, label), item);
  // 20 served articles with an Approved version 2 (the publish supersedes version 1).
  for (let i = 0; i < 20; i++) {
    const a = named(`moved-${i}`, await createArticle(w, `Moved ${i}`));
    await publishNow(w, a.id, 1);
    await newVersion(w, a.id, { duplicateFromVersionNumber: 1, fields: [text(w.model.article.fields.title!, `Moved ${i} v2`)] });
    await approve(w, a.id, 2);
    entries.push({ label: `moved-${i}`, itemId: a.id, versionNumber: 2, action: 'publish' });
  }
  // 10 new articles, never served.
  for (let i = 0; i < 10; i++) {
    const a = named(`new-${i}`, await createArticle(w, `New ${i}`));
    await approve(w, a.id, 1);
    entries.push({ label: `new-${i}`, itemId: a.id, versionNumber: 1, action: 'publish' });
  }
  // 5 served articles with an Approved dated version 2 (it overlays version 1, which stays Published).
  for (let i = 0; i < 5; i++) {
    const a = named(`dated-${i}`, await createArticle(w, `Dated ${i}`));
    await publishNow(w, a.id, 1);
    await newVersion(w, a.id, { duplicateFromVersionNumber: 1, ...WINDOW });
    await approve(w, a.id, 2);
    entries.push({ label: `dated-${i}`, itemId: a.id, versionNumber: 2, action: 'publish' });
  }
  // 5 authors embedded by a served team page each (the page is in their purge keys and notices).
  for (let i = 0; i < 5; i++) {
    const author = named(`author-${i}`, await createPerson(w, `Author ${i}`));
    await approve(w, author.id, 1);
    const page = named(`page-${i}`, await createPerson(w, `Team ${i}`, [author.id]));
    await publishNow(w, page.id, 1);
    entries.push({ label: `author-${i}`, itemId: author.id, versionNumber: 1, action: 'publish' });
  }
  // 3 served English articles with an Approved version 2, each with a German translation to publish.
  for (let i = 0; i < 3; i++) {
    const en = named(`en-${i}`, await createArticle(w, `English ${i}`));
    await publishNow(w, en.id, 1);
    await newVersion(w, en.id, { duplicateFromVersionNumber: 1, fields: [text(w.model.article.fields.title!, `English ${i} v2`)] });
    await approve(w, en.id, 2);
    const de = named(`de-${i}`, await createArticle(w, `Deutsch ${i}`, { localeCode: 'de', translationGroupId: en.id }));
    await approve(w, de.id, 1);
    entries.push({ label: `en-${i}`, itemId: en.id, versionNumber: 2, action: 'publish' }, { label: `de-${i}`, itemId: de.id, versionNumber: 1, action: 'publish' });
  }
  // 4 served articles the release takes offline.
  for (let i = 0; i < 4; i++) {
    const a = named(`gone-${i}`, await createArticle(w, `Gone ${i}`));
    await publishNow(w, a.id, 1);
    entries.push({ label: `gone-${i}`, itemId: a.id, versionNumber: 1, action: 'archive' });
  }
  return { entries, labels };
}

describe('releases at scale: the batched publish', function () {
  this.timeout(300_000);
  let release: ContentWorld;
  let single: ContentWorld;
  let campaign: { releaseId: string; entries: Entry[]; labels: Map<string, string>; other: { entries: Entry[]; labels: Map<string, string> } } | undefined;
  // The statements the API sends while `counting` (workers off: only the request's own).
  let counting = false;
  const statements: string[] = [];
  before(async () => {
    const api = await startTestApi({ env: { Workers__Enabled: 'false' }, onStatement: (q) => void (counting && statements.push(q)) });
    release = await startContentWorld(api);
    single = await startContentWorld(api);
  });
  after(() => release.api.close());

  it('leaves the same events, audit entries, versions, serving rows and invalidation as publishing its 50 entries one by one', async () => {
    const a = await buildCampaign(release);
    const b = await buildCampaign(single);
    const r = await createRelease(release);
    for (const e of a.entries) await addEntry(release, r.id, e.itemId, e.versionNumber, e.action);

    const startA = await phaseStart(release);
    counting = true;
    const published = await release.api.post(`${releasesOf(release)}/${r.id}/publish`, undefined, { token: release.editor });
    counting = false;
    expectStatus(published, 200);
    // One batch of 50 (their notices name 50 + 5 pages + 3 translations): a statement per step, not per entry
    // (entry by entry, each publish was its own call and its own read of the prior versions: over 100).
    expect(statements.length, statements.join('\n')).to.be.at.most(STATEMENTS_OF_ONE_BATCH);
    const fromRelease = await outcome(release, a.labels, startA.seq, startA.at, startA.marks);

    // The other workspace: each entry through its own operation, in the order the release takes them (item id).
    const byLabel = new Map(b.entries.map((e) => [e.label, e]));
    const order = [...a.entries].sort((x, y) => (x.itemId < y.itemId ? -1 : 1)).map((e) => byLabel.get(e.label)!);
    const startB = await phaseStart(single);
    for (const e of order) {
      const res = await single.api.post(`${single.base}/content/${e.itemId}/versions/${e.versionNumber}/${e.action}`, undefined, { token: single.editor });
      expectStatus(res, 200);
    }
    const oneByOne = await outcome(single, b.labels, startB.seq, startB.at, startB.marks);

    // The release's own evidence that the comparison compares something.
    expect(fromRelease.events).to.have.length(50 + 20 + 3);
    expect(fromRelease.audits).to.have.length(50 + 20 + 3);
    expect(fromRelease.events[0]).to.have.nested.property('payload.purgeKeys');
    expect(fromRelease.marks).to.include.members(['lists', 'page-0', 'author-0', 'moved-0', 'de-0', 'en-0']).and.not.include('ws');
    expect(fromRelease.serving.some((s) => s.includes('"dated-0:v2"') && s.includes('2026-01-01'))).to.equal(true);

    expectSameOutcome(fromRelease, oneByOne);
    campaign = { releaseId: r.id, entries: a.entries, labels: a.labels, other: b };
  });

  it('reverts the 50 entries in batches as entry by entry did: the same events, audit entries, versions, serving rows and invalidation', async () => {
    const { releaseId, entries, labels, other } = campaign!;
    const [servedBefore, otherStatuses] = await Promise.all([
      dbQuery<{ content_item_id: string; n: number | null }>(release.api, 'SELECT content_item_id, served_before_version_number AS n FROM release_entries WHERE release_id = $1', [releaseId]),
      dbQuery<{ content_item_id: string; version_number: number; status: string }>(single.api, 'SELECT content_item_id, version_number, status FROM content_versions WHERE content_item_id = ANY($1)', [other.entries.map((e) => e.itemId)]),
    ]);
    const beforeOf = new Map(servedBefore.map((r) => [labels.get(r.content_item_id)!, r.n]));
    const statusOf = new Map(otherStatuses.map((r) => [`${r.content_item_id}:${r.version_number}`, r.status]));
    // The other workspace (its items published one by one) restored entry by entry, in the release's order (its item ids).
    const byLabel = new Map(other.entries.map((e) => [e.label, e]));
    const order = [...entries].sort((x, y) => (x.itemId < y.itemId ? -1 : 1)).map((e) => byLabel.get(e.label)!);
    const startB = await phaseStart(single);
    await revertEntryByEntry(single, order.map((e) => ({
      itemId: e.itemId, versionNumber: e.versionNumber, action: e.action, versionStatus: statusOf.get(`${e.itemId}:${e.versionNumber}`) ?? null, servedBefore: beforeOf.get(e.label) ?? null,
    })));
    const entryByEntry = await outcome(single, other.labels, startB.seq, startB.at, startB.marks);

    const startA = await phaseStart(release);
    statements.length = 0;
    counting = true;
    const reverted = await release.api.post(`${releasesOf(release)}/${releaseId}/revert`, undefined, { token: release.editor });
    counting = false;
    expectStatus(reverted, 200);
    // One batch: a statement per step, not per entry (entry by entry: over 150).
    expect(statements.length, statements.join('\n')).to.be.at.most(STATEMENTS_OF_ONE_REVERT_BATCH);
    const batched = await outcome(release, labels, startA.seq, startA.at, startA.marks);

    // Restores of 20 moved and 3 English items (each archives version 2: 2 events), 5 dated versions archived,
    // 10 new, 5 authors and 3 German translations taken offline, 4 archived items served again.
    expect(batched.events).to.have.length(2 * 23 + 5 + 18 + 4);
    expect(batched.marks).to.include.members(['lists', 'page-0', 'author-0', 'moved-0', 'de-0', 'en-0', 'dated-0']).and.not.include('ws');
    expectSameOutcome(batched, entryByEntry);

    // Each item serves what it served before, a dated version the release published included.
    const slugs = new Map((await dbQuery<{ id: string; slug: string }>(release.api, 'SELECT id, slug FROM content_items WHERE id = ANY($1)', [entries.map((e) => e.itemId)])).map((r) => [r.id, r.slug]));
    const served: Record<string, number | null> = {};
    for (const e of entries) {
      const res = await release.api.get(`${release.base}/content/by-slug/${slugs.get(e.itemId)}`, { token: release.reader });
      served[e.label] = res.status === 404 ? null : res.body.versionNumber;
    }
    const before = (label: string) => (/^(new|author|de)-/.test(label) ? null : 1);
    expect(served).to.deep.equal(Object.fromEntries(entries.map((e) => [e.label, before(e.label)])));
    const dated = await dbQuery(release.api, `SELECT status FROM content_versions WHERE content_item_id = $1 ORDER BY version_number`, [entries.find((e) => e.label === 'dated-0')!.itemId]);
    expect(dated.map((v) => v.status)).to.deep.equal(['Published', 'Archived']);
  });

  describe('entries whose notices together pass the 150-item bound', () => {
    let w: ContentWorld;
    const authors: string[] = [];
    const pages: string[] = [];
    before(async () => {
      w = release;
      // Two authors, each embedded by 80 pages (drafts count: the walk reads every version's links).
      for (let i = 0; i < 2; i++) {
        const author = await createPerson(w, `Busy author ${i}`);
        await approve(w, author.id, 1);
        authors.push(author.id);
        for (let p = 0; p < 80; p++) pages.push((await createPerson(w, `Page ${i}.${p}`, [author.id])).id);
      }
    });

    it('rolls back every batch when a later one fails: nothing published, no event, no mark moved', async () => {
      const r = await createRelease(w);
      for (const id of authors) await addEntry(w, r.id, id, 1);
      const [last] = [...authors].sort().slice(-1);
      const start = await phaseStart(w);
      // A fault in the last batch's write (the test database only): the first batch has been written by then.
      await dbQuery(w.api, `
        CREATE FUNCTION test_release_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected fault'; END $$`);
      await dbQuery(w.api, `
        CREATE TRIGGER test_release_fault BEFORE UPDATE ON content_versions FOR EACH ROW
        WHEN (NEW.content_item_id = '${last}'::uuid AND NEW.status = 'Published') EXECUTE FUNCTION test_release_fault()`);
      try {
        const res = await w.api.post(`${releasesOf(w)}/${r.id}/publish`, undefined, { token: w.editor, unchecked: true });
        expect(res.status).to.equal(500);
      } finally {
        await dbQuery(w.api, 'DROP TRIGGER test_release_fault ON content_versions');
        await dbQuery(w.api, 'DROP FUNCTION test_release_fault()');
      }
      const statuses = await dbQuery(w.api, 'SELECT status FROM content_versions WHERE content_item_id = ANY($1)', [authors]);
      expect(statuses.map((s) => s.status)).to.deep.equal(['Approved', 'Approved']);
      const [events] = await dbQuery(w.api, 'SELECT count(*)::int AS n FROM outbox_events WHERE seq > $1', [start.seq]);
      expect(events!.n).to.equal(0);
      expect(moved(start.marks, await marks(w))).to.deep.equal([]);
      const [state] = await dbQuery(w.api, 'SELECT state FROM releases WHERE id = $1', [r.id]);
      expect(state!.state).to.equal('Open');
    });

    it('writes them in separate batches: the notices name the authors and their 160 pages, and never end the whole workspace', async () => {
      const r = await createRelease(w);
      for (const id of authors) await addEntry(w, r.id, id, 1);
      const start = await phaseStart(w);
      expectStatus(await w.api.post(`${releasesOf(w)}/${r.id}/publish`, undefined, { token: w.editor }), 200);
      const [lists] = await dbQuery<{ id: string }>(w.api, `SELECT md5('lists:' || $1::text)::uuid::text AS id`, [w.ws]);
      expect(moved(start.marks, await marks(w)).sort()).to.deep.equal([...authors, ...pages, lists!.id].sort());
    });
  });
});
