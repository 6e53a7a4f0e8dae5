// Preview by-slug with `locale`: a workspace preview token resolves the slug's translation group (and
// each child's) through the reader's chain among the members with something to preview (the newest
// version that is not Archived, in its window when the read names asOf); an item-scoped token answers
// only when the member picked is its own item, its children as the site serves them in that locale.
import { expect } from 'chai';
import { expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from '../content/content-fixture.js';
import { configureLocales, member, newGroup } from './locales-fixture.js';

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('GET …/content/by-slug/{slug}?locale= with a preview token', function () {
  this.timeout(180_000);
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
    await configureLocales(w, [
      { code: 'en', name: 'English' },
      { code: 'de', name: 'Deutsch', fallback: ['en'] },
      { code: 'de-CH', name: 'Deutsch (Schweiz)', fallback: ['de', 'en'] },
    ]);
  });
  after(() => w?.api.close());

  const mint = async (contentItemId?: string): Promise<string> => {
    const res = await w.api.post(`${w.base}/preview-tokens`, contentItemId ? { contentItemId } : {}, { token: w.editor });
    expectStatus(res, 201);
    return res.body.token as string;
  };
  const preview = (slug: string, token: string, params: Record<string, string> = {}) => {
    const q = new URLSearchParams(params).toString();
    return w.api.get(`${w.base}/content/by-slug/${slug}${q ? `?${q}` : ''}`, { token });
  };
  const nameOf = (body: any): string => body.fields.find((f: any) => f.key === 'name').textValue;

  it('previews the member the chain picks among those with something to preview (a Draft counts, an Archived one does not)', async () => {
    const token = await mint();
    const group = newGroup();
    const en = await member(w, { name: 'Pricing', locale: 'en', group, slug: 'pricing' });
    const de = await member(w, { name: 'Preise (Entwurf)', locale: 'de', group, slug: 'preise', publish: false });

    const res = await preview('pricing', token, { locale: 'de-CH' });
    expectStatus(res, 200);
    expect(res.body).to.include({ contentItemId: de.id, localeCode: 'de', status: 'Draft', isPreview: true, requestedLocale: 'de-CH' });
    expect(nameOf(res.body)).to.equal('Preise (Entwurf)');
    expect(res.body.alternates).to.deep.equal([
      { localeCode: 'de', slug: 'preise', contentItemId: de.id },
      { localeCode: 'en', slug: 'pricing', contentItemId: en.id },
    ]);
    expect(res.headers.get('content-language')).to.equal('de');
    expect(res.headers.get('cache-control')).to.equal('private, no-store');
    expect(res.headers.get('etag')).to.equal(null);

    // Published and then archived, the German member has nothing to preview: the English one
    // answers, alone in the alternates.
    await publishNow(w, de.id, 1);
    expectStatus(await w.api.post(`${w.base}/content/${de.id}/versions/1/archive`, undefined, { token: w.reviewer }), 200);
    const fallen = await preview('preise', token, { locale: 'de' });
    expect(fallen.body).to.include({ contentItemId: en.id, localeCode: 'en', requestedLocale: 'de' });
    expect(fallen.body.alternates.map((a: any) => a.contentItemId)).to.deep.equal([en.id]);
    expect(fallen.headers.get('content-language')).to.equal('en');

    // Without `locale` the slug's own item, as ever.
    const plain = await preview('preise', token);
    expectProblem(plain, 404, 'not-found');
    expectProblem(await preview('pricing', token, { locale: 'en-x' }), 400, 'bad-request');
  });

  it('previews children in the reader\'s locale, and at asOf each member\'s version whose window holds it', async () => {
    const token = await mint();
    const childGroup = newGroup();
    const childEn = await member(w, { name: 'Staff', locale: 'en', group: childGroup });
    const childDe = await member(w, { name: 'Personal (Entwurf)', locale: 'de', group: childGroup, publish: false });
    const pageGroup = newGroup();
    const pageEn = await member(w, { name: 'Team page', locale: 'en', group: pageGroup, slug: 'team-page', friends: [childEn.id] });
    const pageDe = await member(w, { name: 'Teamseite', locale: 'de', group: pageGroup, slug: 'teamseite', friends: [childEn.id], window: { start: iso(HOUR), end: iso(2 * HOUR) } });

    const now = await preview('team-page', token, { locale: 'de' });
    expect(now.body).to.include({ contentItemId: pageDe.id });
    const friend = now.body.fields.find((f: any) => f.key === 'friends');
    expect(friend.childContentItemId).to.equal(childEn.id);
    expect(friend.child).to.include({ contentItemId: childDe.id, isPreview: true });

    expect(now.body.versionNumber).to.equal(2);
    // At an instant outside the window of the German page's version 2, its version 1 (a Draft
    // without a window) is what it previews; inside it, version 2.
    const early = await preview('teamseite', token, { locale: 'de', asOf: iso(10 * 60_000) });
    expect(early.body).to.include({ contentItemId: pageDe.id, versionNumber: 1 });
    const inside = await preview('teamseite', token, { locale: 'de', asOf: iso(90 * 60_000) });
    expect(inside.body).to.include({ contentItemId: pageDe.id, versionNumber: 2 });
    // In English the English page, whose child is previewed in English.
    const english = await preview('teamseite', token, { locale: 'en' });
    expect(english.body).to.include({ contentItemId: pageEn.id });
    expect(english.body.fields.find((f: any) => f.key === 'friends').child).to.include({ contentItemId: childEn.id });
  });

  it('answers an item-scoped token only when the member picked is its item, with children as the site serves them in that locale', async () => {
    const childGroup = newGroup();
    const childEn = await member(w, { name: 'Board', locale: 'en', group: childGroup });
    const childDe = await member(w, { name: 'Vorstand', locale: 'de', group: childGroup });
    await member(w, { name: 'Vorstand (neu)', locale: 'de-CH', group: childGroup, publish: false });
    const group = newGroup();
    const en = await member(w, { name: 'Board page', locale: 'en', group, slug: 'board-page', friends: [childEn.id] });
    const de = await member(w, { name: 'Vorstandsseite', locale: 'de', group, slug: 'vorstandsseite', friends: [childEn.id], publish: false });
    await newVersion(w, de.id, { fields: [text(w.model.person.fields.name!, 'Vorstandsseite v2'), { fieldId: w.model.person.fields.friends!, order: 0, valueKind: 'ChildContent', childContentItemId: childEn.id }] });
    const scoped = await mint(de.id);

    const res = await preview('board-page', scoped, { locale: 'de-CH' });
    expectStatus(res, 200);
    expect(res.body).to.include({ contentItemId: de.id, versionNumber: 2, isPreview: true, requestedLocale: 'de-CH' });
    expect(nameOf(res.body)).to.equal('Vorstandsseite v2');
    // The child as served in de-CH's chain: the Swiss member is only a Draft (another item, outside
    // the token's reach), so the German one.
    const friend = res.body.fields.find((f: any) => f.key === 'friends');
    expect(friend.child).to.include({ contentItemId: childDe.id, localeCode: 'de' });
    expect(nameOf(friend.child)).to.equal('Vorstand');

    // In English the member picked is another item: 404, as if nothing were there.
    expectProblem(await preview('vorstandsseite', scoped, { locale: 'en' }), 404, 'not-found');
    const enToken = await mint(en.id);
    expect((await preview('vorstandsseite', enToken, { locale: 'en' })).body).to.include({ contentItemId: en.id });
  });
});
