// Publishing and reverting a release: every entry in one transaction, writing what a single publish
// (publishLockedVersion) or archive (the workflow's Published → Archived) of each entry writes, so
// each item's events, audit entries, served rows, delivery notices and purge keys are exactly a
// single publish's; plus one `release.published` event with the union of their purge keys.
//
// The publish and the revert write their entries in batches (services/content/publication-batches.ts):
// one statement per step for up to a notice's worth of items, the same rows and the same events in
// the same order (publicationChanges), where a statement per entry made a release of 1,000 entries
// take about a minute on a busy machine to publish, and as long to revert (bench/release-publish.ts).
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
import { findEntryVersions, findVersionsByNumber, lockEntryItems, purgeKeysWrittenNow, recordServedBefore, servedVersionNumbers } from '../../db/releases/release-checks.js';
import { listEntries, markReleaseFailed, markReleasePublished, markReleaseReverted, type EntryRow, type ReleaseRow } from '../../db/releases/releases.js';
import { sendDeliveryBarrier } from '../../db/delivery/delivery-notices.js';
import { enqueueOutboxEvent } from '../../db/platform/outbox.js';
import { conflict, forbidden } from '../../errors.js';
import type { ReleaseProblem, ReleaseResponse } from '../../generated/schemas.js';
import type { Tagged } from '../content/content-presenter.js';
import { applyWrites, noticeBatches, priorDefaultsOf, recordBatchChanges, writeInBatches, type BatchedWrite } from '../content/publication-batches.js';
import { recordAudit } from '../platform/audit.js';
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

const byItemId = (a: EntryRow, b: EntryRow) => (a.content_item_id < b.content_item_id ? -1 : a.content_item_id > b.content_item_id ? 1 : 0);

const entriesView = (entries: readonly EntryRow[]) => entries.map((e) => ({ itemId: e.content_item_id, versionNumber: e.version_number, action: e.action }));

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
  const versions = await findEntryVersions(tx, r.id);
  // In item id order, the order the locks were taken.
  const writes = [...entries].sort(byItemId).map((e) => ({ itemId: e.content_item_id, action: e.action, version: versions.get(e.content_item_id)! }));
  await writeInBatches(tx, actor, r.workspace_id, writes);
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
 * A release's transaction. The request's delivery-cache barrier must follow every entry's notices,
 * so no entry's write may send it: the transaction sends it as its last statement (notices arrive
 * in the order sent, at the commit), and the answer then only waits for it to come back, not for
 * one more round trip after the commit (http/openapi-router.ts sends it when nothing has).
 */
async function inReleaseTransaction<T>(db: DatabasePool, work: (tx: CommonQueryMethods) => Promise<T>): Promise<T> {
  const ctx = currentRequestContext();
  const barrier = ctx?.deliveryBarrier;
  const run = () =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      if (barrier && !barrier.sent) await sendDeliveryBarrier(tx, barrier.token);
      return result;
    });
  const result = ctx ? await runWithRequestContext({ ...ctx, deliveryBarrier: undefined }, run) : await run();
  // Committed: the barrier went out with the entries' notices.
  if (barrier) barrier.sent = true;
  return result;
}

/**
 * The answer (the release with its entries) is read as the transaction's last statement, so the
 * response follows the commit at once: from the commit on, the entries' cached reads end and the
 * next reads rebuild them on this thread and in PostgreSQL, and a read of a thousand entries after
 * it kept the answer (and the reads queued behind it) waiting (bench/release-publish.ts).
 */
export async function publishRelease(db: DatabasePool, actor: Actor, workspaceId: string, id: string): Promise<Tagged<ReleaseResponse>> {
  return inReleaseTransaction(db, async (tx) => {
    const r = await requireRelease(tx, workspaceId, id, true);
    if (r.state === 'Published' || r.state === 'Reverted') throw conflict(`The release is already ${r.state}.`);
    const outcome = await applyRelease(tx, actor, r);
    if (outcome.kind === 'problems') throw releaseProblemsError(outcome.problems);
    return loadRelease(tx, workspaceId, id);
  });
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
 * Batch by batch in item id order, as the publish: per batch, the dated versions' archive in one
 * step, then what each item serves now read at once, then the restores in one step, and the
 * batch's events and audit entries in the order entry by entry wrote them (per item: the dated
 * version's archive, then the restore).
 */
async function restoreEntries(tx: CommonQueryMethods, actor: Actor, workspaceId: string, releaseId: string, entries: readonly EntryRow[]): Promise<void> {
  // Entries whose version was deleted since have nothing to restore.
  const byItem = new Map([...entries].sort(byItemId).filter((e) => e.version_status !== null).map((e) => [e.content_item_id, e]));
  const released = await findEntryVersions(tx, releaseId);
  for await (const batch of noticeBatches(tx, [...byItem.keys()])) {
    // A dated version overlays the default: publishing the version served before would leave it served.
    const dated: BatchedWrite[] = [];
    for (const itemId of batch) {
      const e = byItem.get(itemId)!;
      const version = released.get(itemId);
      if (e.action === 'publish' && e.version_status === 'Published' && e.version_number !== e.served_before_version_number && version?.effective_start_at) {
        dated.push({ itemId, action: 'archive', version });
      }
    }
    const first = await applyWrites(tx, actor, workspaceId, dated, new Map());
    const servedNow = await servedVersionNumbers(tx, batch);
    const changed = batch.filter((itemId) => byItem.get(itemId)!.served_before_version_number !== servedNow.get(itemId));
    const wanted = changed.flatMap((itemId) => {
      const before = byItem.get(itemId)!.served_before_version_number;
      const now = servedNow.get(itemId) ?? null;
      return [...(before === null ? [] : [{ itemId, versionNumber: before }]), ...(now === null ? [] : [{ itemId, versionNumber: now }])];
    });
    const versions = await findVersionsByNumber(tx, wanted);
    const restores: BatchedWrite[] = [];
    for (const itemId of changed) {
      const before = versions.get(`${itemId}:${byItem.get(itemId)!.served_before_version_number}`);
      const now = versions.get(`${itemId}:${servedNow.get(itemId)}`);
      if (before) restores.push({ itemId, action: 'publish', version: before });
      else if (now) restores.push({ itemId, action: 'archive', version: now });
    }
    const then = await applyWrites(tx, actor, workspaceId, restores, await priorDefaultsOf(tx, restores));
    await recordBatchChanges(tx, actor, workspaceId, batch.flatMap((itemId) => [...(first.get(itemId) ?? []), ...(then.get(itemId) ?? [])]));
  }
}

/** Read inside the transaction as publishRelease's answer is. */
export async function revertRelease(db: DatabasePool, actor: Actor, workspaceId: string, id: string): Promise<Tagged<ReleaseResponse>> {
  return inReleaseTransaction(db, async (tx) => {
    const r = await requireRelease(tx, workspaceId, id, true);
    if (r.state !== 'Published') throw conflict(`Only a Published release can be reverted; this one is ${r.state}.`);
    const entries = await listEntries(tx, r.id);
    assertMayPublishEntries(actor, workspaceId, entries);
    await lockEntryItems(tx, entries.map((e) => e.content_item_id).sort());
    await restoreEntries(tx, actor, workspaceId, r.id, entries);
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
    return loadRelease(tx, workspaceId, id);
  });
}
