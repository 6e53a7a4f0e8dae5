// Named queries for webhook deliveries: the API's list and retry, and the delivery worker's claim,
// renewal and outcome. A claim takes due rows FOR UPDATE SKIP LOCKED and stamps them with this
// replica's lease; an outcome is written only WHERE lease_owner and lease_token still match, so a
// worker whose lease expired (and was taken over) can neither complete nor fail the row.
//
// Only deliveries of a live, active endpoint are claimed: an inactive endpoint's deliveries wait,
// untouched (no attempt, no attempt counted), until it is switched on again; a deleted endpoint's
// were deleted with it. The endpoint's URL and secret are not part of a claim: the attempt reads
// them when it starts (db/webhooks/endpoints.ts findAttemptTarget), so a change made meanwhile
// applies to it.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { Lease } from '../lease.js';

const deliveryRow = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  payload: z.string(),
  attempt_count: z.number(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  status_code: z.number().nullable(),
  is_failed: z.boolean(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  dead_lettered_at: z.string().nullable(),
  created_at: z.string(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

const COLUMNS = sql.fragment`d.id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempt_count, d.last_attempt_at,
  d.next_attempt_at, d.status_code, d.is_failed, d.last_error, d.delivered_at, d.dead_lettered_at, d.created_at`;

/** The list filters; an absent one does not filter. */
export interface DeliveryFilter {
  readonly isDelivered?: boolean;
  readonly isFailed?: boolean;
  readonly isDeadLetter?: boolean;
}

function filterFragment(f: DeliveryFilter) {
  const parts = [sql.fragment`TRUE`];
  if (f.isDelivered !== undefined) parts.push(sql.fragment`(d.delivered_at IS NOT NULL) = ${f.isDelivered}`);
  if (f.isFailed !== undefined) parts.push(sql.fragment`d.is_failed = ${f.isFailed}`);
  if (f.isDeadLetter !== undefined) parts.push(sql.fragment`(d.dead_lettered_at IS NOT NULL) = ${f.isDeadLetter}`);
  return sql.join(parts, sql.fragment` AND `);
}

export async function listDeliveries(
  db: CommonQueryMethods,
  endpointId: string,
  filter: DeliveryFilter,
  limit: number,
  offset: number,
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = filterFragment(filter);
  const rows = await db.any(sql.type(deliveryRow.extend({ total: z.number() }))`
    SELECT ${COLUMNS}, count(*) OVER () AS total
    FROM webhook_deliveries d
    WHERE d.endpoint_id = ${endpointId} AND ${where}
    ORDER BY d.created_at DESC, d.id DESC
    LIMIT ${limit} OFFSET ${offset}`);
  const total =
    rows[0]?.total ??
    (offset > 0 ? await db.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*) AS n FROM webhook_deliveries d WHERE d.endpoint_id = ${endpointId} AND ${where}`) : 0);
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}

export async function findDelivery(db: CommonQueryMethods, endpointId: string, id: string, forUpdate = false): Promise<DeliveryRow | null> {
  return db.maybeOne(sql.type(deliveryRow)`
    SELECT ${COLUMNS} FROM webhook_deliveries d WHERE d.id = ${id} AND d.endpoint_id = ${endpointId}
    ${forUpdate ? sql.fragment`FOR UPDATE` : sql.fragment``}`);
}

/**
 * An operator's retry: the row is pending again and due now; its attempt count stays (history).
 * A lease of an attempt in flight is left alone, so the retry never starts a parallel attempt.
 */
export async function requeueDelivery(db: CommonQueryMethods, id: string): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE webhook_deliveries SET next_attempt_at = now(), is_failed = false, dead_lettered_at = NULL
    WHERE id = ${id} AND delivered_at IS NULL`);
}

const claimedRow = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  payload: z.string(),
  attempt_count: z.number(),
  endpoint_id: z.string(),
  reclaimed: z.boolean(),
});
export type ClaimedDelivery = z.infer<typeof claimedRow>;

/** The endpoint of the delivery `d` is live and active: only then is the delivery attempted. */
const ENDPOINT_ACTIVE = sql.fragment`EXISTS (
  SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND e.is_active AND e.deleted_at IS NULL)`;

/**
 * Claims up to `limit` due deliveries of active endpoints. `reclaimed` marks a row that still
 * carried a lease, which can only be an expired one: every outcome clears the lease, so one left
 * behind means the worker holding it died or stalled past its expiry. Waiting deliveries of inactive
 * endpoints are stepped over in the due index; there are at most as many as were pending when their
 * endpoints were switched off (no new ones are made for an inactive endpoint).
 */
export async function claimDueDeliveries(db: CommonQueryMethods, lease: Lease, limit: number): Promise<readonly ClaimedDelivery[]> {
  return db.any(sql.type(claimedRow)`
    WITH due AS (
      SELECT d.id, d.lease_expires_at IS NOT NULL AS reclaimed FROM webhook_deliveries d
      WHERE d.delivered_at IS NULL AND d.dead_lettered_at IS NULL AND d.next_attempt_at <= now()
        AND (d.lease_expires_at IS NULL OR d.lease_expires_at < now())
        AND ${ENDPOINT_ACTIVE}
      ORDER BY d.next_attempt_at, d.id
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED)
    UPDATE webhook_deliveries d SET lease_owner = ${lease.owner}, lease_token = ${lease.token},
      lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond'
    FROM due
    WHERE d.id = due.id
    RETURNING d.id, d.event_id, d.event_type, d.payload, d.attempt_count, d.endpoint_id, due.reclaimed`);
}

/** Extends the lease on claimed deliveries still ours; false when none is. */
export async function renewDeliveryLeases(db: CommonQueryMethods, ids: readonly string[], lease: Lease): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    UPDATE webhook_deliveries SET lease_expires_at = now() + ${lease.durationMs} * interval '1 millisecond'
    WHERE id = ANY(${sql.array(ids as string[], 'uuid')}) AND lease_owner = ${lease.owner} AND lease_token = ${lease.token}`);
  return result.rowCount > 0;
}

const ours = (id: string, lease: Lease) => sql.fragment`id = ${id} AND lease_owner = ${lease.owner} AND lease_token = ${lease.token}`;

/** A 2xx answer. False when the lease was no longer ours (nothing written). */
export async function recordDelivered(db: CommonQueryMethods, id: string, lease: Lease, attempt: { count: number; statusCode: number | null }): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    UPDATE webhook_deliveries SET attempt_count = ${attempt.count}, last_attempt_at = now(), status_code = ${attempt.statusCode},
      is_failed = false, last_error = NULL, delivered_at = now(), next_attempt_at = NULL,
      lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
    WHERE ${ours(id, lease)}`);
  return result.rowCount > 0;
}

/**
 * A failed attempt: due again after `retryInMs`, or (retryInMs null) a dead letter now. False when
 * the lease was no longer ours (nothing written).
 */
export async function recordFailedAttempt(
  db: CommonQueryMethods,
  id: string,
  lease: Lease,
  attempt: { count: number; statusCode: number | null; error: string; retryInMs: number | null },
): Promise<boolean> {
  const dead = attempt.retryInMs === null;
  const result = await db.query(sql.unsafe`
    UPDATE webhook_deliveries SET attempt_count = ${attempt.count}, last_attempt_at = now(), status_code = ${attempt.statusCode},
      is_failed = true, last_error = ${attempt.error.slice(0, 4000)},
      next_attempt_at = ${dead ? sql.fragment`NULL` : sql.fragment`now() + ${attempt.retryInMs ?? 0} * interval '1 millisecond'`},
      dead_lettered_at = ${dead ? sql.fragment`now()` : sql.fragment`NULL`},
      lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
    WHERE ${ours(id, lease)}`);
  return result.rowCount > 0;
}

/** Gives claims back untouched (the worker is stopping before it attempted them). */
export async function releaseDeliveries(db: CommonQueryMethods, ids: readonly string[], lease: Lease): Promise<void> {
  if (ids.length === 0) return;
  await db.query(sql.unsafe`
    UPDATE webhook_deliveries SET lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
    WHERE id = ANY(${sql.array(ids as string[], 'uuid')}) AND lease_owner = ${lease.owner} AND lease_token = ${lease.token}`);
}

/**
 * Deliveries whose time has come (the verso.webhook.delivery.due gauge): those of active endpoints,
 * the ones a worker would claim; an inactive endpoint's are waiting, not due.
 */
export async function countDueDeliveries(db: CommonQueryMethods): Promise<number> {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*) AS n FROM webhook_deliveries d
    WHERE d.delivered_at IS NULL AND d.dead_lettered_at IS NULL AND d.next_attempt_at <= now() AND ${ENDPOINT_ACTIVE}`);
}

export const DELIVERY_CHANNEL = 'verso_webhook_delivery';

/** Wakes the delivery workers of every replica once the caller's transaction commits. */
export async function announceDueDeliveries(db: CommonQueryMethods): Promise<void> {
  await db.query(sql.unsafe`SELECT pg_notify(${DELIVERY_CHANNEL}, '')`);
}
