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

  it('names a session by a digest, never by its token', () => {
    const token = 'verso_session_secret-value';
    const key = tokenKey(token);
    expect(key).to.not.include('secret');
    expect(key).to.have.length(22);
    expect(tokenKey(token)).to.equal(key);
    expect(tokenKey(token + 'x')).to.not.equal(key);
  });
});
