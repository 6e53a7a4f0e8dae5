// The deletion worker (spec, Media asset state and rules 2–4): claims due deletion intents under a
// lease, deletes each blob, purges the asset row, and completes the intent.
//
// Each intent is worked in its own transaction that first re-locks it — renewing the lease in the
// same statement, and only while owner and token match and the lease has not expired — and then
// row-locks its asset. The blob is deleted inside that transaction, so:
//   - a worker whose lease expired (taken over or not) cannot delete or complete anything;
//   - the maintenance restore of rule 1, which locks the same rows, either waits for the deletion
//     or makes it see a restored asset and cancel;
//   - an orphan's claim is renewed right before its delete, and cancelled if an asset row owning
//     the object has appeared (rule 3).
// A failed delete is released with exponential backoff (30 s → 3600 s); an intent recorded for
// another provider than this replica's is released untouched with reason provider_mismatch (rule 2).
import {
  cancelIntent,
  claimDueIntents,
  completeIntent,
  lockAndRenewClaim,
  releaseIntent,
  renewIntentLeases,
  rescheduleIntent,
  type ClaimedIntent,
} from '../db/media/media-deletion-intents.js';
import { lockAssetForDeletion, objectHasOwner, purgeAsset, type LockedAsset } from '../db/media/media-lifecycle.js';
import { isManagedKey, renditionAssetPrefix } from '../services/media/storage-keys.js';
import { providerLabel, reasonLabel, type DeletionOutcome } from '../telemetry/media-instruments.js';
import { newLease, withLeaseRenewal, type Lease } from './lease.js';
import { deletionBackoffMs, type MediaLifecycle } from './media-context.js';

/** Why an intent's asset keeps its blob after all, or null when the blob may go now. */
function keepReason(claim: Pick<ClaimedIntent, 'reason' | 'provider' | 'storage_key'>, asset: LockedAsset): 'asset_restored' | 'not_due' | 'key_mismatch' | null {
  if (asset.provider !== claim.provider || asset.storage_key !== claim.storage_key) return 'key_mismatch';
  if (claim.reason === 'user_delete') {
    if (asset.blob_state !== 'DeletePending' || !asset.is_deleted) return 'asset_restored';
    return asset.purge_due ? null : 'not_due';
  }
  return asset.blob_state === 'UploadFailed' ? null : 'asset_restored';
}

/**
 * Works one claimed intent; returns what became of it. Exported for the tests of races and fencing
 * (a stale claim must come back `lease_lost` and change nothing).
 */
export async function processClaimedIntent(ctx: MediaLifecycle, claim: ClaimedIntent, lease: Lease): Promise<DeletionOutcome> {
  if (claim.provider !== ctx.storage.name) {
    // All replicas must share one provider (spec, Limits rule 2); this one cannot reach the blob.
    await releaseIntent(ctx.db, claim.id, lease, { delayMs: ctx.options.retryBaseMs, error: 'provider_mismatch', failed: false });
    ctx.logger.warn('media deletion intent released: recorded for another storage provider', { intentId: claim.id, provider: claim.provider });
    return 'provider_mismatch';
  }
  try {
    return await ctx.db.transaction(async (tx): Promise<DeletionOutcome> => {
      const intent = await lockAndRenewClaim(tx, claim.id, lease);
      if (!intent) return 'lease_lost';
      // Only the managed prefixes are ever deleted, whatever an intent says.
      if (!isManagedKey(intent.storage_key)) {
        await cancelIntent(tx, intent.id, 'unmanaged_key');
        return 'cancelled';
      }
      let asset: LockedAsset | null = null;
      if (intent.media_asset_id !== null) {
        asset = await lockAssetForDeletion(tx, intent.media_asset_id);
        const keep = asset ? keepReason(intent, asset) : null;
        if (keep === 'not_due') {
          await rescheduleIntent(tx, intent.id, asset!.id);
          return 'not_due';
        }
        if (keep !== null) {
          await cancelIntent(tx, intent.id, keep);
          return 'cancelled';
        }
      }
      if (asset === null && (await objectHasOwner(tx, intent.provider, intent.storage_key))) {
        await cancelIntent(tx, intent.id, 'owner_appeared');
        return 'cancelled';
      }
      await ctx.storage.delete(intent.storage_key);
      if (asset) {
        // The asset's cached renditions go with it (issue #26), inside the same lease. A failure
        // here does not hold the purge back: what is left (or a rendition stored by a request
        // racing the purge) is found by orphan discovery, which owns no rendition of a deleted or
        // purged asset.
        await deleteRenditions(ctx, renditionAssetPrefix(asset.workspace_id, asset.id)).catch((err: unknown) => {
          ctx.logger.warn('renditions of a purged media asset not deleted; orphan discovery will', { err, mediaAssetId: asset!.id });
        });
        await purgeAsset(tx, asset.id);
      }
      await completeIntent(tx, intent.id);
      return 'deleted';
    });
  } catch (err) {
    const delayMs = deletionBackoffMs(ctx.options, claim.attempts + 1);
    ctx.logger.warn('media blob deletion failed; retrying later', { err, intentId: claim.id, attempt: claim.attempts + 1, retryInMs: delayMs });
    const released = await releaseIntent(ctx.db, claim.id, lease, { delayMs, error: 'delete_failed', failed: true }).catch(() => false);
    if (released) ctx.instruments.deletionRetried.add(1, { provider: providerLabel(claim.provider), reason: reasonLabel(claim.reason) });
    return 'failed';
  }
}

/** Every object under an asset's rendition prefix, a page of 1000 at a time. */
async function deleteRenditions(ctx: MediaLifecycle, prefix: string): Promise<void> {
  for (;;) {
    // Always the first page: what was deleted is gone, so the next page starts where this one did.
    const page = await ctx.storage.list(prefix, { limit: 1000 });
    for (const object of page.objects) await ctx.storage.delete(object.key);
    if (!page.cursor) return;
  }
}

/** One bounded batch of due intents; returns how many were claimed. */
export async function runDeletionPass(ctx: MediaLifecycle, signal: AbortSignal): Promise<number> {
  const lease = newLease(ctx.options.leaseMs);
  const claims = await claimDueIntents(ctx.db, lease, ctx.options.batchSize);
  if (claims.length === 0) return 0;
  for (const claim of claims) {
    const labels = { provider: providerLabel(claim.provider), reason: reasonLabel(claim.reason) };
    ctx.instruments.deletionClaimed.add(1, labels);
    if (claim.reclaimed) ctx.instruments.deletionReclaimed.add(1, labels);
  }
  // Renew only what is still waiting: worked intents are closed or released, no longer ours.
  const waiting = new Set(claims.map((c) => c.id));
  const renew = () => (waiting.size === 0 ? Promise.resolve(true) : renewIntentLeases(ctx.db, [...waiting], lease));
  await withLeaseRenewal(
    lease,
    renew,
    async (leaseSignal) => {
      for (const claim of claims) {
        if (signal.aborted || leaseSignal.aborted) break;
        const outcome = await processClaimedIntent(ctx, claim, lease);
        waiting.delete(claim.id);
        ctx.instruments.deletionOutcome.add(1, { provider: providerLabel(claim.provider), reason: reasonLabel(claim.reason), outcome });
      }
    },
    `media deletion of ${claims.length} intents`,
  );
  return claims.length;
}
