// Named queries for sign-in throttling (migrations/0036_sign_in_throttle_per_client.sql). Every
// counting statement is one atomic row operation, so replicas racing on one key agree on its count.
// The keys are HMACs made by the service (services/identity/sign-in-keys.ts); this module stores them.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const interval = (ms: number) => sql.fragment`make_interval(secs => ${ms / 1000})`;
const bytes = (b: Buffer) => sql.binary(b);

export interface ThrottleRow {
  /** The row's own key: the account's (account-wide row) or the account and client's. */
  readonly throttleKey: Buffer;
  readonly accountKey: Buffer;
  readonly perClient: boolean;
  /** The account's user, when the email is one. */
  readonly userId: string | null;
}

export interface SignInAttempt {
  /** Attempts in the current window, this one included (unchanged while locked). */
  readonly attempts: number;
  readonly locked: boolean;
}

/**
 * Counts one attempt on `row` before the password is checked. A lock in force is neither extended
 * nor counted into; a lock or window that is over starts a fresh window at this attempt.
 */
export async function countSignInAttempt(db: CommonQueryMethods, row: ThrottleRow, windowMs: number): Promise<SignInAttempt> {
  const fresh = sql.fragment`(t.locked_until IS NOT NULL OR t.window_started_at + ${interval(windowMs)} <= now())`;
  const lockedNow = sql.fragment`t.locked_until > now()`;
  return db.one(sql.type(z.object({ attempts: z.number(), locked: z.boolean() }))`
    INSERT INTO sign_in_throttle AS t (throttle_key, account_key, per_client, user_id, attempts, window_started_at, locked_until, expires_at)
    VALUES (${bytes(row.throttleKey)}, ${bytes(row.accountKey)}, ${row.perClient}, ${row.userId}, 1, now(), NULL, now() + ${interval(windowMs)})
    ON CONFLICT (throttle_key) DO UPDATE SET
      user_id           = COALESCE(EXCLUDED.user_id, t.user_id),
      attempts          = CASE WHEN ${lockedNow} THEN t.attempts WHEN ${fresh} THEN 1 ELSE t.attempts + 1 END,
      window_started_at = CASE WHEN ${lockedNow} THEN t.window_started_at WHEN ${fresh} THEN now() ELSE t.window_started_at END,
      expires_at        = CASE WHEN ${lockedNow} THEN t.expires_at WHEN ${fresh} THEN now() + ${interval(windowMs)} ELSE t.expires_at END,
      locked_until      = CASE WHEN ${lockedNow} THEN t.locked_until ELSE NULL END
    RETURNING attempts, COALESCE(locked_until > now(), false) AS locked`);
}

/**
 * After a failed attempt: locks the row for `lockMs` when its window holds `maxFailures` attempts
 * and it is not locked yet. The end of the lock when this call imposed it, else null.
 */
export async function lockSignInsIfDue(db: CommonQueryMethods, throttleKey: Buffer, maxFailures: number, lockMs: number): Promise<{ lockedUntil: string; attempts: number } | null> {
  return db.maybeOne(sql.type(z.object({ lockedUntil: z.string(), attempts: z.number() }))`
    UPDATE sign_in_throttle
    SET locked_until = now() + ${interval(lockMs)}, expires_at = greatest(expires_at, now() + ${interval(lockMs)})
    WHERE throttle_key = ${bytes(throttleKey)} AND attempts >= ${maxFailures} AND (locked_until IS NULL OR locked_until <= now())
    RETURNING locked_until AS "lockedUntil", attempts`);
}

/** A successful sign-in from one client: that client's count starts again. */
export async function clearSignInAttempts(db: CommonQueryMethods, throttleKey: Buffer): Promise<void> {
  await db.query(sql.unsafe`DELETE FROM sign_in_throttle WHERE throttle_key = ${bytes(throttleKey)}`);
}

/**
 * A successful sign-in counted on the account-wide row takes its attempt back: that count is of
 * failures, and attempts are counted before the password is known to be right.
 */
export async function uncountSignInAttempt(db: CommonQueryMethods, throttleKey: Buffer): Promise<void> {
  await db.query(sql.unsafe`
    WITH gone AS (DELETE FROM sign_in_throttle WHERE throttle_key = ${bytes(throttleKey)} AND attempts <= 1 RETURNING 1)
    UPDATE sign_in_throttle SET attempts = attempts - 1 WHERE throttle_key = ${bytes(throttleKey)} AND attempts > 1`);
}

/**
 * Every row of one account: each client's and the account-wide one. By the user (what the command
 * line can do without the server's key) and, when given, by the account key of the user's email.
 * Whether any of them was locked or counting.
 */
export async function clearAccountThrottle(db: CommonQueryMethods, userId: string, accountKey: Buffer | null): Promise<{ rows: number; locked: number }> {
  const byKey = accountKey === null ? sql.fragment`false` : sql.fragment`account_key = ${bytes(accountKey)}`;
  return db.one(sql.type(z.object({ rows: z.number(), locked: z.number() }))`
    WITH gone AS (DELETE FROM sign_in_throttle WHERE user_id = ${userId} OR ${byKey} RETURNING locked_until)
    SELECT count(*)::int AS rows, count(*) FILTER (WHERE locked_until > now())::int AS locked FROM gone`);
}

/** Deletes up to `limit` rows whose window and lock are both over; how many it deleted. */
export async function deleteExpiredSignInAttempts(db: CommonQueryMethods, limit: number): Promise<number> {
  const result = await db.query(sql.unsafe`
    DELETE FROM sign_in_throttle
    WHERE throttle_key IN (SELECT throttle_key FROM sign_in_throttle WHERE expires_at < now() LIMIT ${limit})`);
  const devices = await db.query(sql.unsafe`
    DELETE FROM sign_in_devices
    WHERE token_hash IN (SELECT token_hash FROM sign_in_devices WHERE expires_at < now() LIMIT ${limit})`);
  return result.rowCount + devices.rowCount;
}

/** Whether `tokenHash` is a device token of `userId` that has not expired. */
export async function isKnownDevice(db: CommonQueryMethods, tokenHash: Buffer, userId: string): Promise<boolean> {
  const found = await db.maybeOne(sql.type(z.object({ one: z.number() }))`
    SELECT 1 AS one FROM sign_in_devices WHERE token_hash = ${bytes(tokenHash)} AND user_id = ${userId} AND expires_at > now()`);
  return found !== null;
}

/**
 * Records a new device token of `userId` in place of `replaces` (the one the sign-in sent, if
 * valid), and keeps only the user's newest `keep`: a script that never sends its token back cannot
 * grow the table.
 */
export async function replaceDevice(
  db: CommonQueryMethods,
  d: { tokenHash: Buffer; userId: string; lifetimeMs: number; replaces: Buffer | null; keep: number },
): Promise<void> {
  if (d.replaces !== null) await db.query(sql.unsafe`DELETE FROM sign_in_devices WHERE token_hash = ${bytes(d.replaces)}`);
  await db.query(sql.unsafe`
    INSERT INTO sign_in_devices (token_hash, user_id, expires_at) VALUES (${bytes(d.tokenHash)}, ${d.userId}, now() + ${interval(d.lifetimeMs)})`);
  await db.query(sql.unsafe`
    DELETE FROM sign_in_devices
    WHERE user_id = ${d.userId}
      AND token_hash NOT IN (SELECT token_hash FROM sign_in_devices WHERE user_id = ${d.userId} ORDER BY created_at DESC, token_hash LIMIT ${d.keep})`);
}
