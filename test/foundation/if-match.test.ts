// Optimistic concurrency, one rule: every operation whose contract declares If-Match refuses a
// request without the tag with 412 `concurrency-mismatch` (a missing tag counts as stale, as
// upstream), before its handler runs. The walk below takes the operations from the contract, so
// one added later is held to the rule without touching this file.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { buildRequest, declaresIfMatch, operations } from '../helpers/contract-requests.js';

const guarded = operations.filter(declaresIfMatch);

describe('If-Match: required on every operation that declares it', function () {
  this.timeout(60_000);
  let api: TestApi;
  let superadmin: string;
  let ws: string;
  before(async () => {
    api = await startTestApi();
    superadmin = (await createActor(api, { role: 'Admin', superadmin: true })).token;
    ws = (await createWorkspace(api)).id;
  });
  after(() => api.close());

  it('is declared required, with 412, on every guarded write the issue names (and more)', () => {
    const ids = guarded.map((o) => o.id);
    expect(ids).to.include.members([
      'createTemplateSection', 'updateTemplateSection', 'deleteTemplateSection',
      'createTemplateField', 'updateTemplateField', 'deleteTemplateField', 'reorderTemplateFields',
      'publishTemplateVersion', 'replaceComponentFields', 'publishComponentVersion',
      'updateUser', 'deleteUser', 'updateWorkspace', 'deleteWorkspace', 'updateTemplate', 'deleteTemplate',
      'updateComponent', 'updatePickList', 'deletePickList', 'updateContent', 'deleteContent',
      'updateContentVersion', 'deleteContentVersion',
    ]);
    for (const op of guarded) {
      const header = op.parameters.find((p) => p.in === 'header' && p.name === 'If-Match')!;
      expect(header.required, `${op.id}: If-Match required`).to.equal(true);
      expect(header.description, `${op.id}: the description says a missing tag is 412`).to.match(/missing or stale/);
      expect(op.op.responses, `${op.id}: declares 412`).to.have.property('412');
    }
  });

  for (const op of guarded) {
    it(`${op.method} ${op.path} (${op.id}) without If-Match: 412 from the pipeline, before the handler`, async () => {
      const built = buildRequest(op, ws);
      delete built.headers['if-match'];
      // The ids are random: a handler would answer 404. 412 says the request never reached it.
      const missing = await api.request(op.method, built.url, { body: built.body, token: superadmin, headers: built.headers });
      expect(missing.status, JSON.stringify(missing.body)).to.equal(412);
      expect(missing.body.type).to.equal('https://verso.dev/errors/concurrency-mismatch');
      const empty = await api.request(op.method, built.url, { body: built.body, token: superadmin, headers: { ...built.headers, 'if-match': '' } });
      expect(empty.status, 'an empty tag is no tag').to.equal(412);
    });
  }

  it('validates the request before it looks at the tag (400, as upstream)', async () => {
    const res = await api.put(`/api/v1/workspaces/${ws}`, { name: 42 }, { token: superadmin });
    expect(res.status).to.equal(400);
    expect(res.body.errors).to.have.property('/name');
  });

  describe('on real resources: a write without the tag changes nothing', () => {
    const base = () => `/api/v1/workspaces/${ws}`;
    const field = { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', primitiveType: 'Text' };

    it('publishTemplateVersion: a body-less request no longer publishes the draft', async () => {
      const t = (await api.post(`${base()}/templates`, { name: 'Page', slug: `page-${Date.now()}` }, { token: superadmin })).body;
      const version = `${base()}/templates/${t.id}/versions/1`;
      expect((await api.put(`${version}/publish`, undefined, { token: superadmin })).status).to.equal(412);
      expect((await api.get(version, { token: superadmin })).body.status).to.equal('Draft');
      const ok = await api.put(`${version}/publish`, undefined, { token: superadmin, headers: await api.ifMatch(version, superadmin) });
      expect(ok.status).to.equal(200);
      expect(ok.body.status).to.equal('Published');
    });

    it('template sections and fields: refused without the tag, accepted with the current one, refused with a stale one', async () => {
      const t = (await api.post(`${base()}/templates`, { name: 'Post', slug: `post-${Date.now()}` }, { token: superadmin })).body;
      const version = `${base()}/templates/${t.id}/versions/1`;
      expect((await api.post(`${version}/sections`, { name: 'Header', order: 0 }, { token: superadmin })).status).to.equal(412);
      expect((await api.post(`${version}/fields`, field, { token: superadmin })).status).to.equal(412);
      const read = await api.get(version, { token: superadmin });
      expect(read.body.sections).to.deep.equal([]);
      expect(read.body.fields).to.deep.equal([]);
      const tag = read.headers.get('etag')!;
      const added = await api.post(`${version}/fields`, field, { token: superadmin, headers: { 'if-match': tag } });
      expect(added.status).to.equal(201);
      // Each change answers the version's new tag; the old one is stale now.
      expect(added.headers.get('etag')).to.not.equal(tag);
      expect((await api.post(`${version}/sections`, { name: 'Header', order: 0 }, { token: superadmin, headers: { 'if-match': tag } })).status).to.equal(412);
      expect((await api.delete(`${version}/fields/${added.body.id}`, { token: superadmin })).status).to.equal(412);
      expect((await api.delete(`${version}/fields/${added.body.id}`, { token: superadmin, headers: { 'if-match': added.headers.get('etag')! } })).status).to.equal(204);
    });

    it('replaceComponentFields and publishComponentVersion', async () => {
      const c = (await api.post(`${base()}/components`, { name: 'Hero', slug: `hero-${Date.now()}` }, { token: superadmin })).body;
      const version = `${base()}/components/${c.id}/versions/1`;
      const fields = [{ key: 'heading', label: 'Heading', order: 0, primitiveType: 'Text' }];
      expect((await api.put(`${version}/fields`, fields, { token: superadmin })).status).to.equal(412);
      expect((await dbQuery(api, 'SELECT count(*)::int AS n FROM component_fields f JOIN component_versions v ON v.id = f.component_version_id WHERE v.component_id = $1', [c.id]))[0].n).to.equal(0);
      expect((await api.put(`${version}/fields`, fields, { token: superadmin, headers: await api.ifMatch(version, superadmin) })).status).to.equal(200);
      expect((await api.post(`${version}/publish`, undefined, { token: superadmin })).status).to.equal(412);
      expect((await api.get(version, { token: superadmin })).body.status).to.equal('Draft');
      expect((await api.post(`${version}/publish`, undefined, { token: superadmin, headers: await api.ifMatch(version, superadmin) })).status).to.equal(200);
    });
  });
});
