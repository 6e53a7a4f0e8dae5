// The dimensions backfill (issue #26): images uploaded before dimensions were recorded at upload
// get their width and height read from their stored header, a bounded batch per reconciliation
// cycle, each image once (takeUnreadImages stamps it).
import { recordDimensions, takeUnreadImages } from '../db/media/media-lifecycle.js';
import { readStoredDimensions } from '../services/media/image-dimensions.js';
import type { MediaLifecycle } from './media-context.js';

/** One batch; returns how many images were looked at. */
export async function runDimensionsBackfill(ctx: MediaLifecycle, signal: AbortSignal): Promise<number> {
  const batch = await takeUnreadImages(ctx.db, ctx.storage.name, ctx.options.batchSize);
  for (const image of batch) {
    if (signal.aborted) break;
    const dims = await readStoredDimensions(ctx.storage, image.storage_key, image.mime_type).catch((err: unknown) => {
      ctx.logger.warn('image dimensions could not be read', { err, mediaAssetId: image.id });
      return null;
    });
    if (dims) await recordDimensions(ctx.db, image.id, dims.width, dims.height);
  }
  return batch.length;
}
