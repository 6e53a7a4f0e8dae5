// Deletion intents: the durable record that a blob must go (spec: deletion intent; rules 2–4).
// Claims take due rows FOR UPDATE SKIP LOCKED and stamp this replica's lease (owner, token,
// expiry); the work on a claimed intent re-locks it in its own transaction and proceeds only while
// owner and token match and the lease has not expired, so a worker that stalled past its lease can
// never complete — nor undo — what another replica took over.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { Lease } from '../lease.js';

export type DeletionReason = 'user_delete' | 'upload_failed' | 'stale_upload' | 'orphan';

const claimedRow = z.object({
  id: z.string(),
  media_asset_id: z.string().nullable(),
  provider: z.string(),
  storage_key: z.string(),
  reason: z.string().transform((r) => r as DeletionReason),
  attempts: z.number(),
  reclaimed: z.boolean(),
});
export type ClaimedIntent = z.infer<typeof claimedRow>;

const open = sql.fragment`completed_at IS NULL AND cancelled_at IS NULL`;

export interface NewIntent {
  readonly assetId: string | null;
  readonly provider: string;
  readonly storageKey: string;
  readonly reason: DeletionReason;
  /** ISO time; null means now. */
  readonly dueAt: string | null;
}

/** Queues a blob for deletion; an open intent for the same blob already does, so that one stands. */
export async function queueDeletion(db: CommonQueryMethods, intent: NewIntent): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    INSERT INTO media_deletion_intents (media_asset_id, provider, storage_key, reason, due_at)
    VALUES (${intent.assetId}, ${intent.provider}, ${intent.storageKey}, ${intent.reason},
            coalesce(${intent.dueAt}::timestamptz, now()))
    ON CONFLICT (provider, storage_key) WHERE completed_at IS NULL AND cancelled_at IS NULL DO NOTHING`);
  return result.rowCount === 1;
}

/**
 * Claims up to `limit` due intents. `reclaimed` marks one that still carried a lease — an expired
 * one, since completing, cancelling and releasing all clear it: its worker died or stalled.
 */
export async function claimDueIntents(db: CommonQueryMethods, lease: Lease, limit: number): Promise<readonly ClaimedIntent[]> {
  return db.any(sql.type(claimedRow)`
    WITH due AS (
      SELECT id, lease_expires_at IS NOT NULL AS reclaimed FROM media_deletion_intents
      WHERE ${open} AND due_at <= now() AND (lease_expires_at IS NULL OR lease_expires_at < now())
      ORDER BY due_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE media_deletion_intents i SET lease_owner = ${lease.owner}, lease_token = ${lease.token},
      lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond', updated_at = now()
    FROM due WHERE i.id = due.id
    RETURNING i.id, i.media_asset_id, i.provider, i.storage_key, i.reason, i.attempts, due.reclaimed`);
}

/** Extends the lease on claimed intents still ours; false when none is. */
export async function renewIntentLeases(db: CommonQueryMethods, ids: readonly string[], lease: Lease): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    UPDATE media_deletion_intents SET lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond'
    WHERE id = ANY(${sql.array(ids, 'uuid')}) AND ${open}
      AND lease_owner = ${lease.owner} AND lease_token = ${lease.token} AND lease_expires_at > now()`);
  return result.rowCount > 0;
}

/**
 * Locks a claimed intent for the work on it and renews its lease in the same statement (rule 3:
 * the claim is renewed right before a blob is deleted). Null when the lease is no longer ours —
 * taken over, expired, or the intent closed — and then nothing may be done.
 */
export async function lockAndRenewClaim(tx: CommonQueryMethods, id: string, lease: Lease): Promise<ClaimedIntent | null> {
  return tx.maybeOne(sql.type(claimedRow)`
    UPDATE media_deletion_intents SET lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond', updated_at = now()
    WHERE id = ${id} AND ${open} AND lease_owner = ${lease.owner} AND lease_token = ${lease.token} AND lease_expires_at > now()
    RETURNING id, media_asset_id, provider, storage_key, reason, attempts, false AS reclaimed`);
}

/** The blob is gone: the intent is complete and its lease cleared (called under lockAndRenewClaim). */
export async function completeIntent(tx: CommonQueryMethods, id: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE media_deletion_intents SET completed_at = now(), lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
      updated_at = now()
    WHERE id = ${id}`);
}

/** The blob must stay (its asset came back, an owner appeared): the intent is cancelled. */
export async function cancelIntent(tx: CommonQueryMethods, id: string, reason: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE media_deletion_intents SET cancelled_at = now(), cancel_reason = ${reason},
      lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL, updated_at = now()
    WHERE id = ${id}`);
}

/**
 * Gives a claim back, due again after `delayMs`; `failed` counts it as an attempt (the backoff's
 * exponent). Only a claim still ours is released.
 */
export async function releaseIntent(
  db: CommonQueryMethods,
  id: string,
  lease: Lease,
  release: { delayMs: number; error: string; failed: boolean },
): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    UPDATE media_deletion_intents SET lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
      due_at = now() + ${release.delayMs} * interval '1 millisecond', last_error = ${release.error},
      attempts = attempts + ${release.failed ? 1 : 0}, updated_at = now()
    WHERE id = ${id} AND ${open} AND lease_owner = ${lease.owner} AND lease_token = ${lease.token}`);
  return result.rowCount === 1;
}

/** Open intents by provider and reason (the verso.media.deletion.pending gauge). */
export async function countOpenIntents(db: CommonQueryMethods): Promise<readonly { provider: string; reason: string; n: number }[]> {
  return db.any(sql.type(z.object({ provider: z.string(), reason: z.string(), n: z.number() }))`
    SELECT provider, reason, count(*) AS n FROM media_deletion_intents WHERE ${open} GROUP BY provider, reason`);
}

/** Not due yet after all (its asset's deadline is later): back in the queue until purge_after. */
export async function rescheduleIntent(tx: CommonQueryMethods, id: string, assetId: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE media_deletion_intents i SET due_at = a.purge_after, lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
      updated_at = now()
    FROM media_assets a WHERE i.id = ${id} AND a.id = ${assetId} AND a.purge_after IS NOT NULL`);
}
