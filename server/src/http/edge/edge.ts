// The edge: the first steps of every request (order: client IP → ban check → rate limiting →
// routing → authentication → …; README: Edge).
//
// `screen` runs before anything else, correlation and the request log included: a banned address
// gets a bare 403 — no body, no log line, no database query — and costs a map lookup.
// `limit` runs after correlation and the request log (a 429 is a problem with a correlation id and
// is logged) and before routing. The per-actor window needs the actor, so the credential is
// checked here once and handed to the router's authentication step (res.locals), which reports
// its outcome in its usual place: a 401 still comes after routing's 404 and 405.
//
// A client is its address, or for IPv6 its RateLimit__Ipv6PrefixLength prefix (clientKeyOf): the
// windows, the bans and their record, and the allow-list all agree on that. req.ip stays the full
// address (logs, sessions). Only rejections of requests without valid credentials count toward a
// ban: an actor over its own window is that actor's problem, not its neighbours' behind the same
// address.
import type { NextFunction, Request, Response } from 'express';
import type { Dependencies } from '../../dependencies.js';
import type { AuthenticationResult } from '../../access/authentication.js';
import { ApiError } from '../../errors.js';
import { currentCallOrigin } from '../../context/call-origin.js';
import { clientKeyOf } from '../../services/security/client-address.js';
import { recordIpBan } from '../../services/security/ip-ban-events.js';
import { AddressSet } from './address-set.js';
import { adminProxyWarning } from './admin-proxy-check.js';
import { BanTable } from './ban-table.js';
import { resolveClient, type ResolvedClient } from './client-ip.js';
import { rateLimitRouteMatcher } from './rate-limit-routes.js';
import { RateLimiter } from './rate-limiter.js';

/** Where `limit` leaves the authentication it did for the router (openapi-router.ts, step 2). */
export const EDGE_AUTHENTICATION = 'edgeAuthentication';

export function takeEdgeAuthentication(res: Response): AuthenticationResult | undefined {
  return res.locals[EDGE_AUTHENTICATION] as AuthenticationResult | undefined;
}

export interface Edge {
  screen(req: Request, res: Response, next: NextFunction): void;
  limit(req: Request, res: Response, next: NextFunction): void;
  readonly bans: BanTable;
}

/** Marks a request whose client the allow-list exempts, for `limit`. */
const ALLOWED = Symbol('verso.edge.allowListed');
/** The client's key (address, or IPv6 prefix) that `screen` found, for `limit`. */
const CLIENT_KEY = Symbol('verso.edge.clientKey');

// IPv6 clients repeat (keep-alive, the same host): their prefix is kept, and the whole cache
// dropped when it reaches this size, so an address-rotating client cannot grow it.
const KEY_CACHE_SIZE = 10_000;

export function createEdge(deps: Dependencies): Edge {
  const { edge } = deps.config;
  const trusted = new AddressSet(edge.trustedProxy.proxies, edge.trustedProxy.networks);
  const proxyWarning = adminProxyWarning(deps.config);
  if (proxyWarning !== null) deps.logger.warn(proxyWarning, { event: 'admin_proxy_untrusted' });
  const prefixLength = edge.rateLimit.ipv6PrefixLength;
  const allowList = new AddressSet(edge.allowList.ips, edge.allowList.networks, { ipv6PrefixLength: prefixLength });
  const bans = new BanTable(edge.ipBan);
  const limiter = new RateLimiter(edge.rateLimit);
  const exempt = rateLimitRouteMatcher(deps.document as never, 'exempt');
  const credential = rateLimitRouteMatcher(deps.document as never, 'credential');
  const v6Keys = new Map<string, string>();

  function keyOf(client: ResolvedClient): string {
    if (client.address === null || client.address.kind() === 'ipv4') return client.canonical;
    let key = v6Keys.get(client.canonical);
    if (key === undefined) {
      if (v6Keys.size >= KEY_CACHE_SIZE) v6Keys.clear();
      key = clientKeyOf(client.address, client.canonical, prefixLength);
      v6Keys.set(client.canonical, key);
    }
    return key;
  }

  function screen(req: Request, res: Response, next: NextFunction): void {
    const client = resolveClient(req.socket.remoteAddress, req.headers['x-forwarded-for'], trusted);
    // Every later step (authentication, handlers, logs) sees the resolved client as req.ip.
    Object.defineProperty(req, 'ip', { value: client.canonical, configurable: true, enumerable: true });
    if (!allowList.empty && client.address !== null && allowList.has(client.address, client.canonical)) {
      (req as unknown as Record<symbol, boolean>)[ALLOWED] = true;
      return next();
    }
    const clientKey = keyOf(client);
    (req as unknown as Record<symbol, string>)[CLIENT_KEY] = clientKey;
    if (edge.ipBan.enabled && bans.isBanned(clientKey, Date.now())) {
      res.writeHead(403, { 'Content-Length': '0' });
      res.end();
      return;
    }
    next();
  }

  function refuse(req: Request, clientKey: string, now: number): void {
    if (!edge.ipBan.enabled) return;
    const ban = bans.recordRejection(clientKey, now);
    if (ban === null) return;
    const requestPath = req.path.slice(0, 2048);
    deps.logger.warn('client address banned', { event: 'ip_banned', ipAddress: clientKey, rejectionCount: ban.rejectionCount, bannedUntil: new Date(ban.bannedUntil).toISOString() });
    // The ban is in force already; its record is written on the side and a failure only logged.
    recordIpBan(deps.db, { ipAddress: clientKey, rejectionCount: ban.rejectionCount, bannedAt: new Date(ban.bannedAt), bannedUntil: new Date(ban.bannedUntil), requestPath }).catch(
      (err: unknown) => deps.logger.error('ip ban not recorded', { err, ipAddress: clientKey }),
    );
  }

  async function limitAsync(req: Request, res: Response): Promise<boolean> {
    const auth = await deps.authenticator.authenticate(req.headers.authorization, req.ip ?? '');
    res.locals[EDGE_AUTHENTICATION] = auth;
    const clientKey = (req as unknown as Record<symbol, string | undefined>)[CLIENT_KEY] ?? req.ip ?? '';
    const now = Date.now();
    const actorKey = auth.actor ? `${auth.actor.kind}:${auth.actor.id}` : null;
    const decision = limiter.take(actorKey, clientKey, now, credential(req.path));
    res.setHeader('RateLimit-Policy', decision.headers['RateLimit-Policy']);
    res.setHeader('RateLimit', decision.headers.RateLimit);
    if (decision.allowed) return true;
    if (actorKey === null) refuse(req, clientKey, now);
    throw new ApiError('rate-limit-exceeded', `Too many requests; retry in ${decision.resetSeconds} s.`, {}, { 'Retry-After': String(decision.resetSeconds) });
  }

  function limit(req: Request, res: Response, next: NextFunction): void {
    // An MCP tool call's request (mcp/in-process-dispatch.ts) is not counted again: the `/mcp`
    // request that carried it was.
    if (!edge.rateLimit.enabled || (req as unknown as Record<symbol, boolean>)[ALLOWED] || exempt(req.path) || currentCallOrigin() !== undefined) return next();
    limitAsync(req, res).then(() => next(), next);
  }

  return { screen, limit, bans };
}
