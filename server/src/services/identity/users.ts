// Managing local users (Admin role and host superadmin; the access step has checked both).
//
// Two self-protection rules keep an install manageable: an admin cannot deactivate or delete
// themself, and the last active superadmin administrator cannot be disabled, demoted, deleted or
// lose the flag — otherwise nobody could manage users any more.
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/pool.js';
import { deleteSessionsOfUser } from '../../db/identity/sessions.js';
import { upsertPreferences } from '../../db/identity/user-preferences.js';
import {
  countOtherActiveSuperAdmins,
  emailTaken,
  findUser,
  insertUser,
  listUsers as listUserRows,
  lockUser,
  passwordHashOf,
  replaceGrants,
  setPassword,
  softDeleteUser,
  updateUserProfile,
  type UserRow,
} from '../../db/identity/users.js';
import { conflict, notFound } from '../../errors.js';
import { userIdOf, type Actor } from '../../access/actor.js';
import type {
  CreateUserRequest,
  ResetPasswordRequest,
  TempPasswordResponse,
  UpdateUserRequest,
  UserDtoPagedResponse,
} from '../../generated/schemas.js';
import { recordAudit } from '../platform/audit.js';
import type { CredentialEvictor } from './credential-cache.js';
import { changingCredentials } from './credential-changes.js';
import { etagOf, requireIfMatch } from '../platform/etag.js';
import { pageRequest, toPage, type PagingQuery } from '../platform/paging.js';
import { hashPassword } from './password-hashing.js';
import { assertPasswordAllowed, type PasswordPolicy } from './password-rules.js';
import { assertTimeZone, normaliseGrants } from './user-fields.js';
import { presentUser, userAuditView } from './user-presenter.js';
import { personalWords } from './password-strength.js';
import type { SignInKeys } from './sign-in-keys.js';
import { clearAccountSignInThrottle } from './sign-in-throttle.js';
import { revokePreviewTokensOfUser } from './preview-tokens.js';

const TEMP_PASSWORD_WARNING = 'This temporary password is shown once. Give it to the user over a safe channel; they must change it at first sign-in.';

export const userEtag = (u: UserRow) => etagOf(u.id, u.row_version);

export async function listUsers(db: Db, query: PagingQuery): Promise<UserDtoPagedResponse> {
  const page = pageRequest(query);
  const { rows, total } = await listUserRows(db, page.pageSize, page.offset);
  return toPage(rows.map(presentUser), total, page);
}

export async function getUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user) throw notFound('The user');
  return user;
}

export async function createUser(db: Db, actor: Actor, input: CreateUserRequest, policy: PasswordPolicy): Promise<TempPasswordResponse> {
  assertPasswordAllowed(input.temporaryPassword, '/temporaryPassword', policy, personalWords(input));
  assertTimeZone(input.timeZoneId, '/timeZoneId');
  const passwordHash = await hashPassword(input.temporaryPassword);
  const user = await db.transaction(async (tx) => {
    if (await emailTaken(tx, input.email, null)) throw conflict('Another user already has this email address.');
    const grants = await normaliseGrants(tx, input.workspaceAccesses ?? []);
    const id = uuidv7();
    await insertUser(tx, {
      id,
      email: input.email,
      displayName: input.displayName,
      passwordHash,
      role: input.role,
      isSuperAdmin: input.isSuperAdmin,
      mustChangePassword: true,
    });
    await replaceGrants(tx, id, grants);
    if (input.timeZoneId) await upsertPreferences(tx, id, { timeZoneId: input.timeZoneId });
    const created = (await findUser(tx, id))!;
    await recordAudit(tx, { workspaceId: null, entityType: 'User', entityId: id, action: 'Created', actor, after: userAuditView(created, passwordHash) });
    return created;
  });
  return { userId: user.id, temporaryPassword: input.temporaryPassword, warning: TEMP_PASSWORD_WARNING };
}

function removesLastSuperAdminPowers(current: UserRow, next: Pick<UpdateUserRequest, 'role' | 'isSuperAdmin' | 'isActive'>): boolean {
  const holds = current.is_active && current.is_super_admin && current.role === 'Admin';
  return holds && !(next.isActive && next.isSuperAdmin && next.role === 'Admin');
}

export async function updateUser(
  db: Db,
  credentials: CredentialEvictor,
  actor: Actor,
  id: string,
  ifMatch: string | undefined,
  input: UpdateUserRequest,
): Promise<UserRow> {
  assertTimeZone(input.timeZoneId, '/timeZoneId');
  return changingCredentials(db, credentials, async (tx, announce) => {
    const current = await lockUser(tx, id);
    if (!current) throw notFound('The user');
    requireIfMatch(ifMatch, userEtag(current));
    if (actor.id === id && !input.isActive) throw conflict('You cannot deactivate your own account.');
    if (removesLastSuperAdminPowers(current, input) && (await countOtherActiveSuperAdmins(tx, id)) === 0) {
      throw conflict('This is the last active superadmin administrator; it cannot be disabled, demoted or lose the superadmin flag.');
    }
    if (input.email.toLowerCase() !== current.email.toLowerCase() && (await emailTaken(tx, input.email, id))) {
      throw conflict('Another user already has this email address.');
    }
    await updateUserProfile(tx, id, {
      email: input.email,
      displayName: input.displayName,
      role: input.role,
      isSuperAdmin: input.isSuperAdmin,
      isActive: input.isActive,
    });
    if (input.workspaceAccesses !== undefined && input.workspaceAccesses !== null) {
      await replaceGrants(tx, id, await normaliseGrants(tx, input.workspaceAccesses));
    }
    if (input.timeZoneId !== undefined) await upsertPreferences(tx, id, { timeZoneId: input.timeZoneId });
    // A deactivated user is signed out everywhere at once, not at their sessions' expiry.
    if (!input.isActive) await deleteSessionsOfUser(tx, id);
    // Their preview tokens end with the right to mint them (inactive, below Editor, Write removed).
    await revokePreviewTokensOfUser(tx, announce, actor, id);
    // Role, flag, grants, email and name all live in the cached actor of each of their sessions.
    await announce({ kind: 'user', userId: id });
    const updated = (await findUser(tx, id))!;
    await recordAudit(tx, { workspaceId: null, entityType: 'User', entityId: id, action: 'Updated', actor, before: userAuditView(current), after: userAuditView(updated) });
    return updated;
  });
}

export async function deleteUser(db: Db, credentials: CredentialEvictor, actor: Actor, id: string, ifMatch: string | undefined): Promise<void> {
  await changingCredentials(db, credentials, async (tx, announce) => {
    const current = await lockUser(tx, id);
    if (!current) throw notFound('The user');
    requireIfMatch(ifMatch, userEtag(current));
    if (actor.id === id) throw conflict('You cannot delete your own account.');
    if (removesLastSuperAdminPowers(current, { role: current.role, isSuperAdmin: false, isActive: false }) &&
        (await countOtherActiveSuperAdmins(tx, id)) === 0) {
      throw conflict('This is the last active superadmin administrator; it cannot be deleted.');
    }
    await softDeleteUser(tx, id, userIdOf(actor));
    await revokePreviewTokensOfUser(tx, announce, actor, id);
    await announce({ kind: 'user', userId: id });
    await recordAudit(tx, { workspaceId: null, entityType: 'User', entityId: id, action: 'Deleted', actor, before: userAuditView(current) });
  });
}

export async function resetUserPassword(
  db: Db,
  credentials: CredentialEvictor,
  actor: Actor,
  id: string,
  { temporaryPassword }: ResetPasswordRequest,
  policy: PasswordPolicy,
  signInKeys: SignInKeys,
): Promise<TempPasswordResponse> {
  const target = await getUser(db, id);
  assertPasswordAllowed(temporaryPassword, '/temporaryPassword', policy, personalWords({ email: target.email, displayName: target.display_name }));
  const newHash = await hashPassword(temporaryPassword);
  await changingCredentials(db, credentials, async (tx, announce) => {
    const current = await lockUser(tx, id);
    if (!current) throw notFound('The user');
    const oldHash = await passwordHashOf(tx, id);
    await setPassword(tx, id, newHash, true);
    await deleteSessionsOfUser(tx, id);
    // The temporary password must work at once, whoever's guesses throttled the account.
    await clearAccountSignInThrottle(tx, signInKeys, current);
    await announce({ kind: 'user', userId: id });
    await recordAudit(tx, {
      workspaceId: null,
      entityType: 'User',
      entityId: id,
      action: 'Updated',
      actor,
      before: { passwordHash: oldHash, mustChangePassword: current.must_change_password },
      after: { passwordHash: newHash, mustChangePassword: true },
    });
  });
  return { userId: id, temporaryPassword, warning: TEMP_PASSWORD_WARNING };
}

/**
 * Lifts the user's sign-in throttle (every client's lock and the account-wide slowdown): the
 * Admin's way out for an owner kept out by someone else's guesses. Audited when anything was lifted.
 */
export async function unlockUser(db: Db, actor: Actor, id: string, signInKeys: SignInKeys): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockUser(tx, id);
    if (!current) throw notFound('The user');
    const cleared = await clearAccountSignInThrottle(tx, signInKeys, current);
    if (cleared.rows === 0) return;
    await recordAudit(tx, {
      workspaceId: null,
      entityType: 'User',
      entityId: id,
      action: 'StatusChanged',
      actor,
      before: { signInLockedClients: cleared.locked, signInThrottled: true },
      after: { signInLockedClients: 0, signInThrottled: false },
    });
  });
}
