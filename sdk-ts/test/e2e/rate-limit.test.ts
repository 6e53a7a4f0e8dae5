// The SDK against the real API's rate limiter (issue #17): a read answered 429 is retried after the
// server's Retry-After and then succeeds; a write answered 429 is not replayed and reaches the
// caller as a VersoApiError 429 with the server's problem and headers.
//
// The limiter's windows are aligned to the clock's minutes, so a rejection's Retry-After is whatever
// is left of the current minute: up to 60 s of real waiting. The test moves the process clock
// (Date.now: the in-process server's and the SDK's) to 2.5 s before a minute ends, so the retry comes
// after a short real wait; setTimeout, which the SDK sleeps on, keeps real time, exactly as in use.
import { expect } from 'chai';
import { createActor } from '../../../test/helpers/actors.js';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { VersoApiError, VersoClient, type ObservedResponse } from '../../src/index.js';

const realNow = Date.now;

/** Shifts Date.now forward so that the current minute ends `msBeforeMinuteEnd` from now. */
function clockNearMinuteEnd(msBeforeMinuteEnd: number): void {
  const offset = (60_000 - msBeforeMinuteEnd - (realNow() % 60_000) + 60_000) % 60_000;
  Date.now = () => realNow() + offset;
}

describe('SDK end to end: rate limits (429 and Retry-After)', function () {
  this.timeout(60_000);
  let api: TestApi;
  let token: string;
  before(async () => {
    // Three requests a minute per actor; bans out of reach, so the suite's 127.0.0.1 stays usable.
    api = await startTestApi({ env: { RateLimit__PerActor__PermitPerMinute: '3', IpBan__RejectionThreshold: '1000' } });
  });
  beforeEach(async () => {
    // A fresh actor per test: its own per-actor window.
    ({ token } = await createActor(api, { role: 'Reader' }));
  });
  afterEach(() => {
    Date.now = realNow;
  });
  after(async () => {
    await api?.close();
  });

  it('retries a read answered 429 once Retry-After has passed, and returns its answer', async () => {
    const seen: ObservedResponse[] = [];
    const client = new VersoClient({ baseUrl: api.url, token, onResponse: (r) => void seen.push(r) });
    clockNearMinuteEnd(2_500);
    for (let i = 0; i < 3; i++) await client.getCurrentUser();
    const started = realNow();
    const me = await client.getCurrentUser();
    const waited = realNow() - started;

    expect(me.role).to.equal('Reader');
    expect(seen.map((r) => r.status)).to.deep.equal([200, 200, 200, 429, 200]);
    const rejected = seen[3]!;
    expect(rejected.attempt).to.equal(1);
    expect(seen[4]!.attempt).to.equal(2);
    const retryAfter = Number(rejected.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 3);
    expect(rejected.headers.get('ratelimit-policy')).to.be.a('string');
    expect(rejected.headers.get('ratelimit')).to.be.a('string');
    // The SDK waited the server's Retry-After, not its own shorter backoff (100 ms base).
    expect(waited).to.be.at.least(retryAfter * 1000 - 50);
    expect(waited).to.be.below(retryAfter * 1000 + 5_000);
  });

  it('does not replay a write answered 429: the caller gets the 429 with its Retry-After', async () => {
    const seen: ObservedResponse[] = [];
    const client = new VersoClient({ baseUrl: api.url, token, onResponse: (r) => void seen.push(r) });
    // Mid-minute: the window cannot roll over between the reads and the write.
    clockNearMinuteEnd(30_000);
    for (let i = 0; i < 3; i++) await client.getCurrentUser();
    const error = (await client.createWorkspace({ body: { name: 'Never made', slug: 'never-made', description: null } }).catch((e: unknown) => e)) as VersoApiError;
    expect(error).to.be.instanceOf(VersoApiError);
    expect(error.status).to.equal(429);
    expect(error.problem.type).to.equal('https://verso.dev/errors/rate-limit-exceeded');
    expect(seen.map((r) => [r.status, r.attempt])).to.deep.equal([[200, 1], [200, 1], [200, 1], [429, 1]]);
    expect(Number(seen[3]!.headers.get('retry-after'))).to.be.within(29, 31);
  });

  it('gives up on a read whose Retry-After the call’s deadline cannot wait for, answering the 429 at once', async () => {
    const seen: ObservedResponse[] = [];
    const client = new VersoClient({ baseUrl: api.url, token, timeoutMs: 5_000, onResponse: (r) => void seen.push(r) });
    clockNearMinuteEnd(30_000);
    for (let i = 0; i < 3; i++) await client.getCurrentUser();
    const started = realNow();
    const error = (await client.getCurrentUser().catch((e: unknown) => e)) as VersoApiError;
    expect(error).to.be.instanceOf(VersoApiError);
    expect(error.status).to.equal(429);
    expect(realNow() - started).to.be.below(2_000);
    expect(Number(seen[3]!.headers.get('retry-after'))).to.be.within(29, 31);
  });
});
