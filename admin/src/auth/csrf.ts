// CSRF: every state-changing request carries `_csrf` (a form field, or the X-CSRF-Token header) that
// must match the session's token. Before sign-in there is no session, so the login form's token is an
// HMAC of a random pre-session cookie (verso.admin.csrf) under the cookie key. SameSite=Lax alone is
// not enough (same-site subdomains, top-level GET-to-POST tricks), hence the token.
import crypto from 'node:crypto';
import type express from 'express';
import { contextOf } from '../context.js';
import { appendSetCookie, parseCookies, serializeCookie } from './session.js';

export const PRE_SESSION_COOKIE = 'verso.admin.csrf';

export class CsrfError extends Error {
  constructor() {
    super('The form is missing its security token or it does not match this session.');
    this.name = 'CsrfError';
  }
}

declare module 'express-serve-static-core' {
  interface Locals {
    preSessionCsrf?: string;
  }
}

function hmac(key: Uint8Array, value: string): string {
  return crypto.createHmac('sha256', key).update('verso.admin.csrf:' + value).digest('base64url');
}

/** Keys kept out of the codec's public surface: the HMAC key is derived from the cookie key file. */
const hmacKeys = new WeakMap<object, Uint8Array>();
export function registerCsrfKey(sessions: object, key: Uint8Array): void {
  hmacKeys.set(sessions, crypto.createHash('sha256').update('csrf').update(key).digest());
}

function keyOf(res: express.Response): Uint8Array {
  const key = hmacKeys.get(contextOf(res).sessions);
  if (!key) throw new Error('CSRF key not registered');
  return key;
}

/** The token forms on this response must carry (creating the pre-session cookie when signed out). */
export function csrfToken(req: express.Request, res: express.Response): string {
  if (res.locals.session) return res.locals.session.csrf;
  if (res.locals.preSessionCsrf) return res.locals.preSessionCsrf;
  let pre = parseCookies(req.headers.cookie).get(PRE_SESSION_COOKIE);
  if (!pre || !/^[A-Za-z0-9_-]{32,64}$/.test(pre)) {
    pre = crypto.randomBytes(24).toString('base64url');
    appendSetCookie(res, serializeCookie(PRE_SESSION_COOKIE, pre, contextOf(res).sessions.secure));
  }
  return (res.locals.preSessionCsrf = hmac(keyOf(res), pre));
}

function expectedToken(req: express.Request, res: express.Response): string | undefined {
  if (res.locals.session) return res.locals.session.csrf;
  const pre = parseCookies(req.headers.cookie).get(PRE_SESSION_COOKIE);
  return pre ? hmac(keyOf(res), pre) : undefined;
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Posts that arrive as multipart/form-data (file uploads): the body parser leaves them unread, so
 * the middleware cannot see their `_csrf` field. Only these routes may receive one; each reads its
 * form itself and calls `checkCsrfToken` with the field before acting on anything else in it.
 */
const MULTIPART_ROUTES: readonly RegExp[] = [
  /^\/workspaces\/[0-9a-f-]{36}\/packages\/import\/preview$/i,
  // A media upload: streamed on to the API; its `_csrf` is the form's first part (pages/media/upload-stream.ts).
  /^\/workspaces\/[0-9a-f-]{36}\/media$/i,
];

const isMultipart = (req: express.Request) => /^multipart\/form-data\b/i.test(req.get('content-type') ?? '');

/** Throws CsrfError unless `sent` is this request's token (for routes that read their own multipart form). */
export function checkCsrfToken(req: express.Request, res: express.Response, sent: unknown): void {
  const expected = expectedToken(req, res);
  if (typeof sent !== 'string' || !expected || !equal(sent, expected)) throw new CsrfError();
}

/** Refuses (CsrfError → 403 page) any unsafe request whose token is missing or wrong. */
export const verifyCsrf: express.RequestHandler = (req, res, next) => {
  if (SAFE.has(req.method)) return next();
  // Signing out without a session changes nothing (the handler only clears cookies): no token needed.
  if (req.path === '/admin-auth/logout' && !res.locals.session) return next();
  // A multipart upload to a route that checks the token itself, before anything else in the form.
  if (isMultipart(req) && res.locals.session && MULTIPART_ROUTES.some((r) => r.test(req.path))) return next();
  const body = req.body as Record<string, unknown> | undefined;
  const sent = typeof body?._csrf === 'string' ? body._csrf : req.get('x-csrf-token');
  try {
    checkCsrfToken(req, res, sent);
  } catch (err) {
    return next(err);
  }
  next();
};
