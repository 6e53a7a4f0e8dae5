// One API per test file with a workspace and an actor per access level webhooks distinguish, plus
// the webhook workers built from the API's own dependencies so a test decides when a pass runs
// (the API's own workers are off).
import { expect } from 'chai';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { createLogger } from '../../server/src/logging/logger.js';
import type { SendResult, WebhookSender, WebhookSendRequest } from '../../server/src/services/webhooks/webhook-ports.js';
import { createWebhookDeliveryWorker } from '../../server/src/workers/webhook-delivery.js';
import { createWebhookDispatchWorker } from '../../server/src/workers/webhook-dispatch.js';
import { MemoryLog } from '../helpers/memory-log.js';
import { createWebhookSender, defaultAddressPolicy, type AddressPolicy } from '../../server/src/webhooks/egress/index.js';
import { testResolver } from '../helpers/https-receiver.js';

export interface WebhookWorld {
  readonly api: TestApi;
  readonly ws: string;
  readonly base: string;
  /** Editor with Write: manages webhooks. */
  readonly editor: string;
  /** Editor with Read: reads them only. */
  readonly readOnlyEditor: string;
  /** Reader with Write: below the role webhooks need. */
  readonly reader: string;
  /** Editor without any grant on the workspace. */
  readonly stranger: string;
  /** What the workers built by this fixture log. */
  readonly workerLog: MemoryLog;
}

export function expectStatus(res: ApiResponse, status: number): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
}

export function expectProblem(res: ApiResponse, status: number, code: string): void {
  expectStatus(res, status);
  expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(res.body.type).to.equal(`https://verso.dev/errors/${code}`);
}

export async function startWebhookWorld(options: Parameters<typeof startTestApi>[0] = {}): Promise<WebhookWorld> {
  const api = await startTestApi({ ...options, env: { Workers__Enabled: 'false', ...options.env } });
  const { id: ws } = await createWorkspace(api);
  const token = async (role: 'Reader' | 'Editor', grant?: 'Read' | 'Write') => (await createActor(api, { role, grants: grant ? { [ws]: grant } : {} })).token;
  return {
    api,
    ws,
    base: `/api/v1/workspaces/${ws}`,
    editor: await token('Editor', 'Write'),
    readOnlyEditor: await token('Editor', 'Read'),
    reader: await token('Reader', 'Write'),
    stranger: await token('Editor'),
    workerLog: new MemoryLog(),
  };
}

/** Registers an endpoint (201 expected); returns the response body (endpoint + secret). */
export async function registerEndpoint(w: WebhookWorld, body: Record<string, unknown> = {}): Promise<{ endpoint: Record<string, any>; secret: string }> {
  const res = await w.api.post(`${w.base}/webhooks`, { name: 'Site', url: 'https://hooks.example.test/verso', events: ['content.version_published'], ...body }, { token: w.editor });
  expectStatus(res, 201);
  return res.body;
}

/** Writes an outbox event the way a change does (straight into the table); returns its id. */
export async function emitEvent(w: WebhookWorld, eventType: string, payload: Record<string, unknown> = { workspaceId: w.ws }, workspaceId: string | null = w.ws): Promise<string> {
  const [row] = await dbQuery(w.api, `INSERT INTO outbox_events (workspace_id, event_type, entity_type, entity_id, payload) VALUES ($1, $2, 'Test', gen_random_uuid(), $3) RETURNING id`, [workspaceId, eventType, payload]);
  return row.id;
}

export function dispatcher(w: WebhookWorld, overrides: { batchSize?: number; leaseMs?: number } = {}) {
  const deps = w.api.running.deps;
  return createWebhookDispatchWorker(deps.db, createLogger({ level: 'debug', stream: w.workerLog }), deps.metrics.webhooks, {
    pollIntervalMs: 60_000,
    leaseMs: overrides.leaseMs ?? 60_000,
    batchSize: overrides.batchSize ?? 100,
  });
}

export function deliveryWorker(w: WebhookWorld, sender: WebhookSender, overrides: { batchSize?: number; leaseMs?: number; maxAttempts?: number; concurrency?: number } = {}) {
  const deps = w.api.running.deps;
  return createWebhookDeliveryWorker(
    {
      db: deps.db,
      secretBox: deps.secretBox,
      sender,
      instruments: deps.metrics.webhooks,
      secretInstruments: deps.metrics.secrets,
      logger: createLogger({ level: 'debug', stream: w.workerLog }),
      maxAttempts: overrides.maxAttempts ?? deps.config.webhooks.maxAttempts,
      requestTimeoutMs: deps.config.webhooks.requestTimeoutMs,
    },
    { pollIntervalMs: 60_000, leaseMs: overrides.leaseMs ?? 60_000, batchSize: overrides.batchSize ?? 100, concurrency: overrides.concurrency ?? 4 },
  );
}

export const runOnce = (worker: { runOnce(signal: AbortSignal): Promise<number> }) => worker.runOnce(new AbortController().signal);

export { dbQuery };

/**
 * A sender that records every request and answers what the test programs (default: delivered,
 * 200) — for API and state-machine tests; the delivery path over real TLS is tested with the
 * HTTPS receiver (delivery.test.ts).
 */
export class ScriptedSender implements WebhookSender {
  readonly requests: WebhookSendRequest[] = [];
  private readonly script: SendResult[] = [];
  fallback: SendResult = { outcome: 'delivered', statusCode: 200, error: null };
  /** When set, answers every request (the script is not used). */
  respond?: (request: WebhookSendRequest) => SendResult;

  then(...results: SendResult[]): this {
    this.script.push(...results);
    return this;
  }

  async send(request: WebhookSendRequest): Promise<SendResult> {
    this.requests.push(request);
    if (this.respond) return this.respond(request);
    return this.script.shift() ?? this.fallback;
  }

  close(): void {}
}

export const failedWith = (statusCode: number): SendResult => ({ outcome: 'http_status', statusCode, error: `The receiver answered ${statusCode}.` });

/** The API's Prometheus text (needs Metrics__Enabled=true, Metrics__Port=0). */
export async function scrape(w: WebhookWorld): Promise<string> {
  const url = w.api.running.deps.metrics.endpointUrl;
  if (!url) throw new Error('start the API with Metrics__Enabled=true to scrape it');
  return (await fetch(url)).text();
}

/**
 * Every series of the instruments whose Prometheus name starts with `prefix`: name, labels (the
 * exporter's otel_scope_* labels left out) and value.
 */
export function series(text: string, prefix: string): { name: string; labels: Record<string, string>; value: number }[] {
  const out: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(prefix)) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)) if (!k!.startsWith('otel_scope_')) labels[k!] = v!;
    out.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return out;
}

/** The value of one series (labels matched exactly, scope labels ignored); undefined when absent. */
export function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = JSON.stringify(Object.entries(labels).sort());
  return series(text, name).find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === want)?.value;
}

/**
 * The production policy with exactly the two loopback addresses allowed: tests only (the receiver
 * runs on loopback). Nothing else about the egress rules changes.
 */
export const allowLoopback: AddressPolicy = {
  isForbidden: (address) => (address === '127.0.0.1' || address === '::1' ? null : defaultAddressPolicy.isForbidden(address)),
};

/** The real egress client, reaching test host names on loopback over TLS with the test CA. */
export function loopbackSender(caCert: string, names: Record<string, readonly string[]> = { 'hooks.example.test': ['127.0.0.1'] }): WebhookSender {
  return createWebhookSender({ allowHttp: false, resolver: testResolver(names), policy: allowLoopback, ca: caCert });
}
