// What one anonymous client can make the public image route do (issue #35): a rendition is stored
// only within the bounds per asset (StoredPerAsset, per content version) and per workspace
// (StoredMiBPerWorkspace) — beyond them it is computed and served, not stored — and one client may
// have at most ColdPerMinute renditions computed a minute (429 beyond), while renditions already
// made are served to it without limit. The queue's fair share per workspace is transform-queue.test.ts.
import crypto from 'node:crypto';
import { expect } from 'chai';
import sharp from 'sharp';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { startMediaWorld, storeContents, type MediaWorld } from './media-world.js';
import { fetchPublic, makeImage, servePublicly, uploadImage, urlsOf, withParams } from './public-images.js';

async function storedOf(w: MediaWorld, assetId: string): Promise<string[]> {
  return (await storeContents(w)).filter((k) => k.startsWith(`verso/renditions/${w.workspaceId}/${assetId}/`));
}

async function rowsOf(w: MediaWorld, assetId: string): Promise<number> {
  return (await dbQuery(w.api, 'SELECT count(*)::int AS n FROM media_renditions WHERE media_asset_id = $1', [assetId]))[0]!.n;
}

/** A PNG of random pixels: its PNG renditions do not compress (about 3 bytes a pixel). */
async function noise(width: number, height: number): Promise<Buffer> {
  const pixels = crypto.randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

describe('public renditions: stored within bounds per asset and per workspace', function () {
  this.timeout(60_000);
  let w: MediaWorld;
  before(async () => {
    // No in-process copies (HotCacheBytes 0), so "served again" means computed again or read from storage.
    w = await startMediaWorld('local', {
      Media__Public__StoredPerAsset: '2',
      Media__Public__StoredMiBPerWorkspace: '1',
      Media__Public__HotCacheBytes: '0',
      Media__Public__ColdPerMinute: '0',
    });
    await servePublicly(w.api);
  });
  after(async () => {
    await w?.close();
  });

  it('beyond StoredPerAsset a rendition is computed and served but not stored; another asset stores its own', async () => {
    const id = await uploadImage(w, 'bounded.jpg', 'image/jpeg', await makeImage('jpeg', 1200, 800));
    const { url } = await urlsOf(w, id);
    const engine = w.api.running.deps.renditions;
    for (const params of ['w_160,f_webp', 'w_320,f_webp']) expect((await fetchPublic(w.api.url, withParams(url, params))).status).to.equal(200);
    expect(await storedOf(w, id)).to.have.length(2);
    const before = engine.transforms;
    const third = await fetchPublic(w.api.url, withParams(url, 'w_480,f_webp'));
    expect(third.status).to.equal(200);
    expect((await sharp(third.bytes).metadata()).width).to.equal(480);
    expect(await storedOf(w, id)).to.have.length(2);
    expect(await rowsOf(w, id)).to.equal(2);
    // Asked again: computed again (nothing stored), the same bytes and tag.
    const again = await fetchPublic(w.api.url, withParams(url, 'w_480,f_webp'));
    expect(again.bytes.equals(third.bytes)).to.equal(true);
    expect(again.headers.get('etag')).to.equal(third.headers.get('etag'));
    expect(engine.transforms - before).to.equal(2);
    // The stored ones are still read from storage, not computed.
    const stored = engine.transforms;
    expect((await fetchPublic(w.api.url, withParams(url, 'w_160,f_webp'))).status).to.equal(200);
    expect(engine.transforms).to.equal(stored);
    const other = await uploadImage(w, 'other.jpg', 'image/jpeg', await makeImage('jpeg', 400, 300));
    expect((await fetchPublic(w.api.url, withParams((await urlsOf(w, other)).url, 'w_160,f_webp'))).status).to.equal(200);
    expect(await storedOf(w, other)).to.have.length(1);
  });

  it('a rendition that would take the workspace past StoredMiBPerWorkspace is served but not stored; a small one still is', async () => {
    const id = await uploadImage(w, 'noise.png', 'image/png', await noise(1200, 900));
    const { url } = await urlsOf(w, id);
    const big = await fetchPublic(w.api.url, withParams(url, 'w_1200,f_png'));
    expect(big.status).to.equal(200);
    expect(big.bytes.length).to.be.greaterThan(1024 * 1024);
    expect(await storedOf(w, id)).to.deep.equal([]);
    expect((await fetchPublic(w.api.url, withParams(url, 'w_160,f_webp'))).status).to.equal(200);
    expect(await storedOf(w, id)).to.have.length(1);
    const [{ bytes }] = await dbQuery(w.api, 'SELECT sum(byte_size)::float8 AS bytes FROM media_renditions WHERE workspace_id = $1', [w.workspaceId]);
    expect(bytes).to.be.at.most(1024 * 1024);
  });

  it('another workspace has bounds of its own', async () => {
    // This workspace is full: a row standing for stored renditions up to its bound.
    const [asset] = await dbQuery(w.api, 'SELECT id FROM media_assets WHERE workspace_id = $1 LIMIT 1', [w.workspaceId]);
    const [{ used }] = await dbQuery(w.api, 'SELECT coalesce(sum(byte_size), 0)::float8 AS used FROM media_renditions WHERE workspace_id = $1', [w.workspaceId]);
    await dbQuery(
      w.api,
      `INSERT INTO media_renditions (storage_key, workspace_id, media_asset_id, content_version, byte_size) VALUES ('verso/renditions/filler', $1, $2, 'filler', $3)`,
      [w.workspaceId, asset.id, 1024 * 1024 - used],
    );
    const here = await uploadImage(w, 'full.jpg', 'image/jpeg', await makeImage('jpeg', 400, 300));
    expect((await fetchPublic(w.api.url, withParams((await urlsOf(w, here)).url, 'w_160,f_png'))).status).to.equal(200);
    expect(await storedOf(w, here)).to.deep.equal([]);
    const ws = await createWorkspace(w.api);
    await servePublicly(w.api, ws.id);
    const editor = await createActor(w.api, { role: 'Editor', grants: { [ws.id]: 'Write' } });
    const there: MediaWorld = { ...w, workspaceId: ws.id, base: `/api/v1/workspaces/${ws.id}`, editor: editor.token };
    const id = await uploadImage(there, 'elsewhere.jpg', 'image/jpeg', await makeImage('jpeg', 400, 300));
    const { url } = await urlsOf(there, id);
    expect((await fetchPublic(w.api.url, withParams(url, 'w_160,f_png'))).status).to.equal(200);
    expect((await storeContents(w)).filter((k) => k.startsWith(`verso/renditions/${ws.id}/${id}/`))).to.have.length(1);
  });
});

describe('public renditions: a per-client budget of cold computations', function () {
  this.timeout(60_000);
  let w: MediaWorld;
  let url: string;
  before(async () => {
    w = await startMediaWorld('local', {
      Media__Public__ColdPerMinute: '3',
      TrustedProxy__ForwardedHeadersEnabled: 'true',
      TrustedProxy__TrustedProxies__0: '127.0.0.1',
    });
    await servePublicly(w.api);
    url = (await urlsOf(w, await uploadImage(w, 'budget.jpg', 'image/jpeg', await makeImage('jpeg', 1200, 800)))).url;
  });
  after(async () => {
    await w?.close();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('the fourth new rendition a minute is 429 with Retry-After; the ones made are served without limit; another client is not affected', async () => {
    const client = from('203.0.113.5');
    for (const params of ['w_160,f_webp', 'w_320,f_webp', 'w_480,f_webp']) {
      expect((await fetchPublic(w.api.url, withParams(url, params), client)).status, params).to.equal(200);
    }
    const refused = await fetchPublic(w.api.url, withParams(url, 'w_640,f_webp'), client);
    expect(refused.status).to.equal(429);
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
    expect(JSON.parse(refused.bytes.toString()).detail).to.match(/more than 3 new image renditions in a minute; renditions already made are not limited/);
    // Warm reads are not counted: the stored renditions, many times over.
    for (let i = 0; i < 10; i++) {
      for (const params of ['w_160,f_webp', 'w_320,f_webp', 'w_480,f_webp']) {
        expect((await fetchPublic(w.api.url, withParams(url, params), client)).status).to.equal(200);
      }
    }
    expect((await fetchPublic(w.api.url, withParams(url, 'w_640,f_webp'), from('203.0.113.6'))).status).to.equal(200);
    // Made now, it is served to the first client too: only computing is budgeted.
    expect((await fetchPublic(w.api.url, withParams(url, 'w_640,f_webp'), client)).status).to.equal(200);
  });

  it('an IPv6 client is its /64: other addresses in it share the budget', async () => {
    for (const [i, params] of ['w_800,f_png', 'w_960,f_png', 'w_1200,f_png'].entries()) {
      expect((await fetchPublic(w.api.url, withParams(url, params), from(`2001:db8:5:6::${i + 1}`))).status, params).to.equal(200);
    }
    expect((await fetchPublic(w.api.url, withParams(url, 'w_160,f_png'), from('2001:db8:5:6:ffff::9'))).status).to.equal(429);
    expect((await fetchPublic(w.api.url, withParams(url, 'w_160,f_png'), from('2001:db8:5:7::1'))).status).to.equal(200);
  });
});
