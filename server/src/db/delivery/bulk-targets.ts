// The version a bulk action acts on when a request names none (its "natural" version): found for
// every item of the request in one statement, whatever their number. Here, with the reads of what is
// served, because archive's natural version is the served one (db/content must not import delivery).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { servedVersionOf } from './content-serving.js';

const naturalRow = z.object({ id: z.string(), version_number: z.number().nullable() });

/** Which version is natural: the newest in a status, or the one the item serves at an instant. */
export type NaturalVersion = { readonly status: 'Draft' | 'Review' | 'Approved' } | { readonly servedAt: string };

/**
 * The natural version's number of each live item among `itemIds` of `workspaceId`, keyed by item
 * id: null for an item that has no such version; items that are not live in the workspace are absent.
 */
export async function findNaturalVersions(
  db: CommonQueryMethods,
  workspaceId: string,
  itemIds: readonly string[],
  natural: NaturalVersion,
): Promise<ReadonlyMap<string, number | null>> {
  if (itemIds.length === 0) return new Map();
  const version =
    'status' in natural
      ? sql.fragment`(SELECT max(v.version_number) FROM content_versions v WHERE v.content_item_id = ci.id AND v.status = ${natural.status})`
      : sql.fragment`(${servedVersionOf(sql.fragment`ci.id`, natural.servedAt, sql.fragment`cv.version_number`)})`;
  const rows = await db.any(sql.type(naturalRow)`
    SELECT ci.id, ${version} AS version_number
    FROM content_items ci
    WHERE ci.workspace_id = ${workspaceId} AND ci.id = ANY(${sql.array(itemIds, 'uuid')}) AND NOT ci.is_deleted`);
  return new Map(rows.map((r) => [r.id, r.version_number]));
}
