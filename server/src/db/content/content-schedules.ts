// The scheduled-publication queue: Approved versions whose `publish_at` has come. Claims take rows
// FOR UPDATE SKIP LOCKED and stamp them with this replica's lease (owner, token, expiry); a claim
// is honoured only while owner and token still match, so a stale worker cannot publish (or
// re-publish) a version another replica took over, nor one an edit unscheduled meanwhile.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { Lease } from '../lease.js';

const claimedRow = z.object({ id: z.string(), content_item_id: z.string(), workspace_id: z.string(), version_number: z.number(), reclaimed: z.boolean() });
export type ClaimedSchedule = z.infer<typeof claimedRow>;

// A deleted item's versions are never published: its schedule stays as it was (the item is kept,
// soft-deleted), but it is neither claimed nor counted as due.
const liveItem = sql.fragment`EXISTS (SELECT 1 FROM content_items li WHERE li.id = cv.content_item_id AND NOT li.is_deleted)`;

/**
 * Claims up to `limit` due versions. `reclaimed` marks a row that still carried a lease, which can
 * only be an expired one: publishing, releasing and every edit clear the lease, so a lease left
 * behind means the worker holding it died or stalled past its expiry.
 */
export async function claimDueSchedules(db: CommonQueryMethods, lease: Lease, limit: number): Promise<readonly ClaimedSchedule[]> {
  return db.any(sql.type(claimedRow)`
    WITH due AS (
      SELECT cv.id, cv.schedule_lease_expires_at IS NOT NULL AS reclaimed FROM content_versions cv
      WHERE cv.publish_at IS NOT NULL AND cv.publish_at <= now() AND cv.status = 'Approved'
        AND (cv.schedule_lease_expires_at IS NULL OR cv.schedule_lease_expires_at < now())
        AND ${liveItem}
      ORDER BY cv.publish_at, cv.id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE content_versions cv SET schedule_lease_owner = ${lease.owner}, schedule_lease_token = ${lease.token},
      schedule_lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond'
    FROM due, content_items ci
    WHERE cv.id = due.id AND ci.id = cv.content_item_id
    RETURNING cv.id, cv.content_item_id, ci.workspace_id, cv.version_number, due.reclaimed`);
}

export async function countDueSchedules(db: CommonQueryMethods): Promise<number> {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*) AS n FROM content_versions cv
    WHERE cv.publish_at IS NOT NULL AND cv.publish_at <= now() AND cv.status = 'Approved' AND ${liveItem}`);
}

/**
 * Re-reads a claimed version under a row lock inside the publishing transaction; false when the
 * lease is no longer ours (expired and taken over, or the schedule was cleared by an edit).
 */
export async function lockClaimedSchedule(tx: CommonQueryMethods, versionId: string, lease: Lease): Promise<boolean> {
  const id = await tx.maybeOneFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM content_versions
    WHERE id = ${versionId} AND schedule_lease_owner = ${lease.owner} AND schedule_lease_token = ${lease.token}
      AND status = 'Approved' AND publish_at IS NOT NULL
    FOR UPDATE`);
  return id !== null;
}

/** Gives a claim back (the publish failed); the next pass retries it once the row is free. */
export async function releaseSchedule(db: CommonQueryMethods, versionId: string, lease: Lease): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE content_versions SET schedule_lease_owner = NULL, schedule_lease_token = NULL, schedule_lease_expires_at = NULL
    WHERE id = ${versionId} AND schedule_lease_owner = ${lease.owner} AND schedule_lease_token = ${lease.token}`);
}

/** Extends the lease on claimed versions still ours; false when none is. */
export async function renewScheduleLeases(db: CommonQueryMethods, versionIds: readonly string[], lease: Lease): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    UPDATE content_versions SET schedule_lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond'
    WHERE id = ANY(${sql.array(versionIds, 'uuid')}) AND schedule_lease_owner = ${lease.owner} AND schedule_lease_token = ${lease.token}`);
  return result.rowCount > 0;
}
