// The dispatcher's queries on the outbox (table: 0001, seq: 0006). Unprocessed rows are claimed in
// insertion order FOR UPDATE SKIP LOCKED under this replica's lease; each claimed event then fans
// out to one delivery per active endpoint of its workspace subscribed to its type, and is marked
// processed, in one transaction that first re-checks the lease. The (event, endpoint) pair is
// unique, so a batch claimed again after a crash between the two steps adds no duplicates.
import { sql, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { z } from 'zod';
import type { Lease } from '../lease.js';
import { announceDueDeliveries } from './deliveries.js';

export const OUTBOX_CHANNEL = 'verso_webhook_outbox';

const claimedRow = z.object({ id: z.string(), reclaimed: z.boolean() });
export type ClaimedOutboxEvent = z.infer<typeof claimedRow>;

/** Claims up to `limit` unprocessed events; `reclaimed`: the row carried an expired lease. */
export async function claimOutboxEvents(db: CommonQueryMethods, lease: Lease, limit: number): Promise<readonly ClaimedOutboxEvent[]> {
  return db.any(sql.type(claimedRow)`
    WITH next AS (
      SELECT o.id, o.lease_expires_at IS NOT NULL AS reclaimed FROM outbox_events o
      WHERE o.processed_at IS NULL AND (o.lease_expires_at IS NULL OR o.lease_expires_at < now())
      ORDER BY o.seq
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE outbox_events o SET lease_owner = ${lease.owner}, lease_token = ${lease.token},
      lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond', attempts = o.attempts + 1
    FROM next
    WHERE o.id = next.id
    RETURNING o.id, next.reclaimed`);
}

export async function renewOutboxLeases(db: CommonQueryMethods, ids: readonly string[], lease: Lease): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    UPDATE outbox_events SET lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond'
    WHERE id = ANY(${sql.array(ids as string[], 'uuid')}) AND lease_owner = ${lease.owner} AND lease_token = ${lease.token}`);
  return result.rowCount > 0;
}

const fanOutResult = z.object({ processed: z.number(), materialized: z.number() });
export type FanOutResult = z.infer<typeof fanOutResult>;

/**
 * Fans the claimed events still ours out to their subscribed endpoints and marks them processed.
 * Events whose lease was lost are skipped (their new owner does it). The payload is serialised
 * here, once: those bytes are what every attempt POSTs and signs. They carry the event's `type`
 * and `id` (overriding any such member of the stored payload), so both signatures cover them: the
 * X-Verso-Event / X-Verso-Event-Id headers are not signed, and a receiver must not have to trust
 * them (issue #23: a captured delivery relabelled with another type verified).
 */
export async function fanOutClaimedEvents(db: DatabasePool, ids: readonly string[], lease: Lease): Promise<FanOutResult> {
  return db.transaction(async (tx) => {
    const result = await tx.one(sql.type(fanOutResult)`
      WITH mine AS (
        SELECT o.id, o.workspace_id, o.event_type, o.payload FROM outbox_events o
        WHERE o.id = ANY(${sql.array(ids as string[], 'uuid')}) AND o.processed_at IS NULL
          AND o.lease_owner = ${lease.owner} AND o.lease_token = ${lease.token}
        FOR UPDATE),
      inserted AS (
        INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload, next_attempt_at)
        SELECT e.id, m.workspace_id, m.id, m.event_type, (m.payload || jsonb_build_object('type', m.event_type, 'id', m.id))::text, now()
        FROM mine m
        JOIN webhook_endpoints e ON e.workspace_id = m.workspace_id AND e.deleted_at IS NULL AND e.is_active
          AND m.event_type = ANY(e.events)
        -- FOR SHARE: an endpoint being deleted (its row locked FOR UPDATE) is waited for and then
        -- seen deleted, so no delivery is made for it after its deliveries were removed with it.
        FOR SHARE OF e
        ON CONFLICT (event_id, endpoint_id) DO NOTHING
        RETURNING 1),
      done AS (
        UPDATE outbox_events o SET processed_at = now(), lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
        FROM mine WHERE o.id = mine.id
        RETURNING 1)
      SELECT (SELECT count(*) FROM done) AS processed, (SELECT count(*) FROM inserted) AS materialized`);
    if (result.materialized > 0) await announceDueDeliveries(tx);
    return result;
  });
}

/** Gives claims back (the fan-out failed); the next pass retries them. */
export async function releaseOutboxEvents(db: CommonQueryMethods, ids: readonly string[], lease: Lease): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE outbox_events SET lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
    WHERE id = ANY(${sql.array(ids as string[], 'uuid')}) AND lease_owner = ${lease.owner} AND lease_token = ${lease.token}`);
}

/** Events not yet fanned out (the verso.webhook.outbox.pending gauge). */
export async function countPendingOutboxEvents(db: CommonQueryMethods): Promise<number> {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM outbox_events WHERE processed_at IS NULL`);
}
