// Streams end to end, measured: a 50 MiB file (the default Media__MaxFileSizeMb) is uploaded to
// and downloaded from a server child process on each provider while its resident memory is sampled
// every 10 ms; it may grow by less than 32 MiB over what it was just before. Then a SIGKILL in the
// middle of an upload: after a restart, the stale-upload pass marks the row UploadFailed and the
// deletion worker removes whatever was written.
import { expect } from 'chai';
import { assertMatchesContract } from '../helpers/contract-validator.js';
import { PROVIDERS } from './media-world.js';
import { startProcessWorld, type ProcessWorld } from './process-world.js';
import { peakDuring } from './server-process.js';
import { streamDownload, streamUpload, type StreamedUpload } from './streamed-client.js';

const MiB = 1024 * 1024;
const FILE = 50 * MiB;
const GROWTH_LIMIT = 32 * MiB;

function checkUpload(w: ProcessWorld, res: StreamedUpload): void {
  const headers = new Headers(Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]])));
  assertMatchesContract({ method: 'POST', path: `${w.base}/media`, status: res.status, contentType: headers.get('content-type'), body: res.body, headers });
}

for (const provider of PROVIDERS) {
  describe(`large files through a server process (${provider})`, function () {
    this.timeout(180_000);
    let w: ProcessWorld;
    before(async () => {
      w = await startProcessWorld(provider);
    });
    after(async () => {
      await w?.close();
    });

    it('uploads and downloads 50 MiB with the server growing by less than 32 MiB for each', async () => {
      // Warm-up: the code paths of both directions loaded and compiled before the baseline.
      const warm = await streamUpload({ url: w.server.url, path: `${w.base}/media`, token: w.editor, sizeBytes: 2 * MiB });
      expect('status' in warm && warm.status).to.equal(201);
      await streamDownload(w.server.url, `${w.base}/media/${(warm as StreamedUpload).body.id}/file`, w.editor);

      const uploadBaseline = w.server.rss();
      const up = await peakDuring(w.server.rss, () => streamUpload({ url: w.server.url, path: `${w.base}/media`, token: w.editor, sizeBytes: FILE }));
      if ('error' in up.result) throw up.result.error;
      expect(up.result.status, JSON.stringify(up.result.body)).to.equal(201);
      checkUpload(w, up.result);
      expect(up.result.body.sizeBytes).to.equal(FILE);
      const uploadGrowth = up.peak - uploadBaseline;

      const downloadBaseline = w.server.rss();
      const uploaded = up.result;
      const down = await peakDuring(w.server.rss, () => streamDownload(w.server.url, `${w.base}/media/${uploaded.body.id}/file`, w.editor));
      expect(down.result.status).to.equal(200);
      expect(down.result.sizeBytes).to.equal(FILE);
      expect(down.result.sha256).to.equal(uploaded.sha256);
      expect(down.result.headers['content-length']).to.equal(String(FILE));
      const downloadGrowth = down.peak - downloadBaseline;

      // Reported for the record (the mocha output shows them with the test).
      console.log(`      ${provider}: upload RSS growth ${(uploadGrowth / MiB).toFixed(1)} MiB, download ${(downloadGrowth / MiB).toFixed(1)} MiB`);
      expect(uploadGrowth, 'upload').to.be.below(GROWTH_LIMIT);
      expect(downloadGrowth, 'download').to.be.below(GROWTH_LIMIT);
    });

    it('SIGKILL mid-upload: after a restart the stale pass marks it UploadFailed and the blob goes', async () => {
      const upload = streamUpload({
        url: w.server.url,
        path: `${w.base}/media`,
        token: w.editor,
        sizeBytes: 40 * MiB,
        fileName: 'killed.png',
        onWritten: { bytes: 12 * MiB, then: () => undefined },
        stallAfterOnWritten: true,
      });
      // Once the row exists and bytes have reached the store, the server is killed without warning.
      const row = await waitFor(async () => (await w.query(`SELECT id, storage_key, blob_state FROM media_assets WHERE file_name = 'killed.png'`))[0]);
      expect(row.blob_state).to.equal('PendingUpload');
      await new Promise((r) => setTimeout(r, 300));
      await w.server.kill();
      const result = await upload;
      expect('error' in result).to.equal(true);
      // What the killed write left: a staging file on disk (on S3 an unfinished multipart upload,
      // which is no object).
      if (w.provider === 'local') expect(await leftovers(w, row.id)).to.have.length(1);
      expect((await w.query(`SELECT blob_state FROM media_assets WHERE id = $1`, [row.id]))[0].blob_state).to.equal('PendingUpload');

      // As if AbandonedUploadMinutes had passed; the restarted replica's worker runs every second.
      await w.query(`UPDATE media_assets SET created_at = now() - interval '31 minutes' WHERE id = $1`, [row.id]);
      await w.restart({ Workers__Enabled: 'true', Media__Operations__IntervalSeconds: '1' });
      const intent = await waitFor(async () => (await w.query(`SELECT * FROM media_deletion_intents WHERE media_asset_id IS NULL AND storage_key = $1 AND completed_at IS NOT NULL`, [row.storage_key]))[0], 30_000);
      expect(intent.reason).to.equal('stale_upload');
      expect(await w.query(`SELECT 1 FROM media_assets WHERE id = $1`, [row.id])).to.deep.equal([]);
      const file = await streamDownload(w.server.url, `${w.base}/media/${row.id}/file`, w.editor);
      expect(file.status).to.equal(404);
      expect(await leftovers(w, row.id)).to.deep.equal([]);
    });
  });
}

/** Anything of the asset left in the store: local files (staging included) or S3 objects. */
async function leftovers(w: ProcessWorld, assetId: string): Promise<string[]> {
  if (w.provider === 'local') {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.join(w.dataDirectory, 'media');
    if (!fs.existsSync(root)) return [];
    // Staging files are named by a hash of the key: any left at all is a write nobody finished.
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.includes(assetId) || (f.startsWith('.staging/') && f !== '.staging/'));
  }
  const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: w.s3!.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: w.s3!.accessKey, secretAccessKey: w.s3!.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    const out = await client.send(new ListObjectsV2Command({ Bucket: w.s3!.bucket, Prefix: 'verso/' }));
    return (out.Contents ?? []).map((o) => o.Key!).filter((k) => k.includes(assetId));
  } finally {
    client.destroy();
  }
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
