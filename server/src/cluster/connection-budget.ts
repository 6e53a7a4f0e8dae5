// How many PostgreSQL connections the API asks for, so that the embedded PostgreSQL can be started
// with room for them and an external one can be checked against its limit (README: Processes and
// pool sizing). Every API process opens its own connections; nothing is shared across processes.
import pg from 'pg';
import type { Config } from '../config.js';
import type { Logger } from '../logging/logger.js';

/** The hot paths' pool (db/hot-pool.ts: credential lookups, stored delivery documents): half the main pool, at least 2. */
export function lookupPoolSize(poolSize: number): number {
  return Math.max(2, Math.ceil(poolSize / 2));
}

/**
 * The most connections one API process holds at once: its main pool, the hot pool, the
 * notice listener's dedicated connection, and the migration check's short-lived one at start-up.
 */
export function connectionsPerProcess(config: Pick<Config, 'database'>): number {
  return config.database.poolSize + lookupPoolSize(config.database.poolSize) + 1 + 1;
}

/** Connections a superuser, psql and the primary's own start-up work may still need on top. */
export const CONNECTION_HEADROOM = 20;

/** What the embedded PostgreSQL used to allow, and still allows at least: the tests share one server. */
export const EMBEDDED_MIN_MAX_CONNECTIONS = 300;

/** max_connections for the embedded PostgreSQL: every process's share plus headroom, never below the old 300. */
export function embeddedMaxConnections(config: Pick<Config, 'database' | 'api'>): number {
  return Math.max(EMBEDDED_MIN_MAX_CONNECTIONS, config.api.processes * connectionsPerProcess(config) + CONNECTION_HEADROOM);
}

/**
 * Warns at start-up when the API's processes could ask for more connections than PostgreSQL
 * accepts (max_connections less the superuser reserve and those already open): under load, a
 * request would then wait for a connection and fail after the pool's connection timeout. Only
 * this deployment's share is known here; other replicas on the same server count too (README).
 */
export async function checkConnectionBudget(databaseUrl: string, config: Pick<Config, 'database' | 'api'>, logger: Logger): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'verso-connection-check' });
  await client.connect();
  try {
    const { rows } = await client.query<{ max: number; reserved: number; open: number }>(
      `SELECT current_setting('max_connections')::int AS max,
              current_setting('superuser_reserved_connections')::int AS reserved,
              (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::int - 1 AS open`,
    );
    const { max, reserved, open } = rows[0]!;
    const wanted = config.api.processes * connectionsPerProcess(config);
    const available = max - reserved - open;
    if (wanted > available) {
      logger.warn(
        `${config.api.processes} API processes may open ${wanted} PostgreSQL connections (Database__PoolSize ${config.database.poolSize} and the lookups' pool, each), ` +
          `but the server has ${available} free (max_connections ${max}, ${reserved} reserved, ${open} open): lower Api__Processes or Database__PoolSize, or raise max_connections`,
        { event: 'connection_budget_exceeded', wanted, available },
      );
    }
  } finally {
    await client.end();
  }
}
