// Requests Node's HTTP parser refuses before express ever sees them (a bare LF or NUL in a header,
// a request line plus headers over the limit, a request that took too long to arrive) are answered
// here as problem details too, instead of Node's bodiless default. The body carries status, title,
// a fresh trace id and correlation id — nothing from the request, which was not understood and may
// be hostile — and the connection is closed, since its framing can no longer be trusted.
import crypto from 'node:crypto';
import type { Duplex } from 'node:stream';
import { ERROR_CATALOGUE, PROBLEM_TYPE_BASE, type ErrorCode } from '../errors.js';
import type { Logger } from '../logging/logger.js';

/** Bytes of request line plus headers (Node's own default, stated so the README can promise it). */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Node's defaults too: the headers must arrive within 60 s, the whole request within 300 s. */
export const HEADERS_TIMEOUT_MS = 60_000;
export const REQUEST_TIMEOUT_MS = 300_000;

function codeFor(err: NodeJS.ErrnoException): ErrorCode {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return 'request-header-fields-too-large';
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 'payload-too-large';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'request-timeout';
    default:
      return 'bad-request';
  }
}

/** The raw HTTP/1.1 answer for a parser error (exported for the tests of its shape). */
export function clientErrorResponse(err: NodeJS.ErrnoException): { status: number; traceId: string; correlationId: string; raw: string } {
  const code = codeFor(err);
  const { status, title } = ERROR_CATALOGUE[code];
  const traceId = crypto.randomBytes(16).toString('hex');
  const correlationId = crypto.randomUUID();
  const body = JSON.stringify({
    type: PROBLEM_TYPE_BASE + code,
    title,
    status,
    detail: 'The server could not read this HTTP request.',
    instance: null,
    traceId,
    correlationId,
  });
  const raw =
    `HTTP/1.1 ${status} ${title}\r\n` +
    'Content-Type: application/problem+json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `X-Correlation-Id: ${correlationId}\r\n` +
    'Connection: close\r\n\r\n' +
    body;
  return { status, traceId, correlationId, raw };
}

/** The server's `clientError` listener. */
export function answerClientError(logger: Logger): (err: NodeJS.ErrnoException, socket: Duplex) => void {
  return (err, socket) => {
    // A reset needs no answer; an answer already under way must not be corrupted by a second one
    // (the same rule as Node's default listener).
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = clientErrorResponse(err);
    logger.info('request refused by the HTTP parser', {
      event: 'http_parser_error',
      code: err.code ?? 'unknown',
      status: answer.status,
      traceId: answer.traceId,
      correlationId: answer.correlationId,
    });
    socket.end(answer.raw);
    // A peer that never reads must not keep the socket open.
    setTimeout(() => socket.destroy(), 5_000).unref();
  };
}
