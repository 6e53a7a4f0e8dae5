// Marks (migration 0028): every change the delivery notices announce moves the marks of what it
// touches, in the writer's transaction; a stored document and a list's validator are exact while the
// marks they were made under have not moved.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { preparedShape } from '../prepared.js';

/**
 * The marks of `subjects` and the global one, summed (an absent mark counts 0). Marks only grow —
 * each move takes the next value of one sequence, above every mark there is — so the sum grows
 * whenever any of them moves, and an unchanged sum means none did.
 */
export function summedMarks(...subjects: FragmentSqlToken[]): FragmentSqlToken {
  return sql.fragment`coalesce((SELECT sum(m.mark) FROM delivery_marks m
    WHERE m.subject_id IN (${sql.join(subjects, sql.fragment`, `)}, '00000000-0000-0000-0000-000000000000'::uuid)), 0)::bigint`;
}

const listStateRow = z.object({ marks: z.number(), next_boundary: z.string().nullable() });
export type ListState = z.infer<typeof listStateRow>;

// The lists' state (migration 0029): the marks of the workspace's lists and of the workspace, and the
// first window boundary after the read's instant.
const listState = preparedShape('delivery_list_state', listStateRow, (workspaceId: string, at: string) => sql.fragment`
  SELECT ${summedMarks(sql.fragment`verso_delivery_lists_subject(${workspaceId}::uuid)`, sql.fragment`${workspaceId}::uuid`)} AS marks,
    least((SELECT min(s.valid_from) FROM content_serving s WHERE s.workspace_id = ${workspaceId}::uuid AND s.valid_from > ${at}::timestamptz),
          (SELECT min(s.valid_until) FROM content_serving s WHERE s.workspace_id = ${workspaceId}::uuid AND s.valid_until > ${at}::timestamptz))::text
      AS next_boundary`);

/** The marks of the workspace's lists and the first window boundary after `at` (ISO). */
export async function findListState(db: CommonQueryMethods, workspaceId: string, at: string): Promise<ListState> {
  return db.one(listState(workspaceId, at));
}
