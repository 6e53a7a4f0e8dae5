// Named queries for workspaces.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const workspaceRow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  public_media: z.boolean(),
  all_media_public: z.boolean(),
  media_url_generation: z.number(),
  preview_url: z.string().nullable(),
  row_version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkspaceRow = z.infer<typeof workspaceRow>;

const COLUMNS = sql.fragment`w.id, w.name, w.slug, w.description, w.public_media, w.all_media_public, w.media_url_generation, w.preview_url, w.row_version, w.created_at, w.updated_at`;

export async function workspaceExists(db: CommonQueryMethods, id: string): Promise<boolean> {
  return db.exists(sql.unsafe`SELECT 1 FROM workspaces WHERE id = ${id} AND deleted_at IS NULL`);
}

export async function findWorkspace(db: CommonQueryMethods, id: string, forUpdate = false): Promise<WorkspaceRow | null> {
  return db.maybeOne(sql.type(workspaceRow)`
    SELECT ${COLUMNS} FROM workspaces w WHERE w.id = ${id} AND w.deleted_at IS NULL
    ${forUpdate ? sql.fragment`FOR UPDATE` : sql.fragment``}`);
}

/** Live workspaces, all of them (`ids` null) or only those listed. */
export async function listWorkspaces(
  db: CommonQueryMethods,
  ids: readonly string[] | null,
  limit: number,
  offset: number,
): Promise<{ rows: WorkspaceRow[]; total: number }> {
  const filter = ids === null ? sql.fragment`TRUE` : sql.fragment`w.id = ANY(${sql.array(ids as string[], 'uuid')})`;
  const rows = await db.any(sql.type(workspaceRow.extend({ total: z.number() }))`
    SELECT ${COLUMNS}, count(*) OVER () AS total
    FROM workspaces w
    WHERE w.deleted_at IS NULL AND ${filter}
    ORDER BY lower(w.name), w.id
    LIMIT ${limit} OFFSET ${offset}`);
  const total =
    rows[0]?.total ??
    (offset > 0 ? await db.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*) AS n FROM workspaces w WHERE w.deleted_at IS NULL AND ${filter}`) : 0);
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}

export async function slugTaken(db: CommonQueryMethods, slug: string, exceptId: string | null): Promise<boolean> {
  return db.exists(sql.unsafe`
    SELECT 1 FROM workspaces WHERE slug = ${slug} AND deleted_at IS NULL AND (${exceptId}::uuid IS NULL OR id <> ${exceptId})`);
}

export async function insertWorkspace(
  db: CommonQueryMethods,
  w: { id: string; name: string; slug: string; description: string | null; publicMedia: boolean; allMediaPublic: boolean; previewUrl: string | null },
): Promise<WorkspaceRow> {
  return db.one(sql.type(workspaceRow)`
    INSERT INTO workspaces AS w (id, name, slug, description, public_media, all_media_public, preview_url)
    VALUES (${w.id}, ${w.name}, ${w.slug}, ${w.description}, ${w.publicMedia}, ${w.allMediaPublic}, ${w.previewUrl})
    RETURNING ${COLUMNS}`);
}

export async function updateWorkspace(
  db: CommonQueryMethods,
  id: string,
  w: { name: string; slug: string; description: string | null; publicMedia: boolean; allMediaPublic: boolean; previewUrl: string | null },
): Promise<WorkspaceRow> {
  return db.one(sql.type(workspaceRow)`
    UPDATE workspaces AS w
    SET name = ${w.name}, slug = ${w.slug}, description = ${w.description}, public_media = ${w.publicMedia},
        all_media_public = ${w.allMediaPublic}, preview_url = ${w.previewUrl},
        row_version = w.row_version + 1, updated_at = now()
    WHERE w.id = ${id}
    RETURNING ${COLUMNS}`);
}

/** The next media URL generation: every public URL signed under an earlier one stops verifying (0038). */
export async function bumpMediaUrlGeneration(db: CommonQueryMethods, id: string): Promise<WorkspaceRow> {
  return db.one(sql.type(workspaceRow)`
    UPDATE workspaces AS w SET media_url_generation = w.media_url_generation + 1, row_version = w.row_version + 1, updated_at = now()
    WHERE w.id = ${id}
    RETURNING ${COLUMNS}`);
}

export async function softDeleteWorkspace(db: CommonQueryMethods, id: string, byUserId: string | null): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE workspaces SET deleted_at = now(), deleted_by_user_id = ${byUserId}, row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}`);
}

export async function countWorkspaces(db: CommonQueryMethods): Promise<number> {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM workspaces`);
}
