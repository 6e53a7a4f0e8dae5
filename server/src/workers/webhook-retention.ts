// Retention of the event path: processed outbox events and delivered logs older than
// Webhook__RetentionDays are deleted, one bounded batch of each per pass (a full batch makes the
// host run the next pass at once). Pending, retrying and dead-letter deliveries and unprocessed
// events are never deleted (db/webhooks/retention.ts selects only the others).
import type { DatabasePool } from 'slonik';
import { deleteDeliveredLogs, deleteProcessedOutboxEvents } from '../db/webhooks/retention.js';
import type { CleanupInstruments } from '../telemetry/webhook-instruments.js';
import type { BackgroundWorker } from './worker-host.js';

export interface WebhookRetentionOptions {
  readonly retentionDays: number;
  readonly batchSize: number;
  readonly intervalMs: number;
}

export function createWebhookRetentionWorker(db: DatabasePool, instruments: CleanupInstruments, options: WebhookRetentionOptions): BackgroundWorker {
  return {
    name: 'webhook-retention',
    intervalMs: options.intervalMs,
    batchSize: options.batchSize,
    async runOnce() {
      const events = await deleteProcessedOutboxEvents(db, options.retentionDays, options.batchSize);
      instruments.outboxDeleted.add(events);
      const deliveries = await deleteDeliveredLogs(db, options.retentionDays, options.batchSize);
      instruments.deliveriesDeleted.add(deliveries);
      return Math.max(events, deliveries);
    },
  };
}
