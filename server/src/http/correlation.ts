// X-Correlation-Id: taken from the request when it is well-formed, generated otherwise, echoed on
// every response and carried in every log line and problem body. A trace id (W3C traceparent when
// the caller sent a valid one) identifies the request in traces.
import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { runWithRequestContext } from '../context/request-context.js';

export const CORRELATION_HEADER = 'X-Correlation-Id';
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

export function acceptCorrelationId(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && WELL_FORMED.test(value) ? value : null;
}

export function correlation(req: Request, res: Response, next: NextFunction): void {
  const correlationId = acceptCorrelationId(req.headers['x-correlation-id']) ?? crypto.randomUUID();
  const parent = typeof req.headers.traceparent === 'string' ? TRACEPARENT.exec(req.headers.traceparent) : null;
  // A new trace id is a random UUID's 32 hex digits (a valid W3C trace-id: random, never all zeros):
  // randomUUID draws from a pooled entropy buffer, where randomBytes(16) went to the CSPRNG on every
  // request (~2 % of a cached delivery read's CPU).
  const traceId = parent && !/^0+$/.test(parent[1]!) ? parent[1]! : crypto.randomUUID().replaceAll('-', '');
  res.setHeader(CORRELATION_HEADER, correlationId);
  runWithRequestContext({ correlationId, traceId }, () => next());
}
