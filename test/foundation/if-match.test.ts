// Optimistic concurrency, two rules. Every operation whose contract declares If-Match required
// refuses a request without the tag with 412 `concurrency-mismatch` (a missing tag counts as stale,
// as upstream), before its handler runs. The ten draft-structure operations of templates and
// components declare it optional (issue #25: upstream's contract has none there and its clients send
// none): a stale tag is 412, an absent one proceeds (RFC 9110). Verso's own draft-structure operation
// setTemplateTitleField (naming the title field, issue #25) follows them. The walk below takes the operations
// from the contract, so one added later is held to the rule without touching this file.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { buildRequest, declaresIfMatch, operations } from '../helpers/contract-requests.js';

const requiredIfMatch = (op: (typeof operations)[number]) =>
  op.parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'if-match' && p.required === true);
const guarded = operations.filter(requiredIfMatch);
const compared = operations.filter((op) => declaresIfMatch(op) && !requiredIfMatch(op));
const DRAFT_STRUCTURE = [
  'createTemplateSection', 'updateTemplateSection', 'deleteTemplateSection',
  'createTemplateField', 'updateTemplateField', 'deleteTemplateField', 'reorderTemplateFields',
  'publishTemplateVersion', 'replaceComponentFields', 'publishComponentVersion',
  'setTemplateTitleField',
];

describe('If-Match: required where declared required; compared when sent on draft structure', function () {
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

  it('is optional, compared when sent (412 declared), on exactly the draft-structure operations (upstream\'s ten and setTemplateTitleField)', () => {
    expect(compared.map((o) => o.id).sort()).to.deep.equal([...DRAFT_STRUCTURE].sort());
    for (const op of compared) {
      const header = op.parameters.find((p) => p.in === 'header' && p.name === 'If-Match')!;
      expect(header.description, `${op.id}: the description says a stale tag is 412`).to.match(/stale tag is answered 412/);
      expect(op.op.responses, `${op.id}: declares 412`).to.have.property('412');
    }
  });

  it('is declared required, with 412, on every other guarded write the issue names (and more)', () => {
    const ids = guarded.map((o) => o.id);
    expect(ids).to.include.members([
      'updateUser', 'deleteUser', 'updateWorkspace', 'deleteWorkspace', 'updateTemplate', 'deleteTemplate',
      'updateComponent', 'updatePickList', 'deletePickList', 'updateContent', 'deleteContent',
      'updateContentVersion', 'deleteContentVersion', 'updateWebhookEndpoint', 'deleteWebhookEndpoint', 'updateMedia', 'deleteMedia',
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

  describe('on real resources: draft structure proceeds without a tag, refuses a stale one', () => {
    const base = () => `/api/v1/workspaces/${ws}`;
    const field = { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', primitiveType: 'Text' };

    it('template sections, fields, reorder and publish: absent → done, stale → 412 and nothing changes', async () => {
      const t = (await api.post(`${base()}/templates`, { name: 'Post', slug: `post-${Date.now()}` }, { token: superadmin })).body;
      const version = `${base()}/templates/${t.id}/versions/1`;
      const tag = (await api.get(version, { token: superadmin })).headers.get('etag')!;
      // As upstream's clients build a template: no If-Match at all.
      const section = await api.post(`${version}/sections`, { name: 'Header', order: 0 }, { token: superadmin });
      expect(section.status, JSON.stringify(section.body)).to.equal(201);
      const added = await api.post(`${version}/fields`, field, { token: superadmin });
      expect(added.status).to.equal(201);
      const second = await api.post(`${version}/fields`, { ...field, key: 'summary', label: 'Summary', order: 1 }, { token: superadmin });
      expect(second.status).to.equal(201);
      expect((await api.put(`${version}/fields/${added.body.id}`, { ...field, label: 'Headline' }, { token: superadmin })).status).to.equal(200);
      expect((await api.put(`${version}/sections/${section.body.id}`, { name: 'Top', order: 0 }, { token: superadmin })).status).to.equal(200);
      expect((await api.put(`${version}/fields/reorder`, [{ fieldId: added.body.id, order: 1 }, { fieldId: second.body.id, order: 0 }], { token: superadmin })).status).to.equal(204);
      // The tag read before those changes is stale now: every one of the ten refuses it.
      const stale = { token: superadmin, headers: { 'if-match': tag } };
      expect((await api.post(`${version}/sections`, { name: 'Footer', order: 1 }, stale)).status).to.equal(412);
      expect((await api.put(`${version}/sections/${section.body.id}`, { name: 'X', order: 0 }, stale)).status).to.equal(412);
      expect((await api.delete(`${version}/sections/${section.body.id}`, stale)).status).to.equal(412);
      expect((await api.post(`${version}/fields`, { ...field, key: 'other' }, stale)).status).to.equal(412);
      expect((await api.put(`${version}/fields/${added.body.id}`, { ...field, label: 'X' }, stale)).status).to.equal(412);
      expect((await api.delete(`${version}/fields/${second.body.id}`, stale)).status).to.equal(412);
      expect((await api.put(`${version}/fields/reorder`, [{ fieldId: added.body.id, order: 0 }], stale)).status).to.equal(412);
      const stalePublish = await api.put(`${version}/publish`, undefined, stale);
      expect(stalePublish.status).to.equal(412);
      expect(stalePublish.body.type).to.equal('https://verso.dev/errors/concurrency-mismatch');
      const read = await api.get(version, { token: superadmin });
      expect(read.body.status).to.equal('Draft');
      expect(read.body.sections.map((s: { name: string }) => s.name)).to.deep.equal(['Top']);
      expect(read.body.fields.map((f: { key: string; label: string }) => `${f.key}:${f.label}`).sort()).to.deep.equal(['summary:Summary', 'title:Headline']);
      // The current tag is accepted, and so is none.
      expect((await api.delete(`${version}/sections/${section.body.id}`, { token: superadmin, headers: { 'if-match': read.headers.get('etag')! } })).status).to.equal(204);
      expect((await api.delete(`${version}/fields/${second.body.id}`, { token: superadmin })).status).to.equal(204);
      const published = await api.put(`${version}/publish`, undefined, { token: superadmin });
      expect(published.status).to.equal(200);
      expect(published.body.status).to.equal('Published');
    });

    it('replaceComponentFields and publishComponentVersion: absent → done, stale → 412', async () => {
      const c = (await api.post(`${base()}/components`, { name: 'Hero', slug: `hero-${Date.now()}` }, { token: superadmin })).body;
      const version = `${base()}/components/${c.id}/versions/1`;
      const fields = [{ key: 'heading', label: 'Heading', order: 0, primitiveType: 'Text' }];
      const tag = (await api.get(version, { token: superadmin })).headers.get('etag')!;
      expect((await api.put(`${version}/fields`, fields, { token: superadmin })).status).to.equal(200);
      expect((await api.put(`${version}/fields`, [], { token: superadmin, headers: { 'if-match': tag } })).status).to.equal(412);
      expect((await api.post(`${version}/publish`, undefined, { token: superadmin, headers: { 'if-match': tag } })).status).to.equal(412);
      expect((await dbQuery(api, 'SELECT count(*)::int AS n FROM component_fields f JOIN component_versions v ON v.id = f.component_version_id WHERE v.component_id = $1', [c.id]))[0].n).to.equal(1);
      expect((await api.get(version, { token: superadmin })).body.status).to.equal('Draft');
      expect((await api.post(`${version}/publish`, undefined, { token: superadmin })).status).to.equal(200);
    });

    it('the other writes still require it: updateTemplate without a tag is 412', async () => {
      const t = (await api.post(`${base()}/templates`, { name: 'Kept', slug: `kept-${Date.now()}` }, { token: superadmin })).body;
      expect((await api.put(`${base()}/templates/${t.id}`, { name: 'Renamed' }, { token: superadmin })).status).to.equal(412);
      expect((await api.get(`${base()}/templates/${t.id}`, { token: superadmin })).body.name).to.equal('Kept');
    });
  });
});
