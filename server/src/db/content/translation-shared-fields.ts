// Which fields of a version a translation does not write itself (fields shared across
// translations). A field with `localized = false` is written once per translation group, on the
// member in the workspace's default locale, and served from there to every member; so on any other
// member of a group that HAS a live default-locale member, the field is not required (submit and
// publish skip it) and its own values are not served. A member whose group has no default-locale
// member, or a workspace without a default locale, writes every field itself.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

/**
 * A uuid[] expression: the non-localized fields of template version `templateVersionId` when the
 * item `itemId` takes them from its group's default-locale member, else empty. Costs one probe of
 * the template version's fields (an empty answer for almost every template) before it looks at the
 * group at all.
 */
export function sharedFieldIdsOf(itemId: FragmentSqlToken, templateVersionId: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`(SELECT coalesce(array_agg(f.id ORDER BY f.id), '{}'::uuid[]) FROM template_fields f
    WHERE f.template_version_id = ${templateVersionId} AND NOT f.localized
      AND EXISTS (
        SELECT 1 FROM content_items m
        JOIN workspaces w ON w.id = m.workspace_id
        JOIN content_items s ON s.translation_group_id = m.translation_group_id AND s.workspace_id = m.workspace_id
          AND s.id <> m.id AND NOT s.is_deleted AND lower(s.locale_code) = lower(w.default_locale)
        WHERE m.id = ${itemId} AND m.translation_group_id IS NOT NULL
          AND lower(m.locale_code) IS DISTINCT FROM lower(w.default_locale)))`;
}

/** The fields of `templateVersionId` the item `itemId` takes from its default-locale member (see sharedFieldIdsOf). */
export async function findSharedFieldIds(db: CommonQueryMethods, itemId: string, templateVersionId: string): Promise<ReadonlySet<string>> {
  const ids = await db.oneFirst(sql.type(z.object({ ids: z.array(z.string()) }))`
    SELECT ${sharedFieldIdsOf(sql.fragment`${itemId}::uuid`, sql.fragment`${templateVersionId}::uuid`)} AS ids`);
  return new Set(ids);
}
