// The resolved list (resolve=true, the delivery list), read from the serving rows (migration 0015):
// its page, which carries the total, and the count run alone when the page is past the end
// (content-list.ts says when each runs).
//
// Each content_serving row is a span of an item's timeline with the version it serves then, so the
// items served at asOf are the rows whose span contains it — at most one per item, for any asOf
// (past, now or future: the spans are computed for all time when a version or item is written).
// The page walks the index matching the sort (content_serving_published, _slug_asc/_desc, or the
// template/locale ones under those filters) and stops after offset + limit entries passing the
// span test and filters: its cost is the page's, not the workspace's.
import { sql, type CommonQueryMethods } from 'slonik';
import { ITEM_COLUMNS } from '../content/content-items.js';
import { prepared } from '../prepared.js';
import { titleOf } from '../content/content-titles.js';
import { nullOf, servedFieldFilter, valueTest, negated, type FieldFilter, type FieldSort } from './field-conditions.js';
import { columnFilters, itemFilters, ordering, type ContentListQuery } from './list-filters.js';
import { countedListRow, countRow, SERVED_COLUMNS } from './list-rows.js';
import { bestOfGroup, chainOf } from './locale-candidates.js';

/** The resolved list's sort value, on the serving row `s`: the timestamps shown (and sorted on) are the publish time. */
function servingSortKey(q: ContentListQuery) {
  if (q.sortBy === 'title') return titleOf(sql.fragment`s.version_id`);
  if (q.sortBy === 'slug') return sql.fragment`s.slug`;
  if (q.sortBy === 'localeCode') return sql.fragment`s.locale_code`;
  return sql.fragment`s.published_at`;
}

/** The serving row `s` is served at asOf and passes the filters on its own columns. */
function servingFilters(q: ContentListQuery) {
  // The instant through a sub-select, as servedAt does (db/delivery/content-serving.ts: it keeps the
  // named statement on its cached generic plan).
  const at = sql.fragment`(SELECT ${q.asOf}::timestamptz)`;
  const conditions = [...columnFilters(q, 's'), sql.fragment`s.valid_from <= ${at} AND ${at} < s.valid_until`];
  if (q.locale) {
    // The group's chosen member, before any other filter: a filter that the chosen member fails
    // drops the group's entry rather than letting a sibling stand in.
    const chain = chainOf(q.workspaceId, q.locale);
    const serving = sql.fragment`b.valid_from <= ${at} AND ${at} < b.valid_until`;
    conditions.push(bestOfGroup(q.workspaceId, chain, 'content_serving', { alias: 's', id: 'content_item_id' }, { alias: 'b', id: 'content_item_id' }, serving));
  }
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
  // The counts are per item; a list with `locale` has an entry per translation group.
  return !q.locale && itemFilters(q).length === 0 && q.slug === null && q.translationGroupId === null && !q.fieldFilters?.length;
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

/** No filter at all but the reader's locale: every group with a candidate has its entry. */
function unfilteredGroups(q: ContentListQuery): boolean {
  return itemFilters(q).length === 0 && columnFilters(q, 's').length === 1 && !q.fieldFilters?.length;
}

/**
 * The number of entries of a list with `locale`, as a scalar subquery (an InitPlan, run once). Without
 * other filters every group with a candidate serving at asOf has exactly one entry: the groups are
 * counted per set of locales their serving members are in (migration 0044), summing the sets that
 * meet the chain (or hold a member without a locale) — a few rows, whatever the number of groups.
 * With filters, the entries are the chosen members passing them, counted as the page finds them; the
 * cost grows with the matches.
 */
function groupTotal(q: ContentListQuery) {
  if (!unfilteredGroups(q)) return sql.fragment`(SELECT count(*)::int FROM ${servedRows(q)})`;
  return sql.fragment`(SELECT coalesce(sum(c.delta), 0)::int FROM content_serving_group_counts c
    WHERE c.workspace_id = ${q.workspaceId} AND c.at <= (SELECT ${q.asOf}::timestamptz)
      AND c.locale_keys && (${chainOf(q.workspaceId, q.locale!)}::text[] || ''::text))`;
}

/** The number of serving rows the resolved list matches at asOf. */
export async function countServed(db: CommonQueryMethods, q: ContentListQuery): Promise<number> {
  if (q.locale) return db.oneFirst(prepared('content_served_count', countRow, sql.fragment`SELECT ${groupTotal(q)} AS n`));
  if (countedByCounts(q)) return db.oneFirst(prepared('content_served_total', countRow, sql.fragment`SELECT ${maintainedTotal(q)} AS n`));
  if (q.fieldSort) {
    return db.oneFirst(prepared('content_served_count', countRow, sql.fragment`SELECT count(*)::int AS n FROM (${fieldSortedRows(q, q.fieldSort)}) c`));
  }
  return db.oneFirst(prepared('content_served_count', countRow, sql.fragment`SELECT count(*)::int AS n FROM ${servedRows(q)}`));
}

/** The resolved page, each row carrying the total. */
export function resolvedPage(q: ContentListQuery) {
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
    : q.locale
      ? groupTotal(q)
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
 * served version, so a query filtering on nothing else reads the value index alone. A list with
 * `locale` chooses each group's member from the serving row's locale and group.
 */
function needsServingRow(q: ContentListQuery): boolean {
  return Boolean(q.locale) || q.templateVersionId !== null || q.localeCode !== null || q.translationGroupId !== null || q.slug !== null || q.tags.length > 0;
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
  const total = countedByCounts(q)
    ? maintainedTotal(q)
    : q.locale
      ? groupTotal(q)
      : sql.fragment`(SELECT count(*)::int FROM (${fieldSortedRows(q, sort)}) c)`;
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
