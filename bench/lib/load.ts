// A bounded HTTP load generator for the benchmarks, plus CPU accounting.
//
// The load runs in worker threads with keep-alive agents so it never shares the server's event
// loop: with the generator on the server's thread, every response the client reads delays the
// server's own work and the figures measure both. Each run is bounded
// twice — by time and by a request count — and every request has a timeout, so a run always ends.
import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

export interface LoadRequest {
  readonly method?: string;
  readonly path: string;
  readonly body?: unknown;
}

export interface LoadOptions {
  readonly url: string;
  /** Sent as a bearer token (omit for anonymous requests). */
  readonly token?: string;
  /** More headers for every request (e.g. X-Forwarded-For). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The status every answer must have; default: any status below 400 counts as a success. */
  readonly expectStatus?: number;
  /** An answer with a shorter body counts as a failure (e.g. a rendered page, not an error stub). */
  readonly minBodyBytes?: number;
  /** Headers of each client (client k sends `clientHeaders[k % length]`), e.g. one session cookie each. */
  readonly clientHeaders?: readonly Readonly<Record<string, string>>[];
  /** At most this many requests in all (default: no bound but the time). */
  readonly maxRequests?: number;
  /** Requests to send: cycled until `durationMs` is up, or each sent once when `once` is set. */
  readonly requests: readonly LoadRequest[];
  readonly clients: number;
  readonly durationMs: number;
  readonly once?: boolean;
  /** Worker threads sharing the clients (default 1). */
  readonly workers?: number;
  /**
   * The HTTP client of each connection: `node` (default) is node:http with a keep-alive agent;
   * `raw` writes each request's bytes on a kept-alive socket and reads the status line, the headers
   * up to Content-Length and that many body bytes (what wrk does, in JavaScript) — bodiless
   * requests with a Content-Length answer only. The server sees the same bytes either way; `raw`
   * costs the load thread a fraction of node:http's CPU per request, which on 2 shared cores is CPU
   * the server under test gets back.
   */
  readonly client?: 'node' | 'raw';
  /** Keep every request's start (epoch ms) and latency, so a caller can split one run into windows (before, during, after an event). */
  readonly timeline?: boolean;
}

export interface LoadSummary {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: number;
  /** CPU milliseconds per request: the server's thread, the load threads, PostgreSQL. */
  cpuMsPerRequest: { server: number; load: number; postgres: number };
  /** Busy share of all cores over the run, every process on the machine included. */
  machineBusy: number;
  /** With `timeline`: each request's start (epoch ms, comparable across threads) and latency, in no particular order. */
  timeline?: { at: number; ms: number }[];
}

// Plain JavaScript, evaluated in each worker. `cursor` (shared) hands out request indexes.
const WORKER_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, extraHeaders, clientHeaders, expectStatus, minBodyBytes, maxRequests, requests, connections, durationMs, once, cursor, client, timeline } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const counter = new Int32Array(cursor);
const latencies = [];
const starts = [];
let failures = 0;
const record = (t) => { latencies.push(performance.now() - t); if (timeline) starts.push(performance.timeOrigin + t); };
const started = performance.now();
const cpuStart = process.threadCpuUsage();
function send(r, own) {
  return new Promise((resolve) => {
    const body = r.body === undefined ? undefined : JSON.stringify(r.body);
    const headers = Object.assign({}, extraHeaders, own);
    if (token) headers.authorization = 'Bearer ' + token;
    if (body !== undefined) { headers['content-type'] = 'application/json'; headers['content-length'] = Buffer.byteLength(body); }
    const t = performance.now();
    const req = http.request({ host: target.hostname, port: target.port, path: r.path, method: r.method || 'GET', agent, headers, timeout: 30000 }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => { bytes += chunk.length; });
      res.on('end', () => {
        record(t);
        if ((expectStatus ? res.statusCode !== expectStatus : res.statusCode >= 400) || bytes < minBodyBytes) failures++;
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => { failures++; resolve(); });
    req.end(body);
  });
}
async function loop(own) {
  while (performance.now() - started < durationMs) {
    const i = Atomics.add(counter, 0, 1);
    if ((once && i >= requests.length) || i >= maxRequests) return;
    await send(requests[i % requests.length], own);
  }
}
// The raw client: one socket per connection, one request at a time on it (no pipelining).
const net = require('node:net');
const HEADER_END = Buffer.from('\\r\\n\\r\\n');
function rawConnection(own) {
  const socket = net.connect(Number(target.port), target.hostname);
  socket.setNoDelay(true);
  let pending = null; // { t, resolve }
  let head = null; // header bytes so far (null: reading a body)
  let remaining = 0;
  let status = 0;
  let bodyBytes = 0;
  const finish = (ok) => {
    const p = pending;
    pending = null;
    record(p.t);
    if (!ok || (expectStatus ? status !== expectStatus : status >= 400) || bodyBytes < minBodyBytes) failures++;
    p.resolve();
  };
  socket.on('data', (chunk) => {
    if (!pending) return;
    if (head !== null) {
      head = head.length ? Buffer.concat([head, chunk]) : chunk;
      const end = head.indexOf(HEADER_END);
      if (end < 0) return;
      const text = head.toString('latin1', 0, end);
      status = Number(text.slice(9, 12));
      const length = /\\r\\ncontent-length:\\s*(\\d+)/i.exec(text);
      if (!length && status !== 304 && status !== 204) { socket.destroy(new Error('the raw client needs Content-Length')); return; }
      remaining = length ? Number(length[1]) : 0;
      chunk = head.subarray(end + 4);
      head = null;
      bodyBytes = 0;
    }
    bodyBytes += chunk.length;
    remaining -= chunk.length;
    if (remaining <= 0) finish(remaining === 0);
  });
  socket.on('error', () => { if (pending) { failures++; const p = pending; pending = null; p.resolve(); } });
  const headers = Object.assign({ host: target.host }, extraHeaders, own);
  if (token) headers.authorization = 'Bearer ' + token;
  const lines = Object.entries(headers).map(([k, v]) => k + ': ' + v + '\\r\\n').join('');
  const bytes = new Map();
  const requestBytes = (r) => {
    let b = bytes.get(r);
    if (!b) bytes.set(r, (b = Buffer.from((r.method || 'GET') + ' ' + r.path + ' HTTP/1.1\\r\\n' + lines + '\\r\\n', 'latin1')));
    return b;
  };
  return {
    send(r) {
      return new Promise((resolve) => {
        if (socket.destroyed) { failures++; return resolve(); }
        head = Buffer.alloc(0);
        pending = { t: performance.now(), resolve };
        socket.write(requestBytes(r));
      });
    },
    close() { socket.destroy(); },
  };
}
async function rawLoop(own) {
  const c = rawConnection(own);
  while (performance.now() - started < durationMs) {
    const i = Atomics.add(counter, 0, 1);
    if ((once && i >= requests.length) || i >= maxRequests) break;
    await c.send(requests[i % requests.length]);
  }
  c.close();
}
Promise.all(Array.from({ length: connections }, (_, c) => (client === 'raw' ? rawLoop : loop)(clientHeaders[c]))).then(() => {
  agent.destroy();
  const cpu = process.threadCpuUsage(cpuStart);
  parentPort.postMessage({ latencies, starts, failures, cpuMs: (cpu.user + cpu.system) / 1000 });
});
`;

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

/** CPU ms used so far by the PostgreSQL processes this process started (its descendants). */
function postgresCpuMs(): number {
  if (process.platform !== 'linux') return 0;
  const stats = new Map<number, { ppid: number; comm: string; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const raw = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = raw.lastIndexOf(')');
      const rest = raw.slice(close + 2).split(' ');
      // utime + stime, plus cutime + cstime: a backend that has exited meanwhile (a pool closing an
      // idle connection) is gone from /proc, and its CPU is counted in its reaper's (the postmaster's)
      // children's times instead — without them a run could show negative PostgreSQL CPU.
      const ticks = Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
      stats.set(Number(entry), { comm: raw.slice(raw.indexOf('(') + 1, close), ppid: Number(rest[1]), ticks });
    } catch {
      /* the process ended meanwhile */
    }
  }
  const ours = new Set([process.pid]);
  let total = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, s] of stats) {
      if (!ours.has(pid) && ours.has(s.ppid)) {
        ours.add(pid);
        grew = true;
        if (s.comm === 'postgres') total += s.ticks * TICK_MS;
      }
    }
  }
  return total;
}

function machineTicks(): { busy: number; total: number } {
  if (process.platform !== 'linux') return { busy: 0, total: 1 };
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - cpu[3]! - (cpu[4] ?? 0), total };
}

const round = (n: number) => Math.round(n * 100) / 100;

export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runLoad(o: LoadOptions): Promise<LoadSummary> {
  if (o.client === 'raw' && o.requests.some((r) => r.body !== undefined)) throw new Error('the raw client sends bodiless requests only');
  const workers = Math.max(1, Math.min(o.workers ?? 1, o.clients));
  const cursor = new SharedArrayBuffer(4);
  const pg0 = postgresCpuMs();
  const m0 = machineTicks();
  const server0 = process.threadCpuUsage();
  const started = performance.now();
  // Client k runs in worker k % workers, so each worker gets the header sets of its own clients.
  const headersOf = (k: number) => (o.clientHeaders && o.clientHeaders.length > 0 ? o.clientHeaders[k % o.clientHeaders.length] : undefined);
  const outcomes = await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const connections = Math.floor(o.clients / workers) + (w < o.clients % workers ? 1 : 0);
      const clientHeaders = Array.from({ length: connections }, (_, c) => headersOf(w + c * workers) ?? {});
      return new Promise<{ latencies: number[]; starts: number[]; failures: number; cpuMs: number }>((resolve, reject) => {
        const worker = new Worker(WORKER_SOURCE, {
          eval: true,
          workerData: {
            url: o.url,
            token: o.token,
            extraHeaders: o.headers ?? {},
            clientHeaders,
            expectStatus: o.expectStatus ?? 0,
            minBodyBytes: o.minBodyBytes ?? 0,
            maxRequests: o.maxRequests ?? Number.MAX_SAFE_INTEGER,
            requests: o.requests,
            connections,
            durationMs: o.durationMs,
            once: o.once ?? false,
            cursor,
            client: o.client ?? 'node',
            timeline: o.timeline ?? false,
          },
        });
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    }),
  );
  const elapsedMs = performance.now() - started;
  const server = process.threadCpuUsage(server0);
  const m1 = machineTicks();
  const pgMs = postgresCpuMs() - pg0;
  const sorted = outcomes.flatMap((x) => x.latencies).sort((a, b) => a - b);
  const n = Math.max(1, sorted.length);
  return {
    requests: sorted.length,
    perSecond: round((sorted.length / elapsedMs) * 1000),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
    failures: outcomes.reduce((a, x) => a + x.failures, 0),
    cpuMsPerRequest: {
      server: round((server.user + server.system) / 1000 / n),
      load: round(outcomes.reduce((a, x) => a + x.cpuMs, 0) / n),
      postgres: round(pgMs / n),
    },
    machineBusy: round((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)),
    ...(o.timeline ? { timeline: outcomes.flatMap((x) => x.latencies.map((ms, i) => ({ at: x.starts[i]!, ms }))) } : {}),
  };
}

/** A fixed-width text table (header row first). */
export function table(rows: readonly (readonly (string | number)[])[]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)));
  const line = (r: readonly (string | number)[]) =>
    r.map((cell, c) => (typeof cell === 'number' ? String(cell).padStart(widths[c]!) : String(cell).padEnd(widths[c]!))).join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export const machine = () => ({ cpus: os.cpus().length, node: process.version });

/**
 * CPU and run-queue time of one process so far (every thread; Linux, from /proc): `cpuMs` is the
 * time it ran, `waitMs` the time its threads were ready to run but waited for a core
 * (schedstat's run_delay) — on a shared machine, the share of a latency tail that is the machine's.
 */
export function processClock(pid: number): { cpuMs: number; waitMs: number } {
  if (process.platform !== 'linux') return { cpuMs: 0, waitMs: 0 };
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let waitNs = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      waitNs += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[1]);
    } catch {
      /* the thread ended meanwhile */
    }
  }
  return { cpuMs: (Number(rest[11]) + Number(rest[12])) * TICK_MS, waitMs: waitNs / 1e6 };
}
