// Titles of content items (issue #25): the text of a version's title field, as migration 0019's
// verso_version_title computes it, stored per version by migration 0027's triggers and read from
// there by key (computing it per row cost ~0.1 ms, most of a list page). The lists select it
// inside their own page statement with titleOf; these are for the reads that show one item or a
// bounded set.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { prepared } from '../prepared.js';

/** The stored title of the version whose id is the SQL expression `versionId`; null when it has none. */
export function titleOf(versionId: FragmentSqlToken) {
  return sql.fragment`(SELECT vt.title FROM content_version_titles vt WHERE vt.content_version_id = ${versionId})`;
}

const titleRow = z.object({ title: z.string().nullable() });
const versionTitleRow = z.object({ id: z.string(), title: z.string().nullable() });

/** The title of the item's latest version (what the item detail shows), or null. */
export async function latestVersionTitle(db: CommonQueryMethods, itemId: string): Promise<string | null> {
  const row = await db.maybeOne(prepared('content_latest_title', titleRow, sql.fragment`
    SELECT ${titleOf(sql.fragment`lv.id`)} AS title
    FROM content_versions lv WHERE lv.content_item_id = ${itemId}
    ORDER BY lv.version_number DESC LIMIT 1`));
  return row?.title ?? null;
}

/** The titles of the versions `ids` (at most a page of them), keyed by version id. */
export async function versionTitles(db: CommonQueryMethods, ids: readonly string[]): Promise<ReadonlyMap<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.any(sql.type(versionTitleRow)`
    SELECT v.id, ${titleOf(sql.fragment`v.id`)} AS title
    FROM content_versions v WHERE v.id = ANY(${sql.array(ids, 'uuid')})`);
  return new Map(rows.map((r) => [r.id, r.title]));
}
