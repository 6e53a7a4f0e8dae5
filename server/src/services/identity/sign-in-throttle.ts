// Sign-in throttling per account and client (README: Sign-in throttling). 0012's lock was keyed by
// the email alone, so five wrong guesses from anywhere kept the owner out, again and again. Now:
//
// - Each (account, client) pair has its own count: after Auth__Lockout__MaxFailures failures within
//   Auth__Lockout__WindowMinutes, *that client's* attempts for that email — the right password
//   included — are the same plain 401 as any other failure for Auth__Lockout__DurationMinutes. A
//   client is its address, or its IPv6 prefix (RateLimit__Ipv6PrefixLength, the edge's client key:
//   one subscriber holds a whole prefix), so a guesser locks itself out, not the owner.
// - Each account also has an account-wide count of failures from clients without a device token.
//   Past Auth__Lockout__AccountSlowdownAfter, every such attempt waits a delay that doubles per
//   failure up to Auth__Lockout__MaxDelaySeconds before its password is checked: many addresses
//   guessing together are slowed, and the owner is slowed too but never refused.
// - A device token (OWASP "device cookies"; sign-in-devices below) marks a client that signed in to
//   this account before: it skips the account-wide delay and counts its failures on its own key, so
//   neither a guesser elsewhere nor one behind the same address keeps it out.
// - Attempts are counted before the password is checked, so N concurrent guesses from one client
//   cannot all pass before the first failure is recorded; attempts during a lock are not counted and
//   do not extend it. Unknown emails are throttled like known ones: a lock says nothing about who
//   has an account.
// - `make admin-password`, the Admin's reset-password and unlockUser clear every row of the account.
// - State lives in PostgreSQL, keyed by HMACs (sign-in-keys.ts), so every replica sees the same
//   counts; expired rows are deleted in batches, at most once a minute per replica.
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseTransactionConnection } from 'slonik';
import type { Config } from '../../config.js';
import type { Db } from '../../db/pool.js';
import {
  clearAccountThrottle,
  clearSignInAttempts,
  countSignInAttempt,
  deleteExpiredSignInAttempts,
  isKnownDevice,
  lockSignInsIfDue,
  replaceDevice,
  uncountSignInAttempt,
  type ThrottleRow,
} from '../../db/identity/sign-in-throttle.js';
import type { Logger } from '../../logging/logger.js';
import { clientKeyOf, parseClientAddress } from '../security/client-address.js';
import { recordAudit } from '../platform/audit.js';
import type { SignInKeys } from './sign-in-keys.js';

export type ThrottleDeps = { readonly db: Db; readonly config: Config; readonly logger: Logger; readonly signInKeys: SignInKeys };

const CLEANUP_INTERVAL_MS = 60_000;
const CLEANUP_BATCH = 1000;
/** The first delay past the account-wide ceiling; each further failure doubles it. */
const BASE_DELAY_MS = 250;
/** A device token lives this long unused; every sign-in with it replaces it with a fresh one. */
const DEVICE_LIFETIME_MS = 180 * 24 * 3_600_000;
/** Device tokens kept per user (the newest): a script that never sends its token back cannot grow the table. */
const DEVICES_PER_USER = 20;
let lastCleanup = 0;

/** One sign-in's place in the throttle, from admitSignIn to its outcome. */
export interface SignInGate {
  /** False: answer the plain 401 without checking the password. */
  readonly admitted: boolean;
  /** How long to wait before checking the password (the account-wide slowdown). */
  readonly delayMs: number;
  /** The client as logged: its address key, or `device` for a device token. */
  readonly client: string;
  /** The digest of the valid device token the sign-in sent, else null. */
  readonly deviceHash: Buffer | null;
  readonly clientRow: ThrottleRow | null;
  /** The account-wide row this attempt was counted on (none for a device token). */
  readonly accountRow: Buffer | null;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();

/** The edge's client key for `ip`: the address, or its IPv6 prefix. */
export function throttleClientOf(ip: string, ipv6PrefixLength: number): string {
  const parsed = parseClientAddress(ip);
  return parsed === null ? ip : clientKeyOf(parsed, parsed.toString(), ipv6PrefixLength);
}

/** The growing delay for an account-wide count of `attempts` (this one included). */
export function slowdownDelayMs(attempts: number, lockout: Config['auth']['lockout']): number {
  const excess = attempts - lockout.accountSlowdownAfter;
  if (excess <= 0 || lockout.maxDelayMs === 0) return 0;
  return Math.min(lockout.maxDelayMs, BASE_DELAY_MS * 2 ** Math.min(excess - 1, 20));
}

/**
 * Counts one sign-in of `email` (`userId` when it is an account's) from `ip`, before its password is
 * checked, and says whether and when it may be checked.
 */
export async function admitSignIn(
  deps: ThrottleDeps,
  s: { email: string; userId: string | null; ip: string; deviceToken?: string | undefined },
): Promise<SignInGate> {
  const { lockout } = deps.config.auth;
  let deviceHash: Buffer | null = null;
  if (s.deviceToken && s.userId !== null) {
    const sent = sha256(s.deviceToken);
    if (await isKnownDevice(deps.db, sent, s.userId)) deviceHash = sent;
  }
  if (lockout.maxFailures === 0) return { admitted: true, delayMs: 0, client: 'off', deviceHash, clientRow: null, accountRow: null };
  sweepExpired(deps);
  const keys = deps.signInKeys;
  const accountKey = keys.account(s.email);
  const client = deviceHash !== null ? `device:${deviceHash.toString('hex')}` : throttleClientOf(s.ip, deps.config.edge.rateLimit.ipv6PrefixLength);
  const clientRow: ThrottleRow = { throttleKey: keys.client(s.email, client), accountKey, perClient: true, userId: s.userId };
  const mine = await countSignInAttempt(deps.db, clientRow, lockout.windowMs);
  const logged = deviceHash !== null ? 'device' : client;
  if (mine.locked || mine.attempts > lockout.maxFailures) return { admitted: false, delayMs: 0, client: logged, deviceHash, clientRow, accountRow: null };
  if (deviceHash !== null) return { admitted: true, delayMs: 0, client: logged, deviceHash, clientRow, accountRow: null };
  const everyone = await countSignInAttempt(deps.db, { throttleKey: accountKey, accountKey, perClient: false, userId: s.userId }, lockout.windowMs);
  const delayMs = slowdownDelayMs(everyone.attempts, lockout);
  if (delayMs > 0 && everyone.attempts === lockout.accountSlowdownAfter + 1) {
    deps.logger.warn('sign-ins slowed after repeated failures from many clients', {
      event: 'sign_in_slowed',
      email: s.email,
      userId: s.userId,
      attempts: everyone.attempts,
      remoteIp: s.ip,
    });
  }
  return { admitted: true, delayMs, client: logged, deviceHash, clientRow, accountRow: accountKey };
}

/** Waits out the gate's delay, if any (the account-wide slowdown: slowed, never refused). */
export async function waitForGate(gate: SignInGate): Promise<void> {
  if (gate.delayMs > 0) await sleep(gate.delayMs);
}

/**
 * A failed sign-in through `gate`: locks this client out of the account when this failure is its
 * MaxFailures-th in the window, with a log line and, for an account, an audit entry.
 */
export async function recordSignInFailure(deps: ThrottleDeps, gate: SignInGate, email: string, userId: string | null, remoteIp: string): Promise<void> {
  const { maxFailures, lockMs } = deps.config.auth.lockout;
  if (gate.clientRow === null) return;
  const throttleKey = gate.clientRow.throttleKey;
  const imposed = await deps.db.transaction(async (tx) => {
    const lock = await lockSignInsIfDue(tx, throttleKey, maxFailures, lockMs);
    if (lock !== null && userId !== null) {
      await recordAudit(tx, {
        workspaceId: null,
        entityType: 'User',
        entityId: userId,
        action: 'StatusChanged',
        actor: null,
        before: { signInLockedUntil: null },
        after: { signInLockedUntil: lock.lockedUntil, signInLockedClient: gate.client },
      });
    }
    return lock;
  });
  if (imposed === null) return;
  deps.logger.warn('sign-ins from one client throttled after repeated failures', {
    event: 'sign_in_throttled',
    email,
    userId,
    client: gate.client,
    failures: imposed.attempts,
    lockedUntil: imposed.lockedUntil,
    remoteIp,
  });
}

/**
 * A successful sign-in through `gate`: this client's failures are forgotten (the account-wide
 * failures are kept: they run out with their window, whoever signs in meanwhile), and the client gets a new device token, which replaces the
 * one it sent. The token, to hand back once.
 */
export async function acceptSignIn(deps: ThrottleDeps, gate: SignInGate, userId: string): Promise<string> {
  await forgetClientFailures(deps, gate);
  const token = `verso_device_${crypto.randomBytes(32).toString('base64url')}`;
  await replaceDevice(deps.db, { tokenHash: sha256(token), userId, lifetimeMs: DEVICE_LIFETIME_MS, replaces: gate.deviceHash, keep: DEVICES_PER_USER });
  return token;
}

/**
 * The right password through `gate`: this client's failures are forgotten, and the attempt it
 * counted on the account-wide row (a count of failures) is taken back.
 */
export async function forgetClientFailures(deps: ThrottleDeps, gate: SignInGate): Promise<void> {
  if (gate.clientRow !== null) await clearSignInAttempts(deps.db, gate.clientRow.throttleKey);
  if (gate.accountRow !== null) await uncountSignInAttempt(deps.db, gate.accountRow);
}

/**
 * Lifts every throttle of one user's account: each client's lock and the account-wide count (the
 * operator's way out: unlockUser, reset-password, `make admin-password`). `keys` is null where the
 * server's key is not at hand (the command line): the rows are found by the user then, which every
 * row of a known account carries. Whether the account was throttled (any row was locked or counting).
 */
export async function clearAccountSignInThrottle(
  tx: DatabaseTransactionConnection | Db,
  keys: SignInKeys | null,
  user: { id: string; email: string },
): Promise<{ rows: number; locked: number }> {
  return clearAccountThrottle(tx, user.id, keys === null ? null : keys.account(user.email));
}

/** Deletes rows whose window and lock are over, and expired device tokens, on the side, at most once a minute. */
function sweepExpired(deps: ThrottleDeps): void {
  const now = Date.now();
  if (now - lastCleanup < CLEANUP_INTERVAL_MS) return;
  lastCleanup = now;
  deleteExpiredSignInAttempts(deps.db, CLEANUP_BATCH).catch((err: unknown) => deps.logger.error('expired sign-in throttles not deleted', { err }));
}
