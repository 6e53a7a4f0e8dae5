// HEAD is answered wherever GET is, as that GET (RFC 9110 §9.3.2): the same status and headers —
// ETag, Content-Length, conditional requests and their 304 — and no body. CDNs and link checkers
// rely on it. The contract states this once (its description) instead of an operation per path;
// every answer here is still checked against the contract as its GET's.
import { expect } from 'chai';
import { startTestApi, type ApiResponse } from '../helpers/api.js';
import { assertMatchesContract } from '../helpers/contract-validator.js';
import { createArticle, publishNow, startContentWorld, type ContentWorld } from '../content/content-fixture.js';
import { startMediaWorld, uploadPng, type MediaWorld } from '../media/media-world.js';
import { countingVerifies, fetchPublic, makeImage, uploadImage, urlsOf, withParams } from '../media/public-images.js';

/** Headers that differ between any two answers (time, per-request ids), left out of comparisons. */
const PER_REQUEST = new Set(['date', 'x-correlation-id', 'traceparent', 'keep-alive', 'connection', 'x-session-expires-at', 'ratelimit', 'x-verso-cache']);

function headersOf(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => !PER_REQUEST.has(name)));
}

/** A request by `method` without the SDK or the test client's parsing: the bytes as sent, checked against the contract. */
async function raw(url: string, method: 'GET' | 'HEAD', path: string, headers: Record<string, string> = {}) {
  const res = await fetch(url + path, { method, headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type');
  const body = contentType?.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : bytes.length > 0 ? bytes : undefined;
  assertMatchesContract({ method, path: path.split('?')[0]!, status: res.status, contentType, body, headers: res.headers });
  return { status: res.status, headers: res.headers, bytes };
}

/** GET then HEAD of the same request: HEAD must answer the GET's status and headers, and no body. */
async function expectHeadLikeGet(url: string, path: string, headers: Record<string, string> = {}) {
  const get = await raw(url, 'GET', path, headers);
  const head = await raw(url, 'HEAD', path, headers);
  expect(head.status, `HEAD ${path}`).to.equal(get.status);
  expect(head.bytes.length, `HEAD ${path} body`).to.equal(0);
  expect(headersOf(head.headers), `HEAD ${path} headers`).to.deep.equal(headersOf(get.headers));
  return { get, head };
}

describe('HEAD', () => {
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  it('answers a JSON read as its GET: status, Content-Type, Content-Length and ETag, without the body', async () => {
    const item = await createArticle(w, 'Head of the class');
    const { get } = await expectHeadLikeGet(w.api.url, `${w.base}/content/${item.id}`, auth(w.reader));
    expect(get.status).to.equal(200);
    expect(get.headers.get('etag')).to.be.a('string');
    expect(Number(get.headers.get('content-length'))).to.equal(get.bytes.length);
    // The workspace list, a paged read without an ETag, too.
    expect((await expectHeadLikeGet(w.api.url, '/api/v1/workspaces', auth(w.admin))).get.status).to.equal(200);
  });

  it('answers the delivery reads as their GETs, cold and cached, and honours If-None-Match with 304', async () => {
    const item = await createArticle(w, 'Delivered by head');
    await publishNow(w, item.id, 1);
    const path = `${w.base}/content/by-slug/${item.slug}`;
    // Uncompressed and gzip-coded answers alike (delivery codes its bodies per Accept-Encoding).
    for (const encoding of ['identity', 'gzip']) {
      const { get } = await expectHeadLikeGet(w.api.url, path, { ...auth(w.reader), 'accept-encoding': encoding });
      expect(get.status).to.equal(200);
      const etag = get.headers.get('etag')!;
      expect(etag).to.be.a('string');
      const conditional = await expectHeadLikeGet(w.api.url, path, { ...auth(w.reader), 'accept-encoding': encoding, 'if-none-match': etag });
      expect(conditional.head.status).to.equal(304);
    }
    const list = await expectHeadLikeGet(w.api.url, `${w.base}/content?resolve=true&pageSize=5`, auth(w.reader));
    expect(list.get.status).to.equal(list.head.status);
  });

  it('refuses as its GET does: 401 without a credential, 404 for an unknown item, with problem headers and no body', async () => {
    const unknown = `${w.base}/content/0190a0a0-0000-7000-8000-000000000000`;
    const anonymous = await expectHeadLikeGet(w.api.url, unknown);
    expect(anonymous.head.status).to.equal(401);
    expect(anonymous.head.headers.get('content-type')).to.match(/^application\/problem\+json/);
    const missing = await expectHeadLikeGet(w.api.url, unknown, auth(w.reader));
    expect(missing.head.status).to.equal(404);
  });

  it('is 405 where the path has no GET, and every Allow lists HEAD next to GET', async () => {
    const login = await raw(w.api.url, 'HEAD', '/api/v1/auth/login');
    expect(login.status).to.equal(405);
    expect(login.headers.get('allow')).to.equal('POST');
    expect(login.bytes.length).to.equal(0);
    const res: ApiResponse = await w.api.request('PATCH', `${w.base}/content`, { token: w.editor, body: {} });
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')!.split(', ')).to.include.members(['GET', 'HEAD', 'POST']);
    const unknown = await raw(w.api.url, 'HEAD', '/api/v1/no-such-route');
    expect(unknown.status).to.equal(404);
    expect(unknown.bytes.length).to.equal(0);
  });

  it('lets a browser preflight ask for HEAD wherever it may ask for GET', async () => {
    const origin = 'https://app.example';
    const api = await startTestApi({ env: { Cors__AllowedOrigins__0: origin } });
    try {
      const res = await fetch(`${api.url}/api/v1/workspaces`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'HEAD', 'access-control-request-headers': 'authorization' },
      });
      await res.arrayBuffer();
      expect(res.headers.get('access-control-allow-origin')).to.equal(origin);
      expect(res.headers.get('access-control-allow-methods')!.split(', ')).to.include.members(['GET', 'HEAD']);
    } finally {
      await api.close();
    }
  });
});

describe('HEAD on media', () => {
  let m: MediaWorld;
  before(async () => {
    m = await startMediaWorld('local');
  });
  after(() => m.close());

  it('answers a download as its GET: Content-Length, ETag and Content-Disposition, without the file', async () => {
    const { id } = await uploadPng(m, 'head.png', 4096);
    const path = `${m.base}/media/${id}/file`;
    const { get, head } = await expectHeadLikeGet(m.api.url, path, { authorization: `Bearer ${m.reader}` });
    expect(get.status).to.equal(200);
    expect(Number(head.headers.get('content-length'))).to.equal(get.bytes.length);
    expect(head.headers.get('content-disposition')).to.match(/head\.png/);
    const conditional = await expectHeadLikeGet(m.api.url, path, { authorization: `Bearer ${m.reader}`, 'if-none-match': get.headers.get('etag')! });
    expect(conditional.head.status).to.equal(304);
  });

  it('answers public media URLs (original, rendition; routed and answered from memory) as their GETs, 304 included', async () => {
    const id = await uploadImage(m, 'Head shot.png', 'image/png', await makeImage('png', 640, 480));
    const { url } = await urlsOf(m, id);
    const rendition = withParams(url, 'w_320,f_webp');
    for (const path of [url, rendition]) {
      // The first GET computes or reads; the ones after are answered from memory.
      await fetchPublic(m.api.url, path);
      const { get } = await expectHeadLikeGet(m.api.url, path);
      expect(get.status).to.equal(200);
      expect(Number(get.headers.get('content-length'))).to.equal(get.bytes.length);
      const etag = get.headers.get('etag')!;
      const conditional = await expectHeadLikeGet(m.api.url, path, { 'if-none-match': etag });
      expect(conditional.head.status).to.equal(304);
    }
    // A HEAD of a URL answered from memory before skips the router, as its GET does.
    const { result, verifies } = await countingVerifies(m.api, () => raw(m.api.url, 'HEAD', rendition));
    expect(result.status).to.equal(200);
    expect(verifies).to.equal(0);
  });
});
