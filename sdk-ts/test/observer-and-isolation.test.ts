// The response observer, session-expiry recording, frozen options and isolation between clients.
import { expect } from 'chai';
import { createVersoClientFactory, VersoClient, type ObservedResponse, type VersoClientOptions } from '../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from './support/fake-http-server.js';

describe('SDK response observer and client isolation', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('the observer sees every response, intermediate retried ones included, in order', async () => {
    server.script({ status: 503 }, { status: 500 }, { status: 200, body: {} }, { status: 404 });
    const seen: ObservedResponse[] = [];
    const client = new VersoClient({ baseUrl: server.url, retry: { baseDelayMs: 1 }, onResponse: (r) => void seen.push(r) });
    await client.getHealthLive();
    await client.getCurrentUser().catch(() => undefined);
    expect(seen.map((r) => [r.status, r.attempt, r.operationId])).to.deep.equal([
      [503, 1, 'getHealthLive'],
      [500, 2, 'getHealthLive'],
      [200, 3, 'getHealthLive'],
      [404, 1, 'getCurrentUser'],
    ]);
    expect(seen.map((r) => r.correlationId)).to.deep.equal(server.requests.map((r) => r.headers['x-correlation-id']));
  });

  it('an observer that throws stops retrying and its error propagates unchanged', async () => {
    server.fallback = { status: 503 };
    const boom = new Error('observer failed');
    const client = new VersoClient({
      baseUrl: server.url,
      retry: { baseDelayMs: 1 },
      onResponse: () => {
        throw boom;
      },
    });
    expect(await client.getHealthLive().catch((e: unknown) => e)).to.equal(boom);
    expect(server.requests).to.have.length(1);
  });

  it('records the newest X-Session-Expires-At; an older value never overwrites it', async () => {
    server.script(
      { status: 200, headers: { 'x-session-expires-at': '2026-11-23T10:00:00Z' }, body: {} },
      { status: 503, headers: { 'x-session-expires-at': '2026-11-23T11:00:00Z' } },
      { status: 200, headers: { 'x-session-expires-at': '2026-11-23T10:30:00Z' }, body: {} },
      { status: 200, headers: { 'x-session-expires-at': 'not a date' }, body: {} },
    );
    const client = new VersoClient({ baseUrl: server.url, retry: { baseDelayMs: 1 } });
    expect(client.sessionExpiresAt).to.equal(undefined);
    await client.getHealthLive();
    expect(client.sessionExpiresAt?.toISOString()).to.equal('2026-11-23T10:00:00.000Z');
    await client.getHealthLive(); // 503 (seen by the observer) then 200 with an older value
    expect(client.sessionExpiresAt?.toISOString()).to.equal('2026-11-23T11:00:00.000Z');
    await client.getHealthLive();
    expect(client.sessionExpiresAt?.toISOString()).to.equal('2026-11-23T11:00:00.000Z');
  });

  it('two clients keep separate tokens, session expiries and ETags, even concurrently', async () => {
    server.fallback = { status: 200, body: {} };
    const alice = new VersoClient({ baseUrl: server.url, token: async () => 'alice-token' });
    const bob = new VersoClient({ baseUrl: server.url, token: 'bob-token' });
    server.script(
      { status: 200, headers: { 'x-session-expires-at': '2026-11-23T12:00:00Z', etag: '"a"' }, body: {} },
      { status: 200, headers: { 'x-session-expires-at': '2026-11-23T13:00:00Z', etag: '"b"' }, body: {} },
    );
    await alice.getCurrentUser();
    await bob.getCurrentUser();
    await Promise.all([alice.getHealthLive(), bob.getHealthLive(), alice.getHealthLive(), bob.getHealthLive()]);
    expect(alice.sessionExpiresAt?.toISOString()).to.equal('2026-11-23T12:00:00.000Z');
    expect(bob.sessionExpiresAt?.toISOString()).to.equal('2026-11-23T13:00:00.000Z');
    expect(alice.etags.get(`${server.url}/api/v1/auth/me`)).to.equal('"a"');
    expect(bob.etags.get(`${server.url}/api/v1/auth/me`)).to.equal('"b"');
    const auth = server.requests.map((r) => r.headers.authorization);
    expect(auth.filter((a) => a === 'Bearer alice-token')).to.have.length(3);
    expect(auth.filter((a) => a === 'Bearer bob-token')).to.have.length(3);
  });

  it('clients of one factory share only the circuit: tokens, observers, session expiries and ETags stay their own', async () => {
    const factory = createVersoClientFactory({ baseUrl: server.url, headers: { 'User-Agent': 'site/2' } });
    const seenByAlice: number[] = [];
    const alice = factory.create({ token: 'alice-token', onResponse: (r) => void seenByAlice.push(r.status) });
    const bob = factory.create({ token: async () => 'bob-token' });
    server.script(
      { status: 200, headers: { 'x-session-expires-at': '2026-11-23T12:00:00Z', etag: '"a"' }, body: {} },
      { status: 200, headers: { 'x-session-expires-at': '2026-11-23T13:00:00Z', etag: '"b"' }, body: {} },
    );
    await alice.getCurrentUser();
    await bob.getCurrentUser();
    expect(alice.sessionExpiresAt?.toISOString()).to.equal('2026-11-23T12:00:00.000Z');
    expect(bob.sessionExpiresAt?.toISOString()).to.equal('2026-11-23T13:00:00.000Z');
    expect(alice.etags.get(`${server.url}/api/v1/auth/me`)).to.equal('"a"');
    expect(bob.etags.get(`${server.url}/api/v1/auth/me`)).to.equal('"b"');
    expect(seenByAlice).to.deep.equal([200]);
    expect(server.requests.map((r) => [r.headers.authorization, r.headers['user-agent']])).to.deep.equal([
      ['Bearer alice-token', 'site/2'],
      ['Bearer bob-token', 'site/2'],
    ]);
    expect(alice.options.circuit).to.equal(bob.options.circuit).and.equal(factory.circuit);
  });

  it('options are a frozen copy: changing the caller\'s object later changes nothing', async () => {
    server.fallback = { status: 503 };
    const retry = { maxAttempts: 2, baseDelayMs: 1 };
    const options: VersoClientOptions = { baseUrl: server.url, token: 'first', retry, headers: { 'user-agent': 'app/1' } };
    const client = new VersoClient(options);
    retry.maxAttempts = 10;
    options.token = 'second';
    options.headers!['user-agent'] = 'changed';
    expect(Object.isFrozen(client.options)).to.equal(true);
    expect(Object.isFrozen(client.options.headers)).to.equal(true);
    await client.getHealthLive().catch(() => undefined);
    expect(server.requests).to.have.length(2);
    expect(server.requests.map((r) => r.headers.authorization)).to.deep.equal(['Bearer first', 'Bearer first']);
    expect(server.requests[0]!.headers['user-agent']).to.equal('app/1');
  });

  it('rejects invalid options at construction', () => {
    expect(() => new VersoClient({ baseUrl: 'not a url' })).to.throw(TypeError);
    expect(() => new VersoClient({ baseUrl: 'ftp://x' })).to.throw(TypeError);
    expect(() => new VersoClient({ baseUrl: 'http://x', retry: { maxAttempts: 0 } })).to.throw(RangeError);
    expect(() => new VersoClient({ baseUrl: 'http://x', timeoutMs: -1 })).to.throw(RangeError);
  });
});
