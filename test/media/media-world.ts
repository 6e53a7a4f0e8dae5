// The media tests' world: an API on local disk or on S3 (s3rver, started by the tests and stopped
// by PID), a workspace with an Editor, a Reader and an Admin, and helpers to upload, download and
// look behind the API at the database and the store. Every describe block of the media suite runs
// once per provider (`forEachProvider`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'chai';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { assertMatchesContract } from '../helpers/contract-validator.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';
import type { StorageProvider } from '../../server/src/storage/provider.js';
import { createLogger } from '../../server/src/logging/logger.js';
import type { MediaLifecycle } from '../../server/src/workers/media-context.js';
import { MemoryLog } from '../helpers/memory-log.js';

export type ProviderName = 'local' | 's3';
export const PROVIDERS: readonly ProviderName[] = ['local', 's3'];

export interface MediaWorld {
  readonly provider: ProviderName;
  readonly api: TestApi;
  readonly s3: S3TestServer | null;
  readonly workspaceId: string;
  /** `/api/v1/workspaces/{workspaceId}` */
  readonly base: string;
  readonly editor: string;
  readonly reader: string;
  readonly admin: string;
  readonly storage: StorageProvider;
  close(): Promise<void>;
}

/** Starts an API on `provider`; `env` adds settings (a small Media__MaxFileSizeMb, workers off, …). */
export async function startMediaWorld(provider: ProviderName, env: Record<string, string> = {}): Promise<MediaWorld> {
  const s3 = provider === 's3' ? await startS3Server() : null;
  let api: TestApi;
  try {
    api = await startTestApi({ env: { Workers__Enabled: 'false', ...(s3 ? s3.env() : {}), ...env } });
  } catch (err) {
    await s3?.stop();
    throw err;
  }
  const ws = await createWorkspace(api);
  // These tests exercise the library and the public route for any upload, so their workspace makes
  // all its media public; the default (only what served content uses) has public-url-rules.test.ts.
  await dbQuery(api, 'UPDATE workspaces SET all_media_public = true WHERE id = $1', [ws.id]);
  const grants = { [ws.id]: 'Write' as const };
  const editor = await createActor(api, { role: 'Editor', grants });
  const reader = await createActor(api, { role: 'Reader', grants: { [ws.id]: 'Read' } });
  const admin = await createActor(api, { role: 'Admin', superadmin: true });
  return {
    provider,
    api,
    s3,
    workspaceId: ws.id,
    base: `/api/v1/workspaces/${ws.id}`,
    editor: editor.token,
    reader: reader.token,
    admin: admin.token,
    storage: api.running.deps.storage,
    async close() {
      await api.close();
      await s3?.stop();
    },
  };
}

/** Runs `body` as one describe block per provider, each with a world of its own. */
export function forEachProvider(title: string, body: (world: () => MediaWorld, provider: ProviderName) => void, env: Record<string, string> = {}): void {
  for (const provider of PROVIDERS) {
    describe(`${title} (${provider})`, function () {
      this.timeout(60_000);
      let world: MediaWorld | undefined;
      before(async () => {
        world = await startMediaWorld(provider, env);
      });
      after(async () => {
        await world?.close();
      });
      body(() => world!, provider);
    });
  }
}

export interface FilePart {
  readonly name?: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly data: Buffer;
}

/** Uploads one file as the world's Editor (a content or media world's): the 201's body. */
export async function uploadAsEditor(
  w: { readonly api: TestApi; readonly base: string; readonly editor: string },
  fileName: string,
  contentType: string,
  data: Buffer,
  altText?: string,
): Promise<any> {
  const form = multipart({ fileName, contentType, data }, altText ? { altText } : {});
  const res = await w.api.request('POST', `${w.base}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: w.editor });
  expect(res.status, res.text).to.equal(201);
  return res.body;
}

/** A multipart/form-data body with one file part and optional text fields (before the file). */
export function multipart(file: FilePart, fields: Record<string, string> = {}, fieldsAfter: Record<string, string> = {}): { contentType: string; body: Buffer } {
  const boundary = `----verso-test-${crypto.randomBytes(8).toString('hex')}`;
  const text = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8');
  const fileHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.fileName.replace(/"/g, '%22')}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
    'utf8',
  );
  const parts = [
    ...Object.entries(fields).map(([k, v]) => text(k, v)),
    fileHead,
    file.data,
    Buffer.from('\r\n'),
    ...Object.entries(fieldsAfter).map(([k, v]) => text(k, v)),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

/** POST …/media through the contract-checked client. */
export async function upload(w: MediaWorld, file: FilePart, options: { altText?: string; token?: string; altTextAfter?: boolean } = {}): Promise<ApiResponse> {
  const fields: Record<string, string> = options.altText === undefined ? {} : { altText: options.altText };
  const form = options.altTextAfter ? multipart(file, {}, fields) : multipart(file, fields);
  return w.api.request('POST', `${w.base}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: options.token ?? w.editor });
}

/** The smallest valid PNG header bytes followed by `size - 8` bytes of filler. */
export function pngBytes(size = 64): Buffer {
  const data = Buffer.alloc(Math.max(size, 8), 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return data;
}

export function pdfBytes(size = 64): Buffer {
  const data = Buffer.alloc(Math.max(size, 8), 0x20);
  Buffer.from('%PDF-1.7\n').copy(data);
  return data;
}

export async function uploadPng(w: MediaWorld, fileName = 'photo.png', size = 64, altText?: string): Promise<{ id: string; etag: string; body: any }> {
  const res = await upload(w, { fileName, contentType: 'image/png', data: pngBytes(size) }, { altText });
  expect(res.status, res.text).to.equal(201);
  return { id: res.body.id, etag: res.headers.get('etag')!, body: res.body };
}

export interface RawResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** GET of a file: the bytes as sent (not decoded as text), checked against the contract. */
export async function download(w: MediaWorld, id: string, headers: Record<string, string> = {}, token = w.reader): Promise<RawResponse> {
  const urlPath = `${w.base}/media/${id}/file`;
  const res = await fetch(w.api.url + urlPath, { headers: { authorization: `Bearer ${token}`, ...headers } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type');
  const body = contentType?.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : bytes.length > 0 ? bytes : undefined;
  assertMatchesContract({ method: 'GET', path: urlPath, status: res.status, contentType, body, headers: res.headers });
  return { status: res.status, headers: res.headers, bytes };
}

export async function assetRow(w: MediaWorld, id: string): Promise<Record<string, any> | undefined> {
  return (await dbQuery(w.api, 'SELECT * FROM media_assets WHERE id = $1', [id]))[0];
}

export async function intentsFor(w: MediaWorld, where: string, values: unknown[]): Promise<Record<string, any>[]> {
  return dbQuery(w.api, `SELECT * FROM media_deletion_intents WHERE ${where} ORDER BY created_at, id`, values);
}

/** Every object in the store (managed prefixes and all), with sizes: what "storage as before" compares. */
/** The rows and objects of media, to compare "before" and "after" a refused upload. */
export async function mediaSnapshot(w: MediaWorld) {
  return {
    assets: await dbQuery(w.api, 'SELECT id, blob_state FROM media_assets ORDER BY id'),
    intents: await dbQuery(w.api, 'SELECT id, reason FROM media_deletion_intents ORDER BY id'),
    audit: await dbQuery(w.api, `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'MediaAsset'`),
    objects: await storeContents(w),
  };
}

export async function storeContents(w: MediaWorld): Promise<string[]> {
  if (w.provider === 'local') {
    const root = w.api.config.storage.localBasePath;
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((d) => d.isFile())
      .map((d) => {
        const full = path.join(d.parentPath, d.name);
        return `${path.relative(root, full).split(path.sep).join('/')}:${fs.statSync(full).size}`;
      })
      .sort();
  }
  const out: string[] = [];
  for (const prefix of ['verso/', 'default/', 'elsewhere/']) {
    let cursor: string | undefined;
    do {
      const page = await listRaw(w, prefix, cursor);
      out.push(...page.keys);
      cursor = page.cursor;
    } while (cursor);
  }
  return out.sort();
}

/** S3 ListObjectsV2 straight against s3rver, outside the provider's managed-prefix guard. */
async function listRaw(w: MediaWorld, prefix: string, cursor?: string): Promise<{ keys: string[]; cursor?: string }> {
  const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = s3Client(w, S3Client);
  try {
    const out = await client.send(new ListObjectsV2Command({ Bucket: w.s3!.bucket, Prefix: prefix, ContinuationToken: cursor }));
    return { keys: (out.Contents ?? []).map((o) => `${o.Key}:${o.Size}`), cursor: out.IsTruncated ? out.NextContinuationToken : undefined };
  } finally {
    client.destroy();
  }
}

function s3Client<T>(w: MediaWorld, S3Client: new (config: object) => T): T {
  return new S3Client({
    endpoint: w.s3!.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: w.s3!.accessKey, secretAccessKey: w.s3!.secretKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Writes an object outside Verso (a foreign object, or an orphan), with a chosen age. */
export async function putForeignObject(w: MediaWorld, key: string, data: Buffer, ageMs = 0): Promise<void> {
  if (w.provider === 'local') {
    const file = path.join(w.api.config.storage.localBasePath, ...key.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, data);
    const at = new Date(Date.now() - ageMs);
    fs.utimesSync(file, at, at);
    return;
  }
  // s3rver keeps each object's metadata beside it on disk; an age is given by backdating that file's
  // LastModified through a metadata write is not possible over the API, so S3 orphans are aged by
  // the grace setting instead (ageMs must be 0 here).
  if (ageMs !== 0) throw new Error('objects on s3rver cannot be backdated; use a short OrphanGraceHours window instead');
  const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const client = s3Client(w, S3Client);
  try {
    await client.send(new PutObjectCommand({ Bucket: w.s3!.bucket, Key: key, Body: data }));
  } finally {
    client.destroy();
  }
}

/** A raw HTTP request whose body is written by `write` (for uploads the client abandons mid-way). */
export function rawRequest(
  w: MediaWorld,
  options: { method: string; path: string; headers: Record<string, string | number> },
  write: (req: http.ClientRequest) => void,
): Promise<{ status: number; body: string } | { error: Error }> {
  return new Promise((resolve) => {
    const url = new URL(w.api.url + options.path);
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: options.method, headers: options.headers });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        // The answer is in; a body the client never finished must not hold the connection open.
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on('error', (error) => resolve({ error }));
    });
    req.on('error', (error) => resolve({ error }));
    write(req);
  });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The lifecycle steps' context on this world's API (its pool, provider and instruments), options overridable. */
export function lifecycleOf(w: MediaWorld, options: Partial<MediaLifecycle['options']> = {}, storage?: StorageProvider): MediaLifecycle {
  const deps = w.api.running.deps;
  return {
    db: deps.db,
    storage: storage ?? deps.storage,
    logger: createLogger({ level: 'error', stream: new MemoryLog() }),
    instruments: deps.metrics.media,
    options: { ...deps.config.media.operations, ...options },
  };
}
