// Named queries for sign-in throttling per account (migrations/0012_sign_in_throttle.sql). Every
// statement is one atomic row operation, so replicas racing on one email agree on its count.
// The key is computed here, in SQL, with the same lower() the login lookup uses (users.ts).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const accountKey = (email: string) => sql.fragment`sha256(convert_to(lower(${email}), 'UTF8'))`;
const interval = (ms: number) => sql.fragment`make_interval(secs => ${ms / 1000})`;

export interface SignInAttempt {
  /** Attempts in the current window, this one included (unchanged while locked). */
  readonly attempts: number;
  readonly locked: boolean;
}

/**
 * Counts one attempt for `email` before its password is checked. A lock in force is neither
 * extended nor counted into; a lock or window that is over starts a fresh window at this attempt.
 */
export async function countSignInAttempt(db: CommonQueryMethods, email: string, windowMs: number): Promise<SignInAttempt> {
  const fresh = sql.fragment`(t.locked_until IS NOT NULL OR t.window_started_at + ${interval(windowMs)} <= now())`;
  const lockedNow = sql.fragment`t.locked_until > now()`;
  return db.one(sql.type(z.object({ attempts: z.number(), locked: z.boolean() }))`
    INSERT INTO sign_in_throttle AS t (account_key, attempts, window_started_at, locked_until, expires_at)
    VALUES (${accountKey(email)}, 1, now(), NULL, now() + ${interval(windowMs)})
    ON CONFLICT (account_key) DO UPDATE SET
      attempts          = CASE WHEN ${lockedNow} THEN t.attempts WHEN ${fresh} THEN 1 ELSE t.attempts + 1 END,
      window_started_at = CASE WHEN ${lockedNow} THEN t.window_started_at WHEN ${fresh} THEN now() ELSE t.window_started_at END,
      expires_at        = CASE WHEN ${lockedNow} THEN t.expires_at WHEN ${fresh} THEN now() + ${interval(windowMs)} ELSE t.expires_at END,
      locked_until      = CASE WHEN ${lockedNow} THEN t.locked_until ELSE NULL END
    RETURNING attempts, COALESCE(locked_until > now(), false) AS locked`);
}

/**
 * After a failed attempt: locks `email` for `lockMs` when its window holds `maxFailures` attempts
 * and it is not locked yet. The end of the lock when this call imposed it, else null.
 */
export async function lockSignInsIfDue(db: CommonQueryMethods, email: string, maxFailures: number, lockMs: number): Promise<{ lockedUntil: string; attempts: number } | null> {
  return db.maybeOne(sql.type(z.object({ lockedUntil: z.string(), attempts: z.number() }))`
    UPDATE sign_in_throttle
    SET locked_until = now() + ${interval(lockMs)}, expires_at = greatest(expires_at, now() + ${interval(lockMs)})
    WHERE account_key = ${accountKey(email)} AND attempts >= ${maxFailures} AND (locked_until IS NULL OR locked_until <= now())
    RETURNING locked_until AS "lockedUntil", attempts`);
}

/** A successful sign-in: the count starts again. */
export async function clearSignInAttempts(db: CommonQueryMethods, email: string): Promise<void> {
  await db.query(sql.unsafe`DELETE FROM sign_in_throttle WHERE account_key = ${accountKey(email)}`);
}

/** Deletes up to `limit` rows whose window and lock are both over; how many it deleted. */
export async function deleteExpiredSignInAttempts(db: CommonQueryMethods, limit: number): Promise<number> {
  const result = await db.query(sql.unsafe`
    DELETE FROM sign_in_throttle
    WHERE account_key IN (SELECT account_key FROM sign_in_throttle WHERE expires_at < now() LIMIT ${limit})`);
  return result.rowCount;
}
