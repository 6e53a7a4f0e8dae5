// Webhook egress: the delivery client and the URL check, the only ways webhook traffic leaves the
// process. See webhook-sender.ts (an attempt), destination.ts (URL rules), address-policy.ts
// (forbidden addresses), pinned-agent.ts (no proxy, connections only to approved addresses),
// dns-resolver.ts (names looked up off the thread pool, cached, one lookup per name in flight).
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
export { privateDestinations, type PrivateDestinations } from './private-destinations.js';
export { defaultAddressPolicy, normaliseAddress, type AddressPolicy } from './address-policy.js';
export type { ResolvedAddress, Resolver } from './resolver.js';
export { createDnsResolver, DnsLookupError, DNS_MAX_TTL_MS, DNS_NEGATIVE_TTL_MS, type DnsResolverOptions } from './dns-resolver.js';
