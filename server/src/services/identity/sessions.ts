// Local sign-in, sign-out, token refresh and password change.
//
// Login answers every failure with the same plain 401 and spends the same time on it: an unknown
// email is verified against a dummy argon2id hash. The log, not the response, says why it failed.
// Failures are throttled per account and client (sign-in-throttle.ts): a throttled client is one
// more reason for that 401, checked against the dummy hash too so that it costs the same.
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../../config.js';
import type { Db } from '../../db/pool.js';
import { deleteSessionByHash, deleteSessionsOfUser, insertSession } from '../../db/identity/sessions.js';
import { findLoginCandidate, findUser, passwordHashOf, recordLogin, setPassword } from '../../db/identity/users.js';
import { badRequest, unauthenticated } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import type { ChangePasswordRequest, LoginRequest, LoginResponse } from '../../generated/schemas.js';
import { recordAudit } from '../platform/audit.js';
import { UserActor } from './actors.js';
import type { CredentialEvictor } from './credential-cache.js';
import { changingCredentials } from './credential-changes.js';
import { newSessionToken } from './credential-tokens.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hashing.js';
import { assertPasswordAllowed } from './password-rules.js';
import { personalWords } from './password-strength.js';
import { acceptSignIn, admitSignIn, forgetClientFailures, recordSignInFailure, waitForGate, type ThrottleDeps } from './sign-in-throttle.js';

type LoginFailure = 'UserNotFound' | 'UserDeleted' | 'UserInactive' | 'BadPassword' | 'Throttled';

export function sessionLifetimeMs(config: Config): number {
  const { sessionSlidingExpiryMs, sessionAbsoluteExpiryMs } = config.auth;
  return sessionSlidingExpiryMs > 0 ? sessionSlidingExpiryMs : sessionAbsoluteExpiryMs;
}

async function openSession(db: Db, config: Config, userId: string, ip: string): Promise<LoginResponse> {
  const { token, tokenHash } = newSessionToken();
  return db.transaction(async (tx) => {
    const expiresAt = await insertSession(tx, { id: uuidv7(), userId, tokenHash, expiresInMs: sessionLifetimeMs(config), ip });
    await recordLogin(tx, userId);
    const user = (await findUser(tx, userId))!;
    return {
      token,
      expiresAt,
      mustChangePassword: user.must_change_password,
      user: { id: user.id, email: user.email, displayName: user.display_name, role: user.role, isSuperAdmin: user.is_super_admin },
    };
  });
}

export async function login(deps: ThrottleDeps, { email, password, deviceToken }: LoginRequest, ip: string): Promise<LoginResponse> {
  // The account is looked up first so that its throttle rows carry the user (what the command line
  // clears them by) and a device token can be checked against it; an unknown email costs the same.
  const candidate = await findLoginCandidate(deps.db, email);
  const userId = candidate && !candidate.is_deleted ? candidate.id : null;
  const gate = await admitSignIn(deps, { email, userId, ip, deviceToken });
  if (!gate.admitted) {
    await verifyAgainstDummy(password);
    deps.logger.warn('login failed', { event: 'login_failed', reason: 'Throttled' satisfies LoginFailure, email, userId: null, client: gate.client, remoteIp: ip });
    throw unauthenticated();
  }
  await waitForGate(gate);
  let failure: LoginFailure | null = null;
  if (!candidate) {
    await verifyAgainstDummy(password);
    failure = 'UserNotFound';
  } else {
    // Always verify, even for a deleted or inactive user, so every path costs one argon2 check.
    const ok = await verifyPassword(candidate.password_hash, password);
    if (candidate.is_deleted) failure = 'UserDeleted';
    else if (!candidate.is_active) failure = 'UserInactive';
    else if (!ok) failure = 'BadPassword';
  }
  if (failure) {
    deps.logger.warn('login failed', { event: 'login_failed', reason: failure, email, userId: candidate?.id ?? null, client: gate.client, delayMs: gate.delayMs, remoteIp: ip });
    await recordSignInFailure(deps, gate, email, userId, ip);
    throw unauthenticated();
  }
  const device = await acceptSignIn(deps, gate, candidate!.id);
  const session = await openSession(deps.db, deps.config, candidate!.id, ip);
  deps.logger.info('login succeeded', { event: 'login_succeeded', email, userId: candidate!.id, client: gate.client, delayMs: gate.delayMs, remoteIp: ip });
  return { ...session, deviceToken: device };
}

/** Ends the session the request was made with; other credentials have none and are left alone. */
export async function logout(db: Db, credentials: CredentialEvictor, actor: Actor): Promise<void> {
  if (!(actor instanceof UserActor)) return;
  const tokenHash = actor.sessionTokenHash;
  await changingCredentials(db, credentials, async (tx, announce) => {
    await deleteSessionByHash(tx, tokenHash);
    await announce({ kind: 'session', tokenHash });
  });
}

/** A new token for the same user; the old one is deleted in the same transaction. */
export async function refreshSession(
  db: Db,
  credentials: CredentialEvictor,
  config: Config,
  actor: Actor,
  ip: string,
): Promise<LoginResponse> {
  if (!(actor instanceof UserActor)) throw badRequest('Only a signed-in user session can be refreshed.');
  const tokenHash = actor.sessionTokenHash;
  const owner = await changingCredentials(db, credentials, async (tx, announce) => {
    const deletedFor = await deleteSessionByHash(tx, tokenHash);
    await announce({ kind: 'session', tokenHash });
    return deletedFor;
  });
  // Two refreshes racing with one token: the loser finds nothing to delete, and its token is dead.
  if (owner !== actor.id) throw unauthenticated();
  return openSession(db, config, actor.id, ip);
}

export async function changePassword(
  deps: ThrottleDeps & { credentialCache: CredentialEvictor },
  actor: Actor,
  { currentPassword, newPassword }: ChangePasswordRequest,
  ip: string,
): Promise<void> {
  if (!(actor instanceof UserActor)) throw badRequest('Only local users have a password to change.');
  assertPasswordAllowed(newPassword, '/newPassword', deps.config.auth.password, personalWords(actor));
  // The current-password check is a sign-in of the caller's email from the caller's client:
  // throttled and counted alike, so a stolen session cannot guess the password it would need to
  // take the account over.
  const email = actor.email ?? `user:${actor.id}`;
  const gate = await admitSignIn(deps, { email, userId: actor.id, ip });
  if (!gate.admitted) {
    await verifyAgainstDummy(currentPassword);
    deps.logger.warn('password change rejected: sign-ins throttled', { event: 'change_password_failed', reason: 'Throttled', userId: actor.id, remoteIp: ip });
    throw unauthenticated();
  }
  await waitForGate(gate);
  const currentHash = await passwordHashOf(deps.db, actor.id);
  if (!currentHash || !(await verifyPassword(currentHash, currentPassword))) {
    deps.logger.warn('password change rejected: wrong current password', { event: 'change_password_failed', userId: actor.id, remoteIp: ip });
    await recordSignInFailure(deps, gate, email, actor.id, ip);
    throw unauthenticated();
  }
  await forgetClientFailures(deps, gate);
  const newHash = await hashPassword(newPassword);
  // The kept session is evicted too: its cached actor still says it must change the password.
  await changingCredentials(deps.db, deps.credentialCache, async (tx, announce) => {
    const before = (await findUser(tx, actor.id))!;
    await setPassword(tx, actor.id, newHash, false);
    // Other sessions may belong to whoever knew the old password; this one stays signed in.
    await deleteSessionsOfUser(tx, actor.id, actor.sessionTokenHash);
    await announce({ kind: 'user', userId: actor.id });
    await recordAudit(tx, {
      workspaceId: null,
      entityType: 'User',
      entityId: actor.id,
      action: 'Updated',
      actor,
      before: { passwordHash: currentHash, mustChangePassword: before.must_change_password },
      after: { passwordHash: newHash, mustChangePassword: false },
    });
  });
  deps.logger.info('password changed', { event: 'password_changed', userId: actor.id, remoteIp: ip });
}
