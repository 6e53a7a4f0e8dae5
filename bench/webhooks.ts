// Webhook benchmarks (issue #15, Benchmarks), against the real server on 127.0.0.1:
//   1. claims:     claim of 100 outbox rows and of 100 due deliveries with 100,000 processed
//                  historical rows of each beside them (target p95 ≤ 10 ms each; upstream's budget is
//                  250 ms), plus the query plans with --explain;
//   2. e2e:        deliveries to a local HTTPS receiver (real TLS, test CA) with 16 endpoints
//                  subscribed, through the API's own workers with the default poll settings and the
//                  LISTEN/NOTIFY wake-ups: a burst (deliveries/s, target ≥ 300) and a steady publish
//                  rate (lag from publish commit to receipt, target p95 ≤ 1 s);
//   3. publish:    publish throughput with no endpoint and with 16 subscribed endpoints, rounds
//                  interleaved: the outbox's cost (event, wake-up and fan-out to 16 deliveries, with
//                  the delivery worker off so the figure is not the cost of sending them; target
//                  < 10 %), and for information the whole pipeline with every delivery sent to the
//                  in-process receiver on the same cores.
// Every loop is bounded; the process exits 0 when every target held and every request succeeded.
// Run: node --import tsx bench/webhooks.ts [--only claims,e2e,publish] [--rounds 3] [--explain] [--json]
import crypto from 'node:crypto';
import { startTestApi, type TestApi } from '../test/helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../test/helpers/actors.js';
import { startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import { startHttpsReceiver, testResolver, type HttpsReceiver } from '../test/helpers/https-receiver.js';
import { createTestCa } from '../test/helpers/test-ca.js';
import { claimDueDeliveries, releaseDeliveries } from '../server/src/db/webhooks/deliveries.js';
import { claimOutboxEvents, releaseOutboxEvents } from '../server/src/db/webhooks/outbox-dispatch.js';
import { createWebhookSender, defaultAddressPolicy, type WebhookSender } from '../server/src/webhooks/egress/index.js';
import { newLease } from '../server/src/workers/lease.js';
import { buildTemplates, DatasetWriter, type Tpl } from './lib/content-dataset.js';
import { machine, percentile, runLoad, table } from './lib/load.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ONLY = new Set((arg('only') ?? 'claims,e2e,publish').split(','));
const ROUNDS = Number(arg('rounds')) || 3;
const EXPLAIN = process.argv.includes('--explain');
const JSON_OUT = process.argv.includes('--json');
const HOST = 'hooks.bench.test';
const ENDPOINTS = 16;
const progress = (what: string) => process.stderr.write(`bench/webhooks: ${what}\n`);
const round = (n: number) => Math.round(n * 100) / 100;
const problems: string[] = [];
const rows: (string | number)[][] = [['measure', 'n', 'p50 ms', 'p95 ms', 'max ms', 'rate /s', 'target', 'ok']];
const figures: Record<string, unknown> = { machine: machine() };

function report(measure: string, samples: number[], target: string, ok: boolean, rate: number | string = '') {
  const sorted = [...samples].sort((a, b) => a - b);
  rows.push([measure, sorted.length, round(percentile(sorted, 50)), round(percentile(sorted, 95)), round(sorted.at(-1) ?? NaN), rate, target, ok ? 'yes' : 'NO']);
  figures[measure] = { n: sorted.length, p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), maxMs: round(sorted.at(-1) ?? NaN), rate, target, ok };
  if (!ok) problems.push(`${measure}: target ${target} missed`);
}

/** 100,000 processed outbox rows and 100,000 delivered deliveries (plus some dead letters), in bulk. */
async function history(api: TestApi, ws: string, endpointId: string) {
  await dbQuery(api, `INSERT INTO outbox_events (workspace_id, event_type, entity_type, entity_id, payload, occurred_at, processed_at)
    SELECT $1, 'content.version_published', 'ContentVersion', gen_random_uuid(), jsonb_build_object('n', n), now() - interval '1 day', now() - interval '1 day'
    FROM generate_series(1, 100000) n`, [ws]);
  await dbQuery(api, `INSERT INTO webhook_deliveries (id, endpoint_id, workspace_id, event_id, event_type, payload, attempt_count, last_attempt_at, status_code, delivered_at, created_at)
    SELECT gen_random_uuid(), $2, $1, gen_random_uuid(), 'content.version_published', '{"n":1}', 1, now() - interval '1 day', 200, now() - interval '1 day', now() - interval '1 day'
    FROM generate_series(1, 100000)`, [ws, endpointId]);
  await dbQuery(api, `INSERT INTO webhook_deliveries (id, endpoint_id, workspace_id, event_id, event_type, payload, attempt_count, is_failed, last_error, dead_lettered_at)
    SELECT gen_random_uuid(), $2, $1, gen_random_uuid(), 'content.version_published', '{}', 10, true, 'The receiver answered 500.', now() - interval '1 day'
    FROM generate_series(1, 1000)`, [ws, endpointId]);
}

async function explain(api: TestApi, label: string, query: string, values: unknown[]) {
  const plan = await dbQuery(api, `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, values);
  process.stderr.write(`\n-- ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}\n`);
}

async function claims(api: TestApi, ws: string, endpointId: string) {
  progress('writing 100,000 processed outbox rows and 100,000 delivered (+1,000 dead-letter) deliveries');
  await history(api, ws, endpointId);
  // 100 waiting of each (so every claim takes a full batch) and 250 more behind them.
  await dbQuery(api, `INSERT INTO outbox_events (workspace_id, event_type, payload) SELECT $1, 'content.version_published', jsonb_build_object('n', n) FROM generate_series(1, 350) n`, [ws]);
  await dbQuery(api, `INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload, next_attempt_at)
    SELECT $2, $1, gen_random_uuid(), 'content.version_published', '{}', now() - interval '1 minute' FROM generate_series(1, 350)`, [ws, endpointId]);
  await dbQuery(api, 'VACUUM ANALYZE outbox_events, webhook_deliveries, webhook_endpoints');
  const db = api.running.deps.db;
  const outbox: number[] = [];
  const due: number[] = [];
  for (let i = 0; i < 300; i++) {
    const lease = newLease(60_000);
    let t = performance.now();
    const events = await claimOutboxEvents(db, lease, 100);
    outbox.push(performance.now() - t);
    if (events.length !== 100) problems.push(`outbox claim took ${events.length} rows`);
    await releaseOutboxEvents(db, events.map((e) => e.id), lease);
    t = performance.now();
    const deliveries = await claimDueDeliveries(db, lease, 100);
    due.push(performance.now() - t);
    if (deliveries.length !== 100) problems.push(`delivery claim took ${deliveries.length} rows`);
    await releaseDeliveries(db, deliveries.map((d) => d.id), lease);
  }
  // The first iterations warm connections and plans; the steady state is what a worker sees.
  report('claim 100 outbox rows (100k processed beside)', outbox.slice(20), 'p95 ≤ 10 ms', percentile([...outbox.slice(20)].sort((a, b) => a - b), 95) <= 10);
  report('claim 100 due deliveries (100k delivered beside)', due.slice(20), 'p95 ≤ 10 ms', percentile([...due.slice(20)].sort((a, b) => a - b), 95) <= 10);
  if (EXPLAIN) {
    await explain(api, 'claim outbox (as claimOutboxEvents, rolled back)', `SELECT o.id FROM outbox_events o WHERE o.processed_at IS NULL AND (o.lease_expires_at IS NULL OR o.lease_expires_at < now()) ORDER BY o.seq LIMIT 100 FOR UPDATE SKIP LOCKED`, []);
    await explain(api, 'claim due deliveries (the selection of claimDueDeliveries)', `SELECT d.id FROM webhook_deliveries d WHERE d.delivered_at IS NULL AND d.dead_lettered_at IS NULL AND d.next_attempt_at <= now() AND (d.lease_expires_at IS NULL OR d.lease_expires_at < now()) AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND e.is_active AND e.deleted_at IS NULL) ORDER BY d.next_attempt_at, d.id LIMIT 100 FOR UPDATE OF d SKIP LOCKED`, []);
  }
}

/** Items with a published version 1 and a draft version 2: each is one publish. */
async function publishTargets(api: TestApi, ws: string, template: Tpl, prefix: string, count: number): Promise<string[]> {
  const writer = new DatasetWriter(ws);
  const targets: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = writer.item(template, { slug: `${prefix}-${i}` });
    writer.version(template, id, 1, { status: 'Published', publishedAt: new Date(Date.now() - 3_600_000), title: 'v1' });
    writer.version(template, id, 2, { status: 'Draft', title: 'v2' });
    targets.push(id);
  }
  await writer.flush(api);
  return targets;
}

interface World {
  api: TestApi;
  ws: string;
  base: string;
  admin: string;
  template: Tpl;
  receiver: HttpsReceiver;
  endpointIds: string[];
}

/** An API on a database of its own with 16 endpoints subscribed to content.version_published. */
async function startWorld(receiver: HttpsReceiver, sender: WebhookSender, env: Record<string, string> = {}): Promise<World> {
  // All 16 endpoints share the one receiver host: more than Webhook__MaxEndpointsPerHost's default allows.
  const api = await startTestApi({ env: { Logging__Level: 'warn', Database__PoolSize: '20', Webhook__MaxEndpointsPerHost: String(ENDPOINTS), ...env }, overrides: { webhookSender: sender } });
  const { id: ws } = await createWorkspace(api);
  const base = `/api/v1/workspaces/${ws}`;
  const admin = (await createActor(api, { role: 'Admin', grants: { [ws]: 'Write' } })).token;
  const [template] = await buildTemplates(api, base, admin);
  const endpointIds: string[] = [];
  for (let i = 0; i < ENDPOINTS; i++) {
    const res = await api.post(`${base}/webhooks`, { name: `bench ${i}`, url: `https://${HOST}:${receiver.port}/hook/${i}`, events: ['content.version_published'], secret: `bench-secret-${crypto.randomBytes(16).toString('hex')}` }, { token: admin });
    if (res.status !== 201) throw new Error(`endpoint registration answered ${res.status}`);
    endpointIds.push(res.body.endpoint.id);
  }
  return { api, ws, base, admin, template: template!, receiver, endpointIds };
}

async function publish(w: World, itemId: string): Promise<void> {
  const res = await fetch(`${w.api.url}${w.base}/content/${itemId}/versions/2/publish`, {
    method: 'POST',
    headers: { authorization: `Bearer ${w.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ overrideWorkflow: true }),
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  if (res.status !== 200) problems.push(`publish answered ${res.status}`);
}

/** Waits until the receiver holds `count` requests (bounded). */
async function received(receiver: HttpsReceiver, count: number, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (receiver.requests.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return receiver.requests.length >= count;
}

async function e2e(w: World) {
  // The commit time of each event: occurred_at is its transaction's start, which is before the
  // commit, so the lag measured from it is an upper bound of the lag from commit.
  const occurredAt = async (ids: string[]) =>
    new Map((await dbQuery(w.api, `SELECT id, (extract(epoch FROM occurred_at) * 1000)::float8 AS ms FROM outbox_events WHERE id = ANY($1::uuid[])`, [ids])).map((r) => [r.id as string, Number(r.ms)]));

  // Burst: 200 publishes from 8 clients at once → 3,200 deliveries.
  {
    const targets = await publishTargets(w.api, w.ws, w.template, 'burst', 200);
    w.receiver.requests.length = 0;
    progress('e2e burst: 200 publishes × 16 endpoints');
    const started = performance.now();
    const queue = [...targets];
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let id = queue.pop(); id; id = queue.pop()) await publish(w, id);
    }));
    const published = performance.now();
    const all = await received(w.receiver, targets.length * ENDPOINTS, 120_000);
    const done = performance.now();
    if (!all) problems.push(`e2e burst: ${w.receiver.requests.length} of ${targets.length * ENDPOINTS} received`);
    const times = w.receiver.requests.map((r) => r.receivedAt).sort((a, b) => a - b);
    const firstToLast = (times.at(-1)! - times[0]!) / 1000;
    const rate = round(w.receiver.requests.length / firstToLast);
    const overall = round(w.receiver.requests.length / ((done - started) / 1000));
    figures['e2e burst'] = { deliveries: w.receiver.requests.length, publishSeconds: round((published - started) / 1000), firstToLastReceiptSeconds: round(firstToLast), deliveriesPerSecond: rate, overallPerSecond: overall };
    const ids = [...new Set(w.receiver.requests.map((r) => String(r.headers['x-verso-event-id'])))];
    const at = await occurredAt(ids);
    const lags = w.receiver.requests.map((r) => r.receivedAt - at.get(String(r.headers['x-verso-event-id']))!);
    report('e2e burst: deliveries/s (first→last receipt)', lags, '≥ 300 /s', rate >= 300, rate);
  }
  // Steady: 20 publishes a second for 10 s (320 deliveries a second): lag from commit to receipt.
  {
    const targets = await publishTargets(w.api, w.ws, w.template, 'steady', 200);
    w.receiver.requests.length = 0;
    progress('e2e steady: 20 publishes/s × 16 endpoints for 10 s');
    const started = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < targets.length; i++) {
      const due = started + i * 50;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(publish(w, targets[i]!));
    }
    await Promise.all(pending);
    const all = await received(w.receiver, targets.length * ENDPOINTS, 120_000);
    if (!all) problems.push(`e2e steady: ${w.receiver.requests.length} of ${targets.length * ENDPOINTS} received`);
    const seconds = (performance.now() - started) / 1000;
    const ids = [...new Set(w.receiver.requests.map((r) => String(r.headers['x-verso-event-id'])))];
    const at = await occurredAt(ids);
    const lags = w.receiver.requests.map((r) => r.receivedAt - at.get(String(r.headers['x-verso-event-id']))!);
    const sorted = [...lags].sort((a, b) => a - b);
    report('e2e steady 320/s: lag publish commit → receipt', lags, 'p95 ≤ 1000 ms', percentile(sorted, 95) <= 1000, round(w.receiver.requests.length / seconds));
  }
}

/**
 * Publish throughput with no endpoint active and with all 16 active, rounds interleaved (each run
 * publishes 400 fresh items from 16 clients). `deliver`: the deliveries of a round are sent (and
 * waited for) before the next round; else the delivery worker is off and they stay queued.
 */
async function publishCost(w: World, label: string, deliver: boolean, gated: boolean) {
  const setActive = (on: boolean) => dbQuery(w.api, 'UPDATE webhook_endpoints SET is_active = $2 WHERE id = ANY($1::uuid[])', [w.endpointIds, on]);
  const results: Record<'without' | 'with', number[]> = { without: [], with: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const mode of ['without', 'with'] as const) {
      await setActive(mode === 'with');
      const targets = await publishTargets(w.api, w.ws, w.template, `cost-${mode}-${r}`, 400);
      const before = w.receiver.requests.length;
      progress(`publish ${label}: ${mode} 16 endpoints, round ${r + 1}/${ROUNDS}`);
      const load = await runLoad({
        url: w.api.url,
        token: w.admin,
        requests: targets.map((id) => ({ method: 'POST', path: `${w.base}/content/${id}/versions/2/publish`, body: { overrideWorkflow: true } })),
        clients: 16,
        durationMs: 120_000,
        once: true,
      });
      if (load.failures) problems.push(`publish ${label} ${mode}: ${load.failures} failures`);
      results[mode].push(load.perSecond);
      if (mode === 'with' && deliver && !(await received(w.receiver, before + targets.length * ENDPOINTS, 120_000))) problems.push(`publish ${label}: deliveries did not finish`);
      if (mode === 'with' && !deliver) {
        // The dispatcher may still be fanning out the last events: wait for it (bounded).
        for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
          if ((await dbQuery(w.api, 'SELECT 1 FROM outbox_events WHERE processed_at IS NULL LIMIT 1')).length === 0) break;
        }
        const [{ n }] = await dbQuery(w.api, `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN content_items ci ON ci.id = (d.payload::jsonb->>'contentItemId')::uuid WHERE ci.slug LIKE $1`, [`cost-with-${r}-%`]);
        if (n !== targets.length * ENDPOINTS) problems.push(`publish ${label}: ${n} of ${targets.length * ENDPOINTS} deliveries fanned out`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const without = median(results.without);
  const withEndpoints = median(results.with);
  const cost = round((1 - withEndpoints / without) * 100);
  figures[`publish throughput, ${label}`] = { withoutPerSecond: results.without, withPerSecond: results.with, medianWithout: without, medianWith: withEndpoints, costPercent: cost };
  rows.push([`publish/s, ${label}: no endpoint (median)`, ROUNDS, '', '', '', without, '', '']);
  rows.push([`publish/s, ${label}: 16 endpoints (median)`, ROUNDS, '', '', '', withEndpoints, gated ? `cost < 10 % (${cost} %)` : `(${cost} %)`, gated ? (cost < 10 ? 'yes' : 'NO') : '']);
  if (gated && cost >= 10) problems.push(`publish, ${label}: the outbox costs ${cost} % of publish throughput`);
}

/** The claims, on a database and API of their own whose workers are off: nothing else claims. */
async function claimsPhase() {
  const api = await startTestApi({ env: { Logging__Level: 'warn', Workers__Enabled: 'false' } });
  try {
    const { id: ws } = await createWorkspace(api);
    const editor = (await createActor(api, { role: 'Editor', grants: { [ws]: 'Write' } })).token;
    const res = await api.post(`/api/v1/workspaces/${ws}/webhooks`, { name: 'history', url: 'https://history.bench.test/', events: ['content.version_published'] }, { token: editor });
    if (res.status !== 201) throw new Error(`endpoint registration answered ${res.status}`);
    await claims(api, ws, res.body.endpoint.id);
  } finally {
    await api.close();
  }
}

async function main() {
  if (ONLY.has('claims')) await claimsPhase();
  if (!ONLY.has('e2e') && !ONLY.has('publish')) return;
  const ca = await createTestCa();
  const receiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: [HOST] }) });
  // The real egress client; only the test host name, the loopback address and the test CA differ.
  const sender = createWebhookSender({
    allowHttp: false,
    resolver: testResolver({ [HOST]: ['127.0.0.1'] }),
    policy: { isForbidden: (a) => (a === '127.0.0.1' ? null : defaultAddressPolicy.isForbidden(a)) },
    ca: ca.cert,
  });
  try {
    if (ONLY.has('e2e')) {
      const w = await startWorld(receiver, sender);
      try {
        await e2e(w);
      } finally {
        await w.api.close();
      }
    }
    if (ONLY.has('publish')) {
      // The outbox's cost: the event written in the publish transaction, the wake-up notice and the
      // fan-out to 16 deliveries. The delivery worker is off on this API (the deliveries queue up),
      // so the figure is not mixed with the cost of sending 16 HTTPS requests per publish and of
      // the test receiver, which share these two cores with the API and PostgreSQL here.
      const fanOut = await startWorld(receiver, sender, { Workers__WebhookDelivery__Enabled: 'false' });
      try {
        await publishCost(fanOut, 'outbox + fan-out', false, true);
      } finally {
        await fanOut.api.close();
      }
      // For information: the whole pipeline on the same cores, every delivery sent to the in-process receiver.
      const full = await startWorld(receiver, sender);
      try {
        await publishCost(full, 'whole pipeline, deliveries sent', true, false);
      } finally {
        await full.api.close();
      }
    }
  } finally {
    sender.close();
    await receiver.close();
  }
}

await startTestPostgres();
try {
  await main();
} finally {
  await stopTestPostgres();
}
if (JSON_OUT) console.log(JSON.stringify(figures, null, 2));
console.log(`\nwebhooks bench (${machine().cpus} cores, Node ${machine().node})\n${table(rows)}`);
if (problems.length) console.log(`\nproblems:\n- ${problems.join('\n- ')}`);
process.exit(problems.length ? 1 : 0);
