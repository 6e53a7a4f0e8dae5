// The fuzz engine: seeds the target world and the canary, starts the admin app in front of the API,
// then sends `requests` requests (or fewer, when `timeLimitMs` runs out first) and judges every
// answer, and finally compares the canary with its snapshot. The requests come in two phases:
// - the sweep (issue #23): every forbidden webhook URL spelling against createWebhookEndpoint and
//   updateWebhookEndpoint, every hostile multipart case against uploadMedia, and every admin route
//   with every admin class, once each, so a run of any seed covers each of them;
// - the seeded random requests: operation after operation in a seeded order so every operation gets
//   its share, with every fifth request going to a random admin route instead.
// Then, unless `attacks` leaves it out, the `hostile-rendition` class: hostile transformation sets
// against images that do not decode, on the public image route (hostile-renditions.ts).
// Last, unless `attacks` leaves it out, the `hostile-backup` class: a backup of the world, altered
// as a crafted backup would be, each restored into an empty target (hostile-backups.ts).
// With one lane (the default) a run is a pure function of its seed and the server's behaviour; more
// lanes send faster but interleave the world's changes (and the per-request checks of the admin's
// log and of stored assets are then skipped, as they can no longer tell requests apart).
import type { TestApi } from '../helpers/api.js';
import { callerLost, canaryChanged, type FuzzReport } from './fuzz-report.js';
import { compareSnapshots, seedCanary } from './canary.js';
import { loadOperations, readContract, RouteTable } from './contract-operations.js';
import { Findings } from './findings.js';
import { describeRequest, toRawRequest, type FuzzRequest } from './fuzz-request.js';
import { appliesTo } from './mutations.js';
import { Oracle } from './oracle.js';
import { header, sendRaw, serializeRequest, type RawResponse } from './raw-http.js';
import { ATTACK_CLASSES, prepare, RequestPlanner } from './request-plan.js';
import { ADMIN_ATTACKS, AdminPlanner, judgeAdmin } from './admin-requests.js';
import { startAdminTarget, type AdminTarget } from './admin-target.js';
import { MULTIPART_CASES, withMultipartCase } from './hostile-multipart.js';
import { dbQuery } from '../helpers/actors.js';
import { FORBIDDEN_WEBHOOK_URLS, withForbiddenUrl } from './webhook-urls.js';
import { fuzzRestore, HOSTILE_BACKUP_CLASS } from './hostile-backups.js';
import { fuzzRenditions, HOSTILE_RENDITION_CLASS } from './hostile-renditions.js';
import type { OperationSpec } from './contract-operations.js';
import type { FuzzWorld } from './world.js';
import { nearestEtag, seedWorld } from './world-seed.js';

export interface FuzzOptions {
  readonly seed: number;
  /** The budget by count. */
  readonly requests: number;
  /** The budget by time (the fuzzing phase, seeding excluded); whichever ends first stops the run. */
  readonly timeLimitMs: number;
  /** Requests in flight at once (1 keeps a run reproducible from its seed). */
  readonly concurrency?: number;
  /** Attack classes to draw from (default: all, `valid` included). */
  readonly attacks?: readonly string[];
  /** Only these operationIds (default: every operation in the contract). */
  readonly operations?: readonly string[];
  readonly requestTimeoutMs?: number;
  /** Fuzz the admin app too (default true; off when `attacks` names no admin class). */
  readonly admin?: boolean;
  /** Start with the sweep (default true). */
  readonly sweep?: boolean;
  readonly progress?: (message: string) => void;
}

/** Top up the world's pools this often (deletes use them up). */
const TOP_UP_EVERY = 250;

export async function runFuzz(api: TestApi, o: FuzzOptions): Promise<FuzzReport> {
  const progress = o.progress ?? (() => {});
  const document = readContract();
  const operations = loadOperations(document)
    .filter((op) => !o.operations || o.operations.includes(op.operationId))
    .sort((a, b) => a.operationId.localeCompare(b.operationId));
  const adminNamed = o.operations?.some((x) => x === 'admin' || x.startsWith('admin ')) ?? false;
  if (operations.length === 0 && !adminNamed) throw new Error(`no operation matches ${o.operations?.join(', ')}`);
  const known = [...ATTACK_CLASSES, ...ADMIN_ATTACKS, HOSTILE_RENDITION_CLASS, HOSTILE_BACKUP_CLASS] as readonly string[];
  const unknown = (o.attacks ?? []).filter((a) => !known.includes(a));
  if (unknown.length) throw new Error(`unknown attack classes ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const apiAttacks = o.attacks ? o.attacks.filter((a) => (ATTACK_CLASSES as readonly string[]).includes(a)) : ATTACK_CLASSES;
  const wants = (attack: string) => !o.attacks || o.attacks.includes(attack);

  const seeded = performance.now();
  const world = await seedWorld(api);
  const canary = await seedCanary(api);
  const before = await canary.snapshot();
  progress(`seeded the target workspace ${world.ws} and the canary ${canary.ws} in ${Math.round(performance.now() - seeded)} ms`);
  const withAdmin = (o.admin ?? true) && (!o.attacks || ADMIN_ATTACKS.some(wants));
  const admin: AdminTarget | undefined = withAdmin ? await startAdminTarget(api, world) : undefined;
  try {
    const adminRoutes = admin?.routes.filter((r) => !o.operations || o.operations.includes('admin') || o.operations.includes(`admin ${r.method} ${r.path}`)) ?? [];
    const adminClasses = ADMIN_ATTACKS.filter(wants);
    const adminPlanner = adminRoutes.length && adminClasses.length ? new AdminPlanner(adminRoutes, world, adminClasses) : undefined;
    const planner = new RequestPlanner(document, world, { staleTokens: world.staleTokens, ws: world.ws, webhookEndpoint: () => world.webhooks[0] }, apiAttacks.length ? apiAttacks : ['valid']);
    const oracle = new Oracle(document);
    const routes = new RouteTable(loadOperations(document));
    const findings = new Findings();
    const order = shuffle(operations.length, o.seed);
    const { hostname, port } = new URL(api.url);
    const adminPort = admin ? Number(new URL(admin.url).port) : 0;
    const timeout = o.requestTimeoutMs ?? 15_000;
    const oneLane = (o.concurrency ?? 1) <= 1;
    const sweep = (o.sweep ?? true) ? buildSweep(operations, wants, adminPlanner?.sweepSize ?? 0) : [];
    if (sweep.length) progress(`sweep: ${sweep.length} requests (webhook URLs, hostile multipart, every admin route × class), then seeded random requests`);
    const started = performance.now();
    const deadline = started + o.timeLimitMs;
    let next = 0;
    let sent = 0;

    const visibleAssets = async () =>
      Number((await dbQuery(api, `SELECT count(*)::int AS n FROM media_assets WHERE workspace_id = $1 AND NOT is_deleted AND blob_state IN ('Available', 'PendingUpload')`, [world.ws]))[0]!.n);

    const sendApi = async (index: number, op: OperationSpec, generated: FuzzRequest) => {
      const { request, token } = await prepare(generated, op, world);
      const ifMatch = request.ifMatchFromRead ? await currentEtag(api, request, world) : undefined;
      const raw = toRawRequest(request, token, ifMatch);
      // A refused hostile upload must leave no asset behind: counted around the request (one lane only).
      const assetsBefore = request.attack === 'hostile-multipart' && oneLane ? await visibleAssets() : undefined;
      const res = await sendRaw(hostname, Number(port), raw, timeout);
      sent += 1;
      findings.count(request.attack, op.operationId, res.status, res.durationMs);
      // Judged by the operation the request really reached (an emptied path parameter can change it).
      const reached = routes.match(raw.method, raw.target);
      const headBytes = serializeRequest(hostname, Number(port), { ...raw, body: undefined }).length;
      const verdict = oracle.judge(reached, request, res, headBytes);
      const checks: string[] = [...verdict.checks];
      if (assetsBefore !== undefined && res.status >= 400 && (await visibleAssets()) > assetsBefore) checks.push('stored-on-refusal');
      if (checks.length > 0) {
        const operation = verdict.fromHttpParser ? '(http parser)' : reached.operationId === op.operationId ? op.operationId : `${op.operationId}→${reached.operationId}`;
        findings.add(request.attack, operation, res.status, checks, {
          seed: o.seed,
          index,
          request: describeRequest(request, raw),
          response: describeResponse(res),
          serverLog: serverLogFor(api, res),
        });
      }
      world.learn(op.operationId, request.pathParams, res.status, jsonOf(res));
    };

    const sendAdmin = async (index: number, request: FuzzRequest) => {
      const caller = await admin!.caller(request.caller);
      const other = await admin!.caller(request.caller === 'Admin' ? 'Editor' : 'Admin');
      const raw = toRawRequest(request, undefined);
      // `{csrf}` stands for the caller's own token, `{otherCsrf}` for another session's.
      const fill = (text: string) => text.replaceAll('{csrf}', caller.csrf).replaceAll('%7Bcsrf%7D', caller.csrf).replaceAll('{otherCsrf}', other.csrf).replaceAll('%7BotherCsrf%7D', other.csrf);
      const body = raw.body && raw.body.includes('csrf') ? Buffer.from(fill(raw.body.toString('latin1')), 'latin1') : raw.body;
      const cookie = caller.http.cookieHeader();
      const wire = { ...raw, body, headers: [...raw.headers, ...(cookie ? [['Cookie', cookie] as const] : [])] };
      const logFrom = admin!.log.lines.length;
      const res = await sendRaw(hostname, adminPort, wire, timeout);
      sent += 1;
      caller.remember(res);
      findings.count(request.attack, request.operationId, res.status, res.durationMs);
      const checks = judgeAdmin(request, res, oneLane ? admin!.log.lines.slice(logFrom) : []);
      if (checks.length > 0) {
        const line = admin!.log.lines.slice(logFrom).find((l) => l.level === 'error' || 'stack' in l);
        findings.add(request.attack, request.operationId, res.status, checks, {
          seed: o.seed,
          index,
          request: describeRequest(request, wire),
          response: describeResponse(res),
          serverLog: line ? JSON.stringify(line).slice(0, 600) : serverLogFor(api, res),
        });
      }
    };

    const one = async (index: number) => {
      const step = sweep[index];
      if (step?.kind === 'webhook-url') {
        const op = step.op;
        return sendApi(index, op, withForbiddenUrl(planner.generateValid(op, o.seed, index), op, FORBIDDEN_WEBHOOK_URLS[step.case]!, world.webhooks[0], world.ws));
      }
      if (step?.kind === 'hostile-multipart') return sendApi(index, step.op, withMultipartCase(planner.generateValid(step.op, o.seed, index), MULTIPART_CASES[step.case]!));
      if (step?.kind === 'admin') return sendAdmin(index, adminPlanner!.sweep(o.seed, step.case));
      const r = index - sweep.length;
      if (adminPlanner && (operations.length === 0 || r % ADMIN_EVERY === ADMIN_EVERY - 1)) return sendAdmin(index, adminPlanner.generate(o.seed, index));
      const op = operations[order[r % operations.length]!]!;
      return sendApi(index, op, planner.generate(op, o.seed, index));
    };

    const lane = async () => {
      for (;;) {
        const index = next++;
        // The sweep is sent whole however slow the machine is; the deadline ends the seeded phase only.
        if (index >= o.requests || (index >= sweep.length && performance.now() > deadline)) return;
        try {
          await one(index);
        } catch (err) {
          // A fault of the fuzzer itself (not of a response): stop with what reproduces it.
          throw new Error(`fuzz request ${index} (seed ${o.seed}) failed in the fuzzer: ${(err as Error).message}`, { cause: err });
        }
        if (index % TOP_UP_EVERY === TOP_UP_EVERY - 1) await world.topUp();
        if (index % 1000 === 999) progress(`${index + 1} requests, ${findings.total} findings, ${Math.round((performance.now() - started) / 1000)} s`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 1) }, lane));
    if (wants(HOSTILE_RENDITION_CLASS)) await fuzzRenditions(api, o.seed, findings, progress);
    const durationMs = performance.now() - started;
    // Not in the request rate: restores, not requests.
    if (wants(HOSTILE_BACKUP_CLASS)) await fuzzRestore(api, o.seed, findings, progress);

    const diffs = compareSnapshots(before, await canary.snapshot());
    if (diffs.length > 0) canaryChanged(findings, o.seed, diffs);
    // The run never aims at the callers' own credentials, so each must still sign requests in.
    for (const caller of Object.values(world.callers)) {
      if (!caller.token) continue;
      const me = await api.request('GET', '/api/v1/auth/me', { token: caller.token, unchecked: true });
      if (me.status !== 200) callerLost(findings, o.seed, caller.name, me.status, me.text);
    }
    return {
      seed: o.seed,
      requested: o.requests,
      sent,
      durationMs,
      stoppedBy: sent < o.requests ? 'time' : 'count',
      operations: operations.length,
      findings,
      canaryKeys: before.size,
      census: await world.census(),
    };
  } finally {
    await admin?.close();
  }
}

/** Every fifth random request goes to the admin app. */
const ADMIN_EVERY = 5;

type SweepStep = { kind: 'webhook-url' | 'hostile-multipart'; op: OperationSpec; case: number } | { kind: 'admin'; case: number };

/** The sweep's requests in order: each webhook URL spelling per webhook operation, each multipart case, each admin route × class. */
function buildSweep(operations: readonly OperationSpec[], wants: (attack: string) => boolean, adminCases: number): SweepStep[] {
  const steps: SweepStep[] = [];
  for (const op of operations) {
    if (wants('webhook-url') && appliesTo('webhook-url', op)) FORBIDDEN_WEBHOOK_URLS.forEach((_, i) => steps.push({ kind: 'webhook-url', op, case: i }));
    if (wants('hostile-multipart') && appliesTo('hostile-multipart', op)) MULTIPART_CASES.forEach((_, i) => steps.push({ kind: 'hostile-multipart', op, case: i }));
  }
  for (let i = 0; i < adminCases; i++) steps.push({ kind: 'admin', case: i });
  return steps;
}

/** The current ETag of the resource guarding the request's path (read by the world's owner), if any. */
async function currentEtag(api: TestApi, req: FuzzRequest, world: FuzzWorld): Promise<string | undefined> {
  const path = toRawRequest({ ...req, query: [], rawQuery: undefined, headers: [], body: undefined }, undefined).target;
  return nearestEtag(api, world.ownerToken, path);
}

function describeResponse(res: RawResponse): string {
  if (res.status === 0) return `no response: ${res.failure} (after ${Math.round(res.durationMs)} ms)`;
  const text = res.body.toString('utf8');
  const body = text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text || '(empty body)';
  return `${res.status} ${header(res, 'content-type') ?? '(no content type)'} ${body}`;
}

function jsonOf(res: RawResponse): unknown {
  if (!/json/.test(header(res, 'content-type') ?? '') || res.body.length === 0) return undefined;
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The server's error line for this request (matched by correlation id), for 5xx answers. */
function serverLogFor(api: TestApi, res: RawResponse): string | undefined {
  const id = header(res, 'x-correlation-id');
  if (res.status < 500 || !id) return undefined;
  const line = api.log.lines.findLast((l) => l.correlationId === id && l.level === 'error');
  if (!line) return undefined;
  const err = line.err as { message?: string; name?: string } | undefined;
  return `${String(line.message)}: ${err?.name ? `${err.name}: ` : ''}${err?.message ?? JSON.stringify(line.err ?? '').slice(0, 300)}`;
}

/** A permutation of 0..n-1 from the seed (mulberry32), so operation order is part of the seed. */
function shuffle(n: number, seed: number): number[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

