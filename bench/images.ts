// Public image renditions (issue #26), against the real API entry point in a child process (its
// memory is its own, no client shares its event loop), local storage, embedded PostgreSQL. One run,
// side by side:
//   1. warm:  16 connections for --seconds on one cached rendition (1200 px WebP), next to
//             GET /health/live (the HTTP pipeline's floor), two bare Node http servers (child
//             processes of their own) with the same rendition and headers — one streaming the file
//             from disk, one answering the bytes from memory as Verso's hot-rendition cache does
//             (what Node itself costs for this answer) — taking turns with the rendition, twice, and
//             the authenticated original download of the same rendition-sized file. Target:
//             ≥ 2,000 req/s, p99 < 10 ms. The load is one worker thread of this process with the
//             `raw` client (bench/lib/load.ts: about a third of node:http's CPU per request,
//             which on 2 shared cores is CPU the server under test gets back); --client node for
//             node:http in two threads, as before. Each run also reads from /proc the server's CPU
//             per request and how long its threads waited for a core (the machine's share of a
//             tail).
//   2. cold:  a 1200 px WebP from a 4000 × 3000 JPEG, --rounds times, one at a time, each from an
//             asset not transformed before: p50/p95. Target: p95 < 400 ms.
//             The same rendition again on a server with the in-process caches off
//             (Media__Public__AssetCacheSeconds=0, HotCacheBytes=0): the cost of a storage read and
//             the asset query per request, as before they existed.
//   3. flood: 100 concurrent cold requests (100 distinct renditions of one 4000 × 3000 JPEG): the
//             server's RSS growth (peak − before), each variant on a freshly started server that has
//             run one transform already (libvips loaded): as `make run` and an Api__Processes
//             cluster start the API (MALLOC_ARENA_MAX=2, server/src/cluster/allocator-env.ts),
//             with nothing set (glibc's defaults: a process started by hand), and with glibc's
//             mmap threshold fixed at 1 MiB instead. Target: < 256 MiB; every answer 200 (or 503
//             when the queue is full, counted).
// Cases 1 and 2 run on the API as `make run` starts it (MALLOC_ARENA_MAX=2).
// The machine is shared: read the ratios (warm vs the floor), not the absolute figures.
// Run: node --import tsx bench/images.ts [--seconds 10] [--rounds 20] [--only warm|flood] [--client raw|node] [--profile DIR]
//   --only warm: cases 1 and 2; --only flood: case 3 (each takes minutes on a busy machine).
//   --profile DIR: the API child runs with --cpu-prof, its profile lands in DIR when it stops.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ALLOCATOR_DEFAULTS } from '../server/src/cluster/allocator-env.js';
import { freePort, startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import { multipart } from '../test/media/media-world.js';
import { startProcessWorld, type ProcessWorld } from '../test/media/process-world.js';
import { peakDuring, startServerProcess } from '../test/media/server-process.js';
import { machine, percentile, processClock, runLoad, table, type LoadSummary } from './lib/load.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SECONDS = Number(arg('seconds')) || 10;
const PROFILE = arg('profile');
const ROUNDS = Number(arg('rounds')) || 20;
const ONLY = arg('only');
/** The load threads' HTTP client (bench/lib/load.ts): `raw` by default (a fraction of node:http's CPU per request), `node` as before. */
const CLIENT = (arg('client') ?? 'raw') as 'raw' | 'node';
const WARM_ROUNDS = 2;

/** A warm run, with the server's CPU per request and how long its threads (and the load's) waited for a core. */
type WarmRun = LoadSummary & { serverCpuMs: number; serverWaitMsPerS: number; loadWaitMsPerS: number };
const MiB = 1024 * 1024;
const progress = (what: string) => process.stderr.write(`bench/images: ${what}\n`);
const problems: string[] = [];

/** A 4000 × 3000 photo-like JPEG (noise over a gradient, so the encoder has real work). */
async function bigJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    raw[i] = ((x * 255) / width + (seed & 31)) & 255;
    raw[i + 1] = ((y * 255) / height + ((seed >> 5) & 31)) & 255;
    raw[i + 2] = (128 + ((seed >> 10) & 63)) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function upload(w: ProcessWorld, fileName: string, data: Buffer): Promise<{ id: string; publicUrl: string; renditionUrl: string }> {
  const form = multipart({ fileName, contentType: 'image/jpeg', data });
  const res = await fetch(`${w.server.url}${w.base}/media`, { method: 'POST', body: form.body, headers: { 'content-type': form.contentType, authorization: `Bearer ${w.editor}` } });
  const body = (await res.json()) as { id: string; publicUrl: string; renditionUrl: string };
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

// Each on a fresh server. The first is Verso as `make run` and an Api__Processes cluster start it
// (server/src/cluster/allocator-env.ts); the second a process started by hand with nothing set.
const FLOOD_VARIANTS: ReadonlyArray<{ name: string; env: Record<string, string> }> = [
  { name: 'as Verso starts it (MALLOC_ARENA_MAX=2)', env: { ...ALLOCATOR_DEFAULTS } },
  { name: 'glibc defaults (nothing set)', env: {} },
  { name: 'glibc defaults, MALLOC_MMAP_THRESHOLD_=1 MiB', env: { MALLOC_MMAP_THRESHOLD_: String(MiB) } },
];

const rendition = (template: string, params: string) => template.replace('w_{width},f_{format}', params);

async function timed(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url);
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, status: res.status, bytes };
}

/**
 * The file at `file` from a plain node:http server in a child process of its own, with the same
 * headers: `disk` streams it from disk on every request (what the route did before its in-process
 * cache), `memory` reads it once and answers every request with the same bytes (what a warm URL
 * costs Verso: the equivalent of its hot-rendition cache). Node's own floor for this answer.
 */
async function bareServer(file: string, type: string, from: 'disk' | 'memory'): Promise<{ url: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const source = `
    const fs = require('node:fs'); const http = require('node:http');
    const [file, type, port, from] = process.argv.slice(1);
    const headers = (size) => ({ 'content-type': type, 'content-length': size, 'cache-control': 'public, max-age=31536000, immutable',
      etag: '"bare"', 'x-content-type-options': 'nosniff' });
    const bytes = from === 'memory' ? fs.readFileSync(file) : null;
    http.createServer((req, res) => {
      if (bytes) { res.writeHead(200, headers(bytes.length)); return res.end(bytes); }
      fs.stat(file, (err, st) => {
        if (err) { res.statusCode = 404; return res.end(); }
        res.writeHead(200, headers(st.size));
        fs.createReadStream(file).pipe(res);
      });
    }).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\\n'));`;
  const child = spawn(process.execPath, ['-e', source, file, type, String(port), from], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare file server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

async function main(): Promise<void> {
  await startTestPostgres();
  // Rate limits off: the bench measures the route, not the limiter (the route is exempt anyway).
  const profileEnv: Record<string, string> = PROFILE ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(PROFILE)}` } : {};
  const w = await startProcessWorld('local', { Logging__Level: 'warn', RateLimit__Enabled: 'false', ...profileEnv });
  try {
    // The API as `make run` starts it: with glibc's arena limit (cluster/allocator-env.ts), which
    // the world's own environment leaves out so that a flood variant can run without it.
    await w.server.stop();
    await w.restart({ ...ALLOCATOR_DEFAULTS, ...profileEnv });
    progress('making a 4000 × 3000 JPEG');
    const photo = await bigJpeg();
    // Cold (ROUNDS + a warm-up), a warm-up for the hand-started server, the floods (two each), and
    // the hand-started server's cold rounds (ROUNDS).
    const uploads = 2 * ROUNDS + 2 + 2 * FLOOD_VARIANTS.length;
    progress(`uploading it ${uploads} times (${(photo.length / MiB).toFixed(1)} MiB each)`);
    const assets = [];
    for (let i = 0; i < uploads; i++) assets.push(await upload(w, `photo-${i}.jpg`, photo));

    let figures: Awaited<ReturnType<typeof warmAndCold>> | undefined;
    if (ONLY !== 'flood') figures = await warmAndCold(w, assets, photo, profileEnv);
    // 3. flood: 100 distinct cold renditions at once, per variant on a fresh server.
    const widths = [160, 320, 480, 640, 800, 960, 1200, 1600, 2000, 2560];
    const variants: string[] = [];
    for (const f of ['webp', 'jpeg', 'png', 'avif']) for (const q of [50, 75, 90]) for (const wd of widths) variants.push(`w_${wd},f_${f},q_${q}`);
    const floods = [];
    for (const [i, variant] of FLOOD_VARIANTS.entries()) {
      if (ONLY === 'warm') break;
      progress(`flood (${variant.name}): 100 concurrent cold renditions`);
      await w.server.stop();
      await w.restart({ ...variant.env, ...profileEnv });
      const warmUp = await timed(w.server.url + rendition(assets[ROUNDS + 2 + 2 * i]!.renditionUrl, 'w_1200,f_webp'));
      if (warmUp.status !== 200) problems.push(`flood warm-up answered ${warmUp.status}`);
      const target = assets[ROUNDS + 3 + 2 * i]!;
      const rssBefore = w.server.rss();
      const started = performance.now();
      const { result: flood, peak } = await peakDuring(w.server.rss, () =>
        Promise.all(variants.slice(0, 100).map((p) => timed(w.server.url + rendition(target.renditionUrl, p)))),
      );
      const ok = flood.filter((r) => r.status === 200).length;
      const busy = flood.filter((r) => r.status === 503).length;
      if (ok + busy !== flood.length) problems.push(`flood: ${flood.length - ok - busy} answers neither 200 nor 503`);
      floods.push({ name: variant.name, ok, busy, seconds: (performance.now() - started) / 1000, rssBefore, peak, growth: (peak - rssBefore) / MiB });
    }

    const m = machine();
    console.log(`\nbench/images — ${m.cpus} cores, Node ${m.node}; local storage; ${SECONDS} s per warm run, ${ROUNDS} cold rounds\n`);
    if (figures) {
      const { cold, coldByHand, warmBytes, floor, rounds, original, uncached } = figures;
      const row = (name: string, r: WarmRun) => [name, r.perSecond.toFixed(0), r.p50Ms.toFixed(2), r.p99Ms.toFixed(2), r.failures, r.serverCpuMs.toFixed(3), r.cpuMsPerRequest.load.toFixed(3), r.serverWaitMsPerS.toFixed(0), r.loadWaitMsPerS.toFixed(0)];
      console.log(table([
        ['warm (16 connections)', 'req/s', 'p50 ms', 'p99 ms', 'failures', 'server CPU ms/req', 'load CPU ms/req', 'server waited ms/s', 'load waited ms/s'],
        row('GET /health/live (floor)', floor),
        ...rounds.flatMap((r, i) => [
          row(`${i + 1}: bare node:http, file from disk`, r.disk),
          row(`${i + 1}: bare node:http, bytes from memory`, r.memory),
          row(`${i + 1}: cached rendition (${(warmBytes / 1024).toFixed(0)} KiB WebP)`, r.warm),
        ]),
        row('same, in-process caches off (before)', uncached),
        row('authenticated original download', original),
      ]));
      console.log('"waited": ms per second the threads of the process were ready to run but had no core (schedstat run_delay): the share of a tail that is the machine.');
      for (const [i, r] of rounds.entries()) {
        console.log(`round ${i + 1}: cached rendition vs bare from memory ${(r.warm.perSecond / r.memory.perSecond).toFixed(2)} × the req/s, ${(r.warm.p99Ms / r.memory.p99Ms).toFixed(2)} × the p99; vs bare from disk ${(r.warm.perSecond / r.disk.perSecond).toFixed(2)} ×, ${(r.warm.p99Ms / r.disk.p99Ms).toFixed(2)} ×`);
      }
      const warmest = rounds.map((r) => r.warm);
      console.log(`cached rendition vs caches off: ${(warmest[0]!.perSecond / uncached.perSecond).toFixed(2)} × the req/s (round 1)`);
      console.log(`target: ≥ 2000 req/s and p99 < 10 ms → ${warmest.map((r, i) => `round ${i + 1}: ${r.perSecond >= 2000 && r.p99Ms < 10 ? 'met' : 'NOT met'}`).join('; ')}\n`);
      console.log(table([
        ['cold 1200 px WebP from 4000 × 3000 JPEG', 'p50 ms', 'p95 ms', 'max ms'],
        ['one at a time, as Verso starts it (MALLOC_ARENA_MAX=2)', percentile(cold, 50).toFixed(0), percentile(cold, 95).toFixed(0), cold[cold.length - 1]!.toFixed(0)],
        ['taking turns: started by hand (glibc defaults)', percentile(coldByHand, 50).toFixed(0), percentile(coldByHand, 95).toFixed(0), coldByHand[coldByHand.length - 1]!.toFixed(0)],
      ]));
      console.log(`target: p95 < 400 ms → ${percentile(cold, 95) < 400 ? 'met' : 'NOT met'}\n`);
    }
    if (floods.length) console.log(table([
      ['100 concurrent cold renditions (one 4000 × 3000 JPEG, 100 params)', '200', '503', 'seconds', 'RSS before MiB', 'RSS peak MiB', 'growth MiB'],
      ...floods.map((f) => [f.name, f.ok, f.busy, f.seconds.toFixed(1), (f.rssBefore / MiB).toFixed(0), (f.peak / MiB).toFixed(0), f.growth.toFixed(0)]),
    ]));
    if (floods.length) console.log(`target: RSS growth < 256 MiB → ${floods.map((f) => `${f.name}: ${f.growth < 256 ? 'met' : 'NOT met'}`).join('; ')}`);
  } finally {
    await w.close();
    await stopTestPostgres();
  }
}


async function warmAndCold(w: ProcessWorld, assets: Awaited<ReturnType<typeof upload>>[], photo: Buffer, profileEnv: Record<string, string>) {
  // 2. cold, one at a time (the first one also loads sharp's code: discarded as warm-up), taking
  // turns with a second API process started by hand (glibc's defaults, no MALLOC_ARENA_MAX): the
  // arena limit must not cost the cold path.
  progress(`cold: ${ROUNDS} renditions of 1200 px WebP, taking turns with a server started with glibc's defaults`);
  const byHand = await startServerProcess({ ...w.env }, w.dataDirectory);
  const cold: number[] = [];
  const coldByHand: number[] = [];
  try {
    await timed(w.server.url + rendition(assets[ROUNDS]!.renditionUrl, 'w_1200,f_webp'));
    await timed(byHand.url + rendition(assets[ROUNDS + 1]!.renditionUrl, 'w_1200,f_webp'));
    const byHandAsset = (i: number) => assets[ROUNDS + 2 + 2 * FLOOD_VARIANTS.length + i]!;
    for (let i = 0; i < ROUNDS; i++) {
      for (const [url, asset, into] of [[w.server.url, assets[i]!, cold], [byHand.url, byHandAsset(i), coldByHand]] as const) {
        const r = await timed(url + rendition(asset.renditionUrl, 'w_1200,f_webp'));
        if (r.status !== 200) problems.push(`cold rendition answered ${r.status}`);
        into.push(r.ms);
      }
    }
  } finally {
    await byHand.stop();
  }
  cold.sort((a, b) => a - b);
  coldByHand.sort((a, b) => a - b);

  // 1. warm: one cached rendition (computed above), next to the pipeline's floor, two bare
  // node:http servers with the same bytes, and an original download. The bare servers and the
  // rendition take turns, twice (ROUNDS_WARM), so each pair shares the machine's weather.
  const warmPath = rendition(assets[0]!.renditionUrl, 'w_1200,f_webp');
  const warmBytes = (await timed(w.server.url + warmPath)).bytes;
  const small = await upload(w, 'small.jpg', await sharp(photo).resize(1200).webp().toBuffer().then((b) => sharp(b).jpeg().toBuffer()));
  const run = async (name: string, target: { url: string; pid: number }, path: string, token?: string): Promise<WarmRun> => {
    progress(`warm: ${name}, 16 connections for ${SECONDS} s (${CLIENT} client)`);
    const server0 = processClock(target.pid);
    const load0 = processClock(process.pid);
    const summary = await runLoad({ url: target.url, token, requests: [{ path }], clients: 16, durationMs: SECONDS * 1000, workers: CLIENT === 'raw' ? 1 : 2, client: CLIENT, expectStatus: 200 });
    const server1 = processClock(target.pid);
    const load1 = processClock(process.pid);
    const n = Math.max(1, summary.requests);
    return {
      ...summary,
      serverCpuMs: (server1.cpuMs - server0.cpuMs) / n,
      serverWaitMsPerS: (server1.waitMs - server0.waitMs) / SECONDS,
      loadWaitMsPerS: (load1.waitMs - load0.waitMs) / SECONDS,
    };
  };
  const api = { url: w.server.url, pid: w.server.pid };
  const floor = await run('GET /health/live', api, '/health/live');
  // The rendition's file as the local provider stored it (the one file under verso/renditions/).
  const renditionFile = findFile(w.dataDirectory, (name) => name.startsWith('w1200-') && name.endsWith('.webp'), assets[0]!.id);
  const disk = await bareServer(renditionFile, 'image/webp', 'disk');
  const memory = await bareServer(renditionFile, 'image/webp', 'memory');
  const rounds: Array<{ disk: WarmRun; memory: WarmRun; warm: WarmRun }> = [];
  try {
    for (let i = 0; i < WARM_ROUNDS; i++) {
      rounds.push({
        disk: await run('bare node:http, the file from disk', disk, '/'),
        memory: await run('bare node:http, the bytes from memory', memory, '/'),
        warm: await run('cached rendition', api, warmPath),
      });
    }
  } finally {
    disk.stop();
    memory.stop();
  }
  const original = await run('authenticated original download (same size)', api, `${w.base}/media/${small.id}/file`, w.editor);
  for (const r of rounds) if (r.warm.failures > 0) problems.push(`${r.warm.failures} warm requests failed`);

  // The same rendition with the in-process caches off (a server of its own).
  await w.server.stop();
  await w.restart({ Media__Public__AssetCacheSeconds: '0', Media__Public__HotCacheBytes: '0', ...ALLOCATOR_DEFAULTS, ...profileEnv });
  const uncached = await run('cached rendition, in-process caches off', { url: w.server.url, pid: w.server.pid }, warmPath);

  return { cold, coldByHand, warmBytes, floor, rounds, original, uncached };
}

/** The one file under `dir` (recursively) whose path contains `part` and whose name passes `test`. */
function findFile(dir: string, test: (name: string) => boolean, part: string): string {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (test(e.name) && full.includes(part)) found.push(full);
    }
  };
  walk(dir);
  if (found.length !== 1) throw new Error(`expected one rendition file for ${part} under ${dir}, found ${found.length}`);
  return found[0]!;
}

main()
  .then(() => {
    if (problems.length) console.error(`problems:\n- ${problems.join('\n- ')}`);
    process.exit(problems.length ? 1 : 0);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
