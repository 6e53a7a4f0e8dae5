// "Verso is starting": until the API has answered once, a page request is answered with a page
// that says so and reloads itself every few seconds (admin.js; a <noscript> meta refresh without it), instead of
// the sign-in form — which could only fail — or the "API unavailable" error page. `make run`
// starts the API and the admin together, and the API's first start (initdb, migrations) is the
// slower one. The probe is the API's readiness (GET /health/ready through the SDK, on a client of
// its own: no retries, a short deadline, no circuit breaker that would keep failing after the API
// came up); at most one probe is in flight, and once the API has answered the gate stays open
// (later outages are the error pages' business).
import type express from 'express';
import { VersoApiError, VersoClient } from '@verso/sdk';
import type { AdminContext } from '../context.js';
import { render } from '../views/render.js';

/** Seconds between the starting page's reloads. */
export const STARTING_RETRY_SECONDS = 2;

const PASS = [/^\/assets\//, /^\/healthz$/, /^\/favicon\.ico$/];

export function startupGate(context: AdminContext): express.RequestHandler {
  let ready = false;
  let probing: Promise<boolean> | undefined;
  const client = new VersoClient({
    baseUrl: context.config.apiBaseUrl,
    retry: false,
    timeoutMs: 1_500,
    circuitBreaker: false,
    trackETags: false,
    ...(context.fetch ? { fetch: context.fetch } : {}),
  });
  const probe = () =>
    (probing ??= client
      .getHealthReady()
      .then(
        () => true,
        // A 503 from /health/ready is an API that answers but is not ready (its database is not up yet).
        (err: unknown) => (err instanceof VersoApiError && err.status < 500 ? true : false),
      )
      .then((answered) => {
        probing = undefined;
        if (answered && !ready) {
          ready = true;
          context.logger.info('The API answers: the admin is ready', { event: 'api_ready' });
        }
        return answered;
      }));

  return (req, res, next) => {
    if (ready || (req.method !== 'GET' && req.method !== 'HEAD') || PASS.some((p) => p.test(req.path))) return next();
    probe().then(
      (answered) => {
        if (answered) return next();
        res.setHeader('Retry-After', String(STARTING_RETRY_SECONDS));
        res.setHeader('Cache-Control', 'no-store');
        render(res, 'errors/starting', { title: 'Verso is starting', refreshSeconds: STARTING_RETRY_SECONDS, retryUrl: req.originalUrl }, 503).catch(next);
      },
      next,
    );
  };
}
