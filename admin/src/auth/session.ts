// The admin session: the API's raw bearer token and the user's claims, kept only in the encrypted and
// authenticated cookie verso.admin.auth (JWE, dir + A256GCM, HttpOnly, SameSite=Lax, Path=/). The
// browser cannot read or forge it; the server keeps no session state. Expiry is sliding
// (Admin__Auth__Session__SlidingWindowMinutes) with a hard limit from the original sign-in
// (Admin__Auth__Session__MaxLifetimeHours). Opening a cookie (JWE through WebCrypto) was the largest
// single cost of a cheap admin page, so the codec remembers what it opened (OpenedCookies below).
import crypto from 'node:crypto';
import type express from 'express';
import { CompactEncrypt, compactDecrypt } from 'jose';
import type { AdminConfig } from '../config.js';

export type Role = 'Reader' | 'Editor' | 'TemplateAdmin' | 'Admin';
export type Theme = 'auto' | 'light' | 'dark';

export interface AdminUser {
  id: string;
  email: string;
  displayName: string | null;
  role: Role;
  isSuperAdmin: boolean;
  mustChangePassword: boolean;
}

export interface AdminSession {
  /** The API bearer token. Never rendered, logged or sent anywhere but the API. */
  token: string;
  user: AdminUser;
  /** Per-session CSRF token, carried by every state-changing form as `_csrf`. */
  csrf: string;
  /** Original sign-in (ms since epoch): the hard limit counts from here. */
  issuedAt: number;
  /** Last request seen (ms since epoch): the sliding window counts from here. */
  lastSeenAt: number;
  /** The account preference, cached here so every page renders in the right theme without a call. */
  theme?: Theme;
  /** The account's IANA time zone (null: none chosen), cached like the theme; pages show times in it. */
  timeZone?: string | null;
}

/** Why there is no session on this request: no cookie, an undecryptable one, or an expired one. */
export type SessionState = 'none' | 'invalid' | 'expired' | 'valid';

declare module 'express-serve-static-core' {
  interface Locals {
    session?: AdminSession;
    sessionState?: SessionState;
    /** Set by workspace-scoped pages: the workspace the shell shows as selected. */
    workspaceId?: string;
  }
}

export const AUTH_COOKIE = 'verso.admin.auth';
/** Reissue the cookie (sliding expiry) at most this often. */
const TOUCH_INTERVAL_MS = 60_000;

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(i + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
}

export function serializeCookie(name: string, value: string, secure: boolean, o: CookieOptions = {}): string {
  const parts = [`${name}=${value}`, 'Path=/', 'SameSite=Lax'];
  if (o.httpOnly !== false) parts.push('HttpOnly');
  if (secure) parts.push('Secure');
  if (o.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(o.maxAgeSeconds))}`);
    if (o.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  return parts.join('; ');
}

export function appendSetCookie(res: express.Response, cookie: string): void {
  const prev = res.getHeader('Set-Cookie');
  const name = cookie.slice(0, cookie.indexOf('='));
  // One Set-Cookie per name: a later write on the same request replaces an earlier one.
  const list = (Array.isArray(prev) ? prev : prev === undefined ? [] : [String(prev)]).filter((c) => !c.startsWith(name + '='));
  res.setHeader('Set-Cookie', [...list, cookie]);
}

/**
 * Cookies this codec has opened (or sealed) lately, by the SHA-256 of the exact cookie value, with
 * the claims inside. Sound because opening is a pure function of the value and the key: the same
 * bytes decrypt to the same claims, and any other bytes — a tampered, forged or truncated cookie —
 * have another digest, miss, and go through the full decryption and authentication as before. Only
 * cookies that opened are kept (never a failure), expiry is still judged on every request from the
 * claims (the sliding window and the hard limit), an entry leaves when its session cannot be valid
 * any more or when the admin clears that cookie (sign-out, a stale or refused session), and the
 * map is bounded (oldest out first). The claims are handed out as copies: a page that changes its
 * session object changes nothing here.
 */
class OpenedCookies {
  static readonly MAX = 4096;
  private readonly entries = new Map<string, { readonly session: AdminSession; readonly until: number }>();

  static digest(value: string): string {
    return crypto.createHash('sha256').update(value).digest('base64url');
  }

  get(digest: string, now: number): AdminSession | undefined {
    const hit = this.entries.get(digest);
    if (!hit) return undefined;
    if (now > hit.until) {
      this.entries.delete(digest);
      return undefined;
    }
    return copyOf(hit.session);
  }

  /** Keeps `session` (when it is valid at `now`) until it can no longer be: `until` (ms since epoch). */
  put(digest: string, session: AdminSession, until: number): void {
    this.entries.delete(digest);
    this.entries.set(digest, { session: copyOf(session), until });
    if (this.entries.size > OpenedCookies.MAX) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(digest: string): void {
    this.entries.delete(digest);
  }

  get size(): number {
    return this.entries.size;
  }
}

function copyOf(session: AdminSession): AdminSession {
  return { ...session, user: { ...session.user } };
}

/** Encrypts and decrypts session cookies with the key from the key file. */
export class SessionCodec {
  readonly slidingMs: number;
  readonly maxLifetimeMs: number;
  private readonly opened = new OpenedCookies();
  /** How many cookies were decrypted (not answered from what this codec opened before): for tests. */
  decryptions = 0;

  constructor(
    private readonly key: Uint8Array,
    private readonly config: AdminConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.slidingMs = config.auth.slidingWindowMinutes * 60_000;
    this.maxLifetimeMs = config.auth.maxLifetimeHours * 3_600_000;
  }

  get secure(): boolean {
    return this.config.auth.secureCookie;
  }

  clock(): number {
    return this.now();
  }

  async seal(session: AdminSession): Promise<string> {
    const payload = new TextEncoder().encode(JSON.stringify({ v: 1, ...session }));
    const value = await new CompactEncrypt(payload).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(this.key);
    // The browser sends this value back next: what it holds is known without decrypting it.
    this.opened.put(OpenedCookies.digest(value), session, this.validUntil(session));
    return value;
  }

  /** The last moment `session` is valid: the end of its sliding window or of its hard limit. */
  private validUntil(session: AdminSession): number {
    return Math.min(session.issuedAt + this.maxLifetimeMs, session.lastSeenAt + this.slidingMs);
  }

  /** The session in a cookie value, with why not when there is none. */
  async open(value: string | undefined): Promise<{ state: SessionState; session?: AdminSession }> {
    if (!value) return { state: 'none' };
    const digest = OpenedCookies.digest(value);
    const kept = this.opened.get(digest, this.now());
    if (kept) return this.judge(kept);
    this.decryptions++;
    let parsed: AdminSession & { v?: number };
    try {
      const { plaintext, protectedHeader } = await compactDecrypt(value, this.key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
      if (protectedHeader.alg !== 'dir' || protectedHeader.enc !== 'A256GCM') return { state: 'invalid' };
      parsed = JSON.parse(new TextDecoder().decode(plaintext));
    } catch {
      return { state: 'invalid' };
    }
    if (parsed.v !== 1 || typeof parsed.token !== 'string' || !parsed.user || typeof parsed.csrf !== 'string') return { state: 'invalid' };
    const { v: _v, ...session } = parsed;
    const judged = this.judge(session);
    if (judged.session) this.opened.put(digest, session, this.validUntil(session));
    return judged;
  }

  /** Valid or expired, now: judged on every request, whether the claims were just decrypted or kept. */
  private judge(session: AdminSession): { state: SessionState; session?: AdminSession } {
    const now = this.now();
    if (now - session.issuedAt > this.maxLifetimeMs || now - session.lastSeenAt > this.slidingMs) return { state: 'expired' };
    return { state: 'valid', session };
  }

  /** Forgets what this codec opened from `value` (the cookie a request carried that is being cleared). */
  forget(value: string | undefined): void {
    if (value) this.opened.forget(OpenedCookies.digest(value));
  }

  /** Cookies currently kept opened (tests: the bound). */
  get openedCount(): number {
    return this.opened.size;
  }

  /** Seconds the browser should keep a cookie for this session: the sliding window, capped by the hard limit. */
  maxAgeSeconds(session: AdminSession): number {
    const hardLeft = session.issuedAt + this.maxLifetimeMs - this.now();
    return Math.min(this.slidingMs, hardLeft) / 1000;
  }

  async write(res: express.Response, session: AdminSession): Promise<void> {
    res.locals.session = session;
    res.locals.sessionState = 'valid';
    appendSetCookie(res, serializeCookie(AUTH_COOKIE, await this.seal(session), this.secure, { maxAgeSeconds: this.maxAgeSeconds(session) }));
  }

  clear(res: express.Response): void {
    this.forget(parseCookies(res.req.headers.cookie).get(AUTH_COOKIE));
    res.locals.session = undefined;
    res.locals.sessionState = 'none';
    appendSetCookie(res, serializeCookie(AUTH_COOKIE, '', this.secure, { maxAgeSeconds: 0 }));
  }

  /** A brand-new session right after the API accepted a sign-in. */
  create(token: string, user: AdminUser, theme?: Theme): AdminSession {
    const now = this.now();
    return { token, user, csrf: crypto.randomBytes(32).toString('base64url'), issuedAt: now, lastSeenAt: now, theme };
  }
}

/** Reads the cookie into `res.locals.session` and slides its expiry (reissuing at most once a minute). */
export function sessionMiddleware(codec: SessionCodec): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const { state, session } = await codec.open(parseCookies(req.headers.cookie).get(AUTH_COOKIE));
      res.locals.sessionState = state;
      res.locals.session = session;
      if (session && codec.clock() - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
        await codec.write(res, { ...session, lastSeenAt: codec.clock() });
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** A local path safe to send the browser back to after sign-in, or undefined (open-redirect guard). */
export function safeReturnUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return undefined;
  // Decode repeatedly so encoded variants (%2F%2F, %5C, %09…) are judged as the browser would see them.
  let decoded = raw;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) break;
    decoded = next;
  }
  // The raw value as a whole; the decoded value up to its query or fragment (an encoded space in a
  // query string is fine, an encoded slash or backslash in the path is not).
  for (const candidate of [raw, decoded.split(/[?#]/, 1)[0]!]) {
    if (!candidate.startsWith('/')) return undefined; // relative or with a scheme (https:, javascript:, data:)
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return undefined; // protocol-relative
    if (candidate.includes('\\')) return undefined; // browsers read \ as /
    // Control characters and whitespace (browsers strip tabs/newlines: "/\t/evil.com" is "//evil.com").
    if (/[\u0000-\u0020\u007f-\u009f\s\u200b-\u200f\u2060\ufeff]/.test(candidate)) return undefined;
    if (candidate.includes('://') || /^\/[^/]*:/.test(candidate)) return undefined;
  }
  // Final check with a URL parser: it must stay on our origin.
  try {
    const base = 'http://admin.invalid';
    if (new URL(raw, base).origin !== base || new URL(decoded, base).origin !== base) return undefined;
  } catch {
    return undefined;
  }
  return raw;
}
