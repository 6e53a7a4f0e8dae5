// The stale-upload pass (spec, Media asset state): an upload whose process died, or that could not
// record its own failure because the database was unreachable, leaves its row PendingUpload. Once
// older than Media__Operations__AbandonedUploadMinutes such a row becomes UploadFailed with a
// deletion intent due now, and the deletion worker removes whatever part of its blob was written.
import { failStaleUploads } from '../db/media/media-lifecycle.js';
import { providerLabel } from '../telemetry/media-instruments.js';
import type { MediaLifecycle } from './media-context.js';

/** One bounded batch; returns how many uploads it marked failed. */
export async function runStaleUploadPass(ctx: MediaLifecycle): Promise<number> {
  const failed = await failStaleUploads(ctx.db, ctx.options.abandonedUploadMs, ctx.options.batchSize);
  for (const row of failed) {
    ctx.instruments.uploadStale.add(1, { provider: providerLabel(row.provider) });
    ctx.logger.info('abandoned media upload marked UploadFailed', { mediaAssetId: row.id });
  }
  return failed.length;
}
