// An endpoint's deliveries as the API shows them, and the operator's retry of one (202): a failed
// or dead-letter delivery becomes pending and due now, keeping its attempt count; a delivered one
// is a 409, since receiving an event twice on request is not a retry. So is a delivery of an
// inactive endpoint: its deliveries wait until it is switched on (the worker does not claim them),
// and a 202 "queued" for an attempt that cannot happen would mislead; the 409 says what to do.
import type { Db } from '../../db/pool.js';
import { findDelivery, listDeliveries as listRows, requeueDelivery, announceDueDeliveries, type DeliveryFilter, type DeliveryRow } from '../../db/webhooks/deliveries.js';
import { findEndpoint } from '../../db/webhooks/endpoints.js';
import { conflict, notFound } from '../../errors.js';
import type { WebhookDeliveryResponse, WebhookDeliveryResponsePagedResponse } from '../../generated/schemas.js';
import { pageRequest, toPage, type PagingQuery } from '../platform/paging.js';

export function presentDelivery(d: DeliveryRow): WebhookDeliveryResponse {
  return {
    id: d.id,
    webhookEndpointId: d.endpoint_id,
    eventId: d.event_id,
    eventType: d.event_type,
    // Stored as the exact text POSTed; always JSON, since it was serialised from a jsonb value.
    payload: JSON.parse(d.payload) as unknown,
    attemptCount: d.attempt_count,
    lastAttemptAt: d.last_attempt_at,
    nextRetryAt: d.next_attempt_at,
    statusCode: d.status_code,
    isDelivered: d.delivered_at !== null,
    isFailed: d.is_failed,
    lastError: d.last_error,
    isDeadLetter: d.dead_lettered_at !== null,
    deadLetteredAt: d.dead_lettered_at,
    deliveredAt: d.delivered_at,
    createdAt: d.created_at,
  };
}

async function requireEndpoint(db: Db, workspaceId: string, endpointId: string): Promise<void> {
  if (!(await findEndpoint(db, workspaceId, endpointId))) throw notFound('The webhook endpoint');
}

export async function listDeliveries(
  db: Db,
  workspaceId: string,
  endpointId: string,
  query: PagingQuery & DeliveryFilter,
): Promise<WebhookDeliveryResponsePagedResponse> {
  await requireEndpoint(db, workspaceId, endpointId);
  const page = pageRequest(query);
  const filter: DeliveryFilter = { isDelivered: query.isDelivered, isFailed: query.isFailed, isDeadLetter: query.isDeadLetter };
  const { rows, total } = await listRows(db, endpointId, filter, page.pageSize, page.offset);
  return toPage(rows.map(presentDelivery), total, page);
}

export async function retryDelivery(db: Db, workspaceId: string, endpointId: string, deliveryId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // FOR UPDATE: a switch-off committing meanwhile is seen before the delivery is requeued.
    const endpoint = await findEndpoint(tx, workspaceId, endpointId, true);
    if (!endpoint) throw notFound('The webhook endpoint');
    const delivery = await findDelivery(tx, endpointId, deliveryId, true);
    if (!delivery) throw notFound('The delivery');
    if (delivery.delivered_at !== null) throw conflict('The delivery was delivered; there is nothing to retry.');
    if (!endpoint.is_active) {
      throw conflict('The endpoint is inactive, so its deliveries are not attempted; make it active again to have this one retried.');
    }
    await requeueDelivery(tx, deliveryId);
    await announceDueDeliveries(tx);
  });
}
