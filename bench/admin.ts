// Server-render time of the admin's pages: 16 signed-in clients (each with its own session cookie)
// request Home, Account preferences, About, the content list, the content editor and version compare over plain HTTP
// with keep-alive, and the latency of every page (admin render + its API calls through @verso/sdk)
// is recorded. Target: p95 < 50 ms. The content pages run on upstream's capacity dataset (520 items,
// 2,600 published versions: bench/lib/content-dataset.ts); the editor opens a Draft version 6 of one
// of its items, so it renders every input editable.
//
// As under `make run`, the admin is its own process (admin/dist/main.js when built, else its source
// through tsx) in front of the API, which runs in this process on the embedded PostgreSQL; the load
// comes from bench/lib/load.ts (worker threads) so it never shares an event loop with either. Home for a superadmin
// shows 4 workspaces with content, so it makes 1 + 4 × 5 API calls per render for the counts (cached,
// Admin__Home__CountsCacheSeconds) and 4 × 4 for the review queue (#25: in Review, the user's own Drafts —
// each bench user has one in the capacity workspace — sent back, and scheduled next: 5 versions);
// Account makes 2 (switcher list, preferences) and About 2 (switcher list, /health/ready). Version
// compare (#25) compares two 40-field versions (30 Text, 10 Markdown of 40 lines): 4 API calls.
// Besides latency, each page's CPU milliseconds per render are reported for the admin process, the API's
// thread, PostgreSQL and the load threads (`cpuMs`): on a machine shared with other work they move far less than latency.
// Run: node --import tsx bench/admin.ts [--seconds 5] [--rounds 3] [--clients 16] [--workers 2] [--pages home,compare] [--profile DIR]
//   --pages: only these pages (home, account, about, list, editor, compare; default all).
//   --profile DIR: CPU profiles of the measured rounds in DIR — the admin process's (--cpu-prof, written
//   when it stops) and the API's (this process's main thread, through node:inspector, rounds only).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import { HttpSession } from '../admin/test/helpers/http.js';
import { startAdminStack } from '../admin/test/helpers/stack.js';
import { buildTemplate } from '../test/content/content-fixture.js';
import { buildCapacityDataset, buildTemplates, hoursFromNow } from './lib/content-dataset.js';
import { runLoad } from './lib/load.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 5);
const ROUNDS = arg('rounds', 3);
const CLIENTS = arg('clients', 16);
const WORKERS = arg('workers', 2);
const TARGET_P95_MS = 50;
const textArg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const PAGES = textArg('pages')?.split(',');
const PROFILE = textArg('profile');
const progress = (what: string) => process.stderr.write(`bench/admin: ${what}\n`);

interface Result {
  page: string;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: number;
  /** CPU ms per page of the admin process, the API's thread, PostgreSQL and the load threads: unlike
   *  latency, hardly moved by what else the shared machine runs. */
  cpuMs: { admin: number; api: number; postgres: number; load: number };
}

/** A process's CPU time so far (ms), from /proc (Linux). */
function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** One page for `seconds` (`adminPid`: the admin process whose CPU to count): one client per session
 *  cookie through the shared load generator; a 200
 *  with at least 500 bytes (a rendered page, not an error stub) is a success. */
async function run(page: string, url: string, cookies: string[], seconds: number, adminPid?: number): Promise<Result> {
  const adminBefore = processCpuMs(adminPid);
  const s = await runLoad({
    url,
    requests: [{ path: page }],
    clients: cookies.length,
    clientHeaders: cookies.map((cookie) => ({ cookie })),
    workers: WORKERS,
    expectStatus: 200,
    minBodyBytes: 500,
    durationMs: seconds * 1000,
  });
  const per = (ms: number) => Math.round((ms * 100) / Math.max(1, s.requests)) / 100;
  const cpuMs = { admin: per(processCpuMs(adminPid) - adminBefore), api: s.cpuMsPerRequest.server, postgres: s.cpuMsPerRequest.postgres, load: s.cpuMsPerRequest.load };
  return { page, requests: s.requests, perSecond: Math.round(s.perSecond), p50Ms: s.p50Ms, p95Ms: s.p95Ms, p99Ms: s.p99Ms, maxMs: s.maxMs, failures: s.failures, cpuMs };
}

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The admin as its own process, as `make run` starts it. */
async function startAdminProcess(apiUrl: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-bench-admin-'));
  const dist = path.join(root, 'admin/dist/main.js');
  const args = fs.existsSync(dist) ? [dist] : ['--import', 'tsx', path.join(root, 'admin/src/main.ts')];
  const profile = PROFILE ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(PROFILE)}`] : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', Admin__Port: String(port), Admin__ApiBaseUrl: apiUrl, Data__Directory: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`the admin exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the admin did not start within 20 s');
}

/** A Draft version 6 (a copy of version 5) of the dataset's first live item: the editor's page. */
async function draftToEdit(api: AdminStackApi, workspaceId: string, token: string): Promise<string> {
  const base = `/api/v1/workspaces/${workspaceId}/content`;
  const list = await api.get(`${base}?slug=item-0`, { token });
  const itemId = list.body.items[0]?.id as string | undefined;
  if (!itemId) throw new Error(`the capacity dataset has no item-0: ${list.status} ${list.text}`);
  const created = await api.post(`${base}/${itemId}/versions`, { duplicateFromVersionNumber: 5 }, { token });
  if (created.status !== 201) throw new Error(`creating the draft to edit failed: ${created.status} ${created.text}`);
  return `/workspaces/${workspaceId}/content/${itemId}/versions/${created.body.versionNumber}/edit`;
}

type AdminStackApi = Awaited<ReturnType<typeof startAdminStack>>['api'];

/**
 * Version compare of two 40-field versions (#25): a "Feature" template with 30 Text and 10 Markdown
 * fields (each Markdown ≈ 40 lines), an item whose version 2 duplicates version 1 and then changes
 * a third of the texts and a line in every Markdown value. Returns the compare page's path.
 */
async function comparedPair(api: AdminStackApi, workspaceId: string, token: string): Promise<string> {
  const base = `/api/v1/workspaces/${workspaceId}`;
  const ok = async (p: Promise<{ status: number; body: any; text: string }>, what: string) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
    return r.body;
  };
  const specs = Array.from({ length: 40 }, (_, i) => ({ key: `f${i}`, label: `Field ${i}`, primitiveType: i % 4 === 3 ? 'Markdown' : 'Text' }));
  const t = await buildTemplate(api, base, token, 'Feature', () => specs.map((f) => ({ ...f, minOccurrences: 0, maxOccurrences: 1 })));
  const markdown = (i: number, edit: boolean) =>
    Array.from({ length: 40 }, (_, l) => (edit && l === 20 ? `Line ${l} of field ${i}, rewritten in the second version.` : `Line ${l} of field ${i}: the harbour at dawn, boats and gulls.`)).join('\n');
  const values = (edit: boolean) =>
    specs.map((f, i) => ({
      fieldId: t.fields[f.key]!,
      order: 0,
      valueKind: f.primitiveType,
      textValue: f.primitiveType === 'Markdown' ? markdown(i, edit) : edit && i % 3 === 0 ? `Changed text value ${i} in the second version` : `Text value ${i} of the first version`,
    }));
  const item = await ok(api.post(`${base}/content`, { templateVersionId: t.versionId, slug: 'feature-compare', tags: [], fields: values(false) }, { token }), 'create the feature');
  await ok(api.post(`${base}/content/${item.id}/versions`, { duplicateFromVersionNumber: 1 }, { token }), 'duplicate version 1');
  const v2 = `${base}/content/${item.id}/versions/2`;
  await ok(api.put(v2, { fields: values(true) }, { token, headers: await api.ifMatch(v2, token) }), 'edit version 2');
  return `/workspaces/${workspaceId}/content/${item.id}/compare?from=1&to=2`;
}

/**
 * What Home's review queue lists in the capacity workspace: each bench user's own Draft (a new
 * version of one of the items, created with that user's token), and 5 items scheduled for tomorrow.
 */
async function queueContent(api: AdminStackApi, workspaceId: string, adminToken: string, userTokens: readonly string[]): Promise<void> {
  const base = `/api/v1/workspaces/${workspaceId}/content`;
  const idOf = async (slug: string) => (await api.get(`${base}?slug=${slug}`, { token: adminToken })).body.items[0].id as string;
  const must = async (p: Promise<{ status: number; text: string }>, what: string) => {
    const r = await p;
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  };
  for (const [i, token] of userTokens.entries()) await must(api.post(`${base}/${await idOf(`item-${10 + i}`)}/versions`, { duplicateFromVersionNumber: 1 }, { token }), 'own draft');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  for (let i = 0; i < 5; i++) {
    const id = await idOf(`item-${40 + i}`);
    const created = await api.post(`${base}/${id}/versions`, { duplicateFromVersionNumber: 1 }, { token: adminToken });
    const v = `${base}/${id}/versions/${created.body.versionNumber}`;
    for (const action of ['submit', 'approve']) await must(api.post(`${v}/${action}`, undefined, { token: adminToken }), action);
    await must(api.post(`${v}/publish`, { publishAt: tomorrow }, { token: adminToken }), 'schedule');
  }
}

async function main(): Promise<void> {
  progress('starting PostgreSQL, the API and the admin');
  await startTestPostgres();
  const stack = await startAdminStack({ apiEnv: { Logging__Level: 'warn', Database__PoolSize: '16' } });
  const admin = await startAdminProcess(stack.apiUrl);
  // The same admin with Home's counts cache off: every Home render asks the API for every count.
  const uncached = await startAdminProcess(stack.apiUrl, { Admin__Home__CountsCacheSeconds: '0' });
  try {
    const workspaces = await Promise.all(['Marketing', 'Docs', 'Blog'].map((name) => stack.createWorkspace({ name })));
    for (const ws of workspaces) await stack.seedContent(ws.id, { drafts: 6, inReview: 2 });
    progress('building the capacity dataset');
    const capacity = await stack.createWorkspace({ name: 'Capacity' });
    const templates = await buildTemplates(stack.api, `/api/v1/workspaces/${capacity.id}`, stack.adminToken);
    const dataset = await buildCapacityDataset(stack.api, capacity.id, templates, hoursFromNow(Date.now()));
    const editorPath = await draftToEdit(stack.api, capacity.id, stack.adminToken);
    const comparePath = await comparedPair(stack.api, capacity.id, stack.adminToken);
    progress(`signing in ${CLIENTS} users`);
    const cookies: string[] = [];
    const uncachedCookies: string[] = [];
    const userTokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const user = await stack.createUser({ role: 'Admin', superadmin: true });
      userTokens.push(user.token);
      for (const [url, jar] of [[admin.url, cookies], [uncached.url, uncachedCookies]] as const) {
        const http = new HttpSession(url);
        await http.signIn(user.email, user.password);
        jar.push(http.cookieHeader());
      }
    }
    await queueContent(stack.api, capacity.id, stack.adminToken, userTokens);
    const named = { home: '/', account: '/account', about: '/about', list: `/workspaces/${capacity.id}/content`, editor: editorPath, compare: comparePath };
    const pages = Object.entries(named).filter(([name]) => !PAGES || PAGES.includes(name)).map(([, p]) => p);
    progress(`warm-up 1s per page, then ${ROUNDS} rounds of ${SECONDS}s per page, ${CLIENTS} clients`);
    for (const p of pages) await run(p, admin.url, cookies, 1);
    const rounds: Result[][] = pages.map(() => []);
    const inspector = PROFILE ? new Session() : undefined;
    if (inspector) {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, p] of pages.entries()) rounds[i]!.push(await run(p, admin.url, cookies, SECONDS, admin.child.pid));
      progress(`round ${round}: p95 ${rounds.map((r) => r.at(-1)!.p95Ms).join(' / ')} ms`);
    }
    if (inspector) {
      const { profile } = await inspector.post('Profiler.stop');
      const file = path.resolve(PROFILE!, `api-${Date.now()}.cpuprofile`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      inspector.disconnect();
      progress(`the API's profile: ${file}`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const results: Result[] = rounds.map((rs) => ({
      page: rs[0]!.page,
      requests: rs.reduce((n, r) => n + r.requests, 0),
      perSecond: median(rs.map((r) => r.perSecond)),
      p50Ms: median(rs.map((r) => r.p50Ms)),
      p95Ms: median(rs.map((r) => r.p95Ms)),
      p99Ms: median(rs.map((r) => r.p99Ms)),
      maxMs: Math.max(...rs.map((r) => r.maxMs)),
      failures: rs.reduce((n, r) => n + r.failures, 0),
      cpuMs: {
        admin: median(rs.map((r) => r.cpuMs.admin)),
        api: median(rs.map((r) => r.cpuMs.api)),
        postgres: median(rs.map((r) => r.cpuMs.postgres)),
        load: median(rs.map((r) => r.cpuMs.load)),
      },
    }));
    // For information (not part of the target): Home when every render asks for every count and queue section.
    let info: Result | undefined;
    if (pages.includes('/')) {
      await run('/', uncached.url, uncachedCookies, 1);
      const cold = await run('/', uncached.url, uncachedCookies, SECONDS, uncached.child.pid);
      info = { ...cold, page: '/ (Admin__Home__CountsCacheSeconds=0: every count and queue section asked for on every render)' };
    }
    console.table([...results, ...(info ? [info] : [])].map(({ cpuMs, ...r }) => ({ ...r, cpuAdmin: cpuMs.admin, cpuApi: cpuMs.api, cpuPg: cpuMs.postgres })));
    const failed = results.some((r) => r.failures > 0);
    const met = results.every((r) => r.p95Ms < TARGET_P95_MS) && !failed;
    console.log(JSON.stringify({ bench: 'admin', dataset, seconds: SECONDS, rounds: ROUNDS, clients: CLIENTS, workers: WORKERS, results, homeWithoutCountsCache: info, targetP95Ms: TARGET_P95_MS, met }));
    if (!met) process.exitCode = 1;
  } finally {
    for (const a of [admin, uncached]) {
      // A profiled admin writes its profile as it exits: wait for that.
      const exited = new Promise((r) => (a.child.exitCode !== null ? r(null) : a.child.once('exit', r)));
      a.child.kill('SIGTERM');
      if (PROFILE) await exited;
      fs.rmSync(a.dataDir, { recursive: true, force: true });
    }
    await stack.close();
    await stopTestPostgres();
  }
}

await main();
