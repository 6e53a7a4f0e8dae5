// Reads a CDN can cache (issue #27 §2, the headers part): published delivery reads carry
// Delivery__CacheControl (default no-cache) and purge keys naming the workspace, every item in the
// body (children at any depth) and, on lists, the workspace's lists; a cached answer carries the same
// keys; a preview read carries none and stays private, no-store.
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/src/config.js';
import { startTestApi } from '../helpers/api.js';
import { createPerson, dbQuery, expectStatus, publishNow, startContentWorld, text, type ContentWorld } from './content-fixture.js';

const load = (env: Record<string, string>) => loadConfig(env, { version: '1', cwd: '/srv/verso' });

describe('delivery reads: Cache-Control and purge keys', function () {
  this.timeout(60_000);
  let w: ContentWorld;
  let grandchild: { id: string };
  let childItem: { id: string };
  let parent: { id: string; slug: string };

  before(async () => {
    w = await startContentWorld();
    grandchild = await createPerson(w, 'Grandchild');
    await publishNow(w, grandchild.id, 1);
    childItem = await createPerson(w, 'Child', [grandchild.id]);
    await publishNow(w, childItem.id, 1);
    parent = await createPerson(w, 'Parent', [childItem.id]);
    await publishNow(w, parent.id, 1);
  });
  after(() => w?.api.close());

  const keysOf = (res: { headers: Headers }) => ({
    surrogate: res.headers.get('surrogate-key')?.split(' ').sort(),
    tag: res.headers.get('cache-tag')?.split(',').sort(),
  });

  it('by-slug names the workspace and every item in the body, children at any depth, on a miss and on a hit alike', async () => {
    const want = [`ws-${w.ws}`, `item-${parent.id}`, `item-${childItem.id}`, `item-${grandchild.id}`].sort();
    const miss = await w.api.get(`${w.base}/content/by-slug/${parent.slug}`, { token: w.reader });
    expectStatus(miss, 200);
    expect(miss.headers.get('cache-control')).to.equal('no-cache');
    expect(keysOf(miss)).to.deep.equal({ surrogate: want, tag: want });
    const hit = await w.api.get(`${w.base}/content/by-slug/${parent.slug}`, { token: w.reader });
    expect(hit.headers.get('x-verso-cache')).to.equal('hit');
    expect(keysOf(hit)).to.deep.equal({ surrogate: want, tag: want });
    expect(hit.headers.get('cache-control')).to.equal('no-cache');
    // Not expanded, the children are still named: publishing one changes what the page links to.
    const flat = await w.api.get(`${w.base}/content/by-slug/${parent.slug}?expandChildren=false`, { token: w.reader });
    expect(keysOf(flat).surrogate).to.deep.equal([`ws-${w.ws}`, `item-${childItem.id}`, `item-${parent.id}`].sort());
  });

  it('the content list adds the list key and names every item on the page', async () => {
    const res = await w.api.get(`${w.base}/content?resolve=true&pageSize=100`, { token: w.reader });
    expectStatus(res, 200);
    const ids = (res.body.items as { id: string }[]).map((i) => `item-${i.id}`);
    expect(keysOf(res).surrogate).to.deep.equal([`ws-${w.ws}`, `list-${w.ws}`, ...ids].sort());
    expect(res.headers.get('cache-control')).to.equal('no-cache');
  });

  it('a preview read carries no purge keys and is private, no-store', async () => {
    const minted = await w.api.post(`${w.base}/preview-tokens`, {}, { token: w.editor });
    const res = await w.api.get(`${w.base}/content/by-slug/${parent.slug}`, { token: minted.body.token });
    expect(res.headers.get('cache-control')).to.equal('private, no-store');
    expect(res.headers.get('surrogate-key')).to.equal(null);
    expect(res.headers.get('cache-tag')).to.equal(null);
  });

  it('cuts each purge-key header to whole keys within Delivery__PurgeKeyHeaderMaxBytes, keeping the workspace and the item read', async () => {
    const api = await startTestApi({ env: { Delivery__PurgeKeyHeaderMaxBytes: '128' } });
    const other = await startContentWorld(api);
    try {
      const leaf = await createPerson(other, 'Leaf');
      await publishNow(other, leaf.id, 1);
      const middle = await createPerson(other, 'Middle', [leaf.id]);
      await publishNow(other, middle.id, 1);
      const top = await createPerson(other, 'Top', [middle.id]);
      await publishNow(other, top.id, 1);
      const res = await other.api.get(`${other.base}/content/by-slug/${top.slug}`, { token: other.reader });
      expectStatus(res, 200);
      // ws (39 bytes) + item read (41) + one embedded item (41) + separators = 123 ≤ 128; the leaf's key does not fit.
      expect(res.headers.get('surrogate-key')).to.equal(`ws-${other.ws} item-${top.id} item-${middle.id}`);
      expect(res.headers.get('cache-tag')).to.equal(`ws-${other.ws},item-${top.id},item-${middle.id}`);
      // Still exact: a change to the leaf names the item read among its purge keys (the walk up).
      const rows = await dbQuery(api, 'SELECT verso_delivery_dependents(ARRAY[$1::uuid]) AS id', [leaf.id]);
      expect(rows.map((r: { id: string }) => r.id)).to.include(top.id);
    } finally {
      await api.close();
    }
  });

  it('Delivery__CacheControl and Delivery__PurgeKeyHeaders are configurable (an empty list sends no keys)', async () => {
    const api = await startTestApi({ env: { Delivery__CacheControl: 'public, s-maxage=300, stale-while-revalidate=60', Delivery__PurgeKeyHeaders: 'Edge-Cache-Tag' } });
    const other = await startContentWorld(api);
    try {
      const p = await createPerson(other, 'Solo');
      await publishNow(other, p.id, 1);
      const res = await other.api.get(`${other.base}/content/by-slug/${p.slug}`, { token: other.reader });
      expect(res.headers.get('cache-control')).to.equal('public, s-maxage=300, stale-while-revalidate=60');
      expect(res.headers.get('edge-cache-tag')).to.equal(`ws-${other.ws} item-${p.id}`);
      expect(res.headers.get('surrogate-key')).to.equal(null);
    } finally {
      await api.close();
    }
    expect(load({ Delivery__PurgeKeyHeaders: '' }).cdn.purgeKeyHeaders).to.deep.equal([]);
    expect(load({}).cdn).to.deep.equal({ cacheControl: 'no-cache', purgeKeyHeaders: ['Surrogate-Key', 'Cache-Tag'], purgeKeyHeaderBytes: 4096 });
    expect(() => load({ Delivery__PurgeKeyHeaderMaxBytes: '100' })).to.throw(ConfigError, /Delivery__PurgeKeyHeaderMaxBytes must be between 128 and 16384/);
    expect(() => load({ Delivery__CacheControl: 'no-cache\u0007' })).to.throw(ConfigError, /Delivery__CacheControl must be a header value/);
    expect(() => load({ Delivery__PurgeKeyHeaders: 'Surrogate Key' })).to.throw(ConfigError, /Delivery__PurgeKeyHeaders has a name that is not a header name: "Surrogate Key"/);
  });
});

describe('content webhook payloads: purgeKeys', function () {
  this.timeout(60_000);
  let w: ContentWorld;
  after(() => w?.api.close());

  it('publishing a grandchild names it, its parent and grandparent (any depth) and the list: exactly what the reads were tagged with', async () => {
    w = await startContentWorld();
    const grandchild = await createPerson(w, 'Grandchild');
    await publishNow(w, grandchild.id, 1);
    const childItem = await createPerson(w, 'Child', [grandchild.id]);
    await publishNow(w, childItem.id, 1);
    const parent = await createPerson(w, 'Parent', [childItem.id]);
    await publishNow(w, parent.id, 1);
    const bystander = await createPerson(w, 'Unrelated');
    await publishNow(w, bystander.id, 1);
    const read = await w.api.get(`${w.base}/content/by-slug/${parent.slug}`, { token: w.reader });
    // A new version of the grandchild, published: the event names every page that shows it.
    const v2 = await w.api.post(`${w.base}/content/${grandchild.id}/versions`, { fields: [text(w.model.person.fields.name!, 'Grandchild v2')] }, { token: w.editor });
    expectStatus(v2, 201);
    await publishNow(w, grandchild.id, 2);
    const [event] = await dbQuery(w.api, `SELECT payload FROM outbox_events WHERE event_type = 'content.version_published' AND payload->>'contentItemId' = $1 AND payload->>'versionNumber' = '2'`, [grandchild.id]);
    const keys: string[] = event.payload.purgeKeys;
    expect(keys[0]).to.equal(`list-${w.ws}`);
    expect(keys[1]).to.equal(`item-${grandchild.id}`);
    expect([...keys].sort()).to.deep.equal([`list-${w.ws}`, `item-${grandchild.id}`, `item-${childItem.id}`, `item-${parent.id}`].sort());
    expect(keys).not.to.include(`item-${bystander.id}`);
    // Every item key of the parent's page is purged by this event.
    const tagged = read.headers.get('surrogate-key')!.split(' ').filter((k) => k.startsWith('item-'));
    expect(tagged.every((k) => keys.includes(k))).to.equal(true);
  });
});
