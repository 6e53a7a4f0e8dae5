// The retry loop: every attempt is a fresh request with a freshly provided token and a new
// X-Correlation-Id. Only replayable requests (GET/HEAD/OPTIONS without a stream body) are retried,
// and only on a retryable status, a network failure or a per-attempt timeout — never on the
// caller's abort, which ends the call at once with the caller's reason. Every attempt's outcome goes
// to the circuit breaker (possibly shared with other clients); retries and timeouts are reported to
// the telemetry callbacks (telemetry.ts) as they happen.
import type { ResolvedClientOptions } from '../client-options.js';
import { VersoCircuitOpenError, VersoTimeoutError } from '../errors.js';
import { backoffDelay } from './backoff.js';
import type { CallScope } from './call-scope.js';
import type { CircuitGate } from './circuit-breaker.js';
import { newCorrelationId } from './correlation-id.js';
import type { ObservedResponse } from './response-observer.js';
import { parseRetryAfter } from './retry-after.js';
import { sleep } from './sleep.js';
import { notify, type FailureCategory } from './telemetry.js';
import { resolveToken } from './token-provider.js';

/** Any body fetch accepts (the DOM's BodyInit, which Node's types do not name globally). */
export type RequestBody = NonNullable<RequestInit['body']>;

export interface OutgoingRequest {
  readonly method: string;
  readonly url: string;
  /** Headers of every attempt; Accept, Authorization and X-Correlation-Id are added per attempt. */
  readonly headers: Readonly<Record<string, string>>;
  readonly accept: string;
  /** A stream body can be sent once only; anything else is re-sent as is. */
  readonly body: RequestBody | undefined;
  /** Writes, uploads and caller-owned streams are never replayed. */
  readonly replayable: boolean;
  readonly operationId: string | undefined;
  /** Overrides the client's per-attempt limit (uploads: the call's deadline alone bounds them). */
  readonly attemptTimeoutMs?: number;
}

export interface TransportContext {
  readonly options: ResolvedClientOptions;
  readonly circuit: CircuitGate;
  /** Records session expiry and calls the user's observer; may throw to stop the call. */
  readonly observe: (response: ObservedResponse) => Promise<void>;
}

export interface ReceivedResponse {
  readonly response: Response;
  /** The id sent on the attempt that produced this response. */
  readonly correlationId: string;
  readonly attempt: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isReplayable(method: string, body: RequestBody | undefined): boolean {
  return SAFE_METHODS.has(method.toUpperCase()) && !(body instanceof ReadableStream) && !(body instanceof FormData);
}

/** Network failures and per-attempt timeouts: the kinds of thrown errors worth another attempt. */
function attemptFailure(error: unknown, attemptSignal: AbortSignal, attemptTimeoutMs: number): unknown {
  if (attemptSignal.aborted) return new VersoTimeoutError(attemptTimeoutMs, 'attempt', { cause: error });
  return error;
}

export async function sendWithRetries(request: OutgoingRequest, scope: CallScope, context: TransportContext): Promise<ReceivedResponse> {
  const attempts = { last: 0 };
  try {
    return await attemptUntilDone(request, scope, context, attempts);
  } catch (error) {
    if (error instanceof VersoTimeoutError && error.scope === 'deadline') reportDeadline(context.options, attempts.last);
    throw error;
  }
}

/** Tells onTimeout that the call's overall deadline ended it (during `attempt` or the wait after it). */
export function reportDeadline(options: ResolvedClientOptions, attempt: number): void {
  notify(options.onTimeout, { pipeline: options.pipelineName, attempt, failure: 'deadline' });
}

async function attemptUntilDone(request: OutgoingRequest, scope: CallScope, context: TransportContext, attempts: { last: number }): Promise<ReceivedResponse> {
  const { options, circuit } = context;
  const maxAttempts = request.replayable ? options.maxAttempts : 1;
  const attemptTimeoutMs = request.attemptTimeoutMs ?? options.attemptTimeoutMs;
  const retrying = (attempt: number, failure: FailureCategory, delayMs: number, status?: number) =>
    notify(options.onRetry, { pipeline: options.pipelineName, attempt, failure, delayMs, ...(status !== undefined ? { status } : {}) });

  for (let attempt = 1; ; attempt += 1) {
    const ended = scope.endedError();
    if (ended) throw ended;
    // The circuit is asked first so a fast failure does not cost a token refresh.
    if (!circuit.tryAcquire()) throw new VersoCircuitOpenError(circuit.remainingPauseMs);
    let token: string | undefined;
    try {
      token = await resolveToken(options.token, { signal: scope.signal, attempt });
    } catch (error) {
      circuit.release();
      throw scope.endedError() ?? error;
    }

    attempts.last = attempt;
    const correlationId = newCorrelationId(options.now());
    const headers = new Headers({ ...options.headers, ...request.headers });
    headers.set('Accept', request.accept);
    headers.set('X-Correlation-Id', correlationId);
    if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
    else headers.delete('Authorization');

    const attemptTimeout = new AbortController();
    const timer = Number.isFinite(attemptTimeoutMs) ? setTimeout(() => attemptTimeout.abort(), attemptTimeoutMs) : undefined;
    let response: Response;
    try {
      const init: RequestInit & { duplex?: 'half' } = {
        method: request.method,
        headers,
        body: request.body ?? null,
        signal: AbortSignal.any([scope.signal, attemptTimeout.signal]),
      };
      // fetch requires half-duplex mode to send a ReadableStream body.
      if (request.body instanceof ReadableStream) init.duplex = 'half';
      response = await options.fetch(request.url, init);
    } catch (error) {
      clearTimeout(timer);
      if (scope.callerAborted) {
        circuit.release();
        throw scope.callerSignal!.reason;
      }
      // The server was too slow for the deadline: that counts against it like any timeout.
      const category: FailureCategory = scope.deadlinePassed ? 'deadline' : attemptTimeout.signal.aborted ? 'attempt-timeout' : 'network';
      circuit.recordFailure({ attempt, failure: category });
      const endedNow = scope.endedError(error);
      if (endedNow) throw endedNow;
      if (category === 'attempt-timeout') notify(options.onTimeout, { pipeline: options.pipelineName, attempt, failure: 'attempt-timeout' });
      const failure = attemptFailure(error, attemptTimeout.signal, attemptTimeoutMs);
      if (attempt >= maxAttempts || !circuit.allowsAttempts) throw failure;
      const delay = backoffDelay(attempt, options, options.random);
      if (delay >= scope.remainingMs) throw failure;
      retrying(attempt, category, delay);
      await waitBeforeRetry(delay, scope);
      continue;
    }
    // The attempt's own timer must not cut off the body read that follows; the deadline still can.
    clearTimeout(timer);

    try {
      await context.observe({
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        method: request.method,
        url: request.url,
        attempt,
        correlationId,
        operationId: request.operationId,
      });
    } catch (error) {
      circuit.release();
      await discard(response);
      throw error;
    }

    // A response that arrives after the caller cancelled or the deadline passed has been observed
    // once (above) and is then dropped, never returned or retried.
    const endedAfter = scope.endedError();
    if (endedAfter) {
      circuit.release();
      await discard(response);
      throw endedAfter;
    }

    if (!options.retryableStatuses.has(response.status)) {
      circuit.recordSuccess();
      return { response, correlationId, attempt };
    }
    circuit.recordFailure({ attempt, status: response.status, failure: 'status' });
    if (attempt >= maxAttempts || !circuit.allowsAttempts) return { response, correlationId, attempt };
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'), options.now());
    const wait = Math.min(retryAfter ?? backoffDelay(attempt, options, options.random), options.maxDelayMs);
    // A wait the deadline cannot accommodate would only end in a timeout: surface the server's
    // answer now instead, so the caller sees the real status (and its Retry-After).
    if (wait >= scope.remainingMs) return { response, correlationId, attempt };
    await discard(response);
    retrying(attempt, 'status', wait, response.status);
    await waitBeforeRetry(wait, scope);
  }
}

/** Waits between attempts; an abort or the deadline during the wait ends the call at once. */
async function waitBeforeRetry(ms: number, scope: CallScope): Promise<void> {
  try {
    await sleep(ms, scope.signal);
  } catch (error) {
    throw scope.endedError() ?? error;
  }
}

/** Releases the connection of a response nobody will read. */
async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Cancelling an already-errored stream throws; the connection is released either way.
  }
}
