// The rows both lists answer: an item's columns, its title and version count, and the versions it
// joined — the served one (`sv`) and, on the plain list only, the latest one (`lv`) — each selected
// as `<prefix>_<column>` so one row schema reads them.
import { sql } from 'slonik';
import { z } from 'zod';
import { itemRow } from '../content/content-items.js';
import { versionSummaryRow, type VersionSummaryRow } from '../content/content-versions.js';

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
/** Who created the item (its version 1's user, when still there): the plain list's rows only. */
const authorColumns = { author_id: z.string().nullable().optional(), author_name: z.string().nullable().optional() };
export const listRow = itemRow.extend({ version_count: z.number(), title: z.string().nullable(), ...servedColumns, ...optionalLatest, ...authorColumns });
export type ContentListRow = z.infer<typeof listRow>;
/** A row of the resolved page, with the number of rows matched before LIMIT/OFFSET. */
export const countedListRow = listRow.extend({ total_count: z.number() });
export const countRow = z.object({ n: z.number() });

/** The served version's columns, from `sv`. */
export const SERVED_COLUMNS = versionSelect('sv', 'sv');
/** The latest version's columns, from `lv`. */
export const LATEST_COLUMNS = versionSelect('lv', 'lv');

/**
 * The item `ci`'s author as `author_id`, `author_name`: the user who created its version 1, named by
 * their display name or else their email; a LIMIT subquery, one probe per page row (an item's
 * version numbers are unique, and so is a user id).
 */
export const AUTHOR_JOIN = sql.fragment`LEFT JOIN LATERAL (
    SELECT u.id AS author_id, coalesce(nullif(btrim(u.display_name), ''), u.email) AS author_name
    FROM content_versions fv JOIN users u ON u.id = fv.created_by_user_id AND u.deleted_at IS NULL
    WHERE fv.content_item_id = ci.id AND fv.version_number = 1 LIMIT 1) au ON true`;
