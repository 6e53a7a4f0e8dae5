// The writes of many publishes and archives at once (a release of a thousand entries), one
// statement per step for a batch of items instead of a statement per item: each step writes
// exactly what verso_publish_content_version (migration 0024) or setVersionStatus writes for one
// item, in the same order (the prior defaults archived first, by a statement of their own: the
// partial unique index of default-published versions is checked row by row; then the targets
// published; then the items touched). Serving rows, stored titles and delivery notices follow from
// the statement-level triggers, as for any write — once per statement, so a batch pays for them
// once instead of once per item. The caller holds every item's row lock.
//
// Batches are cut so the delivery notices stay item by item: a statement's notice names its items
// and every item embedding them or sharing their translation group (verso_delivery_dependents),
// and past 150 of those it ends the whole workspace instead (verso_announce_delivery_items,
// migration 0028). deliveryNoticeBatches packs items so no batch reaches that bound unless one item
// alone does (its single publish would end the workspace too): the caches end what the items'
// single publishes would have ended, no more.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { priorDefaultRow, type PriorDefault, type PublicationEvent } from './content-publication.js';

/** verso_announce_delivery_items's max_items (migration 0028): past it, a notice ends the workspace. */
export const NOTICE_MAX_ITEMS = 150;

/**
 * `itemIds` (in the given order) cut into consecutive batches whose items' dependents (the items a
 * notice about them names) add up to at most NOTICE_MAX_ITEMS; an item with more is a batch alone.
 */
export async function deliveryNoticeBatches(db: CommonQueryMethods, itemIds: readonly string[]): Promise<string[][]> {
  if (itemIds.length === 0) return [];
  const rows = await db.any(sql.type(z.object({ id: z.string(), n: z.number() }))`
    SELECT i.id, (SELECT count(*) FROM (SELECT 1 FROM verso_delivery_dependents(ARRAY[i.id]) LIMIT ${NOTICE_MAX_ITEMS + 1}) d)::int AS n
    FROM unnest(${sql.array([...itemIds], 'uuid')}::uuid[]) AS i(id)`);
  const weight = new Map(rows.map((r) => [r.id, r.n]));
  const batches: string[][] = [];
  let current: string[] = [];
  let sum = 0;
  for (const id of itemIds) {
    const n = Math.max(1, weight.get(id) ?? 1);
    if (current.length > 0 && sum + n > NOTICE_MAX_ITEMS) {
      batches.push(current);
      current = [];
      sum = 0;
    }
    current.push(id);
    sum += n;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Locks the rows of `itemIds` in id order (the order every batched writer takes them, so two of
 * them sharing items, or one and an item's single write, cannot deadlock).
 */
export async function lockItemsInIdOrder(tx: CommonQueryMethods, itemIds: readonly string[]): Promise<void> {
  await tx.query(sql.unsafe`
    SELECT id FROM content_items WHERE id = ANY(${sql.array([...itemIds], 'uuid')}) ORDER BY id FOR UPDATE`);
}

/** For each target version, its item's default-published versions other than it (id order, as findPriorDefaults), keyed by item id. */
export async function findPriorDefaultsOfMany(
  db: CommonQueryMethods,
  targets: readonly { readonly itemId: string; readonly versionId: string }[],
): Promise<ReadonlyMap<string, readonly PriorDefault[]>> {
  if (targets.length === 0) return new Map();
  const rows = await db.any(sql.type(z.object({ item_id: z.string(), priors: z.array(priorDefaultRow) }))`
    SELECT t.item_id, json_agg(json_build_object('id', p.id, 'version_number', p.version_number, 'template_version_id', p.template_version_id) ORDER BY p.id) AS priors
    FROM unnest(${sql.array(targets.map((t) => t.itemId), 'uuid')}::uuid[], ${sql.array(targets.map((t) => t.versionId), 'uuid')}::uuid[]) AS t(item_id, version_id)
    JOIN content_versions p ON p.content_item_id = t.item_id AND p.status = 'Published' AND p.effective_start_at IS NULL AND p.id <> t.version_id
    GROUP BY t.item_id`);
  return new Map(rows.map((r) => [r.item_id, r.priors]));
}

export interface PublicationBatch {
  /** Default-published versions a publish supersedes (verso_publish_content_version's archive). */
  readonly supersededIds: readonly string[];
  /** Versions archived on their own (setVersionStatus to Archived). */
  readonly archiveIds: readonly string[];
  /** Versions published now. */
  readonly publishIds: readonly string[];
  readonly publishedByUserId: string | null;
  /** Every item the batch changes (touched as touchItem does). */
  readonly itemIds: readonly string[];
}

async function expectRows(what: string, expected: number, run: Promise<{ rowCount: number }>): Promise<void> {
  const { rowCount } = await run;
  // The caller locked the items and read the versions under the locks: anything else is a bug.
  if (rowCount !== expected) throw new Error(`${what}: ${rowCount} rows written, ${expected} expected`);
}

/** Every write of the batch, one statement per step (steps with nothing to write are skipped). */
export async function applyPublicationBatch(tx: CommonQueryMethods, b: PublicationBatch): Promise<void> {
  const ids = (xs: readonly string[]) => sql.array([...xs], 'uuid');
  if (b.supersededIds.length > 0) {
    await expectRows('superseded versions', b.supersededIds.length, tx.query(sql.unsafe`
      UPDATE content_versions SET status = 'Archived', archived_at = now(), row_version = row_version + 1, updated_at = now()
      WHERE id = ANY(${ids(b.supersededIds)}) AND status = 'Published'`));
  }
  if (b.archiveIds.length > 0) {
    // setVersionStatus(…, 'Archived') for each.
    await expectRows('archived versions', b.archiveIds.length, tx.query(sql.unsafe`
      UPDATE content_versions SET status = 'Archived', rejected_at = NULL, rejection_reason = NULL,
        archived_at = coalesce(archived_at, now()), publish_at = NULL,
        schedule_lease_owner = NULL, schedule_lease_token = NULL, schedule_lease_expires_at = NULL,
        row_version = row_version + 1, updated_at = now()
      WHERE id = ANY(${ids(b.archiveIds)})`));
  }
  if (b.publishIds.length > 0) {
    await expectRows('published versions', b.publishIds.length, tx.query(sql.unsafe`
      UPDATE content_versions SET status = 'Published', published_at = now(), published_by_user_id = ${b.publishedByUserId}::uuid,
        archived_at = NULL, publish_at = NULL, schedule_lease_owner = NULL, schedule_lease_token = NULL,
        schedule_lease_expires_at = NULL, row_version = row_version + 1, updated_at = now()
      WHERE id = ANY(${ids(b.publishIds)})`));
  }
  if (b.itemIds.length > 0) {
    await expectRows('touched items', b.itemIds.length, tx.query(sql.unsafe`
      UPDATE content_items SET row_version = row_version + 1, updated_at = now() WHERE id = ANY(${ids(b.itemIds)})`));
  }
}

/** An outbox row about one content item (`item_id`: whose purge keys, locale and group its payload takes). */
export interface ItemEvent extends PublicationEvent {
  readonly item_id: string;
}

/**
 * The outbox events of many items in one statement, in the given order (`seq` follows it), each
 * payload merged with `payloadExtraOf(item)` (the purge keys, locale and translation group as the
 * event is written: services/content/content-events.ts's contentPayloadExtraOf), computed once per
 * item. A VALUES row per event with its own walk, as enqueueOutboxEvents writes a few, costs
 * PostgreSQL a plan of every walk: seconds for a few hundred events.
 */
export async function insertItemEvents(
  tx: CommonQueryMethods,
  events: readonly ItemEvent[],
  payloadExtraOf: (itemId: FragmentSqlToken) => FragmentSqlToken,
): Promise<void> {
  if (events.length === 0) return;
  const itemIds = [...new Set(events.map((e) => e.item_id))];
  await tx.query(sql.unsafe`
    INSERT INTO outbox_events (workspace_id, event_type, entity_type, entity_id, payload)
    SELECT e.workspace_id, e.event_type, e.entity_type, e.entity_id, e.payload || x.extra
    FROM ROWS FROM (jsonb_to_recordset(${sql.jsonb(events as never)}) AS (item_id uuid, workspace_id uuid, event_type text, entity_type text, entity_id uuid, payload jsonb))
      WITH ORDINALITY AS e(item_id, workspace_id, event_type, entity_type, entity_id, payload, n)
    JOIN (SELECT i.id, ${payloadExtraOf(sql.fragment`i.id`)} AS extra FROM unnest(${sql.array(itemIds, 'uuid')}::uuid[]) AS i(id)) x ON x.id = e.item_id
    ORDER BY e.n`);
}
