// What a resolved list page's validator is made of (migration 0029): the marks its workspace's
// lists follow, and the first window boundary after the read's instant. One small statement.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { preparedShape } from '../prepared.js';

const listStateRow = z.object({
  lists_mark: z.number(),
  workspace_mark: z.number(),
  global_mark: z.number(),
  next_boundary: z.string().nullable(),
});
export type ListState = z.infer<typeof listStateRow>;

const listState = preparedShape('delivery_list_state', listStateRow, (workspaceId: string, at: string) => sql.fragment`
  SELECT coalesce((SELECT m.mark FROM delivery_marks m WHERE m.subject_id = verso_delivery_lists_subject(${workspaceId}::uuid)), 0) AS lists_mark,
    coalesce((SELECT m.mark FROM delivery_marks m WHERE m.subject_id = ${workspaceId}::uuid), 0) AS workspace_mark,
    coalesce((SELECT m.mark FROM delivery_marks m WHERE m.subject_id = '00000000-0000-0000-0000-000000000000'::uuid), 0) AS global_mark,
    least((SELECT min(s.valid_from) FROM content_serving s WHERE s.workspace_id = ${workspaceId}::uuid AND s.valid_from > ${at}::timestamptz),
          (SELECT min(s.valid_until) FROM content_serving s WHERE s.workspace_id = ${workspaceId}::uuid AND s.valid_until > ${at}::timestamptz))::text
      AS next_boundary`);

/** The marks of the workspace's lists and the first window boundary after `at` (ISO). */
export async function findListState(db: CommonQueryMethods, workspaceId: string, at: string): Promise<ListState> {
  return db.one(listState(workspaceId, at));
}
