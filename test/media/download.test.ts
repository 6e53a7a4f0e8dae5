// GET /workspaces/{workspaceId}/media/{id}/file on both providers: streamed bytes with their type,
// length, disposition (inline for images, attachment otherwise; RFC 6266 names), nosniff, a strong
// ETag and Cache-Control; If-None-Match → 304; one Range → 206, several → 200, past the end → 416.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { dbQuery } from '../helpers/actors.js';
import { assetRow, download, forEachProvider, pdfBytes, upload, uploadPng } from './media-world.js';

forEachProvider('GET /workspaces/{workspaceId}/media/{id}/file', (world) => {
  const data = Buffer.concat([pdfBytes(16), crypto.randomBytes(10_000)]);
  let pdf: string;
  before(async () => {
    const res = await upload(world(), { fileName: 'Ünïcødé "report"; 2026 – final.pdf', contentType: 'application/pdf', data });
    expect(res.status, res.text).to.equal(201);
    pdf = res.body.id;
  });

  it('streams the whole file with its headers; attachment for a document, with both filename forms', async () => {
    const w = world();
    const res = await download(w, pdf);
    expect(res.status).to.equal(200);
    expect(res.bytes.equals(data)).to.equal(true);
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    expect(res.headers.get('content-length')).to.equal(String(data.length));
    expect(res.headers.get('accept-ranges')).to.equal('bytes');
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('cache-control')).to.equal('private, max-age=3600');
    expect(res.headers.get('content-disposition')).to.equal(
      `attachment; filename="Unic_de _report_; 2026 _ final.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B8d%C3%A9%20%22report%22%3B%202026%20%E2%80%93%20final.pdf`,
    );
    const sha = crypto.createHash('sha256').update(data).digest('base64url');
    expect(res.headers.get('etag')).to.equal(`"sha256-${sha}"`);
  });

  it('images are inline', async () => {
    const w = world();
    const { id } = await uploadPng(w, '日本の写真.png', 300);
    const res = await download(w, id);
    expect(res.headers.get('content-disposition')).to.equal(`inline; filename="_____.png"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E3%81%AE%E5%86%99%E7%9C%9F.png`);
    expect(res.headers.get('content-type')).to.equal('image/png');
  });

  it('If-None-Match with the current tag (alone, in a list, weak, or *) is 304 without a body', async () => {
    const w = world();
    const etag = (await download(w, pdf)).headers.get('etag')!;
    for (const header of [etag, `"nope", ${etag}`, `W/${etag}`, '*']) {
      const res = await download(w, pdf, { 'if-none-match': header });
      expect(res.status, header).to.equal(304);
      expect(res.bytes.length).to.equal(0);
      expect(res.headers.get('etag')).to.equal(etag);
    }
    expect((await download(w, pdf, { 'if-none-match': '"stale"' })).status).to.equal(200);
  });

  it('one range is 206 with exactly those bytes: first-last, open-ended and suffix', async () => {
    const w = world();
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=5000-', 5000, data.length - 1],
      ['bytes=-300', data.length - 300, data.length - 1],
      [`bytes=9990-${data.length + 500}`, 9990, data.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await download(w, pdf, { range });
      expect(res.status, range).to.equal(206);
      expect(res.headers.get('content-range')).to.equal(`bytes ${start}-${end}/${data.length}`);
      expect(res.headers.get('content-length')).to.equal(String(end - start + 1));
      expect(res.bytes.equals(data.subarray(start, end + 1)), range).to.equal(true);
    }
  });

  it('several ranges, another unit or a malformed range get the whole file (200)', async () => {
    const w = world();
    for (const range of ['bytes=0-1,5-9', 'items=0-5', 'bytes=9-2', 'bytes=x-']) {
      const res = await download(w, pdf, { range });
      expect(res.status, range).to.equal(200);
      expect(res.bytes.equals(data)).to.equal(true);
    }
  });

  it('a range starting past the end is 416 with the size in Content-Range', async () => {
    const w = world();
    const res = await download(w, pdf, { range: `bytes=${data.length}-` });
    expect(res.status).to.equal(416);
    expect(res.headers.get('content-range')).to.equal(`bytes */${data.length}`);
    expect(JSON.parse(res.bytes.toString()).type).to.equal('https://verso.dev/errors/range-not-satisfiable');
  });

  it('needs a token (401) and a grant on the workspace (404); hidden assets are 404', async () => {
    const w = world();
    const anonymous = await fetch(`${w.api.url}${w.base}/media/${pdf}/file`);
    expect(anonymous.status).to.equal(401);
    expect((await download(w, crypto.randomUUID())).status).to.equal(404);
    const { id } = await uploadPng(w, 'hidden.png');
    for (const state of ['PendingUpload', 'UploadFailed', 'Missing']) {
      await dbQuery(w.api, 'UPDATE media_assets SET blob_state = $2 WHERE id = $1', [id, state]);
      expect((await download(w, id)).status, state).to.equal(404);
      expect((await w.api.get(`${w.base}/media/${id}`, { token: w.reader })).status, state).to.equal(404);
    }
  });

  it('an asset of another provider than this replica\'s is 404 and stays Available (nothing is known of its bytes)', async () => {
    const w = world();
    const { id } = await uploadPng(w, 'elsewhere.png');
    const other = w.provider === 'local' ? 's3' : 'local';
    await dbQuery(w.api, 'UPDATE media_assets SET provider = $2 WHERE id = $1', [id, other]);
    expect((await download(w, id)).status).to.equal(404);
    expect((await assetRow(w, id))!.blob_state).to.equal('Available');
  });

  it('an Available asset whose object is gone is 404 and becomes Missing', async () => {
    const w = world();
    const { id } = await uploadPng(w, 'gone.png');
    const row = await assetRow(w, id);
    await w.storage.delete(row!.storage_key);
    expect((await download(w, id)).status).to.equal(404);
    expect((await assetRow(w, id))!.blob_state).to.equal('Missing');
  });
});
