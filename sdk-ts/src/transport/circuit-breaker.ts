// A consecutive-failure circuit breaker. After `failureThreshold` transient failures in a row
// (retryable statuses, network failures, timeouts) calls fail fast without touching the network,
// which gives a struggling server room to recover; after `breakDurationMs` one trial attempt is let
// through (half-open): success closes the circuit, failure opens it for another pause.
// Caller cancellation is reported with `release`, which neither counts nor resets anything.

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerSettings {
  readonly failureThreshold: number;
  readonly breakDurationMs: number;
}

export class CircuitBreaker {
  #state: CircuitState = 'closed';
  #consecutiveFailures = 0;
  #openedAt = 0;
  #trialInFlight = false;

  constructor(
    private readonly settings: CircuitBreakerSettings | null,
    private readonly now: () => number,
  ) {}

  get state(): CircuitState {
    if (this.#state === 'open' && this.#pauseOver()) return 'half-open';
    return this.#state;
  }

  /** Milliseconds until an open circuit lets a trial through (0 when it would now). */
  get remainingPauseMs(): number {
    if (this.#state !== 'open' || !this.settings) return 0;
    return Math.max(0, this.#openedAt + this.settings.breakDurationMs - this.now());
  }

  /** True when an attempt may be sent now; the caller must then report exactly one outcome. */
  tryAcquire(): boolean {
    if (!this.settings) return true;
    if (this.#state === 'open') {
      if (!this.#pauseOver()) return false;
      this.#state = 'half-open';
      this.#trialInFlight = false;
    }
    if (this.#state === 'half-open') {
      // Only one trial at a time: concurrent calls keep failing fast until it has an outcome.
      if (this.#trialInFlight) return false;
      this.#trialInFlight = true;
    }
    return true;
  }

  /** Whether a retry could be let through right now (used before waiting for one). */
  get allowsAttempts(): boolean {
    return !this.settings || this.#state === 'closed';
  }

  recordSuccess(): void {
    this.#consecutiveFailures = 0;
    this.#trialInFlight = false;
    this.#state = 'closed';
  }

  recordFailure(): void {
    if (!this.settings) return;
    this.#trialInFlight = false;
    if (this.#state === 'half-open') {
      this.#open();
      return;
    }
    this.#consecutiveFailures += 1;
    if (this.#consecutiveFailures >= this.settings.failureThreshold) this.#open();
  }

  /** The attempt ended without a verdict (caller cancelled, observer threw): free a half-open trial. */
  release(): void {
    this.#trialInFlight = false;
  }

  #open(): void {
    this.#state = 'open';
    this.#openedAt = this.now();
    this.#consecutiveFailures = 0;
  }

  #pauseOver(): boolean {
    return !!this.settings && this.now() - this.#openedAt >= this.settings.breakDurationMs;
  }
}
