// The content list with `locale` (Verso extension): one entry per translation group, the member best
// ranked in the reader's chain. A group is keyed by coalesce(translation_group_id, id): an item
// without a group is a group of its own. A member's rank is its locale's place in the chain; a member
// without a locale ranks after every locale in it; a member whose locale is outside the chain is no
// candidate at all. Ties (two members in one locale) go to the lowest item id.
//
// Each list keeps a row when no better-ranked member of its group qualifies (serves at the instant,
// is live, or has something to preview): a NOT EXISTS probe of the group's few rows through the
// group indexes (migration 0044), so a page still walks its sort's index and stops after the page.
// The chain is computed once per statement in SQL (verso_locale_chain, migration 0041) from the
// requested tag's lookup prefixes, so a statement needs nothing read beforehand.
import { sql, type FragmentSqlToken } from 'slonik';

/** The reader's locale as a list query carries it (services/localization/requested-locale.ts). */
export interface ListLocale {
  /** The canonical requested tag. */
  readonly canonical: string;
  /** Its lookup prefixes, lower-cased, longest first. */
  readonly prefixes: readonly string[];
}

/** The chain (lower-cased codes, in order) as an uncorrelated subquery: an InitPlan, run once. */
export function chainOf(workspaceId: string, locale: ListLocale): FragmentSqlToken {
  return sql.fragment`(SELECT verso_locale_chain(${workspaceId}::uuid, ${sql.array([...locale.prefixes], 'text')}))`;
}

/**
 * The rank of a member whose locale column is `localeCode` (null: not a candidate). The one
 * statement of the ranking rule: lists (bestOfGroup) and single groups (served-groups.ts) use it.
 */
export function rankOf(localeCode: FragmentSqlToken, chain: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`coalesce(array_position(${chain}, lower(${localeCode})), CASE WHEN ${localeCode} IS NULL THEN cardinality(${chain}) + 1 END)`;
}

/** A row's locale makes it a candidate: in the chain, or none. */
export function isCandidate(localeCode: FragmentSqlToken, chain: FragmentSqlToken): FragmentSqlToken {
  // The cast makes the subquery one array value: ANY(subquery) would compare with each of its rows.
  return sql.fragment`(${localeCode} IS NULL OR lower(${localeCode}) = ANY(${chain}::text[]))`;
}

/** The names of a member's columns in a table: its alias, and what its item id is called there. */
interface Member {
  readonly alias: string;
  readonly id: 'id' | 'content_item_id';
}

const col = (m: Member, name: string): FragmentSqlToken => sql.fragment`${sql.identifier([m.alias, name])}`;
const groupKeyOf = (m: Member) => sql.fragment`coalesce(${col(m, 'translation_group_id')}, ${col(m, m.id)})`;

/**
 * True when `row` is a candidate that no better-ranked member outranks: no row `other` of `table`
 * in the same workspace and group, passing `qualifies` (its own conditions: serving at the instant,
 * live, …), has a lower (rank, item id).
 */
export function bestOfGroup(
  workspaceId: string,
  chain: FragmentSqlToken,
  table: 'content_serving' | 'content_items',
  row: Member,
  other: Member,
  qualifies: FragmentSqlToken,
): FragmentSqlToken {
  const rankRow = rankOf(col(row, 'locale_code'), chain);
  const rankOther = rankOf(col(other, 'locale_code'), chain);
  // A row comparison with a null rank is null, so a member outside the chain never outranks.
  return sql.fragment`${isCandidate(col(row, 'locale_code'), chain)} AND NOT EXISTS (
    SELECT 1 FROM ${sql.identifier([table])} ${sql.identifier([other.alias])}
    WHERE ${col(other, 'workspace_id')} = ${workspaceId} AND ${groupKeyOf(other)} = ${groupKeyOf(row)} AND ${qualifies}
      AND (${rankOther}, ${col(other, other.id)}) < (${rankRow}, ${col(row, row.id)}))`;
}
