// The one place a handler's result becomes an HTTP response. A handler names a non-JSON media type
// with a Content-Type header (HTML, schema+json, assets); otherwise objects are JSON and a Buffer is
// JSON already serialised (SerializedJson, the delivery cache's finished bodies). A `Readable` body
// (a file download) is piped with backpressure: it is read only as fast as the client takes it, so
// memory does not grow with the file, and it is destroyed when the client goes away.
import { Readable, pipeline } from 'node:stream';
import type { Response } from 'express';
import type { HandlerResult } from './operation.js';

/** Called when a streamed body ends early: the client left, or the source failed mid-stream. */
export type StreamFailure = (err: Error) => void;

export function writeResult(res: Response, result: HandlerResult, onStreamFailure?: StreamFailure): void {
  let typed = false;
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    res.setHeader(name, value);
    if (name.toLowerCase() === 'content-type') typed = true;
  }
  res.status(result.status);
  // HEAD (routed as GET) gets GET's status and headers and no body: a stream is not read at all,
  // and express's send() sets Content-Length for the body it then leaves out.
  const bodiless = res.req.method === 'HEAD' && result.body instanceof Readable;
  if (result.body === undefined || result.status === 204 || result.status === 304 || bodiless) {
    // A source opened for an answer that has no body must still be released.
    if (result.body instanceof Readable) result.body.destroy();
    res.end();
    return;
  }
  if (result.body instanceof Readable) {
    if (!typed) res.type('application/octet-stream');
    streamBody(res, result.body, onStreamFailure);
    return;
  }
  if (storedByNoOne(res)) neverFresh(res);
  if (typeof result.body === 'string') {
    if (!typed) res.type('text/plain; charset=utf-8');
    res.send(result.body);
    return;
  }
  if (!typed) res.type('application/json');
  res.send(Buffer.isBuffer(result.body) ? result.body : JSON.stringify(result.body));
}

/** Does the answer say `no-store` (a preview read, a token shown once, health)? */
function storedByNoOne(res: Response): boolean {
  const cacheControl = res.getHeader('Cache-Control');
  return typeof cacheControl === 'string' && /(^|,)\s*no-store\s*(,|$)/i.test(cacheControl);
}

/**
 * An answer nobody may store has nothing a client could revalidate, so express's send() must not
 * turn it into a 304: its freshness check answers `If-None-Match: *` (or a tag that matches) with
 * one, a status such reads do not declare. Shadowing the request's `fresh` getter skips that check.
 */
function neverFresh(res: Response): void {
  Object.defineProperty(res.req, 'fresh', { value: false, configurable: true });
}

function streamBody(res: Response, body: Readable, onStreamFailure: StreamFailure | undefined): void {
  // pipeline() pauses the source while the socket is full, and on either side's failure destroys
  // both: a client that disconnects stops the read (and frees a file handle or an S3 connection);
  // a source that fails mid-stream destroys the socket, so the client sees a truncated answer
  // (its Content-Length unmet) rather than a short file presented as whole.
  pipeline(body, res, (err) => {
    if (err) onStreamFailure?.(err);
  });
}
