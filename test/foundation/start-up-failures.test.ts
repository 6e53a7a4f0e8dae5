// A failed start must say why, to a person (one line on stderr) and to a log collector (the JSON
// line's err with its message and code), and exit non-zero: the real entry point in a child
// process, as `make run` starts it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createTestDatabase, freePort } from '../helpers/database.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const main = path.join(root, 'server/src/main.ts');

interface Exit {
  readonly code: number | null;
  readonly stderr: string;
  readonly lines: Record<string, any>[];
}

async function runApi(env: Record<string, string>): Promise<Exit> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-start-up-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        Api__Host: '127.0.0.1',
        Data__Directory: dataDir,
        Logging__Level: 'info',
        Workers__Enabled: 'false',
        Seed__Admin__Password: 'start-up failures test',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
    clearTimeout(timer);
    const lines = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>);
    return { code, stderr, lines };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function failureLine(exit: Exit): Record<string, any> {
  const line = exit.lines.find((l) => l.message === 'start-up failed');
  if (!line) throw new Error(`no "start-up failed" line among ${JSON.stringify(exit.lines)}; stderr: ${exit.stderr}`);
  return line;
}

describe('start-up failures (server/src/main.ts)', function () {
  this.timeout(60_000);

  it('exits non-zero and names EADDRINUSE when the API port is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const exit = await runApi({ Api__Port: String(port), DATABASE_URL: await createTestDatabase() });
      expect(exit.code).to.equal(1);
      expect(exit.stderr).to.match(new RegExp(`^verso: start-up failed: listen EADDRINUSE: address already in use 127\\.0\\.0\\.1:${port}$`, 'm'));
      const { err } = failureLine(exit);
      expect(err).to.include({ name: 'Error', code: 'EADDRINUSE', syscall: 'listen', port });
      expect(err.message).to.include('EADDRINUSE');
      expect(err.stack).to.be.a('string');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('exits non-zero and says the connection was refused when DATABASE_URL points at nothing', async () => {
    const exit = await runApi({ Api__Port: String(await freePort()), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x' });
    expect(exit.code).to.equal(1);
    expect(exit.stderr).to.match(/^verso: start-up failed: connect ECONNREFUSED 127\.0\.0\.1:1$/m);
    const { err } = failureLine(exit);
    expect(err).to.include({ message: 'connect ECONNREFUSED 127.0.0.1:1', code: 'ECONNREFUSED', syscall: 'connect', address: '127.0.0.1', port: 1 });
  });
});
