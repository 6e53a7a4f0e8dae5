// The upload form's body, passed on to the API as it arrives. The form is multipart/form-data, which
// the app's body parser leaves unread, so the CSRF middleware lets this route through
// (auth/csrf.ts MULTIPART_ROUTES) and the token is checked here: the form puts `_csrf` first, so
// only that first part is read (at most 16 KiB), checked with the middleware's own check, and cut
// off; the rest (alt text and the file, with the browser's boundary) streams on unchanged. A body
// that does not start with the token is refused before anything of it is sent anywhere.
import type express from 'express';
import { checkCsrfToken, CsrfError } from '../../auth/csrf.js';

const MAX_TOKEN_PART = 16 * 1024;

export interface ForwardedForm {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  contentLength: number | undefined;
}

function boundaryOf(contentType: string): string | undefined {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

/** The part of `head` before the second delimiter, when it has all of it: the `_csrf` field's value and where the rest starts. */
function tokenPart(head: Buffer, boundary: string): { token: string; rest: number } | 'more' | 'bad' {
  const open = Buffer.from(`--${boundary}\r\n`);
  if (head.length < open.length) return 'more';
  if (!head.subarray(0, open.length).equals(open)) return 'bad';
  const headersEnd = head.indexOf('\r\n\r\n', open.length);
  if (headersEnd < 0) return 'more';
  const headers = head.subarray(open.length, headersEnd).toString('latin1');
  if (!/^content-disposition:\s*form-data;\s*name="_csrf"\s*$/im.test(headers) || /filename/i.test(headers)) return 'bad';
  const valueStart = headersEnd + 4;
  const close = head.indexOf(`\r\n--${boundary}`, valueStart);
  if (close < 0) return 'more';
  return { token: head.subarray(valueStart, close).toString('utf8'), rest: close + 2 };
}

/** Checks the form's token (CsrfError otherwise) and returns the rest of the form to send on. */
export async function forwardedForm(req: express.Request, res: express.Response): Promise<ForwardedForm> {
  const contentType = req.get('content-type') ?? '';
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new CsrfError();
  const source = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  let found: ReturnType<typeof tokenPart> = 'more';
  let ended = false;
  while (found === 'more' && head.length <= MAX_TOKEN_PART) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head = Buffer.concat([head, next.value]);
    found = tokenPart(head, boundary);
  }
  if (typeof found === 'string') throw new CsrfError();
  checkCsrfToken(req, res, found.token);
  const first = head.subarray(found.rest);
  async function* rest(): AsyncGenerator<Uint8Array> {
    if (first.length > 0) yield first;
    if (ended) return;
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const declared = Number(req.get('content-length'));
  return {
    // Pulled only as the API reads: backpressure reaches the browser's connection.
    body: ReadableStream.from(rest()),
    contentType,
    contentLength: Number.isInteger(declared) && declared >= found.rest ? declared - found.rest : undefined,
  };
}
