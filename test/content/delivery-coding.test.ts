// gzip content coding of the content list (handlers/content-coding.ts and delivery-read.ts): a
// client that accepts gzip gets the page gzipped with the gzip representation's own tag, any other
// the JSON; both carry Vary: Accept-Encoding; a conditional request naming either coding's tag is
// 304 while the content is unchanged. Raw answers are read with node:http (fetch would decode them);
// every other request goes through the contract-checked client.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { acceptsGzip } from '../../server/src/handlers/content-coding.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { statementRecorder } from '../helpers/statements.js';
import { createPerson, expectStatus, publishNow, startColdDeliveryWorld, type ContentWorld } from './content-fixture.js';

const { onStatement } = statementRecorder();

interface RawAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly bytes: Buffer;
}

/** GET `path` with exactly these headers, the body's bytes as sent (no decoding). */
function rawGet(api: TestApi, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(api.url + path);
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe('content coding of the content list', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: ContentWorld;
  let slug: string;
  before(async () => {
    ({ api, w } = await startColdDeliveryWorld(onStatement));
    for (const name of ['Coded one', 'Coded two', 'Coded three']) {
      const p = await createPerson(w, name);
      await publishNow(w, p.id, 1);
      slug = p.slug;
    }
  });
  after(() => api.close());

  const PAGE = '/content?resolve=true&pageSize=10';
  const raw = (query: string, headers: Record<string, string> = {}, on: TestApi = api) =>
    rawGet(on, `${w.base}${query}`, { authorization: `Bearer ${w.reader}`, ...headers });

  describe('Accept-Encoding', () => {
    const cases: [string | undefined, boolean][] = [
      [undefined, false],
      ['', false],
      ['gzip', true],
      ['GZip', true],
      ['x-gzip', true],
      ['gzip, deflate, br', true],
      ['br;q=1.0, gzip;q=0.5', true],
      ['gzip;q=0', false],
      ['gzip ; q=0.000', false],
      ['*', true],
      ['*;q=0', false],
      ['gzip;q=0, *', false],
      ['identity', false],
      ['br, deflate', false],
      ['deflate, *;q=0.1', true],
    ];
    for (const [header, accepted] of cases) {
      it(`${JSON.stringify(header)} ${accepted ? 'accepts' : 'does not accept'} gzip`, () => {
        expect(acceptsGzip(header)).to.equal(accepted);
      });
    }
  });

  it('sends the page gzipped to a client that accepts gzip, the same JSON to one that does not, each with its own tag', async () => {
    // The first read stores the page; the next ones are served from it (gzipped as stored, and decompressed).
    for (let round = 0; round < 2; round++) {
      const plain = await raw(PAGE);
      const gzipped = await raw(PAGE, { 'accept-encoding': 'gzip, deflate' });
      expect(plain.status).to.equal(200);
      expect(gzipped.status).to.equal(200);
      expect(plain.headers['content-encoding']).to.equal(undefined);
      expect(gzipped.headers['content-encoding']).to.equal('gzip');
      for (const a of [plain, gzipped]) {
        expect(a.headers.vary).to.equal('Accept-Encoding');
        expect(Number(a.headers['content-length'])).to.equal(a.bytes.length);
        expect(a.headers['content-type']).to.match(/^application\/json/);
      }
      expect(gunzipSync(gzipped.bytes).equals(plain.bytes)).to.equal(true);
      expect(gzipped.bytes.length).to.be.lessThan(plain.bytes.length);
      const tag = plain.headers.etag!;
      expect(tag).to.match(/^"[A-Za-z0-9_-]+"$/);
      expect(gzipped.headers.etag).to.equal(`${tag.slice(0, -1)}.gz"`);
      expect(JSON.parse(plain.bytes.toString()).items.map((i: { title: string }) => i.title)).to.include.members(['Coded one', 'Coded two', 'Coded three']);
    }
  });

  it('answers 304 to either coding\'s tag, with the tag of the coding it would send and Vary', async () => {
    const plainTag = (await raw(PAGE)).headers.etag!;
    const gzipTag = (await raw(PAGE, { 'accept-encoding': 'gzip' })).headers.etag!;
    for (const [sent, acceptEncoding, answered] of [
      [gzipTag, 'gzip', gzipTag],
      [plainTag, 'gzip', gzipTag],
      [gzipTag, 'identity', plainTag],
      [`"other", ${gzipTag}`, 'gzip', gzipTag],
    ] as const) {
      const res = await w.api.get(`${w.base}${PAGE}`, { token: w.reader, headers: { 'if-none-match': sent, 'accept-encoding': acceptEncoding } });
      expectStatus(res, 304);
      expect(res.headers.get('etag')).to.equal(answered);
      expect(res.headers.get('vary')).to.equal('Accept-Encoding');
    }
    // A changed list: 200 with the new page, whatever tag was held.
    const p = await createPerson(w, 'Coded four');
    await publishNow(w, p.id, 1);
    const changed = await w.api.get(`${w.base}${PAGE}`, { token: w.reader, headers: { 'if-none-match': gzipTag } });
    expectStatus(changed, 200);
    expect(changed.body.items.map((i: { title: string }) => i.title)).to.include('Coded four');
    expect(changed.headers.get('etag')).to.not.equal(gzipTag);
  });

  it('codes every published list the same way: built at an instant, searched, plain, and from the in-process cache', async () => {
    const cached = await startTestApi({ env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '60' }, databaseUrl: api.databaseUrl });
    try {
      const at = encodeURIComponent(new Date().toISOString());
      for (const [query, on] of [
        [`/content?resolve=true&asOf=${at}`, api],
        ['/content?resolve=true&q=Coded', api],
        ['/content?pageSize=5', api],
        [PAGE, cached],
        [PAGE, cached],
      ] as const) {
        const gzipped = await raw(query, { 'accept-encoding': 'gzip' }, on);
        const plain = await raw(query, {}, on);
        expect(gzipped.headers['content-encoding'], query).to.equal('gzip');
        expect(plain.headers['content-encoding'], query).to.equal(undefined);
        expect(gunzipSync(gzipped.bytes).equals(plain.bytes), query).to.equal(true);
        expect(gzipped.headers.etag, query).to.equal(`${plain.headers.etag!.slice(0, -1)}.gz"`);
        expect(plain.headers.vary, query).to.equal('Accept-Encoding');
      }
      expect((await raw(PAGE, { 'accept-encoding': 'gzip' }, cached)).headers['x-verso-cache']).to.equal('hit');
    } finally {
      await cached.close();
    }
  });

  it('sends by-slug answers as JSON whatever the client accepts', async () => {
    const res = await raw(`/content/by-slug/${slug}`, { 'accept-encoding': 'gzip' });
    expect(res.status).to.equal(200);
    expect(res.headers['content-encoding']).to.equal(undefined);
    expect(res.headers.vary).to.equal(undefined);
    expect(JSON.parse(res.bytes.toString()).slug).to.equal(slug);
  });
});
