// The warm path of GET /media/v1/… (issue #26: ≥ 2,000 req/s at 16 connections): a URL the
// public route has answered from memory before is answered again without the router — no routing,
// no contract validation, no signature, no parsing of the transformation — by
// services/media/public-media.ts serveWarmPublicUrl, which checks what can change since (the asset,
// the workspace) and otherwise hands the request on. It runs where the router would (after the ban
// check, security headers, CORS, correlation and the rate limit, which exempts this route), and
// only for a request the router would hand to the handler unchanged: a GET (or its HEAD), no query string, no
// credential (the route is public; a credential is still checked by the router), and the two
// headers the operation declares within the contract's limits and the string rule. Anything else,
// and every answer but 200/304 from memory, goes the full way.
import type { NextFunction, Request, Response } from 'express';
import type { Dependencies } from '../dependencies.js';
import { holdsTag } from '../handlers/if-none-match.js';
import { serveWarmPublicUrl } from '../services/media/public-media.js';
import { writeResult } from './respond.js';
import { stringRuleViolation } from '../services/platform/string-rule.js';

const PREFIX = '/media/v1/';
/** The contract's maxLength of If-None-Match (MediaIfNoneMatch) and Accept on getPublicRendition. */
const MAX_IF_NONE_MATCH = 200;
const MAX_ACCEPT = 2000;

function plainHeader(value: string | undefined, maxLength: number): boolean {
  return value === undefined || (value.length <= maxLength && stringRuleViolation(value) === undefined);
}

export function warmPublicMedia(deps: Dependencies) {
  const warmDeps = { db: deps.db, storage: deps.storage, assets: deps.publicAssets, hot: deps.hotRenditions, workspaces: deps.workspaces };
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url.startsWith(PREFIX) || req.url.includes('?') || req.headers.authorization !== undefined) return next();
    const accept = req.headers.accept;
    const ifNoneMatch = req.headers['if-none-match'];
    if (!plainHeader(accept, MAX_ACCEPT) || !plainHeader(ifNoneMatch, MAX_IF_NONE_MATCH)) return next();
    serveWarmPublicUrl(warmDeps, { path: req.path, accept, holds: holdsTag(ifNoneMatch) }).then((answer) => {
      if (!answer) return next();
      writeResult(res, answer, (err) => deps.logger.debug('response stream ended early', { operationId: 'getPublicRendition', err }));
    }, next);
  };
}
