// imageUrl / srcSet (issue #26): URLs built from an asset's rendition template, checked against the
// set GET /media/v1/settings publishes — a value outside it fails in the SDK before any request —
// and, against a real server, every URL they build is served at the width it names.
import sharp from 'sharp';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { createActor, createWorkspace } from '../../../test/helpers/actors.js';
import { imageUrl, srcSet, uploadMediaFile, VersoClient, VersoImageUrlError, type PublicMediaSettings } from '../../src/index.js';
import { makeImage, servePublicly } from '../../../test/media/public-images.js';

describe('SDK: imageUrl and srcSet', function () {
  this.timeout(60_000);
  let api: TestApi;
  let settings: PublicMediaSettings;
  let asset: { renditionUrl: string | null; publicUrl: string | null };

  before(async () => {
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
    const ws = await createWorkspace(api);
    // Public media is opt-in for workspaces created now.
    await servePublicly(api, ws.id);
    const editor = await createActor(api, { role: 'Editor', grants: { [ws.id]: 'Write' } });
    const client = new VersoClient({ baseUrl: api.url, token: editor.token });
    settings = await client.getPublicMediaSettings();
    const uploaded = await uploadMediaFile(client, { workspaceId: ws.id, fileName: 'wide.jpg', contentType: 'image/jpeg', file: new Blob([await makeImage('jpeg', 1600, 900)]) });
    asset = uploaded as unknown as typeof asset;
  });

  after(async () => {
    await api?.close();
  });

  it('builds URLs the server serves at the width they name', async () => {
    const url = imageUrl(asset, { settings, width: 640, format: 'webp' });
    expect(url).to.match(/\/w_640,f_webp\/wide\.jpg$/);
    const res = await fetch(api.url + url);
    expect(res.status).to.equal(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).to.equal(640);
    const sharp2x = imageUrl(asset, { settings, width: 320, dpr: 2, format: 'png' });
    expect(sharp2x).to.match(/\/w_320,f_png,dpr_2\/wide\.jpg$/);
    const twice = await fetch(api.url + sharp2x);
    const meta = await sharp(Buffer.from(await twice.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).to.deep.equal([640, 360]);
  });

  it('srcSet lists one URL per width', async () => {
    const set = srcSet(asset, [320, 640, 1200], { settings, format: 'auto' });
    const entries = set.split(', ');
    expect(entries).to.have.length(3);
    for (const [i, width] of [320, 640, 1200].entries()) {
      expect(entries[i]).to.match(new RegExp(`/w_${width},f_auto/wide\\.jpg ${width}w$`));
      const res = await fetch(api.url + entries[i]!.split(' ')[0], { headers: { accept: 'image/webp' } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('image/webp');
    }
  });

  it('refuses values outside the published set before any request', () => {
    const bad: [string, () => unknown][] = [
      ['width', () => imageUrl(asset, { settings, width: 700 })],
      ['width not whole', () => imageUrl(asset, { settings, width: 640.5 })],
      ['format', () => imageUrl(asset, { settings, width: 640, format: 'gif' as never })],
      ['dpr', () => imageUrl(asset, { settings, width: 640, dpr: 4 })],
      ['maximum', () => imageUrl(asset, { settings, width: 2000, dpr: 2 })],
      ['nothing', () => imageUrl(asset, { settings })],
      ['no renditions', () => imageUrl({ renditionUrl: null }, { settings, width: 320 })],
      ['srcSet width', () => srcSet(asset, [320, 333], { settings })],
    ];
    for (const [what, call] of bad) expect(call, what).to.throw(VersoImageUrlError);
  });
});
