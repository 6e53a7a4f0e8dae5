// Named queries for local users and their workspace grants.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { RoleName } from '../../access/roles.js';

const roleEnum = z.enum(['Reader', 'Editor', 'TemplateAdmin', 'Admin']);

const userRow = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  role: roleEnum,
  is_super_admin: z.boolean(),
  must_change_password: z.boolean(),
  is_active: z.boolean(),
  row_version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  last_login_at: z.string().nullable(),
  time_zone_id: z.string().nullable(),
  grants: z.array(z.object({ workspaceId: z.string(), accessLevel: z.enum(['Read', 'Write']) })),
});
export type UserRow = z.infer<typeof userRow>;

const COLUMNS = sql.fragment`u.id, u.email, u.display_name, u.role, u.is_super_admin, u.must_change_password, u.is_active,
  u.row_version, u.created_at, u.updated_at, u.last_login_at, p.time_zone_id,
  COALESCE((SELECT jsonb_agg(jsonb_build_object('workspaceId', g.workspace_id, 'accessLevel', g.access_level)
                             ORDER BY g.workspace_id)
            FROM user_workspace_grants g JOIN workspaces w ON w.id = g.workspace_id AND w.deleted_at IS NULL
            WHERE g.user_id = u.id), '[]'::jsonb) AS grants`;
const FROM = sql.fragment`users u LEFT JOIN user_preferences p ON p.user_id = u.id`;

export async function findUser(db: CommonQueryMethods, id: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`SELECT ${COLUMNS} FROM ${FROM} WHERE u.id = ${id} AND u.deleted_at IS NULL`);
}

/** Locks the user row for a read-modify-write in the caller's transaction. */
export async function lockUser(db: CommonQueryMethods, id: string): Promise<UserRow | null> {
  await db.query(sql.unsafe`SELECT 1 FROM users WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
  return findUser(db, id);
}

export async function listUsers(db: CommonQueryMethods, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
  const rows = await db.any(sql.type(userRow.extend({ total: z.number() }))`
    SELECT ${COLUMNS}, count(*) OVER () AS total FROM ${FROM}
    WHERE u.deleted_at IS NULL
    ORDER BY lower(u.email), u.id
    LIMIT ${limit} OFFSET ${offset}`);
  const total =
    rows[0]?.total ??
    (offset > 0 ? await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM users WHERE deleted_at IS NULL`) : 0);
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}

const loginCandidate = z.object({
  id: z.string(),
  password_hash: z.string(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
});
export type LoginCandidate = z.infer<typeof loginCandidate>;

/**
 * The user a login for this email refers to: the live (non-deleted) one when there is one, active
 * first, else the most recently deleted, so the failure reason can be logged precisely.
 */
export async function findLoginCandidate(db: CommonQueryMethods, email: string): Promise<LoginCandidate | null> {
  return db.maybeOne(sql.type(loginCandidate)`
    SELECT id, password_hash, is_active, deleted_at IS NOT NULL AS is_deleted
    FROM users WHERE lower(email) = lower(${email})
    ORDER BY (deleted_at IS NULL) DESC, is_active DESC, deleted_at DESC NULLS LAST, id DESC
    LIMIT 1`);
}

export async function passwordHashOf(db: CommonQueryMethods, id: string): Promise<string | null> {
  return db.maybeOneFirst(sql.type(z.object({ password_hash: z.string() }))`
    SELECT password_hash FROM users WHERE id = ${id} AND deleted_at IS NULL AND is_active`);
}

export async function emailTaken(db: CommonQueryMethods, email: string, exceptId: string | null): Promise<boolean> {
  return db.exists(sql.unsafe`
    SELECT 1 FROM users WHERE lower(email) = lower(${email}) AND deleted_at IS NULL AND (${exceptId}::uuid IS NULL OR id <> ${exceptId})`);
}

export async function countUsers(db: CommonQueryMethods): Promise<number> {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM users`);
}

/** Active, non-deleted superadmins other than `exceptId` (the last one must stay). */
export async function countOtherActiveSuperAdmins(db: CommonQueryMethods, exceptId: string): Promise<number> {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*) AS n FROM users
    WHERE is_super_admin AND is_active AND deleted_at IS NULL AND role = 'Admin' AND id <> ${exceptId}`);
}

export async function insertUser(
  db: CommonQueryMethods,
  u: { id: string; email: string; displayName: string | null; passwordHash: string; role: RoleName; isSuperAdmin: boolean; mustChangePassword: boolean },
): Promise<UserRow> {
  await db.query(sql.unsafe`
    INSERT INTO users (id, email, display_name, password_hash, role, is_super_admin, must_change_password)
    VALUES (${u.id}, ${u.email}, ${u.displayName}, ${u.passwordHash}, ${u.role}, ${u.isSuperAdmin}, ${u.mustChangePassword})`);
  return (await findUser(db, u.id))!;
}

export async function updateUserProfile(
  db: CommonQueryMethods,
  id: string,
  u: { email: string; displayName: string | null; role: RoleName; isSuperAdmin: boolean; isActive: boolean },
): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE users SET email = ${u.email}, display_name = ${u.displayName}, role = ${u.role},
      is_super_admin = ${u.isSuperAdmin}, is_active = ${u.isActive}, row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}`);
}

export async function replaceGrants(db: CommonQueryMethods, userId: string, grants: ReadonlyMap<string, 'Read' | 'Write'>): Promise<void> {
  await db.query(sql.unsafe`DELETE FROM user_workspace_grants WHERE user_id = ${userId}`);
  for (const [workspaceId, level] of grants) {
    await db.query(sql.unsafe`
      INSERT INTO user_workspace_grants (user_id, workspace_id, access_level) VALUES (${userId}, ${workspaceId}, ${level})`);
  }
}

export async function setPassword(db: CommonQueryMethods, id: string, passwordHash: string, mustChange: boolean): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE users SET password_hash = ${passwordHash}, must_change_password = ${mustChange},
      row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}`);
}

export async function recordLogin(db: CommonQueryMethods, id: string): Promise<void> {
  await db.query(sql.unsafe`UPDATE users SET last_login_at = now() WHERE id = ${id}`);
}

export async function softDeleteUser(db: CommonQueryMethods, id: string, byUserId: string | null): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE users SET deleted_at = now(), deleted_by_user_id = ${byUserId}, is_active = false,
      row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}`);
  await db.query(sql.unsafe`DELETE FROM user_sessions WHERE user_id = ${id}`);
}

/** Ids of live workspaces among the given ones. */
export async function existingWorkspaceIds(db: CommonQueryMethods, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM workspaces WHERE id = ANY(${sql.array(ids as string[], 'uuid')}) AND deleted_at IS NULL`);
  return new Set(rows);
}
