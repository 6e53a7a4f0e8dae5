// Issue #27: a by-slug answer's ETag is derived from the row versions of what it serves, its
// assets included (services/delivery/delivery-etag.ts). So every update of an asset that changes
// what delivery shows is a new row version — upload completion and failure, Available ↔ Missing,
// the dimensions backfill, alt text — and reaches the delivery cache through migration 0020's
// notices. Changes made by workers are awaited with the cache's own barrier (catchUp), not a sleep.
import { expect } from 'chai';
import { v7 as uuidv7 } from 'uuid';
import { findAssetById, insertPendingAsset, markUploaded, markUploadFailed } from '../../server/src/db/media/media-assets.js';
import { runDimensionsBackfill } from '../../server/src/workers/media-dimensions.js';
import { runVerificationPass } from '../../server/src/workers/media-verification.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { buildTemplate, dbQuery, expectStatus, startContentWorld, uniqueSlug, type ContentWorld } from './content-fixture.js';
import { lifecycleOf, multipart, type MediaWorld } from '../media/media-world.js';
import { makeImage } from '../media/public-images.js';

const signal = () => new AbortController().signal;

describe('delivery ETags follow the row versions of the assets a page carries (issue #27)', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: ContentWorld;
  let page: { templateVersionId: string; fields: Record<string, string> };

  before(async () => {
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
    w = await startContentWorld(api);
    const p = await buildTemplate(api, w.base, w.reviewer, 'Picture', () => [
      { key: 'image', label: 'Image', primitiveType: 'Media', minOccurrences: 0, maxOccurrences: 1 },
    ]);
    page = { templateVersionId: p.versionId, fields: p.fields };
  });

  after(async () => {
    await api?.close();
  });

  /** A published page whose one value is a freshly uploaded 640 × 480 JPEG. */
  async function pageWithImage(): Promise<{ slug: string; asset: { id: string; storageKey: string } }> {
    const form = multipart({ fileName: 'p.jpg', contentType: 'image/jpeg', data: await makeImage('jpeg', 640, 480) });
    const up = await api.request('POST', `${w.base}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: w.editor });
    expectStatus(up, 201);
    const slug = uniqueSlug('picture');
    const item = await api.post(`${w.base}/content`, {
      templateVersionId: page.templateVersionId, slug, tags: [],
      fields: [{ fieldId: page.fields.image, order: 0, valueKind: 'Media', mediaAssetId: up.body.id }],
    }, { token: w.editor });
    expectStatus(item, 201);
    expectStatus(await api.post(`${w.base}/content/${item.body.id}/versions/1/publish`, { overrideWorkflow: true }, { token: w.admin }), 200);
    const [row] = await dbQuery(api, 'SELECT storage_key FROM media_assets WHERE id = $1', [up.body.id]);
    return { slug, asset: { id: up.body.id, storageKey: row.storage_key } };
  }

  const read = (slug: string, ifNoneMatch?: string) =>
    api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader, headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {} });
  const imageOf = (body: any) => (body.fields as any[]).find((v) => v.valueKind === 'Media').asset;
  const lifecycle = () => lifecycleOf({ api } as MediaWorld);
  /** Every notice committed before this call has reached this replica's delivery cache. */
  const noticesApplied = () => api.running.deps.deliveryCache.catchUp(w.ws);

  /** The page read twice (the second time a cache hit answering 304 to the first tag). */
  async function cachedTag(slug: string): Promise<string> {
    const first = await read(slug);
    expectStatus(first, 200);
    const tag = first.headers.get('etag')!;
    const again = await read(slug, tag);
    expectStatus(again, 304);
    expect(again.headers.get('x-verso-cache')).to.equal('hit');
    return tag;
  }

  it('the dimensions backfill: the old tag gets the new dimensions, not a 304, and the cached answer is dropped', async () => {
    const { slug, asset } = await pageWithImage();
    // As an image uploaded before migration 0020 looks (every other asset counts as read).
    await dbQuery(api, 'UPDATE media_assets SET dimensions_read_at = now() WHERE dimensions_read_at IS NULL');
    await dbQuery(api, 'UPDATE media_assets SET width = NULL, height = NULL, dimensions_read_at = NULL WHERE id = $1', [asset.id]);
    await noticesApplied();
    const tag = await cachedTag(slug);
    const mediaTag = (await api.get(`${w.base}/media/${asset.id}`, { token: w.reader })).headers.get('etag');

    expect(await runDimensionsBackfill(lifecycle(), signal())).to.equal(1);
    await noticesApplied();
    const after = await read(slug, tag);
    expectStatus(after, 200);
    expect(after.headers.get('x-verso-cache')).to.equal('miss');
    expect(after.headers.get('etag')).to.not.equal(tag);
    expect([imageOf(after.body).width, imageOf(after.body).height]).to.deep.equal([640, 480]);
    expect((await api.get(`${w.base}/media/${asset.id}`, { token: w.reader })).headers.get('etag')).to.not.equal(mediaTag);
  });

  it('an asset that goes Missing and is found again: each step is a new tag and drops the cached answer', async () => {
    const { slug, asset } = await pageWithImage();
    const tag = await cachedTag(slug);
    const mediaTag = (await api.get(`${w.base}/media/${asset.id}`, { token: w.reader })).headers.get('etag');
    const storage = api.running.deps.storage;
    const object = await storage.get(asset.storageKey);
    const bytes = Buffer.concat(await object!.body.toArray());
    await storage.delete(asset.storageKey);

    expect(await runVerificationPass(lifecycle(), signal())).to.equal(1);
    await noticesApplied();
    const missing = await read(slug, tag);
    expectStatus(missing, 200);
    expect(missing.headers.get('x-verso-cache')).to.equal('miss');
    expect(imageOf(missing.body)).to.equal(null);
    const missingTag = missing.headers.get('etag')!;
    expect(missingTag).to.not.equal(tag);

    const { Readable } = await import('node:stream');
    await storage.put(asset.storageKey, Readable.from([bytes]), { contentType: 'image/jpeg' });
    expect(await runVerificationPass(lifecycle(), signal())).to.equal(1);
    await noticesApplied();
    const found = await read(slug, missingTag);
    expectStatus(found, 200);
    expect(imageOf(found.body)).to.include({ id: asset.id, width: 640 });
    // Two row versions later: neither earlier tag names this answer (a strong tag never comes back).
    expect([tag, missingTag]).to.not.include(found.headers.get('etag'));
    expect((await api.get(`${w.base}/media/${asset.id}`, { token: w.reader })).headers.get('etag')).to.not.equal(mediaTag);
  });

  it('upload completion and upload failure are new row versions', async () => {
    const db = api.running.deps.db;
    const pending = () => ({
      id: uuidv7(), workspaceId: w.ws, fileName: 'x.jpg', mimeType: 'image/jpeg', altText: null, provider: 'local',
      storageKey: `verso/test/${uuidv7()}`, uploadedBy: 'test',
    });
    const completed = pending();
    await insertPendingAsset(db, completed);
    const before = (await dbQuery(api, 'SELECT row_version FROM media_assets WHERE id = $1', [completed.id]))[0].row_version;
    expect(await markUploaded(db, completed.id, { sizeBytes: 3, sha256: 'ab'.repeat(32), altText: null, width: 1, height: 1 })).to.equal(true);
    expect((await findAssetById(db, completed.id))!.row_version).to.equal(before + 1);

    const failed = pending();
    await insertPendingAsset(db, failed);
    expect(await markUploadFailed(db, failed.id)).to.equal(true);
    expect((await dbQuery(api, 'SELECT row_version FROM media_assets WHERE id = $1', [failed.id]))[0].row_version).to.equal(before + 1);
  });
});
