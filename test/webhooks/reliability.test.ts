// At least once, under crashes and replicas (issue #15, Reliability tests):
// - a delivery worker SIGKILLed mid-batch against a slow receiver: another worker delivers every
//   event at least once with the same event id; only attempts in flight at the kill arrive twice;
// - a dispatcher SIGKILLed mid-run: no event lost, no duplicate delivery rows;
// - two API replicas on one database never deliver the same attempt in parallel;
// - a publish that fails leaves no outbox row.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace } from '../helpers/actors.js';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.js';
import { readInstruments } from '../helpers/metrics.js';
import { createTestCa, type TestCa } from '../helpers/test-ca.js';
import { sleep, within } from '../helpers/wait.js';
import { createArticle, expectStatus, startContentWorld } from '../content/content-fixture.js';
import { dbQuery, deliveryWorker, dispatcher, emitEvent, loopbackSender, registerEndpoint, runOnce, startWebhookWorld, type WebhookWorld } from './webhook-fixture.js';

const WORKER_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker-process.ts');
const HOST = 'hooks.example.test';

/** Starts worker-process.ts and resolves once it runs passes. */
async function startWorkerProcess(role: 'dispatch' | 'delivery', env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_PROCESS, role], { env: { ...process.env, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      if (c.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker process exited (${code}) before it was ready: ${stderr}`)));
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('webhook reliability', function () {
  this.timeout(120_000);
  let ca: TestCa;
  let caFile: string;
  const secretsEnv = { Secrets__ActiveKeyId: 'reliability', Secrets__EncryptionKeys__reliability: crypto.randomBytes(32).toString('base64') };
  const children: ChildProcess[] = [];

  before(async () => {
    ca = await createTestCa();
    caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'verso-test-ca-')), 'ca.pem');
    fs.writeFileSync(caFile, ca.cert);
  });
  afterEach(async () => {
    for (const c of children.splice(0)) await kill(c);
  });

  describe('a delivery worker killed mid-batch', () => {
    let w: WebhookWorld;
    let receiver: HttpsReceiver;
    before(async () => {
      w = await startWebhookWorld({ env: secretsEnv });
      receiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: [HOST] }) });
    });
    after(async () => {
      await w.api.close();
      await receiver.close();
    });

    it('another worker delivers every event at least once with the same event id; only attempts in flight at the kill arrive twice', async () => {
      const { endpoint } = await registerEndpoint(w, { url: `https://${HOST}:${receiver.port}/in`, events: ['content.created'] });
      const events = new Map<string, number>();
      for (let n = 0; n < 40; n++) events.set(await emitEvent(w, 'content.created', { workspaceId: w.ws, n }), n);
      await runOnce(dispatcher(w));
      receiver.answer({ status: 200, delayMs: 300 });
      const concurrency = 4;
      const child = await startWorkerProcess('delivery', {
        ...secretsEnv,
        DATABASE_URL: w.api.databaseUrl,
        Data__Directory: w.api.config.data.directory,
        VERSO_TEST_CA_FILE: caFile,
        VERSO_TEST_HOSTS: JSON.stringify({ [HOST]: ['127.0.0.1'] }),
        Webhook__RequestTimeoutSeconds: '2',
        Webhook__DeliveryLeaseSeconds: '3',
        Webhook__DeliveryBatchSize: '40',
        Webhook__DeliveryConcurrency: String(concurrency),
      });
      children.push(child);
      await within(20_000, async () => receiver.requests.length >= 10);
      await kill(child);
      const receivedAtKill = new Set(receiver.requests.map((r) => String(r.headers['x-verso-event-id'])));
      const deliveredAtKill = new Set((await dbQuery(w.api, 'SELECT event_id FROM webhook_deliveries WHERE endpoint_id = $1 AND delivered_at IS NOT NULL', [endpoint.id])).map((r) => r.event_id));
      expect(deliveredAtKill.size).to.be.below(events.size);
      const leftLeased = (await dbQuery(w.api, 'SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND delivered_at IS NULL AND lease_owner IS NOT NULL', [endpoint.id])).length;
      expect(leftLeased, 'the killed worker held claims').to.be.above(0);

      // Another worker (this process) takes over once the dead worker's leases expire.
      receiver.answer({ status: 200, delayMs: 5 });
      const before = await readInstruments(w.api.running.deps.metrics);
      const successor = deliveryWorker(w, loopbackSender(ca.cert), { concurrency: 8 });
      await within(30_000, async () => {
        await runOnce(successor);
        return (await dbQuery(w.api, 'SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND delivered_at IS NULL', [endpoint.id])).length === 0;
      });
      const after = await readInstruments(w.api.running.deps.metrics);
      expect(after['verso.webhook.delivery.reclaimed']! - before['verso.webhook.delivery.reclaimed']!).to.equal(leftLeased);

      const received = new Map<string, number>();
      for (const r of receiver.requests) {
        const id = String(r.headers['x-verso-event-id']);
        received.set(id, (received.get(id) ?? 0) + 1);
        // The same event id always carries the same event.
        expect(JSON.parse(r.body.toString()).n).to.equal(events.get(id));
      }
      expect([...events.keys()].filter((id) => !received.has(id)), 'events never received').to.deep.equal([]);
      const twice = [...received].filter(([, count]) => count > 1).map(([id]) => id);
      expect([...received.values()].every((c) => c <= 2)).to.equal(true);
      expect(twice.length).to.be.at.most(concurrency);
      // Every duplicate had reached the receiver before the kill without its outcome being recorded.
      for (const id of twice) {
        expect(receivedAtKill.has(id)).to.equal(true);
        expect(deliveredAtKill.has(id)).to.equal(false);
      }
    });
  });

  describe('a dispatcher killed mid-run', () => {
    let w: WebhookWorld;
    before(async () => {
      w = await startWebhookWorld({ env: secretsEnv });
    });
    after(() => w.api.close());

    it('loses no event and creates no duplicate delivery rows', async () => {
      // 40 endpoints make each fan-out (25 events × 40 deliveries) long enough to be killed inside.
      const endpoints = [];
      // (Forty hosts: a workspace may aim at most Webhook__MaxEndpointsPerHost, 10, at one host.)
      for (let i = 0; i < 40; i++) endpoints.push((await registerEndpoint(w, { url: `https://hooks-${i}.example.test/verso`, events: ['content.updated'] })).endpoint.id);
      await dbQuery(w.api, `INSERT INTO outbox_events (workspace_id, event_type, payload) SELECT $1, 'content.updated', jsonb_build_object('n', n) FROM generate_series(1, 400) n`, [w.ws]);
      const child = await startWorkerProcess('dispatch', { ...secretsEnv, DATABASE_URL: w.api.databaseUrl, Webhook__OutboxBatchSize: '25', Webhook__OutboxLeaseSeconds: '1' });
      children.push(child);
      // Kill it while it holds claimed events it has not finished: mid-batch.
      await within(30_000, async () => {
        const [state] = await dbQuery(w.api, `SELECT count(*) FILTER (WHERE processed_at IS NOT NULL)::int AS processed,
          count(*) FILTER (WHERE processed_at IS NULL AND lease_owner IS NOT NULL)::int AS leased FROM outbox_events`);
        return state.processed >= 50 && state.leased > 0;
      });
      await kill(child);
      const [atKill] = await dbQuery(w.api, `SELECT count(*) FILTER (WHERE processed_at IS NOT NULL)::int AS processed,
        count(*) FILTER (WHERE processed_at IS NULL AND lease_owner IS NOT NULL)::int AS leased FROM outbox_events`);
      expect(atKill.processed).to.be.below(400);
      expect(atKill.leased, 'the killed dispatcher held claims').to.be.above(0);

      const before = await readInstruments(w.api.running.deps.metrics);
      const successor = dispatcher(w, { batchSize: 100 });
      await within(30_000, async () => {
        await runOnce(successor);
        return (await dbQuery(w.api, 'SELECT 1 FROM outbox_events WHERE processed_at IS NULL')).length === 0;
      });
      const after = await readInstruments(w.api.running.deps.metrics);
      expect(after['verso.webhook.outbox.reclaimed']! - before['verso.webhook.outbox.reclaimed']!).to.equal(atKill.leased);
      const [counts] = await dbQuery(w.api, `SELECT count(*)::int AS rows, count(DISTINCT (event_id, endpoint_id))::int AS pairs, count(DISTINCT event_id)::int AS events FROM webhook_deliveries`);
      expect(counts).to.deep.equal({ rows: 400 * endpoints.length, pairs: 400 * endpoints.length, events: 400 });
      const perEndpoint = await dbQuery(w.api, 'SELECT count(*)::int AS n FROM webhook_deliveries GROUP BY endpoint_id');
      expect(perEndpoint.map((r) => r.n)).to.deep.equal(endpoints.map(() => 400));
    });
  });

  describe('two replicas on one database', () => {
    let first: TestApi;
    let second: TestApi;
    let receiver: HttpsReceiver;
    before(async () => {
      receiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: [HOST] }) });
      // Both run every worker (dispatch and delivery), woken by the same notices.
      first = await startTestApi({ env: { ...secretsEnv }, overrides: { webhookSender: loopbackSender(ca.cert) } });
      second = await startTestApi({ databaseUrl: first.databaseUrl, env: { ...secretsEnv }, overrides: { webhookSender: loopbackSender(ca.cert) } });
    });
    after(async () => {
      await first?.close();
      await second?.close();
      await receiver?.close();
    });

    it('never deliver the same attempt twice, in parallel or not', async () => {
      const ws = await createWorkspace(first);
      const editor = await createActor(first, { role: 'Editor', grants: { [ws.id]: 'Write' } });
      for (const p of ['a', 'b']) {
        expectStatus(await first.post(`/api/v1/workspaces/${ws.id}/webhooks`, { name: p, url: `https://${HOST}:${receiver.port}/${p}`, events: ['workspace.updated'] }, { token: editor.token }), 201);
      }
      const inFlight = new Map<string, number>();
      let overlaps = 0;
      receiver.answer((r) => {
        const key = `${r.path} ${String(r.headers['x-verso-event-id'])}`;
        inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
        if (inFlight.get(key)! > 1) overlaps += 1;
        setTimeout(() => inFlight.set(key, inFlight.get(key)! - 1), 100).unref();
        return { status: 200, delayMs: 100 };
      });
      const before = await Promise.all([first, second].map((api) => readInstruments(api.running.deps.metrics)));
      const ids = (await dbQuery(first, `INSERT INTO outbox_events (workspace_id, event_type, payload) SELECT $1, 'workspace.updated', jsonb_build_object('n', n) FROM generate_series(1, 60) n RETURNING id`, [ws.id])).map((r) => r.id);
      await within(30_000, async () => receiver.requests.length >= 120 && (await dbQuery(first, 'SELECT 1 FROM webhook_deliveries WHERE delivered_at IS NULL')).length === 0);
      await sleep(300);
      const keys = receiver.requests.map((r) => `${r.path} ${String(r.headers['x-verso-event-id'])}`);
      expect(keys).to.have.length(120);
      expect(new Set(keys).size).to.equal(120);
      expect(new Set(receiver.requests.map((r) => String(r.headers['x-verso-event-id'])))).to.deep.equal(new Set(ids));
      expect(overlaps).to.equal(0);
      // Each delivery of these events, by its id, took exactly one attempt. The replicas' claim
      // counters are process-wide, so they are read only as a floor: both together claimed each.
      const attempts = await dbQuery(first, 'SELECT d.id, d.attempt_count FROM webhook_deliveries d WHERE d.event_id = ANY($1::uuid[])', [ids]);
      expect(attempts).to.have.length(120);
      expect(attempts.filter((d) => d.attempt_count !== 1), 'deliveries attempted more than once').to.deep.equal([]);
      const after = await Promise.all([first, second].map((api) => readInstruments(api.running.deps.metrics)));
      const claimed = after.map((a, i) => a['verso.webhook.delivery.claimed']! - (before[i]!['verso.webhook.delivery.claimed'] ?? 0));
      expect(claimed[0]! + claimed[1]!).to.be.at.least(120);
    });
  });

  describe('a publish that fails', () => {
    it('rolls back its outbox record with the change: no event for a change that did not happen', async () => {
      const w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
      try {
        const item = await createArticle(w, 'Doomed');
        const events = () => dbQuery(w.api, `SELECT event_type FROM outbox_events WHERE payload->>'contentItemId' = $1 ORDER BY seq`, [item.id]);
        const before = (await events()).map((e) => e.event_type);
        // The publish fails inside its transaction, as a database error would, after the prior
        // version's archival and before commit.
        await dbQuery(w.api, `CREATE FUNCTION refuse_publish() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'publish refused'; END $$`);
        await dbQuery(w.api, `CREATE TRIGGER refuse_publish AFTER INSERT ON outbox_events FOR EACH ROW WHEN (NEW.event_type = 'content.version_published') EXECUTE FUNCTION refuse_publish()`);
        try {
          const res = await w.api.post(`${w.base}/content/${item.id}/versions/1/publish`, { overrideWorkflow: true }, { token: w.admin, unchecked: true });
          expect(res.status).to.equal(500);
        } finally {
          await dbQuery(w.api, 'DROP TRIGGER refuse_publish ON outbox_events');
          await dbQuery(w.api, 'DROP FUNCTION refuse_publish()');
        }
        expect((await events()).map((e) => e.event_type)).to.deep.equal(before);
        const [version] = await dbQuery(w.api, 'SELECT status FROM content_versions WHERE content_item_id = $1', [item.id]);
        expect(version.status).to.equal('Draft');
      } finally {
        await w.api.close();
      }
    });
  });
});
