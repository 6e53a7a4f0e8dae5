import { expect } from 'chai';
import pg from 'pg';
import { WorkerHost, type BackgroundWorker } from '../../server/src/workers/worker-host.js';
import { LeaseLostError, newLease, withLeaseRenewal, type Lease } from '../../server/src/workers/lease.js';
import { createLogger } from '../../server/src/logging/logger.js';
import { connect, createTestDatabase } from '../helpers/database.js';
import { MemoryLog } from '../helpers/memory-log.js';

// A job table shaped like the real work queues (outbox, deliveries, schedules), so the claim,
// renewal and owner-checked completion rules are tested on real PostgreSQL.
const SCHEMA = `
  CREATE TABLE jobs (
    id serial PRIMARY KEY,
    done_by text[] NOT NULL DEFAULT '{}',
    completed_at timestamptz,
    lease_owner text, lease_token uuid, lease_expires_at timestamptz
  )`;

async function claim(pool: pg.Pool, lease: Lease, limit: number): Promise<number[]> {
  const { rows } = await pool.query(
    `UPDATE jobs SET lease_owner = $1, lease_token = $2, lease_expires_at = now() + $3 * interval '1 millisecond'
      WHERE id IN (SELECT id FROM jobs
                    WHERE completed_at IS NULL AND (lease_expires_at IS NULL OR lease_expires_at < now())
                    ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [lease.owner, lease.token, lease.durationMs, limit],
  );
  return rows.map((r) => r.id as number);
}

async function complete(pool: pg.Pool, lease: Lease, id: number, by: string): Promise<boolean> {
  const r = await pool.query(
    `UPDATE jobs SET completed_at = now(), done_by = done_by || $4::text, lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL
      WHERE id = $1 AND lease_owner = $2 AND lease_token = $3`,
    [id, lease.owner, lease.token, by],
  );
  return r.rowCount === 1;
}

describe('background workers', () => {
  let pool: pg.Pool;
  before(async () => {
    pool = connect(await createTestDatabase());
    await pool.query(SCHEMA);
  });
  after(() => pool.end());
  beforeEach(() => pool.query('TRUNCATE jobs'));

  it('two hosts draining one queue process every job exactly once, in bounded batches', async () => {
    await pool.query('INSERT INTO jobs (id) SELECT generate_series(1, 251)');
    const batches: number[] = [];
    const makeWorker = (name: string): BackgroundWorker => ({
      name,
      intervalMs: 20,
      batchSize: 25,
      async runOnce() {
        const lease = newLease(5_000);
        const ids = await claim(pool, lease, 25);
        batches.push(ids.length);
        for (const id of ids) await complete(pool, lease, id, name);
        return ids.length;
      },
    });
    const log = new MemoryLog();
    const hosts = [new WorkerHost([makeWorker('a')], createLogger({ level: 'info', stream: log })), new WorkerHost([makeWorker('b')], createLogger({ level: 'info', stream: log }))];
    hosts.forEach((h) => h.start());
    for (let i = 0; i < 200; i++) {
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM jobs WHERE completed_at IS NULL');
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await Promise.all(hosts.map((h) => h.stop()));
    const { rows } = await pool.query(`SELECT count(*)::int AS total, count(*) FILTER (WHERE cardinality(done_by) = 1)::int AS once FROM jobs`);
    expect(rows[0]).to.deep.equal({ total: 251, once: 251 });
    expect(Math.max(...batches)).to.be.at.most(25);
  });

  it('a worker whose lease expired and was taken over cannot complete the job', async () => {
    await pool.query('INSERT INTO jobs (id) VALUES (1)');
    const stale = newLease(50);
    expect(await claim(pool, stale, 10)).to.deep.equal([1]);
    await new Promise((r) => setTimeout(r, 80));
    const fresh = newLease(5_000);
    expect(await claim(pool, fresh, 10)).to.deep.equal([1]);
    expect(await complete(pool, stale, 1, 'stale')).to.equal(false);
    expect(await complete(pool, fresh, 1, 'fresh')).to.equal(true);
    const { rows } = await pool.query('SELECT done_by FROM jobs WHERE id = 1');
    expect(rows[0].done_by).to.deep.equal(['fresh']);
  });

  it('renews a lease at half its length while the work runs, so nobody else can claim it', async () => {
    await pool.query('INSERT INTO jobs (id) VALUES (1)');
    const lease = newLease(200);
    await claim(pool, lease, 1);
    let renewals = 0;
    const renew = async () => {
      renewals += 1;
      const r = await pool.query(
        `UPDATE jobs SET lease_expires_at = now() + interval '200 milliseconds' WHERE id = 1 AND lease_owner = $1 AND lease_token = $2`,
        [lease.owner, lease.token],
      );
      return r.rowCount === 1;
    };
    const result = await withLeaseRenewal(lease, renew, async () => {
      await new Promise((r) => setTimeout(r, 550));
      return claim(pool, newLease(1_000), 1);
    }, 'job 1');
    expect(result, 'a second claimer found nothing to take').to.deep.equal([]);
    expect(renewals).to.be.at.least(3);
  });

  it('aborts the work and rejects with LeaseLostError when the lease is gone', async () => {
    const lease = newLease(60);
    let aborted = false;
    let error: unknown;
    await withLeaseRenewal(lease, async () => false, (signal) =>
      new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        });
      }), 'job 9').catch((e) => (error = e));
    expect(aborted).to.equal(true);
    expect(error).to.be.instanceOf(LeaseLostError);
  });

  it('keeps a failing worker alive, logs the failure and backs off', async () => {
    let calls = 0;
    const log = new MemoryLog();
    const host = new WorkerHost(
      [{ name: 'flaky', intervalMs: 10, batchSize: 5, async runOnce() {
        calls += 1;
        if (calls <= 2) throw new Error('database hiccup');
        return 0;
      } }],
      createLogger({ level: 'info', stream: log }),
    );
    host.start();
    for (let i = 0; i < 100 && calls < 3; i++) await new Promise((r) => setTimeout(r, 10));
    await host.stop();
    expect(calls).to.be.at.least(3);
    expect(log.lines.filter((l) => String(l.message).startsWith('worker flaky failed'))).to.have.length(2);
  });

  it('stop() waits for the batch in flight', async () => {
    let finished = false;
    const host = new WorkerHost(
      [{ name: 'slow', intervalMs: 1000, batchSize: 1, async runOnce() {
        await new Promise((r) => setTimeout(r, 150));
        finished = true;
        return 0;
      } }],
      createLogger({ level: 'error', stream: new MemoryLog() }),
    );
    host.start();
    await new Promise((r) => setTimeout(r, 20));
    await host.stop();
    expect(finished).to.equal(true);
  });
});
