// The webhook and cleanup instruments of the spec's operational telemetry (svc.webhook.* and
// svc.cleanup.* there, verso.* here). No labels at all: the spec keeps these free of event,
// workspace and endpoint labels, and lists none for them.
import type { Counter, Meter } from '@opentelemetry/api';
import type { DatabasePool } from 'slonik';
import { countDueDeliveries } from '../db/webhooks/deliveries.js';
import { countPendingOutboxEvents } from '../db/webhooks/outbox-dispatch.js';
import type { Logger } from '../logging/logger.js';

export interface WebhookInstruments {
  /** Outbox events a dispatcher pass claimed under its lease, reclaimed ones included. */
  readonly outboxClaimed: Counter;
  /** Claimed events that still carried an expired lease of an earlier pass (a dispatcher died or stalled). */
  readonly outboxReclaimed: Counter;
  /** Deliveries created by fan-out (one per event and subscribed endpoint). */
  readonly outboxMaterialized: Counter;
  /** Fan-out batches that failed; their claims were given back for a later pass. */
  readonly outboxFailures: Counter;
  readonly deliveryClaimed: Counter;
  readonly deliveryReclaimed: Counter;
  /** Attempts answered with a 2xx. */
  readonly deliverySucceeded: Counter;
  /** Failed attempts that will be tried again after the backoff. */
  readonly deliveryRetried: Counter;
  /** Failed attempts that made their delivery a dead letter (Webhook__MaxAttempts reached). */
  readonly deliveryDeadLettered: Counter;
  /** Attempts refused before connecting: the destination resolved to a forbidden address. */
  readonly destinationRejected: Counter;
  /** Attempts that could not connect or timed out. */
  readonly connectionFailed: Counter;
}

export interface CleanupInstruments {
  readonly outboxDeleted: Counter;
  readonly deliveriesDeleted: Counter;
}

/**
 * A database-derived gauge: read at collection time (a state, not a per-pass count). Every replica
 * reports the same value, so aggregate it with max, not sum. A failed read leaves the series out
 * of that scrape rather than failing the other instruments with it.
 */
function databaseGauge(meter: Meter, logger: Logger, name: string, description: string, read: () => Promise<number>): void {
  meter.createObservableGauge(name, { description }).addCallback(async (result) => {
    try {
      result.observe(await read());
    } catch (err) {
      logger.warn(`${name} could not be read`, { err });
    }
  });
}

/** A counter appears only after its first add; starting each at 0 lets a rate or an alert work before the first event. */
function zeroed<T extends Record<string, Counter>>(counters: T): T {
  for (const counter of Object.values(counters)) counter.add(0);
  return counters;
}

export function createWebhookInstruments(meter: Meter, db: DatabasePool, logger: Logger): WebhookInstruments {
  databaseGauge(meter, logger, 'verso.webhook.outbox.pending', 'Outbox events not yet fanned out to deliveries.', () => countPendingOutboxEvents(db));
  databaseGauge(meter, logger, 'verso.webhook.delivery.due', 'Deliveries waiting whose next attempt is due.', () => countDueDeliveries(db));
  return zeroed({
    outboxClaimed: meter.createCounter('verso.webhook.outbox.claimed', { description: 'Outbox events claimed by the dispatcher, reclaimed ones included.' }),
    outboxReclaimed: meter.createCounter('verso.webhook.outbox.reclaimed', { description: 'Outbox events claimed after the lease of an earlier claim expired.' }),
    outboxMaterialized: meter.createCounter('verso.webhook.outbox.materialized', { description: 'Deliveries created from outbox events (one per subscribed endpoint).' }),
    outboxFailures: meter.createCounter('verso.webhook.outbox.failures', { description: 'Dispatcher batches that failed and were released for a later pass.' }),
    deliveryClaimed: meter.createCounter('verso.webhook.delivery.claimed', { description: 'Due deliveries claimed by a delivery worker, reclaimed ones included.' }),
    deliveryReclaimed: meter.createCounter('verso.webhook.delivery.reclaimed', { description: 'Deliveries claimed after the lease of an earlier claim expired.' }),
    deliverySucceeded: meter.createCounter('verso.webhook.delivery.succeeded', { description: 'Delivery attempts answered with a 2xx status.' }),
    deliveryRetried: meter.createCounter('verso.webhook.delivery.retried', { description: 'Failed delivery attempts scheduled to be tried again.' }),
    deliveryDeadLettered: meter.createCounter('verso.webhook.delivery.dead_lettered', { description: 'Deliveries that became dead letters after their last allowed attempt.' }),
    destinationRejected: meter.createCounter('verso.webhook.destination.rejected', { description: 'Delivery attempts refused before connecting: the destination is not a public address.' }),
    connectionFailed: meter.createCounter('verso.webhook.connection.failed', { description: 'Delivery attempts that could not connect or timed out.' }),
  });
}

export function createCleanupInstruments(meter: Meter): CleanupInstruments {
  return zeroed({
    outboxDeleted: meter.createCounter('verso.cleanup.outbox_deleted', { description: 'Processed outbox events deleted by retention.' }),
    deliveriesDeleted: meter.createCounter('verso.cleanup.deliveries_deleted', { description: 'Delivered webhook logs deleted by retention.' }),
  });
}
