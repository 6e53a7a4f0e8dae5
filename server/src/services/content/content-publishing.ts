// The workflow routes and publishing. Spec rules 1–2: publishing archives the prior default-
// published version first, then publishes the target, in one transaction that also writes the
// `content.version_published` event; a failure rolls all of it back. That transaction is one
// statement (verso_publish_content_version, migration 0024: a publish is one read and one write,
// issue #24). The item row is locked first, so publishes of one item run one at a time (and a
// partial unique index makes a second default-published row impossible even so). The scheduler
// publishes through the same function.
//
// Drafts may be incomplete; a version must be complete to leave Draft (submit) and to be published
// (now, by override, or scheduled): otherwise 422 naming each missing field (issue #25).
import type { CommonQueryMethods } from 'slonik';
import { forbidden, invalidStateTransition, notFound } from '../../errors.js';
import { userIdOf, type Actor } from '../../access/actor.js';
import { ROLE_RANK } from '../../access/roles.js';
import { touchItem, type ItemRow } from '../../db/content/content-items.js';
import { scheduleVersion, setVersionStatus, type VersionRow } from '../../db/content/content-versions.js';
import { applyPublication, findPriorDefaults, readPublicationState, type PriorDefault } from '../../db/content/content-publication.js';
import { valueAsInput, type ValueRow } from '../../db/content/content-values.js';
import { barrierNotice } from '../../db/delivery/delivery-notices.js';
import { currentRequestContext } from '../../context/request-context.js';
import { auditRowsOf } from '../platform/audit.js';
import { presentLoadedVersionDetails } from '../delivery/content-expansion.js';
import type { ContentVersionDetailResponse, PublishContentVersionRequest, PublishContentVersionResponse } from '../../generated/schemas.js';
import { aboutVersion, contentChangeRecords, contentPayloadExtra, recordContentChange, type ContentChange } from './content-events.js';
import { versionEtag, type Tagged } from './content-presenter.js';
import { getContentVersion } from '../delivery/content-reads.js';
import { assertVersionComplete, nowIso, requireItem, requireVersion, type VersionAddress } from './content-rules.js';
import { assertComplete } from './content-validation.js';
import { assertPublishable, nextStatus, type WorkflowAction } from './content-workflow.js';

export async function changeVersionStatus(
  db: CommonQueryMethods,
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
      ...aboutVersion(address.workspaceId, version, status),
      before: { status: version.status },
      after: reason === null ? { status } : { status, reason },
    });
  });
  return getContentVersion(db, address.workspaceId, address.itemId, address.versionNumber);
}

/**
 * What a publish records: the archived versions' status changes first, then the publish's (the
 * order webhook receivers see). A release's batched publish records the same (services/releases).
 */
export function publicationChanges(workspaceId: string, itemId: string, version: VersionRow, archived: readonly PriorDefault[]): ContentChange[] {
  return [
    ...archived.map((prior) => ({
      event: 'content.version_status_changed' as const,
      workspaceId,
      itemId,
      templateVersionId: prior.template_version_id,
      version: { id: prior.id, versionNumber: prior.version_number, status: 'Archived' },
      before: { status: 'Published' },
      after: { status: 'Archived', supersededByVersionNumber: version.version_number },
    })),
    {
      event: 'content.version_published' as const,
      ...aboutVersion(workspaceId, version, 'Published'),
      before: { status: version.status, publishAt: version.publish_at },
      after: { status: 'Published', archivedVersionNumbers: archived.map((a) => a.version_number) },
    },
  ];
}

/**
 * Every write of publishing `version` now, in one statement (db/content/content-publication.ts):
 * the prior default-published versions (`priorDefaults`, only when the target has no window — a
 * dated version overlays the default, it does not replace it) archived first, the target
 * Published, the item touched, the outbox events and audit entries. Null, with nothing written,
 * when the version or the item's default-published versions are no longer what was read.
 */
async function writePublication(
  db: CommonQueryMethods,
  actor: Actor | null,
  workspaceId: string,
  itemId: string,
  version: VersionRow,
  priorDefaults: readonly PriorDefault[],
): Promise<VersionRow | null> {
  const dated = version.effective_start_at !== null;
  const archived = dated ? [] : priorDefaults;
  const { events, audits } = contentChangeRecords(actor, publicationChanges(workspaceId, itemId, version, archived));
  // The request's delivery-cache barrier rides in the same statement (http/openapi-router.ts).
  const barrier = currentRequestContext()?.deliveryBarrier;
  const published = await applyPublication(db, {
    workspaceId,
    itemId,
    version,
    archiveIds: dated ? null : archived.map((a) => a.id),
    publishedByUserId: userIdOf(actor),
    events: events.map((e) => ({ workspace_id: workspaceId, event_type: e.eventType, entity_type: e.entityType, entity_id: e.entityId, payload: e.payload })),
    // One item's changes: the same purge keys, locale and group for every event.
    payloadExtra: contentPayloadExtra(workspaceId, itemId),
    audits: auditRowsOf(audits),
    barrierNotice: barrier && !barrier.sent ? barrierNotice(barrier.token) : null,
  });
  // Sent once it is committed: inside a caller's transaction (the fallback below), at its commit.
  if (published && barrier) barrier.sent = true;
  return published;
}

/**
 * Publishes `version` of the locked `item` now (the scheduler, inside its transaction). The caller
 * holds the item's row lock, so what is read here cannot change before the write.
 */
export async function publishLockedVersion(tx: CommonQueryMethods, actor: Actor | null, workspaceId: string, item: ItemRow, version: VersionRow): Promise<void> {
  const priors = version.effective_start_at === null ? await findPriorDefaults(tx, item.id, version.id) : [];
  if ((await writePublication(tx, actor, workspaceId, item.id, version, priors)) === null) {
    throw new Error(`version ${version.id} changed under its item's lock`);
  }
}

/** Unlocked attempts before the publish takes the item's lock first (and so cannot lose). */
const OPTIMISTIC_ATTEMPTS = 2;

/**
 * Publishes now (no publishAt): one read of the version, its values and the item's default-published
 * versions, the rules checked here (403 override, 422 workflow, 422 naming missing fields), then
 * every write in one statement that applies only if none of what was read changed meanwhile — two
 * round trips instead of a transaction of ten statements, which
 * under a busy API each waited for the event loop (bench/publish-cost.ts). A lost race reads again;
 * after OPTIMISTIC_ATTEMPTS the attempt runs in a transaction holding the item's lock.
 */
async function publishNow(db: CommonQueryMethods, actor: Actor, address: VersionAddress, override: boolean): Promise<{ version: VersionRow; values: readonly ValueRow[] }> {
  const attempt = async (q: CommonQueryMethods) => {
    const state = await readPublicationState(q, address.workspaceId, address.itemId, address.versionNumber);
    if (!state) {
      await requireItem(q, address.workspaceId, address.itemId);
      throw notFound('The content version');
    }
    const { version, values } = state;
    // overrideWorkflow depends on the body, so the contract's access rule cannot express it.
    if (override && version.status !== 'Approved' && ROLE_RANK[actor.role] < ROLE_RANK.Admin) {
      throw forbidden('Only an Admin may override the workflow to publish a version that is not Approved.');
    }
    assertPublishable(version.status, override);
    assertComplete(state.fields.filter((f) => !state.sharedFieldIds.has(f.id)), values.map(valueAsInput), version.version_number);
    const published = await writePublication(q, actor, address.workspaceId, version.content_item_id, version, state.priorDefaults);
    return published === null ? null : { version: published, values };
  };
  for (let n = 0; n < OPTIMISTIC_ATTEMPTS; n++) {
    const done = await attempt(db);
    if (done) return done;
  }
  return db.transaction(async (tx) => {
    await requireItem(tx, address.workspaceId, address.itemId, true);
    const done = await attempt(tx);
    if (!done) throw new Error(`version ${address.versionNumber} of item ${address.itemId} changed under its item's lock`);
    return done;
  });
}

export async function publishContentVersion(
  db: CommonQueryMethods,
  actor: Actor,
  address: VersionAddress,
  body: PublishContentVersionRequest | undefined,
): Promise<Tagged<PublishContentVersionResponse>> {
  const override = body?.overrideWorkflow === true;
  const publishAt = body?.publishAt ? new Date(body.publishAt).toISOString() : null;
  if (publishAt === null) {
    const { version, values } = await publishNow(db, actor, address, override);
    // The response from what was read and written: the values did not change (the version's
    // row_version was checked), only expansion of children reads again.
    const [detail] = await presentLoadedVersionDetails(db, [{ version, values }], { workspaceId: address.workspaceId, expandChildren: true, asOf: nowIso() });
    return { body: { version: detail!, warnings: [] }, etag: versionEtag(version) };
  }
  const warnings: string[] = [];
  await db.transaction(async (tx) => {
    const item = await requireItem(tx, address.workspaceId, address.itemId, true);
    const version = await requireVersion(tx, item.id, address.versionNumber, true);
    // Scheduling only stores the time; the version must be Approved and the workflow kept.
    if (override) throw invalidStateTransition('A scheduled publication cannot override the workflow; approve the version first.');
    if (version.status !== 'Approved') throw invalidStateTransition(`Content version cannot transition from ${version.status} to Published.`);
    await assertVersionComplete(tx, version);
    if (Date.parse(publishAt) <= Date.now()) warnings.push('publishAt is not in the future; the scheduler publishes the version on its next pass.');
    await scheduleVersion(tx, version.id, publishAt);
    await touchItem(tx, item.id);
    await recordContentChange(tx, actor, {
      event: 'content.version_updated',
      ...aboutVersion(address.workspaceId, version),
      before: { publishAt: version.publish_at },
      after: { publishAt },
    });
  });
  const { body: version, etag } = await getContentVersion(db, address.workspaceId, address.itemId, address.versionNumber);
  return { body: { version, warnings }, etag };
}
