import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';

function expectProblem(res: { status: number; headers: Headers; body: any }, status: number, code: string, instance: string) {
  expect(res.status).to.equal(status);
  expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(res.body.type).to.equal(`https://verso.dev/errors/${code}`);
  expect(res.body.status).to.equal(status);
  expect(res.body.title).to.be.a('string').with.length.greaterThan(0);
  expect(res.body.instance).to.equal(instance);
  expect(res.body.traceId).to.match(/^[0-9a-f]{32}$/);
  expect(res.body.correlationId).to.equal(res.headers.get('x-correlation-id'));
  expect(res.body).to.have.property('detail');
}

describe('problem details', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ env: { Api__MaxRequestBodyBytes: '2048' } });
  });
  after(() => api.close());

  it('answers an unknown route with 404 not-found', async () => {
    expectProblem(await api.get('/api/v1/no-such-thing'), 404, 'not-found', '/api/v1/no-such-thing');
  });

  it('answers a known route with the wrong method with 405 and Allow', async () => {
    const res = await api.request('DELETE', '/health/ready');
    expectProblem(res, 405, 'method-not-allowed', '/health/ready');
    expect(res.headers.get('allow')).to.equal('GET, HEAD');
  });

  it('answers malformed JSON with 400 bad-request', async () => {
    const res = await api.request('POST', '/api/v1/auth/login', { rawBody: '{"a": ', headers: { 'content-type': 'application/json' } });
    expectProblem(res, 400, 'bad-request', '/api/v1/auth/login');
    expect(res.body.detail).to.match(/not valid JSON/);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await api.request('POST', '/api/v1/auth/login', {
      rawBody: JSON.stringify({ pad: 'x'.repeat(4096) }),
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 413, 'payload-too-large', '/api/v1/auth/login');
  });

  it('lists every schema violation of a request in errors', async () => {
    const res = await api.get('/swagger/assets/..%2Fpackage.json');
    expectProblem(res, 400, 'bad-request', '/swagger/assets/..%2Fpackage.json');
    expect(res.body.errors).to.have.property('path.asset').that.is.an('array').with.length.greaterThan(0);
  });

  it('answers a protected operation without credentials with 401 unauthenticated', async () => {
    expectProblem(await api.get('/api/v1/auth/me'), 401, 'unauthenticated', '/api/v1/auth/me');
  });

  it('answers an unexpected error with 500 and no internals', async () => {
    const failing = await startTestApi({
      overrides: {
        authenticator: {
          async authenticate() {
            throw new Error('secret-detail at /srv/verso/internal.ts:42');
          },
        },
      },
    });
    try {
      const res = await failing.get('/api/v1/auth/me');
      expectProblem(res, 500, 'internal-server-error', '/api/v1/auth/me');
      expect(res.text).not.to.include('secret-detail').and.not.include('internal.ts').and.not.include(' at ');
      const logged = failing.log.find((l) => l.message === 'unhandled error');
      expect(logged, 'the failure is logged for operators').not.to.equal(undefined);
      expect(logged!.correlationId).to.equal(res.body.correlationId);
    } finally {
      await failing.close();
    }
  });
});
