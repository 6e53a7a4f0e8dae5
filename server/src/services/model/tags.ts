// Tags: listed with how many content items carry them; deleting one (Admin) removes it from every
// item and soft-deletes it, so a later content save can create the name afresh.
import type { DatabasePool } from 'slonik';
import { notFound } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import { deleteTag, findTag, listTags } from '../../db/model/tags.js';
import type { operations } from '../../generated/openapi.js';
import type { TagResponsePagedResponse } from '../../generated/schemas.js';
import { auditModelChange } from './model-audit.js';
import { pageRequest, toPage } from '../platform/paging.js';

type TagListQuery = NonNullable<operations['listTags']['parameters']['query']>;

export async function listWorkspaceTags(db: DatabasePool, workspaceId: string, query: TagListQuery): Promise<TagResponsePagedResponse> {
  const page = pageRequest(query);
  const { rows, total } = await listTags(db, workspaceId, page.pageSize, page.offset);
  return toPage(rows.map((t) => ({ id: t.id, name: t.name, usageCount: t.usage_count })), total, page);
}

export async function removeTag(db: DatabasePool, actor: Actor, workspaceId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const tag = await findTag(tx, workspaceId, id);
    if (!tag) throw notFound('The tag');
    const removedFrom = await deleteTag(tx, id);
    await auditModelChange(tx, actor, {
      workspaceId,
      entityType: 'Tag',
      entityId: id,
      action: 'Deleted',
      before: { name: tag.name, usageCount: removedFrom },
    });
  });
}
