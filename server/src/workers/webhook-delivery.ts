// The webhook delivery worker: claims due deliveries in bounded batches under a lease and attempts
// them, `concurrency` at a time, so one slow receiver holds one slot rather than the batch. The
// lease is renewed while the batch runs; each outcome is written only while it is still ours. A
// stop (shutdown) lets attempts in flight finish and gives the unstarted claims back at once.
import { claimDueDeliveries, releaseDeliveries, renewDeliveryLeases, type ClaimedDelivery } from '../db/webhooks/deliveries.js';
import { attemptDelivery, type AttemptContext } from '../services/webhooks/delivery-attempt.js';
import { newLease, withLeaseRenewal } from './lease.js';
import type { Wakeup } from './wakeup.js';
import type { BackgroundWorker } from './worker-host.js';

export interface WebhookDeliveryOptions {
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  readonly batchSize: number;
  readonly concurrency: number;
  /** Wakes the worker when deliveries become due (LISTEN verso_webhook_delivery, or this replica's dispatcher). */
  readonly wakeup?: Wakeup;
}

export function createWebhookDeliveryWorker(ctx: AttemptContext, options: WebhookDeliveryOptions): BackgroundWorker {
  const { db, logger } = ctx;
  return {
    name: 'webhook-delivery',
    intervalMs: options.pollIntervalMs,
    batchSize: options.batchSize,
    wakeup: options.wakeup,
    async runOnce(signal) {
      const lease = newLease(options.leaseMs);
      const claims = await claimDueDeliveries(db, lease, options.batchSize);
      if (claims.length === 0) return 0;
      ctx.instruments.deliveryClaimed.add(claims.length);
      ctx.instruments.deliveryReclaimed.add(claims.filter((c) => c.reclaimed).length);
      const ids = claims.map((c) => c.id);
      const unstarted: ClaimedDelivery[] = [...claims].reverse();
      await withLeaseRenewal(lease, () => renewDeliveryLeases(db, ids, lease), async (leaseSignal) => {
        const lane = async () => {
          for (let claim = unstarted.pop(); claim; claim = unstarted.pop()) {
            if (signal.aborted || leaseSignal.aborted) {
              unstarted.push(claim);
              return;
            }
            try {
              await attemptDelivery(ctx, claim, lease);
            } catch (err) {
              // Writing the outcome failed (database away): the lease expires and the delivery is
              // attempted again by a later claim — at least once, never lost.
              logger.error('webhook delivery outcome could not be recorded', { err, delivery_id: claim.id });
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(options.concurrency, claims.length) }, lane));
      }, `webhook delivery of ${claims.length} attempts`).catch((err: unknown) => {
        if ((err as Error).name !== 'LeaseLostError') throw err;
        logger.warn('webhook delivery lease lost; the remaining claims are left to their new owner', { deliveries: claims.length });
      });
      if (unstarted.length > 0) await releaseDeliveries(db, unstarted.map((c) => c.id), lease).catch(() => undefined);
      return claims.length;
    },
  };
}
