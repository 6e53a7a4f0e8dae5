// One attempt of one claimed delivery: read the endpoint as it is now (URL and secret), open the
// secret, sign the stored bytes, POST them through the egress client, and write the outcome under
// the claim's lease. An endpoint switched off or deleted since the claim gets no attempt: the claim
// is handed back untouched (an inactive endpoint's deliveries wait; a deleted one's are gone with
// it). A URL or secret changed since the claim applies to this attempt. Success is any 2xx;
// anything else (another status, a redirect, a timeout, a refused destination, a secret that cannot
// be opened) is a failed attempt: due again after the backoff, or a dead letter once
// Webhook__MaxAttempts attempts have failed. A worker whose lease was lost writes nothing.
import type { DatabasePool } from 'slonik';
import { recordDelivered, recordFailedAttempt, releaseDeliveries, type ClaimedDelivery } from '../../db/webhooks/deliveries.js';
import { findAttemptTarget, type StoredSecretColumns } from '../../db/webhooks/endpoints.js';
import type { Lease } from '../../db/lease.js';
import type { Logger } from '../../logging/logger.js';
import type { SecretInstruments } from '../../telemetry/secret-instruments.js';
import type { WebhookInstruments } from '../../telemetry/webhook-instruments.js';
import { signatureHeaders } from './delivery-signature.js';
import type { SecretBox, SendResult, WebhookSender } from './webhook-ports.js';

/** Upstream's backoff: 30 s after the first failure, doubling, at most 24 h. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 24 * 3_600_000;

export function retryDelayMs(failedAttempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
}

export interface AttemptContext {
  readonly db: DatabasePool;
  readonly secretBox: SecretBox;
  readonly sender: WebhookSender;
  readonly instruments: WebhookInstruments;
  readonly secretInstruments: SecretInstruments;
  readonly logger: Logger;
  readonly maxAttempts: number;
  readonly requestTimeoutMs: number;
}

/** `held`: the endpoint was switched off or deleted after the claim; nothing was sent or counted. */
export type AttemptRecord = 'delivered' | 'retrying' | 'dead_letter' | 'lease_lost' | 'held';

interface DecryptFailure {
  readonly reason?: unknown;
  readonly version?: unknown;
  readonly keyId?: unknown;
}

/** What an attempt came to: the sender's outcome, or a secret that could not be opened (nothing sent). */
type AttemptResult = SendResult | { readonly outcome: 'secret_unavailable'; readonly statusCode: null; readonly error: string };

function openSecret(ctx: AttemptContext, claim: ClaimedDelivery, sealed: StoredSecretColumns): string | AttemptResult {
  try {
    return ctx.secretBox.open(sealed);
  } catch (err) {
    // The keyring's error names version, key id and a bounded reason, nothing else; anything else
    // thrown here is counted as `unknown` and its message is not logged (it might quote input).
    const e = (err ?? {}) as DecryptFailure;
    const labels = {
      version: typeof e.version === 'string' ? e.version : 'unknown',
      keyId: typeof e.keyId === 'string' ? e.keyId : 'unknown',
      reason: typeof e.reason === 'string' ? e.reason : 'unknown',
    };
    ctx.secretInstruments.recordDecryptFailure(labels);
    ctx.logger.error('webhook signing secret could not be decrypted', { endpoint_id: claim.endpoint_id, version: labels.version, key_id: labels.keyId, reason: labels.reason });
    return { outcome: 'secret_unavailable', statusCode: null, error: `The endpoint's signing secret could not be decrypted (${labels.reason}); nothing was sent.` };
  }
}

async function send(ctx: AttemptContext, claim: ClaimedDelivery, url: string, secret: string): Promise<SendResult> {
  const body = Buffer.from(claim.payload, 'utf8');
  const headers = signatureHeaders({ secret, eventId: claim.event_id, eventType: claim.event_type, body, timestamp: Math.floor(Date.now() / 1000) });
  try {
    return await ctx.sender.send({ url, body, headers, timeoutMs: ctx.requestTimeoutMs });
  } catch (err) {
    // The sender reports failures as outcomes; a throw is a defect, kept as a failed attempt so the
    // delivery is retried rather than stuck under its lease.
    ctx.logger.error('webhook sender failed unexpectedly', { err, endpoint_id: claim.endpoint_id });
    return { outcome: 'connection_failed', statusCode: null, error: 'The attempt failed unexpectedly before an answer was received.' };
  }
}

export async function attemptDelivery(ctx: AttemptContext, claim: ClaimedDelivery, lease: Lease): Promise<AttemptRecord> {
  const target = await findAttemptTarget(ctx.db, claim.endpoint_id);
  if (target === null) {
    await releaseDeliveries(ctx.db, [claim.id], lease);
    return 'held';
  }
  const secret = openSecret(ctx, claim, target.secret);
  const result: AttemptResult = typeof secret === 'string' ? await send(ctx, claim, target.url, secret) : secret;
  const count = claim.attempt_count + 1;
  if (result.outcome === 'delivered') {
    if (!(await recordDelivered(ctx.db, claim.id, lease, { count, statusCode: result.statusCode }))) return 'lease_lost';
    ctx.instruments.deliverySucceeded.add(1);
    return 'delivered';
  }
  if (result.outcome === 'rejected_destination') ctx.instruments.destinationRejected.add(1);
  if (result.outcome === 'connection_failed' || result.outcome === 'timeout') ctx.instruments.connectionFailed.add(1);
  const dead = count >= ctx.maxAttempts;
  const error = result.error ?? (result.statusCode !== null ? `The receiver answered ${result.statusCode}.` : 'The attempt failed.');
  const written = await recordFailedAttempt(ctx.db, claim.id, lease, { count, statusCode: result.statusCode, error, retryInMs: dead ? null : retryDelayMs(count) });
  if (!written) return 'lease_lost';
  if (dead) {
    ctx.instruments.deliveryDeadLettered.add(1);
    return 'dead_letter';
  }
  ctx.instruments.deliveryRetried.add(1);
  return 'retrying';
}
