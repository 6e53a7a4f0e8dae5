// The per-client budget of cold renditions: the public image route is exempt from the rate limits
// (a page shows many images to one visitor, and a warm read costs next to nothing), but computing a
// rendition costs a decode, an encode and a stored object, so one client may start at most
// Media__Public__ColdPerMinute of them a minute (a token bucket of that size, refilled evenly). One
// more is 429 with Retry-After; warm reads, and joining a computation another request started, are
// not counted. The client is who the edge says it is (X-Forwarded-For from a trusted proxy), an IPv6
// address by its prefix (RateLimit__Ipv6PrefixLength), like the rate limits. Per process, like the
// queue it protects.
import { ApiError } from '../../errors.js';
import { clientKeyOf, parseClientAddress } from '../security/client-address.js';

/** Clients remembered at most: a flood of addresses cannot grow the process (the oldest go first). */
const MAX_CLIENTS = 10_000;

export class ColdBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly ipv6PrefixLength: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one cold computation from `address`'s budget, or throws 429. */
  take(address: string): void {
    if (this.perMinute === 0) return;
    const parsed = parseClientAddress(address);
    const key = parsed === null ? address : clientKeyOf(parsed, parsed.toString(), this.ipv6PrefixLength);
    const now = this.now();
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(this.perMinute, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute) : this.perMinute;
    if (tokens < 1) {
      const wait = Math.ceil(((1 - tokens) * 60) / this.perMinute);
      throw new ApiError(
        'rate-limit-exceeded',
        `This client asked for more than ${this.perMinute} new image renditions in a minute; renditions already made are not limited. Retry after ${wait} s.`,
        {},
        { 'Retry-After': String(wait) },
      );
    }
    this.buckets.delete(key);
    if (this.buckets.size >= MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value!);
    this.buckets.set(key, { tokens: tokens - 1, at: now });
  }
}
