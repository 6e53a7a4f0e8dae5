// Live preview's click-to-edit: a preview token's read with `sourceMap=true` names, for the JSON
// pointer of each value it answers, the item, version, field key and order where that value is
// edited — children with their own item and version, a component's members with their path in it.
// A value a translation shares with its group is named where it is written: the default-locale
// member. Any other caller's read ignores the parameter: the same body, tag and cache entry as without it.
import { expect } from 'chai';
import type { ContentSourceMap, ContentVersionDetailResponse, ContentVersionFieldValueResponse } from '../../server/src/generated/schemas.js';
import { pointerToken, sourceMapOf } from '../../server/src/services/delivery/source-map.js';
import { configureLocales, member, newGroup } from '../localization/locales-fixture.js';
import { linkTranslation, newPageVersion, publishedPage, startGroupWorld } from '../localization/translation-groups-fixture.js';
import { child, createPerson, expectStatus, newVersion, publishNow, startContentWorld, text, uniqueSlug, type ContentWorld } from './content-fixture.js';

/** The value at an RFC 6901 pointer, undefined when the pointer leads nowhere. */
function resolve(document: unknown, pointer: string): unknown {
  let here: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, token)) return undefined;
    here = (here as Record<string, unknown>)[token];
  }
  return here;
}

/** Every pointer of `map` leads to a value of `body` that is not null. */
function expectAllResolve(body: unknown, map: ContentSourceMap): void {
  for (const pointer of Object.keys(map)) {
    const value = resolve(body, pointer);
    expect(value, pointer).not.to.equal(undefined);
    expect(value, pointer).not.to.equal(null);
  }
}

describe('source map of a preview read', function () {
  this.timeout(120_000);

  describe('sourceMapOf (the builder)', () => {
    const ITEM = '01890000-0000-7000-8000-00000000000a';
    const CHILD = '01890000-0000-7000-8000-00000000000b';
    const GRANDCHILD = '01890000-0000-7000-8000-00000000000c';
    const value = (key: string | null, order: number, set: Partial<ContentVersionFieldValueResponse>): ContentVersionFieldValueResponse => ({
      fieldId: '01890000-0000-7000-8000-0000000000f0',
      key,
      label: key,
      order,
      valueKind: 'Text',
      textValue: null,
      boolValue: null,
      mediaAssetId: null,
      fileAssetId: null,
      childContentItemId: null,
      child: null,
      jsonValue: null,
      displayLabel: null,
      numberValue: null,
      dateValue: null,
      dateTimeValue: null,
      ...set,
    });
    const version = (contentItemId: string, versionNumber: number, fields: ContentVersionFieldValueResponse[]) =>
      ({ contentItemId, versionNumber, fields }) as unknown as ContentVersionDetailResponse;

    it('maps each value of a repeated field with its own order', () => {
      const body = version(ITEM, 3, [value('title', 0, { textValue: 'Hello' }), ...[0, 1, 2].map((o) => value('body', o, { valueKind: 'Markdown', textValue: `p${o}` }))]);
      expect(sourceMapOf(body)).to.deep.equal({
        '/fields/0/textValue': { itemId: ITEM, versionNumber: 3, fieldKey: 'title', order: 0 },
        '/fields/1/textValue': { itemId: ITEM, versionNumber: 3, fieldKey: 'body', order: 0 },
        '/fields/2/textValue': { itemId: ITEM, versionNumber: 3, fieldKey: 'body', order: 1 },
        '/fields/3/textValue': { itemId: ITEM, versionNumber: 3, fieldKey: 'body', order: 2 },
      });
    });

    it('maps every value property that is not null (false and 0 are values), and no value of a field without a key', () => {
      const asset = { id: '01890000-0000-7000-8000-0000000000aa' } as unknown as ContentVersionFieldValueResponse['asset'];
      const body = version(ITEM, 1, [
        value('n', 0, { valueKind: 'Number', numberValue: 0 }),
        value('b', 0, { valueKind: 'Boolean', boolValue: false }),
        value('d', 0, { valueKind: 'Date', dateValue: '2026-12-24' }),
        value('t', 0, { valueKind: 'DateTime', dateTimeValue: '2026-12-24T17:00:00.000Z' }),
        value('p', 0, { valueKind: 'PickList', textValue: 'news', displayLabel: 'News' }),
        value('j', 0, { valueKind: 'Json', jsonValue: { a: 1 } }),
        value('m', 0, { valueKind: 'Media', mediaAssetId: asset!.id, asset }),
        value('f', 0, { valueKind: 'File', fileAssetId: asset!.id, asset: null }),
        value(null, 0, { textValue: 'orphan' }),
      ]);
      const map = sourceMapOf(body);
      expect(Object.keys(map)).to.deep.equal([
        '/fields/0/numberValue',
        '/fields/1/boolValue',
        '/fields/2/dateValue',
        '/fields/3/dateTimeValue',
        '/fields/4/textValue',
        '/fields/4/displayLabel',
        '/fields/5/jsonValue',
        '/fields/6/mediaAssetId',
        '/fields/6/asset',
        '/fields/7/fileAssetId',
      ]);
      // A Json value is one value: its inside is not the editor's to address member by member.
      expect(map['/fields/5/jsonValue']).to.deep.equal({ itemId: ITEM, versionNumber: 1, fieldKey: 'j', order: 0 });
      expectAllResolve(body, map);
    });

    it("maps a component's members, repeated and nested ones included, with their path in the component", () => {
      const jsonValue = { headline: 'Hi', cta: { label: 'Go', link: { url: 'https://x.test' } }, links: [{ label: 'a' }, { label: 'b' }], empty: null, 'a/b~c': 'odd' };
      const body = version(ITEM, 2, [value('hero', 1, { valueKind: 'Component', jsonValue })]);
      const map = sourceMapOf(body);
      const at = (componentPath: string) => ({ itemId: ITEM, versionNumber: 2, fieldKey: 'hero', order: 1, componentPath });
      expect(map).to.deep.equal({
        '/fields/0/jsonValue': { itemId: ITEM, versionNumber: 2, fieldKey: 'hero', order: 1 },
        '/fields/0/jsonValue/headline': at('headline'),
        '/fields/0/jsonValue/cta': at('cta'),
        '/fields/0/jsonValue/cta/label': at('cta.label'),
        '/fields/0/jsonValue/cta/link': at('cta.link'),
        '/fields/0/jsonValue/cta/link/url': at('cta.link.url'),
        '/fields/0/jsonValue/links': at('links'),
        '/fields/0/jsonValue/links/0': at('links[0]'),
        '/fields/0/jsonValue/links/0/label': at('links[0].label'),
        '/fields/0/jsonValue/links/1': at('links[1]'),
        '/fields/0/jsonValue/links/1/label': at('links[1].label'),
        '/fields/0/jsonValue/a~1b~0c': at('a/b~c'),
      });
      expect(pointerToken('a/b~c')).to.equal('a~1b~0c');
      expectAllResolve(body, map);
    });

    it("maps children's values two levels deep with the child's own item and version, under the parent's pointer", () => {
      const grandchild = version(GRANDCHILD, 7, [value('name', 0, { textValue: 'Grace' })]);
      const kid = version(CHILD, 4, [value('name', 0, { textValue: 'Ada' }), value('friends', 0, { valueKind: 'ChildContent', childContentItemId: GRANDCHILD, child: grandchild })]);
      // A value whose field the template lost still shows its child, edited in the child item.
      const body = version(ITEM, 1, [value('author', 0, { valueKind: 'ChildContent', childContentItemId: CHILD, child: kid }), value(null, 0, { valueKind: 'ChildContent', childContentItemId: GRANDCHILD, child: grandchild })]);
      const map = sourceMapOf(body);
      expect(map).to.deep.equal({
        '/fields/0/childContentItemId': { itemId: ITEM, versionNumber: 1, fieldKey: 'author', order: 0 },
        '/fields/0/child/fields/0/textValue': { itemId: CHILD, versionNumber: 4, fieldKey: 'name', order: 0 },
        '/fields/0/child/fields/1/childContentItemId': { itemId: CHILD, versionNumber: 4, fieldKey: 'friends', order: 0 },
        '/fields/0/child/fields/1/child/fields/0/textValue': { itemId: GRANDCHILD, versionNumber: 7, fieldKey: 'name', order: 0 },
        '/fields/1/child/fields/0/textValue': { itemId: GRANDCHILD, versionNumber: 7, fieldKey: 'name', order: 0 },
      });
      expectAllResolve(body, map);
    });

    it('names the item and version a value was written in when the answer serves it from elsewhere (a shared field)', () => {
      const SOURCE = '01890000-0000-7000-8000-00000000000d';
      const body = version(ITEM, 1, [value('title', 0, { textValue: 'Über uns' }), value('tagline', 0, { textValue: 'We build' }), value('tagline', 1, { textValue: 'We ship' })]);
      const map = sourceMapOf(body, (v, key) => (v.contentItemId === ITEM && key === 'tagline' ? { itemId: SOURCE, versionNumber: 5 } : undefined));
      expect(map).to.deep.equal({
        '/fields/0/textValue': { itemId: ITEM, versionNumber: 1, fieldKey: 'title', order: 0 },
        '/fields/1/textValue': { itemId: SOURCE, versionNumber: 5, fieldKey: 'tagline', order: 0 },
        '/fields/2/textValue': { itemId: SOURCE, versionNumber: 5, fieldKey: 'tagline', order: 1 },
      });
    });
  });

  describe('over HTTP', () => {
    let w: ContentWorld;
    let previewToken: string;
    const f = () => w.model.article.fields;
    before(async () => {
      w = await startContentWorld();
      const res = await w.api.post(`${w.base}/preview-tokens`, {}, { token: w.editor });
      expectStatus(res, 201);
      previewToken = res.body.token;
    });
    after(() => w?.api.close());

    const get = (path: string, token: string, params: Record<string, string> = {}) => {
      const q = new URLSearchParams(params).toString();
      return w.api.get(`${w.base}${path}${q ? `?${q}` : ''}`, { token });
    };
    /** The body as answered, without its map: what the map is made from. */
    const withoutMap = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'sourceMap')) as unknown as ContentVersionDetailResponse;
    const indexOf = (body: any, key: string, order = 0): number => (body.fields as any[]).findIndex((v) => v.key === key && v.order === order);

    /**
     * An article (draft v2 over a published v1) with a title, a body in three values, a category, an
     * SEO component and an inline author whose friend is another person: children two levels deep.
     */
    async function article() {
      const friend = await createPerson(w, 'Grace');
      const author = await createPerson(w, 'Ada', [friend.id]);
      const fields = [
        text(f().title!, 'Published'),
        ...['One', 'Two', 'Three'].map((p, i) => ({ fieldId: f().body!, order: i, valueKind: 'Markdown', textValue: p })),
        { fieldId: f().category!, order: 0, valueKind: 'PickList', textValue: 'news' },
        { fieldId: f().seo!, order: 0, valueKind: 'Component', jsonValue: { metaTitle: 'Meta', metaDescription: 'About' } },
        child(f().author!, author.id),
      ];
      const created = await w.api.post(`${w.base}/content`, { templateVersionId: w.model.article.versionId, slug: uniqueSlug('mapped'), localeCode: 'en', tags: [], fields }, { token: w.editor });
      expectStatus(created, 201);
      for (const id of [friend.id, author.id, created.body.id]) await publishNow(w, id, 1);
      await newVersion(w, created.body.id, { fields: [text(f().title!, 'Draft title'), ...fields.slice(1)] });
      return { id: created.body.id as string, slug: created.body.slug as string, author, friend };
    }

    it('by-slug: the map names each value, repeated ones by order, the component by member, children by their own item', async () => {
      const a = await article();
      const res = await get(`/content/by-slug/${a.slug}`, previewToken, { sourceMap: 'true' });
      expectStatus(res, 200);
      expect(res.body).to.include({ contentItemId: a.id, versionNumber: 2, isPreview: true });
      const map = res.body.sourceMap as ContentSourceMap;
      const own = (fieldKey: string, order = 0) => ({ itemId: a.id, versionNumber: 2, fieldKey, order });

      expect(map[`/fields/${indexOf(res.body, 'title')}/textValue`]).to.deep.equal(own('title'));
      for (const order of [0, 1, 2]) {
        const i = indexOf(res.body, 'body', order);
        expect(res.body.fields[i].textValue).to.equal(['One', 'Two', 'Three'][order]);
        expect(map[`/fields/${i}/textValue`]).to.deep.equal(own('body', order));
      }
      const category = indexOf(res.body, 'category');
      expect(map[`/fields/${category}/displayLabel`]).to.deep.equal(own('category'));
      const seo = indexOf(res.body, 'seo');
      expect(map[`/fields/${seo}/jsonValue`]).to.deep.equal(own('seo'));
      expect(map[`/fields/${seo}/jsonValue/metaTitle`]).to.deep.equal({ ...own('seo'), componentPath: 'metaTitle' });
      expect(map[`/fields/${seo}/jsonValue/metaDescription`]).to.deep.equal({ ...own('seo'), componentPath: 'metaDescription' });

      const author = indexOf(res.body, 'author');
      expect(map[`/fields/${author}/childContentItemId`]).to.deep.equal(own('author'));
      const authorBody = res.body.fields[author].child;
      expect(map[`/fields/${author}/child/fields/${indexOf(authorBody, 'name')}/textValue`]).to.deep.equal({ itemId: a.author.id, versionNumber: 1, fieldKey: 'name', order: 0 });
      const friends = indexOf(authorBody, 'friends');
      const friendBody = authorBody.fields[friends].child;
      expect(friendBody.fields[indexOf(friendBody, 'name')].textValue).to.equal('Grace');
      expect(map[`/fields/${author}/child/fields/${friends}/child/fields/${indexOf(friendBody, 'name')}/textValue`]).to.deep.equal({
        itemId: a.friend.id,
        versionNumber: 1,
        fieldKey: 'name',
        order: 0,
      });
      // Exactly the map of the answer it came with, every pointer leading to a value.
      expect(map).to.deep.equal(sourceMapOf(withoutMap(res.body)));
      expectAllResolve(res.body, map);
    });

    it('is absent without the parameter and with sourceMap=false; one version read by number has it too', async () => {
      const a = await article();
      for (const params of [{}, { sourceMap: 'false' }] as Record<string, string>[]) {
        const res = await get(`/content/by-slug/${a.slug}`, previewToken, params);
        expectStatus(res, 200);
        expect(res.body).not.to.have.property('sourceMap');
      }
      const byNumber = await get(`/content/${a.id}/versions/2`, previewToken, { sourceMap: 'true' });
      expectStatus(byNumber, 200);
      expect(byNumber.body.sourceMap[`/fields/${indexOf(byNumber.body, 'title')}/textValue`]).to.deep.equal({ itemId: a.id, versionNumber: 2, fieldKey: 'title', order: 0 });
      expect(byNumber.body.sourceMap).to.deep.equal(sourceMapOf(withoutMap(byNumber.body)));
      expect((await get(`/content/${a.id}/versions/2`, previewToken)).body).not.to.have.property('sourceMap');
    });

    it('is ignored for any other caller: same body, same ETag, the same cache entry', async () => {
      const a = await article();
      const plain = await get(`/content/by-slug/${a.slug}`, w.reader);
      expectStatus(plain, 200);
      const asked = await get(`/content/by-slug/${a.slug}`, w.reader, { sourceMap: 'true' });
      expectStatus(asked, 200);
      expect(asked.body).not.to.have.property('sourceMap');
      expect(asked.body).to.deep.equal(plain.body);
      expect(asked.headers.get('etag')).to.equal(plain.headers.get('etag'));
      // The published read's cache entry is the one the read without the parameter filled.
      expect(plain.headers.get('x-verso-cache')).to.equal('miss');
      expect(asked.headers.get('x-verso-cache')).to.equal('hit');
      const revalidated = await w.api.get(`${w.base}/content/by-slug/${a.slug}?sourceMap=true`, { token: w.reader, headers: { 'If-None-Match': plain.headers.get('etag')! } });
      expect(revalidated.status).to.equal(304);
      // The editing read of one version ignores it too.
      const editing = await get(`/content/${a.id}/versions/2`, w.editor, { sourceMap: 'true' });
      expectStatus(editing, 200);
      expect(editing.body).not.to.have.property('sourceMap');
    });

    it('in a locale, names the member actually served (and its child in that locale)', async () => {
      await configureLocales(w, [
        { code: 'en', name: 'English' },
        { code: 'de', name: 'Deutsch', fallback: ['en'] },
      ]);
      const childGroup = newGroup();
      await member(w, { name: 'Staff', locale: 'en', group: childGroup });
      const childDe = await member(w, { name: 'Personal', locale: 'de', group: childGroup, publish: false });
      const group = newGroup();
      const en = await member(w, { name: 'Team', locale: 'en', group, slug: uniqueSlug('team') });
      const de = await member(w, { name: 'Teamseite', locale: 'de', group, slug: uniqueSlug('teamseite'), friends: [childDe.id] });
      await newVersion(w, de.id, { fields: [text(w.model.person.fields.name!, 'Teamseite (Entwurf)'), child(w.model.person.fields.friends!, childDe.id)] });

      const res = await get(`/content/by-slug/${en.slug}`, previewToken, { locale: 'de', sourceMap: 'true' });
      expectStatus(res, 200);
      expect(res.body).to.include({ contentItemId: de.id, versionNumber: 2, requestedLocale: 'de' });
      const name = indexOf(res.body, 'name');
      expect(res.body.fields[name].textValue).to.equal('Teamseite (Entwurf)');
      expect(res.body.sourceMap[`/fields/${name}/textValue`]).to.deep.equal({ itemId: de.id, versionNumber: 2, fieldKey: 'name', order: 0 });
      const friends = indexOf(res.body, 'friends');
      expect(res.body.sourceMap[`/fields/${friends}/child/fields/0/textValue`]).to.deep.equal({ itemId: childDe.id, versionNumber: 1, fieldKey: 'name', order: 0 });
      expect(res.body.sourceMap).to.deep.equal(sourceMapOf(withoutMap(res.body)));
    });

    it("names a shared field's values where they are written: the default-locale member's previewed version", async () => {
      const g = await startGroupWorld(w.api);
      const en = await publishedPage(g, 'en', { title: 'About us', taglines: ['We build', 'We ship'] });
      expect(await newPageVersion(g, en.id, { title: 'About us', taglines: ['We build more'] })).to.equal(2);
      const de = await publishedPage(g, 'de', { title: 'Über uns', taglines: ['Wir bauen'] });
      await linkTranslation(g, de.id, en.id);
      const mint = await w.api.post(`${g.w.base}/preview-tokens`, {}, { token: g.w.editor });
      expectStatus(mint, 201);

      const res = await w.api.get(`${g.w.base}/content/by-slug/${de.slug}?sourceMap=true`, { token: mint.body.token });
      expectStatus(res, 200);
      expect(res.body).to.include({ contentItemId: de.id, versionNumber: 1 });
      const title = indexOf(res.body, 'title');
      const tagline = indexOf(res.body, 'tagline');
      expect(res.body.fields[tagline].textValue).to.equal('We build more');
      expect(res.body.sourceMap[`/fields/${title}/textValue`]).to.deep.equal({ itemId: de.id, versionNumber: 1, fieldKey: 'title', order: 0 });
      expect(res.body.sourceMap[`/fields/${tagline}/textValue`]).to.deep.equal({ itemId: en.id, versionNumber: 2, fieldKey: 'tagline', order: 0 });
      expectAllResolve(res.body, res.body.sourceMap);
    });
  });
});
