// A delivery-only API client (POST /api/v1/clients with "scope": "delivery"): the credential a site
// puts behind a public CDN. It reads what is published (by slug, the served list) and nothing else:
// not drafts, not the version history, not the media library, not the audit trail, and it writes
// nothing. The access matrix (access-matrix.test.ts) walks every operation with such a client; this
// file checks the client's life cycle and what the two delivery reads let it ask.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, dbQuery } from '../helpers/actors.js';
import { operations } from '../helpers/contract-requests.js';
import { createArticle, expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from '../content/content-fixture.js';

const DELIVERY_ONLY = 'This credential is delivery-only: it may read published content (by slug and the list of served content) and nothing else.';

describe('delivery-only API clients', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: ContentWorld;
  let admin: string;
  let delivery: { id: string; token: string };
  let published: { id: string; slug: string };
  let draft: { id: string; slug: string };

  before(async () => {
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
    w = await startContentWorld(api);
    admin = (await createActor(api, { role: 'Admin', grants: { [w.ws]: 'Write' } })).token;
    const res = await api.post('/api/v1/clients', { name: 'cdn', role: 'Reader', workspaceId: w.ws, scope: 'delivery' }, { token: admin });
    expectStatus(res, 201);
    delivery = { id: res.body.client.id, token: res.body.token };
    published = await createArticle(w, 'Out in the world');
    await publishNow(w, published.id, 1);
    // A second version of the published item stays a Draft: the delivery client must not see it.
    await newVersion(w, published.id, { fields: [text(w.model.article.fields.title!, 'Secret rewrite')] });
    draft = await createArticle(w, 'Not yet announced');
  });
  after(() => api?.close());

  describe('POST /api/v1/clients', () => {
    it('"scope": "delivery" makes a delivery-only client; the representation shows it, and absent scope is Full', async () => {
      const got = await api.get(`/api/v1/clients/${delivery.id}`, { token: admin });
      expectStatus(got, 200);
      expect(got.body).to.include({ name: 'cdn', role: 'Reader', scope: 'Delivery', workspaceId: w.ws, isActive: true });
      const [row] = await dbQuery(api, 'SELECT scope FROM api_clients WHERE id = $1', [delivery.id]);
      expect(row.scope).to.equal('Delivery');
      const plain = await api.post('/api/v1/clients', { name: 'build', role: 'Reader', workspaceId: w.ws }, { token: admin });
      expectStatus(plain, 201);
      expect(plain.body.client.scope).to.equal('Full');
      const listed = await api.get('/api/v1/clients?pageSize=100', { token: admin });
      const scopes = Object.fromEntries(listed.body.items.map((c: { id: string; scope: string }) => [c.id, c.scope]));
      expect(scopes[delivery.id]).to.equal('Delivery');
      expect(scopes[plain.body.client.id]).to.equal('Full');
    });

    it('a delivery-only client has the Reader role (422 for another role); an unknown scope is 400', async () => {
      const editor = await api.post('/api/v1/clients', { name: 'x', role: 'Editor', workspaceId: w.ws, scope: 'Delivery' }, { token: admin });
      expectProblem(editor, 422, 'validation-failed');
      expect(editor.body.errors).to.deep.equal({ '/role': ['A delivery-only client has the Reader role.'] });
      const unknown = await api.post('/api/v1/clients', { name: 'x', role: 'Reader', workspaceId: w.ws, scope: 'everything' }, { token: admin });
      expectProblem(unknown, 400, 'bad-request');
      expect(JSON.stringify(unknown.body.errors)).to.include('The scope is Full or Delivery.');
    });

    it('rotation keeps the scope', async () => {
      const created = await api.post('/api/v1/clients', { name: 'rot', role: 'Reader', workspaceId: w.ws, scope: 'Delivery' }, { token: admin });
      const rotated = await api.post(`/api/v1/clients/${created.body.client.id}/rotate`, undefined, { token: admin });
      expectStatus(rotated, 200);
      expect(rotated.body.client.scope).to.equal('Delivery');
      expectProblem(await api.get(`${w.base}/content/${published.id}`, { token: rotated.body.token }), 403, 'forbidden');
    });
  });

  describe('what the token reads', () => {
    it('by slug: the published version, never the newer draft; a draft-only item is 404', async () => {
      const res = await api.get(`${w.base}/content/by-slug/${published.slug}`, { token: delivery.token });
      expectStatus(res, 200);
      expect(res.body.versionNumber).to.equal(1);
      expect(JSON.stringify(res.body)).to.include('Out in the world').and.not.include('Secret rewrite');
      expectProblem(await api.get(`${w.base}/content/by-slug/${draft.slug}`, { token: delivery.token }), 404, 'not-found');
    });

    it('the list: only with resolve=true, and then only served items', async () => {
      const res = await api.get(`${w.base}/content?resolve=true&pageSize=100`, { token: delivery.token });
      expectStatus(res, 200);
      const ids = res.body.items.map((i: { id: string }) => i.id);
      expect(ids).to.include(published.id).and.not.include(draft.id);
      const plain = await api.get(`${w.base}/content`, { token: delivery.token });
      expectProblem(plain, 403, 'forbidden');
      expect(plain.body.detail).to.equal('A delivery-only credential lists served content only: add resolve=true.');
    });

    it('no filter that looks into unpublished versions (q, status), no asOf later than now', async () => {
      for (const query of ['resolve=true&q=Secret', 'resolve=true&status=Draft']) {
        const res = await api.get(`${w.base}/content?${query}`, { token: delivery.token });
        expectProblem(res, 403, 'forbidden');
        expect(res.body.detail).to.equal('A delivery-only credential cannot filter by q or status: both look into unpublished versions.');
      }
      const future = new Date(Date.now() + 86_400_000).toISOString();
      expectProblem(await api.get(`${w.base}/content?resolve=true&asOf=${future}`, { token: delivery.token }), 403, 'forbidden');
      expectProblem(await api.get(`${w.base}/content/by-slug/${published.slug}?asOf=${future}`, { token: delivery.token }), 403, 'forbidden');
      const past = new Date(Date.now() - 1000).toISOString();
      expectStatus(await api.get(`${w.base}/content/by-slug/${published.slug}?asOf=${past}`, { token: delivery.token }), 200);
      // The same questions from a full Reader client stay answered (its reach is unchanged).
      expectStatus(await api.get(`${w.base}/content?resolve=true&q=Secret`, { token: w.reader }), 200);
    });

    it('everything else is 403 with the delivery-only message: item, versions, media, audit, templates, writes', async () => {
      const calls: [string, string, unknown?][] = [
        ['GET', `${w.base}/content/${published.id}`],
        ['GET', `${w.base}/content/${published.id}/versions`],
        ['GET', `${w.base}/content/${published.id}/versions/2`],
        ['GET', `${w.base}/content/versions`],
        ['GET', `${w.base}/media`],
        ['GET', `${w.base}/audit`],
        ['GET', `${w.base}/templates`],
        ['GET', `/api/v1/workspaces/${w.ws}`],
        ['GET', '/api/v1/auth/me'],
        ['POST', `${w.base}/content/${draft.id}/versions/1/publish`, { overrideWorkflow: true }],
      ];
      for (const [method, url, body] of calls) {
        const res = await api.request(method, url, { token: delivery.token, body });
        expectProblem(res, 403, 'forbidden');
        expect(res.body.detail, `${method} ${url}`).to.equal(DELIVERY_ONLY);
      }
    });

    it('the contract marks exactly the delivery reads as open to a delivery-only client (by-slug, the list, the workspace\'s locales)', async () => {
      const open = operations.filter((o) => o.rule.delivery === true).map((o) => o.id).sort();
      expect(open).to.deep.equal(['getContentBySlug', 'getWorkspaceLocales', 'listContent']);
      // A site reads which languages there are (for its language switcher) with the same token.
      const locales = await api.get(`${w.base}/locales`, { token: delivery.token });
      expectStatus(locales, 200);
      expect(locales.body).to.have.property('locales');
    });

    it('a revoked delivery client is anonymous (401)', async () => {
      const created = await api.post('/api/v1/clients', { name: 'gone', role: 'Reader', workspaceId: w.ws, scope: 'delivery' }, { token: admin });
      expectStatus(await api.post(`/api/v1/clients/${created.body.client.id}/revoke`, undefined, { token: admin }), 200);
      expectProblem(await api.get(`${w.base}/content/by-slug/${published.slug}`, { token: created.body.token }), 401, 'unauthenticated');
    });
  });
});
