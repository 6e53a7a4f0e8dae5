// The media functions against the real API (in-process, real storage on its data directory): an
// upload with progress and alt text, the buffered download with its file name and type, and the
// streaming download whole, as a range and as a 304.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { createActor, createWorkspace } from '../../../test/helpers/actors.js';
import { downloadMediaFile, openMediaDownload, uploadMediaFile, VersoApiError, VersoClient, type MediaAsset, type UploadProgress } from '../../src/index.js';

describe('SDK media transfers against the real API', function () {
  this.timeout(60_000);
  let api: TestApi;
  let client: VersoClient;
  let workspaceId: string;
  let asset: MediaAsset;
  // A few hundred KiB of text, so the body goes out in many chunks.
  const text = Array.from({ length: 12_000 }, (_, i) => `line ${i}: the quick brown fox jumps over the lazy dog\n`).join('');
  const content = new TextEncoder().encode(text);

  before(async () => {
    api = await startTestApi();
    workspaceId = (await createWorkspace(api)).id;
    const editor = await createActor(api, { role: 'Editor', grants: { [workspaceId]: 'Write' } });
    client = new VersoClient({ baseUrl: api.url, token: editor.token });
  });
  after(async () => {
    await api?.close();
  });

  it('uploads a file streamed with alt text, reporting progress up to the whole body', async () => {
    const progress: UploadProgress[] = [];
    asset = await uploadMediaFile(client, {
      workspaceId,
      file: new Blob([content]).stream(),
      size: content.byteLength,
      fileName: 'Über notes.txt',
      contentType: 'text/plain',
      altText: 'Field notes',
      onProgress: (p) => progress.push(p),
    });
    expect(asset).to.include({ fileName: 'Über notes.txt', sizeBytes: content.byteLength, altText: 'Field notes' });
    expect(asset.mimeType).to.match(/^text\/plain/);
    expect(progress.length).to.be.greaterThan(2);
    const last = progress.at(-1)!;
    expect(last.totalBytes).to.be.greaterThan(content.byteLength);
    expect(last.sentBytes).to.equal(last.totalBytes);
    for (let i = 1; i < progress.length; i += 1) expect(progress[i]!.sentBytes).to.be.greaterThan(progress[i - 1]!.sentBytes);
  });

  it('downloads it back: the same bytes, its file name and type', async () => {
    const file = await downloadMediaFile(client, { workspaceId, id: asset.id });
    expect(file!.fileName).to.equal('Über notes.txt');
    expect(file!.contentType).to.match(/^text\/plain/);
    expect(new TextDecoder().decode(file!.bytes)).to.equal(text);
  });

  it('streams it whole, as a range, and answers an unchanged ETag with 304', async () => {
    const whole = await openMediaDownload(client, { workspaceId, id: asset.id });
    expect(whole.status).to.equal(200);
    expect(whole.contentLength).to.equal(content.byteLength);
    expect(await new Response(whole.body).text()).to.equal(text);

    const part = await openMediaDownload(client, { workspaceId, id: asset.id, range: 'bytes=5-9' });
    expect(part.status).to.equal(206);
    expect(await new Response(part.body).text()).to.equal(text.slice(5, 10));

    const again = await openMediaDownload(client, { workspaceId, id: asset.id, ifNoneMatch: whole.etag! });
    expect(again.status).to.equal(304);
    expect(again.body).to.equal(null);
  });

  it('a type the server refuses is its 415 problem, after one attempt', async () => {
    const seen: number[] = [];
    const observed = new VersoClient({ baseUrl: api.url, token: client.options.token, onResponse: (r) => void seen.push(r.status) });
    const error = (await uploadMediaFile(observed, { workspaceId, file: new Uint8Array([1, 2, 3]), fileName: 'x.exe', contentType: 'application/x-msdownload' }).catch((e: unknown) => e)) as VersoApiError;
    expect(error).to.be.instanceOf(VersoApiError);
    expect(error.status).to.equal(415);
    expect(seen).to.deep.equal([415]);
  });
});
