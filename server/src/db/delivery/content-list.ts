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
import type { CommonQueryMethods } from 'slonik';
import type { ContentListQuery } from './list-filters.js';
import type { ContentListRow } from './list-rows.js';
import { countPlain, plainPage } from './plain-list.js';
import { countServed, resolvedPage } from './served-list.js';

export type { ContentListQuery, ContentSortKey } from './list-filters.js';
export { joinedVersion, type ContentListRow } from './list-rows.js';

/** The number of items the list matches: the plain list's live items, or the resolved list's served ones, passing the filters. */
export async function countContent(db: CommonQueryMethods, q: ContentListQuery): Promise<number> {
  if (q.resolve) return countServed(db, q);
  return countPlain(db, q);
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
