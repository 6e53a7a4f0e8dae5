// POST /workspaces/{workspaceId}/media on both providers: the 201 and what is stored behind it, and
// every refusal — over the size limit (413, leaving the database and the store exactly as before),
// a type outside the allow-list or contradicted by the file's first bytes (415), an empty file or a
// malformed form (400), a client that goes away mid-upload (UploadFailed, an intent, no blob after
// the worker).
import crypto from 'node:crypto';
import { expect } from 'chai';
import { dbQuery } from '../helpers/actors.js';
import { runDeletionPass } from '../../server/src/workers/media-deletion.js';
import {
  assetRow,
  download,
  forEachProvider,
  intentsFor,
  lifecycleOf,
  mediaSnapshot,
  multipart,
  pdfBytes,
  pngBytes,
  rawRequest,
  storeContents,
  upload,
  waitFor,
} from './media-world.js';

const LIMIT_MB = 1;
const LIMIT = LIMIT_MB * 1024 * 1024;


forEachProvider(
  'POST /workspaces/{workspaceId}/media',
  (world, provider) => {
    it('stores the file as it streams in and answers 201 with the asset, its ETag and Location', async () => {
      const w = world();
      const data = pngBytes(5000);
      const res = await upload(w, { fileName: 'Sunset at "the" bay.png', contentType: 'image/png', data }, { altText: '  The bay at dusk  ' });
      expect(res.status, res.text).to.equal(201);
      const id = res.body.id as string;
      expect(res.body).to.deep.include({
        fileName: 'Sunset at "the" bay.png',
        mimeType: 'image/png',
        sizeBytes: 5000,
        altText: 'The bay at dusk',
        url: `${w.base}/media/${id}/file`,
      });
      expect(res.headers.get('location')).to.equal(`${w.base}/media/${id}`);
      // The pending row was version 1; completing the upload is a new version (issue #27), and the
      // answer's ETag is the one a read of the asset gives.
      expect(res.headers.get('etag')).to.match(/^"2-/);
      expect((await w.api.get(`${w.base}/media/${id}`, { token: w.reader })).headers.get('etag')).to.equal(res.headers.get('etag'));
      const row = await assetRow(w, id);
      expect(row).to.include({ blob_state: 'Available', provider, mime_type: 'image/png', is_deleted: false });
      expect(row!.storage_key).to.match(new RegExp(`^verso/media/${w.workspaceId}/\\d{4}/\\d{2}/${id}_Sunset_at_the_bay\\.png$`));
      expect(row!.content_sha256).to.equal(crypto.createHash('sha256').update(data).digest('hex'));
      const object = await w.storage.head(row!.storage_key);
      expect(object?.sizeBytes).to.equal(5000);
      const file = await download(w, id);
      expect(file.status).to.equal(200);
      expect(file.bytes.equals(data)).to.equal(true);
      const audit = await dbQuery(w.api, `SELECT action FROM audit_log WHERE entity_type = 'MediaAsset' AND entity_id = $1`, [id]);
      expect(audit.map((a) => a.action)).to.deep.equal(['Created']);
    });

    it('takes alt text sent after the file, and a file without alt text', async () => {
      const w = world();
      const after = await upload(w, { fileName: 'a.pdf', contentType: 'application/pdf', data: pdfBytes(100) }, { altText: 'later', altTextAfter: true });
      expect(after.status, after.text).to.equal(201);
      expect(after.body.altText).to.equal('later');
      const none = await upload(w, { fileName: 'b.txt', contentType: 'text/plain; charset=utf-8', data: Buffer.from('words') });
      expect(none.status, none.text).to.equal(201);
      expect(none.body).to.include({ altText: null, mimeType: 'text/plain' });
    });

    it('one byte over Media__MaxFileSizeMb is 413, and the database and the store are exactly as before', async () => {
      const w = world();
      const exact = await upload(w, { fileName: 'exact.png', contentType: 'image/png', data: pngBytes(LIMIT) });
      expect(exact.status, exact.text).to.equal(201);
      const before = await mediaSnapshot(w);
      const over = await upload(w, { fileName: 'over.png', contentType: 'image/png', data: pngBytes(LIMIT + 1) });
      expect(over.status).to.equal(413);
      expect(over.body.type).to.equal('https://verso.dev/errors/payload-too-large');
      expect(await mediaSnapshot(w)).to.deep.equal(before);
    });

    it('a declared length far over the limit is 413 before anything is read', async () => {
      const w = world();
      const before = await mediaSnapshot(w);
      const res = await rawRequest(
        w,
        { method: 'POST', path: `${w.base}/media`, headers: { authorization: `Bearer ${w.editor}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': 10 * LIMIT } },
        (req) => req.write('--x\r\n'),
      );
      expect('status' in res && res.status).to.equal(413);
      expect(await mediaSnapshot(w)).to.deep.equal(before);
    });

    it('415 for a type outside the allow-list, or one the first bytes contradict; 400 for an empty file — nothing kept', async () => {
      const w = world();
      const before = await mediaSnapshot(w);
      const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
      const cases: [string, Buffer, number][] = [
        ['text/html', html, 415],
        ['application/octet-stream', pngBytes(), 415],
        ['image/png', html, 415],
        ['image/jpeg', pngBytes(), 415],
        ['application/pdf', Buffer.from('not a pdf at all'), 415],
        ['text/plain', pngBytes(), 415],
        ['image/png', Buffer.alloc(0), 400],
      ];
      for (const [type, data, status] of cases) {
        const res = await upload(w, { fileName: 'x.bin', contentType: type, data });
        expect(res.status, `${type}: ${res.text}`).to.equal(status);
      }
      expect(await mediaSnapshot(w)).to.deep.equal(before);
    });

    it('400 for a form without a file part, with an overlong altText, or malformed', async () => {
      const w = world();
      const before = await mediaSnapshot(w);
      const noFile = multipart({ name: 'other', fileName: 'a.png', contentType: 'image/png', data: pngBytes() });
      const r1 = await w.api.request('POST', `${w.base}/media`, { rawBody: noFile.body, headers: { 'content-type': noFile.contentType }, token: w.editor });
      expect(r1.status, r1.text).to.equal(400);
      const long = await upload(w, { fileName: 'a.png', contentType: 'image/png', data: pngBytes() }, { altText: 'x'.repeat(1001) });
      expect(long.status, long.text).to.equal(400);
      const broken = await w.api.request('POST', `${w.base}/media`, {
        rawBody: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\nabc',
        headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
        token: w.editor,
      });
      expect(broken.status, broken.text).to.equal(400);
      // The malformed form was cut short after its file started: the row it got is UploadFailed with
      // an intent, never visible; nothing else changed.
      const after = await mediaSnapshot(w);
      const added = after.assets.filter((a) => !before.assets.some((b) => b.id === a.id));
      expect(added.map((a) => a.blob_state)).to.deep.equal(added.length ? ['UploadFailed'] : []);
    });

    it('Reader 403, no token 401, another workspace 404 — before the body is read', async () => {
      const w = world();
      const form = multipart({ fileName: 'a.png', contentType: 'image/png', data: pngBytes() });
      const send = (token: string | undefined, base = w.base) =>
        w.api.request('POST', `${base}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token });
      expect((await send(w.reader)).status).to.equal(403);
      expect((await send(undefined)).status).to.equal(401);
      expect((await send(w.editor, `/api/v1/workspaces/${crypto.randomUUID()}`)).status).to.equal(404);
    });

    it('a client that goes away mid-upload leaves UploadFailed with an intent, and no blob once the worker ran', async () => {
      const w = world();
      const form = multipart({ fileName: 'half.png', contentType: 'image/png', data: pngBytes(LIMIT - 1000) });
      const half = form.body.subarray(0, Math.floor(form.body.length / 2));
      const result = rawRequest(
        w,
        { method: 'POST', path: `${w.base}/media`, headers: { authorization: `Bearer ${w.editor}`, 'content-type': form.contentType, 'content-length': form.body.length } },
        (req) => {
          req.write(half);
          // Long enough for the server to commit the row and start the blob, then the client is gone.
          setTimeout(() => req.destroy(), 300);
        },
      );
      await result;
      const row = await waitFor('the failed upload row', async () => {
        const rows = await dbQuery(w.api, `SELECT * FROM media_assets WHERE file_name = 'half.png'`);
        return rows[0]?.blob_state === 'UploadFailed' ? rows[0] : undefined;
      });
      const [intent] = await intentsFor(w, 'media_asset_id = $1', [row.id]);
      expect(intent).to.include({ reason: 'upload_failed', storage_key: row.storage_key, provider });
      expect(new Date(intent!.due_at).getTime()).to.be.at.most(Date.now() + 1000);
      await runDeletionPass(lifecycleOf(w), new AbortController().signal);
      expect(await w.storage.head(row.storage_key)).to.equal(null);
      expect(await assetRow(w, row.id)).to.equal(undefined);
      const [done] = await intentsFor(w, 'id = $1', [intent!.id]);
      expect(done!.completed_at).to.not.equal(null);
      expect((await storeContents(w)).filter((k) => k.includes(row.id))).to.deep.equal([]);
    });
  },
  { Media__MaxFileSizeMb: String(LIMIT_MB) },
);
