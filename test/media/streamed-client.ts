// A client for large files that never holds one: an upload is generated chunk by chunk into the
// request (with backpressure), a download is hashed as it arrives. Used by the memory tests, the
// crash test and bench/media.ts.
import crypto from 'node:crypto';
import http from 'node:http';

const CHUNK = 64 * 1024;
// One random block, repeated: realistic bytes (incompressible) at no CPU cost per chunk.
const BLOCK = crypto.randomBytes(CHUNK);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface StreamedUpload {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: any;
  /** SHA-256 (hex) of the file bytes sent. */
  readonly sha256: string;
}

export interface UploadPlan {
  readonly url: string;
  readonly path: string;
  readonly token: string;
  readonly sizeBytes: number;
  readonly fileName?: string;
  /** Called once this many file bytes are written (the caller may kill the server then). */
  readonly onWritten?: { readonly bytes: number; readonly then: () => void };
  /** After onWritten, stop writing (the request stays open until the socket dies). */
  readonly stallAfterOnWritten?: boolean;
}

/** The file bytes: a PNG signature, then the block repeated. */
function* fileChunks(size: number): Generator<Buffer> {
  let sent = 0;
  while (sent < size) {
    const n = Math.min(CHUNK, size - sent);
    const chunk = sent === 0 ? Buffer.concat([PNG_SIGNATURE, BLOCK.subarray(PNG_SIGNATURE.length, n)]).subarray(0, n) : BLOCK.subarray(0, n);
    sent += n;
    yield chunk;
  }
}

export function streamUpload(plan: UploadPlan): Promise<StreamedUpload | { error: Error; sha256: string }> {
  const boundary = `----verso-stream-${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${plan.fileName ?? 'large.png'}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(plan.url + plan.path);
  const hash = crypto.createHash('sha256');
  return new Promise((resolve) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        authorization: `Bearer ${plan.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + plan.sizeBytes + tail.length,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined, sha256: hash.digest('hex') });
      });
    });
    req.on('error', (error) => resolve({ error, sha256: '' }));
    const chunks = fileChunks(plan.sizeBytes);
    let written = 0;
    let notified = false;
    const pump = () => {
      for (;;) {
        if (notified && plan.stallAfterOnWritten) return;
        const next = chunks.next();
        if (next.done) {
          req.end(tail);
          return;
        }
        hash.update(next.value);
        written += next.value.length;
        const more = req.write(next.value);
        if (!notified && plan.onWritten && written >= plan.onWritten.bytes) {
          notified = true;
          plan.onWritten.then();
        }
        if (!more) {
          req.once('drain', pump);
          return;
        }
      }
    };
    req.write(head);
    pump();
  });
}

export interface StreamedDownload {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly sizeBytes: number;
  readonly sha256: string;
  /** Milliseconds from sending the request to the first body byte. */
  readonly firstByteMs: number;
  readonly totalMs: number;
}

export function streamDownload(base: string, path: string, token: string, headers: Record<string, string> = {}, agent?: http.Agent): Promise<StreamedDownload> {
  const url = new URL(base + path);
  const hash = crypto.createHash('sha256');
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let firstByteMs = -1;
    let size = 0;
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, headers: { authorization: `Bearer ${token}`, ...headers }, agent }, (res) => {
      res.on('data', (c: Buffer) => {
        if (firstByteMs < 0) firstByteMs = Number(process.hrtime.bigint() - started) / 1e6;
        size += c.length;
        hash.update(c);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          sizeBytes: size,
          sha256: hash.digest('hex'),
          firstByteMs,
          totalMs: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
