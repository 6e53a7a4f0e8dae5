// The real Authenticator: `verso_…` tokens are API clients, three dot-separated parts are JWTs
// (only when OIDC is enabled), anything else is looked up as a local session. Each path costs one
// indexed lookup by digest or identifier; the touch writes happen at most once per interval.
import type { Config } from '../config.js';
import type { AccessLookups } from '../db/access-lookups.js';
import type { Db } from '../db/pool.js';
import { touchApiClient } from '../db/api-clients.js';
import { sessionExpiry, touchSession } from '../db/sessions.js';
import type { Logger } from '../logging/logger.js';
import type { Actor } from '../http/actor.js';
import { bearerKindOf, type AuthenticationResult, type Authenticator } from '../http/authenticate.js';
import { ApiClientActor, UserActor } from './actors.js';
import { apiClientIdentifierOf, digestsEqual, sha256Hex } from './credential-tokens.js';
import { createOidcVerifier, type OidcVerifier } from './oidc-bearer.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function createDbAuthenticator(db: Db, lookups: AccessLookups, config: Config, logger: Logger): Authenticator {
  const auth = config.auth;
  const oidc: OidcVerifier | null = auth.oidc.enabled ? createOidcVerifier(auth.oidc, logger) : null;

  async function sessionActor(token: string, ip: string): Promise<Actor | null> {
    const tokenHash = sha256Hex(token);
    const found = await lookups.findSession(tokenHash, auth.sessionTouchIntervalMs);
    if (!found) return null;
    let expiresAt = found.expiresAt;
    if (found.touchDue) {
      try {
        // A parallel request may have touched it first; echo the expiry it set, not the one we read.
        expiresAt =
          (await touchSession(db, found.sessionId, ip, auth.sessionTouchIntervalMs, auth.sessionSlidingExpiryMs)) ??
          (await sessionExpiry(db, found.sessionId)) ??
          expiresAt;
      } catch (err) {
        // Recording last-seen is bookkeeping: it must never fail the request it rides on.
        logger.warn('session touch failed', { event: 'session_touch_failed', err: (err as Error).message });
      }
    }
    return new UserActor(found.userId, found.role, found.isSuperAdmin, found.email, found.displayName, found.grants, found.mustChangePassword, expiresAt);
  }

  async function apiClientActor(token: string): Promise<Actor | null> {
    const identifier = apiClientIdentifierOf(token);
    if (!identifier) return null;
    const found = await lookups.findApiClient(identifier, auth.apiClientTouchIntervalMs);
    if (!found || !digestsEqual(sha256Hex(token), found.tokenHash)) return null;
    if (found.touchDue) {
      try {
        await touchApiClient(db, found.id, auth.apiClientTouchIntervalMs);
      } catch (err) {
        logger.warn('API client touch failed', { event: 'api_client_touch_failed', err: (err as Error).message });
      }
    }
    return new ApiClientActor(found.id, found.role, found.name, found.workspaceId);
  }

  return {
    async authenticate(authorization, ip): Promise<AuthenticationResult> {
      const bearerKind = bearerKindOf(authorization);
      const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
      if (!token) return { actor: null, bearerKind };
      let actor: Actor | null = null;
      if (bearerKind === 'api-client') actor = await apiClientActor(token);
      else if (bearerKind === 'jwt') actor = oidc ? await oidc.verify(token) : null;
      else actor = await sessionActor(token, ip);
      return { actor, bearerKind };
    },
  };
}
