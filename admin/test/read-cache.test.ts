// The admin's short-lived read caches (read-cache.ts): one in-flight read shared by concurrent
// misses, entries served for their time-to-live only, failures never kept, a bound on entries, and
// forgetting everything after a write.
import { expect } from 'chai';
import { forgetCachedReads, ReadCache, tokenKey } from '../src/read-cache.js';

describe('admin: read caches', () => {
  it('shares one load between concurrent misses and serves it until the time-to-live ends', async () => {
    const cache = new ReadCache<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', 1000, load, 0), cache.get('k', 1000, load, 0)]);
    expect([a, b, loads]).to.deep.equal([1, 1, 1]);
    expect(await cache.get('k', 1000, load, 999)).to.equal(1);
    expect(await cache.get('k', 1000, load, 1000)).to.equal(2);
    // A time-to-live of 0 is no cache at all.
    expect(await cache.get('k', 0, load, 1001)).to.equal(3);
    expect(await cache.get('k', 0, load, 1001)).to.equal(4);
  });

  it('does not keep a failed load', async () => {
    const cache = new ReadCache<string>(10);
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('API down');
      return 'ok';
    };
    await cache.get('k', 1000, load, 0).then(
      () => expect.fail('should fail'),
      (err: Error) => expect(err.message).to.equal('API down'),
    );
    fail = false;
    expect(await cache.get('k', 1000, load, 1)).to.equal('ok');
  });

  it('keeps at most its bound (oldest out first), and forgets on delete and after a write', async () => {
    const cache = new ReadCache<string>(2);
    let loads = 0;
    const load = (v: string) => async () => {
      loads += 1;
      return v;
    };
    await cache.get('a', Infinity, load('a'));
    await cache.get('b', Infinity, load('b'));
    await cache.get('c', Infinity, load('c'));
    expect(loads).to.equal(3);
    await cache.get('b', Infinity, load('b'));
    await cache.get('c', Infinity, load('c'));
    expect(loads, 'b and c kept').to.equal(3);
    await cache.get('a', Infinity, load('a'));
    expect(loads, 'a was pushed out').to.equal(4);
    cache.delete('a');
    await cache.get('a', Infinity, load('a'));
    expect(loads).to.equal(5);
    forgetCachedReads();
    await cache.get('a', Infinity, load('a'));
    expect(loads).to.equal(6);
  });

  it('staleWhileRefresh: serves an expired answer while one refresh runs, never past 3 × ttl, never across a write', async () => {
    const cache = new ReadCache<string>(10, { staleWhileRefresh: true });
    const waiting: ((v: string) => void)[] = [];
    const load = () => new Promise<string>((resolve) => waiting.push(resolve));
    const first = cache.get('k', 1000, load, 0);
    waiting.shift()!('v1');
    expect(await first).to.equal('v1');
    // Expired: the old answer at once, one refresh behind it however many ask.
    expect(await cache.get('k', 1000, load, 1500)).to.equal('v1');
    expect(await cache.get('k', 1000, load, 1600)).to.equal('v1');
    expect(waiting).to.have.length(1);
    waiting.shift()!('v2');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', 1000, load, 1700)).to.equal('v2');
    expect(waiting).to.have.length(0);
    // Kept from 1500 (when the refresh began): at 5000 it is too old to serve, so the page waits.
    const late = cache.get('k', 1000, load, 5000);
    expect(waiting).to.have.length(1);
    waiting.shift()!('v3');
    expect(await late).to.equal('v3');
    // A write during a refresh: the refresh's answer (read before the write) is dropped.
    expect(await cache.get('k', 1000, load, 6500)).to.equal('v3');
    forgetCachedReads();
    waiting.shift()!('before the write');
    await new Promise((r) => setImmediate(r));
    const fresh = cache.get('k', 1000, load, 6600);
    waiting.shift()!('after the write');
    expect(await fresh).to.equal('after the write');
    // A failed refresh keeps the old answer; the next request tries again.
    let fail = true;
    const flaky = async () => {
      if (fail) throw new Error('API down');
      return 'v5';
    };
    expect(await cache.get('k', 1000, flaky, 7700)).to.equal('after the write');
    await new Promise((r) => setImmediate(r));
    fail = false;
    expect(await cache.get('k', 1000, flaky, 7800)).to.equal('after the write');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', 1000, flaky, 7900)).to.equal('v5');
  });

  it('names a session by a digest, never by its token', () => {
    const token = 'verso_session_secret-value';
    const key = tokenKey(token);
    expect(key).to.not.include('secret');
    expect(key).to.have.length(22);
    expect(tokenKey(token)).to.equal(key);
    expect(tokenKey(token + 'x')).to.not.equal(key);
  });
});
