// The scheduled-release queue: Scheduled releases whose publish_at has come, claimed like scheduled
// versions (db/content/content-schedules.ts): FOR UPDATE SKIP LOCKED, stamped with this replica's
// lease, honoured only while owner and token still match. A release is published in one transaction
// that ends its schedule, so it fires exactly once however many replicas run the scheduler.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { Lease } from '../lease.js';

const claimedRow = z.object({ id: z.string(), workspace_id: z.string() });
export type ClaimedRelease = z.infer<typeof claimedRow>;

export async function claimDueReleases(db: CommonQueryMethods, lease: Lease, limit: number): Promise<readonly ClaimedRelease[]> {
  return db.any(sql.type(claimedRow)`
    WITH due AS (
      SELECT r.id FROM releases r
      WHERE r.state = 'Scheduled' AND r.publish_at <= now()
        AND (r.schedule_lease_expires_at IS NULL OR r.schedule_lease_expires_at < now())
      ORDER BY r.publish_at, r.id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE releases r SET schedule_lease_owner = ${lease.owner}, schedule_lease_token = ${lease.token},
      schedule_lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond'
    FROM due WHERE r.id = due.id
    RETURNING r.id, r.workspace_id`);
}

/** Locks a claimed release inside the publishing transaction; false when the claim is no longer ours (or it was edited or published). */
export async function lockClaimedRelease(tx: CommonQueryMethods, id: string, lease: Lease): Promise<boolean> {
  const row = await tx.maybeOneFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM releases
    WHERE id = ${id} AND state = 'Scheduled' AND schedule_lease_owner = ${lease.owner} AND schedule_lease_token = ${lease.token}
    FOR UPDATE`);
  return row !== null;
}

export async function releaseReleaseClaim(db: CommonQueryMethods, id: string, lease: Lease): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE releases SET schedule_lease_owner = NULL, schedule_lease_token = NULL, schedule_lease_expires_at = NULL
    WHERE id = ${id} AND schedule_lease_owner = ${lease.owner} AND schedule_lease_token = ${lease.token}`);
}

export async function renewReleaseLeases(db: CommonQueryMethods, ids: readonly string[], lease: Lease): Promise<boolean> {
  const r = await db.query(sql.unsafe`
    UPDATE releases SET schedule_lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond'
    WHERE id = ANY(${sql.array([...ids], 'uuid')}) AND schedule_lease_owner = ${lease.owner} AND schedule_lease_token = ${lease.token}`);
  return r.rowCount > 0;
}
