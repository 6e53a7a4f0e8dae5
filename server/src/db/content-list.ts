// The content list: exactly two statements whatever the page size or data volume — a count and one
// paged projection (LIMIT/OFFSET in the database) that carries each item's template, tags, version
// count and served version. No per-row follow-up queries (upstream's capacity invariant).
//
// Both are named statements (db/prepared.ts): unnamed, PostgreSQL spent more time parsing and
// planning them than running them. The page is computed in two steps inside its one statement:
// first the page's items (sorted and cut by LIMIT/OFFSET, reading only what the sort needs —
// under `resolve` the served version's id and publish time from the covering index
// content_versions_serving, migration 0005), then the rest for those rows only, so the served
// row, tags and version count are read for 100 items rather than for every item matched.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { ITEM_COLUMNS, itemRow } from './content-items.js';
import { servedVersionOf } from './content-serving.js';
import { prepared } from './prepared.js';

export type ContentSortKey = 'createdAt' | 'updatedAt' | 'slug' | 'localeCode';

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
  readonly sortDesc: boolean;
  readonly limit: number;
  readonly offset: number;
}

const servedColumns = {
  sv_id: z.string().nullable(),
  sv_version_number: z.number().nullable(),
  sv_status: z.enum(['Draft', 'Review', 'Approved', 'Published', 'Archived']).nullable(),
  sv_template_version_id: z.string().nullable(),
  sv_slug: z.string().nullable(),
  sv_locale_code: z.string().nullable(),
  sv_tags: z.array(z.string()).nullable(),
  sv_effective_start_at: z.string().nullable(),
  sv_effective_end_at: z.string().nullable(),
  sv_publish_at: z.string().nullable(),
  sv_published_at: z.string().nullable(),
  sv_published_by_user_id: z.string().nullable(),
  sv_archived_at: z.string().nullable(),
  sv_rolled_back_from_version_number: z.number().nullable(),
  sv_created_at: z.string().nullable(),
  sv_updated_at: z.string().nullable(),
};
const listRow = itemRow.extend({ version_count: z.number(), ...servedColumns });
export type ContentListRow = z.infer<typeof listRow>;
const countRow = z.object({ n: z.number() });

function escapeLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}

/** The filters on `ci` shared by the count and the page, so both see exactly the same rows. */
function filters(q: ContentListQuery) {
  const conditions = [sql.fragment`ci.workspace_id = ${q.workspaceId}`, sql.fragment`NOT ci.is_deleted`];
  if (q.q !== null) {
    const pattern = escapeLike(q.q);
    conditions.push(sql.fragment`(ci.slug ILIKE ${pattern} OR EXISTS (
      SELECT 1 FROM content_versions qv JOIN content_field_values qf ON qf.content_version_id = qv.id
      WHERE qv.content_item_id = ci.id AND qf.text_value ILIKE ${pattern}))`);
  }
  if (q.templateVersionId !== null) conditions.push(sql.fragment`ci.template_version_id = ${q.templateVersionId}`);
  if (q.templateId !== null) conditions.push(sql.fragment`ci.template_id = ${q.templateId}`);
  if (q.status !== null) {
    conditions.push(sql.fragment`EXISTS (SELECT 1 FROM content_versions sx WHERE sx.content_item_id = ci.id AND sx.status = ${q.status})`);
  }
  if (q.localeCode !== null) conditions.push(sql.fragment`lower(ci.locale_code) = lower(${q.localeCode})`);
  if (q.translationGroupId !== null) conditions.push(sql.fragment`ci.translation_group_id = ${q.translationGroupId}`);
  if (q.slug !== null) conditions.push(sql.fragment`ci.slug = ${q.slug}`);
  if (q.tags.length > 0) {
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
  return sql.join(conditions, sql.fragment` AND `);
}

/** The sort value of a row; needs `ci` and, under resolve, `s` (the served version) in scope. */
function sortKey(q: ContentListQuery) {
  // Allow-listed keys only; under resolve the timestamps shown (and sorted on) are the publish time.
  if (q.sortBy === 'slug') return sql.fragment`ci.slug`;
  if (q.sortBy === 'localeCode') return sql.fragment`ci.locale_code`;
  if (q.resolve) return sql.fragment`s.published_at`;
  return q.sortBy === 'updatedAt' ? sql.fragment`ci.updated_at` : sql.fragment`ci.created_at`;
}

export async function countContent(db: CommonQueryMethods, q: ContentListQuery): Promise<number> {
  // Under resolve an item counts when it serves a version at asOf: the same lateral probe as the
  // page's inner step (one index-only read per item). Written as EXISTS, PostgreSQL preferred a hash
  // semi-join over every published version of every workspace, which grows with the whole table.
  const served = q.resolve
    ? sql.fragment`JOIN LATERAL (${servedVersionOf(sql.fragment`ci.id`, q.asOf, sql.fragment`cv.id`)}) s ON true`
    : sql.fragment``;
  return db.oneFirst(prepared('content_count', countRow, sql.fragment`
    SELECT count(*) AS n FROM content_items ci ${served} WHERE ${filters(q)}`));
}

export async function listContentPage(db: CommonQueryMethods, q: ContentListQuery): Promise<readonly ContentListRow[]> {
  const direction = q.sortDesc ? sql.fragment`DESC` : sql.fragment`ASC`;
  // Under resolve the served version decides membership and order, so the inner step reads it
  // (from the index alone) and the outer one fetches that row by id; otherwise only the page's rows
  // look up what they serve. Both outer lookups are LIMIT subqueries, which PostgreSQL never
  // flattens into a join: they stay one index probe per page row, where a join could be planned as
  // a hash over the whole content_versions table (seen at a few thousand versions) — a cost that
  // would grow with the data volume rather than with the page.
  const served = q.resolve
    ? {
        inner: sql.fragment`JOIN LATERAL (${servedVersionOf(sql.fragment`ci.id`, q.asOf, sql.fragment`cv.id, cv.published_at`)}) s ON true`,
        id: sql.fragment`s.id`,
        outer: sql.fragment`LEFT JOIN LATERAL (SELECT cv.* FROM content_versions cv WHERE cv.id = ci.sv_id LIMIT 1) sv ON true`,
      }
    : {
        inner: sql.fragment``,
        id: sql.fragment`NULL::uuid`,
        outer: sql.fragment`LEFT JOIN LATERAL (${servedVersionOf(sql.fragment`ci.id`, q.asOf, sql.fragment`cv.*`)}) sv ON true`,
      };
  // Under resolve every row serves its own version, and the API shows versionCount 1 for it
  // (presenter), so the count of all versions is only read for the plain list.
  const versionCount = q.resolve ? sql.fragment`1` : sql.fragment`(SELECT count(*) FROM content_versions vc WHERE vc.content_item_id = ci.id)`;
  // The inner step keeps the item row it already read (as `ci`, for ITEM_COLUMNS), so the page's
  // items are not looked up a second time.
  return db.any(prepared('content_page', listRow, sql.fragment`
    SELECT ${ITEM_COLUMNS}, ${versionCount} AS version_count,
      sv.id AS sv_id, sv.version_number AS sv_version_number, sv.status AS sv_status,
      sv.template_version_id AS sv_template_version_id, sv.slug AS sv_slug, sv.locale_code AS sv_locale_code,
      sv.tags AS sv_tags, sv.effective_start_at AS sv_effective_start_at, sv.effective_end_at AS sv_effective_end_at,
      sv.publish_at AS sv_publish_at, sv.published_at AS sv_published_at, sv.published_by_user_id AS sv_published_by_user_id,
      sv.archived_at AS sv_archived_at, sv.rolled_back_from_version_number AS sv_rolled_back_from_version_number,
      sv.created_at AS sv_created_at, sv.updated_at AS sv_updated_at
    FROM (
      SELECT ci.*, ${served.id} AS sv_id, ${sortKey(q)} AS sort_key
      FROM content_items ci ${served.inner}
      WHERE ${filters(q)}
      ORDER BY sort_key ${direction} NULLS LAST, ci.id ${direction}
      LIMIT ${q.limit} OFFSET ${q.offset}
    ) ci
    JOIN templates t ON t.id = ci.template_id
    ${served.outer}
    ORDER BY ci.sort_key ${direction} NULLS LAST, ci.id ${direction}`));
}
