// The API process: read config, bring up the database (embedded unless DATABASE_URL is set), run
// migrations, serve HTTP; stop everything cleanly on SIGINT/SIGTERM, PostgreSQL included.
//
// With Api__Processes above 1 this process becomes the primary of a cluster (cluster/primary.ts):
// it starts PostgreSQL and applies the migrations once, then forks the API processes, which run
// this file again as cluster members (cluster/member.ts) and serve the shared port.
import cluster from 'node:cluster';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import { readSecretsSettings, type SecretsSettings } from './secrets/keyring.js';
import { MIGRATIONS_DIR, readVersion, REPO_ROOT } from './contract.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { createLogger, describeError, type Logger } from './logging/logger.js';
import { startApi, type RunningApi } from './server.js';
import { checkConnectionBudget, embeddedMaxConnections } from './cluster/connection-budget.js';
import { runClusterMember } from './cluster/member.js';
import { startCluster, type RunningCluster } from './cluster/primary.js';

function readSettings(): { config: Config; secrets: SecretsSettings } {
  try {
    const config = loadConfig(process.env, { version: readVersion(), cwd: process.env.INIT_CWD ?? REPO_ROOT });
    // The keyring is configuration too: a missing, placeholder or weak key stops the process here,
    // before PostgreSQL starts, with the setting named.
    const secrets = readSecretsSettings(config.secretsEnvironment, { environment: config.environment, dataDirectory: config.data.directory });
    return { config, secrets };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

async function startDatabase(config: Config, logger: Logger): Promise<{ databaseUrl: string; embedded?: EmbeddedDatabase }> {
  if (config.database.url) return { databaseUrl: config.database.url };
  const embedded = await startEmbeddedDatabase({
    dataDir: path.join(config.data.directory, 'postgres'),
    port: config.database.embeddedPort,
    persistent: true,
    maxConnections: embeddedMaxConnections(config),
    log: (m) => logger.info(m),
  });
  await embedded.createDatabase('verso');
  logger.info(`embedded PostgreSQL on 127.0.0.1:${config.database.embeddedPort}, cluster in ${embedded.clusterDir}`);
  return { databaseUrl: embedded.urlFor('verso'), embedded };
}

async function main(): Promise<void> {
  const { config, secrets } = readSettings();
  const logger = createLogger({ level: config.logging.level });
  if (cluster.isWorker) {
    await runClusterMember(config, logger, (start) =>
      startApi(start.config, { logger: start.logger, databaseUrl: start.databaseUrl, secrets, cluster: { index: start.index, migrated: true } }),
    );
    return;
  }
  let embedded: EmbeddedDatabase | undefined;
  let api: RunningApi | RunningCluster | undefined;
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`received ${signal}, shutting down`);
    try {
      // The API processes first (they finish their requests and workers), PostgreSQL last.
      const clean = api && 'stop' in api ? await api.stop() : (await api?.close(), true);
      await embedded?.stop();
      logger.info(clean ? 'stopped' : 'stopped, but an API process had to be killed');
      process.exit(clean ? 0 : 1);
    } catch (err) {
      logger.error('shutdown failed', { err });
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    const database = await startDatabase(config, logger);
    embedded = database.embedded;
    if (config.api.processes === 1) {
      api = await startApi(config, { logger, databaseUrl: database.databaseUrl, secrets });
    } else {
      // Once, before any process forks: the members skip this step.
      await migrate(database.databaseUrl, MIGRATIONS_DIR, (m) => logger.info(m));
      await checkConnectionBudget(database.databaseUrl, config, logger);
      logger.info(`starting ${config.api.processes} API processes (Api__Processes)${config.workers.enabled ? '; process 0 runs the background workers' : ''}`);
      api = await startCluster({ config, logger, databaseUrl: database.databaseUrl });
    }
    // The docs viewer only where it is served (production answers /swagger with 404).
    const docs = config.api.swaggerEnabled ? `docs: ${api.url}/swagger, ` : '';
    logger.info(`Verso API ${config.version} listening on ${api.url} (${docs}health: ${api.url}/health/ready)`);
  } catch (err) {
    logger.error('start-up failed', { err });
    // The JSON line is for log collectors; whoever typed `make run` reads this one.
    console.error(`verso: start-up failed: ${describeError(err)}`);
    await embedded?.stop().catch(() => {});
    process.exit(1);
  }
}

await main();
