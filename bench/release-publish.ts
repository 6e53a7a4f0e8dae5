// Publishing a release of 1,000 items while delivery reads run (targets: the publish ≤ 5 s; by-slug
// reads meanwhile, cache on, 16 connections, p99 ≤ 15 ms; every read after the commit serves the
// new versions). The workspace: 1,000 items that each serve version 1 and have an Approved version 2
// (the release's entries, publish version 2), and 1,000 other published items the release does not
// touch. One load of by-slug reads over all 2,000 items (16 connections, API-client token, cache
// on) runs for --seconds; after --before seconds the release is published through the API. The
// load's timeline is split at the publish's start and answer: read p50/p99 before, during and after
// it, in the same run. Right after the answer, while the load goes on, every entry's item is read by
// slug and must serve version 2 (the cache ended exactly), and the outbox must hold one
// content.version_published per entry and one release.published. While the publish runs,
// pg_stat_activity is sampled every 50 ms for backends waiting for a lock (a stalled read would be one).
//
// The reads during the publish are also split at its commit (the transaction's last statement ends
// just before it: from then on the entries' cached reads end and are rebuilt), and the server's
// thread (the API runs in this process, the load in worker threads) is shown before and during the
// publish: how busy it was and its event-loop delay.
//
// With --statements, the statements the publish's transaction sent, by shape, with their wall time
// (client side; triggers run inside the statement that fires them), and PostgreSQL's functions (the
// triggers among them) with their calls and time (track_functions). With --profile, the server's
// thread sampled during the publish: its longest busy stretches and its time by function and file.
// With --revert, the release is then reverted (the load over) and the revert's wall time printed.
//
// Run: node --import tsx bench/release-publish.ts [--items 1000] [--others 1000] [--seconds 20] [--before 5] [--statements] [--profile] [--revert]
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import { startTestApi, type TestApi } from '../test/helpers/api.js';
import { createActor, createApiClientToken, createWorkspace, dbQuery } from '../test/helpers/actors.js';
import { startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import { buildTemplates, DatasetWriter, hoursFromNow, writeItems } from './lib/content-dataset.js';
import { statementTiming } from './lib/statement-timing.js';
import { machine, percentile, runLoad, table, type LoadSummary } from './lib/load.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ITEMS = Number(arg('items')) || 1000;
const OTHERS = Number(arg('others') ?? 1000);
const SECONDS = Number(arg('seconds')) || 20;
const BEFORE_MS = (Number(arg('before')) || 5) * 1000;
const STATEMENTS = process.argv.includes('--statements');
/** The server's thread profiled during the publish: the functions that took most of it. */
const PROFILE = process.argv.includes('--profile');
/** Then revert the release (after the load) and print its wall time. */
const REVERT = process.argv.includes('--revert');
const CLIENTS = 16;
const PUBLISH_TARGET_MS = 5_000;
const P99_TARGET_MS = 15;
const progress = (what: string) => process.stderr.write(`bench/release-publish: ${what}\n`);

// The statements of the publish's transaction (slonik names its transaction), with their wall time.
const timing = statementTiming('release-publish', { onlyInTransactions: true });
const statements = timing.statements;

function printStatements() {
  const byShape = new Map<string, { count: number; ms: number }>();
  for (const s of statements) {
    const k = s.sql.replace(/\s+/g, ' ').trim().slice(0, 100);
    const e = byShape.get(k) ?? { count: 0, ms: 0 };
    e.count++;
    e.ms += s.ms;
    byShape.set(k, e);
  }
  const total = statements.reduce((a, s) => a + s.ms, 0);
  console.log(`\n### The publish's statements: ${statements.length}, their wall time ${total.toFixed(0)} ms\n`);
  const rows = [...byShape.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20);
  console.log(table([['statement', 'count', 'ms'], ...rows.map(([k, e]) => [k, e.count, e.ms.toFixed(1)])]));
}

type FunctionTimes = Map<string, { calls: number; total: number; self: number }>;

/** pg_stat_user_functions now (track_functions switched on first, for every backend). */
async function functionTimes(api: TestApi): Promise<FunctionTimes> {
  await dbQuery(api, `ALTER SYSTEM SET track_functions = 'all'`);
  await dbQuery(api, 'SELECT pg_reload_conf()');
  await dbQuery(api, 'SELECT pg_stat_clear_snapshot()');
  const rows = await dbQuery<{ name: string; calls: number; total: number; self: number }>(
    api, 'SELECT funcname AS name, calls::int, total_time AS total, self_time AS self FROM pg_stat_user_functions');
  return new Map(rows.map((r) => [r.name, r]));
}

/** The functions' calls and time since `before` (a backend reports its counts within a second of its transaction's end). */
async function printFunctionTimes(api: TestApi, before: FunctionTimes) {
  await new Promise((r) => setTimeout(r, 1_500));
  const after = await functionTimes(api);
  await dbQuery(api, 'ALTER SYSTEM RESET track_functions');
  await dbQuery(api, 'SELECT pg_reload_conf()');
  const rows = [...after].map(([name, a]) => {
    const b = before.get(name) ?? { calls: 0, total: 0, self: 0 };
    return [name, a.calls - b.calls, a.total - b.total, a.self - b.self] as const;
  }).filter((r) => r[1] > 0).sort((x, y) => y[2] - x[2]).slice(0, 20);
  console.log(`\n### PostgreSQL functions (the triggers among them) during the publish and the reads\n`);
  console.log(table([['function', 'calls', 'total ms', 'self ms'], ...rows.map(([n, c, t, sf]) => [n, c, t.toFixed(1), sf.toFixed(1)])]));
}

/** The server thread's time during the publish by function (self time), the 25 largest, and by file. */
function printProfile(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples?: number[]; timeDeltas?: number[] }) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const { functionName, url, lineNumber } = byNode.get(samples[i]!)!.callFrame;
    const file = url.replace(/^.*\/(node_modules|src)\//, '$1/') || '(native)';
    const ms = (deltas[i] ?? 0) / 1000;
    const k = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    self.set(k, (self.get(k) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  // Stretches the thread never left the JavaScript (consecutive samples that are not idle): what a
  // read queued behind them waited for. Each by the project's frames seen most in it.
  const parent = new Map<number, number>();
  for (const n of profile.nodes as { id: number; children?: number[] }[]) for (const c of n.children ?? []) parent.set(c, n.id);
  const ownFrames = (id: number) => {
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url } = byNode.get(at)!.callFrame;
      if (url.includes('/server/src/') && !url.includes('/http/')) frames.push(`${functionName || '(anonymous)'} ${url.replace(/^.*\/server\/src\//, '')}`);
    }
    return frames.slice(0, 3).join(' < ');
  };
  const stretches: { ms: number; frames: Map<string, number> }[] = [];
  let run: { ms: number; frames: Map<string, number> } | null = null;
  for (let i = 0; i < samples.length; i++) {
    const idle = byNode.get(samples[i]!)!.callFrame.functionName === '(idle)';
    if (idle) {
      if (run) stretches.push(run);
      run = null;
      continue;
    }
    run ??= { ms: 0, frames: new Map() };
    const ms = (deltas[i] ?? 0) / 1000;
    run.ms += ms;
    const f = ownFrames(samples[i]!);
    if (f) run.frames.set(f, (run.frames.get(f) ?? 0) + ms);
  }
  if (run) stretches.push(run);
  const longest = stretches.sort((a, b) => b.ms - a.ms).slice(0, 10);
  console.log(`\n### The server thread's 10 longest busy stretches during the publish, with the project's frames most seen in each\n`);
  console.log(table([['ms', 'frames (ms)'], ...longest.map((r) => [r.ms.toFixed(1), [...r.frames].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([k, ms]) => `${k} (${ms.toFixed(1)})`).join('; ') || '(reads only)'])]));
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => [k, ms.toFixed(1)]);
  console.log(`\n### The server's thread during the publish (sampled), self time by function\n`);
  console.log(table([['function', 'ms'], ...top(self, 25)]));
  console.log(`\n### … by file\n`);
  console.log(table([['file', 'ms'], ...top(byFile, 15)]));
}

async function expectOk(res: Response, what: string): Promise<any> {
  const body = await res.json();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body;
}

/** Runs `work` over `inputs` with `n` at a time. */
async function inParallel<T>(inputs: readonly T[], n: number, work: (x: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < inputs.length) await work(inputs[next++]!);
  }));
}

function windowOf(s: LoadSummary, from: number, to: number) {
  const ms = s.timeline!.filter((r) => r.at >= from && r.at < to).map((r) => r.ms).sort((a, b) => a - b);
  return { reads: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms[ms.length - 1] ?? NaN };
}

await startTestPostgres();
let exitCode = 0;
try {
  const api: TestApi = await startTestApi({
    env: { Workers__Enabled: 'false', Logging__Level: 'warn', RateLimit__Enabled: 'false', Database__PoolSize: '20' },
    databaseInterceptors: [timing.interceptor],
  });
  try {
    const { id: ws } = await createWorkspace(api);
    const base = `/api/v1/workspaces/${ws}`;
    const templateAdmin = (await createActor(api, { role: 'TemplateAdmin', grants: { [ws]: 'Write' } })).token;
    const editor = (await createActor(api, { role: 'Editor', grants: { [ws]: 'Write' } })).token;
    const reader = (await createApiClientToken(api, { workspaceId: ws, role: 'Reader' })).token;
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${api.url}${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${editor}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    progress(`writing ${ITEMS} items with an Approved version 2 and ${OTHERS} other published items`);
    const [tpl] = await buildTemplates(api, base, templateAdmin);
    const writer = new DatasetWriter(ws);
    const ids = writeItems(writer, tpl!, 'entry', ITEMS, hoursFromNow(Date.now()));
    for (const id of ids) writer.version(tpl!, id, 2, { status: 'Approved', title: 'entry approved' });
    writeItems(writer, tpl!, 'other', OTHERS, hoursFromNow(Date.now()));
    await writer.flush(api);

    progress(`building the release (${ITEMS} entries through the API)`);
    const release = await expectOk(await call('POST', '/releases', { name: 'Bench campaign' }), 'create release');
    await inParallel(ids, 4, async (itemId) => {
      await expectOk(await call('POST', `/releases/${release.id}/entries`, { itemId, versionNumber: 2, action: 'publish' }), 'add entry');
    });
    const validation = await expectOk(await call('GET', `/releases/${release.id}/validation`), 'validation');
    if (!validation.ready) throw new Error(`the release is not ready: ${JSON.stringify(validation.problems).slice(0, 500)}`);

    const slugs = [...Array.from({ length: ITEMS }, (_, i) => `entry-${i}`), ...Array.from({ length: OTHERS }, (_, i) => `other-${i}`)];
    const requests = slugs.map((s) => ({ path: `${base}/content/by-slug/${s}` }));
    progress('warming the cache (every slug once)');
    await runLoad({ url: api.url, token: reader, requests, clients: CLIENTS, durationMs: 60_000, once: true, expectStatus: 200 });

    progress(`load: ${SECONDS} s of by-slug reads, ${CLIENTS} connections; the publish after ${BEFORE_MS / 1000} s`);
    const load = runLoad({ url: api.url, token: reader, requests, clients: CLIENTS, durationMs: SECONDS * 1000, expectStatus: 200, timeline: true });
    const loadStart = Date.now();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const elu0: EventLoopUtilization = performance.eventLoopUtilization();
    await new Promise((r) => setTimeout(r, BEFORE_MS));
    const load1 = os.loadavg();
    // The server's thread (the API runs in this process; the load in worker threads): how busy it
    // was and how long a ready callback waited, before and during the publish.
    const eluBefore = performance.eventLoopUtilization(elu0);
    const delayBefore = { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
    delay.reset();
    const elu1 = performance.eventLoopUtilization();
    // With --statements, PostgreSQL times every function (the triggers are functions): their time during the publish.
    const functionsBefore = STATEMENTS ? await functionTimes(api) : null;
    const profiler = PROFILE ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.post('Profiler.start');
    }
    const publishStart = Date.now();
    timing.recording = true;
    // While it runs, every 50 ms: the backends waiting for a lock (a read stalled by the publish would be one).
    let publishing = true;
    let lockWaits = 0;
    let samples = 0;
    const sampler = (async () => {
      while (publishing) {
        const [row] = await dbQuery<{ n: number }>(api, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`);
        lockWaits = Math.max(lockWaits, row!.n);
        samples++;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const published = await expectOk(await call('POST', `/releases/${release.id}/publish`), 'publish');
    publishing = false;
    await sampler;
    timing.recording = false;
    const publishEnd = Date.now();
    // The transaction's last statement (the release's audit entry) ended just before its commit: from
    // then on the entries' notices end their cached reads, which the next reads rebuild.
    const commitAt = timing.lastCompletedAt;
    const profile = profiler ? (await profiler.post('Profiler.stop')).profile : null;
    profiler?.disconnect();
    const eluDuring = performance.eventLoopUtilization(elu1);
    const delayDuring = { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
    delay.disable();
    const publishMs = publishEnd - publishStart;
    if (published.state !== 'Published') throw new Error(`the release is ${published.state}`);

    // Every entry's item serves version 2 by slug right after the answer (the load still running).
    const stale: string[] = [];
    await inParallel(Array.from({ length: ITEMS }, (_, i) => `entry-${i}`), 4, async (slug) => {
      const res = await fetch(`${api.url}${base}/content/by-slug/${slug}`, { headers: { authorization: `Bearer ${reader}` } });
      const body = (await res.json()) as { versionNumber?: number };
      if (res.status !== 200 || body.versionNumber !== 2) stale.push(`${slug}: ${res.status} ${JSON.stringify(body).slice(0, 100)}`);
    });
    const checkedAt = Date.now();
    const summary = await load;
    const loadEnd = Date.now();
    if (publishEnd > loadEnd) progress('the publish outlasted the load: raise --seconds');

    const [events] = await dbQuery<{ published: number; release: number }>(
      api,
      `SELECT count(*) FILTER (WHERE event_type = 'content.version_published')::int AS published,
              count(*) FILTER (WHERE event_type = 'release.published')::int AS release
       FROM outbox_events WHERE workspace_id = $1`,
      [ws],
    );

    const before = windowOf(summary, loadStart, publishStart);
    const during = windowOf(summary, publishStart, publishEnd);
    const inTransaction = windowOf(summary, publishStart, commitAt);
    const toAnswer = windowOf(summary, commitAt, publishEnd);
    const after = windowOf(summary, publishEnd, loadEnd);
    const f = (n: number) => n.toFixed(1);
    console.log(`\n## Release publish (${ITEMS} entries, ${OTHERS} other items read, cache on, ${CLIENTS} connections)\n`);
    console.log(`machine: ${machine().cpus} cores, Node ${machine().node}; load average at the publish ${load1.map((x) => x.toFixed(2)).join(' ')}\n`);
    console.log(table([
      ['', 'wall time', `≤ ${PUBLISH_TARGET_MS / 1000} s`],
      ['publish (POST …/releases/{id}/publish)', `${(publishMs / 1000).toFixed(2)} s`, publishMs <= PUBLISH_TARGET_MS ? 'yes' : 'NO'],
    ]));
    console.log('');
    console.log(table([
      ['by-slug reads', 'reads', 'p50 ms', 'p99 ms', 'max ms', `p99 ≤ ${P99_TARGET_MS} ms`],
      ['before the publish', before.reads, f(before.p50), f(before.p99), f(before.max), before.p99 <= P99_TARGET_MS ? 'yes' : 'NO'],
      ['during the publish', during.reads, f(during.p50), f(during.p99), f(during.max), during.p99 <= P99_TARGET_MS ? 'yes' : 'NO'],
      [`… its transaction (${((commitAt - publishStart) / 1000).toFixed(2)} s)`, inTransaction.reads, f(inTransaction.p50), f(inTransaction.p99), f(inTransaction.max), ''],
      [`… from its commit to the answer (${((publishEnd - commitAt) / 1000).toFixed(2)} s)`, toAnswer.reads, f(toAnswer.p50), f(toAnswer.p99), f(toAnswer.max), ''],
      ['after the commit', after.reads, f(after.p50), f(after.p99), f(after.max), ''],
    ]));
    console.log('');
    const threadRow = (label: string, u: EventLoopUtilization, d: { p99: number; max: number }) => [label, `${(u.utilization * 100).toFixed(0)} %`, f(d.p99), f(d.max)];
    console.log(table([
      ["the server's thread", 'busy', 'event-loop delay p99 ms', 'max ms'],
      threadRow('before the publish', eluBefore, delayBefore),
      threadRow('during the publish', eluDuring, delayDuring),
    ]));
    console.log(`\nbackends waiting for a lock during the publish: at most ${lockWaits} (${samples} samples of pg_stat_activity)`);
    console.log(`load: ${summary.requests} reads, ${summary.failures} failed, machine busy ${(summary.machineBusy * 100).toFixed(0)} %`);
    console.log(`after the answer: ${ITEMS - stale.length} of ${ITEMS} entries served version 2 by slug (checked in ${((checkedAt - publishEnd) / 1000).toFixed(1)} s)`);
    console.log(`outbox: ${events!.published} content.version_published, ${events!.release} release.published`);
    if (STATEMENTS) printStatements();
    if (functionsBefore) await printFunctionTimes(api, functionsBefore);
    if (profile) printProfile(profile);
    if (REVERT) {
      const revertStart = Date.now();
      const reverted = await expectOk(await call('POST', `/releases/${release.id}/revert`), 'revert');
      console.log(`\nrevert (POST …/releases/{id}/revert, no load): ${((Date.now() - revertStart) / 1000).toFixed(2)} s, the release ${reverted.state}; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    }
    if (stale.length > 0) console.log(`stale: ${stale.slice(0, 5).join('; ')}`);
    const ok =
      stale.length === 0 && summary.failures === 0 && events!.published === ITEMS && events!.release === 1 && lockWaits === 0 &&
      publishMs <= PUBLISH_TARGET_MS && during.p99 <= P99_TARGET_MS;
    if (!ok) exitCode = 1;
  } finally {
    await api.close();
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await stopTestPostgres();
}
process.exit(exitCode);
