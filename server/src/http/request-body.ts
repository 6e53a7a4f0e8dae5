// The body step: reads an operation's request body exactly as the contract declares it, and only
// once the caller has passed the access step (an anonymous or under-privileged caller never makes
// the server parse a body). In order:
//   - an operation without a requestBody ignores any body sent (HTTP allows one; it is not read);
//   - a body of a media type the operation does not list → 415 (parameters such as charset aside);
//   - larger than Api__MaxRequestBodyBytes → 413; bytes that are not UTF-8 → 400; not JSON → 400;
//   - no body (or an empty one) where the contract says `required: true` → 400.
import { isUtf8 } from 'node:buffer';
import express, { type Request, type Response } from 'express';
import { ApiError, badRequest } from '../errors.js';

/** What an operation's `requestBody` says. */
export interface BodyRule {
  readonly mediaTypes: readonly string[];
  readonly required: boolean;
}

/** Media types this reader can parse; start-up fails when the contract lists another. */
const PARSEABLE = new Set(['application/json']);

export function bodyRuleOf(operationId: string, requestBody: unknown): BodyRule | undefined {
  if (!requestBody) return undefined;
  const { content, required } = requestBody as { content?: Record<string, unknown>; required?: boolean };
  const mediaTypes = Object.keys(content ?? {}).map((t) => t.toLowerCase());
  const unknown = mediaTypes.filter((t) => !PARSEABLE.has(t));
  if (mediaTypes.length === 0 || unknown.length > 0) {
    throw new Error(`operation ${operationId}: the server cannot read a request body of ${unknown.join(', ') || 'no media type'}`);
  }
  return { mediaTypes, required: required === true };
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
    if (hasBody(req)) {
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!rule.mediaTypes.includes(type)) {
        throw new ApiError('unsupported-media-type', `This operation accepts ${rule.mediaTypes.join(', ')}, not ${type || 'a body without a Content-Type'}.`);
      }
      await read(req, res);
    }
    // body-parser reads an empty chunked body as {}; an empty body is no body.
    const body = (req as Marked)[EMPTY] === false ? (req.body as unknown) : undefined;
    if (body === undefined && rule.required) throw badRequest('This operation needs a request body.', { '/': ['the request body is required'] });
    return body;
  };
}
