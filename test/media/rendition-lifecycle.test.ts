// Renditions in the media lifecycle (issue #26), on both providers: purging a deleted asset removes
// its renditions under verso/renditions/; orphan discovery lists that prefix too, leaves the
// renditions of live assets alone however old, and queues those of deleted (or unknown) assets.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { dbQuery } from '../helpers/actors.js';
import { runDeletionPass } from '../../server/src/workers/media-deletion.js';
import { runOrphanDiscovery } from '../../server/src/workers/media-orphans.js';
import { forEachProvider, lifecycleOf, storeContents, type MediaWorld } from './media-world.js';
import { fetchPublic, makeImage, uploadImage, urlsOf, withParams } from './public-images.js';

const signal = () => new AbortController().signal;

async function renditionsOf(w: MediaWorld, assetId: string): Promise<string[]> {
  return (await storeContents(w)).filter((k) => k.startsWith(`verso/renditions/${w.workspaceId}/${assetId}/`));
}

async function withRenditions(w: MediaWorld, name: string): Promise<string> {
  const id = await uploadImage(w, name, 'image/jpeg', await makeImage('jpeg', 640, 480));
  const { url } = await urlsOf(w, id);
  for (const params of ['w_160,f_webp', 'w_320,f_jpeg']) expect((await fetchPublic(w.api.url, withParams(url, params))).status).to.equal(200);
  expect(await renditionsOf(w, id)).to.have.length(2);
  return id;
}

forEachProvider('renditions in the media lifecycle', (world) => {
  it('purging a deleted asset deletes its renditions with its blob', async () => {
    const w = world();
    const id = await withRenditions(w, 'purged.jpg');
    const keep = await withRenditions(w, 'kept.jpg');
    const del = await w.api.delete(`${w.base}/media/${id}`, { token: w.editor, headers: await w.api.ifMatch(`${w.base}/media/${id}`, w.editor) });
    expect(del.status).to.equal(204);
    await dbQuery(w.api, `UPDATE media_assets SET purge_after = now() - interval '1 second' WHERE id = $1`, [id]);
    await dbQuery(w.api, `UPDATE media_deletion_intents SET due_at = now() - interval '1 second' WHERE media_asset_id = $1`, [id]);
    expect(await runDeletionPass(lifecycleOf(w), signal())).to.equal(1);
    expect(await renditionsOf(w, id)).to.deep.equal([]);
    expect(await renditionsOf(w, keep)).to.have.length(2);
    expect(await dbQuery(w.api, 'SELECT id FROM media_assets WHERE id = $1', [id])).to.deep.equal([]);
  });

  it('orphan discovery keeps the renditions of live assets and queues those of deleted or unknown assets', async () => {
    const w = world();
    const live = await withRenditions(w, 'live.jpg');
    const deleted = await withRenditions(w, 'deleted.jpg');
    const del = await w.api.delete(`${w.base}/media/${deleted}`, { token: w.editor, headers: await w.api.ifMatch(`${w.base}/media/${deleted}`, w.editor) });
    expect(del.status).to.equal(204);
    const unknown = `verso/renditions/${w.workspaceId}/${crypto.randomUUID()}/0123456789abcdef/w160-q75.s0.webp`;
    await w.storage.put(unknown, (await import('node:stream')).Readable.from([Buffer.from('x')]), { contentType: 'image/webp' });
    // No grace: everything is old enough, so only ownership decides.
    const ctx = lifecycleOf(w, { orphanGraceMs: 0, batchSize: 1000 });
    await runOrphanDiscovery(ctx, signal());
    const queued = (await dbQuery(w.api, `SELECT storage_key FROM media_deletion_intents WHERE reason = 'orphan' AND storage_key LIKE 'verso/renditions/%'`)).map(
      (r) => r.storage_key as string,
    );
    const keysOf = async (id: string) => (await renditionsOf(w, id)).map((k) => k.slice(0, k.lastIndexOf(':')));
    expect(queued.sort()).to.deep.equal([...(await keysOf(deleted)), unknown].sort());
    expect(queued.some((k) => k.includes(live))).to.equal(false);
    // The deletion worker agrees: the queued renditions have no owner and go; the live ones stay.
    await dbQuery(w.api, `UPDATE media_deletion_intents SET due_at = now() - interval '1 second' WHERE reason = 'orphan'`);
    while ((await runDeletionPass(ctx, signal())) > 0);
    expect(await renditionsOf(w, deleted)).to.deep.equal([]);
    expect(await renditionsOf(w, live)).to.have.length(2);
  });
});
