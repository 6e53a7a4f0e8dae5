// The workflow routes and publishing. Spec rules 1–2: publishing archives the prior default-
// published version first, then publishes the target, in one transaction that also writes the
// `content.version_published` event; a failure rolls all of it back. The item row is locked first,
// so publishes of one item run one at a time (and a partial unique index makes a second default-
// published row impossible even so). The scheduler publishes through the same function.
//
// Drafts may be incomplete; a version must be complete to leave Draft (submit) and to be published
// (now, by override, or scheduled): otherwise 422 naming each missing field (issue #25).
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { forbidden, invalidStateTransition } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import { ROLE_RANK } from '../../access/roles.js';
import { touchItem, type ItemRow } from '../../db/content/content-items.js';
import { archiveDefaultPublished, markVersionPublished, scheduleVersion, setVersionStatus, type VersionRow } from '../../db/content/content-versions.js';
import type { ContentVersionDetailResponse, PublishContentVersionRequest, PublishContentVersionResponse } from '../../generated/schemas.js';
import { recordContentChange, recordContentChanges } from './content-events.js';
import type { Tagged } from './content-presenter.js';
import { getContentVersion } from '../delivery/content-reads.js';
import { assertVersionComplete, requireItem, requireVersion, type VersionAddress } from './content-rules.js';
import { assertPublishable, nextStatus, type WorkflowAction } from './content-workflow.js';

export async function changeVersionStatus(
  db: DatabasePool,
  actor: Actor,
  address: VersionAddress,
  action: WorkflowAction,
  reason: string | null,
): Promise<Tagged<ContentVersionDetailResponse>> {
  await db.transaction(async (tx) => {
    const item = await requireItem(tx, address.workspaceId, address.itemId, true);
    const version = await requireVersion(tx, item.id, address.versionNumber, true);
    const status = nextStatus(action, version.status);
    if (action === 'submit') await assertVersionComplete(tx, version);
    await setVersionStatus(tx, version.id, status, action === 'reject' ? { reason } : undefined);
    await touchItem(tx, item.id);
    await recordContentChange(tx, actor, {
      event: 'content.version_status_changed',
      workspaceId: address.workspaceId,
      itemId: item.id,
      templateVersionId: version.template_version_id,
      version: { id: version.id, versionNumber: version.version_number, status },
      before: { status: version.status },
      after: reason === null ? { status } : { status, reason },
    });
  });
  return getContentVersion(db, address.workspaceId, address.itemId, address.versionNumber);
}

/**
 * Publishes `version` of the locked `item` now: the prior default-published version (only when the
 * target has no window — a dated version overlays the default, it does not replace it) is archived
 * and saved first, then the target becomes Published. The caller holds the item's row lock.
 */
export async function publishLockedVersion(tx: CommonQueryMethods, actor: Actor | null, workspaceId: string, item: ItemRow, version: VersionRow): Promise<void> {
  const archived = version.effective_start_at === null ? await archiveDefaultPublished(tx, item.id, version.id) : [];
  await markVersionPublished(tx, item.id, version.id, actor?.kind === 'User' ? actor.id : null);
  // The archived versions' events first, then the publish's (the order webhook receivers see).
  await recordContentChanges(tx, actor, [
    ...archived.map((prior) => ({
      event: 'content.version_status_changed' as const,
      workspaceId,
      itemId: item.id,
      templateVersionId: prior.template_version_id,
      version: { id: prior.id, versionNumber: prior.version_number, status: 'Archived' },
      before: { status: 'Published' },
      after: { status: 'Archived', supersededByVersionNumber: version.version_number },
    })),
    {
      event: 'content.version_published',
      workspaceId,
      itemId: item.id,
      templateVersionId: version.template_version_id,
      version: { id: version.id, versionNumber: version.version_number, status: 'Published' },
      before: { status: version.status, publishAt: version.publish_at },
      after: { status: 'Published', archivedVersionNumbers: archived.map((a) => a.version_number) },
    },
  ]);
}

export async function publishContentVersion(
  db: DatabasePool,
  actor: Actor,
  address: VersionAddress,
  body: PublishContentVersionRequest | undefined,
): Promise<Tagged<PublishContentVersionResponse>> {
  const override = body?.overrideWorkflow === true;
  const publishAt = body?.publishAt ? new Date(body.publishAt).toISOString() : null;
  const warnings: string[] = [];
  await db.transaction(async (tx) => {
    const item = await requireItem(tx, address.workspaceId, address.itemId, true);
    const version = await requireVersion(tx, item.id, address.versionNumber, true);
    if (publishAt !== null) {
      // Scheduling only stores the time; the version must be Approved and the workflow kept.
      if (override) throw invalidStateTransition('A scheduled publication cannot override the workflow; approve the version first.');
      if (version.status !== 'Approved') throw invalidStateTransition(`Content version cannot transition from ${version.status} to Published.`);
      await assertVersionComplete(tx, version);
      if (Date.parse(publishAt) <= Date.now()) warnings.push('publishAt is not in the future; the scheduler publishes the version on its next pass.');
      await scheduleVersion(tx, version.id, publishAt);
      await touchItem(tx, item.id);
      await recordContentChange(tx, actor, {
        event: 'content.version_updated',
        workspaceId: address.workspaceId,
        itemId: item.id,
        templateVersionId: version.template_version_id,
        version: { id: version.id, versionNumber: version.version_number, status: version.status },
        before: { publishAt: version.publish_at },
        after: { publishAt },
      });
      return;
    }
    // overrideWorkflow depends on the body, so the contract's access rule cannot express it.
    if (override && version.status !== 'Approved' && ROLE_RANK[actor.role] < ROLE_RANK.Admin) {
      throw forbidden('Only an Admin may override the workflow to publish a version that is not Approved.');
    }
    assertPublishable(version.status, override);
    await assertVersionComplete(tx, version);
    await publishLockedVersion(tx, actor, address.workspaceId, item, version);
  });
  const { body: version, etag } = await getContentVersion(db, address.workspaceId, address.itemId, address.versionNumber);
  return { body: { version, warnings }, etag };
}
