// Named queries of the media lifecycle workers (workers/media-*.ts): the stale-upload pass, the
// deletion worker's view of an asset, verification, and orphan discovery's ownership checks and
// cursors. Every batch is bounded and taken FOR UPDATE SKIP LOCKED, so replicas share the work.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { BlobState } from './media-assets.js';

/**
 * PendingUpload rows older than `olderThanMs` (their upload died with its process, or could not
 * record its failure) become UploadFailed, each with a deletion intent due now — one statement.
 */
export async function failStaleUploads(db: CommonQueryMethods, olderThanMs: number, limit: number): Promise<readonly { id: string; provider: string }[]> {
  return db.any(sql.type(z.object({ id: z.string(), provider: z.string() }))`
    WITH stale AS (
      SELECT id FROM media_assets
      WHERE blob_state = 'PendingUpload' AND created_at < now() - ${olderThanMs} * interval '1 millisecond'
      ORDER BY created_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED),
    failed AS (
      UPDATE media_assets a SET blob_state = 'UploadFailed', row_version = a.row_version + 1, updated_at = now()
      FROM stale WHERE a.id = stale.id
      RETURNING a.id, a.provider, a.storage_key),
    queued AS (
      INSERT INTO media_deletion_intents (media_asset_id, provider, storage_key, reason, due_at)
      SELECT id, provider, storage_key, 'stale_upload', now() FROM failed
      ON CONFLICT (provider, storage_key) WHERE completed_at IS NULL AND cancelled_at IS NULL DO NOTHING)
    SELECT id, provider FROM failed`);
}

const lockedAsset = z.object({
  id: z.string(),
  workspace_id: z.string(),
  blob_state: z.string().transform((s) => s as BlobState),
  is_deleted: z.boolean(),
  provider: z.string(),
  storage_key: z.string(),
  purge_due: z.boolean(),
});
export type LockedAsset = z.infer<typeof lockedAsset>;

/** The asset an intent belongs to, row-locked for the rest of the deletion's transaction. */
export async function lockAssetForDeletion(tx: CommonQueryMethods, id: string): Promise<LockedAsset | null> {
  return tx.maybeOne(sql.type(lockedAsset)`
    SELECT id, workspace_id, blob_state, is_deleted, provider, storage_key, coalesce(purge_after <= now(), false) AS purge_due
    FROM media_assets WHERE id = ${id} FOR UPDATE`);
}

/** The asset's row is purged once its blob is gone (the intent keeps the record, its asset id nulled). */
export async function purgeAsset(tx: CommonQueryMethods, id: string): Promise<void> {
  await tx.query(sql.unsafe`DELETE FROM media_assets WHERE id = ${id}`);
}

// A rendition (verso/renditions/{workspace}/{asset}/…, services/media/storage-keys.ts) is owned by
// its asset while the asset is not deleted; once it is, its renditions are garbage. The asset id is
// read from the key in SQL; the pattern admits only well-formed UUIDs, so the cast cannot fail.
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const RENDITION_OWNER = `^verso/renditions/${UUID}/(${UUID})/`;

/**
 * Is some asset row the owner of this object (any state: a deleted asset's blob is still its own;
 * a rendition only while its asset is not deleted)?
 */
export async function objectHasOwner(tx: CommonQueryMethods, provider: string, storageKey: string): Promise<boolean> {
  const owned = await ownedKeys(tx, provider, [storageKey]);
  return owned.has(storageKey);
}

const verificationRow = z.object({ id: z.string(), storage_key: z.string(), blob_state: z.string().transform((s) => s as BlobState) });
export type VerificationCandidate = z.infer<typeof verificationRow>;

/**
 * The `limit` Available or Missing assets of `provider` looked at longest ago, stamped as looked at
 * now (so another replica's pass takes the next ones).
 */
export async function takeVerificationBatch(db: CommonQueryMethods, provider: string, limit: number): Promise<readonly VerificationCandidate[]> {
  return db.any(sql.type(verificationRow)`
    WITH picked AS (
      SELECT id FROM media_assets
      WHERE provider = ${provider} AND blob_state IN ('Available', 'Missing')
      ORDER BY blob_verified_at NULLS FIRST, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE media_assets a SET blob_verified_at = now()
    FROM picked WHERE a.id = picked.id
    RETURNING a.id, a.storage_key, a.blob_state`);
}

/** Available ↔ Missing after a check; only from the state the check saw (a new row version: see media-assets.ts). */
export async function setVerifiedState(db: CommonQueryMethods, id: string, from: 'Available' | 'Missing', to: 'Available' | 'Missing'): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    UPDATE media_assets SET blob_state = ${to}, blob_verified_at = now(), row_version = row_version + 1, updated_at = now()
    WHERE id = ${id} AND blob_state = ${from}`);
  return result.rowCount === 1;
}

/** Which of these keys some asset row owns. */
export async function ownedKeys(db: CommonQueryMethods, provider: string, keys: readonly string[]): Promise<ReadonlySet<string>> {
  if (keys.length === 0) return new Set();
  const owned = await db.anyFirst(sql.type(z.object({ storage_key: z.string() }))`
    SELECT k.key AS storage_key
    FROM unnest(${sql.array(keys, 'text')}) AS k(key)
    WHERE EXISTS (SELECT 1 FROM media_assets a WHERE a.provider = ${provider} AND a.storage_key = k.key)
       OR EXISTS (SELECT 1 FROM media_assets a
                  WHERE k.key ~ ${RENDITION_OWNER}
                    AND a.id = CAST(substring(k.key FROM ${RENDITION_OWNER}) AS uuid)
                    AND a.provider = ${provider} AND NOT a.is_deleted)`);
  return new Set(owned);
}

/**
 * Locks this provider's cursor for `prefix` (created on first use); null when another replica holds
 * it right now (that replica is scanning the prefix; this one skips it this cycle).
 */
export async function lockScanCursor(tx: CommonQueryMethods, provider: string, prefix: string): Promise<{ cursor: string | null } | null> {
  await tx.query(sql.unsafe`INSERT INTO media_scan_cursors (provider, prefix) VALUES (${provider}, ${prefix}) ON CONFLICT DO NOTHING`);
  return tx.maybeOne(sql.type(z.object({ cursor: z.string().nullable() }))`
    SELECT cursor FROM media_scan_cursors WHERE provider = ${provider} AND prefix = ${prefix} FOR UPDATE SKIP LOCKED`);
}

export async function saveScanCursor(tx: CommonQueryMethods, provider: string, prefix: string, cursor: string | null): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE media_scan_cursors SET cursor = ${cursor}, updated_at = now() WHERE provider = ${provider} AND prefix = ${prefix}`);
}

const unreadImage = z.object({ id: z.string(), storage_key: z.string(), mime_type: z.string() });

/**
 * The dimensions backfill (workers/media-dimensions.ts): up to `limit` Available images of this
 * provider whose dimensions were never looked for (uploaded before migration 0020), stamped as
 * looked at now so another replica takes the next ones. A crash mid-batch leaves those without
 * dimensions, as an unreadable header would: delivery then says null, which <img> survives.
 */
export async function takeUnreadImages(db: CommonQueryMethods, provider: string, limit: number): Promise<readonly z.infer<typeof unreadImage>[]> {
  return db.any(sql.type(unreadImage)`
    WITH picked AS (
      SELECT id FROM media_assets
      WHERE dimensions_read_at IS NULL AND blob_state = 'Available' AND mime_type LIKE 'image/%' AND provider = ${provider}
      ORDER BY created_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE media_assets a SET dimensions_read_at = now()
    FROM picked WHERE a.id = picked.id
    RETURNING a.id, a.storage_key, a.mime_type`);
}

/** Dimensions found by the backfill: a change delivery shows, so a new row version (media-assets.ts). */
export async function recordDimensions(db: CommonQueryMethods, id: string, width: number, height: number): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE media_assets SET width = ${width}, height = ${height}, row_version = row_version + 1, updated_at = now() WHERE id = ${id}`);
}
