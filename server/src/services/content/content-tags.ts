// Deleting a tag (Admin): it leaves every item carrying it and is soft-deleted, so a later content
// save can create the name afresh. Tags are the items' (spec, Content item), so each item that
// loses the tag changes as a save of its tags would change it: its ETag moves, its versions' copies
// follow (what by-slug, the lists and the admin read), the delivery caches and stored pages hear of
// it from the rows' own triggers, and it records `content.updated` (its webhook, with the purge
// keys a CDN needs, and its audit entry) beside the tag's own audit entry.
import type { DatabasePool } from 'slonik';
import type { Actor } from '../../access/actor.js';
import { findItemsByIds, untagItems } from '../../db/content/content-items.js';
import { findTag, softDeleteTag } from '../../db/model/tags.js';
import { notFound } from '../../errors.js';
import { auditModelChange } from '../model/model-audit.js';
import { recordContentChanges } from './content-events.js';

export async function removeTag(db: DatabasePool, actor: Actor, workspaceId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const tag = await findTag(tx, workspaceId, id);
    if (!tag) throw notFound('The tag');
    const itemIds = await untagItems(tx, id);
    await softDeleteTag(tx, id);
    const items = await findItemsByIds(tx, workspaceId, itemIds);
    await recordContentChanges(
      tx,
      actor,
      items.map((item) => ({
        event: 'content.updated' as const,
        workspaceId,
        itemId: item.id,
        templateVersionId: item.template_version_id,
        before: { tags: [...item.tags, tag.name].sort() },
        after: { tags: item.tags },
      })),
    );
    await auditModelChange(tx, actor, {
      workspaceId,
      entityType: 'Tag',
      entityId: id,
      action: 'Deleted',
      before: { name: tag.name, usageCount: itemIds.length },
    });
  });
}
