// The contract declares every answer the server can give. The test client's validator fails on any
// status an operation does not declare (test/helpers/contract-validator.ts), and this file makes the
// shared pipeline give each of its answers to every operation it applies to: 400 (an undeclared
// query parameter; a missing required body), 413, 415, 500, and the 304 the response writer gives
// a GET whose If-None-Match names its ETag (asked of real resources). The access step's 401, 403 and 404
// are given to every operation by the access matrix (test/identity/access-matrix.test.ts), 412 by
// test/foundation/if-match.test.ts. Operations are read from the contract: one added later is
// walked too.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace } from '../helpers/actors.js';
import { buildRequest, declaresIfMatch, operations, requestBodyOf, resolve, type ContractOperation } from '../helpers/contract-requests.js';
import { startContentWorld } from '../content/content-fixture.js';
import { multipart } from '../media/media-world.js';

const LIMIT = 2048;

/** A GET whose 200 sends an ETag: express's send answers If-None-Match naming it (or `*`) with 304. */
const sendsETag = (op: ContractOperation) =>
  op.method === 'GET' && Object.keys(resolve(op.op.responses['200'] ?? {}).headers ?? {}).some((h) => h.toLowerCase() === 'etag');

/** What the pipeline can answer this operation, derived from the contract the way docs/architecture.md states it. */
function pipelineStatuses(op: ContractOperation): number[] {
  const rule = op.rule;
  const statuses = [400, 500];
  if (sendsETag(op)) statuses.push(304);
  if (!rule.public) {
    // 403 on every one: a preview token (issue #27) is refused everywhere but the delivery reads.
    statuses.push(401, 403);
    if ((rule.workspace === 'Read' || rule.workspace === 'Write') && op.path.includes('{workspaceId}')) statuses.push(404);
  }
  if (declaresIfMatch(op)) statuses.push(412);
  if (requestBodyOf(op)) statuses.push(413, 415);
  return statuses.sort();
}

describe('declared statuses: every answer of the pipeline is in the contract', function () {
  this.timeout(120_000);
  let api: TestApi;
  let superadmin: string;
  let ws: string;
  before(async () => {
    api = await startTestApi({ env: { Api__MaxRequestBodyBytes: String(LIMIT) } });
    superadmin = (await createActor(api, { role: 'Admin', superadmin: true })).token;
    ws = (await createWorkspace(api)).id;
  });
  after(() => api.close());

  it('every operation declares what the pipeline can send it, with the problem schema', () => {
    const missing: string[] = [];
    for (const op of operations) {
      for (const status of pipelineStatuses(op)) {
        const response = op.op.responses[String(status)];
        if (!response) missing.push(`${op.id}: ${status}`);
        else if (response.$ref && !/^#\/components\/responses\/\w+$/.test(response.$ref)) missing.push(`${op.id}: ${status} is not a shared problem response`);
      }
    }
    expect(missing, missing.join('\n')).to.deep.equal([]);
  });

  it('the shared problem responses are problem+json with ProblemDetails', async () => {
    const { document } = await import('../helpers/contract-requests.js');
    for (const name of ['BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'PreconditionFailed', 'PayloadTooLarge', 'UnsupportedMediaType', 'InternalServerError']) {
      expect(document.components.responses[name].content['application/problem+json'].schema.$ref, name).to.equal('#/components/schemas/ProblemDetails');
    }
  });

  for (const op of operations) {
    const body = requestBodyOf(op);
    it(`${op.method} ${op.path} (${op.id}): 400${body ? ', 413, 415 and the required-body rule' : ''}`, async () => {
      const built = buildRequest(op, ws);
      const join = built.url.includes('?') ? '&' : '?';
      const undeclared = await api.request(op.method, `${built.url}${join}notDeclared=1`, { body: built.body, token: superadmin, headers: built.headers });
      expect(undeclared.status, JSON.stringify(undeclared.body)).to.equal(400);
      expect(undeclared.body.errors).to.have.property('query.notDeclared');
      if (!body) return;

      const plain = await api.request(op.method, built.url, { rawBody: JSON.stringify(built.body), token: superadmin, headers: { ...built.headers, 'content-type': 'text/plain' } });
      expect(plain.status, 'text/plain').to.equal(415);
      const merge = await api.request(op.method, built.url, { rawBody: JSON.stringify(built.body), token: superadmin, headers: { ...built.headers, 'content-type': 'application/merge-patch+json' } });
      expect(merge.status, 'application/merge-patch+json').to.equal(415);
      const large = await api.request(op.method, built.url, { rawBody: JSON.stringify({ pad: 'x'.repeat(LIMIT) }), token: superadmin, headers: { ...built.headers, 'content-type': 'application/json' } });
      // A multipart operation takes no JSON at all (415); its own size rule (Media__MaxFileSizeMb) is the media tests'.
      expect(large.status, 'over Api__MaxRequestBodyBytes').to.equal('multipart/form-data' in body.content ? 415 : 413);

      // Contract and server agree on requestBody.required: no body is 400 exactly when it is required.
      const none = await api.request(op.method, built.url, { token: superadmin, headers: built.headers });
      const refusedForNoBody = none.status === 400 && none.body.errors?.['/'] !== undefined;
      expect(refusedForNoBody, `required: ${String(body.required === true)}, answered ${none.status} ${JSON.stringify(none.body)}`).to.equal(body.required === true);
    });
  }

  it('an unexpected failure is a declared 500 on every operation', async () => {
    const failing = await startTestApi({
      overrides: {
        authenticator: {
          async authenticate() {
            throw new Error('boom');
          },
        },
      },
    });
    try {
      const statuses = new Set<number>();
      for (const op of operations) {
        const built = buildRequest(op, ws);
        statuses.add((await failing.request(op.method, built.url, { body: built.body, headers: built.headers })).status);
      }
      expect([...statuses]).to.deep.equal([500]);
    } finally {
      await failing.close();
    }
  });

  it('a GET answered with an ETag is 304 to If-None-Match naming it or `*`, as declared (once undeclared on getContent, getContentVersion, getTemplate, getMedia)', async () => {
    const w = await startContentWorld(api);
    const item = (await api.post(`${w.base}/content`, { templateVersionId: w.model.article.versionId, tags: ['a'], fields: [] }, { token: w.editor })).body;
    const component = (await api.post(`${w.base}/components`, { name: 'Card', slug: `card-304-${Date.now()}` }, { token: w.admin })).body;
    const list = (await api.post(`${w.base}/picklists`, { name: 'Tone', slug: `tone-304-${Date.now()}`, options: [{ label: 'Calm', value: 'calm' }] }, { token: w.admin })).body;
    const form = multipart({ fileName: 'a.txt', contentType: 'text/plain', data: Buffer.from('304') }, {});
    const media = (await api.request('POST', `${w.base}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: w.editor })).body;
    const created = await api.post(`${w.base}/webhooks`, { name: 'Site', url: 'https://hooks.example.test/in', events: ['content.created'] }, { token: w.admin });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const hook = created.body.endpoint;
    const user = (await createActor(api, { role: 'Reader' })).id;
    const release = await api.post(`${w.base}/releases`, { name: 'Spring' }, { token: w.editor });
    expect(release.status, JSON.stringify(release.body)).to.equal(201);
    const template = `${w.base}/templates/${w.model.article.templateId}`;
    // Every operation the rule gives a 304 without its own declaration (the delivery reads, compare
    // and the downloads declare and test their own): an operation added later must be named here.
    const urls: Record<string, string> = {
      getUser: `/api/v1/users/${user}`,
      getWorkspace: w.base,
      getTemplate: template,
      getTemplateVersionById: `${w.base}/templates/versions/${w.model.article.versionId}`,
      getTemplateVersion: `${template}/versions/1`,
      getComponent: `${w.base}/components/${component.id}`,
      getComponentVersion: `${w.base}/components/${component.id}/versions/1`,
      getPickList: `${w.base}/picklists/${list.id}`,
      getWebhookEndpoint: `${w.base}/webhooks/${hook.id}`,
      getMedia: `${w.base}/media/${media.id}`,
      getContent: `${w.base}/content/${item.id}`,
      getContentVersion: `${w.base}/content/${item.id}/versions/1`,
      getRelease: `${w.base}/releases/${release.body.id}`,
      getWorkspaceLocales: `${w.base}/locales`,
    };
    const ruled = operations.filter((op) => sendsETag(op) && op.op.responses['304']?.$ref === '#/components/responses/NotModified');
    expect(ruled.map((op) => op.id).sort()).to.deep.equal(Object.keys(urls).sort());
    for (const op of ruled) {
      const url = urls[op.id]!;
      const first = await api.get(url, { token: superadmin });
      expect(first.status, `${op.id}: ${JSON.stringify(first.body)}`).to.equal(200);
      const etag = first.headers.get('etag')!;
      // The test client checks each answer against the contract: an undeclared 304 fails here. Its
      // fetch adds `Cache-Control: no-cache` to a conditional request unless one is set, and express
      // answers such a request in full; a cache revalidating (and the fuzz's raw client) sends none.
      for (const tag of [etag, '*', `"other", ${etag}`]) {
        const again = await api.get(url, { token: superadmin, headers: { 'if-none-match': tag, 'cache-control': 'max-age=0' } });
        expect(again.status, `${op.id} If-None-Match: ${tag}`).to.equal(304);
        expect(again.headers.get('etag'), op.id).to.equal(etag);
      }
      const other = await api.get(url, { token: superadmin, headers: { 'if-none-match': '"other"', 'cache-control': 'max-age=0' } });
      expect(other.status, `${op.id}: another tag`).to.equal(200);
    }
  });

  describe('a required body is required (once, these created a version)', () => {
    it('POST …/components/{id}/versions and …/content/{id}/versions without a body: 400, nothing created', async () => {
      const base = `/api/v1/workspaces/${ws}`;
      const c = (await api.post(`${base}/components`, { name: 'Card', slug: `card-${Date.now()}` }, { token: superadmin })).body;
      const res = await api.request('POST', `${base}/components/${c.id}/versions`, { token: superadmin, headers: { 'content-type': 'application/json' } });
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.deep.equal({ '/': ['the request body is required'] });
      expect((await api.get(`${base}/components/${c.id}/versions/2`, { token: superadmin })).status).to.equal(404);
      const empty = await api.request('POST', `${base}/content/${crypto.randomUUID()}/versions`, { token: superadmin, rawBody: '', headers: { 'content-type': 'application/json' } });
      expect(empty.status).to.equal(400);
    });
  });
});
