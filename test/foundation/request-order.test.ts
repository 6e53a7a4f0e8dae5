// The order every request goes through: routing → authentication (401) → the operation's access
// rule (404 for a workspace not visible, 403) → the body (415, 413, 400) → validation (400) →
// If-Match (412) → the handler. An anonymous or under-privileged caller never gets validation
// details and never makes the server parse a body.
import net from 'node:net';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace } from '../helpers/actors.js';

describe('request pipeline order', () => {
  let api: TestApi;
  let superadmin: string;
  let reader: string;
  let editor: string;
  let ws: string;
  before(async () => {
    api = await startTestApi({ env: { Api__MaxRequestBodyBytes: '4096' } });
    ws = (await createWorkspace(api)).id;
    superadmin = (await createActor(api, { role: 'Admin', superadmin: true })).token;
    reader = (await createActor(api, { role: 'Reader', grants: { [ws]: 'Read' } })).token;
    editor = (await createActor(api, { role: 'Editor' })).token;
  });
  after(() => api.close());

  describe('authentication before validation', () => {
    it('answers an anonymous GET /api/v1/users/not-a-uuid with 401 and no validation details', async () => {
      const res = await api.get('/api/v1/users/not-a-uuid');
      expect(res.status).to.equal(401);
      expect(res.body).not.to.have.property('errors');
      const valid = await api.get(`/api/v1/users/${crypto.randomUUID()}`);
      expect(valid.status).to.equal(401);
      expect(res.body.detail).to.equal(valid.body.detail);
    });

    it('tells an authorised caller what is wrong with the same request (400)', async () => {
      const res = await api.get('/api/v1/users/not-a-uuid', { token: superadmin });
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.have.property('path.id');
    });

    it('answers an under-privileged caller 403 without validation details', async () => {
      const res = await api.get('/api/v1/users/not-a-uuid?page=0', { token: reader });
      expect(res.status).to.equal(403);
      expect(res.body).not.to.have.property('errors');
    });
  });

  describe('the body is read only after the access step', () => {
    const createWorkspaceUrl = '/api/v1/workspaces';

    for (const [what, rawBody, contentType] of [
      ['malformed JSON', '{"name": ', 'application/json'],
      ['a body over the size limit', JSON.stringify({ name: 'x'.repeat(10_000) }), 'application/json'],
      ['a media type the operation does not take', 'name=x', 'text/plain'],
    ] as const) {
      it(`anonymous with ${what}: 401, not the body's error`, async () => {
        const res = await api.request('POST', createWorkspaceUrl, { rawBody, headers: { 'content-type': contentType } });
        expect(res.status).to.equal(401);
        expect(res.body).not.to.have.property('errors');
      });

      it(`a Reader (no superadmin) with ${what}: 403, not the body's error`, async () => {
        const res = await api.request('POST', createWorkspaceUrl, { rawBody, token: reader, headers: { 'content-type': contentType } });
        expect(res.status).to.equal(403);
        expect(res.body).not.to.have.property('errors');
      });
    }

    it('an authorised caller gets the body errors in their order: 415, then 413, then 400', async () => {
      const headers = (type: string) => ({ 'content-type': type });
      expect((await api.request('POST', createWorkspaceUrl, { rawBody: 'x'.repeat(10_000), token: superadmin, headers: headers('text/plain') })).status).to.equal(415);
      expect((await api.request('POST', createWorkspaceUrl, { rawBody: 'x'.repeat(10_000), token: superadmin, headers: headers('application/json') })).status).to.equal(413);
      const malformed = await api.request('POST', createWorkspaceUrl, { rawBody: '{"name": ', token: superadmin, headers: headers('application/json') });
      expect(malformed.status).to.equal(400);
      expect(malformed.body.detail).to.match(/not valid JSON/);
    });

    it('does not parse a large body sent by an anonymous caller: the refusal comes before it is sent', async () => {
      // Headers only, announcing 4 MB that never come: the access step answers anyway.
      const { port } = new URL(api.url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(`POST ${createWorkspaceUrl} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4194304\r\n\r\n{"name":`);
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString('latin1');
          if (data.includes('\r\n\r\n')) {
            socket.destroy();
            resolve(data);
          }
        });
        socket.on('error', reject);
        setTimeout(() => reject(new Error(`no answer before the body; got ${JSON.stringify(data)}`)), 5_000).unref();
      });
      expect(answer).to.match(/^HTTP\/1\.1 401 /);
    });

    it('ignores a body sent to an operation that declares none (it is not read)', async () => {
      const withBody = await api.request('POST', '/api/v1/auth/logout', {
        token: (await createActor(api, { role: 'Reader' })).token,
        rawBody: '{"not json',
        headers: { 'content-type': 'text/plain' },
      });
      expect(withBody.status).to.equal(204);
    });
  });

  describe('workspaces in the path', () => {
    it('a malformed workspace id is 404 for a caller without superadmin reach (the access step)', async () => {
      const res = await api.get('/api/v1/workspaces/not-a-uuid/templates', { token: editor });
      expect(res.status).to.equal(404);
      expect(res.body).not.to.have.property('errors');
      const nul = await api.get('/api/v1/workspaces/a%00b/templates', { token: editor });
      expect(nul.status).to.equal(404);
    });

    it('a malformed workspace id is 400 for a superadmin, who may see every workspace', async () => {
      const res = await api.get('/api/v1/workspaces/not-a-uuid/templates', { token: superadmin });
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.have.property('path.workspaceId');
      const bad = await api.get('/api/v1/workspaces/%FF/templates', { token: superadmin });
      expect(bad.status).to.equal(400);
      expect(bad.body.errors).to.have.property('path.workspaceId');
    });
  });

  describe('routing first', () => {
    it('an unknown route is 404 and a wrong method 405 whoever calls', async () => {
      expect((await api.get('/api/v1/no-such-route')).status).to.equal(404);
      const res = await api.request('PATCH', '/api/v1/users', { rawBody: '{"x', headers: { 'content-type': 'application/json' } });
      expect(res.status).to.equal(405);
      expect(res.headers.get('allow')).to.equal('GET, HEAD, POST');
    });
  });
});
