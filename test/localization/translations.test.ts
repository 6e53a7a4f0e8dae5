// The translations API: making an item's member in another locale, every locale's state for one
// item (Missing, the workflow states, outdated against the source), and the workspace's missing or
// outdated translations, paged and filtered.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { dbQuery, expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';
import { buildPageTemplate, createPage, pageFields, setLocales, valuesOf, type PageTemplate } from './translations-fixture.js';

describe('translations', function () {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  /** A fresh workspace with the Page template and, unless `codes` is empty, locales (the first the default). */
  async function world(codes: readonly string[] = ['en', 'de', 'fr']): Promise<{ w: ContentWorld; page: PageTemplate }> {
    const w = await startContentWorld(api);
    const page = await buildPageTemplate(w);
    if (codes.length > 0) await setLocales(w, codes);
    return { w, page };
  }

  const translate = (w: ContentWorld, id: string, body: Record<string, unknown>, token = w.editor) =>
    w.api.post(`${w.base}/content/${id}/translations`, body, { token });

  describe('POST …/content/{id}/translations', () => {
    let w: ContentWorld;
    let page: PageTemplate;
    before(async () => {
      ({ w, page } = await world(['en', 'de', 'fr', 'de-CH']));
    });

    it('401 without a token, 403 for a Reader and for an Editor with only Read, 404 for an unknown item', async () => {
      const source = await createPage(w, page, { title: 'About us', code: 'A-1' });
      expectProblem(await w.api.post(`${w.base}/content/${source.id}/translations`, { localeCode: 'de' }), 401, 'unauthenticated');
      expectProblem(await translate(w, source.id, { localeCode: 'de' }, w.reader), 403, 'forbidden');
      expectProblem(await translate(w, source.id, { localeCode: 'de' }, w.readOnlyEditor), 403, 'forbidden');
      expectProblem(await translate(w, '01900000-0000-7000-8000-000000000000', { localeCode: 'de' }), 404, 'not-found');
      const items = await dbQuery(w.api, `SELECT count(*)::int AS n FROM content_items WHERE workspace_id = $1 AND locale_code = 'de'`, [w.ws]);
      expect(items[0].n).to.equal(0);
    });

    it('makes the member: the served version\'s values as a Draft, shared fields left to the source, the group made, events and audit', async () => {
      const source = await createPage(w, page, { title: 'Über uns & Straße', summary: 'Who we are', code: 'A-1' }, { tags: ['company'] });
      await publishNow(w, source.id, 1);
      // A newer Draft of the source is not what the translation starts from: the served version is.
      await newVersion(w, source.id, { fields: pageFields(page, { title: 'Draft title', summary: 'Not yet', code: 'A-2' }) });

      const res = await translate(w, source.id, { localeCode: 'de' });
      expectStatus(res, 201);
      const created = res.body;
      expect(res.headers.get('location')).to.equal(`${w.base}/content/${created.id}`);
      expect(res.headers.get('etag')).to.match(/^".+"$/);
      const group = created.translationGroupId;
      expect(group).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
      expect(created).to.include({ localeCode: 'de', slug: 'uber-uns-strasse-de', templateVersionId: page.versionId, currentlyServingVersion: null });
      expect(created.tags).to.deep.equal(['company']);
      expect(created.versions.map((v: any) => [v.versionNumber, v.status])).to.deep.equal([[1, 'Draft']]);
      // Title and summary copied from version 1 (served); the shared code is the English member's to write.
      expect(await valuesOf(w, created.id)).to.deep.equal({ title: ['Über uns & Straße'], summary: ['Who we are'] });

      // The source joined the new group, its versions too.
      const sourceNow = (await w.api.get(`${w.base}/content/${source.id}`, { token: w.reader })).body;
      expect(sourceNow.translationGroupId).to.equal(group);
      const versions = await dbQuery(w.api, `SELECT DISTINCT translation_group_id FROM content_versions WHERE content_item_id = $1`, [source.id]);
      expect(versions).to.deep.equal([{ translation_group_id: group }]);

      const events = await dbQuery<{ event_type: string; payload: any }>(
        w.api,
        `SELECT event_type, payload FROM outbox_events WHERE payload->>'contentItemId' = ANY($1) AND event_type IN ('content.created', 'content.updated') ORDER BY seq`,
        [[source.id, created.id]],
      );
      expect(events.slice(-2).map((e) => [e.event_type, e.payload.contentItemId, e.payload.localeCode, e.payload.translationGroupId])).to.deep.equal([
        ['content.updated', source.id, 'en', group],
        ['content.created', created.id, 'de', group],
      ]);
      const audit = await dbQuery<{ action: string; change_delta: Record<string, { after: unknown }> }>(
        w.api,
        `SELECT action, change_delta FROM audit_log WHERE entity_id = $1`,
        [created.id],
      );
      expect(audit.map((a) => a.action)).to.deep.equal(['Created']);
      const after = Object.fromEntries(Object.entries(audit[0]!.change_delta).map(([k, v]) => [k, v.after]));
      expect(after).to.include({ translatedFromContentItemId: source.id, translatedFromVersionNumber: 1, localeCode: 'de', translationGroupId: group });
    });

    it('starts from the newest version when nothing is served, and keeps an existing group', async () => {
      const source = await createPage(w, page, { title: 'Pricing', code: 'P-1' });
      await newVersion(w, source.id, { fields: pageFields(page, { title: 'Pricing plans', summary: 'Plans', code: 'P-1' }) });
      const fr = await translate(w, source.id, { localeCode: 'fr' });
      expectStatus(fr, 201);
      expect(fr.body.slug).to.equal('pricing-plans-fr');
      expect(await valuesOf(w, fr.body.id)).to.deep.equal({ title: ['Pricing plans'], summary: ['Plans'] });
      // From the French member into German: the same group, and still no shared value copied.
      const de = await translate(w, fr.body.id, { localeCode: 'de' });
      expectStatus(de, 201);
      expect(de.body.translationGroupId).to.equal(fr.body.translationGroupId);
      expect(await valuesOf(w, de.body.id)).to.deep.equal({ title: ['Pricing plans'], summary: ['Plans'] });
    });

    it('canonicalises the locale to the workspace\'s spelling, and takes a given slug', async () => {
      const source = await createPage(w, page, { title: 'Contact', code: 'C-1' });
      const res = await translate(w, source.id, { localeCode: 'DE-ch', slug: 'kontakt' });
      expectStatus(res, 201);
      expect(res.body).to.include({ localeCode: 'de-CH', slug: 'kontakt' });
    });

    it('suggests the first free slug: -2, -3 after the locale', async () => {
      const taken = uniqueSlug('team');
      await createPage(w, page, { title: 'x' }, { slug: `${taken}-fr` });
      await createPage(w, page, { title: 'x' }, { slug: `${taken}-fr-2` });
      const source = await createPage(w, page, { title: taken, code: 'T-1' });
      const res = await translate(w, source.id, { localeCode: 'fr' });
      expectStatus(res, 201);
      expect(res.body.slug).to.equal(`${taken}-fr-3`);
    });

    it('409 when the group already has a member in the locale (any case, the source\'s own included) or the given slug is taken', async () => {
      const source = await createPage(w, page, { title: 'Jobs', code: 'J-1' });
      expectStatus(await translate(w, source.id, { localeCode: 'de' }), 201);
      const again = await translate(w, source.id, { localeCode: 'DE' });
      expectProblem(again, 409, 'conflict');
      expect(again.body.detail).to.equal('The item already has a translation in de.');
      expectProblem(await translate(w, source.id, { localeCode: 'en' }), 409, 'conflict');
      const other = await createPage(w, page, { title: 'Blog', code: 'B-1' });
      const slugTaken = await translate(w, other.id, { localeCode: 'de', slug: source.slug });
      expectProblem(slugTaken, 409, 'conflict');
      const members = await dbQuery(w.api, `SELECT count(*)::int AS n FROM content_items WHERE translation_group_id = (SELECT translation_group_id FROM content_items WHERE id = $1)`, [source.id]);
      expect(members[0].n).to.equal(2);
      // Refused before anything was written: the other item did not join a group.
      expect((await w.api.get(`${w.base}/content/${other.id}`, { token: w.reader })).body.translationGroupId).to.equal(null);
    });

    it('two translations into one locale made at once, from different members, end with one member and a 409', async () => {
      const source = await createPage(w, page, { title: 'Race', code: 'R-1' });
      const fr = (await translate(w, source.id, { localeCode: 'fr' })).body;
      const answers = await Promise.all([translate(w, source.id, { localeCode: 'de' }), translate(w, fr.id, { localeCode: 'de' })]);
      expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 409]);
      const members = await dbQuery(w.api, `SELECT lower(locale_code) AS l, count(*)::int AS n FROM content_items WHERE translation_group_id = $1 AND NOT is_deleted GROUP BY 1 ORDER BY 1`, [fr.translationGroupId]);
      expect(members).to.deep.equal([{ l: 'de', n: 1 }, { l: 'en', n: 1 }, { l: 'fr', n: 1 }]);
    });

    it('422 for a locale the workspace does not configure, and for a tag BCP 47 refuses', async () => {
      const source = await createPage(w, page, { title: 'Legal', code: 'L-1' });
      const it = await translate(w, source.id, { localeCode: 'it' });
      expectProblem(it, 422, 'validation-failed');
      expect(it.body.errors['/localeCode'][0]).to.equal("it is not one of this workspace's locales: en, de, fr, de-CH.");
      const malformed = await translate(w, source.id, { localeCode: 'en-a' });
      expectProblem(malformed, 422, 'validation-failed');
      expect(malformed.body.errors['/localeCode'][0]).to.equal('en-a is not a language tag such as en, de or de-CH.');
      expectProblem(await translate(w, source.id, { localeCode: 'de', slug: 'Not A Slug' }), 400, 'bad-request');
      expect((await w.api.get(`${w.base}/content/${source.id}`, { token: w.reader })).body.translationGroupId).to.equal(null);
    });

    it('a member made in the default locale (the group had none) keeps the shared values: it is where they are written', async () => {
      const de = await createPage(w, page, { title: 'Nur Deutsch', code: 'D-1' }, { localeCode: 'de' });
      const en = await translate(w, de.id, { localeCode: 'en' });
      expectStatus(en, 201);
      expect(await valuesOf(w, en.body.id)).to.deep.equal({ title: ['Nur Deutsch'], code: ['D-1'] });
      // And the next member, now that the group has a default-locale member, does not.
      const fr = await translate(w, de.id, { localeCode: 'fr' });
      expect(await valuesOf(w, fr.body.id)).to.deep.equal({ title: ['Nur Deutsch'] });
    });

    it('in a workspace without locales: any well-formed locale, canonical, and every value copied (nothing is shared)', async () => {
      const plain = await world([]);
      const source = await createPage(plain.w, plain.page, { title: 'Home', code: 'H-1' });
      // An alias whose standard form outgrows a language tag's 20 characters cannot be stored.
      const long = await translate(plain.w, source.id, { localeCode: 'sh-ba-fonipa-1996' });
      expectProblem(long, 422, 'validation-failed');
      expect(long.body.errors['/localeCode'][0]).to.equal('sh-ba-fonipa-1996 is written sr-Latn-BA-1996-fonipa in its standard form, longer than the 20 characters a language tag may have.');
      const res = await translate(plain.w, source.id, { localeCode: 'pt-br' });
      expectStatus(res, 201);
      expect(res.body.localeCode).to.equal('pt-BR');
      expect(res.body.slug).to.equal('home-pt-br');
      expect(await valuesOf(plain.w, res.body.id)).to.deep.equal({ title: ['Home'], code: ['H-1'] });
    });
  });

  describe('GET …/content/{id}/translation-status', () => {
    let w: ContentWorld;
    let page: PageTemplate;
    before(async () => {
      ({ w, page } = await world(['en', 'de', 'fr', 'it', 'es']));
    });

    const status = async (id: string, token = w.reader) => {
      const res = await w.api.get(`${w.base}/content/${id}/translation-status`, { token });
      expectStatus(res, 200);
      return res.body;
    };

    it('401 without a token, 404 for an unknown or deleted item', async () => {
      const source = await createPage(w, page, { title: 'Gone', code: 'G-1' });
      expectProblem(await w.api.get(`${w.base}/content/${source.id}/translation-status`), 401, 'unauthenticated');
      expectProblem(await w.api.get(`${w.base}/content/01900000-0000-7000-8000-000000000000/translation-status`, { token: w.reader }), 404, 'not-found');
      const etag = (await w.api.get(`${w.base}/content/${source.id}`, { token: w.editor })).headers.get('etag')!;
      expectStatus(await w.api.delete(`${w.base}/content/${source.id}`, { token: w.editor, headers: { 'if-match': etag } }), 204);
      expectProblem(await w.api.get(`${w.base}/content/${source.id}/translation-status`, { token: w.reader }), 404, 'not-found');
    });

    it('every locale with its member\'s state, the same from any member; members in unconfigured locales after', async () => {
      const source = await createPage(w, page, { title: 'Welcome', code: 'W-1' });
      await publishNow(w, source.id, 1);
      const de = (await translate(w, source.id, { localeCode: 'de' })).body; // Draft
      const fr = (await translate(w, source.id, { localeCode: 'fr' })).body;
      expectStatus(await w.api.post(`${w.base}/content/${fr.id}/versions/1/submit`, {}, { token: w.editor }), 200); // Review
      const it = (await translate(w, source.id, { localeCode: 'it' })).body;
      expectStatus(await w.api.post(`${w.base}/content/${it.id}/versions/1/submit`, {}, { token: w.editor }), 200);
      expectStatus(await w.api.post(`${w.base}/content/${it.id}/versions/1/approve`, {}, { token: w.reviewer }), 200); // Approved
      const group = de.translationGroupId;
      // From before the locales: a member in Portuguese, and one without a locale.
      const pt = await createPage(w, page, { title: 'Bem-vindo' }, { localeCode: 'es', translationGroupId: group });
      await dbQuery(w.api, `UPDATE content_items SET locale_code = 'pt' WHERE id = $1`, [pt.id]);
      await dbQuery(w.api, `UPDATE content_versions SET locale_code = 'pt' WHERE content_item_id = $1`, [pt.id]);
      const none = await createPage(w, page, { title: 'Neutral' }, { localeCode: null, translationGroupId: group, slug: null });

      const body = await status(de.id);
      expect(body).to.include({ contentItemId: de.id, translationGroupId: group, defaultLocale: 'en' });
      expect(body.locales).to.deep.equal([
        { localeCode: 'en', name: 'Language en', configured: true, state: 'Published', outdated: false, isSource: true, contentItemId: source.id, slug: source.slug, versionNumber: 1, servedVersionNumber: 1, title: 'Welcome' },
        { localeCode: 'de', name: 'Language de', configured: true, state: 'Draft', outdated: false, isSource: false, contentItemId: de.id, slug: de.slug, versionNumber: 1, servedVersionNumber: null, title: 'Welcome' },
        { localeCode: 'fr', name: 'Language fr', configured: true, state: 'Review', outdated: false, isSource: false, contentItemId: fr.id, slug: fr.slug, versionNumber: 1, servedVersionNumber: null, title: 'Welcome' },
        { localeCode: 'it', name: 'Language it', configured: true, state: 'Approved', outdated: false, isSource: false, contentItemId: it.id, slug: it.slug, versionNumber: 1, servedVersionNumber: null, title: 'Welcome' },
        { localeCode: 'es', name: 'Language es', configured: true, state: 'Missing', outdated: false, isSource: false, contentItemId: null, slug: null, versionNumber: null, servedVersionNumber: null, title: null },
        { localeCode: 'pt', name: null, configured: false, state: 'Draft', outdated: false, isSource: false, contentItemId: pt.id, slug: pt.slug, versionNumber: 1, servedVersionNumber: null, title: 'Bem-vindo' },
        { localeCode: null, name: null, configured: false, state: 'Draft', outdated: false, isSource: false, contentItemId: none.id, slug: null, versionNumber: 1, servedVersionNumber: null, title: 'Neutral' },
      ]);
      expect((await status(source.id)).locales).to.deep.equal(body.locales);
      expect((await status(none.id, w.editor)).contentItemId).to.equal(none.id);
    });

    it('outdated: the source publishes after the translation was last changed; a change to the translation ends it', async () => {
      const source = await createPage(w, page, { title: 'Shipping', code: 'S-1' });
      await publishNow(w, source.id, 1);
      const de = (await translate(w, source.id, { localeCode: 'de' })).body;
      await publishNow(w, de.id, 1);
      const stateOf = async (locale: string) => (await status(de.id)).locales.find((l: any) => l.localeCode === locale);
      expect(await stateOf('de')).to.include({ state: 'Published', outdated: false, servedVersionNumber: 1 });

      // The source moves on: version 2 published after the German member's version 1 was last changed.
      await newVersion(w, source.id, { fields: pageFields(page, { title: 'Shipping and returns', code: 'S-1' }) });
      await publishNow(w, source.id, 2);
      expect(await stateOf('de')).to.include({ state: 'Published', outdated: true });
      expect(await stateOf('en')).to.include({ isSource: true, outdated: false, servedVersionNumber: 2, title: 'Shipping and returns' });

      // A newer German Draft (changed after the source's publish) is no longer behind.
      await newVersion(w, de.id, { fields: pageFields(page, { title: 'Versand und Rückgabe' }) });
      expect(await stateOf('de')).to.include({ state: 'Draft', outdated: false, versionNumber: 2, servedVersionNumber: 1, title: 'Versand und Rückgabe' });

      // A source that serves nothing makes nothing outdated.
      const quiet = await createPage(w, page, { title: 'Quiet', code: 'Q-1' });
      const quietDe = (await translate(w, quiet.id, { localeCode: 'de' })).body;
      await newVersion(w, quiet.id, { fields: pageFields(page, { title: 'Quieter', code: 'Q-1' }) });
      expect((await status(quietDe.id)).locales.find((l: any) => l.localeCode === 'de')).to.include({ outdated: false });
    });

    it('an item without a group in a workspace without locales: itself, unconfigured', async () => {
      const plain = await world([]);
      const item = await createPage(plain.w, plain.page, { title: 'Solo' }, { localeCode: 'en' });
      const res = await plain.w.api.get(`${plain.w.base}/content/${item.id}/translation-status`, { token: plain.w.reader });
      expectStatus(res, 200);
      expect(res.body).to.deep.equal({
        contentItemId: item.id,
        translationGroupId: null,
        defaultLocale: null,
        locales: [{ localeCode: 'en', name: null, configured: false, state: 'Draft', outdated: false, isSource: false, contentItemId: item.id, slug: item.slug, versionNumber: 1, servedVersionNumber: null, title: 'Solo' }],
      });
    });
  });

  describe('GET …/content/missing-translations', () => {
    let w: ContentWorld;
    let page: PageTemplate;
    let oldest: { id: string };
    let middle: { id: string };
    let newest: { id: string };
    let middleDe: { id: string };
    let otherTemplate: { id: string };

    const missing = async (query = '', token = w.reader) => {
      const res = await w.api.get(`${w.base}/content/missing-translations${query}`, { token });
      expectStatus(res, 200);
      return res.body;
    };
    const pairs = (body: any) => body.items.map((i: any) => [i.source.id, i.localeCode, i.state, i.translationItemId]);

    before(async () => {
      ({ w, page } = await world(['en', 'de', 'fr']));
      oldest = await createPage(w, page, { title: 'Oldest', code: 'O' });
      middle = await createPage(w, page, { title: 'Middle', code: 'M' });
      await publishNow(w, middle.id, 1);
      middleDe = (await translate(w, middle.id, { localeCode: 'de' })).body;
      await newVersion(w, middle.id, { fields: pageFields(page, { title: 'Middle, again', code: 'M' }) });
      await publishNow(w, middle.id, 2); // the German member is now behind
      newest = await createPage(w, page, { title: 'Newest', code: 'N' });
      await publishNow(w, newest.id, 1);
      const newestDe = (await translate(w, newest.id, { localeCode: 'de' })).body;
      await publishNow(w, newestDe.id, 1); // up to date
      // Items not in the default locale are not sources.
      await createPage(w, page, { title: 'Nur Deutsch' }, { localeCode: 'de' });
      await createPage(w, page, { title: 'Neutral' }, { localeCode: null });
      const article = await w.api.post(
        `${w.base}/content`,
        { templateVersionId: w.model.article.versionId, slug: uniqueSlug('article'), localeCode: 'en', tags: [], fields: [text(w.model.article.fields.title!, 'Article')] },
        { token: w.editor },
      );
      expectStatus(article, 201);
      otherTemplate = article.body;
    });

    it('401 without a token', async () => {
      expectProblem(await w.api.get(`${w.base}/content/missing-translations`), 401, 'unauthenticated');
    });

    it('one entry per (default-locale item, locale) missing or outdated: newest item first, then the locales in order', async () => {
      const body = await missing();
      expect(pairs(body)).to.deep.equal([
        [otherTemplate.id, 'de', 'Missing', null],
        [otherTemplate.id, 'fr', 'Missing', null],
        [newest.id, 'fr', 'Missing', null],
        [middle.id, 'de', 'Outdated', middleDe.id],
        [middle.id, 'fr', 'Missing', null],
        [oldest.id, 'de', 'Missing', null],
        [oldest.id, 'fr', 'Missing', null],
      ]);
      expect(body).to.include({ totalCount: 7, page: 1, pageSize: 20, totalPages: 1 });
      // The source as the editing list shows it.
      const middleEntry = body.items.find((i: any) => i.source.id === middle.id);
      expect(middleEntry.source).to.include({ localeCode: 'en', title: 'Middle, again', versionCount: 2 });
      expect(middleEntry.source.currentlyServingVersion.versionNumber).to.equal(2);
      expect(middleEntry.source.latestVersion.versionNumber).to.equal(2);
    });

    it('filters by locale (any case) and by template', async () => {
      expect(pairs(await missing('?locale=DE'))).to.deep.equal([
        [otherTemplate.id, 'de', 'Missing', null],
        [middle.id, 'de', 'Outdated', middleDe.id],
        [oldest.id, 'de', 'Missing', null],
      ]);
      expect(pairs(await missing(`?templateId=${page.templateId}&locale=fr`))).to.deep.equal([
        [newest.id, 'fr', 'Missing', null],
        [middle.id, 'fr', 'Missing', null],
        [oldest.id, 'fr', 'Missing', null],
      ]);
      // The default locale, or one not configured, lacks nothing.
      expect(await missing('?locale=en')).to.include({ totalCount: 0 });
      expect((await missing('?locale=it')).items).to.deep.equal([]);
    });

    it('pages: a page costs a page, and a page past the end still tells the total', async () => {
      const second = await missing(`?templateId=${page.templateId}&pageSize=2&page=2`);
      expect(pairs(second)).to.deep.equal([
        [middle.id, 'fr', 'Missing', null],
        [oldest.id, 'de', 'Missing', null],
      ]);
      expect(second).to.include({ totalCount: 5, page: 2, pageSize: 2, totalPages: 3 });
      const past = await missing(`?templateId=${page.templateId}&pageSize=2&page=9`);
      expect(past).to.deep.equal({ items: [], totalCount: 5, page: 9, pageSize: 2, totalPages: 3 });
    });

    it('a translation made ends its Missing entry; one brought up to date ends its Outdated entry', async () => {
      const fr = (await translate(w, oldest.id, { localeCode: 'fr' })).body;
      expect(pairs(await missing(`?templateId=${page.templateId}&locale=fr`)).map((p: any[]) => p[0])).to.deep.equal([newest.id, middle.id]);
      await newVersion(w, middleDe.id, { fields: pageFields(page, { title: 'Mitte, wieder' }) });
      expect(pairs(await missing(`?templateId=${page.templateId}&locale=de`))).to.deep.equal([[oldest.id, 'de', 'Missing', null]]);
      expect(fr.localeCode).to.equal('fr');
    });

    it('a workspace without locales lacks nothing', async () => {
      const plain = await world([]);
      await createPage(plain.w, plain.page, { title: 'Solo' });
      const res = await plain.w.api.get(`${plain.w.base}/content/missing-translations`, { token: plain.w.reader });
      expectStatus(res, 200);
      expect(res.body).to.deep.equal({ items: [], totalCount: 0, page: 1, pageSize: 20, totalPages: 0 });
    });
  });
});
