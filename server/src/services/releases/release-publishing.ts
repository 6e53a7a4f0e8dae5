// Publishing and reverting a release: every entry in one transaction, writing what a single publish
// (publishLockedVersion) or archive (the workflow's Published → Archived) of each entry writes, so
// each item's events, audit entries, served rows, delivery notices and purge keys are exactly a
// single publish's; plus one `release.published` event with the union of their purge keys.
//
// The publish writes its entries in batches (db/content/content-publication-batch.ts): one statement
// per step for up to a notice's worth of items, the same rows and the same events in the same order
// (publicationChanges), where a statement per entry made a release of 1,000 entries take about a
// minute on a busy machine (bench/release-publish.ts). The revert restores entry by entry: it is
// rare, and its entries may re-publish archived versions.
//
// Concurrency: the release row is locked first, then the entries' items in id order (the order any
// release takes them, so two releases sharing items cannot deadlock); an edit of an entry holds its
// item's lock too (content-versions), so it either commits before the validation reads (and is then
// a ChangedSinceAdded problem: nothing published) or waits until the release has committed.
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { userIdOf, type Actor } from '../../access/actor.js';
import { ROLE_RANK } from '../../access/roles.js';
import { effectiveWorkspaceAccess } from '../../access/workspace-access.js';
import { currentRequestContext, runWithRequestContext } from '../../context/request-context.js';
import { findItem, touchItem } from '../../db/content/content-items.js';
import { applyPublicationBatch, deliveryNoticeBatches, findPriorDefaultsOfMany, insertItemEvents } from '../../db/content/content-publication-batch.js';
import { findVersion, setVersionStatus, type VersionRow } from '../../db/content/content-versions.js';
import { findEntryVersions, lockEntryItems, purgeKeysWrittenNow, recordServedBefore, servedVersionNumber } from '../../db/releases/release-checks.js';
import { listEntries, markReleaseFailed, markReleasePublished, markReleaseReverted, type EntryRow, type ReleaseRow } from '../../db/releases/releases.js';
import { enqueueOutboxEvent } from '../../db/platform/outbox.js';
import { conflict, forbidden } from '../../errors.js';
import type { ReleaseProblem, ReleaseResponse } from '../../generated/schemas.js';
import { aboutVersion, contentChangeRecords, contentPayloadExtraOf, recordContentChange, type ContentChange } from '../content/content-events.js';
import type { Tagged } from '../content/content-presenter.js';
import { publicationChanges, publishLockedVersion } from '../content/content-publishing.js';
import { recordAudit, recordAudits } from '../platform/audit.js';
import { loadRelease, requireRelease } from './releases.js';
import { findReleaseProblems, releaseProblemsError } from './release-validation.js';

/**
 * Publishing an entry needs what publishing or archiving its version alone needs (publishContentVersion,
 * archiveContentVersion: Editor with Write on the workspace); 403 naming the first item the caller may not.
 */
function assertMayPublishEntries(actor: Actor, workspaceId: string, entries: readonly EntryRow[]): void {
  const may = ROLE_RANK[actor.role] >= ROLE_RANK.Editor && effectiveWorkspaceAccess(actor, workspaceId) === 'Write';
  const first = entries[0];
  if (!may && first) {
    throw forbidden(`Your role does not allow publishing item ${first.content_item_id} (version ${first.version_number}), so the release cannot be published.`);
  }
}

const entriesView = (entries: readonly EntryRow[]) => entries.map((e) => ({ itemId: e.content_item_id, versionNumber: e.version_number, action: e.action }));

/** What archiving `version` records, as archiveContentVersion does. */
const archiveChange = (workspaceId: string, version: VersionRow): ContentChange => ({
  event: 'content.version_status_changed',
  ...aboutVersion(workspaceId, version, 'Archived'),
  before: { status: version.status },
  after: { status: 'Archived' },
});

/** Archives `version` of a locked item as archiveContentVersion does (the status change, the item touched, its event and audit entry). */
async function archiveVersion(tx: CommonQueryMethods, actor: Actor | null, workspaceId: string, version: VersionRow): Promise<void> {
  await setVersionStatus(tx, version.id, 'Archived');
  await touchItem(tx, version.content_item_id);
  await recordContentChange(tx, actor, archiveChange(workspaceId, version));
}

async function archiveLocked(tx: CommonQueryMethods, actor: Actor | null, workspaceId: string, itemId: string, versionNumber: number): Promise<void> {
  await archiveVersion(tx, actor, workspaceId, (await findVersion(tx, itemId, versionNumber, { forUpdate: true }))!);
}

/** Serves `versionNumber` of a locked item through the publish path (a re-publish of an archived version included). */
async function publishLocked(tx: CommonQueryMethods, actor: Actor | null, workspaceId: string, itemId: string, versionNumber: number): Promise<void> {
  const item = (await findItem(tx, workspaceId, itemId))!;
  const version = (await findVersion(tx, itemId, versionNumber, { forUpdate: true }))!;
  await publishLockedVersion(tx, actor, workspaceId, item, version);
}

/**
 * Publishes or archives every entry's version (items locked, versions read under the locks), in
 * item id order, batch by batch: each batch's writes in a statement per step, then its items'
 * events and audit entries in one statement each — what publishLockedVersion and archiveVersion
 * write entry by entry, in the same order. A publish of an undated version supersedes the item's
 * default-published versions; a dated one overlays them.
 */
async function writeEntries(
  tx: CommonQueryMethods,
  actor: Actor | null,
  workspaceId: string,
  entries: readonly EntryRow[],
  versions: ReadonlyMap<string, VersionRow>,
): Promise<void> {
  const byItem = new Map(entries.map((e) => [e.content_item_id, e]));
  const itemIds = [...byItem.keys()].sort();
  const undated = entries.filter((e) => e.action === 'publish' && versions.get(e.content_item_id)!.effective_start_at === null);
  const priors = await findPriorDefaultsOfMany(tx, undated.map((e) => ({ itemId: e.content_item_id, versionId: versions.get(e.content_item_id)!.id })));
  for (const batch of await deliveryNoticeBatches(tx, itemIds)) {
    const supersededIds: string[] = [];
    const archiveIds: string[] = [];
    const publishIds: string[] = [];
    const changes: ContentChange[] = [];
    for (const itemId of batch) {
      const version = versions.get(itemId)!;
      if (byItem.get(itemId)!.action === 'publish') {
        const archived = version.effective_start_at === null ? (priors.get(itemId) ?? []) : [];
        supersededIds.push(...archived.map((a) => a.id));
        publishIds.push(version.id);
        changes.push(...publicationChanges(workspaceId, itemId, version, archived));
      } else {
        archiveIds.push(version.id);
        changes.push(archiveChange(workspaceId, version));
      }
    }
    await applyPublicationBatch(tx, { supersededIds, archiveIds, publishIds, publishedByUserId: userIdOf(actor), itemIds: batch });
    const { events, audits } = contentChangeRecords(actor, changes);
    await insertItemEvents(
      tx,
      events.map((e) => ({ item_id: e.payload.contentItemId as string, workspace_id: workspaceId, event_type: e.eventType, entity_type: e.entityType, entity_id: e.entityId, payload: e.payload })),
      (itemId) => contentPayloadExtraOf(workspaceId, itemId),
    );
    await recordAudits(tx, audits);
  }
}

export type PublishOutcome = { readonly kind: 'published' } | { readonly kind: 'problems'; readonly problems: readonly ReleaseProblem[] };

/**
 * Applies every entry of the locked release `r` inside `tx`, or changes nothing and answers its
 * problems. `actor` is null for the scheduler.
 */
export async function applyRelease(tx: CommonQueryMethods, actor: Actor | null, r: ReleaseRow): Promise<PublishOutcome> {
  const entries = await listEntries(tx, r.id);
  if (actor) assertMayPublishEntries(actor, r.workspace_id, entries);
  const itemIds = entries.map((e) => e.content_item_id).sort();
  await lockEntryItems(tx, itemIds);
  const { problems } = await findReleaseProblems(tx, r.id);
  if (entries.length === 0 || problems.length > 0) return { kind: 'problems', problems };
  // Read once for all entries (under the locks): a release may hold a thousand.
  await recordServedBefore(tx, r.id);
  await writeEntries(tx, actor, r.workspace_id, entries, await findEntryVersions(tx, r.id));
  await markReleasePublished(tx, r.id, userIdOf(actor));
  await enqueueOutboxEvent(tx, {
    workspaceId: r.workspace_id,
    eventType: 'release.published',
    entityType: 'Release',
    entityId: r.id,
    payload: {
      workspaceId: r.workspace_id,
      releaseId: r.id,
      name: r.name,
      entries: entriesView(entries),
      purgeKeys: await purgeKeysWrittenNow(tx, r.workspace_id, itemIds),
    },
  });
  await recordAudit(tx, {
    workspaceId: r.workspace_id,
    entityType: 'Release',
    entityId: r.id,
    action: 'StatusChanged',
    actor,
    before: { state: r.state },
    after: { state: 'Published', entries: entriesView(entries) },
  });
  return { kind: 'published' };
}

/**
 * The request's delivery-cache barrier must follow every entry's notices, so no entry's publish may
 * send it in its own statement: the HTTP layer sends it after the commit (as the bulk actions do).
 */
function withoutBarrier<T>(act: () => Promise<T>): Promise<T> {
  const ctx = currentRequestContext();
  return ctx ? runWithRequestContext({ ...ctx, deliveryBarrier: undefined }, act) : act();
}

export async function publishRelease(db: DatabasePool, actor: Actor, workspaceId: string, id: string): Promise<Tagged<ReleaseResponse>> {
  await withoutBarrier(() =>
    db.transaction(async (tx) => {
      const r = await requireRelease(tx, workspaceId, id, true);
      if (r.state === 'Published' || r.state === 'Reverted') throw conflict(`The release is already ${r.state}.`);
      const outcome = await applyRelease(tx, actor, r);
      if (outcome.kind === 'problems') throw releaseProblemsError(outcome.problems);
    }),
  );
  return loadRelease(db, workspaceId, id);
}

/** A scheduled publish that found problems: nothing published, the release Failed with the reason, editable again. */
export async function failRelease(tx: CommonQueryMethods, r: ReleaseRow, problems: readonly ReleaseProblem[]): Promise<void> {
  const message = problems.length === 0
    ? 'The scheduled publish found no entries to publish.'
    : `The scheduled publish found ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was published.`;
  await markReleaseFailed(tx, r.id, { failedAt: new Date().toISOString(), message, problems });
  await recordAudit(tx, {
    workspaceId: r.workspace_id,
    entityType: 'Release',
    entityId: r.id,
    action: 'StatusChanged',
    actor: null,
    before: { state: r.state, publishAt: r.publish_at },
    after: { state: 'Failed', publishAt: null, failure: message, problems },
  });
}

/**
 * Restores, in one transaction, what each entry's item served before the release: the version it
 * served is published again through the publish path, and an item that served nothing is archived
 * (its served version taken offline). A dated version the release published is archived first.
 */
export async function revertRelease(db: DatabasePool, actor: Actor, workspaceId: string, id: string): Promise<Tagged<ReleaseResponse>> {
  await withoutBarrier(() =>
    db.transaction(async (tx) => {
      const r = await requireRelease(tx, workspaceId, id, true);
      if (r.state !== 'Published') throw conflict(`Only a Published release can be reverted; this one is ${r.state}.`);
      const entries = await listEntries(tx, r.id);
      assertMayPublishEntries(actor, workspaceId, entries);
      await lockEntryItems(tx, entries.map((e) => e.content_item_id).sort());
      const byItem = [...entries].sort((a, b) => (a.content_item_id < b.content_item_id ? -1 : 1));
      for (const e of byItem) {
        if (e.version_status === null) continue; // deleted since: nothing to restore
        const before = e.served_before_version_number;
        if (e.action === 'publish' && e.version_status === 'Published' && e.version_number !== before) {
          // A dated version overlays the default: publishing the version served before would leave it served.
          const released = (await findVersion(tx, e.content_item_id, e.version_number, { forUpdate: true }))!;
          if (released.effective_start_at !== null) await archiveVersion(tx, actor, workspaceId, released);
        }
        const servedNow = await servedVersionNumber(tx, e.content_item_id);
        if (before === servedNow) continue;
        if (before !== null && (await findVersion(tx, e.content_item_id, before))) {
          await publishLocked(tx, actor, workspaceId, e.content_item_id, before);
        } else if (servedNow !== null) {
          await archiveLocked(tx, actor, workspaceId, e.content_item_id, servedNow);
        }
      }
      await markReleaseReverted(tx, r.id);
      await recordAudit(tx, {
        workspaceId,
        entityType: 'Release',
        entityId: r.id,
        action: 'StatusChanged',
        actor,
        before: { state: 'Published' },
        after: {
          state: 'Reverted',
          entries: entries.map((e) => ({ itemId: e.content_item_id, restoredVersionNumber: e.served_before_version_number })),
        },
      });
    }),
  );
  return loadRelease(db, workspaceId, id);
}
