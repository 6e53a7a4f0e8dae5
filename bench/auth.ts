// What authentication costs: requests per second of an authenticated GET /api/v1/auth/me, once
// with an API-client token and once with a session token, against the unauthenticated
// GET /health/live on the same server (both pass through the same router, validation and logging;
// the difference is the credential lookup). Target: authentication costs less than 15% of throughput.
//
// The server runs in this process; the load comes from worker threads with keep-alive HTTP agents,
// so the load generator never competes with the server for its event loop. The three scenarios run
// interleaved in several rounds and the median of each is reported, so a machine whose load drifts
// (other processes, PostgreSQL on the same cores) skews all three alike instead of one.
// Run: node --import tsx bench/auth.ts [--seconds 4] [--rounds 5] [--connections 32] [--workers 2]
import { Worker } from 'node:worker_threads';
import { startTestApi } from '../test/helpers/api.js';
import { createActor, createApiClientToken, createWorkspace } from '../test/helpers/actors.js';
import { startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 4);
const ROUNDS = arg('rounds', 5);
const CONNECTIONS = arg('connections', 32);
const WORKERS = arg('workers', 2);
const WARM_UP_SECONDS = 1;
const progress = (what: string) => process.stderr.write(`bench/auth: ${what}\n`);

// Plain JavaScript, evaluated in each worker: `connections` loops over one keep-alive agent.
const WORKER_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, connections, durationMs } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const headers = token ? { authorization: 'Bearer ' + token } : {};
const latencies = [];
let failures = 0;
const started = performance.now();
function once() {
  return new Promise((resolve) => {
    const t = performance.now();
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) failures++;
        latencies.push(performance.now() - t);
        resolve();
      });
    });
    req.on('error', () => { failures++; resolve(); });
    req.end();
  });
}
async function loop() { while (performance.now() - started < durationMs) await once(); }
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, failures, elapsedMs: performance.now() - started });
});
`;

interface Result {
  readonly scenario: string;
  readonly requests: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly failures: number;
}

async function run(scenario: string, url: string, token: string | undefined, seconds: number): Promise<Result> {
  const perWorker = Math.max(1, Math.round(CONNECTIONS / WORKERS));
  const outcomes = await Promise.all(
    Array.from({ length: WORKERS }, () =>
      new Promise<{ latencies: number[]; failures: number; elapsedMs: number }>((resolve, reject) => {
        const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url, token, connections: perWorker, durationMs: seconds * 1000 } });
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
    ),
  );
  const latencies = outcomes.flatMap((o) => o.latencies).sort((a, b) => a - b);
  const elapsed = Math.max(...outcomes.map((o) => o.elapsedMs));
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]! * 100) / 100;
  return {
    scenario,
    requests: latencies.length,
    perSecond: Math.round((latencies.length / elapsed) * 1000),
    p50Ms: pct(0.5),
    p99Ms: pct(0.99),
    failures: outcomes.reduce((n, o) => n + o.failures, 0),
  };
}

async function main(): Promise<void> {
  progress('starting PostgreSQL and the API');
  await startTestPostgres();
  // warn: the per-request info line would otherwise dominate both sides of the comparison equally.
  const api = await startTestApi({ env: { Logging__Level: 'warn', Database__PoolSize: '16' } });
  try {
    const ws = await createWorkspace(api);
    const client = await createApiClientToken(api, { workspaceId: ws.id, role: 'Reader' });
    const user = await createActor(api, { role: 'Editor', grants: { [ws.id]: 'Write' } });
    const scenarios: [string, string, string | undefined][] = [
      ['GET /health/live (no credentials)', '/health/live', undefined],
      ['GET /api/v1/auth/me (API-client token)', '/api/v1/auth/me', client.token],
      ['GET /api/v1/auth/me (session token)', '/api/v1/auth/me', user.token],
    ];
    const rounds: Result[][] = scenarios.map(() => []);
    progress(`warm-up ${WARM_UP_SECONDS}s per scenario, then ${ROUNDS} rounds of ${SECONDS}s per scenario, ${CONNECTIONS} connections`);
    for (const [name, path, token] of scenarios) await run(name, api.url + path, token, WARM_UP_SECONDS);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, [name, path, token]] of scenarios.entries()) rounds[i]!.push(await run(name, api.url + path, token, SECONDS));
      progress(`round ${round}: ${rounds.map((r) => r.at(-1)!.perSecond).join(' / ')} req/s`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const results: Result[] = rounds.map((rs) => ({
      scenario: rs[0]!.scenario,
      requests: rs.reduce((n, r) => n + r.requests, 0),
      perSecond: median(rs.map((r) => r.perSecond)),
      p50Ms: median(rs.map((r) => r.p50Ms)),
      p99Ms: median(rs.map((r) => r.p99Ms)),
      failures: rs.reduce((n, r) => n + r.failures, 0),
    }));
    const baseline = results[0]!.perSecond;
    const rows = results.map((r) => ({ ...r, costVsLive: r === results[0] ? '—' : `${Math.round((1 - r.perSecond / baseline) * 1000) / 10}%` }));
    console.table(rows);
    const worst = Math.max(...results.slice(1).map((r) => 1 - r.perSecond / baseline));
    const failed = results.some((r) => r.failures > 0);
    console.log(JSON.stringify({ bench: 'auth', seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, workers: WORKERS, results: rows, worstCost: worst, target: 0.15, met: worst < 0.15 && !failed }));
    if (failed) process.exitCode = 1;
  } finally {
    await api.close();
    await stopTestPostgres();
  }
}

await main();
