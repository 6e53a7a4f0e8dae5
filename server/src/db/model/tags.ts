// Named queries for tags. Content saves create tags and their content_item_tags rows; this module
// lists them with usage counts and soft-deletes them.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const tagRow = z.object({ id: z.string(), name: z.string(), usage_count: z.number() });
export type TagRow = z.infer<typeof tagRow>;

export async function listTags(db: CommonQueryMethods, workspaceId: string, limit: number, offset: number): Promise<{ rows: readonly TagRow[]; total: number }> {
  const rows = await db.any(sql.type(tagRow)`
    SELECT t.id, t.name, (SELECT count(*) FROM content_item_tags ct WHERE ct.tag_id = t.id) AS usage_count
    FROM tags t WHERE t.workspace_id = ${workspaceId} AND NOT t.is_deleted
    ORDER BY t.name, t.id LIMIT ${limit} OFFSET ${offset}`);
  const total = await db.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*) AS n FROM tags WHERE workspace_id = ${workspaceId} AND NOT is_deleted`);
  return { rows, total };
}

export async function findTag(db: CommonQueryMethods, workspaceId: string, id: string): Promise<{ id: string; name: string } | null> {
  return db.maybeOne(sql.type(z.object({ id: z.string(), name: z.string() }))`
    SELECT id, name FROM tags WHERE id = ${id} AND workspace_id = ${workspaceId} AND NOT is_deleted FOR UPDATE`);
}

/** Soft-deletes the tag (its items are untagged first: db/content/content-items.ts untagItems). */
export async function softDeleteTag(tx: CommonQueryMethods, id: string): Promise<void> {
  await tx.query(sql.unsafe`UPDATE tags SET is_deleted = true, deleted_at = now() WHERE id = ${id}`);
}
