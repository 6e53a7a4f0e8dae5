// The circuit breaker (item 16): a failure ratio over a sliding sampling window, judged once the
// window holds the minimum throughput; open = fail fast with VersoCircuitOpenError and nothing sent;
// after the break one probe (half-open) closes or re-opens it. One breaker is shared by every
// client of one factory, which is what makes it work for apps that build a client per request.
import { expect } from 'chai';
import { createVersoClientFactory, DEFAULT_CIRCUIT_BREAKER_SETTINGS, VersoApiError, VersoCircuitBreaker, VersoCircuitOpenError, VersoClient } from '../../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from '../support/fake-http-server.js';

const failed = (p: Promise<unknown>) => p.then(
  () => undefined,
  (e: unknown) => e,
);

describe('SDK circuit breaker', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('has upstream\'s defaults (0.5 / 5 / 30 s / 30 s): five failed calls open it, four do not', async () => {
    expect(new VersoCircuitBreaker().settings).to.deep.equal({ failureRatio: 0.5, minimumThroughput: 5, samplingDurationMs: 30_000, breakDurationMs: 30_000 });
    expect(DEFAULT_CIRCUIT_BREAKER_SETTINGS.breakDurationMs).to.equal(30_000);
    server.fallback = { status: 503 };
    const client = new VersoClient({ baseUrl: server.url, retry: false });
    for (let i = 0; i < 4; i += 1) expect(await failed(client.getHealthLive())).to.be.instanceOf(VersoApiError);
    expect(client.circuitState).to.equal('closed');
    expect(await failed(client.getHealthLive())).to.be.instanceOf(VersoApiError);
    expect(client.circuitState).to.equal('open');
    const rejected = (await failed(client.getHealthLive())) as VersoCircuitOpenError;
    expect(rejected).to.be.instanceOf(VersoCircuitOpenError);
    expect(rejected.retryAfterMs).to.be.within(29_000, 30_000);
    expect(server.requests).to.have.length(5);
  });

  it('opens at the failure ratio once the minimum throughput is reached, fails fast, probes after the break and closes', async () => {
    let now = 1_000_000;
    server.script({ status: 200, body: {} }, { status: 503 }, { status: 200, body: {} });
    server.fallback = { status: 503 };
    const client = new VersoClient({
      baseUrl: server.url,
      retry: false,
      circuitBreaker: { failureRatio: 0.5, minimumThroughput: 4, samplingDurationMs: 10_000, breakDurationMs: 10_000 },
      now: () => now,
    });
    await client.getHealthLive();
    await failed(client.getHealthLive());
    await client.getHealthLive();
    // Three attempts, one failed: below the minimum throughput, and below the ratio anyway.
    expect(client.circuitState).to.equal('closed');
    expect(await failed(client.getHealthLive())).to.be.instanceOf(VersoApiError);
    // Four attempts, two failed: 0.5 >= 0.5.
    expect(client.circuitState).to.equal('open');

    const rejected = (await failed(client.getHealthLive())) as VersoCircuitOpenError;
    expect(rejected).to.be.instanceOf(VersoCircuitOpenError);
    expect(rejected.retryAfterMs).to.equal(10_000);
    expect(server.requests).to.have.length(4);

    now += 9_999;
    expect(await failed(client.getHealthLive())).to.be.instanceOf(VersoCircuitOpenError);
    now += 1;
    expect(client.circuitState).to.equal('half-open');
    server.fallback = { status: 200, body: { status: 'Healthy' } };
    expect(await client.getHealthLive()).to.deep.equal({ status: 'Healthy' });
    expect(client.circuitState).to.equal('closed');
    expect(server.requests).to.have.length(5);
  });

  it('while open, fetch is not called at all', async () => {
    server.fallback = { status: 503 };
    let fetches = 0;
    const counting: typeof fetch = (input, init) => {
      fetches += 1;
      return fetch(input, init);
    };
    const client = new VersoClient({ baseUrl: server.url, retry: false, fetch: counting, circuitBreaker: { minimumThroughput: 2 } });
    await failed(client.getHealthLive());
    await failed(client.getHealthLive());
    expect(fetches).to.equal(2);
    for (let i = 0; i < 3; i += 1) expect(await failed(client.call('getHealthReady'))).to.be.instanceOf(VersoCircuitOpenError);
    expect(await failed(client.send({ method: 'GET', path: '/health/live' }))).to.be.instanceOf(VersoCircuitOpenError);
    expect(fetches).to.equal(2);
  });

  it('does not open below the minimum throughput, however many of the attempts failed', async () => {
    server.fallback = { status: 503 };
    const client = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: { minimumThroughput: 4, failureRatio: 0.1 } });
    for (let i = 0; i < 3; i += 1) await failed(client.getHealthLive());
    expect(client.circuitState).to.equal('closed');
    expect(server.requests).to.have.length(3);
  });

  it('does not open below the failure ratio; non-transient answers (404) count as successes', async () => {
    server.script({ status: 503 }, { status: 404 }, { status: 404 }, { status: 503 }, { status: 404 }, { status: 200, body: {} });
    const client = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: { minimumThroughput: 2, failureRatio: 0.6 } });
    for (let i = 0; i < 6; i += 1) await failed(client.getHealthLive());
    // At most half of the attempts seen at any failure failed: 0.5 < 0.6 (and 404s are no failures).
    expect(client.circuitState).to.equal('closed');
  });

  it('forgets outcomes older than the sampling window', async () => {
    let now = 0;
    server.fallback = { drop: true };
    const client = new VersoClient({
      baseUrl: server.url,
      retry: false,
      circuitBreaker: { minimumThroughput: 4, failureRatio: 1, samplingDurationMs: 10_000 },
      now: () => now,
    });
    for (let i = 0; i < 3; i += 1) await failed(client.getHealthLive());
    now += 10_001;
    await failed(client.getHealthLive());
    // Four network failures in a row, but only one of them inside the window.
    expect(client.circuitState).to.equal('closed');
    for (let i = 0; i < 3; i += 1) await failed(client.getHealthLive());
    expect(client.circuitState).to.equal('open');
  });

  it('a failed probe opens the circuit for another break', async () => {
    let now = 0;
    server.fallback = { drop: true };
    const client = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: { minimumThroughput: 2, breakDurationMs: 500 }, now: () => now });
    await failed(client.getHealthLive());
    await failed(client.getHealthLive());
    expect(client.circuitState).to.equal('open');
    now += 500;
    await failed(client.getHealthLive());
    expect(server.requests).to.have.length(3);
    expect(client.circuitState).to.equal('open');
    expect(await failed(client.getHealthLive())).to.be.instanceOf(VersoCircuitOpenError);
    expect(server.requests).to.have.length(3);
  });

  it('stops retrying within a call once the circuit opens and surfaces the last answer', async () => {
    server.fallback = { status: 503, body: { title: 'down', status: 503 } };
    const client = new VersoClient({ baseUrl: server.url, retry: { maxAttempts: 5, baseDelayMs: 1 }, circuitBreaker: { minimumThroughput: 2, breakDurationMs: 60_000 } });
    const error = (await failed(client.getHealthLive())) as VersoApiError;
    expect(error.status).to.equal(503);
    expect(server.requests).to.have.length(2);
  });

  it('rejects fast without asking the token provider, and a throwing provider sends nothing and counts nothing', async () => {
    server.fallback = { status: 503 };
    let tokens = 0;
    const client = new VersoClient({ baseUrl: server.url, retry: false, token: () => `t${++tokens}`, circuitBreaker: { minimumThroughput: 1, breakDurationMs: 60_000 } });
    await failed(client.getHealthLive());
    expect(await failed(client.getHealthLive())).to.be.instanceOf(VersoCircuitOpenError);
    expect(tokens).to.equal(1);

    const failing = new Error('identity provider down');
    const other = new VersoClient({
      baseUrl: server.url,
      circuitBreaker: { minimumThroughput: 1 },
      token: () => {
        throw failing;
      },
    });
    expect(await failed(other.getHealthLive())).to.equal(failing);
    expect(server.requests).to.have.length(1);
    expect(other.circuitState).to.equal('closed');
  });

  it('lets only one probe through while half-open', () => {
    let now = 0;
    const breaker = new VersoCircuitBreaker({ minimumThroughput: 1, breakDurationMs: 100 }, { now: () => now });
    breaker.recordFailure({ attempt: 1, failure: 'network' });
    expect(breaker.state).to.equal('open');
    expect(breaker.tryAcquire()).to.equal(false);
    now = 100;
    expect(breaker.tryAcquire()).to.equal(true);
    expect(breaker.tryAcquire()).to.equal(false);
    breaker.release();
    expect(breaker.tryAcquire()).to.equal(true);
    breaker.recordSuccess();
    expect(breaker.state).to.equal('closed');
  });

  it('refuses settings it does not know (the retired failureThreshold) and out-of-range ones', () => {
    expect(() => new VersoClient({ baseUrl: server.url, circuitBreaker: { failureThreshold: 5 } as never })).to.throw(TypeError, /failureThreshold/);
    expect(() => new VersoCircuitBreaker({ failureRatio: 0 })).to.throw(RangeError, /failureRatio/);
    expect(() => new VersoCircuitBreaker({ failureRatio: 1.5 })).to.throw(RangeError, /failureRatio/);
    expect(() => new VersoCircuitBreaker({ minimumThroughput: 0 })).to.throw(RangeError, /minimumThroughput/);
    expect(() => new VersoCircuitBreaker({ samplingDurationMs: 0 })).to.throw(RangeError, /samplingDurationMs/);
  });

  it('two clients built on their own have separate circuits', async () => {
    server.fallback = { status: 503 };
    const failing = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: { minimumThroughput: 1, breakDurationMs: 60_000 } });
    const other = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: { minimumThroughput: 1, breakDurationMs: 60_000 } });
    await failed(failing.getHealthLive());
    expect(failing.circuitState).to.equal('open');
    expect(other.circuitState).to.equal('closed');
  });

  it('clients of one factory share one circuit: failures across per-request clients open it for all', async () => {
    server.fallback = { status: 503 };
    const factory = createVersoClientFactory({ baseUrl: server.url, retry: false, circuitBreaker: { minimumThroughput: 3, breakDurationMs: 60_000 } });
    // A client per "request", each with its own user's token, each failing once.
    for (const user of ['ann', 'bob', 'cy']) {
      const perRequest = factory.create({ token: `token-${user}` });
      expect(await failed(perRequest.getHealthLive())).to.be.instanceOf(VersoApiError);
    }
    expect(factory.circuit?.state).to.equal('open');
    const next = factory.create({ token: 'token-dee' });
    expect(next.circuitState).to.equal('open');
    expect(await failed(next.getHealthLive())).to.be.instanceOf(VersoCircuitOpenError);
    expect(server.requests).to.have.length(3);
    expect(server.requests.map((r) => r.headers.authorization)).to.deep.equal(['Bearer token-ann', 'Bearer token-bob', 'Bearer token-cy']);
    // A client made outside the factory is not affected.
    const outsider = new VersoClient({ baseUrl: server.url, retry: false });
    server.fallback = { status: 200, body: {} };
    expect(await outsider.getHealthLive()).to.deep.equal({});
  });

  it('a factory fixes the shared options at creation; per-client options are only who is calling', async () => {
    server.fallback = { status: 503 };
    const shared = { baseUrl: server.url, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 }, headers: { 'User-Agent': 'site/1' }, circuitBreaker: false as const };
    const factory = createVersoClientFactory(shared);
    shared.retry.maxAttempts = 5;
    shared.headers['User-Agent'] = 'changed';
    const client = factory.create({ token: 'a', headers: { 'X-Forwarded-For': '203.0.113.9' } });
    await failed(client.getHealthLive());
    expect(server.requests).to.have.length(2);
    expect(server.requests[0]!.headers['user-agent']).to.equal('site/1');
    expect(server.requests[0]!.headers['x-forwarded-for']).to.equal('203.0.113.9');
    expect(factory.circuit).to.equal(null);
    expect(client.options.maxAttempts).to.equal(2);
  });

  it('a VersoCircuitBreaker passed as the option is shared by the clients given it', async () => {
    server.fallback = { status: 503 };
    const circuit = new VersoCircuitBreaker({ minimumThroughput: 2 });
    const a = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: circuit });
    const b = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: circuit });
    await failed(a.getHealthLive());
    await failed(b.getHealthLive());
    expect(a.circuitState).to.equal('open');
    expect(await failed(b.getHealthLive())).to.be.instanceOf(VersoCircuitOpenError);
    expect(a.options.circuitBreaker).to.deep.equal(circuit.settings);
  });
});
