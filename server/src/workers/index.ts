// The background workers every API replica runs (when Workers__Enabled is true). Each area adds
// its worker here; the host gives them their loop, pacing and graceful stop.
import type { Dependencies } from '../dependencies.js';
import { createScheduledPublishingWorker } from './scheduled-publishing.js';
import { createMediaReconciliationWorker } from './media-reconciliation.js';
import type { BackgroundWorker } from './worker-host.js';

export function createWorkers(deps: Dependencies): BackgroundWorker[] {
  return [
    createScheduledPublishingWorker(deps.db, deps.logger, deps.metrics.schedule, {
      ...deps.config.workers.scheduledPublishing,
      onPublished: (workspaceId) => deps.deliveryCache.invalidate(workspaceId),
    }),
    ...mediaWorkers(deps),
  ];
}

function mediaWorkers(deps: Dependencies): BackgroundWorker[] {
  const { operations } = deps.config.media;
  if (!operations.enabled) return [];
  return [createMediaReconciliationWorker({ db: deps.db, storage: deps.storage, logger: deps.logger, instruments: deps.metrics.media, options: operations })];
}
