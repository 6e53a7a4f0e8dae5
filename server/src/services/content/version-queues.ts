// Work queues across a workspace's items (issue #25): versions by status, creator (`me` = the
// calling user), rejection and schedule, one page in one statement (db/content/version-queues.ts).
import type { DatabasePool } from 'slonik';
import { userIdOf, type Actor } from '../../access/actor.js';
import { listVersionQueue, type QueueRow } from '../../db/content/version-queues.js';
import type { operations } from '../../generated/openapi.js';
import type { WorkspaceContentVersionResponse, WorkspaceContentVersionResponsePagedResponse } from '../../generated/schemas.js';
import { versionSummary } from './content-presenter.js';
import { pageRequest, toPage } from '../platform/paging.js';

type QueueQuery = NonNullable<operations['listWorkspaceContentVersions']['parameters']['query']>;

const entryOf = (r: QueueRow): WorkspaceContentVersionResponse => ({
  contentItemId: r.content_item_id,
  title: r.title,
  itemSlug: r.item_slug,
  templateName: r.template_name,
  createdByUserId: r.created_by_user_id,
  rejectedAt: r.rejected_at,
  rejectionReason: r.rejection_reason,
  version: versionSummary(r),
});

export async function listWorkspaceContentVersions(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  query: QueueQuery,
): Promise<WorkspaceContentVersionResponsePagedResponse> {
  const page = pageRequest(query);
  const createdBy = query.createdBy === undefined ? undefined : query.createdBy === 'me' ? userIdOf(actor) : query.createdBy.toLowerCase();
  // Only users create versions that carry a creator: `me` for an API client matches nothing.
  if (createdBy === null) return toPage([], 0, page);
  const { rows, total } = await listVersionQueue(
    db,
    workspaceId,
    { status: query.status, createdByUserId: createdBy, rejected: query.rejected, scheduled: query.scheduled, contentItemId: query.contentItemId?.toLowerCase() },
    page.pageSize,
    page.offset,
  );
  return toPage(rows.map(entryOf), total, page);
}
