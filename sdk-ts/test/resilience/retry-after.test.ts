// Retry-After as delta seconds or HTTP-date decides the wait exactly; without it, backoff.
import { expect } from 'chai';
import { VersoApiError, VersoClient } from '../../src/index.js';
import { parseRetryAfter } from '../../src/transport/retry-after.js';
import { startFakeHttpServer, type FakeHttpServer } from '../support/fake-http-server.js';

describe('SDK Retry-After', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const gap = () => server.requests[1]!.at - server.requests[0]!.at;

  it('Retry-After: 2 waits about 2 s before the retry', async function () {
    this.timeout(10_000);
    server.script({ status: 429, headers: { 'retry-after': '2' } }, { status: 200, body: { status: 'Healthy' } });
    const client = new VersoClient({ baseUrl: server.url });
    expect(await client.getHealthLive()).to.deep.equal({ status: 'Healthy' });
    expect(gap()).to.be.within(1950, 2600);
  });

  it('an HTTP-date in the past retries at once', async () => {
    server.script({ status: 503, headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } }, { status: 200, body: {} });
    const client = new VersoClient({ baseUrl: server.url, retry: { baseDelayMs: 5000 } });
    await client.getHealthLive();
    expect(gap()).to.be.below(200);
  });

  it('an HTTP-date in the future waits until then, measured on the injected clock', async () => {
    const now = Date.parse('Mon, 23 Nov 2026 08:00:00 GMT');
    server.script({ status: 503, headers: { 'retry-after': 'Mon, 23 Nov 2026 08:00:01 GMT' } }, { status: 200, body: {} });
    const client = new VersoClient({ baseUrl: server.url, now: () => now });
    await client.getHealthLive();
    expect(gap()).to.be.within(950, 1500);
  });

  it('an unreadable Retry-After falls back to backoff', async () => {
    server.script({ status: 503, headers: { 'retry-after': 'soon' } }, { status: 200, body: {} });
    const client = new VersoClient({ baseUrl: server.url, retry: { baseDelayMs: 40 }, random: () => 0 });
    await client.getHealthLive();
    expect(gap()).to.be.within(15, 200);
  });

  it('caps a long Retry-After at maxDelayMs', async () => {
    server.script({ status: 503, headers: { 'retry-after': '3600' } }, { status: 200, body: {} });
    const client = new VersoClient({ baseUrl: server.url, retry: { maxDelayMs: 100 } });
    await client.getHealthLive();
    expect(gap()).to.be.within(90, 400);
  });

  it('returns the answer at once when the wait would outlast the deadline', async () => {
    server.script({ status: 503, headers: { 'retry-after': '5' }, body: { title: 'busy', status: 503 } });
    const client = new VersoClient({ baseUrl: server.url, timeoutMs: 1000 });
    const started = performance.now();
    const error = (await client.getHealthLive().catch((e: unknown) => e)) as VersoApiError;
    expect(error).to.be.instanceOf(VersoApiError);
    expect(error.status).to.equal(503);
    expect(error.headers.get('retry-after')).to.equal('5');
    expect(performance.now() - started).to.be.below(500);
    expect(server.requests).to.have.length(1);
  });

  it('parses delta seconds, HTTP-dates and rejects numbers that are not delta seconds', () => {
    const now = Date.parse('2026-11-23T08:00:00Z');
    expect(parseRetryAfter('0', now)).to.equal(0);
    expect(parseRetryAfter(' 7 ', now)).to.equal(7000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 08:00:03 GMT', now)).to.equal(3000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 08:00:00 GMT', now)).to.equal(0);
    expect(parseRetryAfter('-1', now)).to.equal(undefined);
    expect(parseRetryAfter('1.5', now)).to.equal(undefined);
    expect(parseRetryAfter(null, now)).to.equal(undefined);
  });
});
