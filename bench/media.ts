// Media benchmarks (issue #16), against the real API entry point in a child process of its own
// (so its memory is its own and no client shares its event loop), on the embedded PostgreSQL:
//   1. upload:   50 MiB files streamed in through multipart, one at a time: MiB/s;
//   2. download: a 50 MiB file streamed out: time to the first body byte (target ≤ 50 ms, upstream's
//                budget is 500 ms) and throughput (target ≥ 200 MiB/s from local storage);
//   3. images:   16 concurrent clients downloading a 1 MiB image for --seconds: req/s and p99;
//   4. memory:   the server's RSS before, its peak during 1–3, and after.
// Every provider named runs the same steps (S3 on an s3rver child process, loopback). The process
// exits 1 when a request failed or a file came back different; the targets are reported.
// Run: node --import tsx bench/media.ts [--providers local,s3] [--seconds 10] [--rounds 5]
import { startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import type { ProviderName } from '../test/media/media-world.js';
import { startProcessWorld, type ProcessWorld } from '../test/media/process-world.js';
import { streamDownload, streamUpload } from '../test/media/streamed-client.js';
import { machine, runLoad, table } from './lib/load.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const PROVIDERS = (arg('providers') ?? 'local,s3').split(',') as ProviderName[];
const SECONDS = Number(arg('seconds')) || 10;
const ROUNDS = Number(arg('rounds')) || 5;
const MiB = 1024 * 1024;
const BIG = 50 * MiB;
const TARGET_TTFB_MS = 50;
const TARGET_MIBS = 200;
const progress = (what: string) => process.stderr.write(`bench/media: ${what}\n`);

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number, digits = 1) => n.toFixed(digits);
let failures = 0;

/** Tracks the server's RSS: sampled every 10 ms while anything runs. */
class RssWatch {
  peak = 0;
  private readonly timer: NodeJS.Timeout;
  constructor(private readonly read: () => number) {
    this.peak = read();
    this.timer = setInterval(() => {
      try {
        this.peak = Math.max(this.peak, this.read());
      } catch {
        /* the process is gone */
      }
    }, 10);
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

async function uploadBig(w: ProcessWorld, size: number): Promise<{ id: string; sha256: string; seconds: number }> {
  const started = performance.now();
  const res = await streamUpload({ url: w.server.url, path: `${w.base}/media`, token: w.editor, sizeBytes: size, fileName: 'bench.png' });
  const seconds = (performance.now() - started) / 1000;
  if ('error' in res || res.status !== 201) {
    failures += 1;
    throw new Error(`upload failed: ${'error' in res ? res.error.message : `${res.status} ${JSON.stringify(res.body)}`}`);
  }
  return { id: res.body.id as string, sha256: res.sha256, seconds };
}

async function benchProvider(provider: ProviderName): Promise<Record<string, string | number>> {
  progress(`${provider}: starting the API (child process)${provider === 's3' ? ' and s3rver' : ''}`);
  const w = await startProcessWorld(provider);
  try {
    // Warm-up: both directions' code loaded and compiled before anything is measured.
    const warm = await uploadBig(w, 4 * MiB);
    await streamDownload(w.server.url, `${w.base}/media/${warm.id}/file`, w.editor);
    const rssBefore = w.server.rss();
    const watch = new RssWatch(w.server.rss);

    progress(`${provider}: ${ROUNDS} uploads of 50 MiB`);
    const uploads = [];
    for (let i = 0; i < ROUNDS; i++) uploads.push(await uploadBig(w, BIG));
    const uploadMiBs = median(uploads.map((u) => BIG / MiB / u.seconds));

    progress(`${provider}: ${ROUNDS} downloads of 50 MiB`);
    const big = uploads[0]!;
    const downloads = [];
    for (let i = 0; i < ROUNDS; i++) {
      const d = await streamDownload(w.server.url, `${w.base}/media/${big.id}/file`, w.editor);
      if (d.status !== 200 || d.sizeBytes !== BIG || d.sha256 !== big.sha256) {
        failures += 1;
        progress(`${provider}: download ${i} came back wrong (status ${d.status}, ${d.sizeBytes} bytes)`);
      }
      downloads.push(d);
    }
    const ttfb = median(downloads.map((d) => d.firstByteMs));
    const downloadMiBs = median(downloads.map((d) => BIG / MiB / (d.totalMs / 1000)));

    progress(`${provider}: 16 clients downloading a 1 MiB image for ${SECONDS} s`);
    const image = await uploadBig(w, MiB);
    const load = await runLoad({ url: w.server.url, token: w.editor, requests: [{ path: `${w.base}/media/${image.id}/file` }], clients: 16, durationMs: SECONDS * 1000, workers: 2 });
    failures += load.failures;
    watch.stop();
    const rssAfter = w.server.rss();
    return {
      provider,
      'upload 50 MiB (MiB/s)': fmt(uploadMiBs),
      'download TTFB (ms)': fmt(ttfb, 2),
      'download 50 MiB (MiB/s)': fmt(downloadMiBs),
      '1 MiB ×16 (req/s)': fmt(load.perSecond, 0),
      '1 MiB ×16 p50 (ms)': fmt(load.p50Ms, 2),
      '1 MiB ×16 p99 (ms)': fmt(load.p99Ms, 2),
      'RSS before (MiB)': fmt(rssBefore / MiB),
      'RSS peak (MiB)': fmt(watch.peak / MiB),
      'RSS after (MiB)': fmt(rssAfter / MiB),
      failures: load.failures,
      ttfbTarget: ttfb <= TARGET_TTFB_MS ? 'met' : 'MISSED',
      throughputTarget: downloadMiBs >= TARGET_MIBS ? 'met' : 'MISSED',
    };
  } finally {
    await w.close();
  }
}

async function main(): Promise<void> {
  await startTestPostgres();
  const rows: Record<string, string | number>[] = [];
  try {
    for (const provider of PROVIDERS) rows.push(await benchProvider(provider));
  } finally {
    await stopTestPostgres();
  }
  const { cpus, node } = machine();
  console.log(`\nbench/media on ${cpus} CPUs, Node ${node}: ${ROUNDS} rounds, ${SECONDS} s of image load`);
  const shown = rows.map(({ ttfbTarget: _t, throughputTarget: _p, ...r }) => r);
  console.log(table([Object.keys(shown[0]!), ...shown.map((r) => Object.values(r))]));
  for (const r of rows) {
    console.log(
      `${r.provider}: 50 MiB download TTFB ${r['download TTFB (ms)']} ms (target ≤ ${TARGET_TTFB_MS} ms: ${r.ttfbTarget}), ` +
        `${r['download 50 MiB (MiB/s)']} MiB/s (target ≥ ${TARGET_MIBS} MiB/s from local storage${r.provider === 'local' ? `: ${r.throughputTarget}` : ', not applicable'})`,
    );
  }
  process.exit(failures > 0 ? 1 : 0);
}

await main();
