// The circuit breaker: opens after N consecutive transient failures, rejects fast without sending
// while open, lets one trial through after the pause and closes on its success.
import { expect } from 'chai';
import { VersoApiError, VersoCircuitOpenError, VersoClient } from '../../src/index.js';
import { CircuitBreaker } from '../../src/transport/circuit-breaker.js';
import { startFakeHttpServer, type FakeHttpServer } from '../support/fake-http-server.js';

describe('SDK circuit breaker', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('opens after N consecutive transient failures, rejects fast, half-opens after the pause and closes on success', async () => {
    let now = 1_000_000;
    server.fallback = { status: 503 };
    const client = new VersoClient({
      baseUrl: server.url,
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
      circuitBreaker: { failureThreshold: 4, breakDurationMs: 10_000 },
      now: () => now,
    });

    // Two calls of two attempts each: four consecutive 503s.
    for (let i = 0; i < 2; i += 1) expect(await client.getHealthLive().catch((e: unknown) => e)).to.be.instanceOf(VersoApiError);
    expect(server.requests).to.have.length(4);
    expect(client.circuitState).to.equal('open');

    const rejected = (await client.getHealthLive().catch((e: unknown) => e)) as VersoCircuitOpenError;
    expect(rejected).to.be.instanceOf(VersoCircuitOpenError);
    expect(rejected.retryAfterMs).to.equal(10_000);
    expect(server.requests).to.have.length(4);

    now += 10_000;
    expect(client.circuitState).to.equal('half-open');
    server.fallback = { status: 200, body: { status: 'Healthy' } };
    expect(await client.getHealthLive()).to.deep.equal({ status: 'Healthy' });
    expect(client.circuitState).to.equal('closed');
    expect(server.requests).to.have.length(5);
  });

  it('a failed half-open trial opens the circuit for another pause', async () => {
    let now = 0;
    server.fallback = { drop: true };
    const client = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: { failureThreshold: 2, breakDurationMs: 500 }, now: () => now });
    await client.getHealthLive().catch(() => undefined);
    await client.getHealthLive().catch(() => undefined);
    expect(client.circuitState).to.equal('open');
    now += 500;
    await client.getHealthLive().catch(() => undefined);
    expect(server.requests).to.have.length(3);
    expect(client.circuitState).to.equal('open');
    expect(await client.getHealthLive().catch((e: unknown) => e)).to.be.instanceOf(VersoCircuitOpenError);
    expect(server.requests).to.have.length(3);
  });

  it('a non-transient answer (404) resets the count of consecutive failures', async () => {
    server.script({ status: 503 }, { status: 404 }, { status: 503 });
    const client = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: { failureThreshold: 2, breakDurationMs: 60_000 } });
    for (let i = 0; i < 3; i += 1) await client.getHealthLive().catch(() => undefined);
    expect(client.circuitState).to.equal('closed');
  });

  it('stops retrying within a call once the circuit opens and surfaces the last answer', async () => {
    server.fallback = { status: 503, body: { title: 'down', status: 503 } };
    const client = new VersoClient({ baseUrl: server.url, retry: { maxAttempts: 5, baseDelayMs: 1 }, circuitBreaker: { failureThreshold: 2, breakDurationMs: 60_000 } });
    const error = (await client.getHealthLive().catch((e: unknown) => e)) as VersoApiError;
    expect(error.status).to.equal(503);
    expect(server.requests).to.have.length(2);
  });

  it('rejects fast without asking the token provider, and a throwing provider sends nothing', async () => {
    server.fallback = { status: 503 };
    let tokens = 0;
    const client = new VersoClient({ baseUrl: server.url, retry: false, token: () => `t${++tokens}`, circuitBreaker: { failureThreshold: 1, breakDurationMs: 60_000 } });
    await client.getHealthLive().catch(() => undefined);
    expect(await client.getHealthLive().catch((e: unknown) => e)).to.be.instanceOf(VersoCircuitOpenError);
    expect(tokens).to.equal(1);

    const failing = new Error('identity provider down');
    const other = new VersoClient({
      baseUrl: server.url,
      token: () => {
        throw failing;
      },
    });
    expect(await other.getHealthLive().catch((e: unknown) => e)).to.equal(failing);
    expect(server.requests).to.have.length(1);
    expect(other.circuitState).to.equal('closed');
  });

  it('lets only one trial through while half-open', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 1, breakDurationMs: 100 }, () => now);
    breaker.recordFailure();
    expect(breaker.tryAcquire()).to.equal(false);
    now = 100;
    expect(breaker.tryAcquire()).to.equal(true);
    expect(breaker.tryAcquire()).to.equal(false);
    breaker.release();
    expect(breaker.tryAcquire()).to.equal(true);
    breaker.recordSuccess();
    expect(breaker.state).to.equal('closed');
  });

  it('two clients have separate circuits', async () => {
    server.fallback = { status: 503 };
    const failing = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: { failureThreshold: 1, breakDurationMs: 60_000 } });
    const other = new VersoClient({ baseUrl: server.url, retry: false, circuitBreaker: { failureThreshold: 1, breakDurationMs: 60_000 } });
    await failing.getHealthLive().catch(() => undefined);
    expect(failing.circuitState).to.equal('open');
    expect(other.circuitState).to.equal('closed');
  });
});
