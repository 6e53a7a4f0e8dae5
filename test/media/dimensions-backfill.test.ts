// Image dimensions (issue #26): read from the header at upload (after the EXIF orientation) and, for
// images uploaded before that, by the backfill step of the reconciliation worker — each image once,
// on both providers.
import { expect } from 'chai';
import { dbQuery } from '../helpers/actors.js';
import { runDimensionsBackfill } from '../../server/src/workers/media-dimensions.js';
import { forEachProvider, lifecycleOf, upload } from './media-world.js';
import { makeImage, pngBomb, uploadImage } from './public-images.js';

const signal = () => new AbortController().signal;

forEachProvider('image dimensions', (world) => {
  it('are read at upload, turned by the EXIF orientation; null for files that are not raster images', async () => {
    const w = world();
    const rotated = await upload(w, { fileName: 'r.jpg', contentType: 'image/jpeg', data: await makeImage('jpeg', 600, 400, { orientation: 6 }) });
    expect([rotated.body.width, rotated.body.height]).to.deep.equal([400, 600]);
    const bomb = await upload(w, { fileName: 'b.png', contentType: 'image/png', data: pngBomb(50_000) });
    expect([bomb.body.width, bomb.body.height]).to.deep.equal([50_000, 50_000]);
    const svg = await upload(w, { fileName: 's.svg', contentType: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"/>') });
    expect([svg.body.width, svg.body.height]).to.deep.equal([null, null]);
  });

  it('the backfill reads the images uploaded before, each once', async () => {
    const w = world();
    const ids = [
      await uploadImage(w, 'a.webp', 'image/webp', await makeImage('webp', 320, 200)),
      await uploadImage(w, 'b.gif', 'image/gif', await makeImage('gif', 30, 20)),
      await uploadImage(w, 'c.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ];
    // As a row written before migration 0020 looks (every other asset counts as read).
    await dbQuery(w.api, 'UPDATE media_assets SET dimensions_read_at = now()');
    await dbQuery(w.api, 'UPDATE media_assets SET width = NULL, height = NULL, dimensions_read_at = NULL WHERE id = ANY($1)', [ids]);
    expect(await runDimensionsBackfill(lifecycleOf(w), signal())).to.equal(3);
    const rows = await dbQuery(w.api, 'SELECT id, width, height, dimensions_read_at IS NOT NULL AS read FROM media_assets WHERE id = ANY($1)', [ids]);
    const byId = new Map(rows.map((r) => [r.id, [r.width, r.height, r.read]]));
    expect(ids.map((id) => byId.get(id))).to.deep.equal([[320, 200, true], [30, 20, true], [null, null, true]]);
    expect(await runDimensionsBackfill(lifecycleOf(w), signal())).to.equal(0);
    const listed = await w.api.get(`${w.base}/media/${ids[0]}`, { token: w.reader });
    expect([listed.body.width, listed.body.height]).to.deep.equal([320, 200]);
  });
});
