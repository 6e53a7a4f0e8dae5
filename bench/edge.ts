// What the edge costs (issue #17): requests per second of an authenticated GET /api/v1/auth/me and
// of the cached content list (`…/content?resolve=true`, served from the delivery cache), each on a
// server with the rate limiter and ban check on (allow-list off, limits set far out of reach) and
// on one with both off (RateLimit__Enabled=false, IpBan__Enabled=false). Target: the edge costs
// < 5 % of throughput. Then the time to reject a banned address (one connection, requests one
// after another, so the figure is the round trip, not queueing). Target: p99 < 1 ms.
//
// Both servers run in this process on one database; the load comes from worker threads with
// keep-alive agents. The scenarios run interleaved in rounds and the median of each is reported,
// so drift on the machine skews both sides alike.
// Run: node --import tsx bench/edge.ts [--seconds 4] [--rounds 5] [--connections 32] [--workers 2]
import { runLoad } from './lib/load.js';
import { startTestApi, type TestApi } from '../test/helpers/api.js';
import { createActor, createApiClientToken, createWorkspace } from '../test/helpers/actors.js';
import { startTestPostgres, stopTestPostgres, createTestDatabase } from '../test/helpers/database.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 4);
const ROUNDS = arg('rounds', 5);
const CONNECTIONS = arg('connections', 32);
const WORKERS = arg('workers', 2);
const BANNED_REQUESTS = arg('banned', 20_000);
const progress = (what: string) => process.stderr.write(`bench/edge: ${what}\n`);

// Plain JavaScript, evaluated in each worker: `connections` loops over one keep-alive agent,
// until `durationMs` is up or `limit` requests have been sent. `expect` is the status every answer must have.
interface Result {
  readonly scenario: string;
  readonly requests: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly failures: number;
}

interface Load {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly expect: number;
}

/** One scenario through the shared load generator (bench/lib/load.ts). */
async function run(scenario: string, load: Load, o: { seconds: number; connections: number; workers: number; limit?: number }): Promise<Result> {
  const target = new URL(load.url);
  const s = await runLoad({
    url: target.origin,
    headers: load.headers,
    expectStatus: load.expect,
    requests: [{ path: target.pathname + target.search }],
    clients: o.connections,
    workers: o.workers,
    durationMs: o.seconds * 1000,
    maxRequests: o.limit,
  });
  return { scenario, requests: s.requests, perSecond: s.perSecond, p50Ms: s.p50Ms, p99Ms: s.p99Ms, failures: s.failures };
}

async function main(): Promise<void> {
  progress('starting PostgreSQL and the APIs');
  await startTestPostgres();
  const databaseUrl = await createTestDatabase();
  const common = { Logging__Level: 'warn', Database__PoolSize: '16', Workers__Enabled: 'false' };
  // Limits far out of reach: the figure is the cost of counting, not of refusing.
  const on = await startTestApi({ databaseUrl, env: { ...common, RateLimit__PerActor__PermitPerMinute: '10000000', RateLimit__PerIp__PermitPerMinute: '10000000' } });
  const off = await startTestApi({ databaseUrl, env: { ...common, RateLimit__Enabled: 'false', IpBan__Enabled: 'false' } });
  // The ban measurement: one anonymous request a minute, the loopback peer trusted as a proxy.
  const banning = await startTestApi({ databaseUrl, env: { ...common, RateLimit__PerIp__PermitPerMinute: '1', TrustedProxy__TrustedProxies__0: '127.0.0.1' } });
  const apis: TestApi[] = [on, off, banning];
  try {
    const ws = await createWorkspace(on);
    const client = await createApiClientToken(on, { workspaceId: ws.id, role: 'Reader' });
    const user = await createActor(on, { role: 'Editor', grants: { [ws.id]: 'Write' } });
    const session = { authorization: `Bearer ${user.token}` };
    const reader = { authorization: `Bearer ${client.token}` };
    const list = `/api/v1/workspaces/${ws.id}/content?resolve=true&pageSize=20`;
    const scenarios: [string, () => Load][] = [
      ['GET /api/v1/auth/me (session), edge on', () => ({ url: on.url + '/api/v1/auth/me', headers: session, expect: 200 })],
      ['GET /api/v1/auth/me (session), edge off', () => ({ url: off.url + '/api/v1/auth/me', headers: session, expect: 200 })],
      ['GET content list (cached), edge on', () => ({ url: on.url + list, headers: reader, expect: 200 })],
      ['GET content list (cached), edge off', () => ({ url: off.url + list, headers: reader, expect: 200 })],
    ];
    const opts = { seconds: SECONDS, connections: CONNECTIONS, workers: WORKERS };
    progress(`warm-up 1s per scenario, then ${ROUNDS} rounds of ${SECONDS}s per scenario, ${CONNECTIONS} connections`);
    for (const [name, load] of scenarios) await run(name, load(), { ...opts, seconds: 1 });
    const rounds: Result[][] = scenarios.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate which side goes first, so neither always runs on a warmer or cooler machine.
      const order = round % 2 ? [0, 1, 2, 3] : [1, 0, 3, 2];
      for (const i of order) rounds[i]!.push(await run(scenarios[i]![0], scenarios[i]![1](), opts));
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
    const costOf = (onR: Result, offR: Result) => 1 - onR.perSecond / offR.perSecond;
    const costs = { authMe: costOf(results[0]!, results[1]!), contentList: costOf(results[2]!, results[3]!) };

    progress('banning an address, then timing its rejections');
    const attacker = { 'x-forwarded-for': '203.0.113.66' };
    for (let i = 0; i < 22; i++) await fetch(banning.url + '/api/v1/auth/me', { headers: attacker }).then((r) => r.arrayBuffer());
    const rejectLoad = { url: banning.url + '/api/v1/auth/me', headers: attacker, expect: 403 };
    await run('warm-up', rejectLoad, { seconds: 30, connections: 1, workers: 1, limit: 2000 });
    const banned = await run('GET /api/v1/auth/me from a banned address (1 connection)', rejectLoad, { seconds: 60, connections: 1, workers: 1, limit: BANNED_REQUESTS });
    const bannedLoaded = await run(`the same, ${CONNECTIONS} connections`, rejectLoad, opts);

    const fmt = (x: number) => `${Math.round(x * 1000) / 10}%`;
    console.table([
      ...results.map((r, i) => ({ ...r, edgeCost: i % 2 === 0 ? fmt(i === 0 ? costs.authMe : costs.contentList) : '—' })),
      { ...banned, edgeCost: '—' },
      { ...bannedLoaded, edgeCost: '—' },
    ]);
    const worst = Math.max(costs.authMe, costs.contentList);
    const failed = [...results, banned, bannedLoaded].some((r) => r.failures > 0);
    const met = worst < 0.05 && banned.p99Ms < 1 && !failed;
    console.log(
      JSON.stringify({ bench: 'edge', seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, workers: WORKERS, results, banned, bannedLoaded, costs, targets: { cost: 0.05, bannedP99Ms: 1 }, met }),
    );
    if (failed) process.exitCode = 1;
  } finally {
    for (const api of apis) await api.close();
    await stopTestPostgres();
  }
}

await main();
