// Versions across a workspace's items for work queues (issue #25, the admin's Home): in Review, a
// user's own Drafts, the ones sent back, what is scheduled next. One statement per page, the total
// counted in it (window function), each row with its item's title, slug and template name — so a
// queue section never reads per row. Indexes: 0023 (creator, Review, rejected) and 0004 (schedule).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { VERSION_COLUMNS, VERSION_JOINS, versionRow } from './content-versions.js';
import { itemTitleOf, titleOf } from './content-titles.js';

const queueRow = versionRow.extend({
  title: z.string().nullable(),
  item_slug: z.string().nullable(),
  created_by_user_id: z.string().nullable(),
  rejected_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  total: z.number(),
});
export type QueueRow = z.infer<typeof queueRow>;

export interface VersionQueueFilter {
  readonly status?: string;
  /** A user id; a filter that can match nothing (an API client asking for `me`) is not run at all. */
  readonly createdByUserId?: string;
  readonly rejected?: boolean;
  /** Only scheduled versions, soonest first. */
  readonly scheduled?: boolean;
  /** Only this item's versions. */
  readonly contentItemId?: string;
}

export async function listVersionQueue(
  db: CommonQueryMethods,
  workspaceId: string,
  filter: VersionQueueFilter,
  limit: number,
  offset: number,
): Promise<{ rows: readonly QueueRow[]; total: number }> {
  const conditions = [sql.fragment`ci.workspace_id = ${workspaceId}`, sql.fragment`NOT ci.is_deleted`];
  if (filter.status !== undefined) conditions.push(sql.fragment`cv.status = ${filter.status}`);
  if (filter.createdByUserId !== undefined) conditions.push(sql.fragment`cv.created_by_user_id = ${filter.createdByUserId}::uuid`);
  if (filter.rejected !== undefined) conditions.push(filter.rejected ? sql.fragment`cv.rejected_at IS NOT NULL` : sql.fragment`cv.rejected_at IS NULL`);
  if (filter.contentItemId !== undefined) conditions.push(sql.fragment`cv.content_item_id = ${filter.contentItemId}::uuid`);
  if (filter.scheduled !== undefined) conditions.push(filter.scheduled ? sql.fragment`cv.publish_at IS NOT NULL` : sql.fragment`cv.publish_at IS NULL`);
  const order = filter.scheduled ? sql.fragment`cv.publish_at ASC, cv.id ASC` : sql.fragment`cv.updated_at DESC, cv.id DESC`;
  const rows = await db.any(sql.type(queueRow)`
    SELECT ${VERSION_COLUMNS}, coalesce(${titleOf(sql.fragment`cv.id`)}, ${itemTitleOf(sql.fragment`ci.id`)}) AS title, ci.slug AS item_slug,
      cv.created_by_user_id, cv.rejected_at, cv.rejection_reason, (count(*) OVER ())::int AS total
    FROM content_versions cv
    JOIN content_items ci ON ci.id = cv.content_item_id
    ${VERSION_JOINS}
    WHERE ${sql.join(conditions, sql.fragment` AND `)}
    ORDER BY ${order}
    LIMIT ${limit} OFFSET ${offset}`);
  // A page past the end has no row to carry the total; count it then (rare: a stale page link).
  if (rows.length === 0 && offset > 0) {
    const total = await db.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*)::int AS n FROM content_versions cv JOIN content_items ci ON ci.id = cv.content_item_id
      WHERE ${sql.join(conditions, sql.fragment` AND `)}`);
    return { rows, total };
  }
  return { rows, total: rows[0]?.total ?? 0 };
}
