// Named queries for releases and their entries (migration 0047). A release's ETag is its row_version;
// every change to it or its entries bumps it.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { titleOf } from '../content/content-titles.js';

export const releaseRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  state: z.enum(['Open', 'Scheduled', 'Published', 'Reverted', 'Failed']),
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  reverted_at: z.string().nullable(),
  failure: z.unknown().nullable(),
  row_version: z.number(),
  created_by_user_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  entry_count: z.number(),
});
export type ReleaseRow = z.infer<typeof releaseRow>;
export type ReleaseState = ReleaseRow['state'];

const COLUMNS = sql.fragment`r.id, r.workspace_id, r.name, r.description, r.state, r.publish_at, r.published_at, r.reverted_at,
  r.failure, r.row_version, r.created_by_user_id, r.created_at, r.updated_at,
  (SELECT count(*)::int FROM release_entries e WHERE e.release_id = r.id) AS entry_count`;

export async function findRelease(db: CommonQueryMethods, workspaceId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<ReleaseRow | null> {
  return db.maybeOne(sql.type(releaseRow)`
    SELECT ${COLUMNS} FROM releases r WHERE r.id = ${id} AND r.workspace_id = ${workspaceId}
    ${opts.forUpdate ? sql.fragment`FOR UPDATE OF r` : sql.fragment``}`);
}

export async function listReleaseRows(
  db: CommonQueryMethods,
  workspaceId: string,
  state: ReleaseState | null,
  limit: number,
  offset: number,
): Promise<{ rows: ReleaseRow[]; total: number }> {
  const where = sql.fragment`r.workspace_id = ${workspaceId} AND (${state}::text IS NULL OR r.state = ${state})`;
  const [rows, total] = await Promise.all([
    db.any(sql.type(releaseRow)`SELECT ${COLUMNS} FROM releases r WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`),
    db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*)::int AS n FROM releases r WHERE ${where}`),
  ]);
  return { rows: [...rows], total };
}

export async function insertRelease(
  db: CommonQueryMethods,
  r: { workspaceId: string; name: string; description: string | null; publishAt: string | null; createdByUserId: string | null },
): Promise<ReleaseRow> {
  const id = await db.oneFirst(sql.type(z.object({ id: z.string() }))`
    INSERT INTO releases (workspace_id, name, description, state, publish_at, created_by_user_id)
    VALUES (${r.workspaceId}, ${r.name}, ${r.description}, ${r.publishAt === null ? 'Open' : 'Scheduled'}, ${r.publishAt}, ${r.createdByUserId})
    RETURNING id`);
  return (await findRelease(db, r.workspaceId, id))!;
}

/** Name, description and schedule; a schedule makes it Scheduled, none Open (a Failed release too). */
export async function updateReleaseRow(db: CommonQueryMethods, id: string, r: { name: string; description: string | null; publishAt: string | null }): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE releases SET name = ${r.name}, description = ${r.description}, publish_at = ${r.publishAt},
      state = ${r.publishAt === null ? 'Open' : 'Scheduled'}, failure = NULL,
      schedule_lease_owner = NULL, schedule_lease_token = NULL, schedule_lease_expires_at = NULL,
      row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}`);
}

export async function touchRelease(db: CommonQueryMethods, id: string): Promise<void> {
  await db.query(sql.unsafe`UPDATE releases SET row_version = row_version + 1, updated_at = now() WHERE id = ${id}`);
}

export async function deleteReleaseRow(db: CommonQueryMethods, id: string): Promise<void> {
  await db.query(sql.unsafe`DELETE FROM releases WHERE id = ${id}`);
}

export async function markReleasePublished(db: CommonQueryMethods, id: string, byUserId: string | null): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE releases SET state = 'Published', published_at = now(), published_by_user_id = ${byUserId}, publish_at = NULL, failure = NULL,
      schedule_lease_owner = NULL, schedule_lease_token = NULL, schedule_lease_expires_at = NULL,
      row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}`);
}

export async function markReleaseReverted(db: CommonQueryMethods, id: string): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE releases SET state = 'Reverted', reverted_at = now(), row_version = row_version + 1, updated_at = now() WHERE id = ${id}`);
}

/** A scheduled publish that found problems: the schedule cleared, the reason kept, editable again. */
export async function markReleaseFailed(db: CommonQueryMethods, id: string, failure: Record<string, unknown>): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE releases SET state = 'Failed', publish_at = NULL, failure = ${sql.jsonb(failure as never)},
      schedule_lease_owner = NULL, schedule_lease_token = NULL, schedule_lease_expires_at = NULL,
      row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}`);
}

export const entryRow = z.object({
  content_item_id: z.string(),
  version_number: z.number(),
  action: z.enum(['publish', 'archive']),
  content_digest: z.string(),
  served_before_version_number: z.number().nullable(),
  added_by_user_id: z.string().nullable(),
  added_at: z.string(),
  title: z.string().nullable(),
  version_status: z.string().nullable(),
});
export type EntryRow = z.infer<typeof entryRow>;

/**
 * The version's content as a digest: its template version, slug, window and values (not its status
 * or row_version, which the workflow moves). Needs `cv` in scope.
 */
export const CONTENT_DIGEST = sql.fragment`md5(jsonb_build_array(cv.template_version_id, cv.slug, cv.effective_start_at, cv.effective_end_at,
  (SELECT coalesce(jsonb_agg(jsonb_build_array(fv.field_id, fv.sort_order, fv.value_kind, fv.text_value, fv.bool_value, fv.media_asset_id,
      fv.file_asset_id, fv.child_content_item_id, fv.json_value, fv.display_label, fv.number_value, fv.date_value, fv.date_time_value)
    ORDER BY fv.field_id, fv.sort_order, fv.id), '[]'::jsonb)
   FROM content_field_values fv WHERE fv.content_version_id = cv.id))::text)`;

/** The release's entries in the order they were added, with the item's title and the version's status now. */
export async function listEntries(db: CommonQueryMethods, releaseId: string): Promise<readonly EntryRow[]> {
  return db.any(sql.type(entryRow)`
    SELECT e.content_item_id, e.version_number, e.action, e.content_digest, e.served_before_version_number, e.added_by_user_id, e.added_at,
      CASE WHEN ci.is_deleted THEN NULL ELSE ${titleOf(sql.fragment`cv.id`)} END AS title,
      CASE WHEN ci.is_deleted THEN NULL ELSE cv.status END AS version_status
    FROM release_entries e
    JOIN content_items ci ON ci.id = e.content_item_id
    LEFT JOIN content_versions cv ON cv.content_item_id = e.content_item_id AND cv.version_number = e.version_number
    WHERE e.release_id = ${releaseId}
    ORDER BY e.added_at, e.content_item_id`);
}

/** Adds the entry, or replaces the item's entry (one per item); false when the item has no such version. */
export async function upsertEntry(
  db: CommonQueryMethods,
  e: { releaseId: string; workspaceId: string; itemId: string; versionNumber: number; action: 'publish' | 'archive'; addedByUserId: string | null },
): Promise<boolean> {
  const r = await db.query(sql.unsafe`
    INSERT INTO release_entries (release_id, content_item_id, version_number, action, content_digest, added_by_user_id)
    SELECT ${e.releaseId}, cv.content_item_id, cv.version_number, ${e.action}, ${CONTENT_DIGEST}, ${e.addedByUserId}
    FROM content_versions cv JOIN content_items ci ON ci.id = cv.content_item_id
    WHERE ci.id = ${e.itemId} AND ci.workspace_id = ${e.workspaceId} AND NOT ci.is_deleted AND cv.version_number = ${e.versionNumber}
    ON CONFLICT (release_id, content_item_id) DO UPDATE SET version_number = EXCLUDED.version_number, action = EXCLUDED.action,
      content_digest = EXCLUDED.content_digest, added_by_user_id = EXCLUDED.added_by_user_id, added_at = clock_timestamp(),
      served_before_version_number = NULL`);
  return r.rowCount > 0;
}

export async function deleteEntry(db: CommonQueryMethods, releaseId: string, itemId: string): Promise<{ version_number: number; action: string } | null> {
  return db.maybeOne(sql.type(z.object({ version_number: z.number(), action: z.string() }))`
    DELETE FROM release_entries WHERE release_id = ${releaseId} AND content_item_id = ${itemId} RETURNING version_number, action`);
}
