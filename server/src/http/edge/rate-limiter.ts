// The two chained fixed one-minute windows (spec: Limits; upstream §1.19): per actor — the user,
// else the API client, else `anonymous:<client>` — for every request, and per client for requests
// without valid credentials and for the credential operations (login, refresh, change-password)
// whatever their credentials. Upstream applies the per-client window to every request; Verso does
// not, because a site backend behind one address calling with a valid token would then be held to
// the anonymous 60 a minute (README: Edge, design notes). A credential operation is the exception:
// any valid bearer would otherwise move password guessing into that token's 600-a-minute window.
// A client is its address, or for IPv6 its prefix (services/security/client-address.ts).
//
import { FixedWindowCounter, WINDOW_MS } from './fixed-window.js';

export interface RateLimits {
  readonly perActorPerMinute: number;
  readonly perIpPerMinute: number;
  readonly maxKeys: number;
}

export interface RateDecision {
  readonly allowed: boolean;
  /** The window that refused the request, when one did. */
  readonly refusedBy: 'actor' | 'ip' | null;
  /** Seconds until the tightest window ends (≥ 1): Retry-After when refused. */
  readonly resetSeconds: number;
  readonly headers: { readonly 'RateLimit-Policy': string; readonly RateLimit: string };
}

const WINDOW_SECONDS = WINDOW_MS / 1000;

export class RateLimiter {
  private readonly perActor: FixedWindowCounter;
  private readonly perIp: FixedWindowCounter;
  private readonly actorPolicy: string;
  private readonly bothPolicies: string;

  constructor(private readonly limits: RateLimits) {
    this.perActor = new FixedWindowCounter(limits.maxKeys);
    this.perIp = new FixedWindowCounter(limits.maxKeys);
    this.actorPolicy = `"actor";q=${limits.perActorPerMinute};w=${WINDOW_SECONDS}`;
    this.bothPolicies = `${this.actorPolicy}, "ip";q=${limits.perIpPerMinute};w=${WINDOW_SECONDS}`;
  }

  /**
   * `actorKey` null: the request has no valid credentials, and the client's window applies too;
   * `countClient` applies it whatever the credentials (the credential operations).
   */
  take(actorKey: string | null, clientKey: string, now: number, countClient = false): RateDecision {
    const actor = this.perActor.hit(actorKey ?? `anonymous:${clientKey}`, now);
    const actorLeft = this.limits.perActorPerMinute - actor.count;
    if (actorKey !== null && !countClient) return decide(actorLeft, actor.resetMs, 'actor', this.actorPolicy);
    const ip = this.perIp.hit(clientKey, now);
    const ipLeft = this.limits.perIpPerMinute - ip.count;
    // Both windows end together (clock-aligned); the tighter one is what the caller sees.
    return ipLeft < actorLeft ? decide(ipLeft, ip.resetMs, 'ip', this.bothPolicies) : decide(actorLeft, actor.resetMs, 'actor', this.bothPolicies);
  }
}

function decide(left: number, resetMs: number, name: 'actor' | 'ip', policy: string): RateDecision {
  const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
  return {
    allowed: left >= 0,
    refusedBy: left >= 0 ? null : name,
    resetSeconds,
    headers: { 'RateLimit-Policy': policy, RateLimit: `"${name}";r=${Math.max(0, left)};t=${resetSeconds}` },
  };
}
