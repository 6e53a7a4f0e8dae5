// OIDC/JWT bearer tokens: verified with jose against the issuer's JWKS, discovered from the
// configured authority. Discovery is lazy and retried: an identity provider that is down when the
// API starts must not stop the API, and while it is unreachable its tokens are simply not accepted
// (401), never a 500.
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { AuthConfig } from '../../config.js';
import type { Logger } from '../../logging/logger.js';
import { ROLE_RANK, type RoleName } from '../../access/roles.js';
import { ExternalActor, NO_WORKSPACE } from './actors.js';
import { isUuid } from '../../uuid.js';

type Jwks = ReturnType<typeof createRemoteJWKSet>;
/** After a failed discovery, wait this long before asking the authority again. */
const DISCOVERY_RETRY_MS = 10_000;
const HTTP_TIMEOUT_MS = 5_000;

export interface OidcVerifier {
  verify(token: string): Promise<ExternalActor | null>;
}

export function createOidcVerifier(config: AuthConfig['oidc'], logger: Logger): OidcVerifier {
  let discovered: { issuer: string; jwks: Jwks } | undefined;
  let pending: Promise<{ issuer: string; jwks: Jwks } | undefined> | undefined;
  let failedAt = 0;

  async function discover(): Promise<{ issuer: string; jwks: Jwks } | undefined> {
    const authority = config.authority!.replace(/\/+$/, '');
    try {
      const res = await fetch(`${authority}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`discovery answered ${res.status}`);
      const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (typeof doc.issuer !== 'string' || typeof doc.jwks_uri !== 'string') throw new Error('discovery document lacks issuer or jwks_uri');
      const jwksUrl = new URL(doc.jwks_uri);
      if (config.requireHttpsMetadata && jwksUrl.protocol !== 'https:') throw new Error('jwks_uri must use https');
      return { issuer: doc.issuer, jwks: createRemoteJWKSet(jwksUrl, { timeoutDuration: HTTP_TIMEOUT_MS }) };
    } catch (err) {
      failedAt = Date.now();
      logger.warn('OIDC discovery failed; JWT bearer tokens are not accepted until it succeeds', {
        event: 'oidc_discovery_failed',
        authority,
        reason: err instanceof Error ? err.message : String(err),
      });
      return undefined;
    }
  }

  async function metadata() {
    if (discovered) return discovered;
    if (Date.now() - failedAt < DISCOVERY_RETRY_MS) return undefined;
    pending ??= discover().then((m) => {
      discovered = m;
      pending = undefined;
      return m;
    });
    return pending;
  }

  return {
    async verify(token) {
      const meta = await metadata();
      if (!meta) return null;
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, meta.jwks, { issuer: meta.issuer, audience: config.audience }));
      } catch (err) {
        logger.debug('JWT bearer token rejected', { event: 'jwt_rejected', reason: (err as { code?: string }).code ?? 'invalid' });
        return null;
      }
      if (typeof payload.sub !== 'string' || payload.sub === '') return null;
      const claim = payload[config.roleClaim];
      // A missing or unknown role claim gives the lowest role, never an error.
      const role: RoleName = typeof claim === 'string' && claim in ROLE_RANK ? (claim as RoleName) : 'Reader';
      // No workspace claim: unscoped, like an all-workspace API client. A claim that is not a uuid
      // must not widen access, so it confines the token to no workspace at all.
      const ws = payload[config.workspaceClaim];
      const workspaceId = ws === undefined || ws === null ? null : isUuid(ws) ? ws.toLowerCase() : NO_WORKSPACE;
      const email = typeof payload.email === 'string' ? payload.email : null;
      const name = typeof payload.name === 'string' ? payload.name : null;
      return new ExternalActor(payload.sub, role, email, name, workspaceId);
    },
  };
}
