// The serving rule in SQL (the reference form is services/content-serving-rule.ts): among an item's
// Published versions with no window or a window [start, end) containing `asOf`, bounded before
// unbounded, shorter window first, then latest publish, then highest number.
//
// SERVING_ORDER is spelled exactly as the keys of the index content_versions_serving (migration
// 0005), partial on status = 'Published' and carrying the window and id: the served version of an
// item is then the first index entry passing the window test — an index-only read, no sort.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { VALUES_JSON, valueRow } from '../content/content-values.js';
import { VERSION_COLUMNS, VERSION_JOINS, versionRow } from '../content/content-versions.js';
import { prepared, preparedShape } from '../prepared.js';
import { titleOf } from '../content/content-titles.js';
import { chainCte, groupMemberRow, groupMembersJson, groupMembersOf, groupWinnerOf, namedGroupsJson } from './served-groups.js';

/** `cv` serves at `asOf` (a timestamptz parameter). */
export function servedAt(asOf: string) {
  // The instant is read through a sub-select (evaluated once per statement, an InitPlan) so that
  // the planner cannot estimate the window test from its value. With the bare parameter, custom
  // plans (estimated from the value) always looked cheaper than the generic one, so PostgreSQL
  // re-planned the named list statement on every call; now both estimate alike and it keeps the
  // cached generic plan — the same plan, minus ~0.6 ms of planning (2.2 → 1.55 ms backend CPU).
  const at = sql.fragment`(SELECT ${asOf}::timestamptz)`;
  return sql.fragment`cv.status = 'Published'
    AND (cv.effective_start_at IS NULL OR (cv.effective_start_at <= ${at} AND ${at} < cv.effective_end_at))`;
}

export const SERVING_ORDER = sql.fragment`(cv.effective_start_at IS NULL), (cv.effective_end_at - cv.effective_start_at),
  cv.published_at DESC, cv.version_number DESC`;

/** A subquery for the version (as `cv`, these `columns`) that item `itemId` serves at `asOf`. */
export function servedVersionOf(itemId: FragmentSqlToken, asOf: string, columns: FragmentSqlToken) {
  return sql.fragment`SELECT ${columns} FROM content_versions cv WHERE cv.content_item_id = ${itemId} AND ${servedAt(asOf)}
    ORDER BY ${SERVING_ORDER} LIMIT 1`;
}

/** A served version with its field values (one JSON array, in loadValues' order). */
export const servedDetailRow = versionRow.extend({ field_values: z.array(valueRow) });
export type ServedDetailRow = z.infer<typeof servedDetailRow>;
/** A served child with its title (#25: an expanded child is named by its title). */
export const servedChildRow = servedDetailRow.extend({ title: z.string().nullable() });
export type ServedChildRow = z.infer<typeof servedChildRow>;

/**
 * The version each live item among `itemIds` serves at `asOf`, with its values and title (items
 * serving nothing are absent): one statement per level of composition expansion.
 */
export async function findServedDetails(
  db: CommonQueryMethods,
  workspaceId: string,
  itemIds: readonly string[],
  asOf: string,
): Promise<readonly ServedChildRow[]> {
  if (itemIds.length === 0) return [];
  return db.any(prepared('content_served_details', servedChildRow, sql.fragment`
    SELECT ${VERSION_COLUMNS}, ${VALUES_JSON} AS field_values, ${titleOf(sql.fragment`cv.id`)} AS title
    FROM content_items ci
    CROSS JOIN LATERAL (${servedVersionOf(sql.fragment`ci.id`, asOf, sql.fragment`cv.*`)}) cv
    ${VERSION_JOINS}
    WHERE ${liveItemsAmong(workspaceId, itemIds)}`));
}

/** A served child in the reader's locale: the member of `named_id`'s group the chain picks. */
export const servedNamedChildRow = servedChildRow.extend({ named_id: z.string() });
export type ServedNamedChildRow = z.infer<typeof servedNamedChildRow>;

/**
 * findServedDetails in a locale: for each live item among `itemIds` (`named_id`), the member of its
 * translation group that the chain of `prefixes` (served-groups.ts prefixesText) picks among those
 * serving at `asOf`, with its values and title (items whose group serves nothing in the chain absent).
 */
export async function findServedDetailsInLocale(
  db: CommonQueryMethods,
  workspaceId: string,
  itemIds: readonly string[],
  asOf: string,
  prefixes: string,
): Promise<readonly ServedNamedChildRow[]> {
  if (itemIds.length === 0) return [];
  return db.any(prepared('content_served_details_locale', servedNamedChildRow, sql.fragment`
    WITH ${chainCte(workspaceId, prefixes)}
    SELECT ci.id AS named_id, ${VERSION_COLUMNS}, ${VALUES_JSON} AS field_values, ${titleOf(sql.fragment`cv.id`)} AS title
    FROM content_items ci
    CROSS JOIN LATERAL (${groupWinnerOf('ci', workspaceId, (id) => servedVersionOf(id, asOf, sql.fragment`cv.*`))}) cv
    ${VERSION_JOINS}
    WHERE ${liveItemsAmong(workspaceId, itemIds)}`));
}

/**
 * The item rows `ci` among `itemIds` that are live in `workspaceId`. The ids go through a
 * sub-select, for the reason servedAt gives for the instant: with the bare array, the custom plan
 * (one id, estimated from the value) always looked cheaper than the generic one (ten ids), so
 * PostgreSQL planned the named statement again on every call — measured at 0.8 ms of backend CPU
 * per one-child expansion, 0.23 ms with the cached plan.
 */
function liveItemsAmong(workspaceId: string, itemIds: readonly string[]) {
  return sql.fragment`ci.id = ANY((SELECT ${sql.array(itemIds, 'uuid')})::uuid[]) AND ci.workspace_id = ${workspaceId} AND NOT ci.is_deleted`;
}

/** How a child is named in a list (#25): the title, slug and template of the version it serves. */
export const servedNameRow = z.object({ content_item_id: z.string(), title: z.string().nullable(), slug: z.string().nullable(), template_name: z.string() });
export type ServedNameRow = z.infer<typeof servedNameRow>;

/**
 * The name of the version each live item among `itemIds` serves at `asOf` (items serving nothing
 * absent): what version compare shows for a child, without the values an expansion would read.
 */
export async function findServedNames(
  db: CommonQueryMethods,
  workspaceId: string,
  itemIds: readonly string[],
  asOf: string,
): Promise<readonly ServedNameRow[]> {
  if (itemIds.length === 0) return [];
  return db.any(prepared('content_served_names', servedNameRow, sql.fragment`
    SELECT ci.id AS content_item_id, ${titleOf(sql.fragment`cv.id`)} AS title, cv.slug, t.name AS template_name
    FROM content_items ci
    CROSS JOIN LATERAL (${servedVersionOf(sql.fragment`ci.id`, asOf, sql.fragment`cv.id, cv.slug, cv.template_version_id`)}) cv
    JOIN template_versions tv ON tv.id = cv.template_version_id JOIN templates t ON t.id = tv.template_id
    WHERE ${liveItemsAmong(workspaceId, itemIds)}`));
}

/**
 * A served version in a by-slug tree: `depth` 0 is the slug's (the member of its group a read in a
 * locale serves), n a child n levels below it; `members`, every live member of its translation group
 * with the version it serves at the instant (what the tag, the purge keys, the stored document's
 * bounds and the alternates are made of); `locales_version`, the workspace's locales' (null on a read
 * without `locale` in a workspace without a default locale: nothing is shared across translations).
 */
export const servedTreeRow = servedChildRow.extend({
  depth: z.number(),
  item_row_version: z.number(),
  members: z.array(groupMemberRow),
  locales_version: z.number().nullable(),
});
export type ServedTreeRow = z.infer<typeof servedTreeRow>;
/**
 * A row of a by-slug tree read in a locale: also the slug's own item (`anchor_id`, the same in
 * every row), and every member of the groups of the children its version names (`reach`).
 */
export const servedLocaleTreeRow = servedTreeRow.extend({ anchor_id: z.string(), reach: z.array(z.string()) });
export type ServedLocaleTreeRow = z.infer<typeof servedLocaleTreeRow>;

/**
 * The whole by-slug read in one round trip: the version the live item with this slug serves at
 * `asOf` (depth 0), and the served version of every live item of the workspace its values name
 * as children, recursively to `maxDepth` levels (0: none), each with its values. Expansion
 * (services/delivery/content-expansion.ts) then assembles the body from these rows alone.
 *
 * What the recursion reaches is what level-by-level expansion would ask for: only a live item of
 * the workspace that serves something is expanded further, and UNION ends a cycle (a row repeats
 * at most once per depth). It was one statement per level: at one child, two waits on the pool,
 * round trips and results to decode, and 0.43 ms of backend CPU where this takes 0.30 ms.
 */
export async function findServedTreeBySlug(
  db: CommonQueryMethods,
  workspaceId: string,
  slug: string,
  asOf: string,
  maxDepth: number,
): Promise<readonly ServedTreeRow[]> {
  return db.any(servedTreeBySlug(workspaceId, slug, asOf, maxDepth));
}

/**
 * The by-slug read in a locale, in one round trip: as findServedTreeBySlug, but the slug names its
 * item's translation group and each child value its child's, and the tree holds the member of each
 * group that the chain of `prefixes` (the requested tag's lookup prefixes, served-groups.ts
 * prefixesText) picks among those serving at `asOf`. Empty when the slug's group serves nothing in
 * that chain.
 */
export async function findServedTreeBySlugInLocale(
  db: CommonQueryMethods,
  workspaceId: string,
  slug: string,
  asOf: string,
  maxDepth: number,
  prefixes: string,
): Promise<readonly ServedLocaleTreeRow[]> {
  return db.any(servedTreeBySlugInLocale(workspaceId, slug, asOf, maxDepth, prefixes));
}

const servedIdOf = (asOf: string) => (itemId: FragmentSqlToken) => servedVersionOf(itemId, asOf, sql.fragment`cv.id`);
const servedTagOf = (asOf: string) => (itemId: FragmentSqlToken) => servedVersionOf(itemId, asOf, sql.fragment`cv.id, cv.row_version`);

/**
 * The recursive walk of a by-slug tree: `tree (item_id, version_id, depth)`, shared by the read and
 * its tag. Without `inLocale` each item serves itself; with it, the CTE `chain` picks the member of
 * its group (served-groups.ts).
 */
function servedTree(workspaceId: string, slug: string, asOf: string, maxDepth: number, inLocale: boolean) {
  const servedId = servedIdOf(asOf);
  const [item, serve] = inLocale
    ? [sql.fragment`sv.member_id`, sql.fragment`CROSS JOIN LATERAL (${groupWinnerOf('ci', workspaceId, servedId)}) sv`]
    : [sql.fragment`ci.id`, sql.fragment`CROSS JOIN LATERAL (${servedId(sql.fragment`ci.id`)}) sv`];
  return sql.fragment`
    tree (item_id, version_id, depth) AS (
      SELECT ${item}, sv.id, 0
      FROM content_items ci ${serve}
      WHERE ci.workspace_id = ${workspaceId} AND ci.slug = ${slug} AND NOT ci.is_deleted
      UNION
      SELECT ${item}, sv.id, tree.depth + 1
      FROM tree
      JOIN content_field_values fv ON fv.content_version_id = tree.version_id AND fv.child_content_item_id IS NOT NULL
      JOIN content_items ci ON ci.id = fv.child_content_item_id AND ci.workspace_id = ${workspaceId} AND NOT ci.is_deleted
      ${serve}
      WHERE tree.depth < ${maxDepth}
    )`;
}

/**
 * The workspace's locales version as a scalar subquery: what a read in a locale depends on besides
 * the content (the chains); a read without one only through the default locale (the fields shared
 * across translations), so only while there is one.
 */
const localesVersion = (workspaceId: string, inLocale: boolean) =>
  sql.fragment`(SELECT w.locales_version FROM workspaces w WHERE w.id = ${workspaceId}
    ${inLocale ? sql.fragment`` : sql.fragment`AND w.default_locale IS NOT NULL`})`;

const treeColumns = (workspaceId: string, asOf: string, inLocale: boolean) => sql.fragment`served.depth, ${VERSION_COLUMNS},
      ${VALUES_JSON} AS field_values, ${titleOf(sql.fragment`cv.id`)} AS title, ci.row_version AS item_row_version,
      ${groupMembersJson('ci', workspaceId, servedTagOf(asOf))} AS members, ${localesVersion(workspaceId, inLocale)} AS locales_version`;
const treeSources = sql.fragment`FROM (SELECT version_id, min(depth) AS depth FROM tree GROUP BY version_id) served
    JOIN content_versions cv ON cv.id = served.version_id
    JOIN content_items ci ON ci.id = cv.content_item_id
    ${VERSION_JOINS}`;

const servedTreeBySlug = preparedShape('content_served_tree_by_slug', servedTreeRow, (workspaceId: string, slug: string, asOf: string, maxDepth: number) => sql.fragment`
    WITH RECURSIVE ${servedTree(workspaceId, slug, asOf, maxDepth, false)}
    SELECT ${treeColumns(workspaceId, asOf, false)}
    ${treeSources}`);

const servedTreeBySlugInLocale = preparedShape('content_served_tree_by_slug_locale', servedLocaleTreeRow, (
  workspaceId: string, slug: string, asOf: string, maxDepth: number, prefixes: string,
) => sql.fragment`
    WITH RECURSIVE ${chainCte(workspaceId, prefixes)}, ${servedTree(workspaceId, slug, asOf, maxDepth, true)}
    SELECT ${treeColumns(workspaceId, asOf, true)},
      (SELECT a.id FROM content_items a WHERE a.workspace_id = ${workspaceId} AND a.slug = ${slug} AND NOT a.is_deleted) AS anchor_id,
      ${namedGroupsJson(sql.fragment`cv.id`, workspaceId)} AS reach
    ${treeSources}`);

/**
 * What a by-slug answer's tag is made of (services/delivery/delivery-etag.ts), without a value: kind
 * `v` for the version each live member of each translation group in the tree serves (its row
 * version, its item's: the served versions of the tree among them), kind `a` for each asset its
 * Media and File values name that is delivered (as db/media/public-assets.ts findDeliveredAssets
 * reads them: its row version, the workspace's public media flag), kind `l` for the workspace's
 * locales version when the read depends on it (ServedTreeRow.locales_version). Empty: nothing
 * served. The same walk as the read, so a 304 on a cache miss costs this one small statement, not
 * the read.
 */
export const servedTagRow = z.object({ kind: z.enum(['v', 'a', 'l', 'r']), id: z.string(), a: z.number(), b: z.number() });
export type ServedTagRow = z.infer<typeof servedTagRow>;

export async function findServedTagBySlug(
  db: CommonQueryMethods,
  workspaceId: string,
  slug: string,
  asOf: string,
  maxDepth: number,
): Promise<readonly ServedTagRow[]> {
  return db.any(servedTagBySlug(workspaceId, slug, asOf, maxDepth));
}

/** findServedTagBySlug for a read in a locale (findServedTreeBySlugInLocale's tree). */
export async function findServedTagBySlugInLocale(
  db: CommonQueryMethods,
  workspaceId: string,
  slug: string,
  asOf: string,
  maxDepth: number,
  prefixes: string,
): Promise<readonly ServedTagRow[]> {
  return db.any(servedTagBySlugInLocale(workspaceId, slug, asOf, maxDepth, prefixes));
}

const tagSelect = (workspaceId: string, asOf: string, inLocale: boolean) => sql.fragment`
    served AS (SELECT DISTINCT version_id FROM tree)
    SELECT 'v' AS kind, sv.id, sv.row_version AS a, m.row_version AS b
    FROM (SELECT DISTINCT item_id FROM tree) t
    JOIN content_items ci ON ci.id = t.item_id
    CROSS JOIN LATERAL ${groupMembersOf('ci', workspaceId)} m
    CROSS JOIN LATERAL (${servedTagOf(asOf)(sql.fragment`m.id`)}) sv
    UNION ALL
    SELECT DISTINCT 'a', a.id, a.row_version, w.public_media::int + 2 * w.media_url_generation
    FROM served
    JOIN content_field_values fv ON fv.content_version_id = served.version_id
    JOIN media_assets a ON a.id = CASE fv.value_kind WHEN 'Media' THEN fv.media_asset_id WHEN 'File' THEN fv.file_asset_id END
    JOIN workspaces w ON w.id = a.workspace_id
    WHERE a.workspace_id = ${workspaceId} AND a.blob_state = 'Available' AND NOT a.is_deleted
    UNION ALL
    SELECT 'l', ${workspaceId}::uuid, lv.v, 0 FROM ${localesVersion(workspaceId, inLocale)} lv(v)
    WHERE lv.v IS NOT NULL AND EXISTS (SELECT 1 FROM tree)`;

const servedTagBySlug = preparedShape('content_served_tag_by_slug', servedTagRow, (workspaceId: string, slug: string, asOf: string, maxDepth: number) => sql.fragment`
    WITH RECURSIVE ${servedTree(workspaceId, slug, asOf, maxDepth, false)},
    ${tagSelect(workspaceId, asOf, false)}`);

const servedTagBySlugInLocale = preparedShape('content_served_tag_by_slug_locale', servedTagRow, (
  workspaceId: string, slug: string, asOf: string, maxDepth: number, prefixes: string,
) => sql.fragment`
    WITH RECURSIVE ${chainCte(workspaceId, prefixes)}, ${servedTree(workspaceId, slug, asOf, maxDepth, true)},
    ${tagSelect(workspaceId, asOf, true)}`);

/**
 * The first instant after `afterIso` at which an effective window of a published version in the
 * workspace opens or closes — until then, what any read at "now" serves cannot change without a
 * write (services/delivery-cache.ts). Epoch ms; null when no window bounds lie ahead.
 */
export async function nextServingBoundary(db: CommonQueryMethods, workspaceId: string, afterIso: string): Promise<number | null> {
  const next = await db.oneFirst(sql.type(z.object({ next: z.string().nullable() }))`
    SELECT min(w.at) AS next
    FROM content_items ci
    JOIN content_versions cv ON cv.content_item_id = ci.id AND cv.status = 'Published'
    CROSS JOIN LATERAL (VALUES (cv.effective_start_at), (cv.effective_end_at)) w(at)
    WHERE ci.workspace_id = ${workspaceId} AND w.at > ${afterIso}::timestamptz`);
  return next === null ? null : Date.parse(next);
}
