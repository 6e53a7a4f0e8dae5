// The gate in front of every page that needs a signed-in user, and where it sends everyone else.
// Apart from session.ts because it reaches the codec through the admin context (contextOf), and the
// context names the codec's type: in one module the two would import each other.
import type express from 'express';
import { contextOf } from '../context.js';
import { safeReturnUrl, type SessionState } from './session.js';

function returnUrlOf(req: express.Request): string {
  // A HEAD is its GET (Express routes it so): the same redirect, the same returnUrl.
  return req.method === 'GET' || req.method === 'HEAD' ? req.originalUrl : (safeReturnUrl(refererPath(req)) ?? '/');
}

function refererPath(req: express.Request): string | undefined {
  const referer = req.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    if (url.host !== req.headers.host) return undefined;
    return url.pathname + url.search;
  } catch {
    return undefined;
  }
}

/** Where to send a visitor who needs to sign in (again) to see `req`. */
export function signInRedirect(req: express.Request, state: SessionState | undefined): string {
  const target = safeReturnUrl(returnUrlOf(req));
  const q = target && target !== '/' ? `?returnUrl=${encodeURIComponent(target)}` : '';
  return state === 'expired' || state === 'invalid' ? `/admin-auth/session-expired${q}` : `/login${q}`;
}

/**
 * Lets signed-in requests through; others go to /login?returnUrl=… (or session-expired when the
 * cookie was stale, which is cleared on that redirect: the session-expired route itself leaves
 * cookies alone).
 */
export const requireSignIn: express.RequestHandler = (req, res, next) => {
  if (res.locals.session) return next();
  const state = res.locals.sessionState;
  if (state === 'expired' || state === 'invalid') contextOf(res).sessions.clear(res);
  res.redirect(303, signInRedirect(req, state));
};
