// Caller cancellation and the overall deadline: an abort ends the call at once with the caller's
// reason and is never retried; the SDK's own deadline ends it with VersoTimeoutError.
import { expect } from 'chai';
import { VersoClient, VersoTimeoutError, type ObservedResponse } from '../../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from '../support/fake-http-server.js';

describe('SDK cancellation and deadline', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('an abort during backoff ends the call at once, without another attempt, with the caller\'s reason', async () => {
    server.script({ status: 503, headers: { 'retry-after': '5' } }, { status: 200, body: {} });
    const client = new VersoClient({ baseUrl: server.url });
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    setTimeout(() => controller.abort(reason), 100);
    const started = performance.now();
    const error = await client.getHealthLive(undefined, { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).to.equal(reason);
    expect(performance.now() - started).to.be.below(1000);
    await new Promise((r) => setTimeout(r, 100));
    expect(server.requests).to.have.length(1);
  });

  it('an abort during an attempt is not retried and keeps the caller\'s reason', async () => {
    server.fallback = { delayMs: 1000, status: 200, body: {} };
    const client = new VersoClient({ baseUrl: server.url, retry: { baseDelayMs: 1 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await client.getHealthLive(undefined, { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).to.equal('AbortError');
    expect(server.requests).to.have.length(1);
  });

  it('an already-aborted signal sends nothing and asks no token', async () => {
    let tokens = 0;
    const client = new VersoClient({ baseUrl: server.url, token: () => `t${++tokens}` });
    const error = await client.getHealthLive(undefined, { signal: AbortSignal.abort(new Error('stop')) }).catch((e: unknown) => e);
    expect((error as Error).message).to.equal('stop');
    expect(server.requests).to.have.length(0);
    expect(tokens).to.equal(0);
  });

  it('caller aborts do not count towards the circuit breaker', async () => {
    server.fallback = { delayMs: 500, status: 200, body: {} };
    // Four aborted calls would be a 100% failure ratio over the minimum throughput, if they counted.
    const client = new VersoClient({ baseUrl: server.url, circuitBreaker: { failureRatio: 0.5, minimumThroughput: 2, breakDurationMs: 60_000 } });
    for (let i = 0; i < 4; i += 1) {
      await client.getHealthLive(undefined, { signal: AbortSignal.timeout(20) }).catch(() => undefined);
    }
    expect(client.circuitState).to.equal('closed');
  });

  it('the overall deadline ends a slow call with VersoTimeoutError carrying the budget', async () => {
    server.fallback = { delayMs: 2000, status: 200, body: {} };
    const client = new VersoClient({ baseUrl: server.url, timeoutMs: 150 });
    const started = performance.now();
    const error = (await client.getHealthLive().catch((e: unknown) => e)) as VersoTimeoutError;
    expect(error).to.be.instanceOf(VersoTimeoutError);
    expect(error.scope).to.equal('deadline');
    expect(error.timeoutMs).to.equal(150);
    expect(performance.now() - started).to.be.within(140, 800);
    expect(server.requests).to.have.length(1);
  });

  it('the deadline covers retries and waits, and a per-call timeoutMs overrides the client\'s', async () => {
    server.fallback = { status: 503 };
    const client = new VersoClient({ baseUrl: server.url, timeoutMs: 60_000, retry: { maxAttempts: 50, baseDelayMs: 40, maxDelayMs: 40 }, circuitBreaker: false });
    const error = await client.getHealthLive(undefined, { timeoutMs: 300 }).catch((e: unknown) => e);
    // Either the deadline fired mid-wait, or the next wait no longer fitted and the 503 surfaced.
    expect(error).to.satisfy((e: unknown) => e instanceof VersoTimeoutError || (e as { status?: number }).status === 503);
    expect(server.requests.length).to.be.within(3, 12);
  });

  it('timeoutMs 0 fails with VersoTimeoutError without sending', async () => {
    const client = new VersoClient({ baseUrl: server.url, timeoutMs: 0 });
    const error = await client.getHealthLive().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(VersoTimeoutError);
    expect(server.requests).to.have.length(0);
  });

  it('the token provider receives a signal that aborts with the call', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const client = new VersoClient({
      baseUrl: server.url,
      token: ({ signal }) => {
        seen = signal;
        return 't';
      },
    });
    await client.getHealthLive(undefined, { signal: controller.signal });
    expect(seen!.aborted).to.equal(false);
    controller.abort();
    expect(seen!.aborted).to.equal(true);
  });

  it('a response that arrives after the caller aborted is observed once and discarded', async () => {
    server.fallback = { status: 200, body: {} };
    const observed: ObservedResponse[] = [];
    const controller = new AbortController();
    const client = new VersoClient({
      baseUrl: server.url,
      onResponse: (r) => {
        observed.push(r);
        // The caller gives up exactly as the response arrives.
        controller.abort(new Error('too late'));
      },
    });
    const error = await client.getHealthLive(undefined, { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).message).to.equal('too late');
    expect(observed).to.have.length(1);
    expect(server.requests).to.have.length(1);
  });
});
