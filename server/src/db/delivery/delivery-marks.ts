// Marks (migration 0028): every change the delivery notices announce moves the marks of what it
// touches, in the writer's transaction; a stored document and a list's validator are exact while the
// marks they were made under have not moved.
import { sql, type FragmentSqlToken } from 'slonik';
import type { HotPool } from '../hot-pool.js';
import { statementShape } from '../prepared.js';

/**
 * The marks of `subjects` (distinct) and the global one, summed (an absent mark counts 0). Marks
 * only grow — each move takes the next value of one sequence, above every mark there is — so the
 * sum grows whenever any of them moves, and an unchanged sum means none did.
 *
 * One scalar subquery (a primary-key probe) per subject, added as bigint: the same sum as
 * `sum(mark) … WHERE subject_id IN (…)`, which cost the backend ~16 µs more per stored document
 * lookup (the backend's own CPU time, median of five rounds of 6,000 lookups: 78 against 62 µs;
 * a bare lookup of a body by key is 40 µs).
 */
export function summedMarks(...subjects: FragmentSqlToken[]): FragmentSqlToken {
  const markOf = (subject: FragmentSqlToken) => sql.fragment`coalesce((SELECT m.mark FROM delivery_marks m WHERE m.subject_id = ${subject}), 0)`;
  return sql.fragment`(${sql.join([...subjects, sql.fragment`'00000000-0000-0000-0000-000000000000'::uuid`].map(markOf), sql.fragment` + `)})::bigint`;
}

/** The lists' state of a workspace: their summed marks and the next window boundary (UTC ISO, `infinity`, or null). */
export interface ListState {
  readonly marks: number;
  readonly next_boundary: string | null;
}

/**
 * The lists' state (migration 0029) as a one-row subquery: `marks`, the summed marks of the
 * workspace's lists and of the workspace, and `next_boundary`, the first window boundary after the
 * read's instant (timestamptz, null when none).
 */
export function listStateOf(workspaceId: string, at: string): FragmentSqlToken {
  return sql.fragment`(SELECT ${summedMarks(sql.fragment`verso_delivery_lists_subject(${workspaceId}::uuid)`, sql.fragment`${workspaceId}::uuid`)} AS marks,
    least((SELECT min(s.valid_from) FROM content_serving s WHERE s.workspace_id = ${workspaceId}::uuid AND s.valid_from > ${at}::timestamptz),
          (SELECT min(s.valid_until) FROM content_serving s WHERE s.workspace_id = ${workspaceId}::uuid AND s.valid_until > ${at}::timestamptz))
      AS next_boundary)`;
}

/**
 * The columns of a list state `st` (listStateOf) as the hot pool's text, `marks` and
 * `next_boundary`. The boundary is written so that it does not depend on the connection's TimeZone
 * (the state read on either pool gives the same ETag): ISO in UTC, or `infinity` (an open-ended
 * window's end), which to_char cannot write.
 */
export const LIST_STATE_COLUMNS = sql.fragment`st.marks::text AS marks,
  CASE WHEN isfinite(st.next_boundary) THEN to_char(st.next_boundary AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
    ELSE st.next_boundary::text END AS next_boundary`;

/** A row's LIST_STATE_COLUMNS. */
export type ListStateText = { readonly marks: string; readonly next_boundary: string | null };

/** The list state a row's LIST_STATE_COLUMNS hold. */
export const listStateOfText = (row: ListStateText): ListState => ({ marks: Number(row.marks), next_boundary: row.next_boundary });

const listState = statementShape('delivery_list_state', (workspaceId: string, at: string) => sql.fragment`
  SELECT ${LIST_STATE_COLUMNS} FROM ${listStateOf(workspaceId, at)} st`);

/** The marks of the workspace's lists and the first window boundary after `at` (ISO), on the hot pool. */
export async function findListState(hot: HotPool, workspaceId: string, at: string): Promise<ListState> {
  const [row] = await hot.shaped<ListStateText>(listState, workspaceId, at);
  return listStateOfText(row!);
}
