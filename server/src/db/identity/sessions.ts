// Named queries for local user sessions. Tokens are looked up by their SHA-256 digest only.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

/**
 * Slides the expiry and records last-seen and IP, at most once per touch interval. One conditional
 * UPDATE: parallel requests race harmlessly (the losers update nothing) instead of conflicting.
 * Returns the new expiry, or null when another request already touched it.
 */
export async function touchSession(
  db: CommonQueryMethods,
  sessionId: string,
  ip: string,
  touchIntervalMs: number,
  slidingExpiryMs: number,
): Promise<string | null> {
  return db.maybeOneFirst(sql.type(z.object({ expires_at: z.string() }))`
    UPDATE user_sessions
    SET last_seen_at = now(), ip_address = ${ip},
        expires_at = CASE WHEN ${slidingExpiryMs} > 0
                          THEN now() + make_interval(secs => ${slidingExpiryMs / 1000})
                          ELSE expires_at END
    WHERE id = ${sessionId} AND expires_at > now()
      AND last_seen_at <= now() - make_interval(secs => ${touchIntervalMs / 1000})
    RETURNING expires_at`);
}

export async function insertSession(
  db: CommonQueryMethods,
  session: { id: string; userId: string; tokenHash: string; expiresInMs: number; ip: string },
): Promise<string> {
  return db.oneFirst(sql.type(z.object({ expires_at: z.string() }))`
    INSERT INTO user_sessions (id, user_id, token_hash, expires_at, last_seen_at, ip_address)
    VALUES (${session.id}, ${session.userId}, ${session.tokenHash},
            now() + make_interval(secs => ${session.expiresInMs / 1000}), now(), ${session.ip})
    RETURNING expires_at`);
}

/** Deletes the session behind a digest; returns its user id when it existed. */
export async function deleteSessionByHash(db: CommonQueryMethods, tokenHash: string): Promise<string | null> {
  return db.maybeOneFirst(sql.type(z.object({ user_id: z.string() }))`
    DELETE FROM user_sessions WHERE token_hash = ${tokenHash} RETURNING user_id`);
}

export async function deleteSessionsOfUser(db: CommonQueryMethods, userId: string, exceptHash: string | null = null): Promise<void> {
  await db.query(sql.unsafe`
    DELETE FROM user_sessions WHERE user_id = ${userId} AND (${exceptHash}::text IS NULL OR token_hash <> ${exceptHash})`);
}

/** The current expiry, for a request that lost the race to touch the session to another one. */
export async function sessionExpiry(db: CommonQueryMethods, sessionId: string): Promise<string | null> {
  return db.maybeOneFirst(sql.type(z.object({ expires_at: z.string() }))`SELECT expires_at FROM user_sessions WHERE id = ${sessionId}`);
}
