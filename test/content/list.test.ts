import { expect } from 'chai';
import pg from 'pg';
import { createActor } from '../helpers/actors.js';
import {
  createArticle,
  createPerson,
  dbQuery,
  expectProblem,
  expectStatus,
  newVersion,
  publishNow,
  startContentWorld,
  text,
  type ContentWorld,
} from './content-fixture.js';

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const HOUR = 3_600_000;

describe('GET /workspaces/{workspaceId}/content', () => {
  let w: ContentWorld;
  const ids: Record<string, string> = {};
  before(async () => {
    w = await startContentWorld();
    // live: published default; dated: only a bounded window from +1h to +2h; draft: never published.
    const live = await createArticle(w, 'Live news', { localeCode: 'en', tags: ['News', 'featured'] });
    await publishNow(w, live.id, 1);
    const dated = await createArticle(w, 'Dated guide', { localeCode: 'fr', tags: ['news'] });
    await newVersion(w, dated.id, { effectiveStartAt: iso(HOUR), effectiveEndAt: iso(2 * HOUR), fields: [text(w.model.article.fields.title!, 'Dated v2')] });
    await publishNow(w, dated.id, 2);
    const draft = await createArticle(w, 'Draft only', { localeCode: 'en', tags: ['featured'] });
    const person = await createPerson(w, 'Grace');
    Object.assign(ids, { live: live.id, dated: dated.id, draft: draft.id, person: person.id });
  });
  after(() => w.api.close());

  const list = async (query: string) => {
    const res = await w.api.get(`${w.base}/content?${query}`, { token: w.reader });
    expectStatus(res, 200);
    return res.body as { items: any[]; totalCount: number; page: number; pageSize: number; totalPages: number };
  };
  const idsOf = (page: { items: any[] }) => page.items.map((i) => i.id);

  it('lists live items newest first by default, each with its template, tags, version count and served version', async () => {
    const page = await list('');
    expect(page).to.include({ totalCount: 4, page: 1, pageSize: 20, totalPages: 1 });
    expect(idsOf(page)).to.deep.equal([ids.person, ids.draft, ids.dated, ids.live]);
    const live = page.items.find((i) => i.id === ids.live);
    expect(live).to.include({ templateName: 'Article', versionCount: 1, localeCode: 'en' });
    expect(live.tags).to.deep.equal(['featured', 'news']);
    expect(live.currentlyServingVersion).to.include({ versionNumber: 1, status: 'Published' });
    expect(page.items.find((i) => i.id === ids.dated).currentlyServingVersion).to.equal(null);
  });

  it('names each item\'s author on the editing list only: the creator\'s display name, else their email, null when gone', async () => {
    const writer = async (displayName: string | null) => {
      const actor = await createActor(w.api, { role: 'Editor', grants: { [w.ws]: 'Write' } });
      await dbQuery(w.api, 'UPDATE users SET display_name = $2 WHERE id = $1', [actor.id, displayName]);
      return actor;
    };
    const named = await writer('  Ada Lovelace ');
    const unnamed = await writer('   ');
    const leaving = await writer('Gone Soon');
    const item = async (by: { token: string }, title: string) => {
      const res = await w.api.post(
        `${w.base}/content`,
        { templateVersionId: w.model.article.versionId, slug: `by-${title.toLowerCase().replace(/\W+/g, '-')}`, fields: [text(w.model.article.fields.title!, title)] },
        { token: by.token },
      );
      expectStatus(res, 201);
      return res.body.id as string;
    };
    const byNamed = await item(named, 'Ada wrote this');
    const byUnnamed = await item(unnamed, 'No name wrote this');
    const byLeaving = await item(leaving, 'Gone wrote this');
    // A later version by someone else does not change who created the item.
    await newVersion(w, byNamed, { fields: [text(w.model.article.fields.title!, 'Edited by another')] });
    await publishNow(w, byNamed, 2);
    await dbQuery(w.api, 'UPDATE users SET deleted_at = now() WHERE id = $1', [leaving.id]);

    const page = await list('pageSize=100');
    const authorOf = (id: string) => page.items.find((i) => i.id === id).author;
    expect(authorOf(byNamed)).to.deep.equal({ userId: named.id, name: 'Ada Lovelace' });
    expect(authorOf(byUnnamed)).to.deep.equal({ userId: unnamed.id, name: unnamed.email });
    expect(authorOf(byLeaving)).to.equal(null);
    // Published reads never say who edits.
    const served = await list('resolve=true&pageSize=100');
    expect(served.items.map((i) => i.id)).to.include(byNamed);
    for (const i of served.items) expect(i).not.to.have.property('author');
    // Gone again, through the API, so the other tests list what they wrote.
    for (const id of [byNamed, byUnnamed, byLeaving]) {
      const etag = (await w.api.get(`${w.base}/content/${id}`, { token: w.admin })).headers.get('etag')!;
      expectStatus(await w.api.delete(`${w.base}/content/${id}`, { token: w.admin, headers: { 'if-match': etag } }), 204);
    }
  });

  it('with resolve=true lists only what is served at asOf, carrying the publish time', async () => {
    const now = await list('resolve=true');
    expect(idsOf(now)).to.deep.equal([ids.live]);
    expect(now.items[0]).to.include({ versionCount: 1, createdAt: now.items[0].currentlyServingVersion.publishedAt });
    const later = await list(`resolve=true&asOf=${encodeURIComponent(iso(90 * 60_000))}`);
    expect(idsOf(later).sort()).to.deep.equal([ids.live, ids.dated].sort());
    expect(later.items.find((i) => i.id === ids.dated).currentlyServingVersion.versionNumber).to.equal(2);
    expect((await list(`Resolve=true&AsOf=${encodeURIComponent(iso(90 * 60_000))}`)).totalCount).to.equal(2);
  });

  it('filters by q, template, template version, status, locale, slug, tags and date ranges', async () => {
    expect(idsOf(await list('q=GUIDE'))).to.deep.equal([ids.dated]);
    expect(idsOf(await list(`templateId=${w.model.person.templateId}`))).to.deep.equal([ids.person]);
    expect((await list(`templateVersionId=${w.model.article.versionId}`)).totalCount).to.equal(3);
    expect(idsOf(await list('status=Published')).sort()).to.deep.equal([ids.live, ids.dated].sort());
    expect(idsOf(await list('localeCode=FR'))).to.deep.equal([ids.dated]);
    expect(idsOf(await list('tags=featured,%20NEWS'))).to.deep.equal([ids.live]);
    expect(idsOf(await list('tags=featured'))).to.deep.equal([ids.draft, ids.live]);
    const slug = (await w.api.get(`${w.base}/content/${ids.draft}`, { token: w.reader })).body.slug;
    expect(idsOf(await list(`slug=${slug}`))).to.deep.equal([ids.draft]);
    expect((await list(`createdAfter=${encodeURIComponent(iso(HOUR))}`)).totalCount).to.equal(0);
    expect((await list(`createdBefore=${encodeURIComponent(iso(HOUR))}`)).totalCount).to.equal(4);
    expect(idsOf(await list(`publishedAfter=${encodeURIComponent(iso(-HOUR))}`)).sort()).to.deep.equal([ids.live, ids.dated].sort());
    expect((await list(`publishedBefore=${encodeURIComponent(iso(-HOUR))}`)).totalCount).to.equal(0);
  });

  it('sorts by createdAt, updatedAt or slug in either direction and pages with the real total', async () => {
    expect(idsOf(await list('sortBy=createdAt&sortDesc=false'))).to.deep.equal([ids.live, ids.dated, ids.draft, ids.person]);
    const bySlug = await list('sortBy=slug&sortDesc=false');
    const slugs = bySlug.items.map((i) => i.slug);
    expect(slugs).to.deep.equal([...slugs].sort());
    const second = await list('pageSize=3&page=2');
    expect(second).to.include({ totalCount: 4, page: 2, pageSize: 3, totalPages: 2 });
    expect(second.items).to.have.length(1);
    const beyond = await list('page=9');
    expect(beyond).to.include({ totalCount: 4 });
    expect(beyond.items).to.deep.equal([]);
  });

  it('with resolve=true answers each item as its detail does: the served version whole, times as the API writes them', async () => {
    // The resolved page's JSON is built by PostgreSQL (db/delivery/content-list.ts); every field
    // must be what the presenters make of the same rows.
    const at = iso(90 * 60_000);
    const page = await list(`resolve=true&asOf=${encodeURIComponent(at)}`);
    expect(page.items).to.have.length(2);
    for (const listed of page.items) {
      const detail = (await w.api.get(`${w.base}/content/${listed.id}`, { token: w.reader })).body;
      const served = detail.versions.find((v: any) => v.versionNumber === listed.currentlyServingVersion.versionNumber);
      const { fields: _fields, templateName: _name, templateSlug: _slug, translationGroupId: _group, ...summary } = served;
      expect(listed.currentlyServingVersion).to.deep.equal(summary);
      expect(listed).to.deep.equal({
        id: detail.id,
        templateVersionId: detail.templateVersionId,
        templateName: detail.templateName,
        templateSlug: detail.templateSlug,
        slug: detail.slug,
        localeCode: detail.localeCode,
        translationGroupId: detail.translationGroupId,
        tags: detail.tags,
        // One version, so the served version's title is the detail's (the latest's).
        title: detail.title,
        createdAt: summary.publishedAt,
        updatedAt: summary.publishedAt,
        versionCount: 1,
        currentlyServingVersion: summary,
      });
      expect(listed.createdAt).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    // Past the end: no items, the real total.
    expect(await list('resolve=true&pageSize=1&page=9')).to.deep.equal({ items: [], totalCount: 1, page: 9, pageSize: 1, totalPages: 1 });
  });

  it('finds q in a value of any version through the trigram indexes (migration 0017)', async () => {
    const indexes = await dbQuery(w.api, `SELECT indexname FROM pg_indexes WHERE indexname IN ('content_items_slug_trgm', 'content_field_values_text_trgm') ORDER BY 1`);
    expect(indexes.map((r) => r.indexname)).to.deep.equal(['content_field_values_text_trgm', 'content_items_slug_trgm']);
    // The predicates the list sends can read them. On these few rows the planner prefers a scan of
    // the whole table or of a partial btree index whose WHERE the query implies (any will do as a
    // list of rows to filter), so it is asked to avoid the scan and, in a transaction rolled back,
    // does without those btree indexes.
    const client = new pg.Client({ connectionString: w.api.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('DROP INDEX content_field_values_text, content_items_slug, content_items_workspace_created');
      const plan = async (text: string) => (await client.query(`EXPLAIN ${text}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(await plan(`SELECT 1 FROM content_field_values qf WHERE qf.text_value ILIKE '%guide%'`)).to.contain('content_field_values_text_trgm');
      const slugs = await plan(`SELECT 1 FROM content_items ci WHERE ci.slug ILIKE '%guide%' AND NOT ci.is_deleted`);
      expect(slugs, slugs).to.contain('content_items_slug_trgm');
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
    expect(idsOf(await list('q=V2'))).to.deep.equal([ids.dated]);
    expect(idsOf(await list('resolve=true&q=live%20NEWS'))).to.deep.equal([ids.live]);
  });

  it('answers 400 for a page size over 100 and 404 for a workspace the caller cannot read', async () => {
    expectProblem(await w.api.get(`${w.base}/content?pageSize=101`, { token: w.reader }), 400, 'bad-request');
    expectProblem(await w.api.get(`${w.base}/content`, { token: w.stranger }), 404, 'not-found');
  });
});
