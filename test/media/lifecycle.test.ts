// The media lifecycle workers on both providers (spec, Media asset state and rules 2–4): deletion
// under owner/token/expiry fencing (two replicas racing delete each blob once; a stale worker
// cannot complete; a failed delete backs off 30 s → 3600 s; an intent of another provider is
// released with provider_mismatch; a restored asset cancels its intent), the stale-upload pass,
// verification (Available ↔ Missing), and orphan discovery (one page per managed prefix per cycle,
// 24 h grace, never outside the managed prefixes; the claim renewed and cancelled when an owner
// appeared). Each test drives the steps directly; the API's own worker is off.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { dbQuery } from '../helpers/actors.js';
import { readInstruments } from '../helpers/metrics.js';
import { claimDueIntents } from '../../server/src/db/media/media-deletion-intents.js';
import type { StorageProvider } from '../../server/src/storage/provider.js';
import { newLease } from '../../server/src/workers/lease.js';
import { processClaimedIntent, runDeletionPass } from '../../server/src/workers/media-deletion.js';
import { runOrphanDiscovery } from '../../server/src/workers/media-orphans.js';
import { createMediaReconciliationWorker } from '../../server/src/workers/media-reconciliation.js';
import { runStaleUploadPass } from '../../server/src/workers/media-stale-uploads.js';
import { runVerificationPass } from '../../server/src/workers/media-verification.js';
import { createWorkers } from '../../server/src/workers/index.js';
import { assetRow, forEachProvider, intentsFor, lifecycleOf, putForeignObject, storeContents, uploadPng, type MediaWorld } from './media-world.js';

const HOUR = 3_600_000;
const signal = () => new AbortController().signal;

/** A provider that counts (and can fail) deletes, around the world's real one. */
function countingStorage(inner: StorageProvider, options: { failDeletes?: boolean } = {}) {
  const deleted: string[] = [];
  const storage: StorageProvider = Object.assign(Object.create(inner) as StorageProvider, {
    name: inner.name,
    async delete(key: string) {
      if (options.failDeletes) throw Object.assign(new Error('simulated outage'), { code: 'ETIMEDOUT' });
      deleted.push(key);
      await inner.delete(key);
    },
  });
  return { storage, deleted };
}

/** Soft-deletes assets through the API and makes their intents due now (as if the retention passed). */
async function deletedAndDue(w: MediaWorld, count: number): Promise<{ id: string; key: string }[]> {
  const out: { id: string; key: string }[] = [];
  for (let i = 0; i < count; i++) {
    const asset = await uploadPng(w, `bye-${i}.png`);
    const res = await w.api.delete(`${w.base}/media/${asset.id}`, { token: w.editor, headers: { 'if-match': asset.etag } });
    expect(res.status).to.equal(204);
    out.push({ id: asset.id, key: (await assetRow(w, asset.id))!.storage_key });
  }
  await dbQuery(w.api, `UPDATE media_assets SET purge_after = now() - interval '1 second' WHERE id = ANY($1)`, [out.map((a) => a.id)]);
  await dbQuery(w.api, `UPDATE media_deletion_intents SET due_at = now() - interval '1 second' WHERE media_asset_id = ANY($1)`, [out.map((a) => a.id)]);
  return out;
}

forEachProvider('media lifecycle', (world, provider) => {
  afterEach(async () => {
    // Each test leaves no due intent behind for the next one's counts.
    await dbQuery(world().api, `UPDATE media_deletion_intents SET cancelled_at = now() WHERE completed_at IS NULL AND cancelled_at IS NULL`);
  });

  describe('deletion worker', () => {
    it('purges due soft-deleted assets: blob deleted, row purged, intent completed — two replicas racing delete each blob once', async () => {
      const w = world();
      const assets = await deletedAndDue(w, 12);
      const { storage, deleted } = countingStorage(w.storage);
      const a = lifecycleOf(w, { batchSize: 5 }, storage);
      const b = lifecycleOf(w, { batchSize: 5 }, storage);
      const before = await readInstruments(w.api.running.deps.metrics);
      // Two replicas, each running passes until the queue is empty.
      const drain = async (ctx: typeof a) => {
        while ((await runDeletionPass(ctx, signal())) > 0);
      };
      await Promise.all([drain(a), drain(b)]);
      expect([...deleted].sort()).to.deep.equal(assets.map((x) => x.key).sort());
      for (const asset of assets) {
        expect(await assetRow(w, asset.id)).to.equal(undefined);
        expect(await w.storage.head(asset.key)).to.equal(null);
      }
      const intents = await intentsFor(w, 'storage_key = ANY($1)', [assets.map((x) => x.key)]);
      expect(intents).to.have.length(12);
      expect(intents.every((i) => i.completed_at !== null && i.lease_owner === null && i.media_asset_id === null)).to.equal(true);
      const after = await readInstruments(w.api.running.deps.metrics);
      expect(after['verso.media.deletion.claimed']! - (before['verso.media.deletion.claimed'] ?? 0)).to.equal(12);
      expect(after['verso.media.deletion.outcome']! - (before['verso.media.deletion.outcome'] ?? 0)).to.equal(12);
    });

    it('a worker whose lease expired cannot complete, even once another replica took the intent over', async () => {
      const w = world();
      const [asset] = await deletedAndDue(w, 1);
      const ctx = lifecycleOf(w);
      const stale = newLease(50);
      const [claim] = await claimDueIntents(w.api.running.deps.db, stale, 1);
      expect(claim!.storage_key).to.equal(asset!.key);
      await new Promise((r) => setTimeout(r, 80));
      // Expired but not yet taken over: still nothing.
      expect(await processClaimedIntent(ctx, claim!, stale)).to.equal('lease_lost');
      const fresh = newLease(60_000);
      const [again] = await claimDueIntents(w.api.running.deps.db, fresh, 1);
      expect([claim!.reclaimed, again!.reclaimed]).to.deep.equal([false, true]);
      expect(await processClaimedIntent(ctx, claim!, stale)).to.equal('lease_lost');
      expect(await w.storage.head(asset!.key)).to.not.equal(null);
      expect((await assetRow(w, asset!.id))!.blob_state).to.equal('DeletePending');
      expect(await processClaimedIntent(ctx, again!, fresh)).to.equal('deleted');
      expect(await w.storage.head(asset!.key)).to.equal(null);
    });

    it('a failed delete is released with exponential backoff from 30 s, counted as retried', async () => {
      const w = world();
      const [asset] = await deletedAndDue(w, 1);
      const { storage } = countingStorage(w.storage, { failDeletes: true });
      const ctx = lifecycleOf(w, {}, storage);
      const delays: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(await runDeletionPass(ctx, signal())).to.equal(1);
        const [intent] = await intentsFor(w, 'media_asset_id = $1', [asset!.id]);
        expect(intent).to.include({ attempts: attempt, last_error: 'delete_failed', lease_owner: null, completed_at: null });
        delays.push(Math.round((new Date(intent!.due_at).getTime() - Date.now()) / 1000));
        await dbQuery(w.api, `UPDATE media_deletion_intents SET due_at = now() WHERE id = $1`, [intent!.id]);
      }
      expect(delays.map((d) => Math.round(d / 10) * 10)).to.deep.equal([30, 60, 120]);
      expect((await assetRow(w, asset!.id))!.blob_state).to.equal('DeletePending');
      expect(await w.storage.head(asset!.key)).to.not.equal(null);
    });

    it('an intent recorded for another provider is released untouched with provider_mismatch', async () => {
      const w = world();
      const other = provider === 'local' ? 's3' : 'local';
      const { id: assetId } = await uploadPng(w, 'mine.png');
      const key = (await assetRow(w, assetId))!.storage_key;
      await dbQuery(w.api, `INSERT INTO media_deletion_intents (provider, storage_key, reason, due_at) VALUES ($1, $2, 'orphan', now())`, [other, key]);
      const { storage, deleted } = countingStorage(w.storage);
      expect(await runDeletionPass(lifecycleOf(w, {}, storage), signal())).to.equal(1);
      const [intent] = await intentsFor(w, 'provider = $1 AND storage_key = $2', [other, key]);
      expect(intent).to.include({ last_error: 'provider_mismatch', lease_owner: null, completed_at: null, cancelled_at: null, attempts: 0 });
      expect(new Date(intent!.due_at).getTime()).to.be.greaterThan(Date.now());
      expect(deleted).to.deep.equal([]);
      expect(await w.storage.head(key)).to.not.equal(null);
    });

    it('cancels the intent of an asset restored before its purge (rule 1) and keeps the blob', async () => {
      const w = world();
      const [asset] = await deletedAndDue(w, 1);
      await dbQuery(w.api, `UPDATE media_assets SET blob_state = 'Available', is_deleted = false, deleted_at = NULL, purge_after = NULL WHERE id = $1`, [asset!.id]);
      expect(await runDeletionPass(lifecycleOf(w), signal())).to.equal(1);
      const [intent] = await intentsFor(w, 'media_asset_id = $1', [asset!.id]);
      expect(intent).to.include({ cancel_reason: 'asset_restored', completed_at: null });
      expect(await w.storage.head(asset!.key)).to.not.equal(null);
    });
  });

  describe('stale-upload pass', () => {
    it('marks PendingUpload rows older than AbandonedUploadMinutes UploadFailed with an intent; the worker removes their blobs', async () => {
      const w = world();
      const { id } = await uploadPng(w, 'crashed.png', 2000);
      const young = await uploadPng(w, 'in-flight.png');
      await dbQuery(w.api, `UPDATE media_assets SET blob_state = 'PendingUpload' WHERE id = ANY($1)`, [[id, young.id]]);
      await dbQuery(w.api, `UPDATE media_assets SET created_at = now() - interval '31 minutes' WHERE id = $1`, [id]);
      const ctx = lifecycleOf(w);
      expect(await runStaleUploadPass(ctx)).to.equal(1);
      expect((await assetRow(w, id))!.blob_state).to.equal('UploadFailed');
      expect((await assetRow(w, young.id))!.blob_state).to.equal('PendingUpload');
      const key = (await assetRow(w, id))!.storage_key;
      expect((await intentsFor(w, 'media_asset_id = $1', [id]))[0]).to.include({ reason: 'stale_upload' });
      await runDeletionPass(ctx, signal());
      expect(await assetRow(w, id)).to.equal(undefined);
      expect(await w.storage.head(key)).to.equal(null);
    });
  });

  describe('verification', () => {
    it('hides an Available asset whose object is missing (Missing), and shows it again once found', async () => {
      const w = world();
      const { id } = await uploadPng(w, 'vanishing.png', 500);
      const key = (await assetRow(w, id))!.storage_key;
      const saved = Buffer.concat(await (await w.storage.get(key))!.body.toArray());
      await w.storage.delete(key);
      await dbQuery(w.api, `UPDATE media_assets SET blob_verified_at = NULL WHERE id = $1`, [id]);
      const ctx = lifecycleOf(w, { batchSize: 1000 });
      await runVerificationPass(ctx, signal());
      expect((await assetRow(w, id))!.blob_state).to.equal('Missing');
      expect((await w.api.get(`${w.base}/media/${id}`, { token: w.reader })).status).to.equal(404);
      await w.storage.put(key, Readable.from([saved]), { contentType: 'image/png' });
      await runVerificationPass(ctx, signal());
      expect((await assetRow(w, id))!.blob_state).to.equal('Available');
      expect((await w.api.get(`${w.base}/media/${id}`, { token: w.reader })).status).to.equal(200);
    });
  });

  describe('orphan discovery', () => {
    it('queues unowned old objects of the managed prefixes, one page per prefix per cycle; young, owned and foreign objects are left', async () => {
      const w = world();
      const ws = w.workspaceId;
      const orphanKeys = [1, 2, 3].map((i) => `verso/media/${ws}/2020/01/${crypto.randomUUID()}_orphan-${i}.png`);
      const legacy = `default/legacy-${crypto.randomUUID()}.png`;
      const foreign = `elsewhere/${crypto.randomUUID()}.png`;
      const young = `verso/media/${ws}/2020/02/${crypto.randomUUID()}_young.png`;
      // On local disk objects are backdated past the grace; s3rver cannot backdate, so there the
      // grace is shortened instead and the "young" object is written after the first cycles.
      const aged = provider === 'local' ? 25 * HOUR : 0;
      for (const key of [...orphanKeys, legacy, foreign]) await putForeignObject(w, key, Buffer.from('orphan'), aged);
      const owned = await uploadPng(w, 'owned.png');
      const ownedKey = (await assetRow(w, owned.id))!.storage_key;
      if (provider === 'local') await putForeignObject(w, young, Buffer.from('young'), HOUR);
      const graceMs = provider === 'local' ? 24 * HOUR : 0;
      await dbQuery(w.api, 'DELETE FROM media_scan_cursors');
      const ctx = lifecycleOf(w, { batchSize: 2, orphanGraceMs: graceMs });
      const queuedKeys = async () =>
        (await dbQuery(w.api, `SELECT storage_key FROM media_deletion_intents WHERE reason = 'orphan' AND cancelled_at IS NULL ORDER BY storage_key`)).map((r) => r.storage_key);
      // Cycle 1: two objects of verso/media/ and the one of default/.
      const first = await runOrphanDiscovery(ctx, signal());
      expect(first).to.equal(3);
      // Enough cycles to walk verso/media/ (3 orphans + the owned object + the young one).
      for (let i = 0; i < 4; i++) await runOrphanDiscovery(ctx, signal());
      if (provider === 's3') {
        await putForeignObject(w, young, Buffer.from('young'));
        await runOrphanDiscovery(lifecycleOf(w, { batchSize: 2, orphanGraceMs: 24 * HOUR }), signal());
        await runOrphanDiscovery(lifecycleOf(w, { batchSize: 2, orphanGraceMs: 24 * HOUR }), signal());
      }
      expect(await queuedKeys()).to.deep.equal([legacy, ...orphanKeys].sort());
      const before = await storeContents(w);
      while ((await runDeletionPass(ctx, signal())) > 0);
      const after = await storeContents(w);
      const gone = before.filter((k) => !after.includes(k)).map((k) => k.split(':')[0]);
      expect(gone.sort()).to.deep.equal([legacy, ...orphanKeys].sort());
      expect(after.some((k) => k.startsWith(`${foreign}:`))).to.equal(true);
      expect(after.some((k) => k.startsWith(`${young}:`))).to.equal(true);
      expect(await w.storage.head(ownedKey)).to.not.equal(null);
    });

    it('renews its claim before deleting an orphan and cancels the intent when an owner has appeared (rule 3)', async () => {
      const w = world();
      const key = `verso/media/${w.workspaceId}/2020/03/${crypto.randomUUID()}_claimed.png`;
      await putForeignObject(w, key, Buffer.from('soon owned'));
      await dbQuery(w.api, `INSERT INTO media_deletion_intents (provider, storage_key, reason, due_at) VALUES ($1, $2, 'orphan', now())`, [provider, key]);
      const lease = newLease(60_000);
      const [claim] = await claimDueIntents(w.api.running.deps.db, lease, 1);
      await dbQuery(
        w.api,
        `INSERT INTO media_assets (workspace_id, file_name, mime_type, provider, storage_key, blob_state) VALUES ($1, 'claimed.png', 'image/png', $2, $3, 'Available')`,
        [w.workspaceId, provider, key],
      );
      expect(await processClaimedIntent(lifecycleOf(w), claim!, lease)).to.equal('cancelled');
      expect((await intentsFor(w, 'id = $1', [claim!.id]))[0]).to.include({ cancel_reason: 'owner_appeared', lease_owner: null });
      expect(await w.storage.head(key)).to.not.equal(null);
    });

    it('never deletes outside the managed prefixes, whatever an intent says', async () => {
      const w = world();
      const foreign = `elsewhere/${crypto.randomUUID()}.txt`;
      await putForeignObject(w, foreign, Buffer.from('not ours'));
      await dbQuery(w.api, `INSERT INTO media_deletion_intents (provider, storage_key, reason, due_at) VALUES ($1, $2, 'orphan', now())`, [provider, foreign]);
      await runDeletionPass(lifecycleOf(w), signal());
      expect((await intentsFor(w, 'storage_key = $1', [foreign]))[0]).to.include({ cancel_reason: 'unmanaged_key' });
      expect((await storeContents(w)).some((k) => k.startsWith(`${foreign}:`))).to.equal(true);
    });
  });

  describe('the reconciliation worker', () => {
    it('runs every step each cycle, counts a failing step, and is registered unless Media__Operations__Enabled is false', async () => {
      const w = world();
      const [asset] = await deletedAndDue(w, 1);
      const broken: StorageProvider = Object.assign(Object.create(w.storage) as StorageProvider, {
        name: w.storage.name,
        list: async () => {
          throw new Error('listing is down');
        },
      });
      const before = await readInstruments(w.api.running.deps.metrics);
      const worker = createMediaReconciliationWorker(lifecycleOf(w, {}, broken));
      expect(worker).to.include({ name: 'media-reconciliation', intervalMs: 300_000, batchSize: 100 });
      await worker.runOnce(signal());
      expect(await assetRow(w, asset!.id)).to.equal(undefined);
      const after = await readInstruments(w.api.running.deps.metrics);
      expect(after['verso.media.reconciliation.cycle_failures']! - (before['verso.media.reconciliation.cycle_failures'] ?? 0)).to.equal(1);
      expect(createWorkers(w.api.running.deps).map((x) => x.name)).to.include('media-reconciliation');
      const off = { ...w.api.running.deps, config: { ...w.api.running.deps.config, media: { ...w.api.running.deps.config.media, operations: { ...w.api.running.deps.config.media.operations, enabled: false } } } };
      expect(createWorkers(off).map((x) => x.name)).to.not.include('media-reconciliation');
    });

    it('labels every verso.media.* series with provider, reason and outcome only', async () => {
      const w = world();
      const resource = await w.api.running.deps.metrics.collect();
      const media = resource.scopeMetrics.flatMap((s) => s.metrics).filter((m) => m.descriptor.name.startsWith('verso.media.'));
      expect(media.map((m) => m.descriptor.name)).to.include.members([
        'verso.media.deletion.pending',
        'verso.media.deletion.claimed',
        'verso.media.deletion.outcome',
      ]);
      for (const metric of media) {
        for (const point of metric.dataPoints) {
          expect(Object.keys(point.attributes).every((k) => ['provider', 'reason', 'outcome'].includes(k)), metric.descriptor.name).to.equal(true);
          if (point.attributes.provider !== undefined) expect(['local', 's3', 'unknown']).to.include(point.attributes.provider);
        }
      }
    });
  });
});
