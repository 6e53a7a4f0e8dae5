// GET /media/v1/{workspaceId}/{assetId}/{contentVersion}/{signature}/{params}/{fileName} (issue #26)
// on both providers: signed public URLs, transformations in the allowed set, renditions stored once
// under verso/renditions/ and streamed afterwards, immutable caching, SVG never rasterised, bombs
// refused from the header.
import { expect } from 'chai';
import sharp from 'sharp';
import { dbQuery } from '../helpers/actors.js';
import { forEachProvider, storeContents, type MediaWorld } from './media-world.js';
import { countingVerifies, fetchPublic, makeImage, pngBomb, pngWithBrokenIdat, servePublicly, TYPES, uploadImage, urlsOf, withParams, type InputFormat } from './public-images.js';

/** Counts the storage reads of `w` while `body` runs. */
async function countingReads<T>(w: MediaWorld, body: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const storage = w.storage as unknown as { get: (...args: unknown[]) => Promise<unknown> };
  const original = storage.get;
  let reads = 0;
  storage.get = function (...args: unknown[]) {
    reads += 1;
    return original.apply(this, args);
  };
  try {
    return { result: await body(), reads };
  } finally {
    storage.get = original;
  }
}

forEachProvider('GET /media/v1/… (public renditions)', (world) => {
  let photo: string;
  let urls: { url: string; renditionUrl: string | null };
  // Public media is opt-in for workspaces created now: these worlds' workspaces serve it.
  before(() => servePublicly(world().api));
  before(async () => {
    photo = await uploadImage(world(), 'Hero shot.jpg', 'image/jpeg', await makeImage('jpeg', 1600, 1200));
    urls = await urlsOf(world(), photo);
  });

  it('GET /media/v1/settings publishes the allowed set without a credential', async () => {
    const res = await fetchPublic(world().api.url, '/media/v1/settings');
    expect(res.status).to.equal(200);
    const body = JSON.parse(res.bytes.toString('utf8'));
    expect(body).to.deep.equal({
      enabled: true,
      widths: [160, 320, 480, 640, 800, 960, 1200, 1600, 2000, 2560],
      anyWidth: false,
      maxWidth: 2560,
      maxHeight: 2560,
      defaultQuality: 75,
      formats: ['auto', 'webp', 'avif', 'jpeg', 'png'],
      dprs: [1, 2, 3],
    });
  });

  it('the original: the bytes, inline, immutable, nosniff, a strong ETag and 304', async () => {
    const w = world();
    const res = await fetchPublic(w.api.url, urls.url);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('image/jpeg');
    expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('content-disposition')).to.match(/^inline; filename="Hero shot.jpg"/);
    const etag = res.headers.get('etag')!;
    expect(etag).to.match(/^"sha256-/);
    const again = await fetchPublic(w.api.url, urls.url, { 'if-none-match': etag });
    expect(again.status).to.equal(304);
    expect(again.bytes.length).to.equal(0);
  });

  it('a rendition is computed once, stored under verso/renditions/, then streamed; ETag and 304 without a storage read', async () => {
    const w = world();
    const url = urls.renditionUrl!.replace('{width}', '800').replace('{format}', 'webp');
    const before = w.api.running.deps.renditions.transforms;
    const first = await fetchPublic(w.api.url, url);
    expect(first.status).to.equal(200);
    expect(first.headers.get('content-type')).to.equal('image/webp');
    expect(first.headers.get('vary')).to.equal(null);
    const meta = await sharp(first.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).to.deep.equal(['webp', 800, 600]);
    const stored = (await storeContents(w)).filter((k) => k.startsWith('verso/renditions/'));
    expect(stored.some((k) => k.startsWith(`verso/renditions/${w.workspaceId}/${photo}/`) && k.includes('w800-q75.') && /\.webp:\d+$/.test(k))).to.equal(true, stored.join('\n'));
    const second = await fetchPublic(w.api.url, url);
    expect(second.bytes.equals(first.bytes)).to.equal(true);
    expect(second.headers.get('etag')).to.equal(first.headers.get('etag'));
    expect(w.api.running.deps.renditions.transforms - before).to.equal(1);
    const { result: notModified, reads } = await countingReads(w, () => fetchPublic(w.api.url, url, { 'if-none-match': first.headers.get('etag')! }));
    expect(notModified.status).to.equal(304);
    expect(reads).to.equal(0);
  });

  it('a warm rendition costs no storage read and no database query; deleting the asset still ends it at once', async () => {
    const w = world();
    const id = await uploadImage(w, 'warm.png', 'image/png', await makeImage('png', 640, 480));
    const url = withParams((await urlsOf(w, id)).url, 'w_320,f_webp');
    const first = await fetchPublic(w.api.url, url);
    expect(first.status).to.equal(200);
    const db = w.api.running.deps.db as unknown as { maybeOne: (...args: unknown[]) => Promise<unknown> };
    const maybeOne = db.maybeOne;
    let queries = 0;
    db.maybeOne = function (...args: unknown[]) {
      queries += 1;
      return maybeOne.apply(this, args);
    };
    try {
      const { result: warm, reads } = await countingReads(w, () => fetchPublic(w.api.url, url));
      expect(warm.status).to.equal(200);
      expect(warm.bytes.equals(first.bytes)).to.equal(true);
      expect(warm.headers.get('content-length')).to.equal(String(first.bytes.length));
      expect([reads, queries]).to.deep.equal([0, 0]);
    } finally {
      db.maybeOne = maybeOne;
    }
    // The kept row ends with the deletion's notice, before the DELETE is answered.
    const del = await w.api.delete(`${w.base}/media/${id}`, { token: w.editor, headers: await w.api.ifMatch(`${w.base}/media/${id}`, w.editor) });
    expect(del.status).to.equal(204);
    expect((await fetchPublic(w.api.url, url)).status).to.equal(404);
  });

  it('a URL answered from memory before skips the router with the same answer (200, 304, f_auto per Accept), and deletion still ends it at once', async () => {
    const w = world();
    const id = await uploadImage(w, 'fast.png', 'image/png', await makeImage('png', 640, 480));
    const plain = withParams((await urlsOf(w, id)).url, 'w_320,f_webp');
    const auto = withParams((await urlsOf(w, id)).url, 'w_320,f_auto');
    const webp = { accept: 'image/webp,*/*' };
    // Computed, then answered from memory by the route (which remembers the URL), then from memory
    // without the route.
    for (let i = 0; i < 2; i++) {
      expect((await fetchPublic(w.api.url, plain)).status).to.equal(200);
      expect((await fetchPublic(w.api.url, auto, webp)).status).to.equal(200);
    }
    const routed = await fetchPublic(w.api.url, plain);
    const { result: fast, verifies } = await countingVerifies(w.api, () => fetchPublic(w.api.url, plain));
    expect(verifies).to.equal(0);
    expect(fast.bytes.equals(routed.bytes)).to.equal(true);
    const headersOf = (r: typeof fast) => [...r.headers].filter(([name]) => !['date', 'x-correlation-id'].includes(name));
    expect(headersOf(fast)).to.deep.equal(headersOf(routed));
    const { result: notModified, verifies: again } = await countingVerifies(w.api, () => fetchPublic(w.api.url, plain, { 'if-none-match': routed.headers.get('etag')! }));
    expect([notModified.status, again, notModified.headers.get('etag')]).to.deep.equal([304, 0, routed.headers.get('etag')]);
    // f_auto: remembered per Accept; another Accept goes through the route and gets its own format.
    const { result: autoWebp, verifies: autoVerifies } = await countingVerifies(w.api, () => fetchPublic(w.api.url, auto, webp));
    expect([autoWebp.headers.get('content-type'), autoWebp.headers.get('vary'), autoVerifies]).to.deep.equal(['image/webp', 'Accept', 0]);
    const { result: autoPng, verifies: pngVerifies } = await countingVerifies(w.api, () => fetchPublic(w.api.url, auto, { accept: 'image/png' }));
    expect([autoPng.headers.get('content-type'), pngVerifies]).to.deep.equal(['image/png', 1]);
    // What varies is the route's decision, not the path's text: a percent-encoded f_auto is still chosen per Accept.
    const encoded = auto.replace('f_auto', 'f%5Fauto');
    for (let i = 0; i < 3; i++) expect((await fetchPublic(w.api.url, encoded, webp)).headers.get('content-type')).to.equal('image/webp');
    expect((await fetchPublic(w.api.url, encoded, { accept: 'image/png' })).headers.get('content-type')).to.equal('image/png');
    // A query string, a credential or an If-None-Match over the contract's limit: the route answers (and refuses).
    expect((await fetchPublic(w.api.url, `${plain}?x=1`)).status).to.equal(400);
    const long = await fetchPublic(w.api.url, plain, { 'if-none-match': `"${'a'.repeat(300)}"` });
    expect(long.status).to.equal(400);

    const del = await w.api.delete(`${w.base}/media/${id}`, { token: w.editor, headers: await w.api.ifMatch(`${w.base}/media/${id}`, w.editor) });
    expect(del.status).to.equal(204);
    expect((await fetchPublic(w.api.url, plain)).status).to.equal(404);
    expect((await fetchPublic(w.api.url, auto, webp)).status).to.equal(404);
  });

  it('tampering with any character of workspace, asset, version or signature is 403 with no storage read', async () => {
    const w = world();
    const parts = urls.url.split('/'); // ['', 'media', 'v1', ws, asset, version, signature, 'original', name]
    // Always a different character: hex stays hex (the path pattern accepts it), base64url stays base64url.
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === '0' ? '1' : s[i] === 'a' ? 'b' : /[0-9a-f]/.test(s[i]!) ? '0' : s[i] === 'A' ? 'Q' : 'A') + s.slice(i + 1);
    const cases: string[] = [];
    for (const segment of [3, 4, 5]) {
      for (let i = 0; i < parts[segment]!.length; i++) {
        if (parts[segment]![i] === '-') continue;
        const tampered = [...parts];
        tampered[segment] = flip(parts[segment]!, i);
        cases.push(tampered.join('/'));
      }
    }
    const sig = parts[6]!;
    const mac = sig.slice(sig.indexOf('.') + 1);
    for (const i of [0, 10, mac.length - 1]) {
      const tampered = [...parts];
      tampered[6] = sig.slice(0, sig.indexOf('.') + 1) + flip(mac, i);
      cases.push(tampered.join('/'));
    }
    const unknownKey = [...parts];
    unknownKey[6] = `nokey.${mac}`;
    cases.push(unknownKey.join('/'));
    const { result, reads } = await countingReads(w, async () => Promise.all(cases.map((c) => fetchPublic(w.api.url, c))));
    expect(result.map((r) => r.status)).to.deep.equal(cases.map(() => 403));
    expect(reads).to.equal(0);
  });

  it('transformations outside the allowed set are 400 before anything is read', async () => {
    const w = world();
    const bad = ['w_801', 'w_800,q_51', 'f_gif', 'w_2560,dpr_2', 'dpr_4', 'w_800,w_800', 'x_1', 'fit_fill', 'fp_0.35_0.5', 'w_0800', 'w_'];
    const { result, reads } = await countingReads(w, async () => Promise.all(bad.map((p) => fetchPublic(w.api.url, withParams(urls.url, p)))));
    expect(result.map((r) => r.status)).to.deep.equal(bad.map(() => 400));
    expect(JSON.parse(result[0]!.bytes.toString()).errors['path.transformation'][0]).to.match(/width must be one of 160, 320/);
    expect(reads).to.equal(0);
  });

  it('height, fit, focal point and quality are refused by name, saying what an image URL may name', async () => {
    const w = world();
    // Each was accepted once: together they gave one image about 217,000 distinct stored renditions.
    const retired = { 'w_320,h_320': 'a height', 'w_320,fit_cover': 'a fit', 'w_320,fp_0.3_0.7': 'a focal point', 'w_320,q_75': 'a quality' };
    const { result, reads } = await countingReads(w, async () =>
      Promise.all(Object.keys(retired).map((p) => fetchPublic(w.api.url, withParams(urls.url, p)))),
    );
    Object.values(retired).forEach((what, i) => {
      expect(result[i]!.status).to.equal(400);
      const problem = JSON.parse(result[i]!.bytes.toString());
      expect(problem.errors['path.transformation'][0]).to.include(`${what} cannot be chosen in an image URL; use only w_{width}, f_{format} and dpr_{n}`);
    });
    expect(reads).to.equal(0);
  });

  it('f_auto picks AVIF, WebP or JPEG from Accept and says Vary: Accept', async () => {
    const w = world();
    const url = withParams(urls.url, 'w_320,f_auto');
    const cases: [string, string][] = [
      ['image/avif,image/webp,*/*', 'image/avif'],
      ['image/webp,*/*', 'image/webp'],
      ['image/avif;q=0,image/webp', 'image/webp'],
      ['*/*', 'image/jpeg'],
    ];
    for (const [accept, type] of cases) {
      const res = await fetchPublic(w.api.url, url, { accept });
      expect(res.status, accept).to.equal(200);
      expect(res.headers.get('content-type'), accept).to.equal(type);
      expect(res.headers.get('vary')).to.equal('Accept');
    }
  });

  it('a deleted asset is 404; so is another content version', async () => {
    const w = world();
    const id = await uploadImage(w, 'gone.png', 'image/png', await makeImage('png', 400, 300));
    const u = await urlsOf(w, id);
    expect((await fetchPublic(w.api.url, withParams(u.url, 'w_160'))).status).to.equal(200);
    const del = await w.api.delete(`${w.base}/media/${id}`, { token: w.editor, headers: await w.api.ifMatch(`${w.base}/media/${id}`, w.editor) });
    expect(del.status).to.equal(204);
    expect((await fetchPublic(w.api.url, u.url)).status).to.equal(404);
    expect((await fetchPublic(w.api.url, withParams(u.url, 'w_160'))).status).to.equal(404);
    // A URL for other bytes of this asset (a content version it does not have) is validly signed but 404.
    const parts = urls.url.split('/');
    const version = '0123456789abcdef';
    const signature = w.api.running.deps.publicUrls.sign({ workspaceId: parts[3]!, assetId: parts[4]!, contentVersion: version });
    parts[5] = version;
    parts[6] = signature;
    expect((await fetchPublic(w.api.url, parts.join('/'))).status).to.equal(404);
  });

  it('100 concurrent cold requests for one rendition compute it once', async () => {
    const w = world();
    const url = withParams(urls.url, 'w_480,f_png');
    const before = w.api.running.deps.renditions.transforms;
    const answers = await Promise.all(Array.from({ length: 100 }, () => fetchPublic(w.api.url, url)));
    expect(answers.map((a) => a.status)).to.deep.equal(answers.map(() => 200));
    expect(new Set(answers.map((a) => a.bytes.toString('base64'))).size).to.equal(1);
    expect(w.api.running.deps.renditions.transforms - before).to.equal(1);
    const meta = await sharp(answers[0]!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).to.deep.equal(['png', 480, 360]);
  });
});

forEachProvider('public renditions: formats, sizes, orientation, SVG, bombs', (world) => {
  const inputs: InputFormat[] = ['jpeg', 'png', 'webp', 'gif', 'avif'];
  const ids: Partial<Record<InputFormat, { url: string }>> = {};
  // Public media is opt-in for workspaces created now: these worlds' workspaces serve it.
  before(() => servePublicly(world().api));
  before(async function () {
    this.timeout(120_000);
    for (const f of inputs) {
      const id = await uploadImage(world(), `in.${f === 'jpeg' ? 'jpg' : f}`, TYPES[f], await makeImage(f, 800, 600));
      ids[f] = await urlsOf(world(), id);
    }
  });

  it('every output format from every input format, with the expected dimensions', async function () {
    this.timeout(120_000);
    const w = world();
    for (const input of inputs) {
      for (const [format, expected] of [['webp', 'webp'], ['avif', 'heif'], ['jpeg', 'jpeg'], ['png', 'png']] as const) {
        const res = await fetchPublic(w.api.url, withParams(ids[input]!.url, `w_320,f_${format}`));
        expect(res.status, `${input} → ${format}`).to.equal(200);
        const meta = await sharp(res.bytes).metadata();
        expect([meta.format, meta.width, meta.height], `${input} → ${format}`).to.deep.equal([expected, 320, 240]);
      }
      // Without f_: the input's own format (GIF becomes PNG: the first frame, see docs/media-and-images.md).
      const same = await fetchPublic(w.api.url, withParams(ids[input]!.url, 'w_160'));
      expect(same.headers.get('content-type')).to.equal(input === 'gif' ? 'image/png' : TYPES[input]);
    }
  });

  it('a rendition keeps the image\'s aspect ratio: width × dpr, never enlarged', async () => {
    const w = world();
    const url = ids.png!.url;
    const dims = async (params: string) => {
      const res = await fetchPublic(w.api.url, withParams(url, params));
      expect(res.status, params).to.equal(200);
      const meta = await sharp(res.bytes).metadata();
      return [meta.width, meta.height];
    };
    expect(await dims('w_320,f_png')).to.deep.equal([320, 240]);
    expect(await dims('w_160,dpr_2,f_png')).to.deep.equal([320, 240]);
    // No upscaling: wider than the original gives the original's size.
    expect(await dims('w_1600,f_png')).to.deep.equal([800, 600]);
    expect(await dims('f_png')).to.deep.equal([800, 600]);
  });

  it('EXIF orientation is applied and the metadata stripped', async () => {
    const w = world();
    const id = await uploadImage(w, 'rotated.jpg', 'image/jpeg', await makeImage('jpeg', 600, 400, { orientation: 6 }));
    const { url } = await urlsOf(w, id);
    const res = await fetchPublic(w.api.url, withParams(url, 'w_160,f_jpeg'));
    const meta = await sharp(res.bytes).metadata();
    expect([meta.width, meta.height]).to.deep.equal([160, 240]);
    expect(meta.orientation).to.equal(undefined);
    expect(meta.exif).to.equal(undefined);
  });

  it('an SVG with script is never rasterised and only served as an attachment, sandboxed', async () => {
    const w = world();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const id = await uploadImage(w, 'evil.svg', 'image/svg+xml', svg);
    const { url, renditionUrl } = await urlsOf(w, id);
    expect(renditionUrl).to.equal(null);
    const original = await fetchPublic(w.api.url, url);
    expect(original.status).to.equal(200);
    expect(original.headers.get('content-disposition')).to.match(/^attachment;/);
    expect(original.headers.get('content-security-policy')).to.include('sandbox');
    expect(original.headers.get('x-content-type-options')).to.equal('nosniff');
    const transformed = await fetchPublic(w.api.url, withParams(url, 'w_160,f_png'));
    expect(transformed.status).to.equal(422);
    expect(JSON.parse(transformed.bytes.toString()).detail).to.equal('SVG images are never rasterised; use the original.');
  });

  it('a decompression bomb (a tiny PNG declaring 50,000 × 50,000) is refused fast with bounded memory', async () => {
    const w = world();
    const bomb = pngBomb(50_000);
    expect(bomb.length).to.be.lessThan(2_000);
    const id = await uploadImage(w, 'bomb.png', 'image/png', bomb);
    const { url } = await urlsOf(w, id);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await fetchPublic(w.api.url, withParams(url, 'w_160,f_webp'));
    const took = performance.now() - started;
    expect(res.status).to.equal(422);
    expect(JSON.parse(res.bytes.toString()).detail).to.match(/more than 50000000 pixels/);
    expect(took).to.be.lessThan(2_000);
    expect(process.memoryUsage().rss - rssBefore).to.be.lessThan(64 * 1024 * 1024);
    expect((await dbQuery(w.api, `SELECT count(*)::int AS n FROM media_assets WHERE id = $1`, [id]))[0]!.n).to.equal(1);
  });

  it('an image whose pixel data does not decode (valid header, broken IDAT) is 422 in every format, logged as one line without a stack', async () => {
    const w = world();
    const id = await uploadImage(w, 'broken.png', 'image/png', pngWithBrokenIdat(64, 48));
    const { url } = await urlsOf(w, id);
    for (const params of ['w_160,f_webp', 'w_160,f_png', 'f_jpeg', 'w_160,f_avif', 'w_320']) {
      const correlation = `broken-idat-${params.replace(/[^a-z0-9]/g, '-')}-${w.provider}`;
      const res = await fetchPublic(w.api.url, withParams(url, params), { 'x-correlation-id': correlation });
      expect(res.status, params).to.equal(422);
      expect(JSON.parse(res.bytes.toString()).detail).to.equal('The image cannot be decoded; it is served only as the original.');
      const lines = w.api.log.raw.filter((line) => line.includes(`"${correlation}"`));
      expect(lines.filter((line) => line.includes('rendition not computed')), params).to.have.length(1);
      expect(lines.filter((line) => /stack|    at /.test(line)), params).to.deep.equal([]);
    }
    // The original is still served as uploaded.
    expect((await fetchPublic(w.api.url, url)).status).to.equal(200);
  });
});
