// The contract declares every answer the server can give. The test client's validator fails on any
// status an operation does not declare (test/helpers/contract-validator.ts), and this file makes the
// shared pipeline give each of its answers to every operation it applies to: 400 (an undeclared
// query parameter; a missing required body), 413, 415 and 500. The access step's 401, 403 and 404
// are given to every operation by the access matrix (test/identity/access-matrix.test.ts), 412 by
// test/foundation/if-match.test.ts. Operations are read from the contract: one added later is
// walked too.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace } from '../helpers/actors.js';
import { buildRequest, declaresIfMatch, operations, requestBodyOf, type ContractOperation } from '../helpers/contract-requests.js';

const LIMIT = 2048;

/** What the pipeline can answer this operation, derived from the contract the way the README states it. */
function pipelineStatuses(op: ContractOperation): number[] {
  const rule = op.rule;
  const statuses = [400, 500];
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
