// Named queries for the "missing translations" view: for every live item in the workspace's default
// locale and every other configured locale, whether the item's group lacks a member there (Missing)
// or has one that lags behind (Outdated: the item serves, now, a version published after the
// member's newest version was last changed). A page is two statements whatever its size: the page's
// pairs with their total, then the page's items as the editing list presents them.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { ITEM_COLUMNS } from '../content/content-items.js';
import { itemTitleOf } from '../content/content-titles.js';
import { servedVersionOf } from './content-serving.js';
import { AUTHOR_JOIN, LATEST_COLUMNS, listRow, SERVED_COLUMNS, type ContentListRow } from './list-rows.js';

const pairRow = z.object({
  source_id: z.string(),
  locale_code: z.string(),
  state: z.enum(['Missing', 'Outdated']),
  translation_item_id: z.string().nullable(),
});
export type MissingTranslationRow = z.infer<typeof pairRow>;

export interface MissingTranslationsQuery {
  readonly workspaceId: string;
  /** Only this locale (lower-cased); null: every configured locale but the default. */
  readonly localeKey: string | null;
  readonly templateId: string | null;
  readonly now: string;
  readonly limit: number;
  readonly offset: number;
}

/**
 * One page of (item, locale) pairs, newest item first, then the locales in the workspace's order,
 * and how many pairs there are in all (one row however far the page is). A group's member in a
 * locale is its lowest-id live one. No default locale: no pairs.
 */
export async function findMissingTranslations(
  db: CommonQueryMethods,
  q: MissingTranslationsQuery,
): Promise<{ readonly rows: readonly MissingTranslationRow[]; readonly total: number }> {
  const row = await db.one(sql.type(z.object({ total: z.number(), rows: z.array(pairRow) }))`
    WITH targets AS (
      SELECT l.code, l.code_key, l.position
      FROM workspace_locales l JOIN workspaces w ON w.id = l.workspace_id
      WHERE l.workspace_id = ${q.workspaceId} AND l.code_key <> lower(w.default_locale)
        ${q.localeKey === null ? sql.fragment`` : sql.fragment`AND l.code_key = ${q.localeKey}`}
    ),
    sources AS (
      SELECT s.id, s.created_at, coalesce(s.translation_group_id, s.id) AS grp
      FROM content_items s JOIN workspaces w ON w.id = s.workspace_id
      WHERE s.workspace_id = ${q.workspaceId} AND NOT s.is_deleted AND lower(s.locale_code) = lower(w.default_locale)
        ${q.templateId === null ? sql.fragment`` : sql.fragment`AND s.template_id = ${q.templateId}`}
    ),
    -- Every live member in a target locale, the lowest-id one per group and locale: one pass over
    -- the workspace's items, hash-joined to the sources below (a probe of the group per pair cost
    -- seconds at 20,000 items).
    members AS (
      SELECT DISTINCT ON (coalesce(mi.translation_group_id, mi.id), lower(mi.locale_code))
        coalesce(mi.translation_group_id, mi.id) AS grp, lower(mi.locale_code) AS code_key, mi.id
      FROM content_items mi
      WHERE mi.workspace_id = ${q.workspaceId} AND NOT mi.is_deleted AND lower(mi.locale_code) IN (SELECT code_key FROM targets)
      ORDER BY coalesce(mi.translation_group_id, mi.id), lower(mi.locale_code), mi.id
    ),
    pairs AS (
      SELECT s.id AS source_id, s.created_at, t.code AS locale_code, t.position, m.id AS translation_item_id,
        CASE WHEN m.id IS NULL THEN 'Missing' ELSE 'Outdated' END AS state
      FROM sources s CROSS JOIN targets t
      LEFT JOIN members m ON m.grp = s.grp AND m.code_key = t.code_key
      -- Outdated: only pairs with a member read the two versions the rule compares.
      WHERE m.id IS NULL
         OR (SELECT sv.published_at FROM (${servedVersionOf(sql.fragment`s.id`, q.now, sql.fragment`cv.published_at`)}) sv)
          > (SELECT lx.updated_at FROM content_versions lx WHERE lx.content_item_id = m.id ORDER BY lx.version_number DESC LIMIT 1)
    )
    SELECT (SELECT count(*) FROM pairs) AS total,
      coalesce((SELECT json_agg(json_build_object('source_id', p.source_id, 'locale_code', p.locale_code, 'state', p.state,
          'translation_item_id', p.translation_item_id) ORDER BY p.created_at DESC, p.source_id DESC, p.position)
        FROM (SELECT * FROM pairs ORDER BY created_at DESC, source_id DESC, position LIMIT ${q.limit} OFFSET ${q.offset}) p), '[]'::json) AS rows`);
  return { rows: row.rows, total: row.total };
}

/** The items `ids` of the workspace as the editing list's rows (served at `now`, latest version, title, author). */
export async function findItemListRows(db: CommonQueryMethods, workspaceId: string, ids: readonly string[], now: string): Promise<readonly ContentListRow[]> {
  if (ids.length === 0) return [];
  return db.any(sql.type(listRow)`
    SELECT ${ITEM_COLUMNS}, (SELECT count(*) FROM content_versions vc WHERE vc.content_item_id = ci.id) AS version_count,
      ${SERVED_COLUMNS}, ${LATEST_COLUMNS},
      ${itemTitleOf(sql.fragment`ci.id`)} AS title, au.author_id, au.author_name
    FROM content_items ci
    JOIN templates t ON t.id = ci.template_id
    LEFT JOIN LATERAL (${servedVersionOf(sql.fragment`ci.id`, now, sql.fragment`cv.*`)}) sv ON true
    LEFT JOIN LATERAL (SELECT lx.* FROM content_versions lx WHERE lx.content_item_id = ci.id ORDER BY lx.version_number DESC LIMIT 1) lv ON true
    ${AUTHOR_JOIN}
    WHERE ci.id = ANY(${sql.array(ids, 'uuid')}) AND ci.workspace_id = ${workspaceId}`);
}
