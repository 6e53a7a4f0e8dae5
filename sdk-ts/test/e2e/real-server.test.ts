// The SDK against the real API (in-process, on its own database): health, docs, correlation ids and
// the current identity. The login → workspace → model → content → workflow → by-slug → paging flow
// is content-flow.test.ts beside this file.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { operationSpecs, VersoApiError, VersoClient, type ObservedResponse } from '../../src/index.js';

describe('SDK end to end against the real API', function () {
  this.timeout(60_000);
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(async () => {
    await api?.close();
  });

  it('reads liveness and readiness', async () => {
    const client = new VersoClient({ baseUrl: api.url });
    expect(await client.getHealthLive()).to.deep.equal({ status: 'Healthy' });
    const ready = await client.getHealthReady();
    expect(ready.status).to.equal('Healthy');
    expect(ready.metadata.version).to.equal('0.0.0-test');
  });

  it('the server echoes the X-Correlation-Id each attempt sent', async () => {
    const seen: ObservedResponse[] = [];
    const client = new VersoClient({ baseUrl: api.url, onResponse: (r) => void seen.push(r) });
    await client.getHealthLive();
    await client.getHealthLive();
    expect(seen).to.have.length(2);
    for (const r of seen) expect(r.headers.get('x-correlation-id')).to.equal(r.correlationId);
    expect(seen[0]!.correlationId).not.to.equal(seen[1]!.correlationId);
  });

  it('getCurrentUser without credentials is a VersoApiError 401 with the server\'s problem details', async () => {
    const client = new VersoClient({ baseUrl: api.url });
    const error = (await client.getCurrentUser().catch((e: unknown) => e)) as VersoApiError;
    expect(error).to.be.instanceOf(VersoApiError);
    expect(error.status).to.equal(401);
    expect(error.problem.type).to.equal('https://verso.dev/errors/unauthenticated');
    expect(error.problem.status).to.equal(401);
    expect(error.traceId).to.be.a('string').and.not.equal('');
    expect(error.correlationId).to.equal(error.problem.correlationId);
  });

  it('an unknown API-client token is refused with 401 and is never echoed back', async () => {
    const token = 'verso_0190f3a17c2b_notarealsecret';
    const client = new VersoClient({ baseUrl: api.url, token });
    const error = (await client.getCurrentUser().catch((e: unknown) => e)) as VersoApiError;
    expect(error.status).to.equal(401);
    expect(JSON.stringify(error.problem) + error.message).not.to.contain('notarealsecret');
  });

  it('the served contract has exactly the operations this SDK was generated from', async () => {
    const client = new VersoClient({ baseUrl: api.url });
    const document = await client.getOpenApiDocument();
    const served: string[] = [];
    for (const item of Object.values(document.paths) as Record<string, { operationId?: string }>[]) {
      for (const op of Object.values(item)) if (op && typeof op === 'object' && op.operationId) served.push(op.operationId);
    }
    expect(served.sort()).to.deep.equal(Object.keys(operationSpecs).sort());
  });

  it('reads the documentation viewer as text', async () => {
    const client = new VersoClient({ baseUrl: api.url });
    const html = await client.getApiDocsViewer();
    expect(html).to.be.a('string').and.match(/<html/i);
  });
});
