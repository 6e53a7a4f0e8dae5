// Webhook egress: the delivery client and the URL check, the only ways webhook traffic leaves the
// process. See webhook-sender.ts (an attempt), destination.ts (URL rules), address-policy.ts
// (forbidden addresses), pinned-agent.ts (no proxy, connections only to approved addresses).
export {
  createWebhookSender,
  MAX_ERROR_LENGTH,
  type AttemptOutcome,
  type AttemptResult,
  type WebhookSender,
  type WebhookSenderOptions,
  type WebhookSendRequest,
} from './webhook-sender.js';
export { checkWebhookUrl } from './destination.js';
export { defaultAddressPolicy, normaliseAddress, type AddressPolicy } from './address-policy.js';
export { systemResolver, type ResolvedAddress, type Resolver } from './resolver.js';
