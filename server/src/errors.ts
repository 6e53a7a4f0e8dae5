// The one error catalogue. Services throw these; http/problem.ts renders them, in one place, as
// RFC 9457 problem details. Codes match upstream's so its clients can branch on them.
export const PROBLEM_TYPE_BASE = 'https://verso.dev/errors/';

export const ERROR_CATALOGUE = {
  'bad-request': { status: 400, title: 'Bad Request' },
  unauthenticated: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  'not-found': { status: 404, title: 'Not Found' },
  'method-not-allowed': { status: 405, title: 'Method Not Allowed' },
  'request-timeout': { status: 408, title: 'Request Timeout' },
  conflict: { status: 409, title: 'Conflict' },
  'referenced-by-other-entity': { status: 409, title: 'Referenced by another entity' },
  'concurrency-mismatch': { status: 412, title: 'Precondition Failed' },
  'payload-too-large': { status: 413, title: 'Payload Too Large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported Media Type' },
  'range-not-satisfiable': { status: 416, title: 'Range Not Satisfiable' },
  'validation-failed': { status: 422, title: 'Validation failed' },
  'invalid-state-transition': { status: 422, title: 'Invalid state transition' },
  'circular-template-reference': { status: 422, title: 'Circular template reference' },
  'circular-component-reference': { status: 422, title: 'Circular component reference' },
  'rate-limit-exceeded': { status: 429, title: 'Too Many Requests' },
  'request-header-fields-too-large': { status: 431, title: 'Request Header Fields Too Large' },
  'internal-server-error': { status: 500, title: 'Internal Server Error' },
  'service-unavailable': { status: 503, title: 'Service Unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Validation messages keyed by JSON pointer (`/fields/0/value`) or parameter (`query.page`). */
export type ValidationErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    /** Extra members of the problem body (`errors`, `cycle`, `referencedBy`, …). */
    readonly extensions: Readonly<Record<string, unknown>> = {},
    /** Response headers that belong to the failure (`Retry-After`, `Allow`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail ?? ERROR_CATALOGUE[code].title);
    this.name = 'ApiError';
    this.status = ERROR_CATALOGUE[code].status;
    this.title = ERROR_CATALOGUE[code].title;
  }
}

/** The RFC 9457 members of a problem body, extensions first so they cannot replace a standard member. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string | null;
  instance: string | null;
  traceId: string;
  correlationId: string;
  [extension: string]: unknown;
}

/**
 * The problem body of `error` at `instance` (the request path): what http/problem.ts sends, and what a
 * bulk action's result carries for each item that failed, as that item's own operation would answer.
 */
export function problemDetailsOf(error: ApiError, instance: string | null, ids: { readonly traceId: string; readonly correlationId: string }): ProblemBody {
  return {
    ...error.extensions,
    type: PROBLEM_TYPE_BASE + error.code,
    title: error.title,
    status: error.status,
    detail: error.detail ?? null,
    instance,
    traceId: ids.traceId,
    correlationId: ids.correlationId,
  };
}

export const badRequest = (detail: string, errors?: ValidationErrors) =>
  new ApiError('bad-request', detail, errors ? { errors } : {});
export const unauthenticated = () => new ApiError('unauthenticated');
export const forbidden = (detail = 'Your role does not allow this operation.') => new ApiError('forbidden', detail);
export const notFound = (what = 'The resource') => new ApiError('not-found', `${what} was not found.`);
export const conflict = (detail: string, extensions: Record<string, unknown> = {}) =>
  new ApiError('conflict', detail, extensions);
export const concurrencyMismatch = () =>
  new ApiError(
    'concurrency-mismatch',
    'The If-Match header is missing or does not match the current version; read the resource again and retry.',
  );
export const validationFailed = (errors: ValidationErrors, detail = 'One or more values are invalid.') =>
  new ApiError('validation-failed', detail, { errors });
export const invalidStateTransition = (detail: string) => new ApiError('invalid-state-transition', detail);
