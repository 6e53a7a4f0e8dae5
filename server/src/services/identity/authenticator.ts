// The real Authenticator: `verso_…` tokens are API clients, three dot-separated parts are JWTs
// (only when OIDC is enabled), anything else is looked up as a local session. A verified session
// or API client is kept for a few seconds in the credential cache (services/credential-cache.ts),
// so most requests cost no database round trip; a miss costs one indexed lookup by digest or
// identifier. The touch writes happen at most once per interval either way.
import type { Config } from '../../config.js';
import type { AccessLookups } from '../../db/identity/access-lookups.js';
import type { Db } from '../../db/pool.js';
import { touchApiClient } from '../../db/identity/api-clients.js';
import { sessionExpiry, touchSession } from '../../db/identity/sessions.js';
import type { Logger } from '../../logging/logger.js';
import type { Actor } from '../../access/actor.js';
import { bearerKindOf, type AuthenticationResult, type Authenticator } from '../../access/authentication.js';
import { ApiClientActor, PreviewActor, UserActor } from './actors.js';
import type { CachedCredential, CredentialCache } from './credential-cache.js';
import { apiClientIdentifierOf, digestsEqual, previewIdentifierOf, sha256Hex } from './credential-tokens.js';
import { createOidcVerifier, type OidcVerifier } from './oidc-bearer.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

interface SessionCredential extends CachedCredential {
  readonly kind: 'session';
  readonly sessionId: string;
  actor: UserActor;
  /** The touch in flight, if any: requests meanwhile wait for it so they echo the expiry it sets. */
  touching: Promise<boolean> | null;
}

export function createDbAuthenticator(db: Db, lookups: AccessLookups, cache: CredentialCache, config: Config, logger: Logger): Authenticator {
  const auth = config.auth;
  const oidc: OidcVerifier | null = auth.oidc.enabled ? createOidcVerifier(auth.oidc, logger) : null;

  /** A cached entry still usable now; an expired one is dropped so the database decides again. */
  function cached(digest: string, kind: CachedCredential['kind'], now: number): CachedCredential | undefined {
    const entry = cache.get(digest, now);
    if (!entry) return undefined;
    if (entry.kind !== kind || entry.expiresAtMs <= now) {
      // Expiry is final for an API client; a session may have been slid by another replica, so
      // its row, not our copy, says whether it is over.
      cache.delete(digest);
      return undefined;
    }
    return entry;
  }

  async function loadSession(digest: string, now: number): Promise<SessionCredential | null> {
    const generation = cache.generation;
    cache.lookups++;
    const found = await lookups.findSession(digest, auth.sessionTouchIntervalMs);
    if (!found) return null;
    const entry: SessionCredential = {
      kind: 'session',
      ownerId: found.userId,
      sessionId: found.sessionId,
      actor: new UserActor(
        found.userId,
        found.role,
        found.isSuperAdmin,
        found.email,
        found.displayName,
        found.grants,
        found.mustChangePassword,
        digest,
        found.expiresAt,
      ),
      expiresAtMs: Date.parse(found.expiresAt),
      touchAtMs: found.touchDue ? now : Date.parse(found.lastSeenAt) + auth.sessionTouchIntervalMs,
      cachedUntilMs: now + cache.ttlMs,
      touching: null,
    };
    cache.put(digest, entry, generation);
    return entry;
  }

  async function sessionActor(token: string, ip: string): Promise<Actor | null> {
    const digest = sha256Hex(token);
    const now = Date.now();
    const entry = (cached(digest, 'session', now) as SessionCredential | undefined) ?? (await loadSession(digest, now));
    if (!entry) return null;
    if (entry.touchAtMs <= now) {
      // Claimed before the write, so concurrent requests on this entry do not all write too.
      entry.touchAtMs = now + auth.sessionTouchIntervalMs;
      entry.touching = touch(entry, digest, ip).finally(() => (entry.touching = null));
    }
    if (entry.touching && !(await entry.touching)) return null;
    return entry.actor;
  }

  /** False when the session turned out to be gone. */
  async function touch(entry: SessionCredential, digest: string, ip: string): Promise<boolean> {
    try {
      // A parallel request (here or on another replica) may have touched it first; echo the expiry
      // it set. No row at all means the session ended since it was read: the request is anonymous.
      const expiresAt =
        (await touchSession(db, entry.sessionId, ip, auth.sessionTouchIntervalMs, auth.sessionSlidingExpiryMs)) ??
        (await sessionExpiry(db, entry.sessionId));
      if (expiresAt === null) {
        cache.delete(digest);
        return false;
      }
      if (expiresAt !== entry.actor.sessionExpiresAt) {
        entry.actor = entry.actor.withSessionExpiry(expiresAt);
        entry.expiresAtMs = Date.parse(expiresAt);
      }
    } catch (err) {
      // Recording last-seen is bookkeeping: it must never fail the request it rides on.
      logger.warn('session touch failed', { event: 'session_touch_failed', err: (err as Error).message });
    }
    return true;
  }

  async function loadApiClient(token: string, digest: string, now: number): Promise<CachedCredential | null> {
    const identifier = apiClientIdentifierOf(token);
    if (!identifier) return null;
    const generation = cache.generation;
    cache.lookups++;
    const found = await lookups.findApiClient(identifier, auth.apiClientTouchIntervalMs);
    if (!found || !digestsEqual(digest, found.tokenHash)) return null;
    const entry: CachedCredential = {
      kind: 'api-client',
      ownerId: found.id,
      actor: new ApiClientActor(found.id, found.role, found.name, found.workspaceId, found.deliveryOnly),
      expiresAtMs: found.expiresAt === null ? Infinity : Date.parse(found.expiresAt),
      touchAtMs: found.touchDue || found.lastUsedAt === null ? now : Date.parse(found.lastUsedAt) + auth.apiClientTouchIntervalMs,
      cachedUntilMs: now + cache.ttlMs,
    };
    cache.put(digest, entry, generation);
    return entry;
  }

  async function apiClientActor(token: string): Promise<Actor | null> {
    const digest = sha256Hex(token);
    const now = Date.now();
    const entry = cached(digest, 'api-client', now) ?? (await loadApiClient(token, digest, now));
    if (!entry) return null;
    if (entry.touchAtMs <= now) {
      entry.touchAtMs = now + auth.apiClientTouchIntervalMs;
      try {
        await touchApiClient(db, entry.ownerId, auth.apiClientTouchIntervalMs);
      } catch (err) {
        logger.warn('API client touch failed', { event: 'api_client_touch_failed', err: (err as Error).message });
      }
    }
    return entry.actor;
  }

  // A preview token is cached like an API client (same eviction on revoke, here and on every other
  // replica through the credential notices) and never touched: it lives minutes, not months.
  async function previewActor(token: string): Promise<Actor | null> {
    const digest = sha256Hex(token);
    const now = Date.now();
    const hit = cached(digest, 'preview', now);
    if (hit) return hit.actor;
    const identifier = previewIdentifierOf(token);
    if (!identifier) return null;
    const generation = cache.generation;
    cache.lookups++;
    const found = await lookups.findPreviewToken(identifier);
    if (!found || !digestsEqual(digest, found.tokenHash)) return null;
    const entry: CachedCredential = {
      kind: 'preview',
      ownerId: found.id,
      actor: new PreviewActor(found.id, found.workspaceId, found.contentItemId, found.expiresAt, found.releaseId),
      expiresAtMs: Date.parse(found.expiresAt),
      touchAtMs: Infinity,
      cachedUntilMs: now + cache.ttlMs,
    };
    cache.put(digest, entry, generation);
    return entry.actor;
  }

  return {
    async authenticate(authorization, ip): Promise<AuthenticationResult> {
      const bearerKind = bearerKindOf(authorization);
      const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
      if (!token) return { actor: null, bearerKind };
      let actor: Actor | null = null;
      if (bearerKind === 'api-client') actor = await apiClientActor(token);
      else if (bearerKind === 'preview') actor = await previewActor(token);
      else if (bearerKind === 'jwt') actor = oidc ? await oidc.verify(token) : null;
      else actor = await sessionActor(token, ip);
      return { actor, bearerKind };
    },
  };
}
