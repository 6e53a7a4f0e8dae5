// One API process of a cluster (Api__Processes > 1, see primary.ts). It waits for the primary to say
// which process it is and where the database is, then starts a whole API of its own: its own pools,
// caches, notice listener and rate windows, listening on the shared port (node:cluster hands it the
// connections). Only the process the primary names runs the background workers.
//
// It stops when the primary says so, on SIGTERM, or when the primary is gone (the IPC channel
// closes): a cluster never outlives its primary. SIGINT is left to the primary: a terminal's Ctrl-C
// reaches every process of the group, and the primary stops the members in order.
import type { Config } from '../config.js';
import { describeError, type Logger } from '../logging/logger.js';
import { isPrimaryMessage, type MemberMessage, type StartMessage } from './messages.js';

export interface MemberApi {
  readonly url: string;
  close(): Promise<void>;
}

export interface MemberStart {
  readonly index: number;
  readonly databaseUrl: string;
  /** The configuration this process runs with: workers only if it was chosen, its own metrics port. */
  readonly config: Config;
  readonly logger: Logger;
}

/** The member's configuration: the workers where the primary put them, and a metrics port of its own. */
export function memberConfig(config: Config, start: Pick<StartMessage, 'index' | 'runsWorkers'>): Config {
  return Object.freeze({
    ...config,
    workers: Object.freeze({ ...config.workers, enabled: config.workers.enabled && start.runsWorkers }),
    // Each process has its own instruments, so each serves them: Metrics__Port + its index (a
    // scrape of a shared port would see a different process's counters each time). 0 stays 0:
    // every process takes a free port of its own.
    metrics: Object.freeze({ ...config.metrics, port: config.metrics.port === 0 ? 0 : config.metrics.port + start.index }),
  });
}

function send(message: MemberMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

function nextStart(): Promise<StartMessage> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (!isPrimaryMessage(message) || message.type !== 'verso:start') return;
      process.off('message', onMessage);
      resolve(message);
    };
    process.on('message', onMessage);
    void send({ type: 'verso:hello' });
  });
}

export async function runClusterMember(config: Config, logger: Logger, startApi: (start: MemberStart) => Promise<MemberApi>): Promise<void> {
  // Nothing to close until the primary's start message arrives.
  let api: Promise<MemberApi | undefined> = Promise.resolve(undefined);
  let stopping = false;
  let log = logger;

  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`stopping: ${reason}`);
    try {
      await (await api)?.close();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error('shutdown failed', { err });
      process.exit(1);
    }
  };
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => void stop('received SIGTERM'));
  process.on('disconnect', () => void stop('the primary process is gone'));
  process.on('message', (message: unknown) => {
    if (isPrimaryMessage(message) && message.type === 'verso:stop') void stop('the primary asked');
  });

  const start = await nextStart();
  log = logger.child({ process: start.index });
  const ownConfig = memberConfig(config, start);
  api = startApi({ index: start.index, databaseUrl: start.databaseUrl, config: ownConfig, logger: log }).catch(async (err: unknown) => {
    log.error('start-up failed', { err });
    await send({ type: 'verso:failed', reason: describeError(err) });
    process.exit(1);
  });
  const running = await api;
  if (!running || stopping) return;
  log.info(`API process ${start.index} (pid ${process.pid}) listening on ${running.url}${ownConfig.workers.enabled ? ', running the background workers' : ''}`);
  await send({ type: 'verso:ready', url: running.url });
}
