// Telemetry callbacks (item 36): onRetry, onTimeout and onCircuitStateChanged receive only the
// pipeline name, attempt, status, failure category and delay or state — never the URL, a body or
// the token — and a callback that throws or rejects never changes the call's outcome.
import { expect } from 'chai';
import { VersoApiError, VersoCircuitOpenError, VersoClient, VersoTimeoutError, type CircuitStateEvent, type RetryEvent, type TimeoutEvent, type VersoClientOptions } from '../../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from '../support/fake-http-server.js';

const TOKEN = 'verso_telemetry01_S3cretS3cretS3cret';
const failed = (p: Promise<unknown>) => p.then(
  () => undefined,
  (e: unknown) => e,
);

describe('SDK telemetry callbacks', () => {
  let server: FakeHttpServer;
  let retries: RetryEvent[];
  let timeouts: TimeoutEvent[];
  let circuit: CircuitStateEvent[];
  const recording = (extra: Partial<VersoClientOptions> = {}): VersoClientOptions => ({
    baseUrl: server.url,
    token: TOKEN,
    pipelineName: 'site-delivery',
    retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 5 },
    onRetry: (e) => void retries.push(e),
    onTimeout: (e) => void timeouts.push(e),
    onCircuitStateChanged: (e) => void circuit.push(e),
    ...extra,
  });

  beforeEach(async () => {
    server = await startFakeHttpServer();
    retries = [];
    timeouts = [];
    circuit = [];
  });
  afterEach(async () => {
    await server.close();
  });

  function expectNothingSensitive(events: object[]): void {
    const text = JSON.stringify(events);
    expect(text).not.to.include(TOKEN);
    expect(text).not.to.include('127.0.0.1');
    expect(text).not.to.include('/health');
    expect(text).not.to.include('secret-body');
  }

  it('onRetry: one event per retry with the failed attempt, its status, the category and the wait', async () => {
    server.script({ status: 503, headers: { 'retry-after': '0' }, body: { title: 'secret-body' } }, { drop: true });
    server.fallback = { status: 200, body: {} };
    const client = new VersoClient(recording());
    expect(await client.getHealthLive()).to.deep.equal({});
    expect(retries).to.have.length(2);
    expect(retries[0]).to.deep.equal({ pipeline: 'site-delivery', attempt: 1, status: 503, failure: 'status', delayMs: 0 });
    expect(Object.keys(retries[1]!).sort()).to.deep.equal(['attempt', 'delayMs', 'failure', 'pipeline']);
    expect(retries[1]).to.include({ pipeline: 'site-delivery', attempt: 2, failure: 'network' });
    expect(retries[1]!.delayMs).to.be.within(1, 5);
    expect(Object.isFrozen(retries[0])).to.equal(true);
    expectNothingSensitive(retries);
  });

  it('onTimeout: every per-attempt timeout (retried or final) and the call\'s deadline', async () => {
    server.fallback = { status: 200, body: {}, delayMs: 400 };
    const client = new VersoClient(recording({ attemptTimeoutMs: 40, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } }));
    const error = (await failed(client.getHealthLive())) as VersoTimeoutError;
    expect(error).to.be.instanceOf(VersoTimeoutError);
    expect(error.scope).to.equal('attempt');
    expect(timeouts).to.deep.equal([
      { pipeline: 'site-delivery', attempt: 1, failure: 'attempt-timeout' },
      { pipeline: 'site-delivery', attempt: 2, failure: 'attempt-timeout' },
    ]);
    expect(retries).to.have.length(1);
    expect(retries[0]).to.include({ attempt: 1, failure: 'attempt-timeout' });

    timeouts = [];
    const bounded = new VersoClient(recording({ timeoutMs: 60 }));
    const deadline = (await failed(bounded.getHealthLive())) as VersoTimeoutError;
    expect(deadline.scope).to.equal('deadline');
    expect(timeouts).to.deep.equal([{ pipeline: 'site-delivery', attempt: 1, failure: 'deadline' }]);
    expectNothingSensitive(timeouts);
  });

  it('caller cancellation is no timeout', async () => {
    server.fallback = { status: 200, body: {}, delayMs: 300 };
    const client = new VersoClient(recording());
    const error = (await failed(client.getHealthLive(undefined, { signal: AbortSignal.timeout(30) }))) as Error;
    expect(error.name).to.equal('TimeoutError');
    expect(timeouts).to.deep.equal([]);
    expect(retries).to.deep.equal([]);
  });

  it('onCircuitStateChanged: closed → open (with the failure that opened it and the break), → half-open, → closed', async () => {
    let now = 0;
    server.fallback = { status: 503 };
    const client = new VersoClient(recording({ retry: false, now: () => now, circuitBreaker: { minimumThroughput: 2, breakDurationMs: 1_000 } }));
    await failed(client.getHealthLive());
    await failed(client.getHealthLive());
    expect(await failed(client.getHealthLive())).to.be.instanceOf(VersoCircuitOpenError);
    now += 1_000;
    server.fallback = { status: 200, body: {} };
    await client.getHealthLive();
    expect(circuit).to.deep.equal([
      { pipeline: 'site-delivery', state: 'open', previousState: 'closed', attempt: 1, status: 503, failure: 'status', delayMs: 1_000 },
      { pipeline: 'site-delivery', state: 'half-open', previousState: 'open' },
      { pipeline: 'site-delivery', state: 'closed', previousState: 'half-open' },
    ]);
    expectNothingSensitive(circuit);
  });

  it('callbacks that throw or reject change nothing: same results, attempts and circuit as without them', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const run = async (options: Partial<VersoClientOptions>) => {
        server.requests.length = 0;
        server.script({ status: 503 }, { status: 200, body: { ok: 1 } }, { status: 503 }, { status: 503 });
        const client = new VersoClient({ baseUrl: server.url, retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 }, circuitBreaker: { minimumThroughput: 4 }, ...options });
        const first = await client.call('getHealthLive');
        const second = (await failed(client.getHealthLive())) as VersoApiError;
        const third = await failed(client.getHealthLive());
        return { data: first.data, attempts: first.attempts, second: second.status, third: (third as Error).name, requests: server.requests.length, state: client.circuitState };
      };
      const plain = await run({});
      const throwing = await run({
        onRetry: () => {
          throw new Error('retry hook broke');
        },
        onTimeout: () => {
          throw new Error('timeout hook broke');
        },
        onCircuitStateChanged: () => {
          throw new Error('circuit hook broke');
        },
      });
      const rejecting = await run({
        onRetry: () => Promise.reject(new Error('retry hook rejected')),
        onCircuitStateChanged: async () => {
          throw new Error('circuit hook rejected');
        },
      });
      expect(plain).to.deep.equal({ data: { ok: 1 }, attempts: 2, second: 503, third: 'VersoCircuitOpenError', requests: 4, state: 'open' });
      expect(throwing).to.deep.equal(plain);
      expect(rejecting).to.deep.equal(plain);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a factory\'s pipeline name and circuit callback serve all its clients', async () => {
    const { createVersoClientFactory } = await import('../../src/index.js');
    server.fallback = { status: 503 };
    const factory = createVersoClientFactory({ baseUrl: server.url, retry: false, pipelineName: 'admin', circuitBreaker: { minimumThroughput: 2 }, onCircuitStateChanged: (e) => void circuit.push(e) });
    await failed(factory.create({ token: 'a' }).getHealthLive());
    await failed(factory.create({ token: 'b' }).getHealthLive());
    expect(circuit).to.have.length(1);
    expect(circuit[0]).to.include({ pipeline: 'admin', state: 'open', attempt: 1, status: 503 });
  });
});
