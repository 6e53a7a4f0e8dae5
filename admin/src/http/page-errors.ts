// The error middleware. Page handlers just throw (Express 5 forwards rejected promises):
// - an API 401 on a call sent with the session's token (not a credential check) → the cookie is
//   cleared and ONE redirect goes to /admin-auth/session-expired?returnUrl=<this page>, which goes
//   on to /login (that GET clears nothing: a link from another site must not sign anyone out);
// - CSRF failure → 403 page, nothing changed;
// - API 403/404 → an error page with the API's title and detail;
// - API 412 not handled by a form → a conflict page (forms handle it inline with the conflict partial);
// - a client error raised before or around a page (a malformed escape in the path, a NUL or a traversal
//   refused by the static files, a form body that is unreadable, too large or in an encoding the admin
//   does not read: anything carrying a 4xx `status`, and any URIError) → that 4xx page in plain words,
//   logged as one info line, because the request was wrong, not the admin;
// - API down/timeouts → 503 page; anything else → 500 page with the trace id. Never a stack.
import crypto from 'node:crypto';
import type express from 'express';
import { VersoApiError, VersoCircuitOpenError, VersoTimeoutError } from '@verso/sdk';
import { isSessionExpiry } from '../api.js';
import { CsrfError } from '../auth/csrf.js';
import { safeReturnUrl, type Role } from '../auth/session.js';
import { contextOf } from '../context.js';
import { hasRole } from '../nav.js';
import { renderToString, type PageData } from '../views/page-html.js';

export class PageNotFound extends Error {
  constructor() {
    super('Page not found');
  }
}

/** The admin's own refusal (a screen the role cannot use even where the API would answer). */
export class PageForbidden extends Error {
  constructor(readonly detail: string) {
    super('Forbidden');
  }
}

/** Middleware: only users whose role is at least `role` (else a 403 page). */
export function requireRole(role: Role): express.RequestHandler {
  return (_req, res, next) => {
    const user = res.locals.session?.user;
    if (user && hasRole(user.role, role)) return next();
    next(new PageForbidden(`This screen needs the ${role} role.`));
  };
}

/** The problem fields a page may show. */
export interface ShownProblem {
  status: number;
  title: string;
  detail?: string | null;
  traceId?: string;
  correlationId?: string;
}

export function problemOf(err: VersoApiError): ShownProblem {
  return {
    status: err.status,
    title: err.problem.title || 'The API refused the request',
    detail: err.problem.detail ?? null,
    traceId: err.traceId ?? err.problem.traceId,
    correlationId: err.correlationId ?? err.problem.correlationId,
  };
}

/** The current page as a returnUrl (GET or HEAD: the URL itself; a form post: the page it was posted from). */
function currentPage(req: express.Request): string | undefined {
  if (req.method === 'GET' || req.method === 'HEAD') return safeReturnUrl(req.originalUrl);
  const referer = req.headers.referer;
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === req.headers.host) return safeReturnUrl(url.pathname + url.search);
    } catch {
      // ignore a malformed Referer
    }
  }
  return safeReturnUrl(req.originalUrl);
}

export function sessionExpiredUrl(req: express.Request): string {
  const back = currentPage(req);
  return '/admin-auth/session-expired' + (back && back !== '/' ? `?returnUrl=${encodeURIComponent(back)}` : '');
}

/** Like render(), but throws: the error handler must not recurse into itself. */
async function sendPage(res: express.Response, view: string, data: PageData, status: number): Promise<void> {
  const html = await renderToString(res, view, data);
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
}

/**
 * The 4xx status of an error the request itself caused, raised by Express's router (a path parameter
 * whose escapes do not decode: URIError with status 400), serve-static (403 a traversal, 400 a NUL or a bad
 * escape) or body-parser (400 unreadable or not decodable, 413 too large,
 * 415 an unknown charset or Content-Encoding): these all carry `status` (http-errors). A URIError
 * without one comes from decoding something the client sent, too.
 */
export function clientErrorStatus(err: unknown): number | undefined {
  if (err instanceof VersoApiError || typeof err !== 'object' || err === null) return undefined;
  const { status, statusCode } = err as { status?: unknown; statusCode?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof code === 'number' && Number.isInteger(code) && code >= 400 && code < 500) return code;
  return err instanceof URIError ? 400 : undefined;
}

/** What each client error says: what went wrong, in words, and that nothing was done. */
const CLIENT_ERROR_PAGES: Readonly<Record<number, { title: string; detail: string }>> = {
  400: { title: 'Bad request', detail: 'The address or the form could not be read: it is malformed. Nothing was changed. Check the address, or go back, reload the page and try again.' },
  403: { title: 'Forbidden', detail: 'This address cannot be served.' },
  413: { title: 'Too large', detail: 'The form is larger than the admin accepts. Nothing was changed.' },
  415: { title: 'Unsupported form encoding', detail: 'The form was sent in an encoding or character set the admin does not read. Nothing was changed.' },
};

/** A request path for a log line, cut short (a fuzzer or an attacker can send 100 KB of it). */
const clip = (path: string) => (path.length > 200 ? `${path.slice(0, 200)}… (${path.length} chars)` : path);

export const notFoundHandler: express.RequestHandler = (_req, _res, next) => next(new PageNotFound());

export const pageErrorHandler: express.ErrorRequestHandler = async (err, req, res, next) => {
  if (res.headersSent) return next(err);
  await handlePageError(err, req, res);
};

/** Turns `err` into the right answer on `res` (see the header comment). Never throws. */
export async function handlePageError(err: unknown, req: express.Request, res: express.Response): Promise<void> {
  const { logger } = contextOf(res);
  try {
    if (isSessionExpiry(err)) {
      logger.warn('API answered 401 for a signed-in request; the session is over', {
        status: 401,
        path: req.path,
        problemType: err.problem.type,
        problemTitle: err.problem.title,
        problemDetail: err.problem.detail ?? null,
        traceId: err.traceId ?? null,
        correlationId: err.correlationId ?? null,
        operationId: err.operationId ?? null,
        authorization: 'bearer-opaque',
      });
      // The API has ended the session: the cookie goes with this redirect.
      contextOf(res).sessions.clear(res);
      // Never loop: the session-expired route itself calls no API with a token.
      if (req.path.startsWith('/admin-auth/session-expired')) return void res.redirect(303, '/login?error=session-expired');
      return void res.redirect(303, sessionExpiredUrl(req));
    }
    if (err instanceof CsrfError) {
      logger.warn('CSRF token missing or wrong; request refused', { method: req.method, path: req.path });
      return await sendPage(res, 'errors/problem', { title: 'Form expired', problem: { status: 403, title: 'This form has expired', detail: 'The form was missing its security token, or it came from another page or session. Nothing was changed. Go back, reload the page and try again.' } }, 403);
    }
    if (err instanceof PageForbidden) {
      return await sendPage(res, 'errors/problem', { title: 'Forbidden', problem: { status: 403, title: 'Forbidden', detail: err.detail } }, 403);
    }
    if (err instanceof PageNotFound || (err as { status?: unknown })?.status === 404) {
      return await sendPage(res, 'errors/problem', { title: 'Not found', problem: { status: 404, title: 'Page not found', detail: 'There is no page at this address.' } }, 404);
    }
    if (err instanceof VersoApiError) {
      const problem = problemOf(err);
      if (err.status === 412) {
        return await sendPage(res, 'errors/problem', { title: 'Changed by someone else', problem: { ...problem, title: 'Changed by someone else since you opened it', detail: 'Nothing was overwritten. Open the page again to see the current values and re-apply your change.' } }, 409);
      }
      if (err.status >= 500) {
        logger.error('API error while rendering a page', { status: err.status, path: req.path, traceId: problem.traceId ?? null, correlationId: problem.correlationId ?? null, operationId: err.operationId ?? null });
        return await sendPage(res, 'errors/problem', { title: 'Something went wrong', problem: { ...problem, detail: 'The API could not complete the request. Try again; if it keeps happening, quote the trace id.' } }, 502);
      }
      const status = err.status === 401 ? 401 : err.status;
      return await sendPage(res, 'errors/problem', { title: problem.title, problem }, status);
    }
    if (err instanceof VersoTimeoutError || err instanceof VersoCircuitOpenError || (err instanceof TypeError && /fetch failed/i.test(err.message))) {
      logger.error('API unreachable', { path: req.path, error: (err as Error).name });
      return await sendPage(res, 'errors/problem', { title: 'API unavailable', problem: { status: 503, title: 'The API is not answering', detail: 'The admin could not reach the Verso API. Try again in a moment.' } }, 503);
    }
    const clientStatus = clientErrorStatus(err);
    if (clientStatus !== undefined) {
      // No stack: a stranger can send these at will, and each would otherwise flood the log.
      logger.info('Request refused as malformed', { status: clientStatus, method: req.method, path: clip(req.path), reason: (err as { type?: unknown }).type === undefined ? (err as Error).name : String((err as { type: unknown }).type) });
      const page = CLIENT_ERROR_PAGES[clientStatus] ?? { title: 'The request could not be handled', detail: 'The admin cannot answer this request as it was sent. Go back and try again.' };
      return await sendPage(res, 'errors/problem', { title: page.title, problem: { status: clientStatus, ...page } }, clientStatus);
    }
    const traceId = crypto.randomUUID();
    const e = err as Error & { status?: number; type?: string };
    logger.error('Unhandled error while rendering a page', { path: req.path, traceId, error: e?.name ?? 'Error', message: e?.message ?? String(err), stack: e?.stack ?? null });
    return await sendPage(res, 'errors/problem', { title: 'Something went wrong', problem: { status: 500, title: 'Something went wrong', detail: 'An unexpected error stopped this page. Quote the trace id if you report it.', traceId } }, 500);
  } catch (renderErr) {
    // The error page itself failed (e.g. a template bug): plain text, still no stack.
    if (isSessionExpiry(renderErr) && !res.headersSent) {
      contextOf(res).sessions.clear(res);
      return void res.redirect(303, sessionExpiredUrl(req));
    }
    logger.error('Error page failed to render', { path: req.path, message: (renderErr as Error)?.message ?? String(renderErr) });
    if (!res.headersSent) res.status(500).type('text/plain').send('Something went wrong.');
  }
}
