// The primary of an API cluster (Api__Processes > 1). It serves nothing itself: main.ts has started
// the embedded PostgreSQL (when DATABASE_URL is unset) and applied the migrations before this forks,
// so both happen once. Each member (member.ts) is a whole API process with its own pools and caches;
// node:cluster shares the listening port among them. They learn of each other's changes the way
// replicas do, through PostgreSQL's LISTEN/NOTIFY (db/notice-listener.ts): every member listens.
//
// The background workers run in exactly one member, the one at index 0. When a member exits
// without being asked (a crash, a kill), it is replaced at the same index (so the workers move to
// the replacement), after a pause that doubles with each quick failure. Leases make the short
// overlap of a dying and a new worker harmless (workers/lease.ts).
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.js';
import type { Logger } from '../logging/logger.js';
import { allocatorDefaults } from './allocator-env.js';
import { isMemberMessage, type PrimaryMessage } from './messages.js';

/** The member that runs the background workers. */
export const WORKERS_INDEX = 0;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** A member that served this long before it exited is restarted at the first delay again. */
const STABLE_AFTER_MS = 60_000;
/** Past Api__ShutdownTimeoutSeconds, what a member may take to stop its workers and pools before it is killed. */
const STOP_GRACE_MS = 5_000;

export interface ClusterOptions {
  readonly config: Config;
  readonly logger: Logger;
  /** The migrated database every member connects to. */
  readonly databaseUrl: string;
}

export interface RunningCluster {
  /** Where the members listen (the URL the first of them reported). */
  readonly url: string;
  /** Stops every member; true when all of them stopped by themselves, cleanly. */
  stop(): Promise<boolean>;
}

interface Slot {
  readonly index: number;
  worker: Worker | null;
  readyAt: number | null;
  /** Exits in a row that came before the member had served STABLE_AFTER_MS. */
  quickExits: number;
  restart: NodeJS.Timeout | null;
  /** Why the member said its start-up failed, if it did. */
  failure: string | null;
}

class StartUpError extends Error {}

export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const { config, logger, databaseUrl } = options;
  const slots: Slot[] = Array.from({ length: config.api.processes }, (_, index) => ({ index, worker: null, readyAt: null, quickExits: 0, restart: null, failure: null }));
  let stopping = false;
  let url: string | null = null;
  let settleStart: { resolve: () => void; reject: (err: Error) => void } | null = null;
  const started = new Promise<void>((resolve, reject) => (settleStart = { resolve, reject }));
  const exited = new Map<Worker, Promise<number | null>>();

  const tell = (worker: Worker, message: PrimaryMessage) => {
    if (worker.isConnected()) worker.send(message);
  };

  const fork = (slot: Slot) => {
    slot.restart = null;
    slot.readyAt = null;
    slot.failure = null;
    // glibc's arena limit, unless the operator chose one (allocator-env.ts says why).
    const worker = cluster.fork(allocatorDefaults(process.env));
    slot.worker = worker;
    exited.set(worker, new Promise((resolve) => worker.once('exit', (code, signal) => resolve(signal ? null : code))));
    worker.on('message', (message: unknown) => {
      if (!isMemberMessage(message)) return;
      if (message.type === 'verso:hello') {
        if (stopping) tell(worker, { type: 'verso:stop' });
        else tell(worker, { type: 'verso:start', index: slot.index, runsWorkers: slot.index === WORKERS_INDEX, databaseUrl });
      } else if (message.type === 'verso:failed') {
        slot.failure = message.reason;
      } else {
        slot.readyAt = Date.now();
        url ??= message.url;
        if (settleStart && slots.every((s) => s.readyAt !== null)) settleStart.resolve();
      }
    });
    worker.once('exit', (code, signal) => onExit(slot, worker, code, signal));
  };

  const onExit = (slot: Slot, worker: Worker, code: number | null, signal: string | null) => {
    exited.delete(worker);
    if (slot.worker !== worker) return;
    slot.worker = null;
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (settleStart) {
      // A member that cannot start now would not start on a retry either (a taken port, a bad
      // keyring): the start fails as a whole, as a single process's would.
      settleStart.reject(new StartUpError(slot.failure ?? `API process ${slot.index} (pid ${worker.process.pid}) exited during start-up (${how})`));
      return;
    }
    const servedMs = slot.readyAt === null ? 0 : Date.now() - slot.readyAt;
    slot.quickExits = servedMs >= STABLE_AFTER_MS ? 1 : slot.quickExits + 1;
    const delayMs = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (slot.quickExits - 1));
    logger.warn(`API process ${slot.index} (pid ${worker.process.pid}) exited (${how}); replacing it in ${delayMs} ms`, {
      event: 'api_process_exited',
      process: slot.index,
      pid: worker.process.pid,
      exitCode: code,
      signal,
      reason: slot.failure ?? undefined,
      runsWorkers: slot.index === WORKERS_INDEX && config.workers.enabled,
      restartInMs: delayMs,
    });
    slot.restart = setTimeout(() => {
      if (!stopping) fork(slot);
    }, delayMs);
  };

  const stop = async (): Promise<boolean> => {
    stopping = true;
    for (const slot of slots) if (slot.restart) clearTimeout(slot.restart);
    const members = [...exited.entries()].filter(([worker]) => !worker.isDead());
    for (const [worker] of members) {
      // A member whose channel is already gone stops on its own (it saw the disconnect).
      tell(worker, { type: 'verso:stop' });
    }
    let clean = true;
    const deadline = config.api.shutdownTimeoutMs + STOP_GRACE_MS;
    await Promise.all(
      members.map(async ([worker, exit]) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadline)));
        const outcome = await Promise.race([exit, late]);
        clearTimeout(timer);
        if (outcome === 'late') {
          clean = false;
          logger.error(`API process (pid ${worker.process.pid}) did not stop within ${deadline} ms; killing it`, { event: 'api_process_killed', pid: worker.process.pid });
          worker.process.kill('SIGKILL');
          await exit;
        } else if (outcome !== 0) {
          clean = false;
        }
      }),
    );
    return clean;
  };

  for (const slot of slots) fork(slot);
  try {
    await started;
  } catch (err) {
    await stop();
    throw err instanceof StartUpError ? new Error(err.message) : err;
  } finally {
    settleStart = null;
  }
  return { url: url!, stop };
}
