// The API process: read config, bring up the database (embedded unless DATABASE_URL is set), run
// migrations, serve HTTP; stop everything cleanly on SIGINT/SIGTERM, PostgreSQL included.
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { readSecretsSettings, type SecretsSettings } from './secrets/keyring.js';
import { readVersion, REPO_ROOT } from './contract.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.js';
import { createLogger, describeError } from './logging/logger.js';
import { startApi, type RunningApi } from './server.js';

async function main(): Promise<void> {
  let config;
  let secrets: SecretsSettings;
  try {
    config = loadConfig(process.env, { version: readVersion(), cwd: process.env.INIT_CWD ?? REPO_ROOT });
    // The keyring is configuration too: a missing, placeholder or weak key stops the process here,
    // before PostgreSQL starts, with the setting named.
    secrets = readSecretsSettings(config.secretsEnvironment, { environment: config.environment, dataDirectory: config.data.directory });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = createLogger({ level: config.logging.level });
  let embedded: EmbeddedDatabase | undefined;
  let api: RunningApi | undefined;
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`received ${signal}, shutting down`);
    try {
      await api?.close();
      await embedded?.stop();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error('shutdown failed', { err });
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    let databaseUrl = config.database.url;
    if (!databaseUrl) {
      embedded = await startEmbeddedDatabase({
        dataDir: path.join(config.data.directory, 'postgres'),
        port: config.database.embeddedPort,
        persistent: true,
        log: (m) => logger.info(m),
      });
      await embedded.createDatabase('verso');
      databaseUrl = embedded.urlFor('verso');
      logger.info(`embedded PostgreSQL on 127.0.0.1:${config.database.embeddedPort}, cluster in ${embedded.clusterDir}`);
    }
    api = await startApi(config, { logger, databaseUrl, secrets });
    logger.info(`Verso API ${config.version} listening on ${api.url} (docs: ${api.url}/swagger, health: ${api.url}/health/ready)`);
  } catch (err) {
    logger.error('start-up failed', { err });
    // The JSON line is for log collectors; whoever typed `make run` reads this one.
    console.error(`verso: start-up failed: ${describeError(err)}`);
    await embedded?.stop().catch(() => {});
    process.exit(1);
  }
}

await main();
