// CORS (spec: Deployment constraints, Cors__AllowedOrigins): browsers on the listed origins may call
// the API; every other origin gets no CORS header at all, so the browser keeps the answer from it.
//
// - Exact origins only, compared as strings after config.ts normalised them; never `*`, never a
//   reflected arbitrary origin.
// - No `Access-Control-Allow-Credentials`: the API authenticates with a bearer token that the page
//   sends itself; a browser's cookies mean nothing to it (the admin keeps its token server-side).
// - A preflight (OPTIONS with Origin and Access-Control-Request-Method) is answered here, before
//   authentication: the browser sends it without credentials by design. It is also answered before
//   the rate limiter and does not count against it (the ban check still comes first): it carries no
//   credentials and costs no work beyond these headers, the browser caches the answer for
//   PREFLIGHT_MAX_AGE_SECONDS, and a 429 on a preflight would reach the page as an unreadable
//   network error instead of a 429 with Retry-After.
// - Actual requests get their CORS headers before anything can reject them, so a 401, 429 or 412
//   from an allowed origin stays readable by the page (Retry-After, ETag, the problem body).
import type { NextFunction, Request, Response } from 'express';
import type { CorsConfig } from '../config.js';

/** Always allowed request headers; the contract's own header parameters are added to them. */
const BASE_REQUEST_HEADERS = ['Accept', 'Authorization', 'Content-Type', 'If-Match', 'X-Correlation-Id'];

/** Response headers a page may read: concurrency, correlation, session expiry, retries, creation. */
export const EXPOSED_HEADERS = ['ETag', 'X-Correlation-Id', 'X-Session-Expires-At', 'Retry-After', 'Location', 'RateLimit', 'RateLimit-Policy'];

/** Long enough that a page pays one preflight per kind of call, short enough for list changes to apply. */
export const PREFLIGHT_MAX_AGE_SECONDS = 600;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface CorsPolicy {
  readonly allowedOrigins: ReadonlySet<string>;
  /** Upper case, as browsers send them in Access-Control-Request-Method. */
  readonly methods: readonly string[];
  /** Lower case, for comparison with Access-Control-Request-Headers. */
  readonly requestHeaders: readonly string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A parameter object, following one local `$ref` (`#/components/parameters/…`). */
function resolveParameter(document: Readonly<Record<string, unknown>>, parameter: unknown): Record<string, unknown> | null {
  if (!isRecord(parameter)) return null;
  const ref = parameter.$ref;
  if (typeof ref !== 'string') return parameter;
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) node = isRecord(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isRecord(node) ? node : null;
}

/** The methods and header parameters the contract declares: what a browser may ask for, nothing more. */
export function corsPolicy(config: CorsConfig, document: Readonly<Record<string, unknown>>): CorsPolicy {
  const methods = new Set<string>();
  const headers = new Map(BASE_REQUEST_HEADERS.map((h) => [h.toLowerCase(), h]));
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const item of Object.values(paths)) {
    if (!isRecord(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      methods.add(method.toUpperCase());
      // HEAD is answered wherever GET is (openapi-router.ts, routedMethod).
      if (method === 'get') methods.add('HEAD');
      for (const p of [...shared, ...(Array.isArray(operation.parameters) ? operation.parameters : [])]) {
        const parameter = resolveParameter(document, p);
        if (parameter?.in === 'header' && typeof parameter.name === 'string') headers.set(parameter.name.toLowerCase(), parameter.name);
      }
    }
  }
  return { allowedOrigins: new Set(config.allowedOrigins), methods: [...methods].sort(), requestHeaders: [...headers.keys()].sort() };
}

/** True for a CORS preflight: plain OPTIONS requests (no Origin or no requested method) are not one. */
export function isPreflight(req: Request): boolean {
  return req.method === 'OPTIONS' && typeof req.headers.origin === 'string' && typeof req.headers['access-control-request-method'] === 'string';
}

function preflightAllowed(policy: CorsPolicy, req: Request): boolean {
  if (!policy.methods.includes(String(req.headers['access-control-request-method']).trim())) return false;
  const requested = req.headers['access-control-request-headers'];
  if (typeof requested !== 'string') return true;
  return requested
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
    .every((h) => policy.requestHeaders.includes(h));
}

export function cors(policy: CorsPolicy) {
  const allowMethods = policy.methods.join(', ');
  const exposeHeaders = EXPOSED_HEADERS.join(', ');
  return (req: Request, res: Response, next: NextFunction): void => {
    // With origins configured, answers differ by Origin: a shared cache must key on it.
    if (policy.allowedOrigins.size > 0) res.vary('Origin');
    const origin = req.headers.origin;
    const allowed = typeof origin === 'string' && policy.allowedOrigins.has(origin);
    if (isPreflight(req)) {
      // Answered here whatever the outcome: a preflight never reaches routing or authentication. A
      // refused one is the same empty 204 minus the CORS headers, which is what makes the browser refuse.
      if (allowed && preflightAllowed(policy, req)) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Access-Control-Allow-Methods', allowMethods);
        // The requested names echoed back were all checked above; the full list is the fallback.
        res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? policy.requestHeaders.join(', '));
        res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      }
      res.status(204).end();
      return;
    }
    if (allowed) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', exposeHeaders);
    }
    next();
  };
}
