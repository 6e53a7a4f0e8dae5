// The receiver's side of Verso webhooks: check that a delivery was signed with the endpoint's
// secret over the exact bytes received, and that it is recent, before trusting it.
//
// Wire format (README "Webhooks"): X-Verso-Signature: sha256=<lowercase hex HMAC-SHA256(body)>, and
// the Standard Webhooks headers webhook-id, webhook-timestamp (Unix seconds of the attempt) and
// webhook-signature: "v1,<base64 HMAC-SHA256(`${id}.${timestamp}.${body}`)>" (space-separated when
// there are several). The key of both HMACs is the secret's UTF-8 bytes, the whole string,
// `whsec_` included (not the Standard Webhooks libraries' default base64 reading of it).
//
// The event's type and id are taken from the signed body's `type` and `id` members, never from
// the unsigned X-Verso-Event / X-Verso-Event-Id headers (issue #23: a captured delivery relabelled
// `content.deleted` verified); a header that disagrees with the body refuses the delivery, and so
// does a verified body without them (an older server's: its type could only come from a header).
//
// Web Crypto, not node:crypto, so the helper runs wherever the SDK runs (Node 20+, Deno, Bun,
// Cloudflare Workers, Vercel Edge); Web Crypto is asynchronous, so verifyWebhook is too. The
// comparison is crypto.subtle.verify's: the runtime compares the MACs in constant time, in native
// code, so the time taken says nothing about how much of a forged signature was right.
import { readHeader, requireHeader, type WebhookHeaders } from './webhooks-headers.js';
import { VersoWebhookError, type VersoWebhookEvent } from './webhooks-events.js';

export interface VerifyWebhookOptions {
  /**
   * How far `webhook-timestamp` may lie from now, either way, in seconds (default 300). Older
   * deliveries are refused as replays; the server stamps each attempt anew, so a retry is fresh.
   */
  toleranceSeconds?: number;
  /** Wall clock in ms (default Date.now); tests and fixtures inject one. */
  now?: () => number;
  /**
   * Require the Standard Webhooks headers (default true). Every Verso delivery carries them, and
   * only they bind the event id and a time to the signature: without them a captured delivery
   * could be replayed at any later time. `false` accepts a delivery signed with X-Verso-Signature
   * alone (an older or upstream-compatible sender); the Standard headers are still verified when
   * any of them is present, so stripping only some of them does not get around the check.
   */
  requireStandardSignature?: boolean;
}

const DEFAULT_TOLERANCE_SECONDS = 300;
const VERSO_SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;
const STANDARD_SIGNATURE = /^v1,([A-Za-z0-9+/]{43}=)$/;
const TIMESTAMP = /^[0-9]{1,12}$/;

const encoder = new TextEncoder();

function bytesOf(rawBody: unknown): Uint8Array<ArrayBuffer> {
  if (typeof rawBody === 'string') return encoder.encode(rawBody);
  if (rawBody instanceof Uint8Array) return new Uint8Array(rawBody);
  if (rawBody instanceof ArrayBuffer) return new Uint8Array(rawBody.slice(0));
  // The classic mistake: a JSON body parser ran first, so the bytes the signature covers are gone.
  const hint = rawBody !== null && typeof rawBody === 'object' ? ' It is an object: a JSON body parser ran before the helper; give it the raw bytes (express.raw(), request.arrayBuffer()).' : '';
  throw new TypeError(`verifyWebhook needs the raw request body as bytes (Uint8Array, Buffer, ArrayBuffer) or the exact text.${hint}`);
}

function secretsOf(secret: string | readonly string[]): string[] {
  const list = typeof secret === 'string' ? [secret] : [...secret];
  if (list.length === 0 || list.some((s) => typeof s !== 'string' || s.length === 0)) {
    throw new TypeError('verifyWebhook needs the endpoint signing secret (a non-empty string, or a list of them while rotating).');
  }
  return list;
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function base64Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const text = atob(b64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) out[i] = text.charCodeAt(i);
  return out;
}

function hmacKey(secret: string) {
  return globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

interface StandardHeaders {
  readonly id: string;
  readonly timestamp: number;
  /** The v1 signatures offered, decoded; entries of other versions are ignored (the spec's rule). */
  readonly signatures: Uint8Array<ArrayBuffer>[];
}

function readStandardHeaders(headers: WebhookHeaders, required: boolean): StandardHeaders | undefined {
  const names = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
  if (!required && names.every((n) => readHeader(headers, n) === undefined)) return undefined;
  const [id, timestamp, signature] = names.map((n) => requireHeader(headers, n)) as [string, string, string];
  if (!TIMESTAMP.test(timestamp)) throw new VersoWebhookError('malformed_header', 'webhook-timestamp is not a whole number of Unix seconds.', 'webhook-timestamp');
  const entries = signature.split(' ').filter((e) => e.length > 0);
  const signatures = entries.flatMap((e) => {
    const m = STANDARD_SIGNATURE.exec(e);
    return m ? [base64Bytes(m[1]!)] : [];
  });
  if (signatures.length === 0) throw new VersoWebhookError('malformed_header', 'webhook-signature carries no "v1,<base64 HMAC-SHA256>" signature.', 'webhook-signature');
  return { id, timestamp: Number(timestamp), signatures };
}

function parsePayload(body: Uint8Array): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body));
  } catch {
    throw new VersoWebhookError('invalid_payload', 'The signed body is not UTF-8 JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new VersoWebhookError('invalid_payload', 'The signed body is not a JSON object.');
  return parsed as Record<string, unknown>;
}

/** The event's type and id from the signed body, checked against the headers that repeat them. */
function boundEvent(payload: Record<string, unknown>, headers: { type: string; eventId: string | undefined; webhookId: string | undefined }): { type: string; id: string } {
  const { type, id } = payload;
  if (typeof type !== 'string' || type.length === 0 || typeof id !== 'string' || id.length === 0) {
    throw new VersoWebhookError('untyped_payload', 'The signed body carries no event type and id (a server older than this SDK expects), so its type cannot be trusted.');
  }
  const mismatch = (header: string, what: string) => new VersoWebhookError('header_mismatch', `The ${header} header differs from the ${what} in the signed body.`, header);
  if (headers.type !== type) throw mismatch('x-verso-event', 'event type');
  if (headers.webhookId !== undefined && headers.webhookId !== id) throw mismatch('webhook-id', 'event id');
  if (headers.eventId !== undefined && headers.eventId !== id) throw mismatch('x-verso-event-id', 'event id');
  return { type, id };
}

/**
 * Verifies a Verso webhook delivery and returns its event, or throws `VersoWebhookError` (with a
 * `reason` code) when the request must not be trusted; wrong arguments (no secret, a parsed
 * object for a body) throw `TypeError`. The event's `type` and `id` come from the signed body;
 * `X-Verso-Event`, `X-Verso-Event-Id` and `webhook-id` must repeat them (`header_mismatch`), and a
 * body without them is refused (`untyped_payload`).
 *
 * - `rawBody`: the request body exactly as received: bytes (Buffer, Uint8Array, ArrayBuffer), or
 *   the exact text (`await request.text()`). Never a re-serialised object.
 * - `headers`: a fetch `Headers`, Node's `req.headers`, or a plain object with keys in any case.
 * - `secret`: the endpoint's signing secret, the whole `whsec_…` string; while rotating, a list
 *   (a delivery signed with any of them is accepted).
 *
 * Both signatures must match: `X-Verso-Signature` always, and the Standard Webhooks
 * `webhook-signature` (any of its space-separated `v1,` entries) with `webhook-timestamp` within
 * `toleranceSeconds` of `now()`; see `requireStandardSignature` for deliveries without them.
 */
export async function verifyWebhook(
  rawBody: Uint8Array | ArrayBuffer | string,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<VersoWebhookEvent> {
  const body = bytesOf(rawBody);
  const secrets = secretsOf(secret);
  if (headers === null || typeof headers !== 'object') throw new TypeError('verifyWebhook needs the request headers.');
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new TypeError('toleranceSeconds must be a non-negative number.');

  const type = requireHeader(headers, 'x-verso-event'); // not signed: compared with the body's below
  const versoSignature = VERSO_SIGNATURE.exec(requireHeader(headers, 'x-verso-signature'));
  if (!versoSignature) throw new VersoWebhookError('malformed_header', 'X-Verso-Signature is not "sha256=<64 hex digits>".', 'x-verso-signature');
  const standard = readStandardHeaders(headers, options.requireStandardSignature ?? true);
  const eventId = readHeader(headers, 'x-verso-event-id');
  if (eventId !== undefined && standard && eventId !== standard.id) {
    throw new VersoWebhookError('event_id_mismatch', 'X-Verso-Event-Id differs from the signed webhook-id.', 'x-verso-event-id');
  }
  if ((standard?.id ?? eventId) === undefined) throw new VersoWebhookError('missing_header', 'The X-Verso-Event-Id header is missing.', 'x-verso-event-id');

  const subtle = globalThis.crypto.subtle;
  const versoMac = hexBytes(versoSignature[1]!);
  const signedContent = standard ? concat(encoder.encode(`${standard.id}.${standard.timestamp}.`), body) : undefined;
  let versoMatched = false;
  let standardMatched = false;
  // One secret must account for both signatures: the server signs both with the same key.
  for (const s of secrets) {
    const key = await hmacKey(s);
    if (!(await subtle.verify('HMAC', key, versoMac, body))) continue;
    versoMatched = true;
    if (!standard || !signedContent) break;
    for (const mac of standard.signatures) {
      if (await subtle.verify('HMAC', key, mac, signedContent)) standardMatched = true;
    }
    if (standardMatched) break;
  }
  if (!versoMatched) throw new VersoWebhookError('signature_mismatch', 'X-Verso-Signature does not match the body under the secret.', 'x-verso-signature');
  if (standard && !standardMatched) throw new VersoWebhookError('signature_mismatch', 'No webhook-signature entry matches the signed content under the secret.', 'webhook-signature');

  if (standard) {
    const ageSeconds = ((options.now ?? Date.now)() - standard.timestamp * 1000) / 1000;
    if (ageSeconds > tolerance) throw new VersoWebhookError('timestamp_too_old', `webhook-timestamp is ${Math.floor(ageSeconds)} s old, beyond the ${tolerance} s tolerance.`, 'webhook-timestamp');
    if (-ageSeconds > tolerance) throw new VersoWebhookError('timestamp_in_future', `webhook-timestamp is ${Math.ceil(-ageSeconds)} s in the future, beyond the ${tolerance} s tolerance.`, 'webhook-timestamp');
  }

  const payload = parsePayload(body);
  const event = boundEvent(payload, { type, eventId, webhookId: standard?.id });
  return { id: event.id, type: event.type, payload, timestamp: standard ? new Date(standard.timestamp * 1000) : undefined } as VersoWebhookEvent;
}
