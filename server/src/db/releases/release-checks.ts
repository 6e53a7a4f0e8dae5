// What the validation of a release reads, in one statement: per entry, whether its item and version
// still exist, the version's status and content digest now, and the composition children it embeds
// with whether each is served now. The rules that turn this into problems are in
// services/releases/release-validation.ts.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { servedAt, servedVersionOf } from '../delivery/content-serving.js';
import { CONTENT_DIGEST } from './releases.js';
import { sharedFieldIdsOf } from '../content/translation-shared-fields.js';
import { VERSION_COLUMNS, VERSION_JOINS, versionRow, type VersionRow } from '../content/content-versions.js';

const checkRow = z.object({
  content_item_id: z.string(),
  version_number: z.number(),
  action: z.enum(['publish', 'archive']),
  added_digest: z.string(),
  item_deleted: z.boolean(),
  version_id: z.string().nullable(),
  template_version_id: z.string().nullable(),
  status: z.string().nullable(),
  digest_now: z.string().nullable(),
  children: z.array(z.object({ id: z.string(), served: z.boolean() })),
  shared_field_ids: z.array(z.string()),
});
export type EntryCheckRow = z.infer<typeof checkRow>;

export async function readEntryChecks(db: CommonQueryMethods, releaseId: string): Promise<readonly EntryCheckRow[]> {
  const now = new Date().toISOString();
  return db.any(sql.type(checkRow)`
    SELECT e.content_item_id, e.version_number, e.action, e.content_digest AS added_digest, ci.is_deleted AS item_deleted,
      cv.id AS version_id, cv.template_version_id, cv.status,
      CASE WHEN cv.id IS NULL THEN NULL ELSE ${CONTENT_DIGEST} END AS digest_now,
      CASE WHEN cv.id IS NULL THEN '{}'::uuid[] ELSE ${sharedFieldIdsOf(sql.fragment`ci.id`, sql.fragment`cv.template_version_id`)} END AS shared_field_ids,
      coalesce((
        SELECT json_agg(json_build_object('id', ch.id, 'served', NOT ch.is_deleted AND EXISTS (
            SELECT 1 FROM content_versions cv WHERE cv.content_item_id = ch.id AND ${servedAt(now)}))
          ORDER BY ch.id)
        FROM content_items ch
        WHERE ch.id IN (SELECT DISTINCT fv.child_content_item_id FROM content_field_values fv
                        WHERE fv.content_version_id = cv.id AND fv.child_content_item_id IS NOT NULL)), '[]'::json) AS children
    FROM release_entries e
    JOIN content_items ci ON ci.id = e.content_item_id
    LEFT JOIN content_versions cv ON cv.content_item_id = e.content_item_id AND cv.version_number = e.version_number
    WHERE e.release_id = ${releaseId}
    ORDER BY e.content_item_id`);
}

/** Locks the entries' items in id order (the order every release publish takes them), so two releases or a release and an edit cannot deadlock. */
export async function lockEntryItems(tx: CommonQueryMethods, itemIds: readonly string[]): Promise<void> {
  await tx.query(sql.unsafe`
    SELECT id FROM content_items WHERE id = ANY(${sql.array([...itemIds], 'uuid')}) ORDER BY id FOR UPDATE`);
}

/** The version number `itemId` serves now (the serving rule), or null. */
export async function servedVersionNumber(db: CommonQueryMethods, itemId: string): Promise<number | null> {
  const now = new Date().toISOString();
  return db.maybeOneFirst(sql.type(z.object({ version_number: z.number() }))`
    ${servedVersionOf(sql.fragment`${itemId}::uuid`, now, sql.fragment`cv.version_number`)}`);
}

/** The version number each of `itemIds` serves now (the serving rule), null for one that serves nothing: a revert's batch at once. */
export async function servedVersionNumbers(db: CommonQueryMethods, itemIds: readonly string[]): Promise<ReadonlyMap<string, number | null>> {
  if (itemIds.length === 0) return new Map();
  const now = new Date().toISOString();
  const rows = await db.any(sql.type(z.object({ id: z.string(), version_number: z.number().nullable() }))`
    SELECT i.id, (${servedVersionOf(sql.fragment`i.id`, now, sql.fragment`cv.version_number`)}) AS version_number
    FROM unnest(${sql.array([...itemIds], 'uuid')}::uuid[]) AS i(id)`);
  return new Map(rows.map((r) => [r.id, r.version_number]));
}

/** The versions named by (item, number) that exist, locked (their items' locks held by the caller), keyed `itemId:versionNumber`. */
export async function findVersionsByNumber(
  tx: CommonQueryMethods,
  wanted: readonly { readonly itemId: string; readonly versionNumber: number }[],
): Promise<ReadonlyMap<string, VersionRow>> {
  if (wanted.length === 0) return new Map();
  const rows = await tx.any(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS}
    FROM unnest(${sql.array(wanted.map((w) => w.itemId), 'uuid')}::uuid[], ${sql.array(wanted.map((w) => w.versionNumber), 'int4')}::int[]) AS w(item_id, version_number)
    JOIN content_versions cv ON cv.content_item_id = w.item_id AND cv.version_number = w.version_number
    ${VERSION_JOINS}
    FOR UPDATE OF cv`);
  return new Map(rows.map((v) => [`${v.content_item_id}:${v.version_number}`, v]));
}

/** The union of the purge keys of the events this transaction wrote about `itemIds` (their occurred_at is the transaction's now()). */
export async function purgeKeysWrittenNow(tx: CommonQueryMethods, workspaceId: string, itemIds: readonly string[]): Promise<string[]> {
  const rows = await tx.anyFirst(sql.type(z.object({ k: z.string() }))`
    SELECT DISTINCT k FROM outbox_events o, jsonb_array_elements_text(coalesce(o.payload->'purgeKeys', '[]'::jsonb)) k
    WHERE o.workspace_id = ${workspaceId} AND o.occurred_at = now() AND o.processed_at IS NULL
      AND (o.payload->>'contentItemId')::uuid = ANY(${sql.array([...itemIds], 'uuid')})
    ORDER BY k`);
  return [...rows];
}

/** The versions the release's entries name (their items locked by the caller), keyed by item id. */
export async function findEntryVersions(tx: CommonQueryMethods, releaseId: string): Promise<ReadonlyMap<string, VersionRow>> {
  const rows = await tx.any(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM release_entries e
    JOIN content_versions cv ON cv.content_item_id = e.content_item_id AND cv.version_number = e.version_number
    ${VERSION_JOINS}
    WHERE e.release_id = ${releaseId}`);
  return new Map(rows.map((v) => [v.content_item_id, v]));
}

/** Records, for every entry at once, the version its item serves now: what a revert restores. */
export async function recordServedBefore(tx: CommonQueryMethods, releaseId: string): Promise<void> {
  const now = new Date().toISOString();
  await tx.query(sql.unsafe`
    UPDATE release_entries e SET served_before_version_number = (${servedVersionOf(sql.fragment`e.content_item_id`, now, sql.fragment`cv.version_number`)})
    WHERE e.release_id = ${releaseId}`);
}
