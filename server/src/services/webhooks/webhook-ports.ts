// What the webhook services need from the two pieces built beside them: the signing-secret keyring
// (server/src/secrets) and the egress client (server/src/webhooks/egress), named once here so the
// rest of this folder, the workers and the wiring agree on them. The wiring (server.ts) builds the
// real ones; tests may hand in a sender built with a test resolver, address policy and CA
// (StartApiOptions.overrides.webhookSender).
export type { SecretBox, StoredSecret } from '../../secrets/keyring.js';
export type {
  AttemptOutcome as SendOutcome,
  AttemptResult as SendResult,
  WebhookSender,
  WebhookSendRequest,
} from '../../webhooks/egress/index.js';
export { checkWebhookUrl, createWebhookSender, privateDestinations, type PrivateDestinations } from '../../webhooks/egress/index.js';
