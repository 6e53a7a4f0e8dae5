// VersoClient's options and their defaults. The client keeps a validated, frozen copy made at
// construction, so changing the caller's object afterwards changes nothing (the spec fixes the
// resilience configuration at construction).
import { VersoCircuitBreaker, type CircuitBreakerSettings } from './transport/circuit-breaker.js';
import type { ResponseObserver } from './transport/response-observer.js';
import type { TelemetryCallbacks } from './transport/telemetry.js';
import type { TokenSource } from './transport/token-provider.js';

export interface RetryOptions {
  /** Attempts per call including the first (default 3). */
  maxAttempts?: number;
  /** Statuses retried on GET/HEAD/OPTIONS (default 408, 429, 500, 502, 503, 504). */
  retryableStatuses?: readonly number[];
  /** First backoff step when the server sends no Retry-After (default 100 ms). */
  baseDelayMs?: number;
  /** Cap on any single wait, Retry-After included (default 30 000 ms). */
  maxDelayMs?: number;
}

export interface VersoClientOptions extends TelemetryCallbacks {
  /** API origin, optionally with a path prefix: `https://cms.example.com`. */
  baseUrl: string;
  /** A bearer token, or a provider asked before every attempt (string, or sync/async function). */
  token?: TokenSource;
  /** Retry settings, or `false` for exactly one attempt per call. */
  retry?: RetryOptions | false;
  /** Overall budget per call, covering every attempt and wait (default 100 000 ms). */
  timeoutMs?: number;
  /** Budget of a single attempt; hitting it is a transient failure and retried (default 30 000 ms). */
  attemptTimeoutMs?: number;
  /**
   * Circuit breaker settings (this client gets a breaker of its own), a VersoCircuitBreaker to
   * share with other clients (see createVersoClientFactory), or `false` to disable it.
   */
  circuitBreaker?: Partial<CircuitBreakerSettings> | VersoCircuitBreaker | false;
  /** Check webhook URLs of createWebhookEndpoint/updateWebhookEndpoint before sending (default true). */
  validateWebhookUrls?: boolean;
  /** Called once for every response received, before the SDK looks at it. */
  onResponse?: ResponseObserver;
  /** Remember ETags of reads and send them as If-Match on writes to the same URL (default true). */
  trackETags?: boolean;
  /** Sent on every request (for example a User-Agent); SDK-owned headers win. */
  headers?: Record<string, string>;
  /** fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
  /** Wall clock in ms, used for Retry-After dates and the circuit pause (tests inject one). */
  now?: () => number;
  /** Random source in [0, 1) for backoff jitter. */
  random?: () => number;
}

export interface ResolvedClientOptions {
  readonly baseUrl: string;
  readonly token: TokenSource;
  readonly maxAttempts: number;
  readonly retryableStatuses: ReadonlySet<number>;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly timeoutMs: number;
  readonly attemptTimeoutMs: number;
  readonly circuitBreaker: CircuitBreakerSettings | null;
  /** The breaker this client reports to: its own, or the one shared through the options. */
  readonly circuit: VersoCircuitBreaker | null;
  readonly pipelineName: string;
  readonly onRetry: TelemetryCallbacks['onRetry'];
  readonly onTimeout: TelemetryCallbacks['onTimeout'];
  readonly onCircuitStateChanged: TelemetryCallbacks['onCircuitStateChanged'];
  readonly validateWebhookUrls: boolean;
  readonly onResponse: ResponseObserver | undefined;
  readonly trackETags: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly fetch: typeof fetch;
  readonly now: () => number;
  readonly random: () => number;
}

export const DEFAULT_RETRYABLE_STATUSES = Object.freeze([408, 429, 500, 502, 503, 504]);

function positive(name: string, value: number | undefined, fallback: number, { allowZero = false, allowInfinity = false } = {}): number {
  const v = value ?? fallback;
  const ok = typeof v === 'number' && !Number.isNaN(v) && (allowZero ? v >= 0 : v > 0) && (allowInfinity || Number.isFinite(v));
  if (!ok) throw new RangeError(`VersoClient option ${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${String(v)}.`);
  return v;
}

function normaliseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TypeError(`VersoClient option baseUrl must be an absolute http(s) URL, got ${JSON.stringify(raw)}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('VersoClient option baseUrl must use http or https.');
  if (url.search || url.hash) throw new TypeError('VersoClient option baseUrl must not have a query or fragment.');
  return url.origin + url.pathname.replace(/\/+$/, '');
}

export function resolveClientOptions(options: VersoClientOptions): ResolvedClientOptions {
  if (!options || typeof options.baseUrl !== 'string') throw new TypeError('VersoClient needs options.baseUrl.');
  const retry = options.retry === false ? { maxAttempts: 1 } : (options.retry ?? {});
  const statuses = retry.retryableStatuses ?? DEFAULT_RETRYABLE_STATUSES;
  const now = options.now ?? Date.now;
  const pipelineName = options.pipelineName ?? 'verso';
  const breaker = options.circuitBreaker;
  const circuit =
    breaker === false
      ? null
      : breaker instanceof VersoCircuitBreaker
        ? breaker
        : new VersoCircuitBreaker(breaker, { now, pipeline: pipelineName, onStateChanged: options.onCircuitStateChanged });
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new TypeError('VersoClient needs a fetch implementation.');
  return Object.freeze({
    baseUrl: normaliseBaseUrl(options.baseUrl),
    token: options.token,
    maxAttempts: Math.floor(positive('retry.maxAttempts', retry.maxAttempts, 3)),
    retryableStatuses: new Set(statuses),
    baseDelayMs: positive('retry.baseDelayMs', retry.baseDelayMs, 100, { allowZero: true }),
    maxDelayMs: positive('retry.maxDelayMs', retry.maxDelayMs, 30_000, { allowZero: true }),
    timeoutMs: positive('timeoutMs', options.timeoutMs, 100_000, { allowZero: true, allowInfinity: true }),
    attemptTimeoutMs: positive('attemptTimeoutMs', options.attemptTimeoutMs, 30_000, { allowInfinity: true }),
    circuitBreaker: circuit?.settings ?? null,
    circuit,
    pipelineName,
    onRetry: options.onRetry,
    onTimeout: options.onTimeout,
    onCircuitStateChanged: options.onCircuitStateChanged,
    validateWebhookUrls: options.validateWebhookUrls ?? true,
    onResponse: options.onResponse,
    trackETags: options.trackETags ?? true,
    headers: Object.freeze({ ...options.headers }),
    // Bound so a later reassignment of globalThis.fetch (test doubles) does not leak into this client.
    fetch: fetchImpl.bind(globalThis),
    now,
    random: options.random ?? Math.random,
  });
}
