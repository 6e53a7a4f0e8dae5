// The webhook dispatcher: claims outbox events in insertion order, in bounded batches under a lease
// (owner, token, expiry; FOR UPDATE SKIP LOCKED), creates one delivery per active endpoint of the
// event's workspace subscribed to its type, and marks the events processed. Fan-out is idempotent
// per (event, endpoint), so a batch claimed again after a crash adds no duplicate deliveries, and
// it writes only events whose lease is still this pass's.
import type { DatabasePool } from 'slonik';
import { claimOutboxEvents, fanOutClaimedEvents, releaseOutboxEvents, renewOutboxLeases } from '../db/webhooks/outbox-dispatch.js';
import type { Logger } from '../logging/logger.js';
import type { WebhookInstruments } from '../telemetry/webhook-instruments.js';
import { newLease, withLeaseRenewal } from './lease.js';
import type { Wakeup } from './wakeup.js';
import type { BackgroundWorker } from './worker-host.js';

export interface WebhookDispatchOptions {
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  readonly batchSize: number;
  /** Wakes the dispatcher when an event is written (LISTEN verso_webhook_outbox). */
  readonly wakeup?: Wakeup;
  /** Told when a batch created deliveries, so this replica's delivery worker starts at once. */
  readonly onMaterialized?: () => void;
}

export function createWebhookDispatchWorker(db: DatabasePool, logger: Logger, instruments: WebhookInstruments, options: WebhookDispatchOptions): BackgroundWorker {
  return {
    name: 'webhook-dispatch',
    intervalMs: options.pollIntervalMs,
    batchSize: options.batchSize,
    wakeup: options.wakeup,
    async runOnce() {
      const lease = newLease(options.leaseMs);
      const claims = await claimOutboxEvents(db, lease, options.batchSize);
      if (claims.length === 0) return 0;
      instruments.outboxClaimed.add(claims.length);
      instruments.outboxReclaimed.add(claims.filter((c) => c.reclaimed).length);
      const ids = claims.map((c) => c.id);
      await withLeaseRenewal(lease, () => renewOutboxLeases(db, ids, lease), async () => {
        try {
          const { materialized } = await fanOutClaimedEvents(db, ids, lease);
          instruments.outboxMaterialized.add(materialized);
          if (materialized > 0) options.onMaterialized?.();
        } catch (err) {
          instruments.outboxFailures.add(1);
          logger.error('webhook fan-out failed; the events are released for a later pass', { err, events: ids.length });
          await releaseOutboxEvents(db, ids, lease).catch(() => undefined);
        }
      }, `webhook fan-out of ${ids.length} events`);
      return claims.length;
    },
  };
}
