// The body step: reads an operation's request body exactly as the contract declares it, and only
// once the caller has passed the access step (an anonymous or under-privileged caller never makes
// the server parse a body). In order:
//   - an operation without a requestBody ignores any body sent (HTTP allows one; it is not read);
//   - a body of a media type the operation does not list → 415 (parameters such as charset aside);
//   - larger than Api__MaxRequestBodyBytes → 413; bytes that are not UTF-8 → 400; not JSON → 400;
//   - no body (or an empty one) where the contract says `required: true` → 400.
// A streamed body (`multipart/form-data`, operation.ts) is not read here at all: the same media-type
// and presence checks apply, its Content-Type must carry a valid boundary (400), and the handler gets
// the request stream itself (StreamedRequestBody) with the Content-Type reduced to its type and
// boundary. Its size limit is its service's.
import { isUtf8 } from 'node:buffer';
import { parse as parseContentType } from 'content-type';
import express, { type Request, type Response } from 'express';
import { ApiError, badRequest } from '../errors.js';
import type { StreamedMediaType, StreamedRequestBody } from './operation.js';

/** What an operation's `requestBody` says. */
export interface BodyRule {
  readonly mediaTypes: readonly string[];
  readonly required: boolean;
  /** Handed to the handler unread (StreamedRequestBody) rather than parsed. */
  readonly streamed: boolean;
}

/** Media types this reader can parse; start-up fails when the contract lists another. */
const PARSEABLE = new Set(['application/json']);
/** Media types handed over as streams (one per operation, never beside a parsed one). */
const STREAMED = new Set<string>(['multipart/form-data' satisfies StreamedMediaType]);

export function bodyRuleOf(operationId: string, requestBody: unknown): BodyRule | undefined {
  if (!requestBody) return undefined;
  const { content, required } = requestBody as { content?: Record<string, unknown>; required?: boolean };
  const mediaTypes = Object.keys(content ?? {}).map((t) => t.toLowerCase());
  if (mediaTypes.length === 1 && STREAMED.has(mediaTypes[0]!)) return { mediaTypes, required: required === true, streamed: true };
  const unknown = mediaTypes.filter((t) => !PARSEABLE.has(t));
  if (mediaTypes.length === 0 || unknown.length > 0) {
    throw new Error(`operation ${operationId}: the server cannot read a request body of ${unknown.join(', ') || 'no media type'}`);
  }
  return { mediaTypes, required: required === true, streamed: false };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/**
 * The rules of the operations whose bodies are streamed, by operationId. Mutates `document` (the
 * router's private copy): their requestBody is removed, so the contract validator checks only their
 * parameters — it cannot check a body nobody has read, and must never try to read it.
 */
export function takeStreamedBodies(document: Record<string, unknown>): ReadonlyMap<string, BodyRule> {
  const streamed = new Map<string, BodyRule>();
  for (const item of Object.values((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const method of METHODS) {
      const op = item[method] as { operationId?: string; requestBody?: unknown } | undefined;
      if (!op?.operationId || !op.requestBody) continue;
      const rule = bodyRuleOf(op.operationId, resolveRef(document, op.requestBody));
      if (!rule?.streamed) continue;
      streamed.set(op.operationId, rule);
      delete op.requestBody;
    }
  }
  return streamed;
}

function resolveRef(document: Record<string, unknown>, node: unknown): unknown {
  let current = node as { $ref?: unknown } | undefined;
  while (typeof current?.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], document) as { $ref?: unknown };
  }
  return current;
}

export function hasBody(req: Request): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

const EMPTY = Symbol('empty body');
type Marked = Request & { [EMPTY]?: boolean };

function invalidUtf8(): Error {
  return Object.assign(new Error('The request body is not valid UTF-8.'), { status: 400, type: 'entity.utf8.invalid' });
}

export type BodyReader = (req: Request, res: Response, rule: BodyRule | undefined) => Promise<unknown>;

/**
 * A client that sent `Expect: 100-continue` waits for this before sending the body (server.ts
 * routes such requests here instead of letting Node answer 100 at once): it is told to go on only
 * when the body is about to be read, after the access step and the body's own checks.
 */
function continueIfExpected(req: Request, res: Response): void {
  if (req.headers.expect?.toLowerCase() === '100-continue' && !res.headersSent) res.writeContinue();
}

function mediaTypeOf(req: Request): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

function unsupported(rule: BodyRule, type: string): ApiError {
  return new ApiError('unsupported-media-type', `This operation accepts ${rule.mediaTypes.join(', ')}, not ${type || 'a body without a Content-Type'}.`);
}

// RFC 2046 §5.1.1: 1 to 70 of these characters, the last not a space.
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * The boundary of a multipart Content-Type, read with a media-type parser (content-type, RFC 9110):
 * `a="; boundary=XX"` has no boundary, only a quoted parameter that mentions one. Without a valid
 * boundary no part can be found, and the form parser would throw where the pipeline cannot answer.
 */
function multipartBoundary(header: string): string {
  const noBoundary = () => badRequest('A multipart body needs a boundary in its Content-Type.', { '/': ['the Content-Type has no boundary'] });
  let boundary: string | undefined;
  try {
    boundary = parseContentType(header).parameters.boundary;
  } catch {
    throw noBoundary();
  }
  if (boundary === undefined) throw noBoundary();
  if (!BOUNDARY.test(boundary)) {
    throw badRequest('The multipart boundary in the Content-Type is not valid.', {
      '/': ["the boundary must be 1 to 70 letters, digits, spaces or '()+_,-./:=? characters, not ending in a space"],
    });
  }
  return boundary;
}

/** Checks a streamed body's framing and hands it over unread. */
function streamedBody(req: Request, res: Response, rule: BodyRule): StreamedRequestBody | undefined {
  if (!hasBody(req)) {
    if (rule.required) throw badRequest('This operation needs a request body.', { '/': ['the request body is required'] });
    return undefined;
  }
  const type = mediaTypeOf(req);
  if (!rule.mediaTypes.includes(type)) throw unsupported(rule, type);
  const boundary = multipartBoundary(req.headers['content-type']!);
  const declared = req.headers['content-length'];
  const contentLength = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : null;
  // The response closing before it finished means the client is gone: whatever the handler is
  // writing on its behalf (a blob) should stop.
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  continueIfExpected(req, res);
  // The parser gets exactly what was checked here: a boundary has no `"` or `\`, so it quotes as is.
  return { stream: req, contentType: `${type}; boundary="${boundary}"`, contentLength, signal: controller.signal };
}

export function createBodyReader(limitBytes: number): BodyReader {
  const parseJson = express.json({
    limit: limitBytes,
    type: () => true, // the media type was checked against the contract before
    strict: false,
    verify: (req, _res, buf, encoding) => {
      // iconv would turn bytes that are not UTF-8 into U+FFFD: the caller's text, silently altered.
      if (/^utf-?8$/i.test(encoding) && !isUtf8(buf)) throw invalidUtf8();
      (req as Marked)[EMPTY] = buf.length === 0;
    },
  });
  const read = (req: Request, res: Response) =>
    new Promise<void>((resolve, reject) => parseJson(req, res, (err?: unknown) => (err ? reject(err) : resolve())));

  return async (req, res, rule) => {
    if (!rule) return undefined;
    if (rule.streamed) return streamedBody(req, res, rule);
    if (hasBody(req)) {
      const type = mediaTypeOf(req);
      if (!rule.mediaTypes.includes(type)) throw unsupported(rule, type);
      continueIfExpected(req, res);
      await read(req, res);
    }
    // body-parser reads an empty chunked body as {}; an empty body is no body.
    const body = (req as Marked)[EMPTY] === false ? (req.body as unknown) : undefined;
    if (body === undefined && rule.required) throw badRequest('This operation needs a request body.', { '/': ['the request body is required'] });
    return body;
  };
}
