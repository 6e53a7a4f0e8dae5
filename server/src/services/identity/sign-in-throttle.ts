// Sign-in throttling per account (issue #23; README: Edge, sign-in lockout). The per-address rate
// window bounds one client; this bounds one account against many clients. After
// Auth__Lockout__MaxFailures failed sign-ins of one email within Auth__Lockout__WindowMinutes, every
// attempt for it — the right password included — is refused for Auth__Lockout__DurationMinutes with
// the same plain 401 as any other failure (spec: one 401 for every reason).
//
// Decisions:
// - A temporary lock rather than a growing delay: a delay holds a request (and a connection) open
//   per guess, a lock answers at once; both leave the attacker MaxFailures guesses per period.
// - Attempts are counted before the password is checked, so N concurrent guesses cannot all pass
//   the check before the first failure is recorded: at most MaxFailures verifications per window.
// - Attempts during a lock are not counted and do not extend it, so an attacker cannot keep the real
//   user out longer than the configured lock by hammering; it can only lock again afterwards by
//   failing MaxFailures times more, each guess also spending its own per-address window (and bans).
// - Unknown emails are throttled like known ones: a lock says nothing about who has an account.
// - State lives in PostgreSQL (one row per recently failing email, keyed by a digest), so every
//   replica sees the same count; expired rows are deleted in batches, at most once a minute per
//   replica, which bounds the table to the emails that failed within one window plus one lock.
import type { Config } from '../../config.js';
import type { Db } from '../../db/pool.js';
import { clearSignInAttempts, countSignInAttempt, deleteExpiredSignInAttempts, lockSignInsIfDue } from '../../db/identity/sign-in-throttle.js';
import type { Logger } from '../../logging/logger.js';
import { recordAudit } from '../platform/audit.js';

type Deps = { readonly db: Db; readonly config: Config; readonly logger: Logger };

const CLEANUP_INTERVAL_MS = 60_000;
const CLEANUP_BATCH = 1000;
let lastCleanup = 0;

/** Whether a sign-in for `email` may check its password now; false: answer the plain 401. */
export async function admitSignIn(deps: Deps, email: string): Promise<boolean> {
  const { maxFailures, windowMs } = deps.config.auth.lockout;
  if (maxFailures === 0) return true;
  sweepExpired(deps);
  const attempt = await countSignInAttempt(deps.db, email, windowMs);
  return !attempt.locked && attempt.attempts <= maxFailures;
}

/**
 * A failed sign-in of `email` (`userId` when the email is an account's): locks the email when this
 * failure is its MaxFailures-th in the window, with a log line and, for an account, an audit entry.
 */
export async function recordSignInFailure(deps: Deps, email: string, userId: string | null, remoteIp: string): Promise<void> {
  const { maxFailures, lockMs } = deps.config.auth.lockout;
  if (maxFailures === 0) return;
  const imposed = await deps.db.transaction(async (tx) => {
    const lock = await lockSignInsIfDue(tx, email, maxFailures, lockMs);
    if (lock !== null && userId !== null) {
      await recordAudit(tx, {
        workspaceId: null,
        entityType: 'User',
        entityId: userId,
        action: 'StatusChanged',
        actor: null,
        before: { signInLockedUntil: null },
        after: { signInLockedUntil: lock.lockedUntil },
      });
    }
    return lock;
  });
  if (imposed === null) return;
  deps.logger.warn('sign-ins throttled after repeated failures', {
    event: 'sign_in_throttled',
    email,
    userId,
    failures: imposed.attempts,
    lockedUntil: imposed.lockedUntil,
    remoteIp,
  });
}

/** A successful sign-in of `email`: its failures are forgotten. */
export async function clearSignInFailures(deps: Deps, email: string): Promise<void> {
  if (deps.config.auth.lockout.maxFailures === 0) return;
  await clearSignInAttempts(deps.db, email);
}

/** Deletes rows whose window and lock are over, on the side, at most once a minute. */
function sweepExpired(deps: Deps): void {
  const now = Date.now();
  if (now - lastCleanup < CLEANUP_INTERVAL_MS) return;
  lastCleanup = now;
  deleteExpiredSignInAttempts(deps.db, CLEANUP_BATCH).catch((err: unknown) => deps.logger.error('expired sign-in throttles not deleted', { err }));
}
