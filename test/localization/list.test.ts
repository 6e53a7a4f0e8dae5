// The content list with `locale`: one entry per translation group (an item without a group is its
// own), the member best ranked in the reader's chain that serves at asOf (resolve=true), that is live
// (resolve=false) or that has something to preview (a preview token); every other filter, the sort
// and the paging apply to that member, and totalCount counts entries. The workspace configures en
// (default), de → en, de-CH → de → en and fr → en, written straight into its tables (the chains as
// migration 0041 keeps them), so these tests stand on the list alone.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import {
  createArticle, dbQuery, expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, uniqueSlug, type ContentWorld,
} from '../content/content-fixture.js';

const LOCALES: [code: string, fallback: string[], chain: string[]][] = [
  ['en', [], ['en']],
  ['de', ['en'], ['de', 'en']],
  ['de-CH', ['de', 'en'], ['de-ch', 'de', 'en']],
  ['fr', ['en'], ['fr', 'en']],
];

async function configureLocales(api: TestApi, ws: string) {
  for (const [position, [code, fallback, chain]] of LOCALES.entries()) {
    await dbQuery(api, 'INSERT INTO workspace_locales (workspace_id, code, name, fallback, chain_keys, position) VALUES ($1, $2, $2, $3, $4, $5)', [
      ws, code, fallback, chain, position,
    ]);
  }
  await dbQuery(api, "UPDATE workspaces SET default_locale = 'en', locales_version = locales_version + 1 WHERE id = $1", [ws]);
}

type Page = { items: { id: string; title: string; localeCode: string | null; slug: string }[]; totalCount: number; totalPages: number };

describe('GET /content with locale (the list per translation group)', function () {
  this.timeout(180_000);
  let w: ContentWorld;
  /** A second replica on the same database, without stored list pages. */
  let plain: TestApi;
  const title = () => w.model.article.fields.title!;

  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0' } }));
    plain = await startTestApi({ databaseUrl: w.api.databaseUrl, env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0', Delivery__StoredListPages: '0' } });
    await configureLocales(w.api, w.ws);
  });
  after(async () => {
    await plain?.close();
    await w?.api.close();
  });

  /** Items by their title: a member `<group>.<locale>` of group `<group>`. */
  const ids: Record<string, string> = {};
  const groups: Record<string, string> = {};
  /** A member of `group` (null: no group) in `locale`, titled `name`, published unless `draft`. */
  async function member(name: string, group: string | null, locale: string | null, o: { draft?: boolean; tags?: string[] } = {}) {
    if (group !== null) groups[group] ??= randomUUID();
    const item = await createArticle(w, name, { localeCode: locale, translationGroupId: group === null ? null : groups[group], tags: o.tags ?? [], slug: uniqueSlug('l') });
    if (!o.draft) await publishNow(w, item.id, 1);
    ids[name] = item.id;
    return item;
  }

  const list = (query: string, token = w.reader, api = w.api) =>
    api.get(`${w.base}/content?templateId=${w.model.article.templateId}&pageSize=100&${query}`, { token });
  async function titles(query: string, token = w.reader): Promise<string[]> {
    const res = await list(query, token);
    expectStatus(res, 200);
    const page = res.body as Page;
    expect(page.totalCount, `totalCount of ${query}`).to.equal(page.items.length);
    return page.items.map((i) => i.title).sort();
  }

  describe('chains of length 1 to 3, members missing at each step', () => {
    before(async () => {
      // g1 has every locale; g2 lacks de-CH; g3 has only en; g4 only de-CH; g5 only fr (outside the de-CH chain).
      for (const l of ['en', 'de', 'de-CH']) await member(`g1.${l}`, 'g1', l);
      for (const l of ['en', 'de']) await member(`g2.${l}`, 'g2', l);
      await member('g3.en', 'g3', 'en');
      await member('g4.de-CH', 'g4', 'de-CH');
      await member('g5.fr', 'g5', 'fr');
      // g6: a member without a locale ranks after every locale of the chain; alone (g7) it is listed in every chain.
      await member('g6.none', 'g6', null);
      await member('g6.de', 'g6', 'de');
      await member('lone.none', null, null);
      // g8: the German member is only a draft; the published list falls back to English.
      await member('g8.en', 'g8', 'en');
      await member('g8.de', 'g8', 'de', { draft: true });
    });

    it('de-CH (three steps): each group by its best member that serves', async () => {
      expect(await titles('resolve=true&locale=de-CH')).to.deep.equal(['g1.de-CH', 'g2.de', 'g3.en', 'g4.de-CH', 'g6.de', 'g8.en', 'lone.none'].sort());
    });

    it('de (two steps) and en (one step); a group without any member in the chain has no entry', async () => {
      expect(await titles('resolve=true&locale=de')).to.deep.equal(['g1.de', 'g2.de', 'g3.en', 'g6.de', 'g8.en', 'lone.none'].sort());
      expect(await titles('resolve=true&locale=en')).to.deep.equal(['g1.en', 'g2.en', 'g3.en', 'g6.none', 'g8.en', 'lone.none'].sort());
      expect(await titles('resolve=true&locale=fr')).to.deep.equal(['g1.en', 'g2.en', 'g3.en', 'g5.fr', 'g6.none', 'g8.en', 'lone.none'].sort());
    });

    it('a requested tag is compared regardless of case and an unconfigured one falls back through its prefixes', async () => {
      expect(await titles('resolve=true&locale=DE-ch')).to.deep.equal(await titles('resolve=true&locale=de-CH'));
      // de-AT is not configured: its prefix de is.
      expect(await titles('resolve=true&locale=de-AT')).to.deep.equal(await titles('resolve=true&locale=de'));
      // ja is not configured and has no configured prefix: the default alone.
      expect(await titles('resolve=true&locale=ja')).to.deep.equal(await titles('resolve=true&locale=en'));
    });

    it('without locale the list is every item, as before', async () => {
      expect(await titles('resolve=true')).to.deep.equal(Object.keys(ids).filter((n) => n !== 'g8.de').sort());
    });

    it('resolve=false ranks live members whatever they serve; status applies to the chosen member', async () => {
      expect(await titles('locale=de-CH')).to.deep.equal(['g1.de-CH', 'g2.de', 'g3.en', 'g4.de-CH', 'g6.de', 'g8.de', 'lone.none'].sort());
      expect(await titles('locale=de-CH&status=Draft')).to.deep.equal(['g8.de']);
      expect(await titles('locale=en&status=Draft')).to.deep.equal([]);
    });

    it('a preview token lists the best member with something to preview', async () => {
      const res = await w.api.post(`${w.base}/preview-tokens`, {}, { token: w.editor });
      expectStatus(res, 201);
      expect(await titles('locale=de-CH', res.body.token)).to.deep.equal(['g1.de-CH', 'g2.de', 'g3.en', 'g4.de-CH', 'g6.de', 'g8.de', 'lone.none'].sort());
      expect(await titles('locale=en', res.body.token)).to.deep.equal(['g1.en', 'g2.en', 'g3.en', 'g6.none', 'g8.en', 'lone.none'].sort());
      // A token scoped to one item lists it only where it is its group's choice.
      const scoped = await w.api.post(`${w.base}/preview-tokens`, { contentItemId: ids['g2.de'] }, { token: w.editor });
      expectStatus(scoped, 201);
      expect(await titles('locale=de-CH', scoped.body.token)).to.deep.equal(['g2.de']);
      expect(await titles('locale=en', scoped.body.token)).to.deep.equal([]);
    });

    it('two members in one locale: the lower item id is the choice', async () => {
      const a = await member('tie.a', 'tie', 'de');
      const b = await member('tie.b', 'tie', 'de');
      const first = [a, b].sort((x, y) => (x.id < y.id ? -1 : 1))[0]!;
      const listed = await titles('resolve=true&locale=de');
      expect(listed.filter((t) => t.startsWith('tie.'))).to.deep.equal([first === a ? 'tie.a' : 'tie.b']);
      await dbQuery(w.api, 'UPDATE content_items SET is_deleted = true WHERE id = ANY($1)', [[a.id, b.id]]);
    });

    it('a locale Verso cannot read is a 400 naming query.locale', async () => {
      const res = await list('resolve=true&locale=en-x');
      expectProblem(res, 400, 'bad-request');
      expect(Object.keys(res.body.errors)).to.deep.equal(['query.locale']);
      expect(res.body.errors['query.locale'][0]).to.match(/not a well-formed language tag/);
    });
  });

  describe('filters, sorts and paging apply to the chosen member', () => {
    const tagged = `x${Math.random().toString(36).slice(2, 8)}`;
    before(async () => {
      // The German member carries the tag; its English sibling does not.
      await member('t.en', 't', 'en');
      await member('t.de', 't', 'de', { tags: [tagged] });
      // An English item with the tag whose German translation lacks it.
      await member('u.en', 'u', 'en', { tags: [tagged] });
      await member('u.de', 'u', 'de');
    });

    it('tags: the German member with the tag is listed in German, not its English fallback sibling', async () => {
      expect(await titles(`resolve=true&locale=de&tags=${tagged}`)).to.deep.equal(['t.de']);
      expect(await titles(`resolve=true&locale=en&tags=${tagged}`)).to.deep.equal(['u.en']);
      expect(await titles(`resolve=true&tags=${tagged}`)).to.deep.equal(['t.de', 'u.en']);
      expect(await titles(`locale=de&tags=${tagged}`)).to.deep.equal(['t.de']);
    });

    it('localeCode filters on the chosen member, field filters read its values', async () => {
      const chosenInEnglish = await titles('resolve=true&locale=de-CH&localeCode=en');
      expect(chosenInEnglish).to.include('g3.en').and.to.include('g8.en').and.not.to.include('g2.en').and.not.to.include('t.en');
      expect(await titles('resolve=true&locale=de&filter[title][eq]=t.de')).to.deep.equal(['t.de']);
      expect(await titles('resolve=true&locale=en&filter[title][eq]=t.de')).to.deep.equal([]);
      expect(await titles('resolve=true&locale=de&filter[title][eq]=t.en')).to.deep.equal([]);
    });

    it('a field sort orders the chosen members by their own values', async () => {
      for (const dir of ['false', 'true']) {
        const res = await list(`resolve=true&locale=de-CH&sortBy=fields.title&sortDesc=${dir}`);
        expectStatus(res, 200);
        const got = (res.body as Page).items.map((i) => i.title);
        const expected = [...(await titles('resolve=true&locale=de-CH'))].sort();
        expect(got).to.deep.equal(dir === 'false' ? expected : expected.reverse());
        expect(res.body.totalCount).to.equal(expected.length);
      }
    });

    it('pages are stable and every page carries the exact total, past the end too', async () => {
      for (const [query, sort] of [['resolve=true&locale=de-CH', 'slug'], ['resolve=true&locale=de-CH', 'createdAt'], ['locale=de', 'slug'], ['resolve=true&locale=de-CH&sortBy=fields.title&sortDesc=false', '']] as const) {
        const base = sort ? `${query}&sortBy=${sort}&sortDesc=false` : query;
        const whole = await list(base);
        expectStatus(whole, 200);
        const all = (whole.body as Page).items.map((i) => i.id);
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(all.length / 3) + 1; page++) {
          const res = await w.api.get(`${w.base}/content?templateId=${w.model.article.templateId}&${base}&pageSize=3&page=${page}`, { token: w.reader });
          expectStatus(res, 200);
          expect(res.body.totalCount, `${base} page ${page}`).to.equal(all.length);
          expect(res.body.totalPages).to.equal(Math.ceil(all.length / 3));
          paged.push(...(res.body as Page).items.map((i) => i.id));
        }
        expect(paged, base).to.deep.equal(all);
      }
    });

    it('stored pages on and off answer the same bodies', async () => {
      for (const query of ['resolve=true&locale=de-CH', 'resolve=true&locale=de&sortBy=slug', `resolve=true&locale=de&tags=${tagged}`, 'resolve=true&locale=en&page=1&sortBy=slug&sortDesc=false']) {
        const stored = await list(query);
        const again = await list(query);
        const built = await list(query, w.reader, plain);
        expectStatus(stored, 200);
        expectStatus(built, 200);
        expect(again.body, query).to.deep.equal(stored.body);
        expect(built.body, query).to.deep.equal(stored.body);
      }
      const pages = await dbQuery(w.api, 'SELECT query FROM delivery_list_pages WHERE workspace_id = $1', [w.ws]);
      expect(pages.some((p) => JSON.parse(p.query).locale?.canonical === 'de-CH'), 'a stored page kept under its canonical locale').to.equal(true);
    });
  });

  describe('asOf', () => {
    it('a member serving only inside a window is the choice at an instant inside it, its fallback outside', async () => {
      const start = new Date(Date.now() + 86_400_000).toISOString();
      const end = new Date(Date.now() + 2 * 86_400_000).toISOString();
      const inside = new Date(Date.now() + 1.5 * 86_400_000).toISOString();
      await member('w.en', 'w', 'en');
      const de = await member('w.de', 'w', 'de', { draft: true });
      await newVersion(w, de.id, { effectiveStartAt: start, effectiveEndAt: end, fields: [text(title(), 'w.de')] });
      await publishNow(w, de.id, 2);
      const chosen = async (asOf?: string) =>
        (await titles(`resolve=true&locale=de${asOf ? `&asOf=${encodeURIComponent(asOf)}` : ''}`)).filter((t) => t.startsWith('w.'));
      expect(await chosen()).to.deep.equal(['w.en']);
      expect(await chosen(inside)).to.deep.equal(['w.de']);
      expect(await chosen(end)).to.deep.equal(['w.en']);
    });
  });

  describe('a publish in each locale changes the page at once', () => {
    it('the ETag moves and the same If-None-Match gets the new page (stored pages on)', async () => {
      const q = `${w.base}/content?resolve=true&locale=de-CH&pageSize=100&templateId=${w.model.article.templateId}`;
      const titlesOf = (res: ApiResponse) => (res.body as Page).items.map((i) => i.title).filter((t) => t.startsWith('p.')).sort();
      const en = await member('p.en', 'p', 'en');
      let before = await w.api.get(q, { token: w.reader });
      expectStatus(before, 200);
      expect(titlesOf(before)).to.deep.equal(['p.en']);
      const step = async (publish: () => Promise<void>, expected: string[]) => {
        const etag = before.headers.get('etag')!;
        expect((await w.api.get(q, { token: w.reader, headers: { 'if-none-match': etag } })).status).to.equal(304);
        await publish();
        const after = await w.api.get(q, { token: w.reader, headers: { 'if-none-match': etag } });
        expectStatus(after, 200);
        expect(after.headers.get('etag')).to.not.equal(etag);
        expect(titlesOf(after)).to.deep.equal(expected);
        before = after;
      };
      // English: a new version of the member the group falls back to.
      await step(async () => {
        await newVersion(w, en.id, { fields: [text(title(), 'p.en v2')] });
        await publishNow(w, en.id, 2);
      }, ['p.en v2']);
      // German: the translation ends the fallback.
      await step(async () => {
        await member('p.de', 'p', 'de');
      }, ['p.de']);
      // Swiss German: the best of the chain.
      await step(async () => {
        await member('p.de-CH', 'p', 'de-CH');
      }, ['p.de-CH']);
    });
  });

  describe('the total without other filters (the maintained group counts)', () => {
    /** For each chain and instant: the total of the unfiltered list equals its entries, on page 1 and past the end. */
    async function expectExactTotals(instants: (string | undefined)[]) {
      for (const locale of ['en', 'de', 'de-CH', 'fr', 'ja']) {
        for (const asOf of instants) {
          const query = `resolve=true&locale=${locale}&pageSize=100${asOf ? `&asOf=${encodeURIComponent(asOf)}` : ''}`;
          const res = await w.api.get(`${w.base}/content?${query}`, { token: w.reader });
          expectStatus(res, 200);
          expect(res.body.items.length, query).to.be.below(100);
          expect(res.body.totalCount, query).to.equal(res.body.items.length);
          const past = await w.api.get(`${w.base}/content?${query}&page=3`, { token: w.reader });
          expectStatus(past, 200);
          expect(past.body.items, query).to.deep.equal([]);
          expect(past.body.totalCount, `${query} past the end`).to.equal(res.body.totalCount);
        }
      }
    }
    const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

    it('is exact at every instant, and after deletes, a member moving between groups and a group losing its last candidate', async () => {
      const instants = [undefined, soon(1.5), soon(2.5), soon(-1)];
      await expectExactTotals(instants);
      // A group of members in windows of their own: fr only inside one, de-CH in a later one.
      await member('v.fr', 'v', 'fr', { draft: true });
      await newVersion(w, ids['v.fr']!, { effectiveStartAt: soon(1), effectiveEndAt: soon(2), fields: [text(title(), 'v.fr')] });
      await publishNow(w, ids['v.fr']!, 2);
      await member('v.de-CH', 'v', 'de-CH', { draft: true });
      await newVersion(w, ids['v.de-CH']!, { effectiveStartAt: soon(2), effectiveEndAt: soon(3), fields: [text(title(), 'v.de-CH')] });
      await publishNow(w, ids['v.de-CH']!, 2);
      await expectExactTotals(instants);
      // A member deleted: its group falls back, or leaves the list when it was the only candidate.
      expectStatus(await w.api.delete(`${w.base}/content/${ids['g4.de-CH']}`, { token: w.admin, headers: await w.api.ifMatch(`${w.base}/content/${ids['g4.de-CH']}`, w.admin) }), 204);
      expectStatus(await w.api.delete(`${w.base}/content/${ids['g1.de-CH']}`, { token: w.admin, headers: await w.api.ifMatch(`${w.base}/content/${ids['g1.de-CH']}`, w.admin) }), 204);
      await expectExactTotals(instants);
      // A member moved to another group, and one leaving its group to stand alone.
      await dbQuery(w.api, 'UPDATE content_items SET translation_group_id = $2 WHERE id = $1', [ids['g2.de'], groups['g3']]);
      await dbQuery(w.api, 'UPDATE content_items SET translation_group_id = NULL WHERE id = $1', [ids['g6.de']]);
      await expectExactTotals(instants);
      // The counts equal what the serving rows give when computed afresh.
      const [fresh] = await dbQuery(w.api, `
        SELECT count(DISTINCT coalesce(s.translation_group_id, s.content_item_id))::int AS n FROM content_serving s
        WHERE s.workspace_id = $1 AND s.valid_from <= now() AND now() < s.valid_until AND (s.locale_code IS NULL OR lower(s.locale_code) = ANY('{de-ch,de,en}'))`, [w.ws]);
      const res = await w.api.get(`${w.base}/content?resolve=true&locale=de-CH&pageSize=1`, { token: w.reader });
      expect(res.body.totalCount).to.equal(fresh.n);
    });
  });
});
