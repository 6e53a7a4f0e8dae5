// Titles of content items (issue #25): the text of a version's title field, as migration 0019's
// verso_version_title computes it, stored per version by migration 0027's triggers and read from
// there by key (computing it per row cost ~0.1 ms, most of a list page). The lists select it
// inside their own page statement with titleOf; these are for the reads that show one item or a
// bounded set.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { prepared } from '../prepared.js';
import { ITEM_COLUMNS, itemRow, liveItemSource } from './content-items.js';

const itemWithTitleRow = itemRow.extend({ latest_title: z.string().nullable() });
export type ItemWithTitle = z.infer<typeof itemWithTitleRow>;

/** The stored title of the version whose id is the SQL expression `versionId`; null when it has none. */
export function titleOf(versionId: FragmentSqlToken) {
  return sql.fragment`(SELECT vt.title FROM content_version_titles vt WHERE vt.content_version_id = ${versionId})`;
}

/**
 * The title of the item whose id is the SQL expression `itemId`: that of its newest version that has
 * one (a version without a title has no stored row). So an item keeps its name while a new Draft is
 * still empty (an editor's "New version" or "Edit" of a live item) — in the lists, the item page,
 * the audit log and the review queue alike. Null when no version has a title. Walks the item's
 * versions newest first through content_versions' (item, number) key, usually stopping at the first.
 */
export function itemTitleOf(itemId: FragmentSqlToken) {
  return sql.fragment`(SELECT titled_vt.title FROM content_versions titled_v
    JOIN content_version_titles titled_vt ON titled_vt.content_version_id = titled_v.id
    WHERE titled_v.content_item_id = ${itemId} ORDER BY titled_v.version_number DESC LIMIT 1)`;
}

const versionTitleRow = z.object({ id: z.string(), title: z.string().nullable() });

/**
 * The item `itemId` of `workspaceId` (live) with its title (itemTitleOf; what the item detail shows),
 * in one statement: the item read and the title were two, on every item detail and version compare.
 */
export async function findItemWithLatestTitle(db: CommonQueryMethods, workspaceId: string, itemId: string): Promise<ItemWithTitle | null> {
  return db.maybeOne(prepared('content_item_titled', itemWithTitleRow, sql.fragment`
    SELECT ${ITEM_COLUMNS}, ${itemTitleOf(sql.fragment`ci.id`)} AS latest_title
    ${liveItemSource(workspaceId, itemId)}`));
}

/** The titles of the versions `ids` (at most a page of them), keyed by version id. */
export async function versionTitles(db: CommonQueryMethods, ids: readonly string[]): Promise<ReadonlyMap<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.any(sql.type(versionTitleRow)`
    SELECT v.id, ${titleOf(sql.fragment`v.id`)} AS title
    FROM content_versions v WHERE v.id = ANY(${sql.array(ids, 'uuid')})`);
  return new Map(rows.map((r) => [r.id, r.title]));
}
