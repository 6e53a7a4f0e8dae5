// `make start`: the built API and admin with NODE_ENV=production and no build step, started as an
// operator starts them (make, in a process group of its own, stopped with SIGTERM). With a production
// keyring it comes up and passes verify-deployment; without one it stops naming the setting.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { REPO_ROOT } from '../../server/src/contract.js';
import { freePort } from '../helpers/database.js';
import { productionKeyring } from '../helpers/production-env.js';
import { within } from '../helpers/wait.js';

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function makeStart(env: Record<string, string>): Started {
  // Only what an operator's shell would carry: no NODE_ENV=test, no test settings leaking in.
  const child = spawn('make', ['--no-print-directory', 'start'], {
    cwd: REPO_ROOT,
    detached: true, // its own process group, so the test stops exactly what it started
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function ok(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}

describe('make start (production, no build)', function () {
  this.timeout(120_000);
  // `make start` runs what `make build` made; `make test` builds only the SDK, so build here
  // (incremental: nothing to do when the dist is current).
  before(function () {
    this.timeout(300_000);
    const r = spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/tsc'), ['-b', 'server', 'admin'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('tsc -b server admin failed');
  });

  it('starts the built API and admin with NODE_ENV=production; verify-deployment passes; SIGTERM stops both', async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-start-'));
    fs.chmodSync(data, 0o755); // as root, the postgres OS user keeps the cluster inside it (nothing left in /var/lib/verso)
    const [apiPort, adminPort, pgPort] = [await freePort(), await freePort(), await freePort()];
    const started = makeStart({
      ...productionKeyring(),
      Data__Directory: data,
      Api__Port: String(apiPort),
      Admin__Port: String(adminPort),
      Database__EmbeddedPort: String(pgPort),
      Seed__Admin__Password: 'Start-Test-Password-42',
      Logging__Level: 'warn',
    });
    try {
      await within(90_000, async () => {
        if (started.child.exitCode !== null) throw new Error(`make start exited: ${started.output()}`);
        return (await ok(`http://127.0.0.1:${apiPort}/health/ready`)) && (await ok(`http://127.0.0.1:${adminPort}/login`));
      });
      // Production: no Swagger UI, HSTS on every answer, the admin cookie Secure.
      expect((await fetch(`http://127.0.0.1:${apiPort}/swagger`)).status).to.equal(404);
      expect((await fetch(`http://127.0.0.1:${apiPort}/health/live`)).headers.get('strict-transport-security')).to.equal('max-age=31536000');
      const verify = spawn(process.execPath, ['scripts/verify-deployment.mjs', '--api', `http://127.0.0.1:${apiPort}`, '--admin', `http://127.0.0.1:${adminPort}`], { cwd: REPO_ROOT });
      let out = '';
      verify.stdout.on('data', (c: Buffer) => (out += c.toString()));
      const code = await new Promise((r) => verify.once('exit', r));
      expect(code, out).to.equal(0);
      expect(started.output()).not.to.match(/tsc|building/i);
    } finally {
      if (started.child.exitCode === null) process.kill(-started.child.pid!, 'SIGTERM');
      await started.exited;
      fs.rmSync(data, { recursive: true, force: true });
    }
    expect(await ok(`http://127.0.0.1:${apiPort}/health/live`)).to.equal(false);
  });

  it('refuses to start without a production keyring, naming the setting (exit 78 from the API)', async () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-start-'));
    fs.chmodSync(data, 0o755); // as root, the postgres OS user keeps the cluster inside it (nothing left in /var/lib/verso)
    try {
      const started = makeStart({ Data__Directory: data, Api__Port: String(await freePort()), Admin__Port: String(await freePort()) });
      const code = await started.exited;
      expect(code).to.not.equal(0);
      expect(started.output()).to.include('Invalid configuration: Secrets__ActiveKeyId is required in production');
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});
