// Public media URLs across replicas and keys (issue #26): a workspace turning public media off is a
// 404 for all its URLs on every replica at once (the writer's before it answers the write, the
// others as the change's notice reaches them, as for the delivery cache); rotating the keyring's active key signs new URLs
// with the new key while old URLs keep working for as long as their key stays in the keyring.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { multipart } from './media-world.js';
import { countingVerifies, fetchPublic, makeImage, urlsFrom, withParams } from './public-images.js';

const key = () => crypto.randomBytes(32).toString('base64');

describe('public media across replicas and key rotation', function () {
  this.timeout(120_000);
  const keys = { one: key(), two: key() };
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-public-media-'));
  const shared = { Workers__Enabled: 'false', Storage__Local__BasePath: storageDir, Delivery__CacheSeconds: '60' };
  const withKeys = (active: string, list: Partial<typeof keys>) => ({
    ...shared,
    Secrets__ActiveKeyId: active,
    ...Object.fromEntries(Object.entries(list).map(([id, k]) => [`Secrets__EncryptionKeys__${id}`, k])),
  });
  let a: TestApi;
  let b: TestApi;
  let workspaceId: string;
  let admin: string;
  let url: string;
  let assetId: string;

  before(async () => {
    a = await startTestApi({ env: withKeys('one', keys) });
    b = await startTestApi({ env: withKeys('one', keys), databaseUrl: a.databaseUrl });
    workspaceId = (await createWorkspace(a)).id;
    // The asset below is used by no content: these tests are about replicas and keys, so the
    // workspace makes all its media public (public-url-rules.test.ts has the served-only default).
    await dbQuery(a, 'UPDATE workspaces SET all_media_public = true WHERE id = $1', [workspaceId]);
    admin = (await createActor(a, { role: 'Admin', superadmin: true })).token;
    const form = multipart({ fileName: 'p.jpg', contentType: 'image/jpeg', data: await makeImage('jpeg', 640, 480) });
    const res = await a.request('POST', `/api/v1/workspaces/${workspaceId}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: admin });
    expect(res.status, res.text).to.equal(201);
    assetId = res.body.id;
    url = (await urlsFrom(a, assetId)).url;
  });

  after(async () => {
    await b?.close();
    await a?.close();
  });

  it('turning public media off is 404 on every replica at once, and on again serves again', async () => {
    const rendition = withParams(url, 'w_160,f_webp');
    // Three times: computed, answered from memory by the route, then without it (warm-public-media.ts).
    for (const api of [a, b]) for (let i = 0; i < 3; i++) expect((await fetchPublic(api.url, rendition)).status).to.equal(200);
    for (const api of [a, b]) expect((await countingVerifies(api, () => fetchPublic(api.url, rendition))).verifies).to.equal(0);
    const wsPath = `/api/v1/workspaces/${workspaceId}`;
    const current = await a.get(wsPath, { token: admin });
    expect(current.body.publicMedia).to.equal(true);
    const off = await a.put(wsPath, { name: current.body.name, slug: current.body.slug, publicMedia: false }, { token: admin, headers: { 'if-match': current.headers.get('etag')! } });
    expect(off.status, off.text).to.equal(200);
    expect(off.body.publicMedia).to.equal(false);
    // The writer's replica: the very next request is refused (it applied the change's notice, which
    // also ends its kept asset rows, before answering the write).
    expect((await fetchPublic(a.url, rendition)).status).to.equal(404);
    expect((await fetchPublic(a.url, url)).status).to.equal(404);
    // The other replica, once the notice has reached it: a write there waits for its own barrier,
    // which PostgreSQL delivers after every notice committed before it (the event, not a sleep).
    // An upstream client's update (no publicMedia) keeps the setting.
    const kept = await b.put(wsPath, { name: 'Renamed', slug: current.body.slug }, { token: admin, headers: { 'if-match': off.headers.get('etag')! } });
    expect(kept.body.publicMedia).to.equal(false);
    expect((await fetchPublic(b.url, rendition)).status).to.equal(404);
    expect((await fetchPublic(b.url, url)).status).to.equal(404);
    const on = await b.put(wsPath, { name: 'Renamed', slug: current.body.slug, publicMedia: true }, { token: admin, headers: { 'if-match': kept.headers.get('etag')! } });
    expect(on.body.publicMedia).to.equal(true);
    // A 404 is never kept: both replicas serve again at once.
    for (const api of [a, b]) expect((await fetchPublic(api.url, rendition)).status).to.equal(200);
  });

  it('single flight is per process: two replicas computing one rendition store the same bytes under its key, whichever writes last', async () => {
    const keyOf = async (params: string) => {
      const found: string[] = [];
      const walk = (dir: string) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, e.name);
          if (e.isDirectory()) walk(full);
          else if (full.includes(`${path.sep}renditions${path.sep}`) && full.includes(assetId) && e.name.startsWith(params)) found.push(full);
        }
      };
      walk(storageDir);
      return found;
    };
    for (const [params, prefix] of [['w_320,f_webp', 'w320-'], ['w_320,f_avif', 'w320-'], ['w_480,f_jpeg', 'w480-'], ['w_480,f_png', 'w480-']] as const) {
      const rendition = withParams(url, params);
      // Replica a computes and stores; the object is removed; replica b (which never kept it)
      // computes it again and stores it under the same key: the bytes, and so the strong ETag, agree.
      const first = await fetchPublic(a.url, rendition);
      expect(first.status).to.equal(200);
      const files = (await keyOf(prefix)).filter((f) => f.endsWith(params.includes('avif') ? '.avif' : params.includes('jpeg') ? '.jpg' : params.includes('png') ? '.png' : '.webp'));
      expect(files).to.have.length(1);
      expect(fs.readFileSync(files[0]!).equals(first.bytes)).to.equal(true);
      fs.rmSync(files[0]!);
      const transforms = b.running.deps.renditions.transforms;
      const second = await fetchPublic(b.url, rendition);
      expect(b.running.deps.renditions.transforms - transforms).to.equal(1);
      expect(second.headers.get('etag')).to.equal(first.headers.get('etag'));
      expect(second.bytes.equals(first.bytes), params).to.equal(true);
      expect(fs.readFileSync(files[0]!).equals(first.bytes)).to.equal(true);
    }
    // Both at once, cold on both: each process computes at most once, every answer is the same
    // whole object, and the store holds it once (a write is staged and renamed into place).
    const cold = withParams(url, 'w_640,f_webp');
    const answers = await Promise.all([a, b, a, b].map((api) => fetchPublic(api.url, cold)));
    expect(answers.map((r) => r.status)).to.deep.equal([200, 200, 200, 200]);
    expect(answers.every((r) => r.bytes.equals(answers[0]!.bytes) && r.headers.get('etag') === answers[0]!.headers.get('etag'))).to.equal(true);
    const stored = (await keyOf('w640-')).filter((f) => f.endsWith('.webp'));
    expect(stored).to.have.length(1);
    expect(fs.readFileSync(stored[0]!).equals(answers[0]!.bytes)).to.equal(true);
    expect(fs.readdirSync(path.join(storageDir, '.staging'))).to.deep.equal([]);
  });

  it('key rotation: new URLs use the new key, old URLs work while the old key is kept, and are 403 once it is removed', async () => {
    expect(url.split('/')[6]).to.match(/^one\./);
    const rotated = await startTestApi({ env: withKeys('two', keys), databaseUrl: a.databaseUrl });
    try {
      const newUrl = (await urlsFrom(rotated, assetId)).url;
      expect(newUrl.split('/')[6]).to.match(/^two\./);
      expect((await fetchPublic(rotated.url, url)).status).to.equal(200);
      expect((await fetchPublic(rotated.url, newUrl)).status).to.equal(200);
      // A replica not rotated yet knows the new key too: both URLs work there.
      expect((await fetchPublic(a.url, newUrl)).status).to.equal(200);
    } finally {
      await rotated.close();
    }
    const retired = await startTestApi({ env: withKeys('two', { two: keys.two }), databaseUrl: a.databaseUrl });
    try {
      expect((await fetchPublic(retired.url, url)).status).to.equal(403);
    } finally {
      await retired.close();
    }
  });
});
