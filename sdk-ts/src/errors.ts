// The SDK's error types. Tokens never appear in any message: errors are built from the response
// and the request line only.
import type { components } from './generated/openapi.js';
import type { ProblemDetails } from './problem-details.js';

export interface ApiErrorInit {
  status: number;
  statusText: string;
  problem: ProblemDetails;
  correlationId: string | undefined;
  method: string;
  url: string;
  operationId: string | undefined;
  headers: Headers;
}

/** A final non-2xx response. */
export class VersoApiError extends Error {
  override readonly name: string = 'VersoApiError';
  readonly status: number;
  readonly statusText: string;
  readonly problem: ProblemDetails;
  readonly traceId: string | undefined;
  /** The response's `X-Correlation-Id`, else the one sent on the final attempt. */
  readonly correlationId: string | undefined;
  readonly method: string;
  readonly url: string;
  readonly operationId: string | undefined;
  readonly headers: Headers;
  /**
   * One plain sentence per problem with an input, keyed by the input's JSON pointer (`/slug`,
   * `/fields/2/mediaAssetId`) or parameter (`query.page`): the problem's `errors` ({} when it has none).
   * The API writes them for people ("Use lower-case letters and digits…"), so a form can show each
   * one at its input as it is.
   */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;

  constructor(init: ApiErrorInit) {
    super(init.problem.detail || init.problem.title || `The Verso API answered ${init.method} ${init.url} with status ${init.status}.`);
    this.status = init.status;
    this.statusText = init.statusText;
    this.problem = init.problem;
    this.traceId = init.problem.traceId;
    this.correlationId = init.correlationId;
    this.method = init.method;
    this.url = init.url;
    this.operationId = init.operationId;
    this.headers = init.headers;
    this.fieldErrors = init.problem.errors ?? {};
  }

  /** The messages for one input (`'/slug'`, `'query.page'`); [] when it has none. */
  messagesFor(pointer: string): readonly string[] {
    return Object.hasOwn(this.fieldErrors, pointer) ? this.fieldErrors[pointer]! : [];
  }
}

/** One item's outcome in a bulk action (`bulkContentAction`): `ok`, or `failed` with its single operation's problem. */
export type BulkContentItemResult = components['schemas']['BulkContentItemResult'];

/** Why an entry stops a release (`validateRelease`, and the 422 of `publishRelease`). */
export type ReleaseProblem = components['schemas']['ReleaseProblem'];

/**
 * An atomic `bulkContentAction` (`atomic: true`) with at least one failing item: 422 and nothing
 * changed. `results` lists every failing item, in the order sent, each with the problem its single
 * operation would have answered. (Without `atomic`, failures are per-item results of a 200 instead.)
 */
export class VersoBulkActionError extends VersoApiError {
  override readonly name: string = 'VersoBulkActionError';
  readonly results: readonly BulkContentItemResult[];

  constructor(init: ApiErrorInit, results: readonly BulkContentItemResult[]) {
    super(init);
    this.results = results;
  }
}

/**
 * `publishRelease` refused: 422 with every problem that stops the release (as `validateRelease`
 * lists them); nothing changed. `problems` is empty when the release has no entries.
 */
export class VersoReleaseProblemsError extends VersoApiError {
  override readonly name: string = 'VersoReleaseProblemsError';
  readonly problems: readonly ReleaseProblem[];

  constructor(init: ApiErrorInit, problems: readonly ReleaseProblem[]) {
    super(init);
    this.problems = problems;
  }
}

/**
 * The SDK's own time limit ran out: the call's overall deadline (`scope: 'deadline'`), or the
 * per-attempt limit on the last allowed attempt (`scope: 'attempt'`). A caller's AbortSignal never
 * produces this error; it surfaces as the signal's own reason.
 */
export class VersoTimeoutError extends Error {
  override readonly name = 'VersoTimeoutError';
  constructor(
    readonly timeoutMs: number,
    readonly scope: 'deadline' | 'attempt',
    options?: { cause?: unknown },
  ) {
    super(`The Verso API call exceeded its ${scope === 'deadline' ? 'overall' : 'per-attempt'} timeout of ${timeoutMs} ms.`, options);
  }
}

/** The circuit breaker is open: the call failed fast and nothing was sent. */
export class VersoCircuitOpenError extends Error {
  override readonly name = 'VersoCircuitOpenError';
  constructor(readonly retryAfterMs: number) {
    super(`The Verso API circuit is open after repeated transient failures; retry in ${retryAfterMs} ms.`);
  }
}
