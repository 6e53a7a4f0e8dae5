// One contract, two providers: every test below runs against the local-disk provider (a temporary
// directory) and the S3 provider (s3rver on loopback, in a child process, via the SDK). What the
// media service and the lifecycle workers rely on: streamed put/get, ranges, head, idempotent
// delete, paged listing in key order, managed prefixes only, no partial object after an abort, and
// memory that does not grow with the file (50 MiB through each provider, RSS measured).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { expect } from 'chai';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { loadConfig, type S3StorageConfig } from '../../server/src/config.js';
import { createStorageProvider } from '../../server/src/storage/create-provider.js';
import { LocalStorageProvider } from '../../server/src/storage/local.js';
import { RangeNotSatisfiable, UnmanagedKey, type StorageProvider } from '../../server/src/storage/provider.js';
import { S3StorageProvider } from '../../server/src/storage/s3.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';

const MiB = 1024 * 1024;

interface Harness {
  /** The provider under test, on a fresh store. */
  readonly provider: StorageProvider;
  /** Writes an object behind the provider's back (any key: the store itself has no managed prefixes). */
  writeRaw(key: string, bytes: Buffer): Promise<void>;
  /** Every object in the store, by key (to prove nothing was left or touched). */
  allKeys(): Promise<string[]>;
  /**
   * S3 only: the SDK commands the provider has sent. s3rver implements neither
   * ListMultipartUploads nor AbortMultipartUpload (405), so stray parts cannot be seen there; that
   * the provider asks for the abort is what can be checked.
   */
  readonly commands?: string[];
  /** A provider on the same kind of store whose health check must fail, and how it must say so. */
  broken(): Promise<{ provider: StorageProvider; reason: RegExp }[]>;
  close(): Promise<void>;
}

async function localHarness(): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-storage-'));
  const provider = new LocalStorageProvider(dir);
  const walk = (at: string, prefix: string): string[] =>
    fs.existsSync(at)
      ? fs.readdirSync(at, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(at, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
      : [];
  return {
    provider,
    async writeRaw(key, bytes) {
      fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
      fs.writeFileSync(path.join(dir, key), bytes);
    },
    allKeys: () => Promise.resolve(walk(dir, '').sort()),
    async broken() {
      // A regular file where the directory should be: nothing can be created below it, root or not.
      const blocker = path.join(dir, '..', `${path.basename(dir)}-blocker`);
      fs.writeFileSync(blocker, 'not a directory');
      return [{ provider: new LocalStorageProvider(path.join(blocker, 'media')), reason: /^the local storage directory is not writable \(ENOTDIR\)$/ }];
    },
    async close() {
      await provider.close();
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(path.join(dir, '..', `${path.basename(dir)}-blocker`), { force: true });
    },
  };
}

async function s3Harness(server: S3TestServer): Promise<Harness> {
  // A bucket per harness, made through the raw client, so each run starts empty.
  const bucket = `verso-${crypto.randomBytes(4).toString('hex')}`;
  const settings = (overrides: Partial<S3StorageConfig> = {}): S3StorageConfig => ({
    bucketName: bucket,
    region: 'us-east-1',
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    serviceUrl: server.endpoint,
    forcePathStyle: true,
    ...overrides,
  });
  const raw = new S3Client({
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: server.accessKey, secretAccessKey: server.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { CreateBucketCommand, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  await raw.send(new CreateBucketCommand({ Bucket: bucket }));
  const provider = new S3StorageProvider(settings());
  const commands: string[] = [];
  (provider as unknown as { client: S3Client }).client.middlewareStack.add(
    (next, context) => (args) => {
      commands.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize' },
  );
  return {
    provider,
    commands,
    async writeRaw(key, bytes) {
      await raw.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    async allKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await raw.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // Parts of an unfinished multipart upload are objects in waiting: they count as left behind.
      return keys.sort();
    },
    async broken() {
      return [
        { provider: new S3StorageProvider(settings({ bucketName: 'no-such-bucket' })), reason: /^S3 bucket "no-such-bucket" does not exist$/ },
        // s3rver checks the access key id only (test/helpers/s3-server.ts); the secret must not show either.
        { provider: new S3StorageProvider(settings({ accessKey: 'WRONG-ACCESS-KEY', secretKey: 'wrong-secret-value' })), reason: /refuses these credentials/ },
        // A port nobody listens on (the server's, after its own is closed, is not reusable safely).
        { provider: new S3StorageProvider(settings({ serviceUrl: 'http://127.0.0.1:9' })), reason: /^S3 bucket "verso-\w+" cannot be reached \(ECONNREFUSED\)$/ },
      ];
    },
    async close() {
      await provider.close();
      raw.destroy();
    },
  };
}

/** `total` bytes of a fixed random pattern (its period is not a multiple of any part size), in 64 KiB chunks, never held whole. */
function patternStream(total: number, options: { chunk?: number; pauseAfter?: number } = {}): { stream: Readable; sha256: () => string; sent: () => number } {
  const pattern = crypto.randomBytes(MiB + 17);
  const chunk = options.chunk ?? 64 * 1024;
  const hash = crypto.createHash('sha256');
  let sent = 0;
  let offset = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      if (options.pauseAfter !== undefined && sent >= options.pauseAfter) return; // stalls, like a client gone quiet
      const length = Math.min(chunk, total - sent, pattern.length - offset);
      const piece = pattern.subarray(offset, offset + length);
      offset = (offset + length) % pattern.length;
      sent += length;
      hash.update(piece);
      this.push(piece);
    },
  });
  return { stream, sha256: () => hash.digest('hex'), sent: () => sent };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  await pipeline(stream, async function* (source: AsyncIterable<Buffer>) {
    for await (const c of source) {
      bytes += c.length;
      hash.update(c);
    }
    yield* [];
  });
  return { sha256: hash.digest('hex'), bytes };
}

/** The peak growth of this process's RSS while `run` runs, sampled every 5 ms. */
async function peakRssGrowth(run: () => Promise<void>): Promise<number> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage.rss()) - base;
}

const put = (provider: StorageProvider, key: string, bytes: Buffer | string) =>
  provider.put(key, Readable.from([Buffer.from(bytes)]), { contentType: 'application/octet-stream' });

const KINDS = ['local', 's3'] as const;

describe('storage providers: one contract, local disk and S3', function () {
  this.timeout(120_000);
  let s3: S3TestServer;
  before(async () => {
    s3 = await startS3Server();
  });
  after(() => s3?.stop());

  it('the S3 test server runs in a child process, stopped by PID', async () => {
    expect(s3.pid).to.not.equal(process.pid);
    expect(() => process.kill(s3.pid, 0)).not.to.throw();
    const other = await startS3Server();
    await other.stop();
    expect(() => process.kill(other.pid, 0)).to.throw(/ESRCH/);
  });

  for (const kind of KINDS) {
    describe(kind, () => {
      let h: Harness;
      beforeEach(async () => {
        h = kind === 'local' ? await localHarness() : await s3Harness(s3);
      });
      afterEach(() => h.close());

      it('puts a stream and gets it back whole, with head telling its size and time', async () => {
        const key = 'verso/media/ws/2026/11/a1_photo.jpg';
        const before = Date.now();
        const stored = await put(h.provider, key, 'hello, storage');
        expect(stored).to.deep.equal({ key, sizeBytes: 14 });
        const got = await h.provider.get(key);
        expect(got).to.include({ sizeBytes: 14, contentLength: 14 });
        expect((await readAll(got!.body)).toString()).to.equal('hello, storage');
        const info = await h.provider.head(key);
        expect(info).to.include({ key, sizeBytes: 14 });
        // S3 keeps whole seconds.
        expect(info!.lastModified.getTime()).to.be.within(before - 2_000, Date.now() + 2_000);
      });

      it('replaces an object put again, and keeps an empty one', async () => {
        const key = 'verso/media/ws/2026/11/a2_notes.txt';
        await put(h.provider, key, 'first version');
        await put(h.provider, key, 'second');
        expect((await readAll((await h.provider.get(key))!.body)).toString()).to.equal('second');
        await put(h.provider, 'verso/media/ws/2026/11/a3_empty', '');
        expect(await h.provider.head('verso/media/ws/2026/11/a3_empty')).to.include({ sizeBytes: 0 });
        expect((await readAll((await h.provider.get('verso/media/ws/2026/11/a3_empty'))!.body)).length).to.equal(0);
      });

      it('gets a range (end clamped to the object), and refuses one starting past the end with the size', async () => {
        const key = 'verso/media/ws/2026/11/a4_video.mp4';
        await put(h.provider, key, '0123456789');
        const mid = await h.provider.get(key, { start: 2, end: 5 });
        expect(mid).to.include({ sizeBytes: 10, contentLength: 4 });
        expect((await readAll(mid!.body)).toString()).to.equal('2345');
        const tail = await h.provider.get(key, { start: 7, end: 1_000 });
        expect(tail).to.include({ sizeBytes: 10, contentLength: 3 });
        expect((await readAll(tail!.body)).toString()).to.equal('789');
        const last = await h.provider.get(key, { start: 9, end: 9 });
        expect((await readAll(last!.body)).toString()).to.equal('9');
        let error: unknown;
        await h.provider.get(key, { start: 10, end: 20 }).catch((e) => (error = e));
        expect(error).to.be.instanceOf(RangeNotSatisfiable);
        expect((error as RangeNotSatisfiable).sizeBytes).to.equal(10);
      });

      it('answers null for a missing object, and deletes idempotently', async () => {
        const key = 'verso/media/ws/2026/11/a5_gone.png';
        expect(await h.provider.get(key)).to.equal(null);
        expect(await h.provider.get(key, { start: 0, end: 1 })).to.equal(null);
        expect(await h.provider.head(key)).to.equal(null);
        await h.provider.delete(key);
        await put(h.provider, key, 'x');
        await h.provider.delete(key);
        await h.provider.delete(key);
        expect(await h.provider.head(key)).to.equal(null);
        // A key that is only a prefix of other keys is no object either.
        await put(h.provider, 'verso/media/ws/2026/11/dir/inner', 'x');
        expect(await h.provider.get('verso/media/ws/2026/11/dir')).to.equal(null);
        expect(await h.provider.head('verso/media/ws/2026/11/dir')).to.equal(null);
      });

      it('lists in key (byte) order, page by page with a cursor, only under the prefix asked', async () => {
        const keys = [
          'verso/media/w1/2026/01/a_x',
          'verso/media/w1/2026/01/a-b', // '-' sorts before '/': the flat order, not the tree's
          'verso/media/w1/2026/01/a/x',
          'verso/media/w1/2026/01/a0',
          'verso/media/w1/2026/02/b_\u00e9t\u00e9.jpg',
          'verso/media/w1/2026/02/b_\uff5e.txt',
          'verso/media/w2/2026/01/c',
          'default/legacy-1.jpg',
          // Beyond the BMP: byte order, not UTF-16 order. s3rver mislays such a key across pages.
          ...(kind === 'local' ? ['verso/media/w1/2026/02/b_\u{1f600}.png'] : []),
        ];
        for (const key of keys) await put(h.provider, key, key);
        await h.writeRaw('elsewhere/not-ours.jpg', Buffer.from('x'));
        const expected = keys.filter((k) => k.startsWith('verso/media/')).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
        const listed: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await h.provider.list('verso/media/', { cursor, limit: 3 });
          expect(page.objects.length).to.be.at.most(3);
          for (const o of page.objects) {
            expect(o.sizeBytes).to.equal(Buffer.byteLength(o.key));
            expect(o.lastModified).to.be.instanceOf(Date);
          }
          listed.push(...page.objects.map((o) => o.key));
          cursor = page.cursor;
          pages++;
        } while (cursor && pages < 10);
        // Every key once, in pages of the limit. The order is S3's byte order on disk (checked exactly);
        // s3rver lists its directory tree instead, so there only completeness is checked.
        if (kind === 'local') expect(listed).to.deep.equal(expected);
        else expect([...listed].sort()).to.deep.equal([...expected].sort());
        expect(pages).to.equal(3);
        // A partial last segment is a name prefix; the legacy prefix is listed on its own.
        expect((await h.provider.list('verso/media/w1/2026/01/a', { limit: 10 })).objects.map((o) => o.key).sort()).to.deep.equal(
          expected.filter((k) => k.startsWith('verso/media/w1/2026/01/a')).sort(),
        );
        expect((await h.provider.list('default/', { limit: 10 })).objects.map((o) => o.key)).to.deep.equal(['default/legacy-1.jpg']);
        expect(await h.provider.list('verso/media/nothing-here/', { limit: 10 })).to.deep.equal({ objects: [] });
      });

      it('refuses keys and prefixes outside the managed prefixes, touching nothing', async () => {
        await h.writeRaw('elsewhere/keep.jpg', Buffer.from('not ours'));
        const outside = ['elsewhere/keep.jpg', 'verso/other/x', 'verso/media/../../elsewhere/keep.jpg', '/verso/media/x', 'verso/media//x', 'verso/media/a\u0000b', ''];
        for (const key of outside) {
          for (const attempt of [
            () => put(h.provider, key, 'x'),
            () => h.provider.get(key),
            () => h.provider.head(key),
            () => h.provider.delete(key),
          ]) {
            let error: unknown;
            await attempt().catch((e) => (error = e));
            expect(error, JSON.stringify(key)).to.be.instanceOf(UnmanagedKey);
          }
        }
        for (const prefix of ['', 'elsewhere/', 'verso/', 'verso/med', 'verso/media/../', 'defaul']) {
          let error: unknown;
          await h.provider.list(prefix, { limit: 10 }).catch((e) => (error = e));
          expect(error, JSON.stringify(prefix)).to.be.instanceOf(UnmanagedKey);
        }
        expect(await h.allKeys()).to.deep.equal(['elsewhere/keep.jpg']);
      });

      it('leaves nothing behind when a put is aborted mid-stream, or its body fails', async () => {
        // 12 MiB: past S3's first part, so the multipart path is the one aborted.
        const aborted = new AbortController();
        const { stream, sent } = patternStream(12 * MiB, { pauseAfter: 11 * MiB });
        const key = 'verso/media/ws/2026/11/a6_big.bin';
        const putting = h.provider.put(key, stream, { contentType: 'application/octet-stream', signal: aborted.signal });
        // Abort once the body has stalled near its end (a client gone quiet mid-upload), parts written.
        while (sent() < 11 * MiB) await new Promise((resolve) => setTimeout(resolve, 20));
        await new Promise((resolve) => setTimeout(resolve, 300));
        aborted.abort(new Error('client went away'));
        let error: unknown;
        await putting.catch((e) => (error = e));
        expect(error, 'the put must reject').to.be.instanceOf(Error);
        expect(await h.provider.head(key)).to.equal(null);
        if (h.commands) {
          expect(h.commands).to.include('CreateMultipartUploadCommand');
          expect(h.commands.slice(h.commands.lastIndexOf('UploadPartCommand'))).to.include('AbortMultipartUploadCommand');
          expect(h.commands).not.to.include('CompleteMultipartUploadCommand');
        }

        // A body that fails by itself (the request stream erroring) likewise; small, so one PutObject on S3.
        const failing = new Readable({
          read() {
            this.push(Buffer.alloc(1024));
            this.destroy(new Error('aborted'));
          },
        });
        error = undefined;
        await h.provider.put('verso/media/ws/2026/11/a7_small.bin', failing, { contentType: 'image/png' }).catch((e) => (error = e));
        expect((error as Error)?.message).to.equal('aborted');

        // And a signal already aborted never starts.
        error = undefined;
        await h.provider.put('verso/media/ws/2026/11/a8.bin', Readable.from([Buffer.from('x')]), { contentType: 'image/png', signal: AbortSignal.abort() }).catch((e) => (error = e));
        expect(error).to.be.instanceOf(Error);

        const left = await h.allKeys();
        expect(left.filter((k) => !k.startsWith('.staging/health.'))).to.deep.equal([]);
      });

      it('streams 50 MiB in and out with RSS growth under 32 MiB each way', async function () {
        this.timeout(180_000);
        const key = 'verso/media/ws/2026/11/a9_large.bin';
        // Warm up the code paths first, so module loading and first-use allocations are not counted.
        await put(h.provider, 'verso/media/ws/2026/11/warm-up', Buffer.alloc(64 * 1024));
        await readAll((await h.provider.get('verso/media/ws/2026/11/warm-up'))!.body);
        const source = patternStream(50 * MiB);
        let stored: { sizeBytes: number } | undefined;
        const putGrowth = await peakRssGrowth(async () => {
          stored = await h.provider.put(key, source.stream, { contentType: 'video/mp4' });
        });
        expect(stored!.sizeBytes).to.equal(50 * MiB);
        let read: { sha256: string; bytes: number } | undefined;
        const getGrowth = await peakRssGrowth(async () => {
          read = await sha256Of((await h.provider.get(key))!.body);
        });
        expect(read).to.deep.equal({ sha256: source.sha256(), bytes: 50 * MiB });
        console.log(`      ${kind}: RSS growth put ${(putGrowth / MiB).toFixed(1)} MiB, get ${(getGrowth / MiB).toFixed(1)} MiB`);
        expect(putGrowth, 'put RSS growth').to.be.lessThan(32 * MiB);
        expect(getGrowth, 'get RSS growth').to.be.lessThan(32 * MiB);
      });

      it('passes its health check, and fails it clearly (never naming a credential) when the store is unusable', async () => {
        await h.provider.checkHealth();
        for (const { provider, reason } of await h.broken()) {
          let error: unknown;
          await provider.checkHealth().catch((e) => (error = e));
          await provider.close();
          expect(error, String(reason)).to.be.instanceOf(Error);
          expect((error as Error).message).to.match(reason);
          // Nothing for anyone reading /health/ready to learn beyond the reason: no key, path or address.
          expect((error as Error).message).not.to.match(/S3RVER|WRONG-ACCESS-KEY|wrong-secret-value|127\.0\.0\.1|\/tmp/);
        }
      });

      if (kind === 'local') {
        it('removes what a write cut short by a crash left in staging when the key is deleted', async () => {
          const key = 'verso/media/ws/2026/11/b1_crash.bin';
          const { stream } = patternStream(4 * MiB, { pauseAfter: MiB });
          const aborted = new AbortController();
          const putting = h.provider.put(key, stream, { contentType: 'image/png', signal: aborted.signal }).catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 200));
          // The process "dies" here: its staging file stays. After the restart the key is deleted.
          expect((await h.allKeys()).filter((k) => k.startsWith('.staging/'))).to.have.length(1);
          await h.provider.delete(key);
          expect((await h.allKeys()).filter((k) => k.startsWith('.staging/'))).to.deep.equal([]);
          aborted.abort();
          await putting;
        });
      }
    });
  }

  describe('local files are for the API\'s user only', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-storage-modes-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
    const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

    it('writes objects 0600 in directories made 0700, under a new base directory made 0700', async () => {
      const base = path.join(dir, 'media');
      const provider = new LocalStorageProvider(base);
      const key = 'verso/media/ws/2026/12/a1_photo.png';
      await provider.put(key, Readable.from([Buffer.from('secret image')]), { contentType: 'image/png' });
      expect(modeOf(path.join(base, ...key.split('/')))).to.equal(0o600);
      for (const d of ['', 'verso', 'verso/media', 'verso/media/ws', 'verso/media/ws/2026', 'verso/media/ws/2026/12', '.staging']) expect(modeOf(path.join(base, d)), d || 'the base').to.equal(0o700);
      await provider.close();
    });

    it('closes an existing base directory of its own to others, which hides the files older versions wrote 0644', async () => {
      const base = path.join(dir, 'media');
      const old = path.join(base, 'verso', 'media', 'old.png');
      fs.mkdirSync(path.dirname(old), { recursive: true, mode: 0o755 });
      fs.chmodSync(base, 0o755);
      fs.writeFileSync(old, 'old', { mode: 0o644 });
      const provider = new LocalStorageProvider(base);
      await provider.checkHealth();
      expect(modeOf(base)).to.equal(0o700);
      expect(modeOf(old), 'an old file keeps its mode; the directory above it hides it').to.equal(0o644);
      await provider.close();
    });

    it('leaves the mode of a data directory used as the base (the embedded PostgreSQL\'s user needs it)', async () => {
      fs.chmodSync(dir, 0o755);
      fs.writeFileSync(path.join(dir, 'postgres.password'), 'x', { mode: 0o600 });
      const provider = new LocalStorageProvider(dir);
      await provider.put('verso/media/x.bin', Readable.from([Buffer.from('x')]), { contentType: 'application/octet-stream' });
      expect(modeOf(dir)).to.equal(0o755);
      expect(modeOf(path.join(dir, 'verso', 'media', 'x.bin'))).to.equal(0o600);
      await provider.close();
    });
  });

  describe('configuration', () => {
    const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', Data__Directory: '/tmp/verso-data', ...env }, { version: '0', cwd: '/srv' });

    const refusal = (env: Record<string, string>): string => {
      try {
        load(env);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };

    it('defaults to local storage under the data directory; BasePath wins over RootPath', () => {
      expect(load({}).storage).to.deep.equal({ provider: 'local', localBasePath: '/tmp/verso-data/media', s3: null });
      expect(load({ Storage__Local__RootPath: 'blobs' }).storage.localBasePath).to.equal('/srv/blobs');
      expect(load({ Storage__Local__RootPath: '/a', Storage__Local__BasePath: '/b' }).storage.localBasePath).to.equal('/b');
    });

    it('reads the S3 settings: us-east-1 by default, path-style exactly when a ServiceUrl is set (unless ForcePathStyle=false)', () => {
      expect(load({ Storage__Provider: 's3', Storage__S3__BucketName: 'media-bucket' }).storage.s3).to.deep.equal({
        bucketName: 'media-bucket',
        region: 'us-east-1',
        accessKey: null,
        secretKey: null,
        serviceUrl: null,
        forcePathStyle: false,
      });
      const compatible = load({ Storage__Provider: 'S3', Storage__S3__BucketName: 'b.media', Storage__S3__Region: 'eu-west-1', Storage__S3__ServiceUrl: 'http://minio:9000', Storage__S3__AccessKey: 'AK', Storage__S3__SecretKey: 'SK' });
      expect(compatible.storage.provider).to.equal('s3');
      expect(compatible.storage.s3).to.deep.include({ region: 'eu-west-1', serviceUrl: 'http://minio:9000', forcePathStyle: true, accessKey: 'AK', secretKey: 'SK' });
      expect(load({ Storage__Provider: 's3', Storage__S3__BucketName: 'bbb', Storage__S3__ServiceUrl: 'https://s3.example.test', Storage__S3__ForcePathStyle: 'false' }).storage.s3!.forcePathStyle).to.equal(false);
    });

    it('refuses an incomplete or malformed S3 configuration at start-up, naming the setting and never a secret', () => {
      expect(refusal({ Storage__Provider: 'gcs' })).to.match(/Storage__Provider must be one of local, s3/);
      expect(refusal({ Storage__Provider: 's3' })).to.match(/Storage__S3__BucketName is required/);
      for (const bad of ['ab', 'Upper-Case', 'under_score', '-dash', '192.168.1.1', 'a..b', 'x'.repeat(64)]) {
        expect(refusal({ Storage__Provider: 's3', Storage__S3__BucketName: bad }), bad).to.match(/Storage__S3__BucketName is not a valid S3 bucket name/);
      }
      const base = { Storage__Provider: 's3', Storage__S3__BucketName: 'bucket' };
      expect(refusal({ ...base, Storage__S3__SecretKey: 'top-secret-value' })).to.match(/Storage__S3__AccessKey must be set together/).and.not.match(/top-secret-value/);
      expect(refusal({ ...base, Storage__S3__AccessKey: 'AKIA123' })).to.match(/Storage__S3__SecretKey must be set together/);
      expect(refusal({ ...base, Storage__S3__ServiceUrl: 'ftp://x' })).to.match(/Storage__S3__ServiceUrl must use http: or https:/);
      expect(refusal({ ...base, Storage__S3__ServiceUrl: 'http://AK:top-secret-value@minio:9000' })).to.match(/must not carry credentials/).and.not.match(/top-secret-value/);
      expect(refusal({ ...base, Storage__S3__Region: 'EU WEST' })).to.match(/Storage__S3__Region/);
      expect(refusal({ ...base, Storage__S3__ForcePathStyle: 'sometimes' })).to.match(/Storage__S3__ForcePathStyle must be true or false/);
    });

    it('builds the provider Storage__Provider names', async () => {
      const local = createStorageProvider(load({}));
      expect(local).to.be.instanceOf(LocalStorageProvider);
      const remote = createStorageProvider(load(s3.env()));
      expect(remote).to.be.instanceOf(S3StorageProvider);
      await remote.checkHealth();
      await remote.close();
    });
  });
});
