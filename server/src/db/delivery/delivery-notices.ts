// The cross-replica half of delivery-cache invalidation: triggers (migrations 0007, 0016) announce
// every committed change to the rows delivery reads are built from on this channel, naming the
// changed items and those embedding them, or a whole workspace. A replica also sends itself a
// barrier notice after its own writes (PostgreSQL delivers notices in commit order, so once the
// barrier arrives, the write's notices have been applied).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { isUuid } from '../../uuid.js';

export const DELIVERY_CHANNEL = 'verso_delivery_changed';

const BARRIER_PREFIX = 'barrier:';

/** What one notice says changed. Anything unreadable counts as everything. */
export type DeliveryChange =
  | { readonly kind: 'all' }
  | { readonly kind: 'workspace'; readonly workspaceId: string }
  | { readonly kind: 'items'; readonly workspaceId: string; readonly itemIds: readonly string[] }
  | { readonly kind: 'barrier'; readonly token: string };

export function parseDeliveryChange(payload: string | undefined): DeliveryChange {
  if (payload === undefined) return { kind: 'all' };
  if (payload.startsWith(BARRIER_PREFIX)) return { kind: 'barrier', token: payload.slice(BARRIER_PREFIX.length) };
  const colon = payload.indexOf(':');
  const workspaceId = (colon < 0 ? payload : payload.slice(0, colon)).toLowerCase();
  if (!isUuid(workspaceId)) return { kind: 'all' };
  if (colon < 0) return { kind: 'workspace', workspaceId };
  const itemIds = payload.slice(colon + 1).split(',');
  if (!itemIds.every(isUuid)) return { kind: 'workspace', workspaceId };
  return { kind: 'items', workspaceId, itemIds: itemIds.map((id) => id.toLowerCase()) };
}

/** The payload of the barrier notice carrying `token` (on DELIVERY_CHANNEL). */
export const barrierNotice = (token: string) => BARRIER_PREFIX + token;

/** Sends a barrier notice in its own transaction (so after everything this process committed). */
export async function sendDeliveryBarrier(db: CommonQueryMethods, token: string): Promise<void> {
  await db.query(sql.unsafe`SELECT pg_notify(${DELIVERY_CHANNEL}, ${barrierNotice(token)})`);
}

/** Past this many, a window sweep ends the whole workspace (as a notice would, migration 0016). */
export const MAX_NOTICE_ITEMS = 150;

/**
 * The items whose served version may differ between `fromIso` (exclusive) and `toIso` (inclusive)
 * because a window of one of their published versions opens or closes in between, with the items
 * embedding them (verso_delivery_dependents); null when more than MAX_NOTICE_ITEMS.
 */
export async function itemsWithMovedWindows(
  db: CommonQueryMethods,
  workspaceId: string,
  fromIso: string,
  toIso: string,
): Promise<readonly string[] | null> {
  const ids = await db.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT d::text AS id FROM verso_delivery_dependents(ARRAY(
      SELECT DISTINCT cv.content_item_id
      FROM content_items ci
      JOIN content_versions cv ON cv.content_item_id = ci.id AND cv.status = 'Published'
      CROSS JOIN LATERAL (VALUES (cv.effective_start_at), (cv.effective_end_at)) w(at)
      WHERE ci.workspace_id = ${workspaceId} AND w.at > ${fromIso}::timestamptz AND w.at <= ${toIso}::timestamptz
    )) d
    LIMIT ${MAX_NOTICE_ITEMS + 1}`);
  return ids.length > MAX_NOTICE_ITEMS ? null : ids;
}
