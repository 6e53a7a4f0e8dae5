// Renders any failure as application/problem+json. The only place an error becomes a response.
import type { Response } from 'express';
import { ApiError, problemDetailsOf, type ProblemBody } from '../errors.js';
import { currentRequestContext } from '../context/request-context.js';

export type { ProblemBody };

export function problemBody(error: ApiError, instance: string | null): ProblemBody {
  const ctx = currentRequestContext();
  return problemDetailsOf(error, instance, { traceId: ctx?.traceId ?? '', correlationId: ctx?.correlationId ?? '' });
}

export function sendProblem(res: Response, error: ApiError, instance: string | null): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(error.status).type('application/problem+json').send(JSON.stringify(problemBody(error, instance)));
}

/** Maps whatever was thrown to the catalogue; anything unknown is a 500 with no internals. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { type?: string; status?: number; statusCode?: number };
  // body-parser (express.json) signals client mistakes with a status and a type.
  if (e && typeof e === 'object') {
    if (e.type === 'entity.too.large') return new ApiError('payload-too-large', 'The request body is larger than the limit.');
    if (e.type === 'entity.parse.failed') return new ApiError('bad-request', 'The request body is not valid JSON.');
    if (e.type === 'entity.utf8.invalid') return new ApiError('bad-request', 'The request body is not valid UTF-8.');
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
      return new ApiError('unsupported-media-type', 'The request body encoding or charset is not supported.');
    }
    if (e.type === 'request.aborted') return new ApiError('bad-request', 'The request was aborted.');
    const status = e.status ?? e.statusCode;
    if (status === 400) return new ApiError('bad-request', 'The request could not be read.');
  }
  return new ApiError('internal-server-error', 'An unexpected error occurred.');
}

export function isServerError(error: ApiError): boolean {
  return error.status >= 500 && error.code === 'internal-server-error';
}

