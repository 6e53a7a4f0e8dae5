// Named queries for preview tokens (issue #27; the lookup that authenticates one is in
// db/identity/access-lookups.ts). Only the token's digest is stored.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const previewTokenRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  content_item_id: z.string().nullable(),
  created_by_user_id: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  token_hash: z.string(),
});
export type PreviewTokenRow = z.infer<typeof previewTokenRow>;

const COLUMNS = sql.fragment`p.id, p.workspace_id, p.content_item_id, p.created_by_user_id, p.created_at, p.expires_at, p.revoked_at, p.token_hash`;

export async function insertPreviewToken(
  db: CommonQueryMethods,
  t: { workspaceId: string; contentItemId: string | null; identifier: string; tokenHash: string; lifetimeMinutes: number; createdByUserId: string | null },
): Promise<PreviewTokenRow> {
  return db.one(sql.type(previewTokenRow)`
    INSERT INTO preview_tokens AS p (workspace_id, content_item_id, identifier, token_hash, expires_at, created_by_user_id)
    VALUES (${t.workspaceId}, ${t.contentItemId}, ${t.identifier}, ${t.tokenHash}, now() + make_interval(mins => ${t.lifetimeMinutes}), ${t.createdByUserId})
    RETURNING ${COLUMNS}`);
}

/** The workspace's tokens that still work (not revoked, not expired), newest first, with their total. */
export async function listLivePreviewTokens(
  db: CommonQueryMethods,
  workspaceId: string,
  limit: number,
  offset: number,
): Promise<{ rows: PreviewTokenRow[]; total: number }> {
  const live = sql.fragment`p.workspace_id = ${workspaceId} AND p.revoked_at IS NULL AND p.expires_at > now()`;
  const [rows, total] = await Promise.all([
    db.any(sql.type(previewTokenRow)`
      SELECT ${COLUMNS} FROM preview_tokens p WHERE ${live}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit} OFFSET ${offset}`),
    db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM preview_tokens p WHERE ${live}`),
  ]);
  return { rows: [...rows], total };
}

/** Marks the token revoked (kept for the audit trail); null when the workspace has no such token. */
export async function revokePreviewTokenRow(db: CommonQueryMethods, workspaceId: string, id: string): Promise<PreviewTokenRow | null> {
  return db.maybeOne(sql.type(previewTokenRow)`
    UPDATE preview_tokens p SET revoked_at = coalesce(p.revoked_at, now())
    WHERE p.id = ${id} AND p.workspace_id = ${workspaceId}
    RETURNING ${COLUMNS}`);
}
