// What one publish costs (issue #24, "publish cost"), statement by statement: on the side-by-side
// bench's dataset (2,600 items, 1,000 of them embedding a child), publishes through the API, one
// every 100 ms, alternately of an item nobody embeds and of an embedded child, first on an idle
// server and then under the by-slug read load of the churn case (16 clients, cache on). For each it
// prints the publish's p50/p95 over HTTP, the statements the API sent during a publish with their
// mean wall time (client side: round trip, queueing and PostgreSQL's work, triggers included), and
// the PostgreSQL functions run per publish (track_functions: the triggers' own time).
//
// Run: node --import tsx bench/publish-cost.ts [--publishes 60] [--no-load]
import { startTestApi, type TestApi } from '../test/helpers/api.js';
import { createActor, createApiClientToken, createWorkspace, dbQuery } from '../test/helpers/actors.js';
import { startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import { buildTemplates, DatasetWriter, hoursFromNow, writeDrafts, writeItems } from './lib/content-dataset.js';
import { statementTiming } from './lib/statement-timing.js';
import { percentile, runLoad, table } from './lib/load.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const PUBLISHES = Number(arg('publishes')) || 60;
const LOAD = !process.argv.includes('--no-load');

// Every statement the API sends while recording, with its wall time.
const timing = statementTiming('publish-cost');
const statements = timing.statements;

const shape = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 90);

async function publishAll(api: TestApi, token: string, paths: readonly string[]) {
  const latencies: number[] = [];
  for (const p of paths) {
    const t = performance.now();
    const res = await fetch(api.url + p, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ overrideWorkflow: true }),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`publish ${p} answered ${res.status}`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (performance.now() - t))));
  }
  return latencies.sort((a, b) => a - b);
}

async function functionTimes(api: TestApi) {
  return dbQuery<{ name: string; calls: number; total: number; self: number }>(
    api,
    `SELECT funcname AS name, calls::int, total_time AS total, self_time AS self FROM pg_stat_user_functions ORDER BY funcname`,
  );
}

async function phase(label: string, api: TestApi, admin: string, paths: readonly string[]) {
  statements.length = 0;
  await dbQuery(api, 'SELECT pg_stat_clear_snapshot(), pg_stat_reset()');
  timing.recording = true;
  const latencies = await publishAll(api, admin, paths);
  timing.recording = false;
  // Statistics of the backends that ran the publishes are flushed when they go idle (≤ 1 s).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const functions = await functionTimes(api);
  const n = paths.length;
  console.log(`\n## ${label}: ${n} publishes, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms\n`);
  const byShape = new Map<string, { count: number; ms: number }>();
  for (const s of statements) {
    const k = shape(s.sql);
    const e = byShape.get(k) ?? { count: 0, ms: 0 };
    e.count++;
    e.ms += s.ms;
    byShape.set(k, e);
  }
  const rows = [...byShape.entries()].sort((a, b) => b[1].ms - a[1].ms);
  console.log(table([['statement', 'per publish', 'ms per publish'], ...rows.map(([k, e]) => [k, (e.count / n).toFixed(2), (e.ms / n).toFixed(2)])]));
  console.log(`\nstatements per publish: ${(statements.length / n).toFixed(1)}, their wall time per publish: ${(statements.reduce((a, s) => a + s.ms, 0) / n).toFixed(1)} ms\n`);
  console.log(table([['function', 'calls per publish', 'total ms per publish', 'self ms per publish'], ...functions.map((f) => [f.name, (f.calls / n).toFixed(2), (f.total / n).toFixed(2), (f.self / n).toFixed(2)])]));
}

await startTestPostgres();
let exitCode = 0;
try {
  // A first API makes the database; the measured one connects after track_functions is set on it.
  const setup = await startTestApi({ env: { Workers__Enabled: 'false', Logging__Level: 'warn' } });
  const dbName = new URL(setup.databaseUrl).pathname.slice(1);
  await dbQuery(setup, `ALTER DATABASE "${dbName}" SET track_functions = 'all'`);
  const api = await startTestApi({ env: { Workers__Enabled: 'false', Logging__Level: 'warn', RateLimit__Enabled: 'false' }, databaseUrl: setup.databaseUrl, databaseInterceptors: [timing.interceptor] });
  try {
    const { id: ws } = await createWorkspace(api);
    const base = `/api/v1/workspaces/${ws}`;
    const templateAdmin = (await createActor(api, { role: 'TemplateAdmin', grants: { [ws]: 'Write' } })).token;
    const admin = (await createActor(api, { role: 'Admin', grants: { [ws]: 'Write' } })).token;
    const reader = (await createApiClientToken(api, { workspaceId: ws, role: 'Reader' })).token;
    const [tpl] = await buildTemplates(api, base, templateAdmin);
    const at = hoursFromNow(Date.now());
    const writer = new DatasetWriter(ws);
    const children = writeItems(writer, tpl!, 'child', 1000, at);
    writeItems(writer, tpl!, 'read', 1000, at, (i) => children[i]!);
    const others = writeItems(writer, tpl!, 'other', 600, at);
    const drafts = Math.ceil(PUBLISHES / 300) * 2 + 1;
    writeDrafts(writer, tpl!, [...others.slice(0, 300), ...children.slice(0, 300)], drafts);
    await writer.flush(api);
    const targets: string[] = [];
    for (let v = 2; v <= drafts + 1; v++) {
      for (let i = 0; i < 300; i++) targets.push(`${base}/content/${others[i]}/versions/${v}/publish`, `${base}/content/${children[i]}/versions/${v}/publish`);
    }
    // Warm every connection's plans (PL/pgSQL plans its statements per connection, once).
    await publishAll(api, admin, targets.splice(0, 20));
    await phase('idle', api, admin, targets.splice(0, PUBLISHES));
    if (LOAD) {
      const reads = Array.from({ length: 1000 }, (_, i) => ({ path: `${base}/content/by-slug/read-${i}` }));
      const load = runLoad({ url: api.url, token: reader, requests: reads, clients: 16, durationMs: PUBLISHES * 100 + 8000, expectStatus: 200 });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await phase('under the churn read load (16 clients, by-slug, cache on)', api, admin, targets.splice(0, PUBLISHES));
      const s = await load;
      console.log(`\nread load: ${s.perSecond} req/s, p99 ${s.p99Ms} ms, ${s.failures} failures`);
    }
  } finally {
    await api.close();
    await setup.close();
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await stopTestPostgres();
}
process.exit(exitCode);
