// Bearer tokens for sessions and API clients. Both are high-entropy random strings, so a fast
// SHA-256 digest is a safe thing to store (no dictionary to attack) and keeps every authenticated
// request cheap; only the digest is ever written to the database.
import crypto from 'node:crypto';

export const API_CLIENT_TOKEN_PREFIX = 'verso_';

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of two lowercase-hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  return crypto.timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

export interface IssuedToken {
  readonly token: string;
  readonly tokenHash: string;
}

/** 48 random bytes, base64url (64 characters): never contains `.`, so it is never taken for a JWT. */
export function newSessionToken(): IssuedToken {
  let token: string;
  do token = crypto.randomBytes(48).toString('base64url');
  while (token.startsWith(API_CLIENT_TOKEN_PREFIX));
  return { token, tokenHash: sha256Hex(token) };
}

export interface IssuedClientToken extends IssuedToken {
  readonly identifier: string;
}

/**
 * `verso_<identifier>_<secret>`: the identifier (24 hex characters, so it never contains `_`)
 * finds the one candidate row; the digest of the whole string proves possession.
 */
export function newApiClientToken(): IssuedClientToken {
  const identifier = crypto.randomBytes(12).toString('hex');
  const secret = crypto.randomBytes(32).toString('base64url');
  const token = `${API_CLIENT_TOKEN_PREFIX}${identifier}_${secret}`;
  return { token, identifier, tokenHash: sha256Hex(token) };
}

export const PREVIEW_TOKEN_PREFIX = 'verso_preview_';

/** `verso_preview_<identifier>_<secret>`: stored and found like an API client's (issue #27). */
export function newPreviewToken(): IssuedClientToken {
  const identifier = crypto.randomBytes(12).toString('hex');
  const secret = crypto.randomBytes(32).toString('base64url');
  const token = `${PREVIEW_TOKEN_PREFIX}${identifier}_${secret}`;
  return { token, identifier, tokenHash: sha256Hex(token) };
}

/** The identifier part of a preview token, or null when the token cannot be one. */
export function previewIdentifierOf(token: string): string | null {
  const match = /^verso_preview_([0-9a-f]{24})_[A-Za-z0-9_-]{16,}$/.exec(token);
  return match ? match[1]! : null;
}

/** The identifier part of an API-client token, or null when the token cannot be one. */
export function apiClientIdentifierOf(token: string): string | null {
  const match = /^verso_([0-9a-f]{24})_[A-Za-z0-9_-]{16,}$/.exec(token);
  return match ? match[1]! : null;
}
