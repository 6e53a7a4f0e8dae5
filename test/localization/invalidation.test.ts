// Exact invalidation across translation groups (migration 0042): a change to any member of a group
// counts as a change to every member, so the reads that fell back to a member or share its fields
// end at once — in the writer's in-process cache, on another replica (its cache hears the notice),
// and in the stored documents every replica serves from (their marks move in the writer's
// transaction) — and a content webhook's purge keys name every member. Three API processes on one
// database: A writes; B caches in process (and stores documents); C keeps no in-process cache, so
// each of its reads is a stored document or a fresh read, and must be exact at once.
import { expect } from 'chai';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { within } from '../helpers/wait.js';
import { dbQuery, expectStatus, publishNow } from '../content/content-fixture.js';
import {
  createPage,
  linkTranslation,
  newPageVersion,
  publishedHolder,
  publishedPage,
  setTranslationGroup,
  startGroupWorld,
  type GroupWorld,
} from './translation-groups-fixture.js';

const state = (res: ApiResponse) => res.headers.get('x-verso-cache');

describe('invalidation across translation groups, on every replica', function () {
  this.timeout(180_000);
  let a: TestApi;
  let b: TestApi;
  let c: TestApi;
  let g: GroupWorld;

  before(async () => {
    a = await startTestApi({ env: { Workers__Enabled: 'false' } });
    g = await startGroupWorld(a);
    b = await startTestApi({ databaseUrl: a.databaseUrl, env: { Workers__Enabled: 'false' } });
    c = await startTestApi({ databaseUrl: a.databaseUrl, env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0' } });
  });
  after(async () => {
    await c?.close();
    await b?.close();
    await a?.close();
  });

  const url = (slug: string, query = '') => `${g.w.base}/content/by-slug/${slug}${query}`;
  const read = async (api: TestApi, slug: string, query = '') => {
    const res = await api.get(url(slug, query), { token: g.w.reader });
    expectStatus(res, 200);
    return res;
  };
  const taglines = (res: ApiResponse) => (res.body.fields as any[]).filter((f) => f.key === 'tagline').map((f) => f.textValue as string);
  const titleOf = (res: ApiResponse) => (res.body.fields as any[]).find((f) => f.key === 'title').textValue as string;

  /** Reads `slug` on A and B until each answers from its in-process cache, and on C (stored document). */
  async function warm(slug: string, query = ''): Promise<void> {
    for (const api of [a, b]) {
      await read(api, slug, query);
      expect(state(await read(api, slug, query)), `${api === a ? 'A' : 'B'} caches ${slug}${query}`).to.equal('hit');
    }
    await read(c, slug, query);
    await read(c, slug, query);
  }

  /** `probe` holds on A and C at once (the writer's own cache, stored documents), and on B as soon as it hears. */
  async function everywhere(slug: string, query: string, probe: (res: ApiResponse) => boolean): Promise<void> {
    expect(probe(await read(a, slug, query)), `A, at once: ${slug}${query}`).to.equal(true);
    expect(probe(await read(c, slug, query)), `C, at once: ${slug}${query}`).to.equal(true);
    await within(5_000, async () => probe(await read(b, slug, query)));
  }

  it('publishing the shared fields’ source changes the German read on every replica', async () => {
    const en = await publishedPage(g, 'en', { title: 'Shop', taglines: ['Open daily'] });
    const de = await publishedPage(g, 'de', { title: 'Laden', taglines: ['Eigene Zeile'] });
    await linkTranslation(g, de.id, en.id);
    await warm(de.slug);
    expect(taglines(await read(b, de.slug))).to.deep.equal(['Open daily']);

    await publishNow(g.w, en.id, await newPageVersion(g, en.id, { title: 'Shop', taglines: ['Open on Sundays too'] }));
    await everywhere(de.slug, '', (res) => taglines(res).join() === 'Open on Sundays too' && titleOf(res) === 'Laden');
  });

  it('an embedding page changes when its child’s English translation (the child’s shared source) is published', async () => {
    const en = await publishedPage(g, 'en', { title: 'Hours', taglines: ['9 to 5'] });
    const de = await publishedPage(g, 'de', { title: 'Zeiten', taglines: ['Eigene'] });
    await linkTranslation(g, de.id, en.id);
    const holder = await publishedHolder(g, 'Start', [de.id]);
    const childTaglines = (res: ApiResponse) => taglines({ ...res, body: (res.body.fields as any[]).find((f) => f.key === 'inner').child } as ApiResponse);
    await warm(holder.slug);
    expect(childTaglines(await read(b, holder.slug))).to.deep.equal(['9 to 5']);

    await publishNow(g.w, en.id, await newPageVersion(g, en.id, { title: 'Hours', taglines: ['8 to 6'] }));
    await everywhere(holder.slug, '', (res) => childTaglines(res).join() === '8 to 6');
  });

  it('the source relinked out of the group: the German read stops sharing its fields on every replica', async () => {
    const en = await publishedPage(g, 'en', { title: 'Team', taglines: ['Shared line'] });
    const de = await publishedPage(g, 'de', { title: 'Mannschaft', taglines: ['Eigene Zeile'] });
    await linkTranslation(g, de.id, en.id);
    await warm(de.slug);
    expect(taglines(await read(b, de.slug))).to.deep.equal(['Shared line']);

    // Only the English item's row changes: the German member learns of it through its old group.
    await setTranslationGroup(g, en.id, null);
    await everywhere(de.slug, '', (res) => taglines(res).join() === 'Eigene Zeile');
  });

  it('the source deleted: the German read serves its own values on every replica', async () => {
    const en = await publishedPage(g, 'en', { title: 'Gone', taglines: ['Shared line'] });
    const de = await publishedPage(g, 'de', { title: 'Weg', taglines: ['Eigene Zeile'] });
    await linkTranslation(g, de.id, en.id);
    await warm(de.slug);
    const current = await g.w.api.get(`${g.w.base}/content/${en.id}`, { token: g.w.admin });
    expectStatus(await g.w.api.delete(`${g.w.base}/content/${en.id}`, { token: g.w.admin, headers: { 'if-match': current.headers.get('etag')! } }), 204);
    await everywhere(de.slug, '', (res) => taglines(res).join() === 'Eigene Zeile');
  });

  describe('reads in a locale', () => {
    it('a German read that fell back to English changes when English is published again, and the fallback ends when German is', async () => {
      const en = await publishedPage(g, 'en', { title: 'Welcome', taglines: ['Hello'] });
      const de = await createPage(g, 'de', { title: 'Willkommen' });
      await linkTranslation(g, de.id, en.id);
      await warm(en.slug, '?locale=de');
      expect((await read(b, en.slug, '?locale=de')).body).to.include({ contentItemId: en.id, requestedLocale: 'de' });

      await publishNow(g.w, en.id, await newPageVersion(g, en.id, { title: 'Welcome!', taglines: ['Hello'] }));
      await everywhere(en.slug, '?locale=de', (res) => res.body.contentItemId === en.id && titleOf(res) === 'Welcome!');

      await warm(en.slug, '?locale=de');
      await publishNow(g.w, de.id, 1);
      await everywhere(en.slug, '?locale=de', (res) => res.body.contentItemId === de.id && titleOf(res) === 'Willkommen' && res.headers.get('content-language') === 'de');
      // The German member shares the English tagline.
      expect(taglines(await read(c, en.slug, '?locale=de'))).to.deep.equal(['Hello']);
    });

    it('a member relinked out of the group: the reads that served it end on every replica', async () => {
      const en = await publishedPage(g, 'en', { title: 'News', taglines: ['Latest'] });
      const de = await publishedPage(g, 'de', { title: 'Neuigkeiten' });
      await linkTranslation(g, de.id, en.id);
      await warm(en.slug, '?locale=de');
      expect((await read(b, en.slug, '?locale=de')).body.contentItemId).to.equal(de.id);

      await setTranslationGroup(g, de.id, null);
      await everywhere(en.slug, '?locale=de', (res) => res.body.contentItemId === en.id && titleOf(res) === 'News');
    });
  });

  it('the walk alternates group hops and embeddings: a change reaches the top of a mixed chain, and nothing beside it', async () => {
    // child-en ~ child-de <- page-de ~ page-en <- holder (~ a group hop, <- embedded by)
    const childEn = await publishedPage(g, 'en', { title: 'Child' });
    const childDe = await publishedPage(g, 'de', { title: 'Kind' });
    await linkTranslation(g, childDe.id, childEn.id);
    const pageDe = await publishedHolder(g, 'Seite', [childDe.id]);
    const pageEn = await publishedPage(g, 'en', { title: 'Page' });
    await linkTranslation(g, pageEn.id, pageDe.id);
    const holder = await publishedHolder(g, 'Top', [pageEn.id]);
    const bystander = await publishedPage(g, 'fr', { title: 'Autre' });
    const walk = async (id: string) =>
      (await dbQuery<{ d: string }>(a, 'SELECT d::text FROM verso_delivery_dependents(ARRAY[$1]::uuid[]) d', [id])).map((r) => r.d).sort();
    expect(await walk(childEn.id)).to.deep.equal([childEn.id, childDe.id, pageDe.id, pageEn.id, holder.id].sort());
    expect(await walk(pageEn.id)).to.deep.equal([pageEn.id, pageDe.id, holder.id].sort());
    expect(await walk(holder.id)).to.deep.equal([holder.id]);
    expect(await walk(bystander.id)).to.deep.equal([bystander.id]);
  });

  it('the walk reaches the top of an embedding chain of the expansion limit with a group hop at every level', async () => {
    // en0 ~ de0 <- holder1 ~ en1 <- holder2 ~ en2 <- … <- holder8: sixteen steps from en0 to holder8.
    const start = await publishedPage(g, 'en', { title: 'Leaf' });
    let member = await publishedPage(g, 'de', { title: 'Blatt' });
    await linkTranslation(g, member.id, start.id);
    let top = member;
    for (let level = 1; level <= 8; level++) {
      top = await publishedHolder(g, `Level ${level}`, [member.id]);
      if (level === 8) break;
      member = await publishedPage(g, 'en', { title: `Level ${level}` });
      await linkTranslation(g, member.id, top.id);
    }
    const reached = await dbQuery<{ d: string }>(a, 'SELECT d::text FROM verso_delivery_dependents(ARRAY[$1]::uuid[]) d', [start.id]);
    expect(reached.map((r) => r.d)).to.include(top.id).and.to.have.length(17);
  });

  describe('webhook purge keys', () => {
    const purgeKeysOf = async (itemId: string, versionNumber: number): Promise<string[]> => {
      const rows = await dbQuery<{ payload: any }>(
        a,
        `SELECT payload FROM outbox_events WHERE event_type = 'content.version_published' AND payload->>'contentItemId' = $1 AND (payload->>'versionNumber')::int = $2`,
        [itemId, versionNumber],
      );
      expect(rows).to.have.length(1);
      return rows[0]!.payload.purgeKeys;
    };

    it('publishing one member names every member of its group and what embeds any of them', async () => {
      const en = await publishedPage(g, 'en', { title: 'Blog', taglines: ['Posts'] });
      const de = await publishedPage(g, 'de', { title: 'Blog DE' });
      const fr = await createPage(g, 'fr', { title: 'Blog FR' });
      const outsider = await publishedPage(g, 'en', { title: 'Other' });
      await linkTranslation(g, de.id, en.id);
      await linkTranslation(g, fr.id, en.id);
      const holder = await publishedHolder(g, 'Home', [de.id]);

      await publishNow(g.w, en.id, await newPageVersion(g, en.id, { title: 'Blog 2', taglines: ['Posts'] }));
      const keys = await purgeKeysOf(en.id, 2);
      expect(keys.slice(0, 2)).to.deep.equal([`list-${g.w.ws}`, `item-${en.id}`]);
      expect([...keys.slice(2)].sort()).to.deep.equal([de.id, fr.id, holder.id].map((id) => `item-${id}`).sort());
      expect(keys).not.to.include(`item-${outsider.id}`);

      // And the other way: the French member's first publish names the English and German members.
      await publishNow(g.w, fr.id, 1);
      const frKeys = await purgeKeysOf(fr.id, 1);
      expect([...frKeys.slice(2)].sort()).to.deep.equal([en.id, de.id, holder.id].map((id) => `item-${id}`).sort());
    });
  });
});
