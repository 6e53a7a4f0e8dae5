// One embedded PostgreSQL per test run, with a migrated template database; every test file clones
// its own database from the template (CREATE DATABASE … TEMPLATE), so files are isolated and a
// fresh schema costs milliseconds instead of a migration run.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../../server/src/db/migrate.js';
import { MIGRATIONS_DIR } from '../../server/src/contract.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../server/src/db/embedded.js';

export const TEMPLATE_DATABASE = 'verso_template';
const ENV_URL = 'VERSO_TEST_PG_URL';

let embedded: EmbeddedDatabase | undefined;
let counter = 0;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Called once by the mocha global setup. */
export async function startTestPostgres(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-test-pg-'));
  fs.chmodSync(root, 0o755);
  embedded = await startEmbeddedDatabase({
    dataDir: path.join(root, 'data'),
    port: await freePort(),
    persistent: false,
    log: () => {},
  });
  await embedded.createDatabase(TEMPLATE_DATABASE);
  await migrate(embedded.urlFor(TEMPLATE_DATABASE), MIGRATIONS_DIR, () => {});
  process.env[ENV_URL] = embedded.adminUrl;
}

export async function stopTestPostgres(): Promise<void> {
  await embedded?.stop();
  embedded = undefined;
}

function adminUrl(): string {
  const url = process.env[ENV_URL];
  if (!url) throw new Error('the test PostgreSQL is not running (mocha global setup did not run)');
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database. */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new database for one test file: migrated (from the template) or empty. */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<string> {
  counter += 1;
  // The random part keeps names apart even if this module is loaded twice in one process (a test
  // file mocha must import() rather than require(), with its own copy of the helpers).
  const name = `verso_t_${process.pid}_${counter}_${crypto.randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${options.empty ? '' : ` TEMPLATE ${TEMPLATE_DATABASE}`}`);
  return databaseUrl(name);
}

/** A pg pool on a test database, for checking the state behind an API response. */
export function connect(url: string): pg.Pool {
  return new pg.Pool({ connectionString: url, max: 4 });
}
