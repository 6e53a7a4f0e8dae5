// Turns the Authorization header into an Actor. The implementation (sessions, API clients, OIDC)
// is services/authenticator.ts; this module holds the interface and the bearer classification.
import type { Actor, BearerKind } from './actor.js';

export interface AuthenticationResult {
  readonly actor: Actor | null;
  readonly bearerKind: BearerKind;
}

export interface Authenticator {
  authenticate(authorization: string | undefined, ip: string): Promise<AuthenticationResult>;
}

export function bearerKindOf(authorization: string | undefined): BearerKind {
  if (!authorization) return 'none';
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (!token) return 'opaque';
  if (token.startsWith('verso_preview_')) return 'preview';
  if (token.startsWith('verso_')) return 'api-client';
  if (token.split('.').length === 3) return 'jwt';
  return 'opaque';
}

