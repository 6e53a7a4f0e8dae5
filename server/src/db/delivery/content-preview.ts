// What a preview token reads (issue #27 §1): each item's newest version that is not Archived
// (Draft, Review, Approved or Published), whatever its workflow state; effective windows are ignored
// unless the read names an instant (`asOf`), then only versions whose window holds it (or that have
// none) qualify. Kept apart from the served reads (content-serving.ts, content-list.ts), which
// stay on their published-only indexes and the delivery cache; a preview read touches neither.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { ITEM_COLUMNS, itemRow } from '../content/content-items.js';
import { VALUES_JSON } from '../content/content-values.js';
import { VERSION_COLUMNS, VERSION_JOINS, versionSummaryRow, type VersionSummaryRow } from '../content/content-versions.js';
import { SERVING_ORDER, servedAt, servedDetailRow, type ServedDetailRow } from './content-serving.js';
import { titleOf } from '../content/content-titles.js';
import { chainCte, groupMemberRow, groupMembersJson, groupWinnerOf } from './served-groups.js';
import { bestOfGroup, chainOf, type ListLocale } from './locale-candidates.js';

/**
 * A subquery for the version (as `cv`, all columns) item `itemId` previews: newest not Archived, in
 * its window at `asOf` when given. With `releaseId`, the workspace as it will be once that release
 * is published: a publish entry's version, nothing for an archive entry, and what the item serves
 * (at `asOf` or now) when it is not in the release.
 */
function previewVersionOf(itemId: FragmentSqlToken, asOf: string | null, releaseId: string | null = null) {
  if (releaseId !== null) {
    const entry = sql.fragment`(SELECT e FROM release_entries e WHERE e.release_id = ${releaseId} AND e.content_item_id = ${itemId})`;
    return sql.fragment`SELECT cv.* FROM content_versions cv
      WHERE cv.content_item_id = ${itemId} AND CASE (${entry}).action
        WHEN 'publish' THEN cv.version_number = (${entry}).version_number
        WHEN 'archive' THEN FALSE
        ELSE ${servedAt(asOf ?? new Date().toISOString())} END
      ORDER BY ${SERVING_ORDER} LIMIT 1`;
  }
  const window =
    asOf === null
      ? sql.fragment`TRUE`
      : sql.fragment`(cv.effective_start_at IS NULL OR (cv.effective_start_at <= ${asOf}::timestamptz AND ${asOf}::timestamptz < cv.effective_end_at))`;
  return sql.fragment`SELECT cv.* FROM content_versions cv
    WHERE cv.content_item_id = ${itemId} AND cv.status <> 'Archived' AND ${window}
    ORDER BY cv.version_number DESC LIMIT 1`;
}

/** The previewed version of each live item among `itemIds`, with its values: one statement per level of children. */
export async function findPreviewDetails(
  db: CommonQueryMethods,
  workspaceId: string,
  itemIds: readonly string[],
  asOf: string | null,
  releaseId: string | null = null,
): Promise<readonly ServedDetailRow[]> {
  if (itemIds.length === 0) return [];
  return db.any(sql.type(servedDetailRow)`
    SELECT ${VERSION_COLUMNS}, ${VALUES_JSON} AS field_values
    FROM content_items ci
    CROSS JOIN LATERAL (${previewVersionOf(sql.fragment`ci.id`, asOf, releaseId)}) cv
    ${VERSION_JOINS}
    WHERE ci.id = ANY(${sql.array(itemIds, 'uuid')}) AND ci.workspace_id = ${workspaceId} AND NOT ci.is_deleted`);
}

/** The previewed version of the live item with this slug, with its values, in one statement. */
export async function findPreviewDetailBySlug(
  db: CommonQueryMethods,
  workspaceId: string,
  slug: string,
  asOf: string | null,
  releaseId: string | null = null,
): Promise<ServedDetailRow | null> {
  return db.maybeOne(sql.type(servedDetailRow)`
    SELECT ${VERSION_COLUMNS}, ${VALUES_JSON} AS field_values
    FROM content_items ci
    CROSS JOIN LATERAL (${previewVersionOf(sql.fragment`ci.id`, asOf, releaseId)}) cv
    ${VERSION_JOINS}
    WHERE ci.workspace_id = ${workspaceId} AND ci.slug = ${slug} AND NOT ci.is_deleted`);
}

/** A previewed version in the reader's locale: the member of `named_id`'s group the chain picks. */
const previewNamedRow = servedDetailRow.extend({ named_id: z.string() });
export type PreviewNamedRow = z.infer<typeof previewNamedRow>;

/**
 * findPreviewDetails in a locale: for each live item among `itemIds` (`named_id`), the member of its
 * translation group that the chain of `prefixes` (served-groups.ts prefixesText) picks among those
 * with a version to preview, that version with its values (groups with none in the chain absent).
 */
export async function findPreviewDetailsInLocale(
  db: CommonQueryMethods,
  workspaceId: string,
  itemIds: readonly string[],
  asOf: string | null,
  prefixes: string,
  releaseId: string | null = null,
): Promise<readonly PreviewNamedRow[]> {
  if (itemIds.length === 0) return [];
  return db.any(sql.type(previewNamedRow)`
    WITH ${chainCte(workspaceId, prefixes)}
    SELECT ci.id AS named_id, ${VERSION_COLUMNS}, ${VALUES_JSON} AS field_values
    FROM content_items ci
    CROSS JOIN LATERAL (${groupWinnerOf('ci', workspaceId, (id) => previewVersionOf(id, asOf, releaseId))}) cv
    ${VERSION_JOINS}
    WHERE ci.id = ANY(${sql.array(itemIds, 'uuid')}) AND ci.workspace_id = ${workspaceId} AND NOT ci.is_deleted`);
}

/** The previewed root of a by-slug read in a locale, the slug's own item, and its group's members with what each previews. */
const previewLocaleRow = servedDetailRow.extend({ anchor_id: z.string(), members: z.array(groupMemberRow) });
export type PreviewLocaleRow = z.infer<typeof previewLocaleRow>;

/**
 * The previewed version, with its values, of the member of the slug's translation group that the
 * chain of `prefixes` picks among those with a version to preview, in one statement; null when none.
 */
export async function findPreviewDetailBySlugInLocale(
  db: CommonQueryMethods,
  workspaceId: string,
  slug: string,
  asOf: string | null,
  prefixes: string,
  releaseId: string | null = null,
): Promise<PreviewLocaleRow | null> {
  return db.maybeOne(sql.type(previewLocaleRow)`
    WITH ${chainCte(workspaceId, prefixes)}
    SELECT ${VERSION_COLUMNS}, ${VALUES_JSON} AS field_values, ci.id AS anchor_id,
      ${groupMembersJson('ci', workspaceId, (id) => previewVersionOf(id, asOf, releaseId))} AS members
    FROM content_items ci
    CROSS JOIN LATERAL (${groupWinnerOf('ci', workspaceId, (id) => previewVersionOf(id, asOf, releaseId))}) cv
    ${VERSION_JOINS}
    WHERE ci.workspace_id = ${workspaceId} AND ci.slug = ${slug} AND NOT ci.is_deleted`);
}

export type PreviewSortKey = 'createdAt' | 'updatedAt' | 'slug';

export interface PreviewListQuery {
  readonly workspaceId: string;
  /** A token scoped to one item lists only it. */
  readonly contentItemId: string | null;
  readonly templateVersionId: string | null;
  readonly templateId: string | null;
  readonly localeCode: string | null;
  readonly translationGroupId: string | null;
  readonly slug: string | null;
  readonly asOf: string | null;
  /** The release whose result is previewed (previewVersionOf), or null/absent for drafts. */
  readonly releaseId?: string | null;
  /** The reader's locale: each translation group's best-ranked member with something to preview. */
  readonly locale?: ListLocale | null;
  readonly sortBy: PreviewSortKey;
  readonly sortDesc: boolean;
  readonly limit: number;
  readonly offset: number;
}

const SORT_COLUMN: Readonly<Record<PreviewSortKey, FragmentSqlToken>> = {
  createdAt: sql.fragment`ci.created_at`,
  updatedAt: sql.fragment`ci.updated_at`,
  slug: sql.fragment`ci.slug`,
};

const SUMMARY_COLUMNS = Object.keys(versionSummaryRow.shape) as (keyof VersionSummaryRow)[];
/** The previewed version's summary columns, as `pv_<column>`. */
const PV_SELECT = sql.join(
  SUMMARY_COLUMNS.map((n) => sql.fragment`${sql.identifier(['pv', n])} AS ${sql.identifier([`pv_${n}`])}`),
  sql.fragment`, `,
);
const previewListRow = itemRow.extend({
  ...Object.fromEntries(Object.entries(versionSummaryRow.shape).map(([k, v]) => [`pv_${k}`, v])),
  title: z.string().nullable(),
  total_count: z.number(),
});
export type PreviewListRow = z.infer<typeof itemRow> & { readonly title: string | null; readonly total_count: number; readonly [column: `pv_${string}`]: unknown };

/** The previewed version of a list row, as the summary presenter takes it. */
export function previewedVersion(row: PreviewListRow): VersionSummaryRow & { content_item_id: string } {
  const columns = row as unknown as Record<string, unknown>;
  return { ...(Object.fromEntries(SUMMARY_COLUMNS.map((n) => [n, columns[`pv_${n}`]])) as VersionSummaryRow), content_item_id: row.id };
}

/**
 * One page of items that have something to preview, each with its previewed version, and the total:
 * one statement (a window count), whatever the page size.
 */
export async function listPreviewItems(db: CommonQueryMethods, q: PreviewListQuery): Promise<{ rows: PreviewListRow[]; total: number }> {
  const conditions = [sql.fragment`ci.workspace_id = ${q.workspaceId}`, sql.fragment`NOT ci.is_deleted`];
  if (q.contentItemId !== null) conditions.push(sql.fragment`ci.id = ${q.contentItemId}`);
  if (q.templateVersionId !== null) conditions.push(sql.fragment`pv.template_version_id = ${q.templateVersionId}`);
  if (q.templateId !== null) conditions.push(sql.fragment`ci.template_id = ${q.templateId}`);
  if (q.localeCode !== null) conditions.push(sql.fragment`ci.locale_code = ${q.localeCode}`);
  if (q.translationGroupId !== null) conditions.push(sql.fragment`ci.translation_group_id = ${q.translationGroupId}`);
  if (q.slug !== null) conditions.push(sql.fragment`ci.slug = ${q.slug}`);
  if (q.locale) {
    // Ranked among the members that have a version to preview, all of them (a token scoped to one
    // item lists it only when it is its group's choice, as the preview by-slug read answers).
    const previewable = sql.fragment`NOT b.is_deleted AND EXISTS (${previewVersionOf(sql.fragment`b.id`, q.asOf, q.releaseId ?? null)})`;
    conditions.push(bestOfGroup(q.workspaceId, chainOf(q.workspaceId, q.locale), 'content_items', { alias: 'ci', id: 'id' }, { alias: 'b', id: 'id' }, previewable));
  }
  const direction = q.sortDesc ? sql.fragment`DESC` : sql.fragment`ASC`;
  const rows = await db.any(sql.type(previewListRow)`
    SELECT ${ITEM_COLUMNS}, ${PV_SELECT}, ${titleOf(sql.fragment`pv.id`)} AS title, count(*) OVER () AS total_count
    FROM content_items ci
    JOIN templates t ON t.id = ci.template_id
    CROSS JOIN LATERAL (${previewVersionOf(sql.fragment`ci.id`, q.asOf, q.releaseId ?? null)}) pv
    WHERE ${sql.join(conditions, sql.fragment` AND `)}
    ORDER BY ${SORT_COLUMN[q.sortBy]} ${direction} NULLS LAST, ci.id ${direction}
    LIMIT ${q.limit} OFFSET ${q.offset}`);
  const total =
    rows[0]?.total_count ??
    (q.offset > 0 ? (await listPreviewItems(db, { ...q, limit: 1, offset: 0 })).total : 0);
  return { rows: rows as unknown as PreviewListRow[], total };
}

/**
 * True when a live preview token can read a version whose Media or File value names asset
 * `alias`.id: the newest version that is not Archived of a live item in the token's reach (its
 * workspace, or its one item). What lets a public URL that a preview read handed out serve a
 * draft's new image while the preview lives, though nothing served uses it yet. Read from the
 * values' asset indexes, so it costs the uses of the asset, not the size of the workspace.
 */
export function usedByLivePreview(alias: string) {
  const id = sql.identifier([alias, 'id']);
  return sql.fragment`EXISTS (
    SELECT 1 FROM content_field_values pv
    JOIN content_versions cv ON cv.id = pv.content_version_id AND cv.status <> 'Archived'
    JOIN content_items ci ON ci.id = cv.content_item_id AND NOT ci.is_deleted
    JOIN preview_tokens p ON p.workspace_id = ci.workspace_id AND p.revoked_at IS NULL AND p.expires_at > now()
      AND (p.content_item_id IS NULL OR p.content_item_id = ci.id)
    WHERE (pv.media_asset_id = ${id} OR pv.file_asset_id = ${id})
      AND cv.version_number = (SELECT max(nv.version_number) FROM content_versions nv WHERE nv.content_item_id = ci.id AND nv.status <> 'Archived'))`;
}
