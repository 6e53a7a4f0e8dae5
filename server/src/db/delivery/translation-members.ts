// Named queries for the members of a translation group: every live item of the workspace whose
// group key (coalesce(translation_group_id, id)) is the group's, with its newest version, what it
// serves now and whether it lags behind the group's source (the member in the workspace's default
// locale). The translation status of an item is one statement of these; making a translation reads
// its source version and locks the group with two more.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { servedVersionOf } from './content-serving.js';
import { itemTitleOf, titleOf } from '../content/content-titles.js';

const memberRow = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  locale_code: z.string().nullable(),
  latest_version_number: z.number().nullable(),
  latest_status: z.enum(['Draft', 'Review', 'Approved', 'Published', 'Archived']).nullable(),
  latest_title: z.string().nullable(),
  served_version_number: z.number().nullable(),
  is_source: z.boolean(),
  outdated: z.boolean(),
});
export type MemberRow = z.infer<typeof memberRow>;

const groupRow = z.object({
  translation_group_id: z.string().nullable(),
  default_locale: z.string().nullable(),
  members: z.array(memberRow),
});
export type TranslationGroupRow = z.infer<typeof groupRow>;

/**
 * The group of live item `itemId` and its live members (locale order, nulls last, then id), as of
 * `now`; null when the item is not a live item of the workspace. The source is the lowest-id member
 * in the default locale; a member is outdated when the source serves, at `now`, a version published
 * after the member's newest version was last changed.
 */
export async function findTranslationGroup(db: CommonQueryMethods, workspaceId: string, itemId: string, now: string): Promise<TranslationGroupRow | null> {
  return db.maybeOne(sql.type(groupRow)`
    WITH anchor AS (
      SELECT a.translation_group_id, coalesce(a.translation_group_id, a.id) AS grp, w.default_locale
      FROM content_items a JOIN workspaces w ON w.id = a.workspace_id
      WHERE a.id = ${itemId} AND a.workspace_id = ${workspaceId} AND NOT a.is_deleted
    ),
    members AS (
      SELECT m.id, m.slug, m.locale_code, lv.version_number AS latest_version_number, lv.status AS latest_status,
        lv.updated_at AS latest_updated_at, ${itemTitleOf(sql.fragment`m.id`)} AS latest_title,
        sv.version_number AS served_version_number, sv.published_at AS served_published_at,
        (lower(m.locale_code) = lower(anchor.default_locale)) AS in_default
      FROM anchor
      JOIN content_items m ON (m.translation_group_id = anchor.grp OR m.id = anchor.grp)
        AND coalesce(m.translation_group_id, m.id) = anchor.grp
      LEFT JOIN LATERAL (SELECT lx.* FROM content_versions lx WHERE lx.content_item_id = m.id ORDER BY lx.version_number DESC LIMIT 1) lv ON true
      LEFT JOIN LATERAL (${servedVersionOf(sql.fragment`m.id`, now, sql.fragment`cv.version_number, cv.published_at`)}) sv ON true
      WHERE m.workspace_id = ${workspaceId} AND NOT m.is_deleted
    ),
    source AS (SELECT id, served_published_at FROM members WHERE in_default ORDER BY id LIMIT 1)
    SELECT anchor.translation_group_id, anchor.default_locale,
      coalesce((SELECT json_agg(json_build_object(
          'id', m.id, 'slug', m.slug, 'locale_code', m.locale_code,
          'latest_version_number', m.latest_version_number, 'latest_status', m.latest_status, 'latest_title', m.latest_title,
          'served_version_number', m.served_version_number,
          'is_source', m.id IS NOT DISTINCT FROM s.id,
          'outdated', coalesce(m.id <> s.id AND s.served_published_at > m.latest_updated_at, false))
        ORDER BY lower(m.locale_code) NULLS LAST, m.id)
        FROM members m LEFT JOIN source s ON true), '[]'::json) AS members
    FROM anchor`);
}

/**
 * Serialises the making of members of one group (until the transaction ends): two translations
 * into one locale made at once, from different members, would each see the locale free.
 */
export async function lockTranslationGroup(tx: CommonQueryMethods, groupKey: string): Promise<void> {
  await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtextextended(${`translation-group:${groupKey}`}, 0))`);
}

/**
 * The workspace's default locale, whether the group `groupKey` has a live member in `localeKey`
 * (lower-cased), and whether it has one in the default locale.
 */
export async function groupLocales(
  db: CommonQueryMethods,
  workspaceId: string,
  groupKey: string,
  localeKey: string,
): Promise<{ readonly defaultLocale: string | null; readonly taken: boolean; readonly hasDefaultMember: boolean }> {
  const row = await db.one(sql.type(z.object({ default_locale: z.string().nullable(), taken: z.boolean(), has_default_member: z.boolean() }))`
    SELECT w.default_locale, coalesce(bool_or(lower(m.locale_code) = ${localeKey}), false) AS taken,
      coalesce(bool_or(lower(m.locale_code) = lower(w.default_locale)), false) AS has_default_member
    FROM workspaces w
    LEFT JOIN content_items m ON m.workspace_id = w.id AND (m.translation_group_id = ${groupKey}::uuid OR m.id = ${groupKey}::uuid)
      AND coalesce(m.translation_group_id, m.id) = ${groupKey}::uuid AND NOT m.is_deleted
    WHERE w.id = ${workspaceId}
    GROUP BY w.id, w.default_locale`);
  return { defaultLocale: row.default_locale, taken: row.taken, hasDefaultMember: row.has_default_member };
}

const sourceVersionRow = z.object({
  id: z.string(),
  version_number: z.number(),
  template_version_id: z.string(),
  template_id: z.string(),
  title: z.string().nullable(),
});
export type TranslationSourceVersion = z.infer<typeof sourceVersionRow>;

/** The version a translation starts from: the one item `itemId` serves at `now`, else its newest; null when it has none. */
export async function findTranslationSourceVersion(db: CommonQueryMethods, itemId: string, now: string): Promise<TranslationSourceVersion | null> {
  return db.maybeOne(sql.type(sourceVersionRow)`
    SELECT v.id, v.version_number, v.template_version_id, tv.template_id, ${titleOf(sql.fragment`v.id`)} AS title
    FROM (
      (${servedVersionOf(sql.fragment`${itemId}::uuid`, now, sql.fragment`cv.id, cv.version_number, cv.template_version_id, 0 AS rank`)})
      UNION ALL
      (SELECT lx.id, lx.version_number, lx.template_version_id, 1 AS rank FROM content_versions lx
       WHERE lx.content_item_id = ${itemId} ORDER BY lx.version_number DESC LIMIT 1)
    ) v
    JOIN template_versions tv ON tv.id = v.template_version_id
    ORDER BY v.rank LIMIT 1`);
}
