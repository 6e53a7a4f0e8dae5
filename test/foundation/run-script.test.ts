// `make run` and `make admin-password` as a new user meets them (issue #25, first ten minutes):
// scripts/run.mjs starts the API and the admin on a fresh data directory and, once both answer,
// prints one block with the admin, API and Swagger addresses and the seeded administrator's
// one-time password, which signs in. `admin-password` (server/src/admin-password.ts) prints a new
// one-time password for a user — against the running embedded PostgreSQL while Verso runs, and
// starting it for the moment when Verso is stopped — the old password stops working, the user's
// sessions end, an unknown address changes nothing. A second start prints no password.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from '../helpers/database.js';

const root = path.resolve(import.meta.dirname, '../..');

interface Running {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

describe('make run and make admin-password', function () {
  this.timeout(300_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let apiUrl: string;
  let adminUrl: string;
  let running: Running | undefined;

  before(async () => {
    // run.mjs starts the compiled processes: build what changed (incremental; the SDK's per-file
    // build is what the admin imports).
    const tsc = path.join(root, 'node_modules/.bin/tsc');
    const built = spawnSync(tsc, ['-b', 'sdk-ts', 'server', 'admin'], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`tsc -b failed: ${built.stdout}${built.stderr}`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-run-'));
    fs.chmodSync(dataDir, 0o755);
    const [apiPort, adminPort, pgPort] = [await freePort(), await freePort(), await freePort()];
    apiUrl = `http://127.0.0.1:${apiPort}`;
    adminUrl = `http://127.0.0.1:${adminPort}`;
    env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      Api__Port: String(apiPort),
      Admin__Port: String(adminPort),
      Database__EmbeddedPort: String(pgPort),
      Data__Directory: dataDir,
      Logging__Level: 'warn',
    };
  });

  after(async () => {
    await stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function start(): Running {
    const child = spawn(process.execPath, [path.join(root, 'scripts/run.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => out, exit };
  }

  /** The ready block, once printed (the wait ends on the line itself, or on the stack exiting). */
  async function ready(r: Running): Promise<string> {
    const exited = r.exit.then((code) => Promise.reject(new Error(`run.mjs exited (${code}) before it was ready:\n${r.output()}`)));
    const printed = new Promise<string>((resolve) => {
      const look = () => {
        const m = /─{20,}\n {2}Verso is ready\.[\s\S]*?─{20,}\n/.exec(r.output());
        if (m) return resolve(m[0]);
        r.child.stdout!.once('data', look);
      };
      look();
    });
    return Promise.race([printed, exited]);
  }

  async function stop(): Promise<void> {
    if (!running) return;
    const r = running;
    running = undefined;
    if (r.child.exitCode === null) r.child.kill('SIGINT');
    await r.exit;
  }

  function adminPassword(email: string) {
    return spawnSync(process.execPath, [path.join(root, 'server/dist/admin-password.js'), email], { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
  }
  const printedPassword = (stdout: string) => /A new one-time password for \S+:\n\n {4}(\S+)\n/.exec(stdout)?.[1];

  async function login(password: string) {
    const res = await fetch(`${apiUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@localhost', password }) });
    return { status: res.status, body: (await res.json()) as { token?: string; mustChangePassword?: boolean } };
  }

  it('prints one block with the addresses and the one-time password once everything answers; the password signs in', async () => {
    running = start();
    const block = await ready(running);
    expect(block).to.contain(`Admin    ${adminUrl}`);
    expect(block).to.contain(`API      ${apiUrl}`);
    expect(block).to.contain(`Swagger  ${apiUrl}/swagger`);
    expect(block).to.contain('make admin-password EMAIL=admin@localhost');
    const password = /One-time password: (\S+)/.exec(block)?.[1];
    expect(password, block).to.be.a('string');
    // Everything it names answers.
    expect((await fetch(`${adminUrl}/login`)).status).to.equal(200);
    expect((await fetch(`${apiUrl}/swagger`)).status).to.equal(200);
    const signedIn = await login(password!);
    expect(signedIn.status).to.equal(200);
    expect(signedIn.body.mustChangePassword).to.equal(true);
  });

  it("starts the API with glibc's arena limit (MALLOC_ARENA_MAX=2), which the operator did not set", () => {
    const apiPid = fs
      .readFileSync(`/proc/${running!.child.pid}/task/${running!.child.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number)
      .find((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/dist/main.js'))!;
    const environ = fs.readFileSync(`/proc/${apiPid}/environ`, 'utf8').split('\0');
    expect(environ).to.include('MALLOC_ARENA_MAX=2');
    expect(env.MALLOC_ARENA_MAX).to.equal(undefined);
  });

  it('resets a forgotten password from the command line while Verso runs: a new one-time password, the old one and its sessions end', async () => {
    const before = /One-time password: (\S+)/.exec(running!.output())![1]!;
    const session = (await login(before)).body.token!;
    const reset = adminPassword('Admin@Localhost');
    expect(reset.status, reset.stderr).to.equal(0);
    const fresh = printedPassword(reset.stdout);
    expect(fresh, reset.stdout).to.be.a('string');
    expect(fresh).to.not.equal(before);
    expect((await login(before)).status).to.equal(401);
    const again = await login(fresh!);
    expect(again.status).to.equal(200);
    expect(again.body.mustChangePassword).to.equal(true);
    // The earlier session was signed out (the API heard of the change).
    const me = await fetch(`${apiUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${session}` } });
    expect(me.status).to.equal(401);

    const unknown = adminPassword('nobody@example.com');
    expect(unknown.status).to.equal(1);
    expect(unknown.stderr).to.contain('there is no user with the email address nobody@example.com; nothing was changed.');
    expect((await login(fresh!)).status).to.equal(200);
  });

  it('resets it with Verso stopped too, and a second start prints no password', async () => {
    await stop();
    const reset = adminPassword('admin@localhost');
    expect(reset.status, reset.stderr).to.equal(0);
    const fresh = printedPassword(reset.stdout)!;
    expect(fresh).to.be.a('string');

    running = start();
    const block = await ready(running);
    expect(block).to.not.contain('One-time password');
    expect((await login(fresh)).status).to.equal(200);
  });
});
