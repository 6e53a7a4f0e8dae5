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
import { VersoClient, VersoApiError } from '@verso/sdk';
import type express from 'express';
import { contextOf } from './context.js';

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

function build(res: express.Response, token: string | undefined): VersoClient {
  const { config, fetch } = contextOf(res);
  const address = browserAddress(res.req);
  return new VersoClient({
    baseUrl: config.apiBaseUrl,
    token,
    timeoutMs: 20_000,
    attemptTimeoutMs: 10_000,
    headers: { 'User-Agent': `verso-admin/${config.version}`, ...(address ? { 'X-Forwarded-For': address } : {}) },
    fetch,
  });
}

/** The SDK client for this request, authenticated as the signed-in user (anonymous when signed out). */
export function apiFor(res: express.Response): VersoClient {
  if (!res.locals.session) return anonymousApi(res);
  return (res.locals.api ??= build(res, res.locals.session.token));
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
