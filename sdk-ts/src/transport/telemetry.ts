// Telemetry callbacks (item 36): what a host needs to count and chart retries, timeouts and circuit
// changes, and nothing more. Events carry the pipeline name, the attempt, the status, a failure
// category and the delay or state: never a URL (paths and queries carry ids and sometimes secrets),
// a body or a token. A callback that throws or rejects is ignored: observing a call must never
// change its outcome.
import type { CircuitState } from './circuit-state.js';

/** Why an attempt failed: a retryable status, a network failure, the per-attempt limit, or the call's deadline. */
export type FailureCategory = 'status' | 'network' | 'attempt-timeout' | 'deadline';

export interface RetryEvent {
  readonly pipeline: string;
  /** The attempt that failed (1 = the first); the retry is attempt + 1. */
  readonly attempt: number;
  /** The response status when the failure was one. */
  readonly status?: number;
  readonly failure: FailureCategory;
  /** The wait before the next attempt. */
  readonly delayMs: number;
}

export interface TimeoutEvent {
  readonly pipeline: string;
  /** The attempt the limit ended (0: the deadline had passed before the first attempt). */
  readonly attempt: number;
  readonly failure: 'attempt-timeout' | 'deadline';
}

export interface CircuitStateEvent {
  readonly pipeline: string;
  readonly state: CircuitState;
  readonly previousState: CircuitState;
  /** The attempt whose failure opened the circuit (absent for other changes). */
  readonly attempt?: number;
  readonly status?: number;
  readonly failure?: FailureCategory;
  /** How long the circuit stays open (on opening only). */
  readonly delayMs?: number;
}

export interface TelemetryCallbacks {
  /** Name carried by every event, to tell several clients' pipelines apart (default `verso`). */
  pipelineName?: string;
  onRetry?: (event: RetryEvent) => unknown;
  onTimeout?: (event: TimeoutEvent) => unknown;
  onCircuitStateChanged?: (event: CircuitStateEvent) => unknown;
}

/** Calls `callback` with a frozen copy of `event`, swallowing whatever it throws or rejects with. */
export function notify<E extends object>(callback: ((event: E) => unknown) | undefined, event: E): void {
  if (!callback) return;
  try {
    const out = callback(Object.freeze({ ...event }));
    if (out && typeof (out as PromiseLike<unknown>).then === 'function') {
      (out as PromiseLike<unknown>).then(undefined, () => undefined);
    }
  } catch {
    // Deliberately ignored (see the top of this file).
  }
}
