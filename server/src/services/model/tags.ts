// Tags: listed with how many content items carry them. Deleting one changes the items carrying it,
// so it is content's (services/content/content-tags.ts).
import type { DatabasePool } from 'slonik';
import { listTags } from '../../db/model/tags.js';
import type { operations } from '../../generated/openapi.js';
import type { TagResponsePagedResponse } from '../../generated/schemas.js';
import { pageRequest, toPage } from '../platform/paging.js';

type TagListQuery = NonNullable<operations['listTags']['parameters']['query']>;

export async function listWorkspaceTags(db: DatabasePool, workspaceId: string, query: TagListQuery): Promise<TagResponsePagedResponse> {
  const page = pageRequest(query);
  const { rows, total } = await listTags(db, workspaceId, page.pageSize, page.offset);
  return toPage(rows.map((t) => ({ id: t.id, name: t.name, usageCount: t.usage_count })), total, page);
}
