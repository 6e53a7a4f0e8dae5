// Every change to the content model is audited in the transaction that makes it. This module is
// the model's one door to the audit log, so the entity types and the shape of the deltas stay
// uniform across templates, components, picklists, tags and package imports.
import type { CommonQueryMethods } from 'slonik';
import type { Actor } from '../../access/actor.js';
import { recordAudit } from '../platform/audit.js';

export type ModelEntityType = 'Template' | 'TemplateVersion' | 'Component' | 'ComponentVersion' | 'PickList' | 'Tag';

export interface ModelChange {
  readonly workspaceId: string;
  readonly entityType: ModelEntityType;
  readonly entityId: string;
  readonly action: 'Created' | 'Updated' | 'Deleted' | 'StatusChanged';
  readonly before?: Readonly<Record<string, unknown>> | null;
  readonly after?: Readonly<Record<string, unknown>> | null;
}

export async function auditModelChange(tx: CommonQueryMethods, actor: Actor, change: ModelChange): Promise<void> {
  await recordAudit(tx, {
    workspaceId: change.workspaceId,
    entityType: change.entityType,
    entityId: change.entityId,
    action: change.action,
    actor,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/**
 * A publish of a template or component version: the versions that were Published become Archived
 * and the draft becomes Published. Recorded in that order, one StatusChanged entry per version,
 * so the audit log reads the same for both kinds of version.
 */
export async function auditVersionPublished(
  tx: CommonQueryMethods,
  actor: Actor,
  publish: {
    readonly workspaceId: string;
    readonly entityType: 'TemplateVersion' | 'ComponentVersion';
    readonly publishedId: string;
    readonly archivedIds: readonly string[];
  },
): Promise<void> {
  const { workspaceId, entityType } = publish;
  for (const entityId of publish.archivedIds) {
    await auditModelChange(tx, actor, {
      workspaceId,
      entityType,
      entityId,
      action: 'StatusChanged',
      before: { status: 'Published' },
      after: { status: 'Archived' },
    });
  }
  await auditModelChange(tx, actor, {
    workspaceId,
    entityType,
    entityId: publish.publishedId,
    action: 'StatusChanged',
    before: { status: 'Draft' },
    after: { status: 'Published' },
  });
}
