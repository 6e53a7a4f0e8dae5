// Scheduled publication: Approved versions whose publish time has come are claimed under a lease
// (owner + token + expiry, FOR UPDATE SKIP LOCKED, bounded batches) and published by the same
// function as the API's publish, emitting the same `content.version_published` event. Each version
// is published in its own transaction, re-checked there under the item's and the version's row
// locks; only a claim whose owner and token still match is honoured.
//
// A version must be complete to be published (issue #25). One the worker finds incomplete (its
// template's required fields not all filled in — possible for versions approved before that rule)
// is not published and not retried: its schedule is cleared and the failure recorded in the audit
// log (with the `content.version_updated` event of the schedule's change), so it fails visibly
// instead of being claimed and failing again on every pass.
import type { DatabasePool } from 'slonik';
import type { Logger } from '../logging/logger.js';
import { findItem } from '../db/content/content-items.js';
import { clearSchedule, findVersionById } from '../db/content/content-versions.js';
import { touchItem } from '../db/content/content-items.js';
import { aboutVersion, recordContentChange } from '../services/content/content-events.js';
import { incompleteFields } from '../services/content/content-rules.js';
import { claimDueSchedules, lockClaimedSchedule, releaseSchedule, renewScheduleLeases, type ClaimedSchedule } from '../db/content/content-schedules.js';
import { publishLockedVersion } from '../services/content/content-publishing.js';
import type { ScheduleInstruments } from '../telemetry/schedule-instruments.js';
import { newLease, withLeaseRenewal, type Lease } from './lease.js';
import { publishDueReleases } from './scheduled-releases.js';
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

/**
 * What became of one claimed version: published; `lost` when the claim was no longer ours (nothing
 * changed); `incomplete` when it lacks required values (its schedule cleared, the failure audited).
 */
export type ScheduleOutcome = { readonly kind: 'published' } | { readonly kind: 'lost' } | { readonly kind: 'incomplete'; readonly missing: readonly string[] };

export async function publishClaimedSchedule(db: DatabasePool, claim: ClaimedSchedule, lease: Lease): Promise<ScheduleOutcome> {
  return db.transaction(async (tx): Promise<ScheduleOutcome> => {
    // Item first, then version: the same lock order as the API's publish and edits.
    const item = await findItem(tx, claim.workspace_id, claim.content_item_id, { forUpdate: true });
    if (!item) return { kind: 'lost' };
    if (!(await lockClaimedSchedule(tx, claim.id, lease))) return { kind: 'lost' };
    const version = await findVersionById(tx, claim.id);
    if (!version) return { kind: 'lost' };
    const missing = await incompleteFields(tx, version);
    if (Object.keys(missing).length > 0) {
      await clearSchedule(tx, version.id);
      await touchItem(tx, item.id);
      await recordContentChange(tx, null, {
        event: 'content.version_updated',
        ...aboutVersion(claim.workspace_id, version),
        before: { publishAt: version.publish_at },
        after: {
          publishAt: null,
          scheduledPublicationFailed: `Version ${version.version_number} was not published: required fields are missing.`,
          missingFields: Object.keys(missing),
        },
      });
      return { kind: 'incomplete', missing: Object.keys(missing) };
    }
    await publishLockedVersion(tx, null, claim.workspace_id, item, version);
    return { kind: 'published' };
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
      // Releases first (scheduled-releases.ts), under a lease of their own with the same rules.
      const releases = await publishDueReleases(db, logger, newLease(leaseMs), batchSize, signal, onPublished);
      const claims = await claimDueSchedules(db, lease, batchSize);
      if (claims.length === 0) return releases;
      instruments.claimed.add(claims.length);
      instruments.reclaimed.add(claims.filter((c) => c.reclaimed).length);
      const renew = () => renewScheduleLeases(db, claims.map((c) => c.id), lease);
      await withLeaseRenewal(lease, renew, async (leaseSignal) => {
        for (const claim of claims) {
          if (signal.aborted || leaseSignal.aborted) break;
          try {
            // `lost`: the claim was taken over, or the version edited meanwhile, which is neither a
            // publication nor a failure.
            const outcome = await publishClaimedSchedule(db, claim, lease);
            if (outcome.kind === 'published') {
              instruments.published.add(1);
              await onPublished(claim.workspace_id);
              logger.info('scheduled version published', { contentItemId: claim.content_item_id, versionNumber: claim.version_number });
            } else if (outcome.kind === 'incomplete') {
              instruments.failures.add(1);
              logger.warn('scheduled publication refused: required fields are missing; the schedule was cleared', {
                contentItemId: claim.content_item_id,
                versionNumber: claim.version_number,
                missingFields: outcome.missing,
              });
            }
          } catch (err) {
            instruments.failures.add(1);
            // One failing version must not hold back the batch: give its claim back for a later pass.
            logger.error('scheduled publication failed', { err, contentItemId: claim.content_item_id, versionNumber: claim.version_number });
            await releaseSchedule(db, claim.id, lease).catch(() => undefined);
          }
        }
      }, `scheduled publication of ${claims.length} versions`);
      return releases + claims.length;
    },
  };
}
