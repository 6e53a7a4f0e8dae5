import { expect } from 'chai';
import { createActor, createApiClientToken, createWorkspace } from '../helpers/actors.js';
import { dbQuery, dispatcher, emitEvent, expectProblem, expectStatus, registerEndpoint, runOnce, startWebhookWorld, type WebhookWorld } from './webhook-fixture.js';

const GENERATED_SECRET = /^whsec_[A-Za-z0-9_-]{43}$/;

describe('webhook endpoints (tag Webhooks)', () => {
  let w: WebhookWorld;
  before(async () => {
    // This file registers dozens of endpoints on one host in one workspace; the caps on that are
    // endpoint-caps.test.ts's subject, with the defaults.
    w = await startWebhookWorld({ env: { Webhook__MaxEndpointsPerHost: '1000', Webhook__MaxEndpointsPerWorkspace: '1000' } });
  });
  after(() => w.api.close());

  const url = (id = '') => `${w.base}/webhooks${id ? `/${id}` : ''}`;

  describe('POST /workspaces/{workspaceId}/webhooks', () => {
    it('registers the endpoint, generates a whsec_ secret shown this once, stores it sealed (v2 under the active key)', async () => {
      const res = await w.api.post(url(), { name: '  Site  ', url: 'https://hooks.example.test/in', events: ['content.created', 'content.version_published'] }, { token: w.editor });
      expectStatus(res, 201);
      expect(res.body.secret).to.match(GENERATED_SECRET);
      expect(res.body.warning).to.be.a('string').with.length.above(10);
      const e = res.body.endpoint;
      expect(e).to.deep.include({ workspaceId: w.ws, name: 'Site', url: 'https://hooks.example.test/in', isActive: true, events: ['content.created', 'content.version_published'] });
      expect(res.headers.get('location')).to.equal(`${w.base}/webhooks/${e.id}`);
      expect(res.headers.get('etag')).to.match(/^"1-/);
      expect(res.headers.get('cache-control')).to.equal('no-store');

      const [row] = await dbQuery(w.api, 'SELECT secret_ciphertext, secret_version, secret_key_id FROM webhook_endpoints WHERE id = $1', [e.id]);
      const box = w.api.running.deps.secretBox;
      expect(row.secret_version).to.equal('v2');
      expect(row.secret_key_id).to.equal(box.activeKeyId);
      expect(row.secret_ciphertext).to.not.include(res.body.secret.slice(6));
      expect(box.open({ ciphertext: row.secret_ciphertext, version: row.secret_version, keyId: row.secret_key_id })).to.equal(res.body.secret);
    });

    it('keeps a secret the caller brings; two generated secrets differ', async () => {
      const mine = 'my-own-secret-of-sufficient-length';
      expect((await registerEndpoint(w, { secret: mine })).secret).to.equal(mine);
      const [a, b] = [await registerEndpoint(w), await registerEndpoint(w, { secret: null })];
      expect(a.secret).to.match(GENERATED_SECRET);
      expect(b.secret).to.match(GENERATED_SECRET);
      expect(a.secret).to.not.equal(b.secret);
    });

    it('counts duplicate event types once, in first-seen order', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['content.updated', 'content.created', 'content.updated'] });
      expect(endpoint.events).to.deep.equal(['content.updated', 'content.created']);
    });

    it('422 names every event type that is not current: the removed ones with their successor, unknown ones, and an empty list', async () => {
      const res = await w.api.post(url(), { name: 'x', url: 'https://hooks.example.test/', events: ['content.published', 'content.created', 'content.status_changed', 'content.archived', 'nope.nothing'] }, { token: w.editor });
      expectProblem(res, 422, 'validation-failed');
      expect(Object.keys(res.body.errors).sort()).to.deep.equal(['/events/0', '/events/2', '/events/3', '/events/4']);
      expect(res.body.errors['/events/0'][0]).to.include('"content.published"').and.include('content.version_published');
      expect(res.body.errors['/events/2'][0]).to.include('"content.status_changed"').and.include('content.version_status_changed');
      expect(res.body.errors['/events/3'][0]).to.include('"content.archived"');
      expect(res.body.errors['/events/4'][0]).to.include('"nope.nothing"');
      const empty = await w.api.post(url(), { name: 'x', url: 'https://hooks.example.test/', events: [] }, { token: w.editor });
      expectProblem(empty, 422, 'validation-failed');
      expect(empty.body.errors).to.have.property('/events');
      expect(await dbQuery(w.api, `SELECT 1 FROM webhook_endpoints WHERE name = 'x'`)).to.have.length(0);
    });

    it('422 at /url for plain http (Webhook__AllowHttp is false), user information, and literal private, loopback or reserved hosts', async () => {
      for (const bad of ['http://hooks.example.test/', 'https://user@hooks.example.test/', 'https://127.0.0.1/', 'https://[::1]/', 'https://10.1.2.3/', 'https://169.254.169.254/', 'https://2130706433/', 'https://[::ffff:127.0.0.1]/', 'ftp://hooks.example.test/', 'not a url']) {
        const res = await w.api.post(url(), { name: 'bad url', url: bad, events: ['content.created'] }, { token: w.editor });
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors, bad).to.have.property('/url');
      }
    });

    it('422 at /url for any @ in the authority, empty user information included (WHATWG drops it; issue #23)', async () => {
      for (const bad of ['https://@hooks.example.test/', 'https://:@hooks.example.test/', 'https://a@hooks.example.test/', 'https://a:@hooks.example.test/', 'https://:b@hooks.example.test/', 'https://%40@hooks.example.test/', 'https://@@hooks.example.test/', 'https:@hooks.example.test/', 'https:///@hooks.example.test/', 'https:\\\\@hooks.example.test/', 'https://hooks.example.test:443@hooks.example.test/']) {
        const res = await w.api.post(url(), { name: 'userinfo', url: bad, events: ['content.created'] }, { token: w.editor });
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors, bad).to.deep.equal({ '/url': ['The URL must not contain user information.'] });
      }
      // An @ after the authority (path, query) is not user information.
      expectStatus(await w.api.post(url(), { name: 'userinfo', url: 'https://at-in-path.example.test/a@b?c=@', events: ['content.created'] }, { token: w.editor }), 201);
    });

    it('one 422 lists a bad URL and bad events together', async () => {
      const res = await w.api.post(url(), { name: 'x', url: 'http://hooks.example.test/', events: ['content.published'] }, { token: w.editor });
      expectProblem(res, 422, 'validation-failed');
      expect(Object.keys(res.body.errors).sort()).to.deep.equal(['/events/0', '/url']);
    });

    it('400 for a body the contract refuses (short secret, missing events)', async () => {
      expectProblem(await w.api.post(url(), { name: 'x', url: 'https://hooks.example.test/', events: ['content.created'], secret: 'short' }, { token: w.editor }), 400, 'bad-request');
      expectProblem(await w.api.post(url(), { name: 'x', url: 'https://hooks.example.test/' }, { token: w.editor }), 400, 'bad-request');
    });
  });

  describe('GET /workspaces/{workspaceId}/webhooks and /{id}', () => {
    it('lists live endpoints newest first, paged; get answers one with its ETag; neither carries a secret', async () => {
      const { id: other } = await createWorkspace(w.api);
      const admin = await createActor(w.api, { role: 'Admin', superadmin: true });
      await w.api.post(`/api/v1/workspaces/${other}/webhooks`, { name: 'elsewhere', url: 'https://hooks.example.test/', events: ['content.created'] }, { token: admin.token });
      const created = [await registerEndpoint(w, { name: 'first' }), await registerEndpoint(w, { name: 'second' })];
      const page = await w.api.get(`${url()}?pageSize=2`, { token: w.readOnlyEditor });
      expectStatus(page, 200);
      expect(page.body.items.map((e: any) => e.name)).to.deep.equal(['second', 'first']);
      expect(page.body).to.include({ page: 1, pageSize: 2 });
      expect(page.body.totalCount).to.be.at.least(2);
      expect(page.body.items.every((e: any) => e.workspaceId === w.ws)).to.equal(true);
      const one = await w.api.get(url(created[0]!.endpoint.id), { token: w.readOnlyEditor });
      expectStatus(one, 200);
      expect(one.body).to.deep.equal(created[0]!.endpoint);
      expect(one.headers.get('etag')).to.match(/^"1-/);
      for (const body of [page.text, one.text]) for (const c of created) expect(body).to.not.include(c.secret);
    });

    it('404 for an unknown id, and for an endpoint of another workspace under this one', async () => {
      expectProblem(await w.api.get(url('0190c0de-0000-7000-8000-000000000000'), { token: w.editor }), 404, 'not-found');
      const { id: other } = await createWorkspace(w.api);
      const admin = await createActor(w.api, { role: 'Admin', superadmin: true, grants: { [w.ws]: 'Write' } });
      const elsewhere = await w.api.post(`/api/v1/workspaces/${other}/webhooks`, { name: 'x', url: 'https://hooks.example.test/', events: ['content.created'] }, { token: admin.token });
      expectProblem(await w.api.get(url(elsewhere.body.endpoint.id), { token: admin.token }), 404, 'not-found');
    });
  });

  describe('PUT /workspaces/{workspaceId}/webhooks/{id}', () => {
    it('needs the current ETag (missing or stale → 412), then changes name, URL, events and isActive', async () => {
      const { endpoint } = await registerEndpoint(w);
      const body = { name: 'Renamed', url: 'https://other.example.test/hook', isActive: false, events: ['content.deleted'] };
      expectProblem(await w.api.put(url(endpoint.id), body, { token: w.editor }), 412, 'concurrency-mismatch');
      expectProblem(await w.api.put(url(endpoint.id), body, { token: w.editor, headers: { 'if-match': '"9-stale"' } }), 412, 'concurrency-mismatch');
      const headers = await w.api.ifMatch(url(endpoint.id), w.editor);
      const res = await w.api.put(url(endpoint.id), body, { token: w.editor, headers });
      expectStatus(res, 200);
      expect(res.body).to.deep.include({ name: 'Renamed', url: 'https://other.example.test/hook', isActive: false, events: ['content.deleted'] });
      expect(res.headers.get('etag')).to.not.equal(headers['if-match']);
      // The tag it was read with is stale now.
      expectProblem(await w.api.put(url(endpoint.id), body, { token: w.editor, headers }), 412, 'concurrency-mismatch');
    });

    it('applies the URL and event rules (422) and changes nothing', async () => {
      const { endpoint } = await registerEndpoint(w);
      const headers = await w.api.ifMatch(url(endpoint.id), w.editor);
      const res = await w.api.put(url(endpoint.id), { name: 'x', url: 'https://10.0.0.1/', isActive: true, events: ['content.archived'] }, { token: w.editor, headers });
      expectProblem(res, 422, 'validation-failed');
      expect(Object.keys(res.body.errors).sort()).to.deep.equal(['/events/0', '/url']);
      expect((await w.api.get(url(endpoint.id), { token: w.editor })).body).to.deep.equal(endpoint);
    });
  });

  describe('DELETE /workspaces/{workspaceId}/webhooks/{id}', () => {
    it('needs the current ETag, removes the delivery logs and soft-deletes the endpoint', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['content.created'] });
      await emitEvent(w, 'content.created');
      await runOnce(dispatcher(w));
      expect(await dbQuery(w.api, 'SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id])).to.have.length(1);
      expectProblem(await w.api.delete(url(endpoint.id), { token: w.editor }), 412, 'concurrency-mismatch');
      const res = await w.api.delete(url(endpoint.id), { token: w.editor, headers: await w.api.ifMatch(url(endpoint.id), w.editor) });
      expectStatus(res, 204);
      expect(await dbQuery(w.api, 'SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id])).to.have.length(0);
      const [row] = await dbQuery(w.api, 'SELECT deleted_at, is_active FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
      expect(row.deleted_at).to.not.equal(null);
      expect(row.is_active).to.equal(false);
      expectProblem(await w.api.get(url(endpoint.id), { token: w.editor }), 404, 'not-found');
      expect((await w.api.get(`${url()}?pageSize=100`, { token: w.editor })).body.items.map((e: any) => e.id)).to.not.include(endpoint.id);
      // Nothing more is sent to it: a later event fans out to no delivery.
      await emitEvent(w, 'content.created');
      await runOnce(dispatcher(w));
      expect(await dbQuery(w.api, 'SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id])).to.have.length(0);
    });
  });

  describe('POST /workspaces/{workspaceId}/webhooks/{id}/rotate-secret', () => {
    it('replaces the secret with a new generated one, returned this once, sealed under the active key; the ETag moves', async () => {
      const { endpoint, secret } = await registerEndpoint(w);
      const before = await w.api.ifMatch(url(endpoint.id), w.editor);
      const res = await w.api.post(url(`${endpoint.id}/rotate-secret`), undefined, { token: w.editor });
      expectStatus(res, 200);
      expect(res.body.id).to.equal(endpoint.id);
      expect(res.body.secret).to.match(GENERATED_SECRET).and.not.equal(secret);
      expect(res.body.warning).to.be.a('string');
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(res.headers.get('etag')).to.not.equal(before['if-match']);
      const [row] = await dbQuery(w.api, 'SELECT secret_ciphertext, secret_version, secret_key_id FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
      expect(w.api.running.deps.secretBox.open({ ciphertext: row.secret_ciphertext, version: row.secret_version, keyId: row.secret_key_id })).to.equal(res.body.secret);
      expectProblem(await w.api.post(url('0190c0de-0000-7000-8000-000000000000/rotate-secret'), undefined, { token: w.editor }), 404, 'not-found');
    });
  });

  describe('access (Editor to read with Read, Editor + Write to change)', () => {
    it('Editor with Read reads but cannot change (403); Reader 403; no grant 404; a scoped API client by role', async () => {
      const { endpoint } = await registerEndpoint(w);
      expectStatus(await w.api.get(url(), { token: w.readOnlyEditor }), 200);
      expectStatus(await w.api.get(url(`${endpoint.id}/deliveries`), { token: w.readOnlyEditor }), 200);
      expectProblem(await w.api.post(url(), { name: 'x', url: 'https://hooks.example.test/', events: ['content.created'] }, { token: w.readOnlyEditor }), 403, 'forbidden');
      expectProblem(await w.api.post(url(`${endpoint.id}/rotate-secret`), undefined, { token: w.readOnlyEditor }), 403, 'forbidden');
      expectProblem(await w.api.get(url(), { token: w.reader }), 403, 'forbidden');
      expectProblem(await w.api.get(url(), { token: w.stranger }), 404, 'not-found');
      expectProblem(await w.api.get(url()), 401, 'unauthenticated');
      const readerClient = await createApiClientToken(w.api, { workspaceId: w.ws, role: 'Reader' });
      expectProblem(await w.api.get(url(), { token: readerClient.token }), 403, 'forbidden');
      const editorClient = await createApiClientToken(w.api, { workspaceId: w.ws, role: 'Editor' });
      expectStatus(await w.api.post(url(), { name: 'by client', url: 'https://hooks.example.test/', events: ['content.created'] }, { token: editorClient.token }), 201);
    });
  });

  describe('the secret stays secret', () => {
    it('appears in no other response, no log line and no audit entry (the audit shows redacted, no digest)', async () => {
      const created = await registerEndpoint(w, { name: 'audited' });
      const id = created.endpoint.id;
      const rotated = (await w.api.post(url(`${id}/rotate-secret`), undefined, { token: w.editor })).body.secret as string;
      const headers = await w.api.ifMatch(url(id), w.editor);
      await w.api.put(url(id), { name: 'audited 2', url: 'https://hooks.example.test/2', isActive: true, events: ['content.created'] }, { token: w.editor, headers });
      const reads = [await w.api.get(url(id), { token: w.editor }), await w.api.get(`${url()}?pageSize=100`, { token: w.editor }), await w.api.get(url(`${id}/deliveries`), { token: w.editor })];
      const entries = await dbQuery(w.api, `SELECT action, change_delta FROM audit_log WHERE entity_id = $1 ORDER BY occurred_at, id`, [id]);
      expect(entries.map((e) => e.action)).to.deep.equal(['Created', 'Updated', 'Updated']);
      expect(entries[0].change_delta.secret).to.deep.equal({ before: null, after: 'redacted' });
      // The rotation shows as a change of the secret, both sides redacted.
      expect(entries[1].change_delta.secret).to.deep.equal({ before: 'redacted', after: 'redacted' });
      expect(entries[2].change_delta).to.not.have.property('secret');
      const audit = await w.api.get(`/api/v1/audit?entityId=${id}`, { token: (await createActor(w.api, { role: 'Admin', superadmin: true })).token });
      for (const secret of [created.secret, rotated]) {
        for (const r of reads) expect(r.text).to.not.include(secret);
        expect(JSON.stringify(entries)).to.not.include(secret);
        expect(audit.text).to.not.include(secret);
        expect(w.api.log.text()).to.not.include(secret);
        expect(w.workerLog.text()).to.not.include(secret);
      }
    });
  });
});
