// Memory under abuse (issue #12): SOAK_SECONDS (default 600) of mixed traffic — delivery reads,
// content writes (create, publish, new version, delete) and fuzz traffic from test/fuzz (every attack
// class, every operation) — against one API process, reporting that process's memory after a
// warm-up and at the end, before and after a forced full GC, so retained memory can be told from
// garbage not yet collected.
//
// The API runs in a child process of its own (this file with `--serve`, under --expose-gc): the
// load generator, the fuzzer's request building and PostgreSQL stay out of its heap, and
// process.memoryUsage() there measures the server alone. Warm-up is SOAK_WARMUP_SECONDS (default a
// fifth of the run, at most 60 s); SOAK_CLIENTS (default 8) loops send at once. SOAK_HEAP_SNAPSHOTS=1
// also writes heap snapshots after the two forced GCs and prints the constructors that grew most.
// Exits 1 when the server crashed or any request got no answer.
// Run: node --import tsx bench/soak.ts   (or: make bench BENCH=soak)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import v8 from 'node:v8';
import { loadConfig } from '../server/src/config.js';
import { createLogger } from '../server/src/logging/logger.js';
import { startApi } from '../server/src/server.js';
import type { ApiResponse, RequestOptions, TestApi } from '../test/helpers/api.js';
import { createTestDatabase, startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import { loadOperations, readContract } from '../test/fuzz/contract-operations.js';
import { describeRequest, toRawRequest } from '../test/fuzz/fuzz-request.js';
import { sendRaw } from '../test/fuzz/raw-http.js';
import { prepare, RequestPlanner } from '../test/fuzz/request-plan.js';
import { seedWorld } from '../test/fuzz/world-seed.js';
import type { FuzzWorld } from '../test/fuzz/world.js';
import { table } from './lib/load.js';

type Memory = NodeJS.MemoryUsage;
type ServerMessage = { type: 'ready'; url: string } | { type: 'memory'; memory: Memory; snapshot?: string } | { type: 'errors'; count: number; first: string[] };

/** The API process: starts the server, then answers memory probes from the parent. */
async function serve(databaseUrl: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-soak-data-'));
  // Errors are counted, not kept: a log held in memory would be the leak this measures.
  const errors = { count: 0, first: [] as string[] };
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      errors.count += 1;
      if (errors.first.length < 5) errors.first.push(chunk.toString('utf8').slice(0, 400));
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', Api__Port: '0', Data__Directory: dataDir, Logging__Level: 'error' }, { version: '0.0.0-soak' });
  const running = await startApi(config, { logger: createLogger({ level: 'error', stream: sink }), databaseUrl });
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', async (m: { type: string; gc?: boolean; snapshot?: string }) => {
    if (m.type === 'memory') {
      if (m.gc && gc) {
        // Twice, with a turn of the event loop between: finalizers and weak references settle.
        gc();
        await new Promise((r) => setImmediate(r));
        gc();
      }
      const snapshot = m.snapshot ? v8.writeHeapSnapshot(m.snapshot) : undefined;
      process.send!({ type: 'memory', memory: process.memoryUsage(), snapshot } satisfies ServerMessage);
    } else if (m.type === 'errors') {
      process.send!({ type: 'errors', ...errors } satisfies ServerMessage);
    } else if (m.type === 'stop') {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', url: running.url } satisfies ServerMessage);
}

const seconds = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const MB = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

async function main(): Promise<void> {
  const duration = seconds('SOAK_SECONDS', 600) * 1000;
  const warmup = seconds('SOAK_WARMUP_SECONDS', Math.min(60, duration / 1000 / 5)) * 1000;
  const clients = seconds('SOAK_CLIENTS', 8);
  const snapshots = process.env.SOAK_HEAP_SNAPSHOTS === '1' ? fs.mkdtempSync(path.join(os.tmpdir(), 'verso-soak-heap-')) : undefined;
  await startTestPostgres();
  const databaseUrl = await createTestDatabase();
  const child = fork(new URL(import.meta.url).pathname, ['--serve', databaseUrl], { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: 'inherit' });
  let crashed = false;
  child.on('exit', (code) => {
    if (code !== 0) crashed = true;
  });
  const ask = <T extends ServerMessage['type']>(message: object, type: T) =>
    new Promise<Extract<ServerMessage, { type: T }>>((resolve) => {
      const on = (m: ServerMessage) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m as Extract<ServerMessage, { type: T }>);
      };
      child.on('message', on);
      child.send(message);
    });
  const ready = await new Promise<string>((resolve) => child.once('message', (m: ServerMessage) => m.type === 'ready' && resolve(m.url)));
  const api = remoteApi(ready, databaseUrl);
  const world = await seedWorld(api);
  process.stderr.write(`bench/soak: server pid ${child.pid}, ${clients} clients, ${duration / 1000} s (warm-up ${warmup / 1000} s)\n`);

  const traffic = new Traffic(api, world);
  const started = performance.now();
  const rows: (string | number)[][] = [['sample', 'at s', 'requests', 'rss MB', 'heapUsed MB', 'heapTotal MB', 'external MB', 'arrayBuffers MB']];
  const sample = async (label: string, gc: boolean, snapshot?: string) => {
    const { memory, snapshot: file } = await ask({ type: 'memory', gc, snapshot }, 'memory');
    rows.push([label, Math.round((performance.now() - started) / 1000), traffic.sent, MB(memory.rss), MB(memory.heapUsed), MB(memory.heapTotal), MB(memory.external), MB(memory.arrayBuffers)]);
    process.stderr.write(`bench/soak: ${label}: rss ${MB(memory.rss)} MB, heapUsed ${MB(memory.heapUsed)} MB\n`);
    return file;
  };
  await sample('start (after seeding)', false);
  const loops = Array.from({ length: clients }, (_, i) => traffic.loop(i, started + duration));
  await sleep(warmup);
  await sample('after warm-up', false);
  const first = await sample('after warm-up, GC', true, snapshots && path.join(snapshots, 'warm.heapsnapshot'));
  // A trend line between the two: growth that goes on after warm-up is the interesting kind.
  for (let k = 1; k < 4 && performance.now() - started + (duration - warmup) / 4 < duration; k++) {
    await sleep((duration - warmup) / 4);
    await sample(`${Math.round((performance.now() - started) / 1000)} s`, false);
  }
  await Promise.all(loops);
  await sample('end', false);
  const last = await sample('end, GC', true, snapshots && path.join(snapshots, 'end.heapsnapshot'));
  const errors = await ask({ type: 'errors' }, 'errors');
  child.send({ type: 'stop' });
  await new Promise((r) => child.once('exit', r));
  await stopTestPostgres();

  console.log(table(rows));
  console.log(`\n${traffic.summary()}`);
  console.log(`server error log lines: ${errors.count}${errors.first.length ? `, first: ${errors.first[0]}` : ''}`);
  if (first && last) console.log(`\nheap growth by constructor (warm-up GC → end GC):\n${heapGrowth(first, last)}`);
  process.exit(crashed || traffic.unanswered > 0 ? 1 : 0);
}

/** The mixed load: each loop reads, writes and fuzzes in a fixed rotation until the deadline. */
class Traffic {
  sent = 0;
  unanswered = 0;
  readonly unansweredExamples: string[] = [];
  private readonly statuses = new Map<string, number>();
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly planner: RequestPlanner;
  private readonly operations = loadOperations(readContract());
  private fuzzIndex = 0;

  constructor(
    private readonly api: TestApi,
    private readonly world: FuzzWorld,
  ) {
    this.planner = new RequestPlanner(readContract(), world, { staleTokens: world.staleTokens });
  }

  async loop(client: number, deadline: number): Promise<void> {
    for (let i = 0; performance.now() < deadline; i++) {
      const kind = (i + client) % 10 < 6 ? 'read' : (i + client) % 10 < 8 ? 'write' : 'fuzz';
      await this[kind](i);
    }
  }

  private count(kind: string, status: number) {
    this.sent += 1;
    if (status === 0) this.unanswered += 1;
    const key = `${kind} ${status === 0 ? 'none' : `${String(status)[0]}xx`}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
  }

  private async read(i: number) {
    const w = this.world;
    const item = w.contents[i % Math.max(1, w.contents.length)];
    const paths = [`${w.base}/content?resolve=true&pageSize=50`, `${w.base}/content?pageSize=20&tags=news`, item ? `${w.base}/content/by-slug/${item.slug}` : `${w.base}/content`, `${w.base}/templates`, item ? `${w.base}/content/${item.id}` : `${w.base}/tags`];
    const res = await this.http('GET', paths[i % paths.length]!, w.callers.Reader.token!);
    this.count('read', res.status);
  }

  private async write(i: number) {
    const w = this.world;
    const token = w.callers.Admin.token!;
    const slug = `soak-${process.pid}-${i}-${Math.random().toString(36).slice(2, 8)}`;
    const fields = [{ fieldId: w.article.titleFieldId, order: 0, valueKind: 'Text', textValue: `Soak ${i}` }];
    const created = await this.http('POST', `${w.base}/content`, token, { templateVersionId: w.article.templateVersionId, slug, tags: ['soak', `t${i % 20}`], fields });
    this.count('write', created.status);
    if (created.status !== 201) return;
    const id = JSON.parse(created.body).id as string;
    this.count('write', (await this.http('POST', `${w.base}/content/${id}/versions/1/publish`, token, { overrideWorkflow: true })).status);
    this.count('write', (await this.http('POST', `${w.base}/content/${id}/versions`, token, { fields })).status);
    // Most items are deleted again, so the data set stays about the same size all run long.
    if (i % 4 !== 0) {
      const current = await this.http('GET', `${w.base}/content/${id}`, token);
      const etag = current.headers.etag;
      this.count('write', (await this.http('DELETE', `${w.base}/content/${id}`, token, undefined, etag ? { 'if-match': String(etag) } : {})).status);
    }
  }

  private async fuzz(_i: number) {
    const index = this.fuzzIndex++;
    const op = this.operations[index % this.operations.length]!;
    const { request, token } = await prepare(this.planner.generate(op, 12_345, index), op, this.world);
    const url = new URL(this.api.url);
    const raw = toRawRequest(request, token);
    const res = await sendRaw(url.hostname, Number(url.port), raw, 30_000);
    this.count('fuzz', res.status);
    if (res.status === 0 && this.unansweredExamples.length < 3) this.unansweredExamples.push(`${res.failure} after ${Math.round(res.durationMs)} ms:\n${describeRequest(request, raw)}`);
    const body = /json/.test(res.headers['content-type']?.[0] ?? '') ? safeJson(res.body.toString('utf8')) : undefined;
    this.world.learn(op.operationId, request.pathParams, res.status, body);
    if (index % 250 === 249) await this.world.topUp();
  }

  private http(method: string, p: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(this.api.url + p, {
        method,
        agent: this.agent,
        timeout: 30_000,
        headers: { authorization: `Bearer ${token}`, ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}), ...headers },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
      req.end(data);
    });
  }

  summary(): string {
    const rows = [...this.statuses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => [k, n]);
    const examples = this.unansweredExamples.map((e) => `\nunanswered: ${e}`).join('\n');
    return `${this.sent} requests (${this.unanswered} unanswered)\n${table([['traffic', 'requests'], ...rows])}${examples}`;
  }
}

/** The seeding helpers need only url, databaseUrl and request(): the API runs in the child process. */
function remoteApi(url: string, databaseUrl: string): TestApi {
  async function request<T>(method: string, p: string, o: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const body = o.body === undefined ? undefined : JSON.stringify(o.body);
    if (body) headers['content-type'] ??= 'application/json';
    const res = await fetch(url + p, { method, headers, body });
    const text = await res.text();
    const parsed = /json/.test(res.headers.get('content-type') ?? '') && text ? JSON.parse(text) : text || undefined;
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
  return { url, databaseUrl, request } as unknown as TestApi;
}

const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Self size by constructor name in two heap snapshots; the 15 that grew most. */
function heapGrowth(before: string, after: string): string {
  const totals = (file: string) => {
    const snap = JSON.parse(fs.readFileSync(file, 'utf8')) as { snapshot: { meta: { node_fields: string[] } }; nodes: number[]; strings: string[] };
    const fields = snap.snapshot.meta.node_fields;
    const [nameAt, sizeAt, width] = [fields.indexOf('name'), fields.indexOf('self_size'), fields.length];
    const out = new Map<string, { count: number; bytes: number }>();
    for (let i = 0; i < snap.nodes.length; i += width) {
      const name = snap.strings[snap.nodes[i + nameAt]!]!.replace(/\s+/g, ' ').slice(0, 60);
      const t = out.get(name) ?? { count: 0, bytes: 0 };
      t.count += 1;
      t.bytes += snap.nodes[i + sizeAt]!;
      out.set(name, t);
    }
    return out;
  };
  const a = totals(before);
  const b = totals(after);
  const rows = [...b.entries()]
    .map(([name, t]) => ({ name, count: t.count - (a.get(name)?.count ?? 0), bytes: t.bytes - (a.get(name)?.bytes ?? 0) }))
    .sort((x, y) => y.bytes - x.bytes)
    .slice(0, 15)
    .map((r) => [r.name, r.count, Math.round(r.bytes / 1024)]);
  return table([['constructor', 'Δ count', 'Δ KB'], ...rows]);
}

// Last, so every declaration above is initialised before either side starts.
if (process.argv[2] === '--serve') await serve(process.argv[3]!);
else await main();
