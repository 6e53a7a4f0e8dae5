// Captures real webhook deliveries for the SDKs' receiver helpers: the API (its own workers, the
// real egress client and TLS) delivers to an HTTPS receiver on loopback, and every request it gets
// is recorded byte for byte — the headers as sent (original case and order), the body as base64,
// the secret it was signed with, and when it arrived. Four deliveries cover what a receiver meets:
//
//   1. content.created to endpoint A, whose secret the caller chose (not whsec_ base64url);
//   2. content.version_published to endpoint B (a generated whsec_ secret), answered 503;
//   3. the same event again after an operator retry: same event id and bytes, a new timestamp;
//   4. content.created to A after A's secret was rotated (previousSecret no longer signs).
//
// Run from the repository root to rewrite the committed fixture (both SDKs' tests read it):
//   node --import tsx test/webhooks/capture-deliveries.ts
// sdk-ts/test/webhooks-captured.test.ts also calls captureDeliveries() to verify a fresh capture.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTestApi } from '../helpers/api.js';
import { startTestPostgres, stopTestPostgres } from '../helpers/database.js';
import { startHttpsReceiver, type ReceivedRequest } from '../helpers/https-receiver.js';
import { createTestCa } from '../helpers/test-ca.js';
import { within } from '../helpers/wait.js';
import { createArticle, expectStatus, publishNow, startContentWorld } from '../content/content-fixture.js';
import { loopbackSender } from './webhook-fixture.js';

export const FIXTURE_FILE = path.resolve(import.meta.dirname, '../fixtures/webhook-deliveries/deliveries.json');

export interface CapturedDelivery {
  /** What this delivery shows. */
  readonly label: string;
  readonly endpoint: 'A' | 'B';
  /** The status the receiver answered. */
  readonly answered: number;
  /** The endpoint's secret when the delivery was signed. */
  readonly secret: string;
  /** The endpoint's secret before a rotation, which must no longer verify (rotation case only). */
  readonly previousSecret?: string;
  /** When the receiver got it (ms since the epoch, and ISO): verify with the clock set here. */
  readonly receivedAtMs: number;
  readonly receivedAt: string;
  /** The request's headers as sent: [name, value] in the original case and order. */
  readonly headers: readonly (readonly [string, string])[];
  readonly bodyBase64: string;
  /** What a verifier returns for it: the event id and type (both from the signed body) and the parsed body. */
  readonly expected: { readonly id: string; readonly type: string; readonly payload: unknown };
}

export interface CapturedDeliveries {
  readonly description: string;
  readonly deliveries: CapturedDelivery[];
}

// A chosen secret with the punctuation a verifier must pass through untouched, long and varied
// enough for the chosen-secret rule (services/webhooks/chosen-secret-rule.ts).
const CHOSEN_SECRET = 'sdk-fixture:Chosen/Secret+1~!q7Z$kR2';

function pairs(raw: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  // Host carries the receiver's random port; nothing a verifier reads.
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() !== 'host') out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

/** Starts the API (needs the test PostgreSQL running), captures the four deliveries, stops everything. */
export async function captureDeliveries(): Promise<CapturedDeliveries> {
  const ca = await createTestCa();
  const receiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: ['hooks.example.test'] }) });
  const api = await startTestApi({ overrides: { webhookSender: loopbackSender(ca.cert) } });
  try {
    const w = await startContentWorld(api);
    const url = (p: string) => `https://hooks.example.test:${receiver.port}${p}`;
    const register = async (body: Record<string, unknown>) => {
      const res = await api.post(`${w.base}/webhooks`, body, { token: w.editor });
      expectStatus(res, 201);
      return res.body as { endpoint: { id: string }; secret: string };
    };
    const a = await register({ name: 'SDK fixture A', url: url('/a'), events: ['content.created'], secret: CHOSEN_SECRET });
    const b = await register({ name: 'SDK fixture B', url: url('/b'), events: ['content.version_published'] });
    const secrets: Record<'A' | 'B', string> = { A: a.secret, B: b.secret };
    const answers = new Map<ReceivedRequest, number>();
    let failNextOnB = true;
    receiver.answer((r) => {
      const status = r.path === '/b' && failNextOnB ? 503 : 200;
      if (r.path === '/b') failNextOnB = false;
      answers.set(r, status);
      return { status };
    });

    const deliveries: CapturedDelivery[] = [];
    const taken = new Set<ReceivedRequest>();
    /**
     * Waits for the delivery this step caused — to `endpoint`, of `type`, and about `contentItemId`
     * (or the event `eventId`) — not whichever request arrives next, and records it as signed with
     * `endpoint`'s current secret.
     */
    const take = async (label: string, endpoint: 'A' | 'B', want: { type: string; contentItemId?: string; eventId?: string }, previousSecret?: string) => {
      const path = endpoint === 'A' ? '/a' : '/b';
      const matches = (r: ReceivedRequest) => {
        if (taken.has(r) || r.path !== path) return false;
        const body = JSON.parse(r.body.toString('utf8')) as Record<string, unknown>;
        return body.type === want.type && (want.contentItemId === undefined || body.contentItemId === want.contentItemId) && (want.eventId === undefined || body.id === want.eventId);
      };
      await within(10_000, async () => receiver.requests.some(matches));
      const r = receiver.requests.find(matches)!;
      taken.add(r);
      const body = r.body;
      const headers = pairs(r.rawHeaders);
      const payload = JSON.parse(body.toString('utf8')) as { type: string; id: string };
      deliveries.push({
        label,
        endpoint,
        answered: answers.get(r) ?? 200,
        secret: secrets[endpoint],
        ...(previousSecret ? { previousSecret } : {}),
        receivedAtMs: r.receivedAt,
        receivedAt: new Date(r.receivedAt).toISOString(),
        headers,
        bodyBase64: body.toString('base64'),
        // What a verifier returns: type and id from the signed body (the headers repeat them).
        expected: { id: payload.id, type: payload.type, payload },
      });
      return { request: r, eventId: payload.id };
    };

    const first = await createArticle(w, 'Captured for SDKs');
    await take('content.created, a secret the caller chose', 'A', { type: 'content.created', contentItemId: first.id });
    await publishNow(w, first.id, 1);
    const failedAttempt = await take('content.version_published, a generated whsec_ secret, answered 503', 'B', { type: 'content.version_published', contentItemId: first.id });
    let failed: { id: string } | undefined;
    await within(10_000, async () => {
      const res = await api.get(`${w.base}/webhooks/${b.endpoint.id}/deliveries?isFailed=true`, { token: w.editor });
      failed = res.body.items[0];
      return failed !== undefined;
    });
    // The retry's webhook-timestamp (whole seconds) should differ visibly from the first attempt's.
    await within(2_000, async () => Math.floor(Date.now() / 1000) > Math.floor(failedAttempt.request.receivedAt / 1000));
    expectStatus(await api.post(`${w.base}/webhooks/${b.endpoint.id}/deliveries/${failed!.id}/retry`, undefined, { token: w.editor }), 202);
    await take('the same event retried by an operator: same id and bytes, new timestamp and signature', 'B', { type: 'content.version_published', eventId: failedAttempt.eventId });
    const rotated = await api.post(`${w.base}/webhooks/${a.endpoint.id}/rotate-secret`, undefined, { token: w.editor });
    expectStatus(rotated, 200);
    const previous = secrets.A;
    secrets.A = rotated.body.secret;
    const second = await createArticle(w, 'After a rotation');
    await take('content.created after the secret was rotated', 'A', { type: 'content.created', contentItemId: second.id }, previous);
    return {
      description:
        'Webhook deliveries captured from the real Verso API over HTTPS by test/webhooks/capture-deliveries.ts. ' +
        'headers are [name, value] pairs as sent; bodyBase64 is the exact body; verify each with the clock set to receivedAtMs.',
      deliveries,
    };
  } finally {
    await api.close();
    await receiver.close();
  }
}

async function writeFixture(): Promise<void> {
  await startTestPostgres();
  try {
    const captured = await captureDeliveries();
    fs.mkdirSync(path.dirname(FIXTURE_FILE), { recursive: true });
    // One line per header pair keeps the file short enough to read.
    const json = JSON.stringify(captured, null, 2).replace(/\[\n\s+("(?:[^"\\]|\\.)*"),\n\s+("(?:[^"\\]|\\.)*")\n\s+\]/g, '[$1, $2]');
    fs.writeFileSync(FIXTURE_FILE, json + '\n');
    console.log(`wrote ${captured.deliveries.length} deliveries to ${path.relative(process.cwd(), FIXTURE_FILE)}`);
  } finally {
    await stopTestPostgres();
  }
}

// No top-level await: mocha loads test files with require() first, and a module graph with
// top-level await would be imported as ESM instead, with its own copy of the test helpers (and of
// their per-process database counter).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  writeFixture().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
