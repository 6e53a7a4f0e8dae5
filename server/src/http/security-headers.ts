// Security headers on every API response (issue #17). The API serves JSON and file bytes, plus one
// HTML page (the Swagger viewer): nothing of it is meant to be framed, sniffed into another type or
// to leak its URL through a Referer.
//
// - `Content-Security-Policy: default-src 'none'` on everything but the viewer: a JSON answer or an
//   uploaded file opened in a tab (an SVG, an HTML file served as bytes) can load and run nothing,
//   and `frame-ancestors 'none'` keeps it out of frames.
// - The viewer (`/swagger`, its assets) gets a policy that still lets Swagger UI work: its scripts,
//   styles, images and fonts from the API's own origin, the contract fetched from the same origin,
//   inline styles (Swagger UI sets style attributes and injects <style> while rendering) and data:
//   images (its icons). No inline or foreign script, no framing, no form posts elsewhere.
// - HSTS only in production: development and tests talk plain http on loopback, where the header
//   would pin a browser to https for localhost. No includeSubDomains: the API's host does not speak
//   for the operator's other sub-domains.
import type { NextFunction, Request, Response } from 'express';
import type { Environment } from '../config.js';

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** One year: the usual HSTS lifetime once a deployment is known to serve https only. */
export const HSTS = 'max-age=31536000';

const isDocsPath = (path: string) => path === '/swagger' || path.startsWith('/swagger/');

export function securityHeaders(environment: Environment) {
  const production = environment === 'production';
  return (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Security-Policy', isDocsPath(req.path) ? DOCS_CSP : API_CSP);
    if (production) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
}
