// Sign-in routes: GET /login, POST /admin-auth/login, POST /admin-auth/logout,
// POST /admin-auth/refresh-claims, GET /admin-auth/session-expired (a notice, not a sign-out). The API token only ever travels
// inside the encrypted cookie and in server-side API calls; it is never rendered or logged.
import type express from 'express';
import { VersoApiError, type components } from '@verso/sdk';
import { anonymousApi, apiFor } from '../api.js';
import { contextOf } from '../context.js';
import { field, formFailure } from '../http/forms.js';
import { PATHS } from '../nav.js';
import { render } from '../views/render.js';
import { PRE_SESSION_COOKIE } from './csrf.js';
import { appendSetCookie, parseCookies, safeReturnUrl, serializeCookie, type AdminSession, type AdminUser } from './session.js';

type CurrentActor = components['schemas']['CurrentActor'];

/**
 * The device cookie: the API's device token of this browser's last sign-in, HttpOnly, kept across
 * sign-outs (it names a browser that knew the password, not a session). 180 days, as the API keeps
 * the token; every sign-in replaces it. One per browser: signing in to another account replaces it.
 */
export const DEVICE_COOKIE = 'verso_device';
const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

function deviceTokenOf(req: express.Request): string | undefined {
  const value = parseCookies(req.headers.cookie).get(DEVICE_COOKIE);
  return value !== undefined && DEVICE_TOKEN.test(value) ? value : undefined;
}

function claimsFrom(actor: CurrentActor, previous: AdminUser): AdminUser {
  return {
    id: actor.id,
    email: actor.email ?? previous.email,
    displayName: actor.displayName ?? null,
    role: actor.role,
    isSuperAdmin: actor.isSuperAdmin,
    mustChangePassword: actor.mustChangePassword ?? false,
  };
}

/** Re-reads /auth/me (and the theme) and reissues the cookie's claims. */
export async function refreshClaims(res: express.Response): Promise<AdminSession> {
  const session = res.locals.session;
  if (!session) throw new Error('refreshClaims needs a session');
  const api = apiFor(res);
  const [me, prefs] = await Promise.all([api.getCurrentUser(), api.getAccountPreferences().catch(() => undefined)]);
  const next: AdminSession = { ...session, user: claimsFrom(me, session.user), theme: prefs?.theme ?? session.theme, timeZone: prefs ? prefs.timeZoneId : session.timeZone, lastSeenAt: contextOf(res).sessions.clock() };
  await contextOf(res).sessions.write(res, next);
  return next;
}

function loginPage(res: express.Response, data: { email: string; returnUrl?: string; notice?: string; failure?: ReturnType<typeof formFailure> }, status?: number) {
  return render(res, 'login', { title: 'Sign in', email: data.email, returnUrl: data.returnUrl ?? '', notice: data.notice, problem: data.failure?.problem, errors: data.failure?.errors ?? {} }, status);
}

function clearPreSession(res: express.Response): void {
  appendSetCookie(res, serializeCookie(PRE_SESSION_COOKIE, '', contextOf(res).sessions.secure, { maxAgeSeconds: 0 }));
}

export function registerAuthRoutes(router: express.Router): void {
  router.get(PATHS.login, async (req, res) => {
    const returnUrl = safeReturnUrl(req.query.returnUrl);
    if (res.locals.session) return void res.redirect(303, returnUrl ?? '/');
    const notice =
      req.query.error === 'session-expired' ? 'Your session has ended. Sign in again to continue.' : req.query.signedOut === '1' ? 'You are signed out.' : undefined;
    await loginPage(res, { email: '', returnUrl, notice });
  });

  router.post('/admin-auth/login', async (req, res) => {
    const { sessions, logger } = contextOf(res);
    const email = field(req, 'email').trim();
    const password = field(req, 'password');
    const returnUrl = safeReturnUrl(field(req, 'returnUrl'));
    try {
      // The device cookie: this browser signed in to an account before (OWASP "device cookies"),
      // which the API lets through a lock on the browser's address and the account-wide slowdown.
      const deviceToken = deviceTokenOf(req);
      const login = await anonymousApi(res).login({ body: { email, password, ...(deviceToken ? { deviceToken } : {}) } });
      if (login.deviceToken) {
        appendSetCookie(res, serializeCookie(DEVICE_COOKIE, login.deviceToken, sessions.secure, { maxAgeSeconds: DEVICE_COOKIE_MAX_AGE_SECONDS }));
      }
      const user: AdminUser = {
        id: login.user.id,
        email: login.user.email,
        displayName: login.user.displayName,
        role: login.user.role,
        isSuperAdmin: login.user.isSuperAdmin,
        mustChangePassword: login.mustChangePassword,
      };
      const session = sessions.create(login.token, user);
      res.locals.session = session;
      try {
        const prefs = await apiFor(res).getAccountPreferences();
        session.theme = prefs.theme;
        session.timeZone = prefs.timeZoneId;
      } catch {
        // the theme and time zone are niceties: sign-in still succeeds without them (UTC, auto theme)
      }
      await sessions.write(res, session);
      clearPreSession(res);
      logger.info('Signed in', { userId: user.id, role: user.role, mustChangePassword: user.mustChangePassword });
      res.redirect(303, user.mustChangePassword ? PATHS.changePassword : (returnUrl ?? '/'));
    } catch (err) {
      if (!(err instanceof VersoApiError)) throw err;
      logger.warn('Sign-in rejected by the API', {
        status: err.status,
        problemType: err.problem.type,
        problemTitle: err.problem.title,
        problemDetail: err.problem.detail ?? null,
        traceId: err.traceId ?? err.problem.traceId ?? null,
        correlationId: err.correlationId ?? err.problem.correlationId ?? null,
        authorization: 'none',
      });
      const failure = formFailure(err, [400, 401, 429]);
      if (!failure) throw err;
      if (err.status === 401) {
        failure.problem = { ...failure.problem, title: 'Email or password is wrong', detail: 'Check both and try again.' };
      }
      await loginPage(res, { email, returnUrl, failure }, err.status);
    }
  });

  router.post('/admin-auth/logout', async (_req, res) => {
    const { sessions, logger } = contextOf(res);
    if (res.locals.session) {
      try {
        await apiFor(res).logout();
      } catch (err) {
        // The API session may already be gone (revoked, expired): the cookie is cleared regardless.
        logger.info('API logout failed; clearing the admin cookie anyway', { status: err instanceof VersoApiError ? err.status : null });
      }
    }
    sessions.clear(res);
    res.redirect(303, `${PATHS.login}?signedOut=1`);
  });

  router.post('/admin-auth/refresh-claims', async (req, res) => {
    if (!res.locals.session) return void res.redirect(303, PATHS.login);
    const next = await refreshClaims(res);
    const back = safeReturnUrl(field(req, 'returnUrl'));
    res.redirect(303, next.user.mustChangePassword ? PATHS.changePassword : (back ?? '/'));
  });

  // Only says that the session ended: it does not clear the cookie. A GET can be a link on any
  // site, and one that cleared it would sign the user out from there (issue #23). The admin clears
  // the cookie itself, in the same response that redirects here (requireSignIn for a stale cookie,
  // the page error handler for an API 401), so a session that really ended is gone by now, and a
  // live one just lands on /login, which sends it on to the page it came from.
  router.get('/admin-auth/session-expired', (req, res) => {
    const back = safeReturnUrl(req.query.returnUrl);
    res.redirect(303, `${PATHS.login}?error=session-expired${back ? `&returnUrl=${encodeURIComponent(back)}` : ''}`);
  });
}
