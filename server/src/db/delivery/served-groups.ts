// Translation groups as delivery reads resolve them. An item's group is keyed by
// coalesce(translation_group_id, id) (an item without a group is a group of its own); its members
// are the group's live items. A read in a locale serves, for each group it meets (the slug's, each
// child's), the member best ranked in the reader's chain (verso_locale_chain, migration 0041; the
// rank as locale-candidates.ts states it for lists too: its position in the chain, a member without
// a locale after every chain entry, a member in a locale outside the chain not at all), ties to the
// lowest id; among those that have a version to give (the
// served one at the instant, or the previewed one). Every fragment here reads the group through
// content_items' primary key and content_items_translation_group, and the version through the
// serving index: a few index probes per group, never a scan.
import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { isCandidate, rankOf } from './locale-candidates.js';

/** The lower-cased chain of a read in a locale, as the CTE `chain (keys)`; `prefixes` is the text of a text[]. */
export const chainCte = (workspaceId: string, prefixes: string) =>
  sql.fragment`chain AS (SELECT verso_locale_chain(${workspaceId}::uuid, ${prefixes}::text[]) AS keys)`;

/**
 * The live members of the group of the item row aliased `alias` (columns id, locale_code, slug,
 * row_version), as a FROM item. The OR lets each half use an index (the translation group's, the
 * primary key); the equality keeps exactly the members.
 */
export function groupMembersOf(alias: string, workspaceId: string): FragmentSqlToken {
  const key = sql.fragment`coalesce(${sql.identifier([alias, 'translation_group_id'])}, ${sql.identifier([alias, 'id'])})`;
  return sql.fragment`(SELECT mi.id, mi.locale_code, mi.slug, mi.row_version FROM content_items mi
    WHERE (mi.translation_group_id = ${key} OR mi.id = ${key}) AND coalesce(mi.translation_group_id, mi.id) = ${key}
      AND mi.workspace_id = ${workspaceId} AND NOT mi.is_deleted)`;
}

/**
 * The member of `alias`'s group a read in the locale of the CTE `chain` gives, with its version:
 * `versionOf(m.id)` is a subquery for the version a member gives (none: not a candidate), selecting
 * what the caller wants; the result is that subquery's row, as `sv`'s columns, plus `member_id`.
 */
export function groupWinnerOf(alias: string, workspaceId: string, versionOf: (memberId: FragmentSqlToken) => FragmentSqlToken): FragmentSqlToken {
  const locale = sql.fragment`m.locale_code`;
  const keys = sql.fragment`chain.keys`;
  return sql.fragment`SELECT m.id AS member_id, sv.*
    FROM ${groupMembersOf(alias, workspaceId)} m CROSS JOIN chain CROSS JOIN LATERAL (${versionOf(sql.fragment`m.id`)}) sv
    WHERE ${isCandidate(locale, keys)}
    ORDER BY ${rankOf(locale, keys)}, m.id
    LIMIT 1`;
}

/** A member of a group as a read reports it: identity and, when it has one, the version it gives. */
export const groupMemberRow = z.object({
  id: z.string(),
  localeCode: z.string().nullable(),
  slug: z.string().nullable(),
  rowVersion: z.number(),
  versionId: z.string().nullable(),
  versionRowVersion: z.number().nullable(),
});
export type GroupMemberRow = z.infer<typeof groupMemberRow>;

/**
 * Every live member of `alias`'s group as a JSON array of GroupMemberRow, each with the version
 * `versionOf` gives it (selecting `cv.id, cv.row_version`; null when none).
 */
export function groupMembersJson(alias: string, workspaceId: string, versionOf: (memberId: FragmentSqlToken) => FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'localeCode', m.locale_code, 'slug', m.slug,
      'rowVersion', m.row_version, 'versionId', sv.id, 'versionRowVersion', sv.row_version)), '[]'::jsonb)
    FROM ${groupMembersOf(alias, workspaceId)} m LEFT JOIN LATERAL (${versionOf(sql.fragment`m.id`)}) sv ON TRUE)`;
}

/**
 * The ids of every live member of the groups of the children that version `versionId` names (a
 * JSON array): a child whose group gives nothing in the reader's locale is in no row of a tree,
 * yet any of its members may start serving, and a stored document must end then.
 */
export function namedGroupsJson(versionId: FragmentSqlToken, workspaceId: string): FragmentSqlToken {
  return sql.fragment`(SELECT coalesce(jsonb_agg(DISTINCT m.id), '[]'::jsonb)
    FROM content_field_values nfv
    JOIN content_items nc ON nc.id = nfv.child_content_item_id AND nc.workspace_id = ${workspaceId} AND NOT nc.is_deleted
    CROSS JOIN LATERAL ${groupMembersOf('nc', workspaceId)} m
    WHERE nfv.content_version_id = ${versionId} AND nfv.child_content_item_id IS NOT NULL)`;
}

/**
 * The text of a text[] parameter holding the lookup prefixes of a canonical tag
 * (language-tags.ts lookupPrefixes: lower-case letters, digits and dashes, so nothing to quote).
 */
export const prefixesText = (prefixes: readonly string[]): string => `{${prefixes.join(',')}}`;
