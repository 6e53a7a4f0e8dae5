// Verification (spec, Media asset state): Available assets whose object is missing become Missing
// (hidden from callers); a later check that finds the object makes them Available again. Each pass
// looks at the `batchSize` assets of this replica's provider that were checked longest ago.
import { setVerifiedState, takeVerificationBatch } from '../db/media/media-lifecycle.js';
import { providerLabel } from '../telemetry/media-instruments.js';
import type { MediaLifecycle } from './media-context.js';

/** One bounded batch; returns how many assets changed state. */
export async function runVerificationPass(ctx: MediaLifecycle, signal: AbortSignal): Promise<number> {
  const batch = await takeVerificationBatch(ctx.db, ctx.storage.name, ctx.options.batchSize);
  const provider = providerLabel(ctx.storage.name);
  let changed = 0;
  for (const asset of batch) {
    if (signal.aborted) break;
    // A failing check (storage unreachable) proves nothing about the object: the state stays, and
    // the cycle's failure is counted by the caller.
    const present = (await ctx.storage.head(asset.storage_key)) !== null;
    if (!present && asset.blob_state === 'Available' && (await setVerifiedState(ctx.db, asset.id, 'Available', 'Missing'))) {
      changed += 1;
      ctx.instruments.blobMissing.add(1, { provider });
      ctx.logger.warn('media object missing: asset hidden until it is found again', { mediaAssetId: asset.id });
    } else if (present && asset.blob_state === 'Missing' && (await setVerifiedState(ctx.db, asset.id, 'Missing', 'Available'))) {
      changed += 1;
      ctx.logger.info('media object found again: asset available', { mediaAssetId: asset.id });
    }
  }
  return changed;
}
