// A forgotten password, reset from the command line (`make admin-password EMAIL=…`, the entry point
// admin-password.ts): whoever can run commands on the host can read the database anyway, so this is
// the recovery for an install whose only administrator is locked out. The user gets a new one-time
// password (printed once by the caller, never stored in clear) that must be changed at the next
// sign-in; their sessions end and their sign-in throttle is lifted; the API processes hear of it like any credential change (pg_notify);
// the audit log records it as a System change.
import type { Db } from '../../db/pool.js';
import { deleteSessionsOfUser } from '../../db/identity/sessions.js';
import { findLoginCandidate, lockUser, passwordHashOf, setPassword } from '../../db/identity/users.js';
import { recordAudit } from '../platform/audit.js';
import { oneTimeSeedPassword } from './seed.js';
import { changingCredentials } from './credential-changes.js';
import { hashPassword } from './password-hashing.js';
import { clearAccountSignInThrottle } from './sign-in-throttle.js';
import type { PasswordPolicy } from './password-rules.js';

export type RecoveryOutcome =
  | { readonly ok: true; readonly userId: string; readonly email: string; readonly password: string; readonly active: boolean }
  | { readonly ok: false; readonly reason: string };

/** Gives the user with `email` a new one-time password; nothing changes when there is no such user. */
export async function issueOneTimePassword(db: Db, email: string, policy: PasswordPolicy): Promise<RecoveryOutcome> {
  const candidate = await findLoginCandidate(db, email.trim());
  if (!candidate || candidate.is_deleted) return { ok: false, reason: `there is no user with the email address ${email.trim()}` };
  const password = oneTimeSeedPassword(policy);
  const newHash = await hashPassword(password);
  // This process caches no credentials: the API processes evict on the notice.
  const outcome = await changingCredentials(db, { evict: () => {} }, async (tx, announce) => {
    const current = await lockUser(tx, candidate.id);
    if (!current) return null;
    const oldHash = await passwordHashOf(tx, current.id);
    await setPassword(tx, current.id, newHash, true);
    await deleteSessionsOfUser(tx, current.id);
    // The one-time password must work at once: the throttle rows of a known account carry its user,
    // so they are found without the server's key, which this process does not hold.
    await clearAccountSignInThrottle(tx, null, current);
    await announce({ kind: 'user', userId: current.id });
    await recordAudit(tx, {
      workspaceId: null,
      entityType: 'User',
      entityId: current.id,
      action: 'Updated',
      actor: null,
      before: { passwordHash: oldHash, mustChangePassword: current.must_change_password },
      after: { passwordHash: newHash, mustChangePassword: true },
    });
    return current;
  });
  if (!outcome) return { ok: false, reason: `there is no user with the email address ${email.trim()}` };
  return { ok: true, userId: outcome.id, email: outcome.email, password, active: outcome.is_active };
}
