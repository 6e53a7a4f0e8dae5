// Draft preview (issue #27 §1): preview tokens are minted, listed, revoked and audited; a preview
// token reads the delivery reads only, each item as its newest version that is not Archived
// (children too), marked isPreview, never through the delivery cache and never cacheable; every
// other operation is 403 (the access matrix walks them all), an expired or revoked token 401 on
// every replica.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { ApiClientActor } from '../../server/src/services/identity/actors.js';
import { createWorkspace as createWorkspaceService } from '../../server/src/services/identity/workspaces.js';
import { within } from '../helpers/wait.js';
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

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('draft preview', function () {
  this.timeout(60_000);
  let w: ContentWorld;
  let b: TestApi;
  const title = () => w.model.article.fields.title!;

  before(async () => {
    w = await startContentWorld();
    // A second replica on the same database: revocation must reach it too.
    b = await startTestApi({ databaseUrl: w.api.databaseUrl });
  });
  after(async () => {
    await b?.close();
    await w?.api.close();
  });

  const mint = async (body: Record<string, unknown> = {}) => {
    const res = await w.api.post(`${w.base}/preview-tokens`, body, { token: w.editor });
    expectStatus(res, 201);
    return res.body as { token: string; expiresAt: string; previewToken: { id: string; contentItemId: string | null } };
  };
  const bySlug = (api: TestApi, slug: string, token: string, query = '') => api.get(`${w.base}/content/by-slug/${slug}${query}`, { token });

  describe('POST /workspaces/{workspaceId}/preview-tokens', () => {
    it('mints a token shown once, stored as a digest, living 60 minutes by default, audited', async () => {
      const res = await w.api.post(`${w.base}/preview-tokens`, {}, { token: w.editor });
      expectStatus(res, 201);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(res.body.token).to.match(/^verso_preview_[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(res.body.expiresAt) - Date.now()).to.be.closeTo(60 * 60_000, 30_000);
      expect(res.body.previewToken).to.deep.include({ workspaceId: w.ws, contentItemId: null, expiresAt: res.body.expiresAt });
      const rows = await dbQuery(w.api, 'SELECT * FROM preview_tokens WHERE id = $1', [res.body.previewToken.id]);
      expect(JSON.stringify(rows)).not.to.include(res.body.token.slice('verso_preview_'.length + 25));
      const [audit] = await dbQuery(w.api, `SELECT action, change_delta FROM audit_log WHERE entity_type = 'PreviewToken' AND entity_id = $1`, [res.body.previewToken.id]);
      expect(audit.action).to.equal('Created');
      expect(audit.change_delta.tokenHash.after).to.match(/^redacted:/);
    });

    it('refuses a lifetime beyond the maximum, an item of no workspace of this one, and callers below Editor with Write', async () => {
      expectProblem(await w.api.post(`${w.base}/preview-tokens`, { expiresInMinutes: 1441 }, { token: w.editor }), 400, 'bad-request');
      const other = await createArticle(w, 'Elsewhere');
      const res = await w.api.post(`${w.base}/preview-tokens`, { contentItemId: '01890000-0000-7000-8000-000000000000' }, { token: w.editor });
      expectProblem(res, 422, 'validation-failed');
      expect(Object.keys(res.body.errors)).to.deep.equal(['/contentItemId']);
      expect((await w.api.post(`${w.base}/preview-tokens`, { contentItemId: other.id }, { token: w.editor })).status).to.equal(201);
      expectProblem(await w.api.post(`${w.base}/preview-tokens`, {}, { token: w.reader }), 403, 'forbidden');
      expectProblem(await w.api.post(`${w.base}/preview-tokens`, {}, { token: w.readOnlyEditor }), 403, 'forbidden');
    });

    it('Preview__MaxLifetimeMinutes lowers the maximum (422 beyond it)', async () => {
      const short = await startContentWorld(await startTestApi({ env: { Preview__MaxLifetimeMinutes: '30' } }));
      try {
        const res = await short.api.post(`${short.base}/preview-tokens`, { expiresInMinutes: 31 }, { token: short.editor });
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors['/expiresInMinutes']).to.deep.equal(['Must be at most 30 minutes (Preview__MaxLifetimeMinutes).']);
        const dflt = await short.api.post(`${short.base}/preview-tokens`, {}, { token: short.editor });
        expect(Date.parse(dflt.body.expiresAt) - Date.now()).to.be.closeTo(30 * 60_000, 30_000);
      } finally {
        await short.api.close();
      }
    });
  });

  describe('what a preview token reads', () => {
    it('by-slug: the newest version that is not Archived, whatever its status, with isPreview and no-store', async () => {
      const { token } = await mint();
      // Published v1, then a Draft v2: the site shows v1, the preview v2.
      const a = await createArticle(w, 'Live');
      await publishNow(w, a.id, 1);
      await newVersion(w, a.id, { fields: [text(title(), 'Next draft')] });
      // Only a Draft.
      const d = await createArticle(w, 'Never published');
      // In Review.
      const r = await createArticle(w, 'Under review');
      expectStatus(await w.api.post(`${w.base}/content/${r.id}/versions/1/submit`, undefined, { token: w.editor }), 200);
      // Approved.
      const ap = await createArticle(w, 'Approved');
      expectStatus(await w.api.post(`${w.base}/content/${ap.id}/versions/1/submit`, undefined, { token: w.editor }), 200);
      expectStatus(await w.api.post(`${w.base}/content/${ap.id}/versions/1/approve`, undefined, { token: w.reviewer }), 200);
      // Draft v1 under a Published-then-Archived v2: the Archived one is skipped.
      const ar = await createArticle(w, 'Older draft');
      await newVersion(w, ar.id, { fields: [text(title(), 'Archived since')] });
      await publishNow(w, ar.id, 2);
      expectStatus(await w.api.post(`${w.base}/content/${ar.id}/versions/2/archive`, undefined, { token: w.reviewer }), 200);

      const cases: [typeof a, number, string][] = [[a, 2, 'Draft'], [d, 1, 'Draft'], [r, 1, 'Review'], [ap, 1, 'Approved'], [ar, 1, 'Draft']];
      for (const [item, versionNumber, status] of cases) {
        const res = await bySlug(w.api, item.slug, token);
        expectStatus(res, 200);
        expect(res.body, item.slug).to.deep.include({ contentItemId: item.id, versionNumber, status, isPreview: true });
        expect(res.headers.get('cache-control')).to.equal('private, no-store');
        expect(res.headers.get('x-verso-cache')).to.equal('bypass');
      }
      const published = await bySlug(w.api, a.slug, w.reader);
      expect(published.body).to.deep.include({ versionNumber: 1, status: 'Published' });
      expect(published.body).not.to.have.property('isPreview');
      expect(published.headers.get('cache-control')).not.to.equal('private, no-store');
      expectProblem(await bySlug(w.api, d.slug, w.reader), 404, 'not-found');
      // A Published newest version is what a preview shows too.
      const p = await createArticle(w, 'Just published');
      await publishNow(w, p.id, 1);
      expect((await bySlug(w.api, p.slug, token)).body).to.deep.include({ versionNumber: 1, status: 'Published', isPreview: true });
    });

    it('children are resolved the same way, at every depth', async () => {
      const { token } = await mint();
      const grandchild = await createPerson(w, 'Grandchild v1');
      await publishNow(w, grandchild.id, 1);
      await newVersion(w, grandchild.id, { fields: [text(w.model.person.fields.name!, 'Grandchild draft')] });
      const childItem = await createPerson(w, 'Child draft only', [grandchild.id]);
      const parent = await createPerson(w, 'Parent', [childItem.id]);
      await publishNow(w, parent.id, 1);
      const res = await bySlug(w.api, parent.slug, token);
      const c = res.body.fields.find((f: any) => f.childContentItemId === childItem.id).child;
      expect(c).to.deep.include({ contentItemId: childItem.id, versionNumber: 1, status: 'Draft', isPreview: true });
      const g = c.fields.find((f: any) => f.childContentItemId === grandchild.id).child;
      expect(g).to.deep.include({ versionNumber: 2, status: 'Draft', isPreview: true });
      // The published read embeds only what is served: no child (it serves nothing).
      const site = await bySlug(w.api, parent.slug, w.reader);
      expect(site.body.fields.find((f: any) => f.childContentItemId === childItem.id).child).to.equal(null);
    });

    it('ignores effective windows unless asOf is given; then only versions whose window holds it', async () => {
      const { token } = await mint();
      const item = await createArticle(w, 'Always');
      await publishNow(w, item.id, 1);
      await newVersion(w, item.id, { effectiveStartAt: iso(24 * HOUR), effectiveEndAt: iso(48 * HOUR), fields: [text(title(), 'Tomorrow')] });
      expect((await bySlug(w.api, item.slug, token)).body.versionNumber).to.equal(2);
      expect((await bySlug(w.api, item.slug, token, `?asOf=${encodeURIComponent(iso(30 * HOUR))}`)).body.versionNumber).to.equal(2);
      expect((await bySlug(w.api, item.slug, token, `?asOf=${encodeURIComponent(iso(HOUR))}`)).body.versionNumber).to.equal(1);
    });

    it('the content list: each item with its previewed version; a token scoped to one item lists only it', async () => {
      const item = await createArticle(w, 'Listed draft');
      const { token } = await mint();
      const res = await w.api.get(`${w.base}/content?slug=${item.slug}`, { token });
      expectStatus(res, 200);
      expect(res.headers.get('cache-control')).to.equal('private, no-store');
      expect(res.body.totalCount).to.equal(1);
      expect(res.body.items[0]).to.deep.include({ id: item.id, isPreview: true });
      expect(res.body.items[0].currentlyServingVersion).to.deep.include({ versionNumber: 1, status: 'Draft' });
      const all = await w.api.get(`${w.base}/content?pageSize=100`, { token });
      expect(all.body.items.every((i: any) => i.isPreview === true)).to.equal(true);
      expect(all.body.totalCount).to.be.greaterThan(5);

      const scoped = await mint({ contentItemId: item.id });
      const only = await w.api.get(`${w.base}/content?pageSize=100`, { token: scoped.token });
      expect(only.body.items.map((i: any) => i.id)).to.deep.equal([item.id]);
      // Filters a preview list does not apply are refused, not ignored.
      const refused = await w.api.get(`${w.base}/content?q=draft`, { token });
      expectProblem(refused, 400, 'bad-request');
      expect(Object.keys(refused.body.errors)).to.deep.equal(['query.q']);
      // So are field filters and the sorts that read served values (title, fields.<key>).
      for (const [query, names] of [
        [`templateVersionId=${w.model.article.versionId}&filter[title][eq]=x`, ['query.filter']],
        ['sortBy=title', ['query.sortBy']],
        ['sortBy=fields.title&filter[title][exists]=true', ['query.filter', 'query.sortBy']],
      ] as const) {
        const res = await w.api.get(`${w.base}/content?${query}`, { token });
        expectProblem(res, 400, 'bad-request');
        expect(Object.keys(res.body.errors), query).to.deep.equal(names);
      }
    });

    it('a token scoped to one item finds no other item (404, as if absent), by slug and by version', async () => {
      const mine = await createArticle(w, 'Mine');
      const theirs = await createArticle(w, 'Theirs');
      const { token } = await mint({ contentItemId: mine.id });
      expect((await bySlug(w.api, mine.slug, token)).status).to.equal(200);
      const outside = await bySlug(w.api, theirs.slug, token);
      expectProblem(outside, 404, 'not-found');
      // The same answer as a slug nobody uses: the token learns nothing of items beyond its reach.
      const nowhere = await bySlug(w.api, 'no-such-slug-anywhere', token);
      expect(outside.body.detail).to.equal(nowhere.body.detail);
      const version = await w.api.get(`${w.base}/content/${mine.id}/versions/1`, { token });
      expectStatus(version, 200);
      expect(version.body).to.deep.include({ status: 'Draft', isPreview: true });
      expect(version.headers.get('cache-control')).to.equal('private, no-store');
      expectProblem(await w.api.get(`${w.base}/content/${theirs.id}/versions/1`, { token }), 404, 'not-found');
    });

    it('a token scoped to one item expands its children as the site serves them, not their drafts', async () => {
      const served = await createPerson(w, 'Child v1');
      await publishNow(w, served.id, 1);
      await newVersion(w, served.id, { fields: [text(w.model.person.fields.name!, 'Child draft')] });
      const unpublished = await createPerson(w, 'Only a draft');
      const parent = await createPerson(w, 'Scoped parent', [served.id, unpublished.id]);
      const childOf = (body: any, id: string) => body.fields.find((f: any) => f.childContentItemId === id).child;

      const scoped = await mint({ contentItemId: parent.id });
      for (const res of [await bySlug(w.api, parent.slug, scoped.token), await w.api.get(`${w.base}/content/${parent.id}/versions/1`, { token: scoped.token })]) {
        expectStatus(res, 200);
        expect(res.body).to.deep.include({ contentItemId: parent.id, status: 'Draft', isPreview: true });
        const c = childOf(res.body, served.id);
        expect(c).to.deep.include({ contentItemId: served.id, versionNumber: 1, status: 'Published' });
        expect(c).not.to.have.property('isPreview');
        expect(childOf(res.body, unpublished.id)).to.equal(null);
      }
      // A workspace token still previews them.
      const whole = await mint();
      const res = await bySlug(w.api, parent.slug, whole.token);
      expect(childOf(res.body, served.id)).to.deep.include({ versionNumber: 2, status: 'Draft', isPreview: true });
      expect(childOf(res.body, unpublished.id)).to.deep.include({ versionNumber: 1, status: 'Draft', isPreview: true });
    });

    it('ignores If-None-Match, `*` or its own tag: always 200 with the body (a preview answer is stored by no one)', async () => {
      const item = await createArticle(w, 'Conditional');
      const { token } = await mint();
      const version = await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token });
      expectStatus(version, 200);
      const tag = version.headers.get('etag')!;
      const reads = [`${w.base}/content/by-slug/${item.slug}`, `${w.base}/content?slug=${item.slug}`, `${w.base}/content/${item.id}/versions/1`];
      for (const path of reads) {
        for (const condition of ['*', tag, `W/${tag}`]) {
          const res = await w.api.get(path, { token, headers: { 'if-none-match': condition } });
          expectStatus(res, 200);
          expect(res.headers.get('cache-control'), `${path} ${condition}`).to.equal('private, no-store');
          expect(JSON.stringify(res.body)).to.include(item.id);
        }
      }
    });

    it('every other operation is 403; another workspace is 404', async () => {
      const { token } = await mint();
      const item = await createArticle(w, 'Nope');
      expectProblem(await w.api.get(`${w.base}/content/${item.id}`, { token }), 403, 'forbidden');
      expectProblem(await w.api.post(`${w.base}/content/${item.id}/versions`, { fields: [] }, { token }), 403, 'forbidden');
      expectProblem(await w.api.get('/api/v1/auth/me', { token }), 403, 'forbidden');
      expectProblem(await w.api.post(`${w.base}/preview-tokens`, {}, { token }), 403, 'forbidden');
      const other = await startContentWorld(w.api);
      expectProblem(await w.api.get(`${other.base}/content`, { token }), 404, 'not-found');
    });

    it('never enters or reads the delivery cache: a preview read between two published reads changes nothing they return', async () => {
      const { token } = await mint();
      const item = await createArticle(w, 'Cached');
      await publishNow(w, item.id, 1);
      await newVersion(w, item.id, { fields: [text(title(), 'Unpublished change')] });
      const first = await bySlug(w.api, item.slug, w.reader);
      const size = w.api.running.deps.deliveryCache.size;
      const preview = await bySlug(w.api, item.slug, token);
      expect(preview.body.versionNumber).to.equal(2);
      expect(w.api.running.deps.deliveryCache.size).to.deep.equal(size);
      const second = await bySlug(w.api, item.slug, w.reader);
      expect(second.headers.get('x-verso-cache')).to.equal('hit');
      expect(second.body).to.deep.equal(first.body);
      // And the other way round: a published answer in the cache is never given to a preview.
      expect((await bySlug(w.api, item.slug, token)).body.versionNumber).to.equal(2);
      const listFirst = await w.api.get(`${w.base}/content?resolve=true&slug=${item.slug}`, { token: w.reader });
      await w.api.get(`${w.base}/content?resolve=true&slug=${item.slug}`, { token });
      const listSecond = await w.api.get(`${w.base}/content?resolve=true&slug=${item.slug}`, { token: w.reader });
      expect(listSecond.body).to.deep.equal(listFirst.body);
      expect(listSecond.body.items[0]).not.to.have.property('isPreview');
    });
  });

  describe('listing, revoking and expiry', () => {
    it('Admins list live tokens and revoke any: 401 at once here and within moments on another replica that had it cached', async () => {
      const item = await createArticle(w, 'Revoked');
      const { token, previewToken } = await mint({ contentItemId: item.id });
      expect((await bySlug(w.api, item.slug, token)).status).to.equal(200);
      expect((await bySlug(b, item.slug, token)).status).to.equal(200);
      const listed = await w.api.get(`${w.base}/preview-tokens?pageSize=100`, { token: w.admin });
      expectStatus(listed, 200);
      expect(listed.body.items.map((t: any) => t.id)).to.include(previewToken.id);
      expect(JSON.stringify(listed.body)).not.to.include('verso_preview_');
      expectProblem(await w.api.get(`${w.base}/preview-tokens`, { token: w.reader }), 403, 'forbidden');
      // Below Admin a caller reaches only the tokens they minted (preview-token-reach.test.ts).
      expectProblem(await w.api.delete(`${w.base}/preview-tokens/${previewToken.id}`, { token: w.reviewer }), 404, 'not-found');

      expectStatus(await w.api.delete(`${w.base}/preview-tokens/${previewToken.id}`, { token: w.admin }), 204);
      expectProblem(await bySlug(w.api, item.slug, token), 401, 'unauthenticated');
      await within(5_000, async () => (await bySlug(b, item.slug, token)).status === 401);
      expect((await w.api.get(`${w.base}/preview-tokens?pageSize=100`, { token: w.admin })).body.items.map((t: any) => t.id)).not.to.include(previewToken.id);
      const [audit] = await dbQuery(w.api, `SELECT action FROM audit_log WHERE entity_type = 'PreviewToken' AND entity_id = $1 AND action = 'Deleted'`, [previewToken.id]);
      expect(audit).to.deep.equal({ action: 'Deleted' });
      expectProblem(await w.api.delete(`${w.base}/preview-tokens/01890000-0000-7000-8000-000000000000`, { token: w.admin }), 404, 'not-found');
    });

    it('an expired token is 401 on both replicas', async () => {
      const item = await createArticle(w, 'Expired');
      const { token, previewToken } = await mint();
      await dbQuery(w.api, `UPDATE preview_tokens SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 second' WHERE id = $1`, [previewToken.id]);
      expectProblem(await bySlug(w.api, item.slug, token), 401, 'unauthenticated');
      expectProblem(await bySlug(b, item.slug, token), 401, 'unauthenticated');
      expect((await w.api.get(`${w.base}/preview-tokens?pageSize=100`, { token: w.admin })).body.items.map((t: any) => t.id)).not.to.include(previewToken.id);
    });
  });

  describe('the workspace setting previewUrl', () => {
    const put = async (body: Record<string, unknown>) => {
      const current = await w.api.get(`/api/v1/workspaces/${w.ws}`, { token: w.admin });
      return w.api.put(`/api/v1/workspaces/${w.ws}`, { name: current.body.name, slug: current.body.slug, ...body }, { token: w.admin, headers: { 'if-match': current.headers.get('etag')! } });
    };

    it('is saved, shown, kept when a client omits it and cleared with null', async () => {
      const template = 'https://site.example/api/preview?slug={slug}&locale={locale}&token={token}';
      const saved = await put({ previewUrl: template });
      expectStatus(saved, 200);
      expect(saved.body.previewUrl).to.equal(template);
      expect((await put({ description: 'Renamed without it' })).body.previewUrl).to.equal(template);
      expect((await w.api.get(`/api/v1/workspaces/${w.ws}`, { token: w.reader })).body.previewUrl).to.equal(template);
      expect((await put({ previewUrl: null })).body.previewUrl).to.equal(null);
    });

    it('must be an absolute https URL with {token} (http too outside production)', async () => {
      expect((await put({ previewUrl: 'http://localhost:3000/api/preview?token={token}' })).status).to.equal(200);
      for (const [url, message] of [
        ['https://site.example/api/preview?slug={slug}', 'Must contain {token}, where the preview token goes.'],
        ['/api/preview?token={token}', 'Must be an absolute URL, such as https://site.example/api/preview?slug={slug}&token={token}.'],
        ['ftp://site.example/{token}', 'Must use https or http.'],
      ] as const) {
        const res = await put({ previewUrl: url });
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors['/previewUrl'], url).to.deep.equal([message]);
      }
      // Production's rule (the API answers it with the same 422).
      const actor = new ApiClientActor('01890000-0000-7000-8000-000000000001', 'Admin', 'Test', null);
      const rules = { allowHttpPreview: false };
      const input = { name: 'Prod', slug: `prod-${Date.now()}`, previewUrl: 'http://site.example/preview?token={token}' };
      try {
        await createWorkspaceService(w.api.running.deps.db, rules, actor, input);
        expect.fail('accepted http in production');
      } catch (err) {
        expect((err as { extensions?: { errors?: unknown } }).extensions?.errors).to.deep.equal({ '/previewUrl': ['Must use https.'] });
      }
    });
  });
});
