import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import pg from 'pg';
import { startEmbeddedDatabase } from '../../server/src/db/embedded.js';
import { freePort } from '../helpers/database.js';

const fixture = fileURLToPath(new URL('../fixtures/start-embedded.ts', import.meta.url));

describe('embedded PostgreSQL', () => {
  it('recovers from a run that was killed with SIGKILL (orphaned postmaster and pid file)', async function () {
    this.timeout(90_000);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-stale-'));
    fs.chmodSync(root, 0o755);
    const dataDir = path.join(root, 'data');
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('started') && resolve());
      child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const stalePid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(stalePid, 0), 'the postmaster outlived its parent').not.to.throw();

    const messages: string[] = [];
    const db = await startEmbeddedDatabase({ dataDir, port, persistent: true, log: (m) => messages.push(m) });
    try {
      expect(messages.join('\n')).to.match(/stopping a leftover PostgreSQL/);
      expect(() => process.kill(stalePid, 0), 'the orphan is gone').to.throw();
      const client = new pg.Client({ connectionString: db.urlFor('postgres') });
      await client.connect();
      const { rows } = await client.query('SELECT 1 AS one');
      await client.end();
      expect(rows[0].one).to.equal(1);
    } finally {
      await db.stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
