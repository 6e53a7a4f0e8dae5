// What a verified delivery gives the receiver, and how a rejected one is reported. The payload
// shapes are the server's wire format (the contract's Webhook*Payload schemas): the body is the
// payload itself, no envelope, and it carries the event's `type` and `id`, so the signatures cover
// them; the X-Verso-Event / X-Verso-Event-Id headers only repeat them and are not trusted.
import type { components } from './generated/openapi.js';

export type WebhookEventType = components['schemas']['WebhookEventType'];

/**
 * Body of every `content.*` event; the version members are null for item events (`content.created`, …).
 * `type` and `id` are the event's, signed with the body.
 */
export type ContentEventPayload = components['schemas']['WebhookContentEventPayload'];

/** Body of `template.version_published`. */
export type TemplateVersionPublishedPayload = components['schemas']['WebhookTemplateVersionPublishedPayload'];

/** Body of `workspace.updated`. */
export type WorkspaceUpdatedPayload = components['schemas']['WebhookWorkspaceUpdatedPayload'];

/** Body of `release.published`: the release, its entries and the union of their purge keys. */
export type ReleasePublishedPayload = components['schemas']['WebhookReleasePublishedPayload'];

export interface WebhookPayloads {
  'content.created': ContentEventPayload;
  'content.updated': ContentEventPayload;
  'content.deleted': ContentEventPayload;
  'content.version_created': ContentEventPayload;
  'content.version_updated': ContentEventPayload;
  'content.version_deleted': ContentEventPayload;
  'content.version_status_changed': ContentEventPayload;
  'content.version_published': ContentEventPayload;
  'content.version_template_upgraded': ContentEventPayload;
  'template.version_published': TemplateVersionPublishedPayload;
  'workspace.updated': WorkspaceUpdatedPayload;
  'release.published': ReleasePublishedPayload;
}

/**
 * A verified delivery, discriminated by `type` (so `switch (event.type)` narrows `payload`).
 * `type` and `id` are read from the signed body (the payload's own `type` and `id`), never from the
 * unsigned X-Verso-Event headers, which must agree with them. `id` is the event id: the same on
 * every attempt of the event, so deduplicate by it (delivery is at least once). `timestamp` is the
 * attempt's signed `webhook-timestamp`, when the delivery carried the Standard Webhooks headers.
 * The type is not checked against the list above: a server newer than this SDK may send a type
 * the SDK does not know.
 */
export type VersoWebhookEvent = {
  [T in WebhookEventType]: {
    readonly id: string;
    readonly type: T;
    readonly payload: WebhookPayloads[T] & { readonly type: T };
    readonly timestamp: Date | undefined;
  };
}[WebhookEventType];

/**
 * Why a delivery was refused. Every one of them means "do not act on this request" (answer 400 or
 * 401); only `timestamp_too_old`/`timestamp_in_future` on a delivery whose signature *was* valid
 * hint at a clock problem rather than at a forgery, and they are checked after the signatures.
 */
export type VersoWebhookErrorReason =
  /** A required header is absent (or empty): `header` names it. */
  | 'missing_header'
  /** A header is present but not in the form the server sends (`header` names it). */
  | 'malformed_header'
  /** No signature in `header` matches the body under the secret(s). */
  | 'signature_mismatch'
  /** `webhook-timestamp` is older than the tolerance: a replay, or a delivery held up too long. */
  | 'timestamp_too_old'
  /** `webhook-timestamp` is further in the future than the tolerance (check the receiver's clock). */
  | 'timestamp_in_future'
  /** `X-Verso-Event-Id` and the signed `webhook-id` differ. */
  | 'event_id_mismatch'
  /**
   * A header disagrees with the signed body: `X-Verso-Event` with its `type`, or `X-Verso-Event-Id`
   * / `webhook-id` with its `id` (`header` names which). The headers are not signed: a delivery
   * relabelled on the way is refused rather than believed.
   */
  | 'header_mismatch'
  /**
   * The body verified but carries no event `type` and `id` (strings): a delivery from a server
   * older than the one that signs them. Its type would have to come from the unsigned header, so
   * it is refused. Upgrading the server adds them to deliveries still to be attempted.
   */
  | 'untyped_payload'
  /** The signed body is not a UTF-8 JSON object. */
  | 'invalid_payload';

/** A delivery that must not be trusted. `reason` is stable; `message` is for people. */
export class VersoWebhookError extends Error {
  override readonly name = 'VersoWebhookError';
  constructor(
    readonly reason: VersoWebhookErrorReason,
    message: string,
    /** The header concerned (lower case), when there is one. */
    readonly header?: string,
  ) {
    super(message);
  }
}
