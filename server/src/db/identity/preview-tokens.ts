// Named queries for preview tokens (issue #27; the lookup that authenticates one is in
// db/identity/access-lookups.ts). Only the token's digest is stored.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const previewTokenRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  content_item_id: z.string().nullable(),
  release_id: z.string().nullable(),
  created_by_user_id: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  token_hash: z.string(),
});
export type PreviewTokenRow = z.infer<typeof previewTokenRow>;

const COLUMNS = sql.fragment`p.id, p.workspace_id, p.content_item_id, p.release_id, p.created_by_user_id, p.created_at, p.expires_at, p.revoked_at, p.token_hash`;

export async function insertPreviewToken(
  db: CommonQueryMethods,
  t: { workspaceId: string; contentItemId: string | null; releaseId: string | null; identifier: string; tokenHash: string; lifetimeMinutes: number; createdByUserId: string | null },
): Promise<PreviewTokenRow> {
  return db.one(sql.type(previewTokenRow)`
    INSERT INTO preview_tokens AS p (workspace_id, content_item_id, release_id, identifier, token_hash, expires_at, created_by_user_id)
    VALUES (${t.workspaceId}, ${t.contentItemId}, ${t.releaseId}, ${t.identifier}, ${t.tokenHash}, now() + make_interval(mins => ${t.lifetimeMinutes}), ${t.createdByUserId})
    RETURNING ${COLUMNS}`);
}

/** Which tokens a caller may see and revoke: all of the workspace's, or only those one user minted. */
export type PreviewTokenReach = { readonly all: true } | { readonly mintedBy: string | null };

/** The reach as a condition on `p`; a caller that is no user (null) mints nothing it could see. */
function reachOf(reach: PreviewTokenReach) {
  return 'all' in reach ? sql.fragment`TRUE` : sql.fragment`p.created_by_user_id IS NOT DISTINCT FROM ${reach.mintedBy}::uuid AND ${reach.mintedBy}::uuid IS NOT NULL`;
}

/** The workspace's tokens that still work (not revoked, not expired) within reach, newest first, with their total. */
export async function listLivePreviewTokens(
  db: CommonQueryMethods,
  workspaceId: string,
  reach: PreviewTokenReach,
  limit: number,
  offset: number,
): Promise<{ rows: PreviewTokenRow[]; total: number }> {
  const live = sql.fragment`p.workspace_id = ${workspaceId} AND p.revoked_at IS NULL AND p.expires_at > now() AND ${reachOf(reach)}`;
  const [rows, total] = await Promise.all([
    db.any(sql.type(previewTokenRow)`
      SELECT ${COLUMNS} FROM preview_tokens p WHERE ${live}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}`),
    db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM preview_tokens p WHERE ${live}`),
  ]);
  return { rows: [...rows], total };
}

/** Marks the token revoked (kept for the audit trail); null when the workspace has no such token within reach. */
export async function revokePreviewTokenRow(db: CommonQueryMethods, workspaceId: string, id: string, reach: PreviewTokenReach): Promise<PreviewTokenRow | null> {
  return db.maybeOne(sql.type(previewTokenRow)`
    UPDATE preview_tokens p SET revoked_at = coalesce(p.revoked_at, now())
    WHERE p.id = ${id} AND p.workspace_id = ${workspaceId} AND ${reachOf(reach)}
    RETURNING ${COLUMNS}`);
}

/**
 * Revokes the live tokens `userId` minted in workspaces where they can no longer mint one: they are
 * deleted or inactive, or hold neither Editor or above with Write there nor the superadmin flag
 * (which reaches every workspace with Write, but keeps its role). The same rule as minting
 * (x-verso-access of createPreviewToken), read after the change in the caller's transaction.
 */
export async function revokePreviewTokensBeyondReach(db: CommonQueryMethods, userId: string): Promise<readonly PreviewTokenRow[]> {
  return db.any(sql.type(previewTokenRow)`
    UPDATE preview_tokens p SET revoked_at = now()
    WHERE p.created_by_user_id = ${userId} AND p.revoked_at IS NULL AND p.expires_at > now()
      AND NOT EXISTS (
        SELECT 1 FROM users u
        WHERE u.id = p.created_by_user_id AND u.deleted_at IS NULL AND u.is_active AND u.role <> 'Reader'
          AND (u.is_super_admin OR EXISTS (
            SELECT 1 FROM user_workspace_grants g
            WHERE g.user_id = u.id AND g.workspace_id = p.workspace_id AND g.access_level = 'Write')))
    RETURNING ${COLUMNS}`);
}
