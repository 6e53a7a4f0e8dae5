import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { migrate, readMigrationFiles, MigrationError } from '../../server/src/db/migrate.js';
import { MIGRATIONS_DIR, REPO_ROOT } from '../../server/src/contract.js';
import { connect, createTestDatabase, freePort } from '../helpers/database.js';

async function waitForReady(url: string, ms: number): Promise<number> {
  const until = Date.now() + ms;
  let status = 0;
  while (Date.now() < until) {
    try {
      status = (await fetch(`${url}/health/ready`)).status;
      if (status === 200) return status;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return status;
}

describe('migrations', () => {
  it('apply every file once and record its checksum', async () => {
    const url = await createTestDatabase({ empty: true });
    expect(await migrate(url, MIGRATIONS_DIR, () => {})).to.equal(readMigrationFiles(MIGRATIONS_DIR).length);
    expect(await migrate(url, MIGRATIONS_DIR, () => {})).to.equal(0);
    const pool = connect(url);
    try {
      const { rows } = await pool.query('SELECT version, checksum FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).to.deep.equal(readMigrationFiles(MIGRATIONS_DIR).map((f) => f.version));
      expect(rows[0].checksum).to.match(/^[0-9a-f]{64}$/);
    } finally {
      await pool.end();
    }
  });

  it('refuse to start when a landed migration changed', async () => {
    const url = await createTestDatabase();
    const pool = connect(url);
    try {
      await pool.query(`UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE version = 1`);
    } finally {
      await pool.end();
    }
    let error: unknown;
    try {
      await migrate(url, MIGRATIONS_DIR, () => {});
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(MigrationError);
    expect((error as Error).message).to.match(/0001_init\.sql changed after it was applied/);
  });

  it('roll back a failing file completely and name it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-mig-'));
    fs.writeFileSync(path.join(dir, '0001_ok.sql'), 'CREATE TABLE a (id int);');
    fs.writeFileSync(path.join(dir, '0002_broken.sql'), 'CREATE TABLE b (id int); SELECT no_such_function();');
    const url = await createTestDatabase({ empty: true });
    let error: unknown;
    try {
      await migrate(url, dir, () => {});
    } catch (err) {
      error = err;
    }
    expect((error as Error).message).to.match(/0002_broken\.sql failed/);
    const pool = connect(url);
    try {
      const { rows } = await pool.query(`SELECT to_regclass('a') AS a, to_regclass('b') AS b, (SELECT array_agg(version) FROM schema_migrations) AS v`);
      expect(rows[0]).to.deep.equal({ a: 'a', b: null, v: [1] });
    } finally {
      await pool.end();
    }
  });

  it('reject badly named or duplicate-numbered files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-mig-'));
    fs.writeFileSync(path.join(dir, '1_init.sql'), '');
    expect(() => readMigrationFiles(dir)).to.throw(/must look like 0001_some_name\.sql/);
    fs.rmSync(path.join(dir, '1_init.sql'));
    fs.writeFileSync(path.join(dir, '0001_a.sql'), '');
    fs.writeFileSync(path.join(dir, '0001_b.sql'), '');
    expect(() => readMigrationFiles(dir)).to.throw(/share number 1/);
  });

  it('let two API processes starting at once on one empty database both come up', async function () {
    this.timeout(90_000);
    const url = await createTestDatabase({ empty: true });
    const children: ChildProcess[] = [];
    const ports = [await freePort(), await freePort()];
    try {
      for (const port of ports) {
        const data = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-proc-'));
        children.push(
          spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
            env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url, Api__Port: String(port), Data__Directory: data, Logging__Level: 'warn' },
            stdio: 'ignore',
          }),
        );
      }
      const statuses = await Promise.all(ports.map((p) => waitForReady(`http://127.0.0.1:${p}`, 60_000)));
      expect(statuses).to.deep.equal([200, 200]);
      const pool = connect(url);
      try {
        const { rows } = await pool.query('SELECT count(*)::int AS n FROM schema_migrations');
        expect(rows[0].n).to.equal(readMigrationFiles(MIGRATIONS_DIR).length);
      } finally {
        await pool.end();
      }
    } finally {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    }
  });
});
