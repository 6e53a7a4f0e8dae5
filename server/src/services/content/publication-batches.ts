// Publishing and archiving many items in one transaction, batch by batch: what publishLockedVersion
// and the workflow's archive write for each item, but a statement per step for up to a notice's
// worth of items (db/content/content-publication-batch.ts), then the batch's outbox events and audit
// entries in one statement each, in the order the items' single operations would have written them.
// A release's publish and revert and an atomic bulk publish go through here; a statement per item
// made the triggers' fixed cost per statement the whole cost (docs/performance.md).
//
// The caller holds every item's row lock (taken in item id order) and read the versions under it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { CommonQueryMethods } from 'slonik';
import { userIdOf, type Actor } from '../../access/actor.js';
import { applyPublicationBatch, deliveryNoticeBatches, findPriorDefaultsOfMany, insertItemEvents } from '../../db/content/content-publication-batch.js';
import type { PriorDefault } from '../../db/content/content-publication.js';
import type { VersionRow } from '../../db/content/content-versions.js';
import { recordAudits } from '../platform/audit.js';
import { aboutVersion, contentChangeRecords, contentPayloadExtraOf, type ContentChange } from './content-events.js';
import { publicationChanges } from './content-publishing.js';

/** One item's write: publish `version` (superseding the item's default when it is undated) or archive it. */
export interface BatchedWrite {
  readonly itemId: string;
  readonly action: 'publish' | 'archive';
  readonly version: VersionRow;
}

/** What archiving `version` records, as archiveContentVersion does. */
export function archiveChange(workspaceId: string, version: VersionRow): ContentChange {
  return {
    event: 'content.version_status_changed',
    ...aboutVersion(workspaceId, version, 'Archived'),
    before: { status: version.status },
    after: { status: 'Archived' },
  };
}

/** The undated publishes' prior default-published versions (a dated version overlays the default instead), keyed by item. */
export async function priorDefaultsOf(tx: CommonQueryMethods, writes: readonly BatchedWrite[]): Promise<ReadonlyMap<string, readonly PriorDefault[]>> {
  const undated = writes.filter((w) => w.action === 'publish' && w.version.effective_start_at === null);
  return findPriorDefaultsOfMany(tx, undated.map((w) => ({ itemId: w.itemId, versionId: w.version.id })));
}

/**
 * One batch's writes (items distinct), a statement per step: the item's changes in order, keyed by
 * item, for recordBatchChanges. `priors` from priorDefaultsOf, read after any earlier write of these items.
 */
export async function applyWrites(
  tx: CommonQueryMethods,
  actor: Actor | null,
  workspaceId: string,
  writes: readonly BatchedWrite[],
  priors: ReadonlyMap<string, readonly PriorDefault[]>,
): Promise<Map<string, ContentChange[]>> {
  const supersededIds: string[] = [];
  const archiveIds: string[] = [];
  const publishIds: string[] = [];
  const changes = new Map<string, ContentChange[]>();
  for (const { itemId, action, version } of writes) {
    if (action === 'publish') {
      const archived = version.effective_start_at === null ? (priors.get(itemId) ?? []) : [];
      supersededIds.push(...archived.map((a) => a.id));
      publishIds.push(version.id);
      changes.set(itemId, publicationChanges(workspaceId, itemId, version, archived));
    } else {
      archiveIds.push(version.id);
      changes.set(itemId, [archiveChange(workspaceId, version)]);
    }
  }
  await applyPublicationBatch(tx, { supersededIds, archiveIds, publishIds, publishedByUserId: userIdOf(actor), itemIds: writes.map((w) => w.itemId) });
  return changes;
}

/** The outbox events of `changes` in one statement and their audit entries in another, in order. */
export async function recordBatchChanges(tx: CommonQueryMethods, actor: Actor | null, workspaceId: string, changes: readonly ContentChange[]): Promise<void> {
  if (changes.length === 0) return;
  const { events, audits } = contentChangeRecords(actor, changes);
  await insertItemEvents(
    tx,
    events.map((e) => ({ item_id: e.payload.contentItemId as string, workspace_id: workspaceId, event_type: e.eventType, entity_type: e.entityType, entity_id: e.entityId, payload: e.payload })),
    (itemId) => contentPayloadExtraOf(workspaceId, itemId),
  );
  await recordAudits(tx, audits);
}

/**
 * The longest pause between two batches. A batch's statements keep a core busy in PostgreSQL, and its
 * events and audit entries keep the server's thread busy, while delivery reads (answered from the
 * cache, on that thread) go on: on 2 cores the reads' p99 rose from 6–10 ms before a 1,000-entry
 * release to 15–23 ms while its batches ran back to back, and to 11–13 ms with a pause as long as the
 * batch before it (bench/release-publish.ts, docs/performance.md). The transaction holds its items'
 * locks meanwhile, so the pause is bounded: a release of 1,000 entries (7 batches) takes at most 0.9 s longer.
 */
const MAX_PAUSE_BETWEEN_BATCHES_MS = 150;

/**
 * The batches of `itemIds` (in their order) for the delivery notices' bound. Between two batches the
 * transaction pauses as long as the batch before it took (at most MAX_PAUSE_BETWEEN_BATCHES_MS),
 * giving the cores back to the reads the server answers meanwhile.
 */
export async function* noticeBatches(tx: CommonQueryMethods, itemIds: readonly string[]): AsyncGenerator<string[]> {
  let took = 0;
  for (const batch of await deliveryNoticeBatches(tx, itemIds)) {
    if (took > 0) await sleep(Math.min(MAX_PAUSE_BETWEEN_BATCHES_MS, took));
    const began = performance.now();
    yield batch;
    took = performance.now() - began;
  }
}

/** Every write, batch by batch in the given order (items distinct), with each batch's events and audit entries. */
export async function writeInBatches(tx: CommonQueryMethods, actor: Actor | null, workspaceId: string, writes: readonly BatchedWrite[]): Promise<void> {
  const byItem = new Map(writes.map((w) => [w.itemId, w]));
  const priors = await priorDefaultsOf(tx, writes);
  for await (const batch of noticeBatches(tx, [...byItem.keys()])) {
    const changes = await applyWrites(tx, actor, workspaceId, batch.map((id) => byItem.get(id)!), priors);
    await recordBatchChanges(tx, actor, workspaceId, batch.flatMap((id) => changes.get(id)!));
  }
}
