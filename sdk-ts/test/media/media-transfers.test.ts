// Media transfers (items 8, 22, 33, 34) against a real loopback node:http server: the upload is a
// streamed multipart body (`file`, optional `altText`) with sent-byte progress and exactly one
// attempt; downloads expose bytes, file name and type; a streaming download retries only until the
// response head arrives, and a failure in the middle of the body surfaces (no re-request, no
// duplicated bytes).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import {
  contentDispositionFileName,
  downloadMediaFile,
  openMediaDownload,
  uploadMediaFile,
  uploadMediaForm,
  VersoApiError,
  VersoClient,
  VersoTimeoutError,
  type UploadProgress,
} from '../../src/index.js';

const WS = '0190f0e2-8f3e-7a41-b7c4-5d1e2f3a4b5c';
const ID = '0190f0e2-8f3e-7a41-b7c4-5d1e2f3a4b5d';
const ASSET = { id: ID, fileName: 'a.bin', mimeType: 'application/octet-stream', sizeBytes: 1, altText: null };

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, index: number, body: Buffer) => void;

interface LoopbackServer {
  url: string;
  received: Received[];
  handle(...handlers: Handler[]): void;
  close(): Promise<void>;
}

async function startLoopback(): Promise<LoopbackServer> {
  const received: Received[] = [];
  let handlers: Handler[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const index = received.length;
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const handler = handlers[Math.min(index, handlers.length - 1)];
      if (handler) handler(req, res, index, body);
      else res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    handle: (...h) => {
      handlers = h;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const json = (status: number, body: unknown): Handler => (_req, res) => {
  res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' }).end(JSON.stringify(body));
};

function bytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) out[i] = (i * 31 + 7) % 251;
  return out;
}

/** The parts of a multipart/form-data body: name → { headers, content }. */
function parseMultipart(body: Buffer, contentType: string): Map<string, { headers: string; content: Buffer }> {
  const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
  const parts = new Map<string, { headers: string; content: Buffer }>();
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  for (;;) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const headersEnd = body.indexOf('\r\n\r\n', start);
    const next = body.indexOf(delimiter, headersEnd);
    const headers = body.subarray(start + 2, headersEnd).toString('utf8');
    const name = /name="([^"]+)"/.exec(headers)![1]!;
    parts.set(name, { headers, content: body.subarray(headersEnd + 4, next - 2) });
    at = next;
  }
  return parts;
}

function expectProgress(events: UploadProgress[], total: number | undefined, sent: number): void {
  expect(events.length).to.be.greaterThan(1);
  for (let i = 1; i < events.length; i += 1) expect(events[i]!.sentBytes).to.be.greaterThan(events[i - 1]!.sentBytes);
  expect(events.at(-1)!.sentBytes).to.equal(sent);
  for (const e of events) expect(e.totalBytes).to.equal(total);
}

describe('SDK media transfers (loopback server)', () => {
  let server: LoopbackServer;
  let client: VersoClient;
  beforeEach(async () => {
    server = await startLoopback();
    client = new VersoClient({ baseUrl: server.url, token: 'tok', retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 } });
  });
  afterEach(async () => {
    await server.close();
  });

  describe('upload', () => {
    it('sends multipart `file` and `altText` from bytes, with Content-Length and progress ending at the total', async () => {
      server.handle(json(201, ASSET));
      const file = bytes(300_000);
      const progress: UploadProgress[] = [];
      const asset = await uploadMediaFile(client, { workspaceId: WS, file, fileName: 'photo "1".png', contentType: 'image/png', altText: 'A café', onProgress: (p) => progress.push(p) });
      expect(asset).to.deep.equal(ASSET);
      const [request] = server.received;
      expect(request!.method).to.equal('POST');
      expect(request!.url).to.equal(`/api/v1/workspaces/${WS}/media`);
      expect(request!.headers.authorization).to.equal('Bearer tok');
      expect(Number(request!.headers['content-length'])).to.equal(request!.body.length);
      const parts = parseMultipart(request!.body, request!.headers['content-type']!);
      expect([...parts.keys()]).to.deep.equal(['altText', 'file']);
      expect(parts.get('altText')!.content.toString('utf8')).to.equal('A café');
      expect(parts.get('file')!.headers).to.include('filename="photo %221%22.png"').and.include('Content-Type: image/png');
      expect(Buffer.compare(parts.get('file')!.content, Buffer.from(file))).to.equal(0);
      expectProgress(progress, request!.body.length, request!.body.length);
    });

    it('takes the name and type of a File (Blob) and omits altText when not given', async () => {
      server.handle(json(201, ASSET));
      const file = new File([bytes(1000)], 'notes.txt', { type: 'text/plain' });
      await uploadMediaFile(client, { workspaceId: WS, file });
      const parts = parseMultipart(server.received[0]!.body, server.received[0]!.headers['content-type']!);
      expect([...parts.keys()]).to.deep.equal(['file']);
      expect(parts.get('file')!.headers).to.include('filename="notes.txt"').and.include('Content-Type: text/plain');
      expect(parts.get('file')!.content.length).to.equal(1000);
    });

    it('streams a ReadableStream as it is pulled (not read up front); a given size sends Content-Length, none sends chunked', async () => {
      server.handle(json(201, ASSET));
      const CHUNK = 64 * 1024;
      const COUNT = 16;
      let produced = 0;
      const sentWhenProduced: number[] = [];
      let lastSent = 0;
      const source = () =>
        new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              if (produced === COUNT) return controller.close();
              sentWhenProduced.push(lastSent);
              produced += 1;
              controller.enqueue(bytes(CHUNK));
            },
          },
          { highWaterMark: 0 },
        );
      const progress: UploadProgress[] = [];
      await uploadMediaFile(client, { workspaceId: WS, file: source(), size: CHUNK * COUNT, contentType: 'application/octet-stream', onProgress: (p) => {
        lastSent = p.sentBytes;
        progress.push(p);
      } });
      const first = server.received[0]!;
      expect(Number(first.headers['content-length'])).to.equal(first.body.length);
      expectProgress(progress, first.body.length, first.body.length);
      // The last chunk was produced only after most of the earlier ones had gone out.
      expect(sentWhenProduced.at(-1)).to.be.greaterThan(CHUNK * (COUNT - 3));

      produced = 0;
      const unsized: UploadProgress[] = [];
      await uploadMediaFile(client, { workspaceId: WS, file: source(), onProgress: (p) => unsized.push(p) });
      const second = server.received[1]!;
      expect(second.headers['content-length']).to.equal(undefined);
      expect(second.headers['transfer-encoding']).to.equal('chunked');
      expectProgress(unsized, undefined, second.body.length);
      expect(parseMultipart(second.body, second.headers['content-type']!).get('file')!.content.length).to.equal(CHUNK * COUNT);
    });

    it('is a single attempt: a 503 is not replayed, nor is a dropped connection', async () => {
      server.handle((_req, res) => res.writeHead(503, { 'retry-after': '0' }).end());
      const error = (await uploadMediaFile(client, { workspaceId: WS, file: bytes(10) }).catch((e: unknown) => e)) as VersoApiError;
      expect(error).to.be.instanceOf(VersoApiError);
      expect(error.status).to.equal(503);
      expect(server.received).to.have.length(1);

      server.handle((req) => req.socket.destroy());
      const dropped = await uploadMediaFile(client, { workspaceId: WS, file: new Blob([bytes(10)]) }).catch((e: unknown) => e);
      expect(dropped).to.be.instanceOf(Error);
      expect(server.received).to.have.length(2);
    });

    it('a stream shorter than its declared size fails instead of sending a wrong body', async () => {
      server.handle(json(201, ASSET));
      const error = await uploadMediaFile(client, { workspaceId: WS, file: new Blob([bytes(10)]).stream(), size: 20 }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
      expect(String((error as Error).cause ?? error)).to.match(/ended after 10 of its declared 20 bytes/);
    });

    it('checks the workspace id and the content type before sending anything', async () => {
      const error = await uploadMediaFile(client, { workspaceId: 'my-site', file: bytes(1) }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(TypeError);
      const forged = await uploadMediaFile(client, { workspaceId: WS, file: bytes(1), contentType: 'text/plain\r\nX-Evil: 1' }).catch((e: unknown) => e);
      expect(forged).to.be.instanceOf(TypeError);
      expect(server.received).to.have.length(0);
    });

    it('uploadMediaForm passes an encoded multipart body through with progress', async () => {
      server.handle(json(201, ASSET));
      const encoded = Buffer.from('--b1\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b1--\r\n');
      const progress: UploadProgress[] = [];
      await uploadMediaForm(client, {
        workspaceId: WS,
        body: new Blob([encoded.subarray(0, 20), encoded.subarray(20)]).stream(),
        contentType: 'multipart/form-data; boundary=b1',
        contentLength: encoded.length,
        onProgress: (p) => progress.push(p),
      });
      expect(Buffer.compare(server.received[0]!.body, encoded)).to.equal(0);
      expect(server.received[0]!.headers['content-type']).to.equal('multipart/form-data; boundary=b1');
      expect(progress.at(-1)).to.deep.equal({ sentBytes: encoded.length, totalBytes: encoded.length });
    });
  });

  describe('download', () => {
    const file = bytes(200_000);
    const serveFile: Handler = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': String(file.length),
        'content-disposition': 'attachment; filename="EUR rates.pdf"; filename*=UTF-8\'\'%E2%82%AC%20rates.pdf',
        etag: '"file-1"',
      }).end(Buffer.from(file));
    };

    it('downloadMediaFile exposes bytes, file name (filename*) and type, retrying a 503 first', async () => {
      server.handle((_req, res) => res.writeHead(503).end(), serveFile);
      const got = await downloadMediaFile(client, { workspaceId: WS, id: ID });
      expect(server.received).to.have.length(2);
      expect(got!.fileName).to.equal('€ rates.pdf');
      expect(got!.contentType).to.equal('application/pdf');
      expect(got!.etag).to.equal('"file-1"');
      expect(got!.size).to.equal(file.length);
      expect(Buffer.compare(Buffer.from(got!.bytes), Buffer.from(file))).to.equal(0);
      expect(server.received[0]!.headers.accept).to.include('*/*');
    });

    it('an empty file downloads as undefined, not as zero bytes', async () => {
      server.handle((_req, res) => res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '0' }).end());
      expect(await downloadMediaFile(client, { workspaceId: WS, id: ID })).to.equal(undefined);
    });

    it('openMediaDownload retries before the head arrives and then streams the body', async () => {
      server.handle((req) => req.socket.destroy(), (_req, res) => res.writeHead(503).end(), serveFile);
      const download = await openMediaDownload(client, { workspaceId: WS, id: ID });
      expect(download.attempts).to.equal(3);
      expect(download).to.include({ status: 200, fileName: '€ rates.pdf', contentType: 'application/pdf', contentLength: file.length, etag: '"file-1"' });
      const body = Buffer.from(await new Response(download.body).arrayBuffer());
      expect(Buffer.compare(body, Buffer.from(file))).to.equal(0);
      expect(server.received).to.have.length(3);
    });

    it('a failure in the middle of the body surfaces: never re-requested, no byte delivered twice', async () => {
      server.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(file.length) });
        res.write(Buffer.from(file.subarray(0, 70_000)), () => setTimeout(() => res.socket?.destroy(), 50));
      }, serveFile);
      const download = await openMediaDownload(client, { workspaceId: WS, id: ID });
      const reader = download.body!.getReader();
      const got: number[] = [];
      let failure: unknown;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          got.push(...value);
        }
      } catch (error) {
        failure = error;
      }
      expect(failure, 'the cut-off body must error the stream').to.be.instanceOf(Error);
      expect(server.received).to.have.length(1);
      expect(got.length).to.equal(70_000);
      expect(Buffer.compare(Buffer.from(got), Buffer.from(file.subarray(0, 70_000)))).to.equal(0);
    });

    it('passes If-None-Match and Range; 304 is an answer with no body, 206 a part', async () => {
      server.handle(
        (_req, res) => res.writeHead(304, { etag: '"file-1"' }).end(),
        (_req, res) => res.writeHead(206, { 'content-type': 'application/pdf', 'content-range': `bytes 0-9/${file.length}`, 'content-length': '10' }).end(Buffer.from(file.subarray(0, 10))),
      );
      const notModified = await openMediaDownload(client, { workspaceId: WS, id: ID, ifNoneMatch: '"file-1"' });
      expect(notModified.status).to.equal(304);
      expect(notModified.body).to.equal(null);
      expect(server.received[0]!.headers['if-none-match']).to.equal('"file-1"');
      const part = await openMediaDownload(client, { workspaceId: WS, id: ID, range: 'bytes=0-9' });
      expect(part.status).to.equal(206);
      expect(server.received[1]!.headers.range).to.equal('bytes=0-9');
      expect(new Uint8Array(await new Response(part.body).arrayBuffer())).to.deep.equal(file.subarray(0, 10));
    });

    it('timeoutMs bounds reaching the head, not reading a slow body; the caller\'s signal still ends the body', async () => {
      server.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(file.length) });
        res.write(Buffer.from(file.subarray(0, 1000)));
        setTimeout(() => res.end(Buffer.from(file.subarray(1000))), 300);
      });
      const download = await openMediaDownload(client, { workspaceId: WS, id: ID }, { timeoutMs: 100 });
      expect((await new Response(download.body).arrayBuffer()).byteLength).to.equal(file.length);

      server.handle((_req, res) => void setTimeout(() => serveFile(_req, res, 0, Buffer.alloc(0)), 400));
      const late = await openMediaDownload(client, { workspaceId: WS, id: ID }, { timeoutMs: 100 }).catch((e: unknown) => e);
      expect(late).to.be.instanceOf(VersoTimeoutError);

      server.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.write(Buffer.from(file.subarray(0, 1000)));
      });
      const stop = new AbortController();
      const open = await openMediaDownload(client, { workspaceId: WS, id: ID }, { signal: stop.signal });
      const reading = new Response(open.body).arrayBuffer();
      setTimeout(() => stop.abort(new Error('user left')), 50);
      expect(await reading.catch((e: unknown) => e)).to.be.instanceOf(Error);
    });

    it('a final error status is the VersoApiError with the problem', async () => {
      server.handle(json(404, { title: 'Not found', status: 404, detail: 'No such asset.' }));
      const error = (await openMediaDownload(client, { workspaceId: WS, id: ID }).catch((e: unknown) => e)) as VersoApiError;
      expect(error).to.be.instanceOf(VersoApiError);
      expect(error.status).to.equal(404);
      expect(error.message).to.equal('No such asset.');
    });
  });

  it('contentDispositionFileName: filename* (UTF-8, ISO-8859-1) over filename, quoted strings, path parts dropped', () => {
    expect(contentDispositionFileName('attachment; filename="a.txt"')).to.equal('a.txt');
    expect(contentDispositionFileName('attachment; filename=plain.txt')).to.equal('plain.txt');
    expect(contentDispositionFileName('inline; filename="say \\"hi\\".txt"')).to.equal('say "hi".txt');
    expect(contentDispositionFileName("attachment; filename*=UTF-8''%C3%A9t%C3%A9.txt; filename=\"ete.txt\"")).to.equal('été.txt');
    expect(contentDispositionFileName("attachment; filename*=iso-8859-1'en'%E9t%E9.txt")).to.equal('été.txt');
    expect(contentDispositionFileName("attachment; filename*=UTF-8''%E0%A4%A; filename=\"fallback.txt\"")).to.equal('fallback.txt');
    expect(contentDispositionFileName('attachment; filename="../../etc/passwd"')).to.equal('passwd');
    expect(contentDispositionFileName('attachment')).to.equal(undefined);
    expect(contentDispositionFileName(null)).to.equal(undefined);
  });
});
