// Scheduled publication: Approved versions whose publish time has come are claimed under a lease
// (owner + token + expiry, FOR UPDATE SKIP LOCKED, bounded batches) and published by the same
// function as the API's publish, emitting the same `content.version_published` event. Each version
// is published in its own transaction, re-checked there under the item's and the version's row
// locks; only a claim whose owner and token still match is honoured.
import type { DatabasePool } from 'slonik';
import type { Logger } from '../logging/logger.js';
import { findItem } from '../db/content/content-items.js';
import { findVersionById } from '../db/content/content-versions.js';
import { claimDueSchedules, lockClaimedSchedule, releaseSchedule, renewScheduleLeases, type ClaimedSchedule } from '../db/content/content-schedules.js';
import { publishLockedVersion } from '../services/content/content-publishing.js';
import type { ScheduleInstruments } from '../telemetry/schedule-instruments.js';
import { newLease, withLeaseRenewal, type Lease } from './lease.js';
import type { BackgroundWorker } from './worker-host.js';

// Upstream's defaults: a pass every 60 s, a 300 s lease, at most 100 versions per pass.
export const SCHEDULED_PUBLISHING_DEFAULTS = { intervalMs: 60_000, leaseMs: 300_000, batchSize: 100 };

export interface ScheduledPublishingOptions {
  readonly intervalMs?: number;
  readonly leaseMs?: number;
  readonly batchSize?: number;
  /**
   * Called once a publication has committed. The API process waits here until its delivery cache
   * has applied the publication's change notice, so the worker moves on only once this replica's
   * readers see it.
   */
  readonly onPublished?: (workspaceId: string) => void | Promise<void>;
}

/** Publishes one claimed version; false when the claim was no longer ours (nothing changed). */
export async function publishClaimedSchedule(db: DatabasePool, claim: ClaimedSchedule, lease: Lease): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Item first, then version: the same lock order as the API's publish and edits.
    const item = await findItem(tx, claim.workspace_id, claim.content_item_id, { forUpdate: true });
    if (!item) return false;
    if (!(await lockClaimedSchedule(tx, claim.id, lease))) return false;
    const version = await findVersionById(tx, claim.id);
    if (!version) return false;
    await publishLockedVersion(tx, null, claim.workspace_id, item, version);
    return true;
  });
}

export function createScheduledPublishingWorker(
  db: DatabasePool,
  logger: Logger,
  instruments: ScheduleInstruments,
  options: ScheduledPublishingOptions = {},
): BackgroundWorker {
  const { intervalMs, leaseMs, batchSize } = { ...SCHEDULED_PUBLISHING_DEFAULTS, ...options };
  const onPublished = options.onPublished ?? (() => undefined);
  return {
    name: 'scheduled-publishing',
    intervalMs,
    batchSize,
    async runOnce(signal) {
      const lease = newLease(leaseMs);
      const claims = await claimDueSchedules(db, lease, batchSize);
      if (claims.length === 0) return 0;
      instruments.claimed.add(claims.length);
      instruments.reclaimed.add(claims.filter((c) => c.reclaimed).length);
      const renew = () => renewScheduleLeases(db, claims.map((c) => c.id), lease);
      await withLeaseRenewal(lease, renew, async (leaseSignal) => {
        for (const claim of claims) {
          if (signal.aborted || leaseSignal.aborted) break;
          try {
            // false: the claim was lost (taken over, or the version edited meanwhile), which is
            // neither a publication nor a failure.
            if (await publishClaimedSchedule(db, claim, lease)) {
              instruments.published.add(1);
              await onPublished(claim.workspace_id);
              logger.info('scheduled version published', { contentItemId: claim.content_item_id, versionNumber: claim.version_number });
            }
          } catch (err) {
            instruments.failures.add(1);
            // One failing version must not hold back the batch: give its claim back for a later pass.
            logger.error('scheduled publication failed', { err, contentItemId: claim.content_item_id, versionNumber: claim.version_number });
            await releaseSchedule(db, claim.id, lease).catch(() => undefined);
          }
        }
      }, `scheduled publication of ${claims.length} versions`);
      return claims.length;
    },
  };
}
