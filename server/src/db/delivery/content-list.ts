// The content list: a constant number of statements whatever the page size or data volume, and no
// per-row follow-up queries (upstream's capacity invariant). How many depends on the mode:
//
// - resolve (the delivery list): ONE statement, the page, read from the maintained serving rows
//   (migration 0015; see "The resolved list" below), which also carries the total: from the
//   maintained counts when no search filter is present, else a window count (count(*) OVER ())
//   over the matched rows. Only when the page comes back empty while offset > 0 (past the end, so
//   no row carries the total) does a count statement run as well. An empty first page means 0.
// - plain (resolve=false): TWO statements, the count and the page, run in parallel. Here the page
//   can stop after offset + limit entries of the index content_items_workspace_created (see
//   `ordering`), which a window count forbids, and the count is an index-only scan: at 20,000 items
//   page 1.9 ms + count 1.1 ms, against 5.3 ms for the single statement (500 items: 1.4 + 0.1 ms
//   against 1.6 ms). A search matching few items (q, tags) is the exception — the page then reads
//   every item anyway and the count repeats the search (500 items: 1.7 + 3.7 ms against 3.1 ms) —
//   but the plain list is the editing one, not the delivery hot path, so it keeps one rule.
//
// All are named statements (db/prepared.ts): unnamed, PostgreSQL spent more time parsing and
// planning them than running them. The page is computed in two steps inside its one statement:
// first the page's items (sorted and cut by LIMIT/OFFSET, reading only what the sort needs —
// under `resolve` the serving row's index alone), then the rest for those rows only, so the served
// row, tags and version count are read for 100 items rather than for every item matched. The same
// goes for a row's title (stored per version, migration 0027: the served version's on the
// resolved list, the latest version's on the plain one).
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { ITEM_COLUMNS, itemRow } from '../content/content-items.js';
import { versionSummaryRow, type VersionSummaryRow } from '../content/content-versions.js';
import { servedVersionOf } from './content-serving.js';
import { prepared } from '../prepared.js';
import { titleOf } from '../content/content-titles.js';
import {
  latestFieldFilter,
  latestSortValue,
  nullOf,
  servedFieldFilter,
  valueTest,
  negated,
  type FieldFilter,
  type FieldSort,
} from './field-conditions.js';

export type ContentSortKey = 'createdAt' | 'updatedAt' | 'slug' | 'localeCode' | 'title';

export interface ContentListQuery {
  readonly workspaceId: string;
  readonly q: string | null;
  readonly templateVersionId: string | null;
  readonly templateId: string | null;
  readonly status: string | null;
  readonly localeCode: string | null;
  readonly translationGroupId: string | null;
  readonly slug: string | null;
  readonly tags: readonly string[];
  readonly createdAfter: string | null;
  readonly createdBefore: string | null;
  readonly publishedAfter: string | null;
  readonly publishedBefore: string | null;
  readonly resolve: boolean;
  readonly asOf: string;
  readonly sortBy: ContentSortKey;
  /** Field filters (all must pass), in a canonical order; they need templateId. */
  readonly fieldFilters?: readonly FieldFilter[];
  /** A field sort (sortBy=fields.<key>), which replaces sortBy; it needs templateId. */
  readonly fieldSort?: FieldSort | null;
  readonly sortDesc: boolean;
  readonly limit: number;
  readonly offset: number;
}

/** A joined version's columns, selected as `<prefix>_<column>`: `versionSummaryRow`'s, each null when the LEFT JOIN found none. */
function versionColumns<P extends string>(prefix: P) {
  const shape = versionSummaryRow.shape;
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [`${prefix}_${k}`, v.nullable()])) as {
    [K in keyof typeof shape as `${P}_${K}`]: z.ZodNullable<(typeof shape)[K]>;
  };
}

const SUMMARY_COLUMNS = Object.keys(versionSummaryRow.shape) as (keyof VersionSummaryRow)[];

/** `versionSummaryRow`'s columns selected from the row alias `alias` as `<prefix>_<column>`. */
function versionSelect(alias: string, prefix: string) {
  return sql.join(
    SUMMARY_COLUMNS.map((n) => sql.fragment`${sql.identifier([alias, n])} AS ${sql.identifier([`${prefix}_${n}`])}`),
    sql.fragment`, `,
  );
}

/**
 * The version a list row joined as `prefix` (`sv` served, `lv` latest), or null when that LEFT JOIN
 * found none (or, for `lv`, the row comes from the resolved page, which does not join it).
 */
export function joinedVersion(row: ContentListRow, prefix: 'sv' | 'lv'): VersionSummaryRow | null {
  const columns = row as unknown as Record<string, unknown>;
  if (columns[`${prefix}_id`] == null) return null;
  // A joined row's columns are all set or all null (its NOT NULL columns included), so a set id
  // means the whole row was read, with the types the row schema checked.
  return Object.fromEntries(SUMMARY_COLUMNS.map((n) => [n, columns[`${prefix}_${n}`]])) as VersionSummaryRow;
}

const servedColumns = versionColumns('sv');
/** The item's latest version (highest number, any status): the plain list's rows only. */
const latestColumns = versionColumns('lv');
const optionalLatest = Object.fromEntries(Object.entries(latestColumns).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof latestColumns]: z.ZodOptional<(typeof latestColumns)[K]>;
};
const listRow = itemRow.extend({ version_count: z.number(), title: z.string().nullable(), ...servedColumns, ...optionalLatest });
export type ContentListRow = z.infer<typeof listRow>;
/** A row of the resolved page, with the number of rows matched before LIMIT/OFFSET. */
const countedListRow = listRow.extend({ total_count: z.number() });
const countRow = z.object({ n: z.number() });

function escapeLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}

/**
 * The filters no column of a serving row carries, tested on the item row `ci`: the text search,
 * status, tags and the date ranges. Each either matches few items through its own index (tags) or
 * reads the item's versions, so under resolve these read the item row per serving row scanned.
 */
function itemFilters(q: ContentListQuery, options: { readonly tags: boolean } = { tags: true }) {
  const conditions = [];
  if (q.q !== null) {
    const pattern = escapeLike(q.q);
    // Uncorrelated: the matching items are found once, from the slugs' and the values' side, which
    // the trigram indexes content_items_slug_trgm and content_field_values_text_trgm answer
    // (migration 0017), and hashed — rather than each candidate item's slug and values read and
    // matched in turn. (An OR of the slug test and the values' subquery would keep the slug test
    // per row: an index cannot answer half of an OR whose other half is a subquery.) Without
    // pg_trgm the same plan reads every slug and text value once.
    conditions.push(sql.fragment`ci.id IN (
      SELECT qi.id FROM content_items qi WHERE qi.slug ILIKE ${pattern} AND NOT qi.is_deleted
      UNION ALL
      SELECT qv.content_item_id FROM content_field_values qf JOIN content_versions qv ON qv.id = qf.content_version_id
      WHERE qf.text_value ILIKE ${pattern})`);
  }
  if (q.status !== null) {
    conditions.push(sql.fragment`EXISTS (SELECT 1 FROM content_versions sx WHERE sx.content_item_id = ci.id AND sx.status = ${q.status})`);
  }
  if (q.tags.length > 0 && options.tags) {
    conditions.push(sql.fragment`(SELECT count(DISTINCT tg.name) FROM content_item_tags cit JOIN tags tg ON tg.id = cit.tag_id
      WHERE cit.content_item_id = ci.id AND NOT tg.is_deleted AND tg.name = ANY(${sql.array(q.tags, 'text')})) = ${q.tags.length}`);
  }
  if (q.createdAfter !== null) conditions.push(sql.fragment`ci.created_at >= ${q.createdAfter}::timestamptz`);
  if (q.createdBefore !== null) conditions.push(sql.fragment`ci.created_at < ${q.createdBefore}::timestamptz`);
  if (q.publishedAfter !== null || q.publishedBefore !== null) {
    conditions.push(sql.fragment`EXISTS (SELECT 1 FROM content_versions px WHERE px.content_item_id = ci.id
      AND px.published_at >= coalesce(${q.publishedAfter}::timestamptz, '-infinity')
      AND px.published_at < coalesce(${q.publishedBefore}::timestamptz, 'infinity'))`);
  }
  return conditions;
}

/** The filters on the item's own columns, as `alias` (`ci` an item, `s` a serving row) names them. */
function columnFilters(q: ContentListQuery, alias: 'ci' | 's') {
  const col = (name: string) => sql.identifier([alias, name]);
  const conditions = [sql.fragment`${col('workspace_id')} = ${q.workspaceId}`];
  if (q.templateVersionId !== null) conditions.push(sql.fragment`${col('template_version_id')} = ${q.templateVersionId}`);
  if (q.templateId !== null) conditions.push(sql.fragment`${col('template_id')} = ${q.templateId}`);
  if (q.localeCode !== null) conditions.push(sql.fragment`lower(${col('locale_code')}) = lower(${q.localeCode})`);
  if (q.translationGroupId !== null) conditions.push(sql.fragment`${col('translation_group_id')} = ${q.translationGroupId}`);
  if (q.slug !== null) conditions.push(sql.fragment`${col('slug')} = ${q.slug}`);
  return conditions;
}

/** The filters on `ci` shared by the plain list's count and page, so both see exactly the same rows. */
function filters(q: ContentListQuery) {
  const fields = (q.fieldFilters ?? []).map(latestFieldFilter);
  return sql.join([...columnFilters(q, 'ci'), sql.fragment`NOT ci.is_deleted`, ...itemFilters(q), ...fields], sql.fragment` AND `);
}

/** The plain list's sort value of a row, on the item row `ci`. */
function sortKey(q: ContentListQuery) {
  // Allow-listed keys only.
  if (q.fieldSort) return latestSortValue(q.fieldSort);
  if (q.sortBy === 'title') {
    return sql.fragment`(SELECT ${titleOf(sql.fragment`lx.id`)} FROM content_versions lx WHERE lx.content_item_id = ci.id
      ORDER BY lx.version_number DESC LIMIT 1)`;
  }
  if (q.sortBy === 'slug') return sql.fragment`ci.slug`;
  if (q.sortBy === 'localeCode') return sql.fragment`ci.locale_code`;
  return q.sortBy === 'updatedAt' ? sql.fragment`ci.updated_at` : sql.fragment`ci.created_at`;
}

/** The resolved list's sort value, on the serving row `s`: the timestamps shown (and sorted on) are the publish time. */
function servingSortKey(q: ContentListQuery) {
  if (q.sortBy === 'title') return titleOf(sql.fragment`s.version_id`);
  if (q.sortBy === 'slug') return sql.fragment`s.slug`;
  if (q.sortBy === 'localeCode') return sql.fragment`s.locale_code`;
  return sql.fragment`s.published_at`;
}

/** The page's order over sort value `key` and item id `id`. */
function ordering(q: ContentListQuery, key: FragmentSqlToken, id: FragmentSqlToken) {
  const direction = q.sortDesc ? sql.fragment`DESC` : sql.fragment`ASC`;
  // NULLS LAST only where the sort value can be null (slug, locale). On created_at, updated_at and
  // the served publish time, NOT NULL, the clause changes no result, but on a descending sort it
  // no longer matches the backward scan of the index (content_items_workspace_created,
  // content_serving_published), so PostgreSQL sorted every item of the workspace instead of reading
  // the page's index entries: 20,000 items 7.5 → 1.9 ms, 500 items 1.6 → 1.4 ms (plain list).
  const nullable = q.sortBy === 'slug' || q.sortBy === 'localeCode' || q.sortBy === 'title' || Boolean(q.fieldSort);
  return sql.fragment`${key} ${direction} ${nullable ? sql.fragment`NULLS LAST` : sql.fragment``}, ${id} ${direction}`;
}

/** The served version's columns, from `sv`. */
const SERVED_COLUMNS = versionSelect('sv', 'sv');
/** The latest version's columns, from `lv`. */
const LATEST_COLUMNS = versionSelect('lv', 'lv');

/** The number of items the plain list matches (every live item passing the filters). */
export async function countContent(db: CommonQueryMethods, q: ContentListQuery): Promise<number> {
  if (q.resolve) return countServed(db, q);
  return db.oneFirst(prepared('content_count', countRow, sql.fragment`
    SELECT count(*) AS n FROM content_items ci WHERE ${filters(q)}`));
}

// ---- The resolved list: read from the serving rows (migration 0015) ----
//
// Each content_serving row is a span of an item's timeline with the version it serves then, so the
// items served at asOf are the rows whose span contains it — at most one per item, for any asOf
// (past, now or future: the spans are computed for all time when a version or item is written).
// The page walks the index matching the sort (content_serving_published, _slug_asc/_desc, or the
// template/locale ones under those filters) and stops after offset + limit entries passing the
// span test and filters: its cost is the page's, not the workspace's.

/** The serving row `s` is served at asOf and passes the filters on its own columns. */
function servingFilters(q: ContentListQuery) {
  // The instant through a sub-select, as servedAt does (db/delivery/content-serving.ts: it keeps the
  // named statement on its cached generic plan).
  const at = sql.fragment`(SELECT ${q.asOf}::timestamptz)`;
  const conditions = [...columnFilters(q, 's'), sql.fragment`s.valid_from <= ${at} AND ${at} < s.valid_until`];
  if (q.tags.length > 0) {
    // The items carrying every tag, found from the tags' side (tags_name, content_item_tags_tag):
    // PostgreSQL can start from them and probe the serving rows by item, so a rare tag costs its
    // items rather than a walk over the workspace's serving rows testing each.
    conditions.push(sql.fragment`s.content_item_id IN (
      SELECT cit.content_item_id FROM tags tg JOIN content_item_tags cit ON cit.tag_id = tg.id
      WHERE tg.workspace_id = ${q.workspaceId} AND NOT tg.is_deleted AND tg.name = ANY(${sql.array(q.tags, 'text')})
      GROUP BY cit.content_item_id HAVING count(DISTINCT tg.name) = ${q.tags.length})`);
  }
  return conditions;
}

/**
 * True when the maintained counts (content_serving_counts) answer the total: no filter beyond
 * template, template version and locale. Otherwise the total is counted over the matching rows.
 */
function countedByCounts(q: ContentListQuery): boolean {
  return itemFilters(q).length === 0 && q.slug === null && q.translationGroupId === null && !q.fieldFilters?.length;
}

/** The field filters on the serving row `s` (except those `skip` names: applied elsewhere). */
function servedFieldFilters(q: ContentListQuery, skip: readonly FieldFilter[] = []) {
  return (q.fieldFilters ?? []).filter((f) => !skip.includes(f)).map((f) => servedFieldFilter(q.templateId!, f));
}

/** The maintained total at asOf (see countedByCounts), as a scalar subquery. */
function maintainedTotal(q: ContentListQuery) {
  const conditions = [sql.fragment`c.workspace_id = ${q.workspaceId}`, sql.fragment`c.at <= (SELECT ${q.asOf}::timestamptz)`];
  if (q.templateVersionId !== null) conditions.push(sql.fragment`c.template_version_id = ${q.templateVersionId}`);
  if (q.templateId !== null) conditions.push(sql.fragment`c.template_id = ${q.templateId}`);
  if (q.localeCode !== null) conditions.push(sql.fragment`c.locale_key = lower(${q.localeCode})`);
  return sql.fragment`(SELECT coalesce(sum(c.delta), 0)::int FROM content_serving_counts c WHERE ${sql.join(conditions, sql.fragment` AND `)})`;
}

/** The serving rows passing every filter, as `s` (and `ci`, read only when an item filter needs it). */
function servedRows(q: ContentListQuery) {
  const item = itemFilters(q, { tags: false });
  const join = item.length > 0 ? sql.fragment`JOIN content_items ci ON ci.id = s.content_item_id` : sql.fragment``;
  return sql.fragment`content_serving s ${join} WHERE ${sql.join([...servingFilters(q), ...item, ...servedFieldFilters(q)], sql.fragment` AND `)}`;
}

async function countServed(db: CommonQueryMethods, q: ContentListQuery): Promise<number> {
  if (countedByCounts(q)) return db.oneFirst(prepared('content_served_total', countRow, sql.fragment`SELECT ${maintainedTotal(q)} AS n`));
  if (q.fieldSort) {
    return db.oneFirst(prepared('content_served_count', countRow, sql.fragment`SELECT count(*)::int AS n FROM (${fieldSortedRows(q, q.fieldSort)}) c`));
  }
  return db.oneFirst(prepared('content_served_count', countRow, sql.fragment`SELECT count(*)::int AS n FROM ${servedRows(q)}`));
}

/** The resolved page, each row carrying the total. */
function resolvedPage(q: ContentListQuery) {
  // The total comes from the maintained counts when they can answer (an InitPlan, run once), else
  // from a window count over the rows matched — a search (q, tags, status, dates, slug, translation
  // group) reads them all anyway. The inner step carries only the item's id, the served id and the
  // sort value, all in the index; the outer lookups are LIMIT subqueries, which PostgreSQL never
  // flattens into a join: one index probe per page row, where a join was planned as a hash over the
  // whole content_items or content_versions table — a cost that would grow with the data volume
  // rather than with the page. Every row serves its own version, and the API shows versionCount 1
  // for it (presenter), so the count of all versions is not read.
  //
  // Under field filters the total is a count of its own (an InitPlan, run once) rather than the
  // window count: a range filter may match most of a template, and the window would read every match
  // before the page could stop; the count is PostgreSQL's to plan on its own, as a count over the
  // matching entries of a value index.
  if (q.fieldSort) return resolvedFieldPage(q, q.fieldSort);
  const total = countedByCounts(q)
    ? maintainedTotal(q)
    : q.fieldFilters?.length
      ? sql.fragment`(SELECT count(*)::int FROM ${servedRows(q)})`
      : sql.fragment`count(*) OVER ()`;
  return prepared('content_page', countedListRow, sql.fragment`
    SELECT ${ITEM_COLUMNS}, 1 AS version_count, ${SERVED_COLUMNS}, p.total_count,
      ${titleOf(sql.fragment`sv.id`)} AS title
    FROM (
      SELECT s.content_item_id AS id, s.version_id AS sv_id, ${servingSortKey(q)} AS sort_key, ${total} AS total_count
      FROM ${servedRows(q)}
      ORDER BY ${ordering(q, servingSortKey(q), sql.fragment`s.content_item_id`)}
      LIMIT ${q.limit} OFFSET ${q.offset}
    ) p
    CROSS JOIN LATERAL (SELECT x.* FROM content_items x WHERE x.id = p.id LIMIT 1) ci
    JOIN templates t ON t.id = ci.template_id
    LEFT JOIN LATERAL (SELECT cv.* FROM content_versions cv WHERE cv.id = p.sv_id LIMIT 1) sv ON true
    ORDER BY ${ordering(q, sql.fragment`p.sort_key`, sql.fragment`p.id`)}`);
}

// ---- A resolved page sorted by a field ----
//
// Two kinds of serving rows, in this order: those whose served version has a first value for the
// field (read from that type's value index, content_serving_values_<type>, in value order, ties by
// item id: the index's own order, forward or backward for sortDesc), then those without one (by
// item id), so items without a value come last in both directions. Under an ORDER BY on the branch
// (`missing`, constant in each branch) PostgreSQL appends or merges the two ordered scans and stops
// after offset + limit rows. A filter on the sorted field itself narrows the index range (when the
// field holds one value, its first is its only one); it also means no item without a value can
// match, so the second branch is left out.

/** The field filters applied on the sort's own value row `v`: positive filters on a single-valued sort field. */
function onSortRow(q: ContentListQuery, sort: FieldSort): FieldFilter[] {
  if (sort.repeated) return [];
  return (q.fieldFilters ?? []).filter((f) => f.key === sort.key && f.column === sort.column && !negated(f));
}

/** The sort's value columns of `v`: text sorts on its indexed prefix, then on the whole value. */
function fieldSortColumns(sort: FieldSort) {
  return sort.column === 'text_value'
    ? { k1: sql.fragment`v.text_key`, k2: sql.fragment`v.text_value`, none1: sql.fragment`NULL::text COLLATE "C"`, none2: sql.fragment`NULL::text COLLATE "C"` }
    : { k1: sql.identifier(['v', sort.column]), k2: null, none1: nullOf(sort.column), none2: null };
}

/**
 * Whether the serving row itself must be read for `q`'s filters: the value rows carry the item, the
 * span, the template (which names the workspace: the service checked it is this workspace's) and the
 * served version, so a query filtering on nothing else reads the value index alone.
 */
function needsServingRow(q: ContentListQuery): boolean {
  return q.templateVersionId !== null || q.localeCode !== null || q.translationGroupId !== null || q.slug !== null || q.tags.length > 0;
}

/** The serving rows the field-sorted page chooses from: `id`, `sv_id`, `missing` (0/1) and the sort values. */
function fieldSortedRows(q: ContentListQuery, sort: FieldSort) {
  const at = sql.fragment`(SELECT ${q.asOf}::timestamptz)`;
  const direct = onSortRow(q, sort);
  const item = itemFilters(q, { tags: false });
  const join = item.length > 0 ? sql.fragment`JOIN content_items ci ON ci.id = s.content_item_id` : sql.fragment``;
  const { k1, k2, none1, none2 } = fieldSortColumns(sort);
  const firstValue = (alias: string) => sql.fragment`${sql.identifier([alias, 'template_id'])} = ${q.templateId}
    AND ${sql.identifier([alias, 'field_key'])} = ${sort.key} AND ${sql.identifier([alias, 'is_first'])}
    AND ${sql.identifier([alias, sort.column])} IS NOT NULL`;
  // The serving row is joined only when a filter needs its columns or the item's (needsServingRow).
  const serving = needsServingRow(q) || item.length > 0;
  const valuedFrom = serving
    ? sql.fragment`content_serving_values v JOIN content_serving s ON s.content_item_id = v.content_item_id AND s.valid_from = v.valid_from ${join}`
    : sql.fragment`content_serving_values v`;
  const valued = sql.fragment`
    SELECT v.content_item_id AS id, v.version_id AS sv_id, 0 AS missing, ${k1} AS k1 ${k2 ? sql.fragment`, ${k2} AS k2` : sql.fragment``}
    FROM ${valuedFrom}
    WHERE ${sql.join(
      [
        firstValue('v'),
        sql.fragment`v.valid_from <= ${at} AND ${at} < v.valid_until`,
        ...direct.map((f) => valueTest('v', f)),
        ...(serving ? [...servingFilters(q), ...item] : []),
        ...(q.fieldFilters ?? []).filter((f) => !direct.includes(f)).map((f) => servedFieldFilter(q.templateId!, f, 'v')),
      ],
      sql.fragment` AND `,
    )}`;
  if (direct.length > 0) return valued;
  return sql.fragment`${valued}
    UNION ALL
    SELECT s.content_item_id, s.version_id, 1, ${none1} ${none2 ? sql.fragment`, ${none2}` : sql.fragment``}
    FROM content_serving s ${join}
    WHERE ${sql.join(
      [
        ...servingFilters(q),
        ...item,
        ...servedFieldFilters(q),
        sql.fragment`NOT EXISTS (SELECT 1 FROM content_serving_values y
          WHERE y.content_item_id = s.content_item_id AND y.valid_from = s.valid_from AND ${firstValue('y')})`,
      ],
      sql.fragment` AND `,
    )}`;
}

function resolvedFieldPage(q: ContentListQuery, sort: FieldSort) {
  const direction = q.sortDesc ? sql.fragment`DESC` : sql.fragment`ASC`;
  const { k2 } = fieldSortColumns(sort);
  const order = (p: string) =>
    sql.fragment`${sql.identifier([p, 'missing'])}, ${sql.identifier([p, 'k1'])} ${direction}
      ${k2 ? sql.fragment`, ${sql.identifier([p, 'k2'])} ${direction}` : sql.fragment``}, ${sql.identifier([p, 'id'])} ${direction}`;
  const total = countedByCounts(q) ? maintainedTotal(q) : sql.fragment`(SELECT count(*)::int FROM (${fieldSortedRows(q, sort)}) c)`;
  return prepared('content_page', countedListRow, sql.fragment`
    SELECT ${ITEM_COLUMNS}, 1 AS version_count, ${SERVED_COLUMNS}, p.total_count,
      ${titleOf(sql.fragment`sv.id`)} AS title
    FROM (
      SELECT r.*, ${total} AS total_count FROM (${fieldSortedRows(q, sort)}) r
      ORDER BY ${order('r')}
      LIMIT ${q.limit} OFFSET ${q.offset}
    ) p
    CROSS JOIN LATERAL (SELECT x.* FROM content_items x WHERE x.id = p.id LIMIT 1) ci
    JOIN templates t ON t.id = ci.template_id
    LEFT JOIN LATERAL (SELECT cv.* FROM content_versions cv WHERE cv.id = p.sv_id LIMIT 1) sv ON true
    ORDER BY ${order('p')}`);
}

/** The plain page (no total): the page's rows look up what they serve and their latest version. */
function plainPage(q: ContentListQuery) {
  // The inner step keeps the item row it already read (as `ci`, for ITEM_COLUMNS), so the page's
  // items are not looked up a second time. The served version is a LIMIT subquery, one index probe
  // per page row (see resolvedPage).
  return prepared('content_page', listRow, sql.fragment`
    SELECT ${ITEM_COLUMNS}, (SELECT count(*) FROM content_versions vc WHERE vc.content_item_id = ci.id) AS version_count,
      ${SERVED_COLUMNS}, ${LATEST_COLUMNS},
      coalesce(${titleOf(sql.fragment`lv.id`)}, ${titleOf(sql.fragment`sv.id`)}) AS title
    FROM (
      SELECT ci.*, ${sortKey(q)} AS sort_key
      FROM content_items ci
      WHERE ${filters(q)}
      ORDER BY ${ordering(q, sql.fragment`sort_key`, sql.fragment`ci.id`)}
      LIMIT ${q.limit} OFFSET ${q.offset}
    ) ci
    JOIN templates t ON t.id = ci.template_id
    LEFT JOIN LATERAL (${servedVersionOf(sql.fragment`ci.id`, q.asOf, sql.fragment`cv.*`)}) sv ON true
    LEFT JOIN LATERAL (SELECT lx.* FROM content_versions lx WHERE lx.content_item_id = ci.id ORDER BY lx.version_number DESC LIMIT 1) lv ON true
    ORDER BY ${ordering(q, sql.fragment`ci.sort_key`, sql.fragment`ci.id`)}`);
}

/** One page of the list, without its total (one statement). */
export async function listContentPage(db: CommonQueryMethods, q: ContentListQuery): Promise<readonly ContentListRow[]> {
  return q.resolve ? db.any(resolvedPage(q)) : db.any(plainPage(q));
}

/** One page of the list and the number of items matched: one statement or two (see the top comment). */
export async function listContentCounted(
  db: CommonQueryMethods,
  q: ContentListQuery,
): Promise<{ readonly rows: readonly ContentListRow[]; readonly total: number }> {
  if (!q.resolve) {
    const [rows, total] = await Promise.all([db.any(plainPage(q)), countContent(db, q)]);
    return { rows, total };
  }
  const rows = await db.any(resolvedPage(q));
  if (rows.length > 0) return { rows, total: rows[0]!.total_count };
  // No row carries the total: nothing matches (offset 0), or the page is past the end.
  return { rows, total: q.offset > 0 ? await countServed(db, q) : 0 };
}
