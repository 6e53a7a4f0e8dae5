// Fields shared across translations in delivery reads (services/delivery/shared-fields.ts): a member
// not in the default locale serves the values of its template's non-localized fields from its
// group's member in the default locale — what that member serves (published reads) or previews
// (preview reads) — and its own values when that member serves nothing.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { makeImage } from '../media/public-images.js';
import { uploadAsEditor } from '../media/media-world.js';
import { buildTemplate, createArticle, dbQuery, expectProblem, expectStatus, newVersion, publishNow, uniqueSlug } from '../content/content-fixture.js';
import { statementRecorder } from '../helpers/statements.js';
import {
  createPage,
  keysOf,
  linkTranslation,
  newPageVersion,
  pageFields,
  publishedHolder,
  publishedPage,
  startGroupWorld,
  texts,
  valuesOf,
  type GroupWorld,
} from './translation-groups-fixture.js';

describe('fields shared across translations in delivery reads', function () {
  this.timeout(120_000);
  let api: TestApi;
  let g: GroupWorld;
  let heroEn: any;
  let heroDe: any;
  const bySlug = (slug: string, query = '') => `${g.w.base}/content/by-slug/${slug}${query}`;
  const read = async (slug: string, token = g.w.reader, query = '') => {
    const res = await api.get(bySlug(slug, query), { token });
    expectStatus(res, 200);
    return res.body;
  };
  const mint = async (body: Record<string, unknown> = {}) => {
    const res = await api.post(`${g.w.base}/preview-tokens`, body, { token: g.w.editor });
    expectStatus(res, 201);
    return res.body.token as string;
  };

  before(async () => {
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
    g = await startGroupWorld(api);
    await dbQuery(api, 'UPDATE workspaces SET public_media = true WHERE id = $1', [g.w.ws]);
    heroEn = await uploadAsEditor(g.w, 'hero-en.png', 'image/png', await makeImage('png', 320, 200), 'The English hero');
    heroDe = await uploadAsEditor(g.w, 'hero-de.png', 'image/png', await makeImage('png', 160, 100), 'Das deutsche Bild');
  });
  after(async () => {
    await api?.close();
  });

  it('a German member serves the English member’s shared Text and Media values, in its own fields’ places', async () => {
    const en = await publishedPage(g, 'en', { title: 'About us', taglines: ['We build', 'We ship'], hero: heroEn.id, body: 'English body' });
    const de = await publishedPage(g, 'de', { title: 'Über uns', taglines: ['Wir bauen'], hero: heroDe.id, body: 'Deutscher Text' });
    await linkTranslation(g, de.id, en.id);

    const body = await read(de.slug);
    expect(body).to.include({ contentItemId: de.id, localeCode: 'de' });
    expect(keysOf(body)).to.deep.equal(['title', 'tagline', 'tagline', 'hero', 'body']);
    expect(texts(body, 'title')).to.deep.equal(['Über uns']);
    expect(texts(body, 'body')).to.deep.equal(['Deutscher Text']);
    expect(texts(body, 'tagline')).to.deep.equal(['We build', 'We ship']);
    // The member's own field (id and label), the source's value, presented as any value is.
    const taglines = (body.fields as any[]).filter((f) => f.key === 'tagline');
    expect(taglines.map((f) => [f.fieldId, f.label, f.order, f.valueKind, f.child])).to.deep.equal([
      [g.page.fields.tagline, 'Tagline', 0, 'Text', null],
      [g.page.fields.tagline, 'Tagline', 1, 'Text', null],
    ]);
    const [hero] = valuesOf(body, 'hero');
    expect(hero!.value).to.equal(heroEn.id);
    expect(hero!.asset).to.include({ id: heroEn.id, altText: 'The English hero', width: 320, height: 200 });
    expect(hero!.asset.url).to.be.a('string');

    // The English member serves its own values, untouched.
    const english = await read(en.slug);
    expect(texts(english, 'tagline')).to.deep.equal(['We build', 'We ship']);
    expect(texts(english, 'title')).to.deep.equal(['About us']);
    expect(valuesOf(english, 'hero')[0]!.value).to.equal(heroEn.id);
  });

  it('a member with no value of a shared field gets the source’s; a source without one takes the member’s away', async () => {
    const en = await publishedPage(g, 'en', { title: 'Contact', taglines: ['Write to us'] });
    const de = await publishedPage(g, 'de', { title: 'Kontakt', hero: heroDe.id });
    await linkTranslation(g, de.id, en.id);
    const body = await read(de.slug);
    expect(keysOf(body)).to.deep.equal(['title', 'tagline']);
    expect(texts(body, 'tagline')).to.deep.equal(['Write to us']);
    expect(valuesOf(body, 'hero')).to.deep.equal([]);
  });

  it('serves the member’s own values while the default-locale member serves nothing, and the source’s once it does', async () => {
    const en = await createPage(g, 'en', { title: 'Jobs', taglines: ['Join us'], hero: heroEn.id });
    const de = await publishedPage(g, 'de', { title: 'Karriere', taglines: ['Komm zu uns'], hero: heroDe.id });
    await linkTranslation(g, de.id, en.id);
    const own = await read(de.slug);
    expect(texts(own, 'tagline')).to.deep.equal(['Komm zu uns']);
    expect(valuesOf(own, 'hero')[0]!.value).to.equal(heroDe.id);
    expect(valuesOf(own, 'hero')[0]!.asset).to.include({ id: heroDe.id, altText: 'Das deutsche Bild' });

    await publishNow(g.w, en.id, 1);
    const shared = await read(de.slug);
    expect(texts(shared, 'tagline')).to.deep.equal(['Join us']);
    expect(valuesOf(shared, 'hero')[0]!.value).to.equal(heroEn.id);
  });

  it('reads the source at the read’s instant: inside its effective window the source’s values, outside it the member’s', async () => {
    const de = await publishedPage(g, 'de', { title: 'Presse', taglines: ['Eigene Zeile'] });
    const en = await createPage(g, 'en', { title: 'Press', taglines: ['Draft line'] });
    await linkTranslation(g, de.id, en.id);
    const opens = Date.now() + 3_600_000;
    const dated = await newVersion(g.w, en.id, {
      effectiveStartAt: new Date(opens).toISOString(),
      effectiveEndAt: new Date(opens + 3_600_000).toISOString(),
      fields: pageFields(g, { title: 'Press', taglines: ['Dated line'] }),
    });
    await publishNow(g.w, en.id, dated.versionNumber);
    expect(texts(await read(de.slug), 'tagline')).to.deep.equal(['Eigene Zeile']);
    const inside = encodeURIComponent(new Date(opens + 60_000).toISOString());
    expect(texts(await read(de.slug, g.w.reader, `?asOf=${inside}`), 'tagline')).to.deep.equal(['Dated line']);
  });

  it('an item outside any group serves its own values', async () => {
    const alone = await publishedPage(g, 'de', { title: 'Allein', taglines: ['Nur meins'] });
    expect(texts(await read(alone.slug), 'tagline')).to.deep.equal(['Nur meins']);
  });

  it('an expanded child shares its fields from its own group’s default-locale member', async () => {
    const enChild = await publishedPage(g, 'en', { title: 'Team', taglines: ['Our team'], hero: heroEn.id });
    const deChild = await publishedPage(g, 'de', { title: 'Mannschaft', taglines: ['Unser Team'], hero: heroDe.id });
    await linkTranslation(g, deChild.id, enChild.id);
    const holder = await publishedHolder(g, 'Startseite', [deChild.id]);
    const body = await read(holder.slug);
    const child = (body.fields as any[]).find((f) => f.key === 'inner').child;
    expect(child).to.include({ contentItemId: deChild.id, localeCode: 'de' });
    expect(texts(child, 'title')).to.deep.equal(['Mannschaft']);
    expect(texts(child, 'tagline')).to.deep.equal(['Our team']);
    expect(valuesOf(child, 'hero')[0]!.asset).to.include({ id: heroEn.id, altText: 'The English hero' });
    // Without expansion the child is not there to share into.
    const flat = await read(holder.slug, g.w.reader, '?expandChildren=false');
    expect((flat.fields as any[]).find((f) => f.key === 'inner').child).to.equal(null);
  });

  it('a preview shares from the source’s previewed version; the published read from its served one', async () => {
    const en = await publishedPage(g, 'en', { title: 'Prices', taglines: ['Published line'], hero: heroEn.id });
    const de = await publishedPage(g, 'de', { title: 'Preise', taglines: ['Deutsche Zeile'] });
    await linkTranslation(g, de.id, en.id);
    await newPageVersion(g, en.id, { title: 'Prices', taglines: ['Draft line'], hero: heroDe.id });

    const published = await read(de.slug);
    expect(texts(published, 'tagline')).to.deep.equal(['Published line']);
    expect(valuesOf(published, 'hero')[0]!.value).to.equal(heroEn.id);

    const preview = await read(de.slug, await mint());
    expect(preview).to.include({ isPreview: true, contentItemId: de.id });
    expect(texts(preview, 'tagline')).to.deep.equal(['Draft line']);
    const [hero] = valuesOf(preview, 'hero');
    expect(hero!.value).to.equal(heroDe.id);
    expect(hero!.asset).to.include({ id: heroDe.id, altText: 'Das deutsche Bild' });
    // A token scoped to the German member previews it with the English draft's shared values too.
    expect(texts(await read(de.slug, await mint({ contentItemId: de.id })), 'tagline')).to.deep.equal(['Draft line']);
  });

  it('a scoped preview whose item embeds itself: the previewed root shares the source’s draft, the served child its published values', async () => {
    const loop = await buildTemplate(api, g.w.base, g.w.reviewer, 'Loop', () => [
      { key: 'heading', label: 'Heading', primitiveType: 'Text', minOccurrences: 0, maxOccurrences: 1, localized: false },
      { key: 'inner', label: 'Inner', isOpen: true, minOccurrences: 0 },
    ]);
    await dbQuery(api, 'UPDATE template_fields SET localized = false WHERE id = $1', [loop.fields.heading]);
    const heading = (value: string) => ({ fieldId: loop.fields.heading, order: 0, valueKind: 'Text', textValue: value });
    const make = async (locale: string, value: string) => {
      const res = await api.post(`${g.w.base}/content`, { templateVersionId: loop.versionId, slug: uniqueSlug(`loop-${locale}`), localeCode: locale, tags: [], fields: [heading(value)] }, { token: g.w.editor });
      expectStatus(res, 201);
      return res.body as { id: string; slug: string };
    };
    const en = await make('en', 'EN published');
    await publishNow(g.w, en.id, 1);
    await newVersion(g.w, en.id, { fields: [heading('EN draft')] });
    const de = await make('de', 'DE');
    await linkTranslation(g, de.id, en.id);
    const selfChild = { fieldId: loop.fields.inner, order: 0, valueKind: 'ChildContent', childContentItemId: de.id };
    await newVersion(g.w, de.id, { fields: [heading('DE'), selfChild] });
    await publishNow(g.w, de.id, 2);
    await newVersion(g.w, de.id, { fields: [heading('DE draft'), selfChild] });

    const body = await read(de.slug, await mint({ contentItemId: de.id }));
    expect(body).to.include({ versionNumber: 3, isPreview: true });
    expect(texts(body, 'heading')).to.deep.equal(['EN draft']);
    const child = (body.fields as any[]).find((f) => f.key === 'inner').child;
    expect(child).to.include({ contentItemId: de.id, versionNumber: 2 });
    expect(child.isPreview).to.not.equal(true);
    expect(texts(child, 'heading')).to.deep.equal(['EN published']);
  });

  it('a preview of a German draft whose English source has only an Archived version serves the German values', async () => {
    const en = await publishedPage(g, 'en', { title: 'Old', taglines: ['Archived line'] });
    const de = await createPage(g, 'de', { title: 'Alt', taglines: ['Eigene'] });
    await linkTranslation(g, de.id, en.id);
    expectStatus(await api.post(`${g.w.base}/content/${en.id}/versions/1/archive`, undefined, { token: g.w.admin }), 200);
    const preview = await read(de.slug, await mint());
    expect(texts(preview, 'tagline')).to.deep.equal(['Eigene']);
    expectProblem(await api.get(bySlug(de.slug), { token: g.w.reader }), 404, 'not-found');
  });
});

describe('what sharing costs a by-slug read', function () {
  this.timeout(120_000);
  let api: TestApi;
  let g: GroupWorld;
  const { statements, onStatement } = statementRecorder();
  const LAYOUTS = /FROM template_versions tv LEFT JOIN template_fields f/;
  const SOURCES = /AS m\(item_id, preview\)/;

  before(async () => {
    // Every read reaches PostgreSQL in full: no in-process cache, no stored documents.
    api = await startTestApi({ env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0', Delivery__StoredDocuments: 'false' }, onStatement });
    g = await startGroupWorld(api);
  });
  after(async () => {
    await api?.close();
  });

  /** The statements one read of `slug` runs that match `pattern`. */
  async function countDuring(slug: string, pattern: RegExp): Promise<number> {
    const from = statements.length;
    expectStatus(await api.get(`${g.w.base}/content/by-slug/${slug}`, { token: g.w.reader }), 200);
    return statements.slice(from).filter((s) => pattern.test(s)).length;
  }

  it('a tree whose templates share nothing: no statement once its template versions are known', async () => {
    const article = await createArticle(g.w, 'Plain');
    await publishNow(g.w, article.id, 1);
    expect(await countDuring(article.slug, LAYOUTS)).to.equal(1);
    for (let i = 0; i < 3; i++) {
      const from = statements.length;
      expect(await countDuring(article.slug, LAYOUTS)).to.equal(0);
      expect(statements.slice(from).filter((s) => SOURCES.test(s))).to.deep.equal([]);
    }
  });

  it('a tree with shared fields: one statement for the sources of the whole tree', async () => {
    const enChild = await publishedPage(g, 'en', { title: 'Child', taglines: ['Shared'] });
    const deChild = await publishedPage(g, 'de', { title: 'Kind' });
    await linkTranslation(g, deChild.id, enChild.id);
    const en = await publishedPage(g, 'en', { title: 'Parent', taglines: ['Parent line'] });
    const de = await publishedPage(g, 'de', { title: 'Eltern' });
    await linkTranslation(g, de.id, en.id);
    const holder = await publishedHolder(g, 'Both', [de.id, deChild.id]);
    await countDuring(holder.slug, LAYOUTS);
    expect(await countDuring(holder.slug, SOURCES)).to.equal(1);
    expect(await countDuring(holder.slug, LAYOUTS)).to.equal(0);
  });
});
