// The background workers every API replica runs (when Workers__Enabled is true). Each area adds
// its worker here; the host gives them their loop, pacing and graceful stop.
import type { Dependencies } from '../dependencies.js';
import { createScheduledPublishingWorker } from './scheduled-publishing.js';
import { createSecretRotationWorker } from './secret-rotation.js';
import { Wakeup } from './wakeup.js';
import { createWebhookDeliveryWorker } from './webhook-delivery.js';
import { createWebhookDispatchWorker } from './webhook-dispatch.js';
import { createWebhookRetentionWorker } from './webhook-retention.js';
import { createMediaReconciliationWorker } from './media-reconciliation.js';
import type { BackgroundWorker } from './worker-host.js';

/** What wakes the webhook workers early: notices from any replica (server.ts routes them here). */
export interface WorkerWakeups {
  readonly outbox: Wakeup;
  readonly delivery: Wakeup;
}

export function createWorkers(deps: Dependencies, wakeups: WorkerWakeups = { outbox: new Wakeup(), delivery: new Wakeup() }): BackgroundWorker[] {
  const { webhooks, workers } = deps.config;
  const all: BackgroundWorker[] = [
    createScheduledPublishingWorker(deps.db, deps.logger, deps.metrics.schedule, {
      ...workers.scheduledPublishing,
      onPublished: (workspaceId) => deps.deliveryCache.catchUp(workspaceId),
    }),
    ...mediaWorkers(deps),
  ];
  if (workers.webhookDispatch) {
    all.push(
      createWebhookDispatchWorker(deps.db, deps.logger, deps.metrics.webhooks, {
        ...webhooks.outbox,
        wakeup: wakeups.outbox,
        // The notice reaches this replica too; waking directly saves its round trip.
        onMaterialized: () => wakeups.delivery.notify(),
      }),
    );
  }
  if (workers.webhookDelivery) {
    all.push(
      createWebhookDeliveryWorker(
        {
          db: deps.db,
          secretBox: deps.secretBox,
          sender: deps.webhookSender,
          instruments: deps.metrics.webhooks,
          secretInstruments: deps.metrics.secrets,
          logger: deps.logger,
          maxAttempts: webhooks.maxAttempts,
          requestTimeoutMs: webhooks.requestTimeoutMs,
        },
        { ...webhooks.delivery, wakeup: wakeups.delivery },
      ),
    );
  }
  if (workers.webhookRetention) all.push(createWebhookRetentionWorker(deps.db, deps.metrics.cleanup, webhooks.cleanup));
  all.push(createSecretRotationWorker(deps.db, deps.secretBox, deps.logger, deps.metrics.secrets, deps.secretRotation));
  return all;
}

function mediaWorkers(deps: Dependencies): BackgroundWorker[] {
  const { operations } = deps.config.media;
  if (!operations.enabled) return [];
  return [createMediaReconciliationWorker({ db: deps.db, storage: deps.storage, logger: deps.logger, instruments: deps.metrics.media, options: operations })];
}
