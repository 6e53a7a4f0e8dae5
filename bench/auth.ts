// What authentication costs: requests per second of an authenticated GET /api/v1/auth/me, once
// with an API-client token and once with a session token, against the unauthenticated
// GET /health/live on the same server (both pass through the same router, validation and logging;
// the difference is the credential lookup). Target: authentication costs less than 15% of throughput.
//
// The server runs in this process; the load comes from bench/lib/load.ts (worker threads with
// keep-alive HTTP agents), so the load generator never competes with the server for its event loop. The three scenarios run
// interleaved in several rounds and the median of each is reported, so a machine whose load drifts
// (other processes, PostgreSQL on the same cores) skews all three alike instead of one.
// Run: node --import tsx bench/auth.ts [--seconds 4] [--rounds 5] [--connections 32] [--workers 2]
import { startTestApi } from '../test/helpers/api.js';
import { createActor, createApiClientToken, createWorkspace } from '../test/helpers/actors.js';
import { startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import { runLoad } from './lib/load.js';

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

interface Result {
  readonly scenario: string;
  readonly requests: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly failures: number;
}

/** One scenario for `seconds`: the shared load generator (worker threads, keep-alive), every answer a 200. */
async function run(scenario: string, url: string, path: string, token: string | undefined, seconds: number): Promise<Result> {
  const s = await runLoad({ url, token, expectStatus: 200, requests: [{ path }], clients: CONNECTIONS, workers: WORKERS, durationMs: seconds * 1000 });
  return { scenario, requests: s.requests, perSecond: Math.round(s.perSecond), p50Ms: s.p50Ms, p99Ms: s.p99Ms, failures: s.failures };
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
    for (const [name, path, token] of scenarios) await run(name, api.url, path, token, WARM_UP_SECONDS);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, [name, path, token]] of scenarios.entries()) rounds[i]!.push(await run(name, api.url, path, token, SECONDS));
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
