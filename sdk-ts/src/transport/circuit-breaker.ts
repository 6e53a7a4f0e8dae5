// A failure-ratio circuit breaker (item 16, with upstream's defaults 0.5 / 5 / 30 s / 30 s). It
// samples attempt outcomes over a sliding window; once at least `minimumThroughput` attempts were
// seen in the window and at least `failureRatio` of them failed transiently (retryable statuses,
// network failures, timeouts), calls fail fast without touching the network for `breakDurationMs`,
// which gives a struggling server room to recover. Then one probe is let through (half-open):
// success closes the circuit with a fresh window, failure opens it for another pause.
//
// Caller cancellation is reported with `release`, which neither counts nor resets anything.
//
// One breaker may serve many clients (createVersoClientFactory hands the same instance to each), so
// an app that builds a client per request still has one circuit per API it talks to.
import type { CircuitState } from './circuit-state.js';
import { notify, type CircuitStateEvent, type FailureCategory } from './telemetry.js';

export interface CircuitBreakerSettings {
  /** Share of failed attempts in the window that opens the circuit, in (0, 1] (default 0.5). */
  readonly failureRatio: number;
  /** Attempts the window must hold before the ratio is judged (default 5). */
  readonly minimumThroughput: number;
  /** Length of the sliding window in ms (default 30 000). */
  readonly samplingDurationMs: number;
  /** How long the circuit stays open before a probe is let through, in ms (default 30 000). */
  readonly breakDurationMs: number;
}

export const DEFAULT_CIRCUIT_BREAKER_SETTINGS: CircuitBreakerSettings = Object.freeze({
  failureRatio: 0.5,
  minimumThroughput: 5,
  samplingDurationMs: 30_000,
  breakDurationMs: 30_000,
});

export interface CircuitBreakerHooks {
  /** Wall clock in ms (tests inject one). */
  readonly now?: () => number;
  /** The pipeline name telemetry events carry (default `verso`). */
  readonly pipeline?: string;
  /** Told of every state change; a throwing or rejecting callback changes nothing. */
  readonly onStateChanged?: (event: CircuitStateEvent) => unknown;
}

/** What an attempt's failure was, for the state-change event that it may cause. */
export interface FailureDetail {
  readonly attempt: number;
  readonly status?: number;
  readonly failure: FailureCategory;
}

// The window is kept as a ring of buckets (a tenth of the window each), so memory stays constant
// however many attempts a busy process makes; outcomes age out a bucket at a time.
const BUCKETS = 10;

interface Bucket {
  start: number;
  total: number;
  failures: number;
}

function checkedSettings(input: Partial<CircuitBreakerSettings> | undefined): CircuitBreakerSettings {
  // A misspelt or retired setting (the consecutive-failure `failureThreshold`) must not be ignored silently.
  for (const key of Object.keys(input ?? {})) {
    if (!(key in DEFAULT_CIRCUIT_BREAKER_SETTINGS)) throw new TypeError(`Unknown circuit breaker setting ${key}; the settings are ${Object.keys(DEFAULT_CIRCUIT_BREAKER_SETTINGS).join(', ')}.`);
  }
  const s = { ...DEFAULT_CIRCUIT_BREAKER_SETTINGS, ...stripUndefined(input ?? {}) };
  const fail = (name: string, rule: string, value: unknown) => {
    throw new RangeError(`Circuit breaker setting ${name} must be ${rule}, got ${String(value)}.`);
  };
  if (!(typeof s.failureRatio === 'number' && s.failureRatio > 0 && s.failureRatio <= 1)) fail('failureRatio', 'a number in (0, 1]', s.failureRatio);
  if (!(Number.isInteger(s.minimumThroughput) && s.minimumThroughput >= 1)) fail('minimumThroughput', 'an integer >= 1', s.minimumThroughput);
  if (!(Number.isFinite(s.samplingDurationMs) && s.samplingDurationMs > 0)) fail('samplingDurationMs', 'a positive number', s.samplingDurationMs);
  if (!(Number.isFinite(s.breakDurationMs) && s.breakDurationMs >= 0)) fail('breakDurationMs', 'a non-negative number', s.breakDurationMs);
  return Object.freeze(s);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export class VersoCircuitBreaker {
  readonly settings: CircuitBreakerSettings;
  readonly pipeline: string;
  readonly #now: () => number;
  readonly #onStateChanged: CircuitBreakerHooks['onStateChanged'];
  #state: CircuitState = 'closed';
  #openedAt = 0;
  #probeInFlight = false;
  #buckets: Bucket[] = [];

  constructor(settings?: Partial<CircuitBreakerSettings>, hooks: CircuitBreakerHooks = {}) {
    this.settings = checkedSettings(settings);
    this.#now = hooks.now ?? Date.now;
    this.pipeline = hooks.pipeline ?? 'verso';
    this.#onStateChanged = hooks.onStateChanged;
  }

  get state(): CircuitState {
    if (this.#state === 'open' && this.#pauseOver()) return 'half-open';
    return this.#state;
  }

  /** Milliseconds until an open circuit lets a probe through (0 when it would now). */
  get remainingPauseMs(): number {
    if (this.#state !== 'open') return 0;
    return Math.max(0, this.#openedAt + this.settings.breakDurationMs - this.#now());
  }

  /** True when an attempt may be sent now; the caller must then report exactly one outcome. */
  tryAcquire(): boolean {
    if (this.#state === 'open') {
      if (!this.#pauseOver()) return false;
      this.#transition('half-open');
      this.#probeInFlight = false;
    }
    if (this.#state === 'half-open') {
      // Only one probe at a time: concurrent calls keep failing fast until it has an outcome.
      if (this.#probeInFlight) return false;
      this.#probeInFlight = true;
    }
    return true;
  }

  /** Whether a retry could be let through right now (asked before waiting for one). */
  get allowsAttempts(): boolean {
    return this.#state === 'closed';
  }

  recordSuccess(): void {
    if (this.#state === 'half-open') {
      this.#probeInFlight = false;
      this.#buckets = [];
      this.#transition('closed');
      return;
    }
    if (this.#state === 'closed') this.#sample(false);
  }

  recordFailure(detail: FailureDetail): void {
    if (this.#state === 'half-open') {
      this.#probeInFlight = false;
      this.#open(detail);
      return;
    }
    // An attempt that started before the circuit opened and failed after adds nothing.
    if (this.#state !== 'closed') return;
    const { total, failures } = this.#sample(true);
    if (total >= this.settings.minimumThroughput && failures / total >= this.settings.failureRatio) this.#open(detail);
  }

  /** The attempt ended without a verdict (caller cancelled, observer threw): free a half-open probe. */
  release(): void {
    this.#probeInFlight = false;
  }

  #sample(failed: boolean): { total: number; failures: number } {
    const now = this.#now();
    const width = this.settings.samplingDurationMs / BUCKETS;
    this.#buckets = this.#buckets.filter((b) => b.start > now - this.settings.samplingDurationMs);
    let current = this.#buckets[this.#buckets.length - 1];
    if (!current || now >= current.start + width) {
      current = { start: now, total: 0, failures: 0 };
      this.#buckets.push(current);
    }
    current.total += 1;
    if (failed) current.failures += 1;
    let total = 0;
    let failures = 0;
    for (const b of this.#buckets) {
      total += b.total;
      failures += b.failures;
    }
    return { total, failures };
  }

  #open(detail: FailureDetail): void {
    this.#openedAt = this.#now();
    this.#buckets = [];
    this.#transition('open', detail);
  }

  #transition(state: CircuitState, detail?: FailureDetail): void {
    const previousState = this.#state;
    this.#state = state;
    if (previousState === state) return;
    notify(this.#onStateChanged, {
      pipeline: this.pipeline,
      state,
      previousState,
      ...(detail ? { attempt: detail.attempt, failure: detail.failure, ...(detail.status !== undefined ? { status: detail.status } : {}) } : {}),
      ...(state === 'open' ? { delayMs: this.settings.breakDurationMs } : {}),
    });
  }

  #pauseOver(): boolean {
    return this.#now() - this.#openedAt >= this.settings.breakDurationMs;
  }
}

/** What the transport asks of a breaker; `NO_CIRCUIT` is the stand-in when the breaker is disabled. */
export type CircuitGate = Pick<VersoCircuitBreaker, 'state' | 'remainingPauseMs' | 'tryAcquire' | 'allowsAttempts' | 'recordSuccess' | 'recordFailure' | 'release'>;

export const NO_CIRCUIT: CircuitGate = Object.freeze({
  state: 'closed' as const,
  remainingPauseMs: 0,
  allowsAttempts: true,
  tryAcquire: () => true,
  recordSuccess: () => undefined,
  recordFailure: () => undefined,
  release: () => undefined,
});
