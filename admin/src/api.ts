// The one place that builds the SDK client for a request: the bearer token comes from the session
// cookie and never leaves the server. Every call therefore has the SDK's correlation ids, read
// retries and typed errors (VersoApiError: status, problem with detail and errors).
//
// Every call also carries the browser's address as X-Forwarded-For. The API limits and bans per
// client IP (issue #17); without it every editor would be the admin's one address, and one person's
// failed sign-ins would lock everybody out. The API believes the header only from a peer it trusts
// (TrustedProxy__TrustedProxies__N: `make run` lists the admin's loopback address).
//
// The admin's own side of that trust: the address sent is Express's `req.ip`, which follows the
// admin app's `trust proxy` setting (app.ts): off unless Admin__TrustedProxies__N lists the reverse
// proxies in front of the admin. So by default the admin never passes on an X-Forwarded-For a browser
// sent it: it sends the socket's peer, replacing whatever the browser claimed, not appending to it.
// An admin behind its own reverse proxy lists that proxy there, or every editor is the proxy again.
//
// The clients are made by ONE factory per admin app (so per process): the SDK's circuit breaker is
// the factory's, shared by every request's client. A client per request with a breaker each would
// never see enough failures to open; shared, a failing API makes the admin fail fast (and say so in
// its log) instead of piling up requests that wait out their timeouts.
//
// Webhook URLs are not checked by the SDK here (validateWebhookUrls: false): the API checks the same
// rules, and its 422 names every wrong field at once, which is what the endpoint form shows.
import { createVersoClientFactory, VersoClient, VersoApiError, type VersoClientFactory } from '@verso/sdk';
import type express from 'express';
import { contextOf, type AdminContext } from './context.js';

export { VersoApiError };

declare module 'express-serve-static-core' {
  interface Locals {
    api?: VersoClient;
    anonymousApi?: VersoClient;
  }
}

/** Errors of calls made without a token: their 401 is never a session expiry. */
const tokenless = new WeakSet<object>();
/** Operations whose 401 means "wrong credentials", not "session gone". */
const CREDENTIAL_CHECKS = new Set(['login', 'changePassword']);

/** The browser's address as the admin sees it (see the top of this file); none once the socket is gone. */
export function browserAddress(req: express.Request): string | undefined {
  return req.ip || undefined;
}

const factories = new WeakMap<AdminContext, VersoClientFactory>();

/** The admin app's one client factory (and so its one circuit breaker). */
export function clientFactoryOf(context: AdminContext): VersoClientFactory {
  let factory = factories.get(context);
  if (!factory) {
    const { config, fetch, logger } = context;
    factory = createVersoClientFactory({
      baseUrl: config.apiBaseUrl,
      timeoutMs: 20_000,
      attemptTimeoutMs: 10_000,
      headers: { 'User-Agent': `verso-admin/${config.version}` },
      fetch,
      pipelineName: 'verso-admin',
      validateWebhookUrls: false,
      onCircuitStateChanged: (e) => {
        const fields = { state: e.state, previousState: e.previousState, status: e.status, failure: e.failure, breakMs: e.delayMs };
        if (e.state === 'open') logger.warn('The API is failing: calls fail fast until the circuit closes', fields);
        else logger.info('API circuit state changed', fields);
      },
    });
    factories.set(context, factory);
  }
  return factory;
}

function build(res: express.Response, token: string | undefined): VersoClient {
  const address = browserAddress(res.req);
  return clientFactoryOf(contextOf(res)).create({ token, headers: address ? { 'X-Forwarded-For': address } : {} });
}

/** The SDK client for this request, authenticated as the signed-in user (anonymous when signed out). */
export function apiFor(res: express.Response): VersoClient {
  if (!res.locals.session) return anonymousApi(res);
  return (res.locals.api ??= build(res, res.locals.session.token));
}

/**
 * A client that reads with a preview token (issue #27): the admin's own preview viewer reads what a
 * site would read with the token it hands the site, nothing more.
 */
export function previewApi(res: express.Response, previewToken: string): VersoClient {
  return build(res, previewToken);
}

/** A client that sends no token at all (sign-in, health). */
export function anonymousApi(res: express.Response): VersoClient {
  if (res.locals.anonymousApi) return res.locals.anonymousApi;
  const client = build(res, undefined);
  const proxy = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const out = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (out instanceof Promise) {
          return out.catch((err: unknown) => {
            if (err && typeof err === 'object') tokenless.add(err);
            throw err;
          });
        }
        return out;
      };
    },
  });
  return (res.locals.anonymousApi = proxy);
}

/** True when `err` is an API 401 that means the session behind the cookie is gone. */
export function isSessionExpiry(err: unknown): err is VersoApiError {
  return err instanceof VersoApiError && err.status === 401 && !tokenless.has(err) && !CREDENTIAL_CHECKS.has(err.operationId ?? '');
}

/** The API's answer `status`, when `err` is one. */
export function apiStatus(err: unknown): number | undefined {
  return err instanceof VersoApiError ? err.status : undefined;
}
