// The headers that let a receiver trust a delivery. Two signatures over the same exact body bytes:
//
//   X-Verso-Signature: sha256=<hex>     upstream's: lowercase hex HMAC-SHA256 of the body, key = the
//                                       secret's UTF-8 bytes (the whole string, `whsec_` included)
//   webhook-signature: v1,<base64>      Standard Webhooks: base64 HMAC-SHA256 of
//                                       "<webhook-id>.<webhook-timestamp>.<body>", with the SAME key:
//                                       the secret's UTF-8 bytes, `whsec_` included
//
// Standard Webhooks libraries by default read a `whsec_` secret as base64 after the prefix; ours
// are base64url (upstream's form) or caller-chosen text, which that reading cannot take, so the key
// is the raw secret text for both signatures (the libraries' "raw" key format). webhook-id is the
// event id, the same value as X-Verso-Event-Id: stable across retries, the receiver's dedup key.
import crypto from 'node:crypto';

export interface SignedEvent {
  readonly secret: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly body: Buffer;
  /** Unix seconds of this attempt (webhook-timestamp; receivers reject stale ones). */
  readonly timestamp: number;
}

export function signatureHeaders(e: SignedEvent): Record<string, string> {
  const key = Buffer.from(e.secret, 'utf8');
  const hex = crypto.createHmac('sha256', key).update(e.body).digest('hex');
  const standard = crypto.createHmac('sha256', key).update(`${e.eventId}.${e.timestamp}.`, 'utf8').update(e.body).digest('base64');
  return {
    'Content-Type': 'application/json',
    'X-Verso-Event': e.eventType,
    'X-Verso-Event-Id': e.eventId,
    'X-Verso-Signature': `sha256=${hex}`,
    'webhook-id': e.eventId,
    'webhook-timestamp': String(e.timestamp),
    'webhook-signature': `v1,${standard}`,
  };
}
