import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace } from '../helpers/actors.js';

describe('request pipeline', () => {
  let api: TestApi;
  let admin: string;
  before(async () => {
    api = await startTestApi();
    admin = (await createActor(api, { role: 'Admin', superadmin: true })).token;
  });
  after(() => api.close());

  describe('query parameter names', () => {
    it('match case-insensitively (upstream clients send Page and PageSize)', async () => {
      for (let i = 0; i < 3; i++) await createWorkspace(api);
      const lower = await api.get('/api/v1/workspaces?page=2&pageSize=1', { token: admin });
      const pascal = await api.get('/api/v1/workspaces?Page=2&PageSize=1', { token: admin });
      const upper = await api.get('/api/v1/workspaces?PAGE=2&PAGESIZE=1', { token: admin });
      for (const res of [lower, pascal, upper]) {
        expect(res.status).to.equal(200);
        expect(res.body).to.include({ page: 2, pageSize: 1 });
        expect(res.body.items).to.have.length(1);
      }
      expect(pascal.body.items[0].id).to.equal(lower.body.items[0].id);
    });

    it('are still validated after matching', async () => {
      const res = await api.get('/api/v1/workspaces?PageSize=1000', { token: admin });
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.have.property('query.pageSize');
    });
  });

  describe('request bodies', () => {
    it('answer a body of a media type the operation does not take with 415', async () => {
      const res = await api.request('POST', '/api/v1/auth/login', {
        rawBody: 'email=a@b.c&password=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).to.equal(415);
      expect(res.body.type).to.equal('https://verso.dev/errors/unsupported-media-type');
    });

    it('parse only the media types the contract lists (application/json, any charset parameter aside)', async () => {
      const rawBody = JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password' });
      for (const type of ['application/merge-patch+json', 'application/vnd.verso+json', 'text/json', 'text/plain']) {
        const res = await api.request('POST', '/api/v1/auth/login', { rawBody, headers: { 'content-type': type } });
        expect(res.status, type).to.equal(415);
        expect(res.body.type).to.equal('https://verso.dev/errors/unsupported-media-type');
      }
      const json = await api.request('POST', '/api/v1/auth/login', { rawBody, headers: { 'content-type': 'application/json; charset=utf-8' } });
      expect(json.status).to.equal(401);
    });

    it('list every violation of a JSON body in errors, keyed by pointer', async () => {
      const res = await api.post('/api/v1/auth/login', { email: 42, extra: true });
      expect(res.status).to.equal(400);
      expect(Object.keys(res.body.errors)).to.include.members(['/email', '/password']);
    });
  });
});
