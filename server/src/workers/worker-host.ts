// Runs the background workers inside every API replica. Each worker loops on its own: one bounded
// batch, then again at once if the batch was full (there is more waiting) or a wake-up arrived,
// else after its interval (with jitter, so replicas started together do not poll in lockstep). A
// failing batch is logged and retried after an exponential pause; stop() waits for the batches in
// flight to finish. A worker whose job is done (a one-time check) says so and its loop ends.
import type { Logger } from '../logging/logger.js';
import type { Wakeup } from './wakeup.js';

export interface BackgroundWorker {
  readonly name: string;
  /** Pause between batches when the last one was not full. */
  readonly intervalMs: number;
  /** The most items one batch handles; a batch that handled this many runs again at once. */
  readonly batchSize: number;
  /** Processes one bounded batch and returns how many items it handled. */
  runOnce(signal: AbortSignal): Promise<number>;
  /** Cuts the pause short when work is announced (LISTEN/NOTIFY); polling remains the fallback. */
  readonly wakeup?: Wakeup;
  /** Asked after each successful batch: true ends the worker's loop (its work is complete). */
  finished?(): boolean;
}

const MAX_ERROR_PAUSE_MS = 60_000;

export class WorkerHost {
  private readonly controller = new AbortController();
  private readonly loops: Promise<void>[] = [];

  constructor(
    private readonly workers: readonly BackgroundWorker[],
    private readonly logger: Logger,
  ) {}

  start(): void {
    for (const worker of this.workers) this.loops.push(this.loop(worker));
    if (this.workers.length) this.logger.info(`workers started: ${this.workers.map((w) => w.name).join(', ')}`);
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await Promise.all(this.loops);
  }

  private async loop(worker: BackgroundWorker): Promise<void> {
    const { signal } = this.controller;
    let failures = 0;
    while (!signal.aborted) {
      let pause: number;
      // Notices before this batch starts are answered by it.
      worker.wakeup?.take();
      try {
        const handled = await worker.runOnce(signal);
        failures = 0;
        if (worker.finished?.()) break;
        pause = handled >= worker.batchSize || worker.wakeup?.take() ? 0 : jitter(worker.intervalMs);
      } catch (err) {
        if (signal.aborted) break;
        failures += 1;
        pause = Math.min(MAX_ERROR_PAUSE_MS, worker.intervalMs * 2 ** Math.min(failures, 10));
        this.logger.error(`worker ${worker.name} failed; retrying in ${pause} ms`, { err, worker: worker.name, failures });
      }
      if (pause > 0) await sleep(pause, signal, worker.wakeup);
    }
  }
}

function jitter(ms: number): number {
  return Math.round(ms * (0.8 + Math.random() * 0.4));
}

function sleep(ms: number, signal: AbortSignal, wakeup: Wakeup | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    const unsubscribe = wakeup?.subscribe(done);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      unsubscribe?.();
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
