// The pipeline's two stream shapes (http/operation.ts, "Streams"), through the real express app and
// contract router with fixture handlers bound to the contract's media operations:
//   - a multipart request body reaches its handler unread, and only after authentication and the
//     access rule (an anonymous or under-privileged caller is answered before the body is sent);
//   - a Readable response body is piped with backpressure, with the contract's headers, and is
//     destroyed when the client goes away.
// The authenticator and workspace directory are in-memory stand-ins (no database is needed for what
// is tested here); every answer is checked against the contract like any API test's.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import type { Actor } from '../../server/src/access/actor.js';
import type { RoleName, WorkspaceAccess } from '../../server/src/access/roles.js';
import { loadConfig } from '../../server/src/config.js';
import { loadContract } from '../../server/src/contract.js';
import type { Dependencies } from '../../server/src/dependencies.js';
import { ApiError } from '../../server/src/errors.js';
import type { MediaAssetResponse } from '../../server/src/generated/schemas.js';
import { handlers } from '../../server/src/handlers/index.js';
import { createApp } from '../../server/src/http/app.js';
import type { Handler, HandlerMap, StreamedRequestBody } from '../../server/src/http/operation.js';
import { createLogger } from '../../server/src/logging/logger.js';
import { createActor, createWorkspace } from '../helpers/actors.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { assertMatchesContract } from '../helpers/contract-validator.js';
import { MemoryLog } from '../helpers/memory-log.js';
import { within } from '../helpers/wait.js';

const waitFor = (probe: () => boolean) => within(5_000, () => Promise.resolve(probe()));

const WORKSPACE = '7d5c3f0e-9b2a-4c1d-8e6f-0a1b2c3d4e5f';
const ASSET = '0f1e2d3c-4b5a-4697-8877-665544332211';
const UPLOAD = `/api/v1/workspaces/${WORKSPACE}/media`;
const DOWNLOAD = `/api/v1/workspaces/${WORKSPACE}/media/${ASSET}/file`;

function actor(id: string, role: RoleName, grant: WorkspaceAccess, isSuperAdmin = false): Actor {
  return { kind: 'User', id, role, isSuperAdmin, email: null, displayName: null, grantFor: () => grant, reachableWorkspaceIds: () => (isSuperAdmin ? null : [WORKSPACE]) };
}
const ACTORS: Record<string, Actor> = {
  editor: actor('00000000-0000-4000-8000-000000000001', 'Editor', 'Write'),
  reader: actor('00000000-0000-4000-8000-000000000002', 'Reader', 'Read'),
  superadmin: actor('00000000-0000-4000-8000-000000000003', 'Admin', 'Write', true),
};

interface Observed {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function fetchHeaders(headers: http.IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return out;
}

function checkContract(method: string, path: string, res: Observed): void {
  const contentType = res.headers['content-type'] ?? null;
  const text = res.body.toString('utf8');
  const body = contentType?.includes('json') && text ? JSON.parse(text) : text || undefined;
  assertMatchesContract({ method, path, status: res.status, contentType, body: contentType?.includes('json') ? body : text, headers: fetchHeaders(res.headers) });
}

describe('request and response streams (multipart bodies unread, Readable answers piped)', () => {
  let server: http.Server;
  let base: string;
  const log = new MemoryLog();
  // What the fixture handlers saw and do, set per test.
  let received: { bytes: number; sha256: string; contentType: string; contentLength: number | null } | undefined;
  let uploadCalls = 0;
  let uploadBehaviour: (body: StreamedRequestBody) => Promise<void> = async () => {};
  let source: () => Readable = () => Readable.from([Buffer.from('hello')]);
  let lastSource: Readable | undefined;
  let downloadStatus: 200 | 206 | 304 = 200;

  const asset = (sizeBytes: number): MediaAssetResponse => ({
    id: ASSET,
    fileName: 'a.bin',
    mimeType: 'application/octet-stream',
    sizeBytes,
    altText: null,
    width: null,
    height: null,
    publicUrl: null,
    renditionUrl: null,
    url: DOWNLOAD,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });

  const uploadMedia: Handler<'uploadMedia'> = async ({ request, reply }) => {
    uploadCalls++;
    const body = request.body;
    await uploadBehaviour(body);
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    for await (const chunk of body.stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      hash.update(chunk);
    }
    received = { bytes, sha256: hash.digest('hex'), contentType: body.contentType, contentLength: body.contentLength };
    return reply(201, asset(bytes), { ETag: '"1"', Location: `${UPLOAD}/${ASSET}` });
  };

  const downloadMedia: Handler<'downloadMedia'> = ({ reply }) => {
    const common = { ETag: '"f"', 'Cache-Control': 'private, max-age=0' };
    if (downloadStatus === 304) return reply(304, undefined, common);
    lastSource = source();
    const length = String((lastSource as Readable & { length?: number }).length ?? 5);
    const file = { ...common, 'Content-Length': length, 'Content-Disposition': 'attachment; filename="a.bin"', 'Accept-Ranges': 'bytes' as const };
    if (downloadStatus === 206) return reply(206, lastSource, { ...file, 'Content-Range': `bytes 0-${Number(length) - 1}/100000000` });
    return reply(200, lastSource, { ...file, 'Content-Type': 'application/octet-stream' });
  };

  before(async () => {
    const document = await loadContract();
    const config = loadConfig({ NODE_ENV: 'test', Logging__Level: 'debug' }, { version: '0.0.0-test' });
    const deps = {
      config,
      document,
      logger: createLogger({ level: 'debug', stream: log }),
      authenticator: {
        authenticate: (authorization: string | undefined) => {
          const who = /^Bearer (\w+)$/.exec(authorization ?? '')?.[1];
          return Promise.resolve({ actor: (who && ACTORS[who]) || null, bearerKind: who ? 'opaque' : 'none' });
        },
      },
      workspaces: { exists: (id: string) => Promise.resolve(id === WORKSPACE) },
      deliveryCache: { openBarrier: () => null, closeBarrier: () => undefined, catchUp: () => Promise.resolve() },
    } as unknown as Dependencies;
    // The media operations this file does not call answer nothing; the two under test are fixtures.
    const map: Record<string, unknown> = { ...handlers, uploadMedia, downloadMedia };
    const ids = Object.values(document.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) =>
      Object.values(item).flatMap((op) => (op && typeof op === 'object' && op.operationId ? [op.operationId] : [])),
    );
    for (const id of ids) {
      map[id] ??= () => {
        throw new Error(`${id} is not under test here`);
      };
    }
    const app = await createApp(deps, map as unknown as HandlerMap);
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received = undefined;
    uploadCalls = 0;
    uploadBehaviour = async () => {};
    source = () => Readable.from([Buffer.from('hello')]);
    lastSource = undefined;
    downloadStatus = 200;
  });

  /** A request whose body is written by `write`; resolves with the whole answer. */
  function send(
    method: string,
    path: string,
    headers: http.OutgoingHttpHeaders,
    write: (req: http.ClientRequest) => void,
  ): Promise<Observed> {
    return new Promise((resolve, reject) => {
      const req = http.request(base + path, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      write(req);
    });
  }

  const multipart = (boundary = 'xYz') => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });

  describe('a multipart request body', () => {
    it('reaches the handler unread, whatever its size (the JSON body limit does not apply), with its Content-Type', async () => {
      const chunk = crypto.randomBytes(1024 * 1024);
      const hash = crypto.createHash('sha256');
      const res = await send('POST', UPLOAD, { authorization: 'Bearer editor', ...multipart() }, (req) => {
        // 8 MiB chunked: twice Api__MaxRequestBodyBytes, which would be a 413 for a JSON body.
        for (let i = 0; i < 8; i++) {
          req.write(chunk);
          hash.update(chunk);
        }
        req.end();
      });
      checkContract('POST', UPLOAD, res);
      expect(res.status).to.equal(201);
      // The Content-Type as checked: its type and its boundary (quoted), nothing the parser could read otherwise.
      expect(received).to.deep.equal({ bytes: 8 * chunk.length, sha256: hash.digest('hex'), contentType: 'multipart/form-data; boundary="xYz"', contentLength: null });
    });

    it('carries the declared Content-Length', async () => {
      const body = Buffer.from('--xYz--\r\n');
      const res = await send('POST', UPLOAD, { authorization: 'Bearer editor', ...multipart(), 'content-length': body.length }, (req) => req.end(body));
      checkContract('POST', UPLOAD, res);
      expect(res.status).to.equal(201);
      expect(received).to.include({ bytes: body.length, contentLength: body.length });
    });

    for (const [who, status] of [
      ['anonymous', 401],
      ['reader', 403],
    ] as const) {
      it(`is never read for a caller the access step refuses (${who} → ${status}): the answer comes before the body is sent`, async () => {
        const headers = { ...multipart(), 'content-length': 64 * 1024 * 1024, ...(who === 'reader' ? { authorization: 'Bearer reader' } : {}) };
        // Only the first bytes of a declared 64 MiB are sent; the answer must not wait for the rest.
        const res = await send('POST', UPLOAD, headers, (req) => req.write('--xYz\r\n'));
        checkContract('POST', UPLOAD, res);
        expect(res.status).to.equal(status);
        expect(uploadCalls).to.equal(0);
      });
    }

    it('of another media type is 415, and a missing body or boundary is 400, before the handler', async () => {
      const json = await send('POST', UPLOAD, { authorization: 'Bearer editor', 'content-type': 'application/json' }, (req) => req.end('{"file":"x"}'));
      checkContract('POST', UPLOAD, json);
      expect(json.status).to.equal(415);
      const none = await send('POST', UPLOAD, { authorization: 'Bearer editor', ...multipart() }, (req) => req.end());
      checkContract('POST', UPLOAD, none);
      expect(none.status).to.equal(400);
      const boundless = await send('POST', UPLOAD, { authorization: 'Bearer editor', 'content-type': 'multipart/form-data' }, (req) => req.end('--x--'));
      checkContract('POST', UPLOAD, boundless);
      expect(boundless.status).to.equal(400);
      expect(JSON.parse(boundless.body.toString()).detail).to.match(/boundary/);
      expect(uploadCalls).to.equal(0);
    });

    it('still has its parameters validated (400) without the body being read', async () => {
      const path = '/api/v1/workspaces/not-a-uuid/media';
      const res = await send('POST', path, { authorization: 'Bearer superadmin', ...multipart(), 'content-length': 64 * 1024 * 1024 }, (req) => req.write('--xYz\r\n'));
      checkContract('POST', path, res);
      expect(res.status).to.equal(400);
      expect(JSON.parse(res.body.toString()).errors).to.have.property('path.workspaceId');
      expect(uploadCalls).to.equal(0);
    });

    it('aborts the handler signal and errors the stream when the client goes away mid-body', async () => {
      let seen: { aborted: boolean; streamError: string | undefined } | undefined;
      uploadBehaviour = async (body) => {
        const errored = new Promise<string | undefined>((resolve) => {
          body.stream.on('error', (err) => resolve((err as NodeJS.ErrnoException).code ?? err.message));
          body.stream.on('end', () => resolve(undefined));
        });
        body.stream.resume();
        const streamError = await errored;
        if (!body.signal.aborted) await new Promise((resolve) => body.signal.addEventListener('abort', resolve, { once: true }));
        seen = { aborted: body.signal.aborted, streamError };
        throw new Error('gone');
      };
      const req = http.request(base + UPLOAD, { method: 'POST', headers: { authorization: 'Bearer editor', ...multipart(), 'content-length': 1024 * 1024 }, agent: false });
      req.on('error', () => {});
      req.write(Buffer.alloc(4096));
      await waitFor(() => uploadCalls === 1);
      req.destroy();
      await waitFor(() => seen !== undefined);
      expect(seen).to.deep.equal({ aborted: true, streamError: 'ECONNRESET' });
    });

    it('may be answered before it is read to the end (the client still gets the answer)', async () => {
      uploadBehaviour = async (body) => {
        // The first bytes decide (a file type refused by its magic bytes); the rest is left unread.
        await new Promise((resolve) => body.stream.once('data', resolve));
        body.stream.pause();
        throw new ApiError('unsupported-media-type', 'Refused after the first bytes.');
      };
      const res = await send('POST', UPLOAD, { authorization: 'Bearer editor', ...multipart() }, (req) => {
        req.write(Buffer.alloc(64 * 1024));
        // The rest follows after the answer has been sent.
        setTimeout(() => req.end(Buffer.alloc(1024 * 1024)), 50);
      });
      checkContract('POST', UPLOAD, res);
      expect(res.status).to.equal(415);
    });
  });

  describe('a Readable response body', () => {
    it('is piped whole with the declared headers and the handler Content-Type', async () => {
      const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
      source = () => Object.assign(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), { length: bytes.length });
      const res = await send('GET', DOWNLOAD, { authorization: 'Bearer reader' }, (req) => req.end());
      checkContract('GET', DOWNLOAD, res);
      expect(res.status).to.equal(200);
      expect(res.headers['content-length']).to.equal(String(bytes.length));
      expect(res.headers['content-type']).to.equal('application/octet-stream');
      expect(res.headers['accept-ranges']).to.equal('bytes');
      expect(res.body.equals(bytes)).to.equal(true);
    });

    it('answers 206 with Content-Range', async () => {
      downloadStatus = 206;
      source = () => Object.assign(Readable.from([Buffer.from('0123456789')]), { length: 10 });
      const res = await send('GET', DOWNLOAD, { authorization: 'Bearer reader', range: 'bytes=0-9' }, (req) => req.end());
      checkContract('GET', DOWNLOAD, res);
      expect(res.status).to.equal(206);
      expect(res.headers['content-range']).to.equal('bytes 0-9/100000000');
      expect(res.body.toString()).to.equal('0123456789');
    });

    it('sends no body with 304', async () => {
      downloadStatus = 304;
      const res = await send('GET', DOWNLOAD, { authorization: 'Bearer reader', 'if-none-match': '"f"' }, (req) => req.end());
      checkContract('GET', DOWNLOAD, res);
      expect(res.status).to.equal(304);
      expect(res.body.length).to.equal(0);
      expect(res.headers.etag).to.equal('"f"');
    });

    it('is held to the headers its status documents by the tests contract check', () => {
      const headers = new Headers({
        'x-correlation-id': 'c',
        'content-type': 'image/png',
        etag: '"f"',
        'content-length': '3',
        'cache-control': 'private',
        'accept-ranges': 'bytes',
      });
      const observed = { method: 'GET', path: DOWNLOAD, status: 200, contentType: 'image/png', body: 'abc', headers };
      expect(() => assertMatchesContract(observed)).to.throw(/Content-Disposition missing/);
      headers.set('content-disposition', 'inline');
      expect(() => assertMatchesContract(observed)).not.to.throw();
      headers.set('accept-ranges', 'none');
      expect(() => assertMatchesContract(observed)).to.throw(/Accept-Ranges/);
      headers.set('accept-ranges', 'bytes');
      headers.delete('cache-control');
      expect(() => assertMatchesContract({ ...observed, status: 304, contentType: null, body: undefined })).to.throw(/Cache-Control missing/);
    });

    it('is read only as fast as the client takes it (backpressure), and destroyed when the client goes away', async () => {
      const total = 256 * 1024 * 1024;
      let produced = 0;
      const block = Buffer.alloc(64 * 1024, 7);
      source = () =>
        Object.assign(
          new Readable({
            read() {
              if (produced >= total) return this.push(null);
              produced += block.length;
              this.push(block);
            },
          }),
          { length: total },
        );
      let consumed = 0;
      const done = new Promise<void>((resolve, reject) => {
        const req = http.get(base + DOWNLOAD, { headers: { authorization: 'Bearer reader' }, agent: false }, (res) => {
          expect(res.statusCode).to.equal(200);
          res.once('data', (c: Buffer) => {
            consumed += c.length;
            res.pause();
            // The client stops reading: the server may buffer a socket's worth, never the file.
            setTimeout(() => {
              try {
                expect(produced - consumed).to.be.lessThan(16 * 1024 * 1024);
                req.destroy();
                resolve();
              } catch (err) {
                reject(err as Error);
              }
            }, 300);
          });
        });
        req.on('error', () => {});
      });
      await done;
      await waitFor(() => lastSource?.destroyed === true);
      expect(produced).to.be.lessThan(total);
      await waitFor(() => log.lines.some((l) => l.message === 'response stream ended early' && l.level === 'debug'));
    });

    it('cuts the answer short (the client sees an error, not a short file) when the source fails mid-stream', async () => {
      source = () =>
        Object.assign(
          new Readable({
            read() {
              this.push(Buffer.alloc(1024));
              this.destroy(new Error('storage went away'));
            },
          }),
          { length: 1_000_000 },
        );
      let error: unknown;
      await send('GET', DOWNLOAD, { authorization: 'Bearer reader' }, (req) => req.end()).catch((e) => (error = e));
      expect(error, 'the truncated answer must fail on the client').to.be.instanceOf(Error);
      await waitFor(() => log.lines.some((l) => l.message === 'response stream ended early' && l.level === 'warn'));
    });
  });
});

describe('Expect: 100-continue on a streamed upload (the real server)', () => {
  let api: TestApi;
  let workspace: string;
  let editor: string;
  before(async () => {
    api = await startTestApi();
    workspace = (await createWorkspace(api)).id;
    editor = (await createActor(api, { role: 'Editor', grants: { [workspace]: 'Write' } })).token;
  });
  after(() => api.close());

  /** Sends the headers, and the body only if the server says 100 Continue. */
  function expectContinue(token: string | undefined, body: Buffer, boundary: string): Promise<{ continued: boolean; status: number; text: string }> {
    return new Promise((resolve, reject) => {
      let continued = false;
      const req = http.request(`${api.url}/api/v1/workspaces/${workspace}/media`, {
        method: 'POST',
        agent: false,
        headers: {
          expect: '100-continue',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          if (!continued) req.destroy();
          resolve({ continued, status: res.statusCode!, text });
        });
      });
      req.on('error', (err) => (continued ? reject(err) : undefined));
      req.flushHeaders();
    });
  }

  const form = (boundary: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    );

  it('answers a refused caller at once, never asking for the body', async () => {
    const res = await expectContinue(undefined, form('b1'), 'b1');
    expect(res).to.include({ continued: false, status: 401 });
  });

  it('asks for a JSON body too, once the body step reads it', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password' }));
    const res = await new Promise<{ continued: boolean; status: number }>((resolve, reject) => {
      let continued = false;
      const req = http.request(`${api.url}/api/v1/auth/login`, {
        method: 'POST',
        agent: false,
        headers: { expect: '100-continue', 'content-type': 'application/json', 'content-length': body.length },
      });
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.on('response', (r) => {
        r.resume();
        r.on('end', () => resolve({ continued, status: r.statusCode! }));
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(res).to.deep.equal({ continued: true, status: 401 });
  });

  it('asks an authorised caller for the body (100 Continue) and stores it', async () => {
    const res = await expectContinue(editor, form('b2'), 'b2');
    expect(res).to.include({ continued: true, status: 201 });
    expect(JSON.parse(res.text)).to.include({ fileName: 'note.txt', sizeBytes: 5 });
  });
});
