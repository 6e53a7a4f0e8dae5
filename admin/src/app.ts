// The admin web app: server-rendered pages that call the API only through @verso/sdk.
// Order: security headers → static /assets → "Verso is starting" until the API answers → form bodies → session cookie → CSRF → public routes
// (sign-in, admin-auth, health) → sign-in gate → forced password change → page modules → 404 → errors.
import express from 'express';
import { loadOrCreateCookieKey } from './auth/cookie-key.js';
import { registerCsrfKey, verifyCsrf } from './auth/csrf.js';
import { requireSignIn } from './auth/require-sign-in.js';
import { registerAuthRoutes } from './auth/routes.js';
import { SessionCodec, sessionMiddleware } from './auth/session.js';
import type { AdminConfig } from './config.js';
import type { AdminContext } from './context.js';
import { contentSecurityPolicy } from './http/content-security-policy.js';
import { notFoundHandler, pageErrorHandler } from './http/page-errors.js';
import { startupGate } from './http/startup.js';
import { createAdminLogger, type AdminLogger } from './log.js';
import { PATHS } from './nav.js';
import { pageModules } from './pages/index.js';
import { publicDir } from './paths.js';
import { forgetCachedReads } from './read-cache.js';
import { workspacesFor } from './views/render.js';

export interface AdminAppOptions {
  logger?: AdminLogger;
  /** The cookie key; default: read (or created) from config.auth.cookieKeyFile. */
  cookieKey?: Uint8Array;
  /** Clock for session expiry (tests). */
  now?: () => number;
  /** fetch used by the SDK (tests). */
  fetch?: typeof fetch;
}

const CSP = contentSecurityPolicy();

/** One year, no includeSubDomains: the admin's host does not speak for the operator's other sub-domains. */
export const HSTS = 'max-age=31536000';

/** Paths that work without a session. */
const PUBLIC = [/^\/login$/, /^\/admin-auth\//, /^\/healthz$/, /^\/assets\//, /^\/favicon\.ico$/];
/** Paths a user who must change their password may still open. */
const DURING_FORCED_CHANGE = [/^\/account\/password$/, /^\/admin-auth\//, /^\/assets\//, /^\/healthz$/, /^\/about$/];

export function createAdminApp(config: AdminConfig, options: AdminAppOptions = {}): express.Express {
  const app = express();
  const logger = options.logger ?? createAdminLogger();
  const key = options.cookieKey ?? loadOrCreateCookieKey(config.auth.cookieKeyFile);
  const sessions = new SessionCodec(key, config, options.now);
  registerCsrfKey(sessions, key);
  const context: AdminContext = { config, logger, sessions, fetch: options.fetch };
  app.locals.admin = context;

  app.disable('x-powered-by');
  // Pages are Cache-Control: no-store (views/render.ts), so no browser revalidates them: express's
  // default weak ETag (a SHA-1 of every page body) was work for nothing. Static assets keep theirs.
  app.set('etag', false);
  // req.ip is the browser's address the API is told about (api.ts): X-Forwarded-For counts only when
  // it comes from a proxy listed in Admin__TrustedProxies__N, never from the browser itself.
  app.set('trust proxy', config.trustedProxies.length > 0 ? [...config.trustedProxies] : false);
  // HSTS only in production, as the API does (server/src/http/security-headers.ts): development and
  // tests talk plain http on loopback, where the header would pin a browser to https for localhost.
  const hsts = config.environment === 'production';
  app.use((_req, res, next) => {
    if (hsts) res.setHeader('Strict-Transport-Security', HSTS);
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    next();
  });
  app.use('/assets', express.static(publicDir, { index: false, fallthrough: false, maxAge: config.environment === 'production' ? '1h' : 0 }));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'Healthy', version: config.version });
  });
  // Browsers ask for /favicon.ico whatever the page links; the icon is the layout's SVG.
  app.get('/favicon.ico', (_req, res) => res.redirect(301, '/assets/favicon.svg'));
  app.use(startupGate(context));
  // The content editor posts a whole version: up to 2,000 values, a Markdown value may be 1,000,000
  // characters and a component value 256 KiB (the API's own limits).
  app.use(express.urlencoded({ extended: false, limit: '8mb', parameterLimit: 20_000 }));
  app.use(sessionMiddleware(sessions));
  app.use(verifyCsrf);

  const publicRouter = express.Router();
  registerAuthRoutes(publicRouter);
  app.use(publicRouter);

  app.use((req, res, next) => (PUBLIC.some((p) => p.test(req.path)) ? next() : requireSignIn(req, res, next)));
  app.use((req, res, next) => {
    const session = res.locals.session;
    if (!session?.user.mustChangePassword || DURING_FORCED_CHANGE.some((p) => p.test(req.path))) return next();
    res.redirect(303, PATHS.changePassword);
  });

  // Every signed-in page shows the workspace switcher: start loading its list now, in parallel with
  // the page's own API calls (render() awaits the same promise).
  app.use((req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && res.locals.session && !res.locals.session.user.mustChangePassword) workspacesFor(res).catch(() => undefined);
    next();
  });

  // A write through the admin makes the read caches forget, so the user's change shows next page.
  app.use((req, res, next) => {
    if (req.method === 'POST') res.on('finish', forgetCachedReads);
    next();
  });

  const router = express.Router();
  for (const page of pageModules) page.register(router);
  app.use(router);

  app.use(notFoundHandler);
  app.use(pageErrorHandler);
  return app;
}
