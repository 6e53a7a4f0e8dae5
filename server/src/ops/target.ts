// What a backup reads and a restore writes, from the same settings as `make run`: the database
// (DATABASE_URL, or the embedded PostgreSQL of Data__Directory) and the media store (Storage__*).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../db/embedded.js';
import { clusterDirectory } from '../db/embedded-cluster-dir.js';
import { postgresOsUser } from '../db/embedded-os-user.js';
import { isAlive } from '../db/process-liveness.js';

export interface DatabaseTarget {
  readonly kind: 'embedded' | 'external';
  readonly url: string;
  /** Stops the embedded PostgreSQL when this run started it; nothing otherwise. */
  release(): Promise<void>;
}

const EMBEDDED_DATABASE = 'verso';

function embeddedUrl(password: string, port: number): string {
  return `postgres://verso:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether the embedded cluster of this data directory has a live postmaster (Verso is running). */
export function embeddedRunning(config: Config): boolean {
  const dataDir = path.join(config.data.directory, 'postgres');
  const passwordFile = path.join(config.data.directory, 'postgres.password');
  if (!fs.existsSync(passwordFile)) return false;
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const cluster = clusterDirectory(dataDir, postgresOsUser(), password, () => {});
  try {
    const pid = Number(fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid);
  } catch {
    return false;
  }
}

/**
 * The database to back up or restore. External: DATABASE_URL as it is. Embedded: the running
 * PostgreSQL of Data__Directory (Verso is up: a backup reads it as one more client), or, when it is
 * not running, the cluster started here for this run (created, for a restore into a fresh directory).
 */
export async function openDatabase(config: Config, log: (m: string) => void): Promise<DatabaseTarget> {
  if (config.database.url) return { kind: 'external', url: config.database.url, release: async () => {} };
  const passwordFile = path.join(config.data.directory, 'postgres.password');
  if (fs.existsSync(passwordFile) && embeddedRunning(config)) {
    const url = embeddedUrl(fs.readFileSync(passwordFile, 'utf8').trim(), config.database.embeddedPort);
    if (!(await reachable(url))) throw new Error(`the embedded PostgreSQL of ${config.data.directory} is running but not on Database__EmbeddedPort ${config.database.embeddedPort}: run with the settings Verso runs with`);
    return { kind: 'embedded', url, release: async () => {} };
  }
  const embedded: EmbeddedDatabase = await startEmbeddedDatabase({
    dataDir: path.join(config.data.directory, 'postgres'),
    port: config.database.embeddedPort,
    persistent: true,
    log,
  });
  await embedded.createDatabase(EMBEDDED_DATABASE);
  return { kind: 'embedded', url: embedded.urlFor(EMBEDDED_DATABASE), release: () => embedded.stop() };
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
