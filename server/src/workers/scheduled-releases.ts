// The scheduler's release step: due Scheduled releases are claimed under the scheduled-publishing
// worker's lease rules and published, each in its own transaction, by the same function as the API's
// publish (services/releases/release-publishing.ts). One with problems is not retried: it becomes
// Failed with the problems kept (and its schedule cleared), editable again.
import type { DatabasePool } from 'slonik';
import type { Logger } from '../logging/logger.js';
import { claimDueReleases, lockClaimedRelease, releaseReleaseClaim, renewReleaseLeases, type ClaimedRelease } from '../db/releases/release-schedules.js';
import { findRelease } from '../db/releases/releases.js';
import { applyRelease, failRelease } from '../services/releases/release-publishing.js';
import { withLeaseRenewal, type Lease } from './lease.js';

export type ReleaseOutcome = 'published' | 'failed' | 'lost';

export async function publishClaimedRelease(db: DatabasePool, claim: ClaimedRelease, lease: Lease): Promise<ReleaseOutcome> {
  return db.transaction(async (tx): Promise<ReleaseOutcome> => {
    if (!(await lockClaimedRelease(tx, claim.id, lease))) return 'lost';
    const r = (await findRelease(tx, claim.workspace_id, claim.id))!;
    const outcome = await applyRelease(tx, null, r);
    if (outcome.kind === 'published') return 'published';
    await failRelease(tx, r, outcome.problems);
    return 'failed';
  });
}

/** One pass: claims up to `batchSize` due releases and publishes them; answers how many it claimed. */
export async function publishDueReleases(
  db: DatabasePool,
  logger: Logger,
  lease: Lease,
  batchSize: number,
  signal: AbortSignal,
  onPublished: (workspaceId: string) => void | Promise<void>,
): Promise<number> {
  const claims = await claimDueReleases(db, lease, batchSize);
  if (claims.length === 0) return 0;
  const renew = () => renewReleaseLeases(db, claims.map((c) => c.id), lease);
  await withLeaseRenewal(lease, renew, async (leaseSignal) => {
    for (const claim of claims) {
      if (signal.aborted || leaseSignal.aborted) break;
      try {
        const outcome = await publishClaimedRelease(db, claim, lease);
        if (outcome === 'published') {
          await onPublished(claim.workspace_id);
          logger.info('scheduled release published', { releaseId: claim.id });
        } else if (outcome === 'failed') {
          logger.warn('scheduled release not published: it has problems; it is Failed and its schedule cleared', { releaseId: claim.id });
        }
      } catch (err) {
        logger.error('scheduled release failed', { err, releaseId: claim.id });
        await releaseReleaseClaim(db, claim.id, lease).catch(() => undefined);
      }
    }
  }, `scheduled publication of ${claims.length} releases`);
  return claims.length;
}
