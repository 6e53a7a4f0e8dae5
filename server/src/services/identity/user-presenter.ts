// The wire shape of a user and the view of it the audit log records.
import type { UserRow } from '../../db/identity/users.js';
import type { UserDto } from '../../generated/schemas.js';

export function presentUser(u: UserRow): UserDto {
  return {
    id: u.id,
    email: u.email,
    displayName: u.display_name,
    role: u.role,
    isSuperAdmin: u.is_super_admin,
    mustChangePassword: u.must_change_password,
    timeZoneId: u.time_zone_id,
    isActive: u.is_active,
    createdAt: u.created_at,
    updatedAt: u.updated_at,
    lastLoginAt: u.last_login_at,
    workspaceAccesses: u.grants,
  };
}

/** What the audit delta compares; the password hash is included so a change shows (redacted). */
export function userAuditView(u: UserRow, passwordHash?: string): Record<string, unknown> {
  return {
    email: u.email,
    displayName: u.display_name,
    role: u.role,
    isSuperAdmin: u.is_super_admin,
    mustChangePassword: u.must_change_password,
    isActive: u.is_active,
    workspaceAccesses: u.grants,
    ...(passwordHash !== undefined ? { passwordHash } : {}),
  };
}
