// Starts the real API in-process on a random port, on a database of its own, and gives tests an
// HTTP client whose every response is validated against the contract.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../server/src/config.js';
import { createLogger } from '../../server/src/logging/logger.js';
import { startApi, type RunningApi, type StartApiOptions } from '../../server/src/server.js';
import { assertMatchesContract } from './contract-validator.js';
import { createTestDatabase } from './database.js';
import { MemoryLog } from './memory-log.js';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is (no JSON encoding); set a content type in headers. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  token?: string;
  /** Skip the contract check (only for tests of deliberately undocumented traffic). */
  unchecked?: boolean;
}

export interface TestApi {
  readonly url: string;
  readonly databaseUrl: string;
  readonly config: Config;
  readonly log: MemoryLog;
  readonly running: RunningApi;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  put<T = any>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = any>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /**
   * `{ 'if-match': tag }` with the ETag a GET of `path` answers now: for a guarded write (every
   * operation that declares If-Match refuses one without the tag) in a test about something else.
   */
  ifMatch(path: string, token?: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export async function startTestApi(
  options: {
    env?: Record<string, string>;
    databaseUrl?: string;
    overrides?: StartApiOptions['overrides'];
    databaseInterceptors?: StartApiOptions['databaseInterceptors'];
    onStatement?: StartApiOptions['onStatement'];
  } = {},
): Promise<TestApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-test-data-'));
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const config = loadConfig(
    { NODE_ENV: 'test', Api__Port: '0', Data__Directory: dataDir, Logging__Level: 'debug', ...options.env },
    { version: '0.0.0-test' },
  );
  const log = new MemoryLog();
  const logger = createLogger({ level: config.logging.level, stream: log });
  const running = await startApi(config, { logger, databaseUrl, overrides: options.overrides, databaseInterceptors: options.databaseInterceptors, onStatement: options.onStatement });

  async function request<T>(method: string, urlPath: string, o: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | Buffer | undefined;
    if (o.rawBody !== undefined) body = o.rawBody;
    else if (Buffer.isBuffer(o.body)) body = o.body;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(running.url + urlPath, { method, headers, body: body as never });
    const text = await res.text();
    const contentType = res.headers.get('content-type');
    let parsed: unknown = text;
    if (contentType && /json/.test(contentType) && text.length > 0) parsed = JSON.parse(text);
    if (text.length === 0) parsed = undefined;
    if (!o.unchecked) {
      assertMatchesContract({ method, path: urlPath.split('?')[0]!, status: res.status, contentType, body: parsed, headers: res.headers });
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  return {
    url: running.url,
    databaseUrl,
    config,
    log,
    running,
    request,
    get: (p, o) => request('GET', p, o),
    post: (p, b, o) => request('POST', p, { ...o, body: b }),
    put: (p, b, o) => request('PUT', p, { ...o, body: b }),
    delete: (p, o) => request('DELETE', p, o),
    async ifMatch(p, token) {
      const res = await request('GET', p, { token });
      const tag = res.headers.get('etag');
      if (res.status !== 200 || !tag) throw new Error(`GET ${p} answered ${res.status} without an ETag; cannot guard the write`);
      return { 'if-match': tag };
    },
    async close() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
