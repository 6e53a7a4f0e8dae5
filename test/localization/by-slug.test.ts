// By-slug with `locale`: the slug names its item's translation group, and the read serves the
// member the locale's chain picks among those serving at the instant (the requested locale, its
// fallback, the default, a member without a locale), children likewise, with requestedLocale,
// alternates and Content-Language; tags, stored documents and purge keys follow every member.
// Two replicas on one database: `api` with the stored documents and the in-process cache (the
// defaults), `cold` with neither, so every answer is compared between a stored and a fresh read.
import { expect } from 'chai';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { createTestDatabase } from '../helpers/database.js';
import { createActor } from '../helpers/actors.js';
import { dbQuery, expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from '../content/content-fixture.js';
import { configureLocales, member, newGroup } from './locales-fixture.js';

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('GET …/content/by-slug/{slug}?locale=', function () {
  this.timeout(180_000);
  let api: TestApi;
  let cold: TestApi;

  before(async () => {
    const databaseUrl = await createTestDatabase();
    api = await startTestApi({ databaseUrl, env: { Delivery__PurgeKeyHeaders: 'Surrogate-Key' } });
    cold = await startTestApi({ databaseUrl, env: { Delivery__StoredDocuments: 'false', Delivery__CacheSeconds: '0', Workers__Enabled: 'false' } });
  });
  after(async () => {
    await cold?.close();
    await api?.close();
  });

  const query = (params: Record<string, string | undefined>) => {
    const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
    return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
  };
  const readOn = (through: TestApi, w: ContentWorld, slug: string, params: Record<string, string | undefined> = {}, headers: Record<string, string> = {}) =>
    through.get(`${w.base}/content/by-slug/${slug}${query(params)}`, { token: w.reader, headers });
  /** Reads on both replicas, expects the same status and body from each, and gives the stored-document one. */
  const read = async (w: ContentWorld, slug: string, params: Record<string, string | undefined> = {}): Promise<ApiResponse> => {
    const stored = await readOn(api, w, slug, params);
    const fresh = await readOn(cold, w, slug, params);
    expect(fresh.status, fresh.text).to.equal(stored.status);
    if (stored.status === 200) {
      expect(fresh.body).to.deep.equal(stored.body);
      expect(fresh.headers.get('etag')).to.equal(stored.headers.get('etag'));
      expect(fresh.headers.get('content-language')).to.equal(stored.headers.get('content-language'));
    }
    return stored;
  };
  const nameOf = (body: any): string => body.fields.find((f: any) => f.key === 'name').textValue;

  describe('in a workspace with locales (en; de → en; de-CH → de → en; fr → en)', () => {
    let w: ContentWorld;
    before(async () => {
      w = await startContentWorld(api);
      await configureLocales(w, [
        { code: 'en', name: 'English' },
        { code: 'de', name: 'Deutsch', fallback: ['en'] },
        { code: 'de-CH', name: 'Deutsch (Schweiz)', fallback: ['de', 'en'] },
        { code: 'fr', name: 'Français' },
      ]);
    });

    it('serves the requested locale, else each step of its chain in turn, with requestedLocale, alternates and Content-Language', async () => {
      const full = newGroup();
      const en = await member(w, { name: 'About', locale: 'en', group: full, slug: 'about-us' });
      const de = await member(w, { name: 'Über uns', locale: 'de', group: full, slug: 'ueber-uns' });
      const ch = await member(w, { name: 'Über üs', locale: 'de-CH', group: full, slug: 'ueber-ues' });
      const alternates = [
        { localeCode: 'de', slug: 'ueber-uns', contentItemId: de.id },
        { localeCode: 'de-CH', slug: 'ueber-ues', contentItemId: ch.id },
        { localeCode: 'en', slug: 'about-us', contentItemId: en.id },
      ];

      // Chain of three, first step present.
      const swiss = await read(w, 'about-us', { locale: 'de-CH' });
      expectStatus(swiss, 200);
      expect(swiss.body).to.include({ contentItemId: ch.id, localeCode: 'de-CH', requestedLocale: 'de-CH' });
      expect(nameOf(swiss.body)).to.equal('Über üs');
      expect(swiss.body.alternates).to.deep.equal(alternates);
      expect(swiss.headers.get('content-language')).to.equal('de-CH');
      // The slug names the group: any member's slug gives the same answer.
      expect((await read(w, 'ueber-uns', { locale: 'de-CH' })).body).to.deep.equal(swiss.body);
      // Compared regardless of case, answered canonical.
      const lower = await read(w, 'about-us', { locale: 'de-ch' });
      expect(lower.body).to.include({ contentItemId: ch.id, requestedLocale: 'de-CH' });

      const german = await read(w, 'ueber-ues', { locale: 'de' });
      expect(german.body).to.include({ contentItemId: de.id, requestedLocale: 'de' });
      expect(german.headers.get('content-language')).to.equal('de');
      const english = await read(w, 'ueber-uns', { locale: 'en' });
      expect(english.body).to.include({ contentItemId: en.id, requestedLocale: 'en' });
      expect(english.body.alternates).to.deep.equal(alternates);

      // Second step: no de-CH member.
      const noSwiss = newGroup();
      await member(w, { name: 'Contact', locale: 'en', group: noSwiss, slug: 'contact' });
      const deContact = await member(w, { name: 'Kontakt', locale: 'de', group: noSwiss, slug: 'kontakt' });
      const fellOnce = await read(w, 'contact', { locale: 'de-CH' });
      expect(fellOnce.body).to.include({ contentItemId: deContact.id, localeCode: 'de', requestedLocale: 'de-CH' });
      expect(fellOnce.headers.get('content-language')).to.equal('de');

      // Third step: the German member is only a Draft, so it is neither served nor an alternate.
      const draftOnly = newGroup();
      const enPrices = await member(w, { name: 'Prices', locale: 'en', group: draftOnly, slug: 'prices' });
      await member(w, { name: 'Preise', locale: 'de', group: draftOnly, slug: 'preise', publish: false });
      const fellTwice = await read(w, 'preise', { locale: 'de-CH' });
      expect(fellTwice.body).to.include({ contentItemId: enPrices.id, localeCode: 'en', requestedLocale: 'de-CH' });
      expect(fellTwice.body.alternates).to.deep.equal([{ localeCode: 'en', slug: 'prices', contentItemId: enPrices.id }]);
      expect(fellTwice.headers.get('content-language')).to.equal('en');
    });

    it('falls back to a member without a locale after the whole chain, and never to a locale outside it', async () => {
      const group = newGroup();
      const neutral = await member(w, { name: 'Logo', locale: null, group, slug: 'logo' });
      const french = await member(w, { name: 'Le logo', locale: 'fr', group, slug: 'le-logo' });
      const res = await read(w, 'le-logo', { locale: 'de-CH' });
      expectStatus(res, 200);
      expect(res.body).to.include({ contentItemId: neutral.id, localeCode: null, requestedLocale: 'de-CH' });
      expect(res.headers.get('content-language')).to.equal(null);
      expect(res.body.alternates).to.deep.equal([
        { localeCode: 'fr', slug: 'le-logo', contentItemId: french.id },
        { localeCode: null, slug: 'logo', contentItemId: neutral.id },
      ]);
      expect((await read(w, 'logo', { locale: 'fr' })).body).to.include({ contentItemId: french.id });

      // Only a French member: a German read has no candidate (French is not on its chain).
      const onlyFrench = newGroup();
      await member(w, { name: 'Seulement', locale: 'fr', group: onlyFrench, slug: 'seulement' });
      expectProblem(await read(w, 'seulement', { locale: 'de' }), 404, 'not-found');
      // The default's chain is itself alone (length one): missing there, nothing.
      expectProblem(await read(w, 'seulement', { locale: 'en' }), 404, 'not-found');
      expectProblem(await read(w, 'no-such-slug', { locale: 'de' }), 404, 'not-found');
      // Without `locale` the slug's own item, as ever, and no Content-Language.
      const plain = await read(w, 'seulement');
      expect(plain.body).to.not.have.property('requestedLocale');
      expect(plain.body).to.not.have.property('alternates');
      expect(plain.headers.get('content-language')).to.equal(null);
    });

    it('takes an unconfigured locale through its configured prefix, else to the default', async () => {
      const group = newGroup();
      await member(w, { name: 'Home', locale: 'en', group, slug: 'home' });
      const de = await member(w, { name: 'Startseite', locale: 'de', group, slug: 'startseite' });
      const austrian = await read(w, 'home', { locale: 'de-AT' });
      expect(austrian.body).to.include({ contentItemId: de.id, requestedLocale: 'de-AT' });
      const brazilian = await read(w, 'startseite', { locale: 'pt-BR' });
      expect(brazilian.body).to.include({ localeCode: 'en', requestedLocale: 'pt-BR' });
    });

    it('answers a delivery-only credential in a locale (the Draft member stays out of reach)', async () => {
      const admin = (await createActor(api, { role: 'Admin', grants: { [w.ws]: 'Write' } })).token;
      const client = await api.post('/api/v1/clients', { name: 'site', role: 'Reader', workspaceId: w.ws, scope: 'Delivery' }, { token: admin });
      expectStatus(client, 201);
      const group = newGroup();
      const en = await member(w, { name: 'Jobs', locale: 'en', group, slug: 'jobs' });
      await member(w, { name: 'Stellen', locale: 'de', group, slug: 'stellen', publish: false });
      const res = await api.get(`${w.base}/content/by-slug/stellen?locale=de`, { token: client.body.token });
      expectStatus(res, 200);
      expect(res.body).to.include({ contentItemId: en.id, requestedLocale: 'de' });
      expect(res.body.alternates.map((a: any) => a.contentItemId)).to.deep.equal([en.id]);
    });

    it('refuses a locale that is no language tag with a 400 naming query.locale', async () => {
      await member(w, { name: 'Anything', locale: 'en', slug: 'anything' });
      for (const through of [api, cold]) {
        const res = await readOn(through, w, 'anything', { locale: 'en-x' });
        expectProblem(res, 400, 'bad-request');
        expect(res.body.errors).to.have.property('query.locale');
        expect(res.body.errors['query.locale'][0]).to.match(/not a well-formed language tag/);
      }
    });

    it('resolves children in the reader\'s locale: a German page embedding an English child gets the child\'s German member', async () => {
      const childGroup = newGroup();
      const childEn = await member(w, { name: 'Team', locale: 'en', group: childGroup });
      const childDe = await member(w, { name: 'Mannschaft', locale: 'de', group: childGroup });
      // A child whose group has nothing on a German chain (French only): `child` null, as for a child serving nothing.
      const frenchChild = await member(w, { name: 'Équipe', locale: 'fr' });
      const pageGroup = newGroup();
      const pageEn = await member(w, { name: 'Company', locale: 'en', group: pageGroup, slug: 'company', friends: [childEn.id, frenchChild.id] });
      const pageDe = await member(w, { name: 'Firma', locale: 'de', group: pageGroup, slug: 'firma', friends: [childEn.id, frenchChild.id] });

      const res = await read(w, 'company', { locale: 'de' });
      expectStatus(res, 200);
      expect(res.body.contentItemId).to.equal(pageDe.id);
      const [team, french] = res.body.fields.filter((f: any) => f.key === 'friends');
      expect(team.childContentItemId).to.equal(childEn.id);
      expect(team.child).to.include({ contentItemId: childDe.id, localeCode: 'de' });
      expect(nameOf(team.child)).to.equal('Mannschaft');
      expect(french.childContentItemId).to.equal(frenchChild.id);
      expect(french.child).to.equal(null);
      // Purge keys name every member of every group in the tree, the slug's own item first.
      const keys = res.headers.get('surrogate-key')!.split(' ');
      expect(keys.slice(0, 2)).to.deep.equal([`ws-${w.ws}`, `item-${pageEn.id}`]);
      expect(keys).to.include.members([`item-${pageDe.id}`, `item-${childEn.id}`, `item-${childDe.id}`, `item-${frenchChild.id}`]);

      // In English the same tree gives the English child.
      const english = await read(w, 'firma', { locale: 'en' });
      expect(english.body.fields.find((f: any) => f.key === 'friends').child).to.include({ contentItemId: childEn.id });
      // Without children expanded, the values only name them.
      const flat = await read(w, 'company', { locale: 'de', expandChildren: 'false' });
      expect(flat.body.fields.filter((f: any) => f.key === 'friends').map((f: any) => f.child)).to.deep.equal([null, null]);
    });

    it('resolves at asOf: a member counts only inside its window, and alternates are what serves then', async () => {
      const group = newGroup();
      const en = await member(w, { name: 'Sale', locale: 'en', group, slug: 'sale' });
      const start = iso(HOUR);
      const end = iso(2 * HOUR);
      const de = await member(w, { name: 'Ausverkauf', locale: 'de', group, slug: 'ausverkauf', window: { start, end } });

      const before = await read(w, 'sale', { locale: 'de', asOf: iso(30 * 60_000) });
      expect(before.body).to.include({ contentItemId: en.id });
      expect(before.body.alternates.map((a: any) => a.contentItemId)).to.deep.equal([en.id]);
      const inside = await read(w, 'sale', { locale: 'de', asOf: iso(90 * 60_000) });
      expect(inside.body).to.include({ contentItemId: de.id, localeCode: 'de' });
      expect(inside.body.alternates.map((a: any) => a.contentItemId)).to.deep.equal([de.id, en.id]);
      const after = await read(w, 'ausverkauf', { locale: 'de', asOf: iso(3 * HOUR) });
      expect(after.body).to.include({ contentItemId: en.id });

      // At now the English fallback is stored, bounded by the German member's window opening.
      const now = await read(w, 'sale', { locale: 'de' });
      expect(now.body).to.include({ contentItemId: en.id });
      const [doc] = await dbQuery(api, `SELECT * FROM delivery_documents WHERE workspace_id = $1 AND slug = 'sale' AND locale = 'de' AND expand`, [w.ws]);
      expect(doc.item_id).to.equal(en.id);
      expect(doc.content_language).to.equal('en');
      expect(doc.items).to.include.members([en.id, de.id]);
      expect(new Date(doc.valid_until).toISOString()).to.equal(start);
    });

    it('keeps a stored document per locale under the slug\'s own item, ends the fallback when the translation is published, and answers 304 to its tag', async () => {
      const group = newGroup();
      const en = await member(w, { name: 'News', locale: 'en', group, slug: 'news' });
      const de = await member(w, { name: 'Nachrichten', locale: 'de', group, slug: 'nachrichten', publish: false });

      const fallback = await read(w, 'nachrichten', { locale: 'de' });
      expect(fallback.body).to.include({ contentItemId: en.id });
      const plain = await read(w, 'nachrichten');
      expectProblem(plain, 404, 'not-found');
      const docs = await dbQuery(api, `SELECT locale, item_id, content_language FROM delivery_documents WHERE workspace_id = $1 AND slug = 'nachrichten' ORDER BY locale`, [w.ws]);
      expect(docs).to.deep.equal([{ locale: 'de', item_id: de.id, content_language: 'en' }]);

      // The tag answers 304 on either replica (the stored document's tag, the tag statement).
      const etag = fallback.headers.get('etag')!;
      for (const through of [api, cold]) {
        const again = await readOn(through, w, 'nachrichten', { locale: 'de' }, { 'if-none-match': etag });
        expectStatus(again, 304);
        expect(again.headers.get('etag')).to.equal(etag);
      }
      // Another locale is another answer, with another tag.
      const english = await read(w, 'nachrichten', { locale: 'en' });
      expect(english.body).to.include({ contentItemId: en.id, requestedLocale: 'en' });
      expect(english.headers.get('etag')).to.not.equal(etag);

      // Publishing the German member ends the fallback at once, on both replicas.
      await publishNow(w, de.id, 1);
      const translated = await read(w, 'nachrichten', { locale: 'de' });
      expect(translated.body).to.include({ contentItemId: de.id, localeCode: 'de' });
      expect(translated.headers.get('etag')).to.not.equal(etag);
      expect(translated.body.alternates.map((a: any) => a.contentItemId)).to.deep.equal([de.id, en.id]);
      for (const through of [api, cold]) {
        expectStatus(await readOn(through, w, 'nachrichten', { locale: 'de' }, { 'if-none-match': etag }), 200);
      }
      // A new version of the English member moves the German read's tag too (it is an alternate).
      const tag = translated.headers.get('etag')!;
      await newVersion(w, en.id, { fields: [text(w.model.person.fields.name!, 'More news')] });
      await publishNow(w, en.id, 2);
      const moved = await read(w, 'nachrichten', { locale: 'de' });
      expect(moved.headers.get('etag')).to.not.equal(tag);
      expect(moved.body).to.deep.equal(translated.body);
    });
  });

  describe('in a workspace without locales', () => {
    let w: ContentWorld;
    before(async () => {
      w = await startContentWorld(api);
    });

    it('chains through the requested tag\'s prefixes only', async () => {
      const group = newGroup();
      const en = await member(w, { name: 'Shop', locale: 'en', group, slug: 'shop' });
      const de = await member(w, { name: 'Laden', locale: 'de', group, slug: 'laden' });
      expect((await read(w, 'shop', { locale: 'de-AT' })).body).to.include({ contentItemId: de.id, requestedLocale: 'de-AT' });
      expect((await read(w, 'laden', { locale: 'en-GB' })).body).to.include({ contentItemId: en.id });
      // No default to fall back to: a French read has no candidate.
      expectProblem(await read(w, 'shop', { locale: 'fr' }), 404, 'not-found');
    });

    it('answers a read without locale byte for byte as before the workspace had locales', async () => {
      const group = newGroup();
      const child = await member(w, { name: 'Child', locale: 'en', group: newGroup() });
      await member(w, { name: 'Kind', locale: 'de', group: null });
      await member(w, { name: 'Welcome', locale: 'en', group, slug: 'welcome', friends: [child.id] });
      await member(w, { name: 'Willkommen', locale: 'de', group, slug: 'willkommen' });
      const plainItem = await member(w, { name: 'Alone', locale: null, slug: 'alone', friends: [child.id] });
      const slugs = ['welcome', 'willkommen', plainItem.slug];
      const before = new Map<string, string>();
      for (const slug of slugs) {
        const res = await read(w, slug);
        expectStatus(res, 200);
        expect(res.headers.get('content-language')).to.equal(null);
        before.set(slug, res.text);
      }
      await configureLocales(w, [{ code: 'en' }, { code: 'de', fallback: ['en'] }]);
      for (const slug of slugs) {
        const stored = await readOn(api, w, slug);
        const fresh = await readOn(cold, w, slug);
        expect(stored.text).to.equal(before.get(slug));
        expect(fresh.text).to.equal(before.get(slug));
      }
    });
  });
});
