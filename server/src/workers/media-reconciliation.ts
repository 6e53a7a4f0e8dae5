// The media lifecycle worker every replica runs (Media__Operations__*): each cycle runs the
// stale-upload pass, the deletion worker, verification, orphan discovery and the dimensions backfill, each bounded by the
// batch size, every IntervalSeconds (300) — at once again when the stale-upload or deletion backlog
// filled a batch. A step that fails is logged and counted (verso.media.reconciliation.cycle_failures,
// reason = the step) and does not keep the others from running.
import { providerLabel, type CycleStep } from '../telemetry/media-instruments.js';
import type { MediaLifecycle } from './media-context.js';
import { runDeletionPass } from './media-deletion.js';
import { runDimensionsBackfill } from './media-dimensions.js';
import { runOrphanDiscovery } from './media-orphans.js';
import { runStaleUploadPass } from './media-stale-uploads.js';
import { runVerificationPass } from './media-verification.js';
import type { BackgroundWorker } from './worker-host.js';

interface Step {
  readonly name: CycleStep;
  readonly run: (signal: AbortSignal) => Promise<number>;
  /** Whether a full batch of this step means more is waiting (run the cycle again at once). */
  readonly drains: boolean;
}

export function createMediaReconciliationWorker(ctx: MediaLifecycle): BackgroundWorker {
  const steps: readonly Step[] = [
    { name: 'stale_uploads', run: () => runStaleUploadPass(ctx), drains: true },
    { name: 'deletion', run: (signal) => runDeletionPass(ctx, signal), drains: true },
    // Verification and discovery always find a full page in a large library; re-running them at
    // once would turn a background check into a busy loop.
    { name: 'verification', run: (signal) => runVerificationPass(ctx, signal), drains: false },
    { name: 'orphan_discovery', run: (signal) => runOrphanDiscovery(ctx, signal), drains: false },
    // Each image once (issue #26): a full batch means more are waiting.
    { name: 'dimensions', run: (signal) => runDimensionsBackfill(ctx, signal), drains: true },
  ];
  return {
    name: 'media-reconciliation',
    intervalMs: ctx.options.intervalMs,
    batchSize: ctx.options.batchSize,
    async runOnce(signal) {
      let backlog = 0;
      for (const step of steps) {
        if (signal.aborted) break;
        try {
          const handled = await step.run(signal);
          if (step.drains) backlog = Math.max(backlog, handled);
        } catch (err) {
          ctx.instruments.cycleFailures.add(1, { provider: providerLabel(ctx.storage.name), reason: step.name });
          ctx.logger.error(`media reconciliation step ${step.name} failed`, { err, step: step.name });
        }
      }
      return backlog;
    },
  };
}
