// Turns the Authorization header into an Actor. The identity layer supplies the real
// implementation (sessions, API clients, OIDC); until it is wired in, no credential is accepted.
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
  if (token.startsWith('verso_')) return 'api-client';
  if (token.split('.').length === 3) return 'jwt';
  return 'opaque';
}

export const rejectAllAuthenticator: Authenticator = {
  async authenticate(authorization) {
    return { actor: null, bearerKind: bearerKindOf(authorization) };
  },
};
