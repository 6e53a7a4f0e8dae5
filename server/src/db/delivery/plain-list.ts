// The plain list (resolve=false, the editing list): every live item passing the filters, read from
// content_items, each row with the version it serves and its latest version; the count and the page
// are two statements (content-list.ts says why).
import { sql, type CommonQueryMethods } from 'slonik';
import { ITEM_COLUMNS } from '../content/content-items.js';
import { servedVersionOf } from './content-serving.js';
import { prepared } from '../prepared.js';
import { itemTitleOf } from '../content/content-titles.js';
import { latestFieldFilter, latestSortValue } from './field-conditions.js';
import { columnFilters, itemFilters, ordering, type ContentListQuery } from './list-filters.js';
import { AUTHOR_JOIN, countRow, LATEST_COLUMNS, listRow, SERVED_COLUMNS } from './list-rows.js';
import { bestOfGroup, chainOf } from './locale-candidates.js';

/** The filters on `ci` shared by the plain list's count and page, so both see exactly the same rows. */
function filters(q: ContentListQuery) {
  const fields = (q.fieldFilters ?? []).map(latestFieldFilter);
  // With `locale`, each group's member best ranked among its live members, whatever they serve;
  // status and every other filter then apply to that member.
  const group = q.locale
    ? [bestOfGroup(q.workspaceId, chainOf(q.workspaceId, q.locale), 'content_items', { alias: 'ci', id: 'id' }, { alias: 'b', id: 'id' }, sql.fragment`NOT b.is_deleted`)]
    : [];
  return sql.join([...columnFilters(q, 'ci'), sql.fragment`NOT ci.is_deleted`, ...group, ...itemFilters(q), ...fields], sql.fragment` AND `);
}

/** The plain list's sort value of a row, on the item row `ci`. */
function sortKey(q: ContentListQuery) {
  // Allow-listed keys only.
  if (q.fieldSort) return latestSortValue(q.fieldSort);
  if (q.sortBy === 'title') {
    return itemTitleOf(sql.fragment`ci.id`);
  }
  if (q.sortBy === 'slug') return sql.fragment`ci.slug`;
  if (q.sortBy === 'localeCode') return sql.fragment`ci.locale_code`;
  return q.sortBy === 'updatedAt' ? sql.fragment`ci.updated_at` : sql.fragment`ci.created_at`;
}

/** The number of items the plain list matches (every live item passing the filters). */
export async function countPlain(db: CommonQueryMethods, q: ContentListQuery): Promise<number> {
  return db.oneFirst(prepared('content_count', countRow, sql.fragment`
    SELECT count(*) AS n FROM content_items ci WHERE ${filters(q)}`));
}

/** The plain page (no total): the page's rows look up what they serve and their latest version. */
export function plainPage(q: ContentListQuery) {
  // The inner step keeps the item row it already read (as `ci`, for ITEM_COLUMNS), so the page's
  // items are not looked up a second time. The served version is a LIMIT subquery, one index probe
  // per page row (see resolvedPage, served-list.ts).
  return prepared('content_page', listRow, sql.fragment`
    SELECT ${ITEM_COLUMNS}, (SELECT count(*) FROM content_versions vc WHERE vc.content_item_id = ci.id) AS version_count,
      ${SERVED_COLUMNS}, ${LATEST_COLUMNS},
      ${itemTitleOf(sql.fragment`ci.id`)} AS title, au.author_id, au.author_name
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
    ${AUTHOR_JOIN}
    ORDER BY ${ordering(q, sql.fragment`ci.sort_key`, sql.fragment`ci.id`)}`);
}
