// One rule for every string of every request — path, query, headers, body, property names inside
// jsonValue too: U+0000 and unpaired UTF-16 surrogates are refused with 400 naming where they were,
// before any handler runs. PostgreSQL can hold neither, and replacing them would alter the caller's
// text without a word, so nothing is stored and nothing is changed.
import { expect } from 'chai';
import type { ApiResponse } from '../helpers/api.js';
import { createActor, dbQuery } from '../helpers/actors.js';
import { createArticle, startContentWorld, text, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';

function expectRefused(res: ApiResponse, at: string, message: RegExp = /U\+0000|surrogate|UTF-8/) {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body.type).to.equal('https://verso.dev/errors/bad-request');
  expect(res.body.errors, JSON.stringify(res.body)).to.have.property(at);
  expect(res.body.errors[at].join(' ')).to.match(message);
}

describe('the string rule: no U+0000 or unpaired surrogate anywhere in a request', function () {
  this.timeout(60_000);
  let w: ContentWorld;
  let superadmin: string;
  before(async () => {
    w = await startContentWorld();
    superadmin = (await createActor(w.api, { role: 'Admin', superadmin: true })).token;
  });
  after(() => w?.api.close());

  describe('in the query and the path', () => {
    for (const [what, url, at] of [
      ['content search', (w: ContentWorld) => `${w.base}/content?q=%00`, 'query.q'],
      ['template search', (w: ContentWorld) => `${w.base}/templates?search=a%00b`, 'query.search'],
      ['component search', (w: ContentWorld) => `${w.base}/components?search=%00`, 'query.search'],
      ['picklist search', (w: ContentWorld) => `${w.base}/picklists?search=%00`, 'query.search'],
      ['audit filter', () => '/api/v1/audit?entityType=%00', 'query.entityType'],
      ['a parameter the operation does not declare', () => '/api/v1/auth/me?anything=%00', 'query.anything'],
      ['a slug in the path', (w: ContentWorld) => `${w.base}/content/by-slug/a%00b`, 'path.slug'],
    ] as const) {
      it(`refuses U+0000 in ${what} (${at})`, async () => {
        expectRefused(await w.api.get(url(w), { token: superadmin }), at, /U\+0000/);
      });
    }

    it('refuses percent-encoding that is not UTF-8 instead of reading it as U+FFFD (query) or failing (path)', async () => {
      expectRefused(await w.api.get(`${w.base}/content?q=%FF`, { token: w.reader }), 'query.q', /UTF-8/);
      expectRefused(await w.api.get(`${w.base}/content/by-slug/a%FFb`, { token: w.reader }), 'path.slug', /UTF-8/);
      expectRefused(await w.api.get(`${w.base}/content?q=%ED%A0%80`, { token: w.reader }), 'query.q', /UTF-8/);
    });

    it('lets other text through: the search finds nothing, it does not fail', async () => {
      const res = await w.api.get(`${w.base}/content?q=${encodeURIComponent('caf\u00e9 \u{1F600} \u0001')}`, { token: w.reader });
      expect(res.status).to.equal(200);
    });
  });

  describe('in JSON bodies', () => {
    const count = async (table: string) => Number((await dbQuery(w.api, `SELECT count(*)::int AS n FROM ${table}`))[0].n);

    it('refuses a name with U+0000 for templates, components, picklists and workspaces, and creates nothing', async () => {
      const before = { t: await count('templates'), c: await count('components'), p: await count('picklists'), w: await count('workspaces') };
      expectRefused(await w.api.post(`${w.base}/templates`, { name: 'a\u0000b', slug: uniqueSlug('t') }, { token: w.reviewer }), '/name');
      expectRefused(await w.api.post(`${w.base}/components`, { name: 'a\u0000b', slug: uniqueSlug('c') }, { token: w.reviewer }), '/name');
      expectRefused(await w.api.post(`${w.base}/picklists`, { name: 'a\u0000b', slug: uniqueSlug('p'), options: [] }, { token: w.reviewer }), '/name');
      expectRefused(await w.api.post('/api/v1/workspaces', { name: 'a\u0000b', slug: uniqueSlug('w') }, { token: superadmin }), '/name');
      expect({ t: await count('templates'), c: await count('components'), p: await count('picklists'), w: await count('workspaces') }).to.deep.equal(before);
    });

    it('refuses a picklist option label with U+0000', async () => {
      const res = await w.api.post(`${w.base}/picklists`, { name: 'Colours', slug: uniqueSlug('p'), options: [{ label: 'Red', value: 'red' }, { label: 'Gr\u0000een', value: 'green' }] }, { token: w.reviewer });
      expectRefused(res, '/options/1/label');
    });

    it('refuses content whose locale, tags or field values hold U+0000, listing every place', async () => {
      const items = await count('content_items');
      const res = await w.api.post(
        `${w.base}/content`,
        {
          templateVersionId: w.model.article.versionId,
          slug: uniqueSlug('article'),
          localeCode: 'e\u0000n',
          tags: ['fine', 'b\u0000d'],
          fields: [text(w.model.article.fields.title!, 'Title\u0000')],
        },
        { token: w.editor },
      );
      expectRefused(res, '/localeCode');
      expectRefused(res, '/tags/1');
      expectRefused(res, '/fields/0/textValue');
      expect(await count('content_items')).to.equal(items);
    });

    it('refuses unpaired surrogates in an item write and a version write (once 500s)', async () => {
      const item = await createArticle(w, 'Surrogates');
      const itemUrl = `${w.base}/content/${item.id}`;
      const put = await w.api.put(itemUrl, { localeCode: '\ud800', tags: [] }, { token: w.editor, headers: await w.api.ifMatch(itemUrl, w.editor) });
      expectRefused(put, '/localeCode', /surrogate/);
      const versionUrl = `${itemUrl}/versions/1`;
      const version = await w.api.put(versionUrl, { fields: [text(w.model.article.fields.title!, 'x\udc00y')] }, { token: w.editor, headers: await w.api.ifMatch(versionUrl, w.editor) });
      expectRefused(version, '/fields/0/textValue', /surrogate/);
      const stored = await w.api.get(versionUrl, { token: w.reader });
      expect(stored.body.fields.find((f: any) => f.key === 'title').textValue).to.equal('Surrogates');
    });

    it('refuses an unpaired surrogate in a template name rather than storing U+FFFD in its place', async () => {
      const created = await w.api.post(`${w.base}/templates`, { name: 'Intact', slug: uniqueSlug('t') }, { token: w.reviewer });
      expect(created.status).to.equal(201);
      const url = `${w.base}/templates/${created.body.id}`;
      expectRefused(await w.api.put(url, { name: 'Broken \ud83d' }, { token: w.reviewer, headers: await w.api.ifMatch(url, w.reviewer) }), '/name', /surrogate/);
      expect((await w.api.get(url, { token: w.reader })).body.name).to.equal('Intact');
    });

    it('checks inside jsonValue, property names included', async () => {
      const item = await createArticle(w, 'Json');
      const url = `${w.base}/content/${item.id}/versions/1`;
      const seo = w.model.article.fields.seo!;
      const title = text(w.model.article.fields.title!, 'Json');
      const deep = await w.api.put(url, { fields: [title, { fieldId: seo, order: 0, valueKind: 'Component', jsonValue: { metaTitle: ['fine', { deeper: 'a\u0000' }] } }] }, { token: w.editor, headers: await w.api.ifMatch(url, w.editor) });
      expectRefused(deep, '/fields/1/jsonValue/metaTitle/1/deeper');
      const key = await w.api.put(url, { fields: [title, { fieldId: seo, order: 0, valueKind: 'Component', jsonValue: { metaTitle: 'ok', 'we\u0000ird': 1 } }] }, { token: w.editor, headers: await w.api.ifMatch(url, w.editor) });
      expectRefused(key, '/fields/1/jsonValue', /property name/);
      expect(JSON.stringify(key.body)).not.to.include('we\\u0000ird');
    });

    it('refuses a body whose bytes are not UTF-8 instead of reading them as U+FFFD', async () => {
      const rawBody = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from(`","slug":"${uniqueSlug('t')}"}`)]);
      const res = await w.api.request('POST', `${w.base}/templates`, { rawBody, token: w.reviewer, headers: { 'content-type': 'application/json' } });
      expect(res.status).to.equal(400);
      expect(res.body.detail).to.match(/not valid UTF-8/);
    });

    it('stores every other character exactly as sent (paired surrogates, other control characters)', async () => {
      const name = 'Caf\u00e9 \u{1F600} tab\there \u0001';
      const res = await w.api.post(`${w.base}/templates`, { name, slug: uniqueSlug('t') }, { token: w.reviewer });
      expect(res.status).to.equal(201);
      expect((await w.api.get(`${w.base}/templates/${res.body.id}`, { token: w.reader })).body.name).to.equal(name);
    });
  });
});
