// Which requests are retried, on what, and how each attempt is built.
import { expect } from 'chai';
import { VersoApiError, VersoClient, VersoTimeoutError } from '../../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from '../support/fake-http-server.js';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('SDK retries (GET/HEAD/OPTIONS only, on transient failures)', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const fastRetries = { baseDelayMs: 5, maxDelayMs: 20 };

  it('503, 503, 200 on GET succeeds with three attempts, each with a fresh token and correlation id', async () => {
    server.script({ status: 503 }, { status: 503 }, { status: 200, body: { status: 'Healthy' } });
    let calls = 0;
    const client = new VersoClient({ baseUrl: server.url, retry: fastRetries, token: async () => `token-${++calls}` });

    const live = await client.getHealthLive();

    expect(live).to.deep.equal({ status: 'Healthy' });
    expect(calls).to.equal(3);
    expect(server.requests.map((r) => r.headers.authorization)).to.deep.equal(['Bearer token-1', 'Bearer token-2', 'Bearer token-3']);
    const ids = server.requests.map((r) => r.headers['x-correlation-id']);
    expect(new Set(ids).size).to.equal(3);
    for (const id of ids) expect(id).to.match(GUID);
    expect(server.requests.every((r) => r.headers.accept === 'application/json, application/problem+json')).to.equal(true);
  });

  for (const status of [408, 429, 500, 502, 503, 504]) {
    it(`retries a GET answered ${status}`, async () => {
      server.script({ status }, { status: 200, body: { status: 'Healthy' } });
      const client = new VersoClient({ baseUrl: server.url, retry: fastRetries });
      expect(await client.getHealthLive()).to.deep.equal({ status: 'Healthy' });
      expect(server.requests).to.have.length(2);
    });
  }

  for (const status of [400, 401, 403, 404, 409, 412, 422, 501, 505]) {
    it(`does not retry a GET answered ${status}`, async () => {
      server.script({ status, body: { type: 'https://verso.dev/errors/x', title: 'no', status } });
      const client = new VersoClient({ baseUrl: server.url, retry: fastRetries });
      const error = await client.getHealthLive().then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(VersoApiError);
      expect((error as VersoApiError).status).to.equal(status);
      expect(server.requests).to.have.length(1);
    });
  }

  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
    it(`never replays a ${method}, even with If-Match, on 503`, async () => {
      server.fallback = { status: 503, body: { title: 'down', status: 503 } };
      const client = new VersoClient({ baseUrl: server.url, retry: fastRetries });
      const error = await client.send({ method, path: '/api/v1/things/1', json: { a: 1 } }, { ifMatch: '"v1"' }).catch((e: unknown) => e);
      expect((error as VersoApiError).status).to.equal(503);
      expect(server.requests).to.have.length(1);
      expect(server.requests[0]!.headers['if-match']).to.equal('"v1"');
      expect(server.requests[0]!.body).to.equal('{"a":1}');
    });
  }

  it('never replays an upload (multipart) nor a caller-owned stream', async () => {
    server.fallback = { status: 503 };
    const client = new VersoClient({ baseUrl: server.url, retry: fastRetries });
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.txt');
    await client.send({ method: 'POST', path: '/upload', body: form }).catch(() => undefined);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('streamed'));
        c.close();
      },
    });
    await client.send({ method: 'PUT', path: '/upload', body: stream }).catch(() => undefined);
    expect(server.requests.map((r) => r.method)).to.deep.equal(['POST', 'PUT']);
    expect(server.requests[0]!.body).to.contain('hello');
    expect(server.requests[1]!.body).to.equal('streamed');
  });

  it('retries a network failure on GET, and not on POST', async () => {
    server.script({ drop: true }, { status: 200, body: { status: 'Healthy' } });
    const client = new VersoClient({ baseUrl: server.url, retry: fastRetries });
    expect(await client.getHealthLive()).to.deep.equal({ status: 'Healthy' });
    expect(server.requests).to.have.length(2);

    server.script({ drop: true }, { status: 200 });
    const error = await client.send({ method: 'POST', path: '/x', json: {} }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TypeError); // fetch's network failure surfaces unchanged
    expect(server.requests).to.have.length(3);
  });

  it('retries an attempt that hit the per-attempt timeout (not caused by the caller)', async () => {
    server.script({ delayMs: 400, status: 200, body: { status: 'Degraded' } }, { status: 200, body: { status: 'Healthy' } });
    const client = new VersoClient({ baseUrl: server.url, retry: fastRetries, attemptTimeoutMs: 100 });
    expect(await client.getHealthLive()).to.deep.equal({ status: 'Healthy' });
    expect(server.requests).to.have.length(2);
  });

  it('surfaces a per-attempt timeout on the last attempt as VersoTimeoutError (scope attempt)', async () => {
    server.fallback = { delayMs: 300, status: 200, body: {} };
    const client = new VersoClient({ baseUrl: server.url, retry: { ...fastRetries, maxAttempts: 2 }, attemptTimeoutMs: 50 });
    const error = await client.getHealthLive().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(VersoTimeoutError);
    expect((error as VersoTimeoutError).scope).to.equal('attempt');
    expect(server.requests).to.have.length(2);
  });

  it('stops after maxAttempts and maps the final response to VersoApiError', async () => {
    server.fallback = { status: 503, body: { type: 'https://verso.dev/errors/unavailable', title: 'Unavailable', status: 503, traceId: 't' } };
    const client = new VersoClient({ baseUrl: server.url, retry: { ...fastRetries, maxAttempts: 4 }, circuitBreaker: false });
    const error = (await client.getHealthLive().catch((e: unknown) => e)) as VersoApiError;
    expect(error).to.be.instanceOf(VersoApiError);
    expect(error.status).to.equal(503);
    expect(error.correlationId).to.equal(server.requests[3]!.headers['x-correlation-id']);
    expect(server.requests).to.have.length(4);
  });

  it('makes exactly one attempt when retries are disabled', async () => {
    server.fallback = { status: 503 };
    const client = new VersoClient({ baseUrl: server.url, retry: false });
    await client.getHealthLive().catch(() => undefined);
    expect(server.requests).to.have.length(1);
  });

  it('backs off exponentially with jitter between attempts', async () => {
    server.script({ status: 503 }, { status: 503 }, { status: 200, body: {} });
    const client = new VersoClient({ baseUrl: server.url, retry: { baseDelayMs: 100, maxDelayMs: 1000 }, random: () => 0 });
    await client.getHealthLive();
    const [a, b, c] = server.requests.map((r) => r.at);
    // random() = 0 picks the bottom of each jitter range: 50 ms, then 100 ms.
    expect(b! - a!).to.be.within(45, 90);
    expect(c! - b!).to.be.within(95, 150);
  });

  it('sends no Authorization header when the token is blank, and a verso_ token verbatim', async () => {
    const blank = new VersoClient({ baseUrl: server.url, token: '  ' });
    await blank.getHealthLive();
    expect(server.requests[0]!.headers.authorization).to.equal(undefined);
    const token = 'verso_0190c0de_s3cr3t+/=';
    const client = new VersoClient({ baseUrl: server.url, token });
    await client.getHealthLive();
    expect(server.requests[1]!.headers.authorization).to.equal(`Bearer ${token}`);
  });
});
