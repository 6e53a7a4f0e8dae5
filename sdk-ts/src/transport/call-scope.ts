// One call's cancellation scope: the caller's AbortSignal plus the call's overall deadline. It
// tells apart who ended the call, because the two outcomes differ: caller cancellation surfaces
// as the caller's own reason and is never retried nor counted; an expired deadline becomes a
// VersoTimeoutError.
import { VersoTimeoutError } from '../errors.js';

export class CallScope {
  readonly signal: AbortSignal;
  readonly #deadline = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #endsAt: number;

  constructor(
    readonly timeoutMs: number,
    readonly callerSignal: AbortSignal | undefined,
  ) {
    this.#endsAt = performance.now() + timeoutMs;
    if (Number.isFinite(timeoutMs)) {
      this.#timer = setTimeout(() => this.#deadline.abort(new VersoTimeoutError(timeoutMs, 'deadline')), Math.max(0, timeoutMs));
    }
    this.signal = callerSignal ? AbortSignal.any([callerSignal, this.#deadline.signal]) : this.#deadline.signal;
  }

  get callerAborted(): boolean {
    return this.callerSignal?.aborted === true;
  }

  get deadlinePassed(): boolean {
    return this.#deadline.signal.aborted || performance.now() >= this.#endsAt;
  }

  get remainingMs(): number {
    return Math.max(0, this.#endsAt - performance.now());
  }

  /**
   * When the call has been ended from outside, the error to end it with (caller first: a caller who
   * cancelled gets their own reason even if the deadline passed meanwhile); otherwise undefined.
   */
  endedError(cause?: unknown): unknown {
    if (this.callerAborted) return this.callerSignal!.reason;
    if (this.deadlinePassed) return new VersoTimeoutError(this.timeoutMs, 'deadline', cause === undefined ? undefined : { cause });
    return undefined;
  }

  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }
}
