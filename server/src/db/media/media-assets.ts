// Named queries for media asset rows. Callers see only Available, non-deleted assets (the library,
// downloads, content references); the other states belong to the upload path and the lifecycle
// workers (media-lifecycle.ts).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { handsOutPublicUrl } from './served-assets.js';

export type BlobState = 'PendingUpload' | 'Available' | 'UploadFailed' | 'Missing' | 'DeletePending';

const assetRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  content_sha256: z.string().nullable(),
  alt_text: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** Whether the asset's public URL is handed out (served-assets.ts): public media on, and published or all media public. */
  public_media: z.boolean(),
  /** The workspace's media URL generation, signed into public URLs. */
  media_url_generation: z.number(),
  provider: z.string(),
  storage_key: z.string(),
  blob_state: z.string().transform((s) => s as BlobState),
  row_version: z.number(),
  is_deleted: z.boolean(),
  purge_after: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MediaAssetRow = z.infer<typeof assetRow>;

const ASSET_COLUMNS = sql.fragment`a.id, a.workspace_id, a.file_name, a.mime_type, a.size_bytes, a.content_sha256, a.alt_text,
  a.width, a.height, ${handsOutPublicUrl('a')} AS public_media,
  (SELECT w.media_url_generation FROM workspaces w WHERE w.id = a.workspace_id) AS media_url_generation,
  a.provider, a.storage_key, a.blob_state, a.row_version, a.is_deleted, a.purge_after, a.created_at, a.updated_at`;

const visible = sql.fragment`a.blob_state = 'Available' AND NOT a.is_deleted`;

export interface MediaListFilter {
  readonly mimeTypePrefix: string | null;
  readonly search: string | null;
  /** Only these ids (a screen's Media and File values), or null for any. */
  readonly ids?: readonly string[] | null;
}

export async function listVisibleAssets(
  db: CommonQueryMethods,
  workspaceId: string,
  filter: MediaListFilter,
  limit: number,
  offset: number,
): Promise<{ rows: readonly MediaAssetRow[]; total: number }> {
  // starts_with/strpos rather than LIKE: the caller's text is matched literally (no % or _ wildcards).
  const where = sql.fragment`a.workspace_id = ${workspaceId} AND ${visible}
    AND (${filter.mimeTypePrefix}::text IS NULL OR starts_with(lower(a.mime_type), lower(${filter.mimeTypePrefix}::text)))
    AND (${filter.search}::text IS NULL OR strpos(lower(a.file_name), lower(${filter.search}::text)) > 0)
    ${filter.ids ? sql.fragment`AND a.id = ANY(${sql.array(filter.ids, 'uuid')})` : sql.fragment``}`;
  const rows = await db.any(sql.type(assetRow)`
    SELECT ${ASSET_COLUMNS} FROM media_assets a WHERE ${where}
    ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}`);
  const total = await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM media_assets a WHERE ${where}`);
  return { rows, total };
}

/** An Available, non-deleted asset of the workspace (what callers may see), optionally row-locked. */
export async function findVisibleAsset(
  db: CommonQueryMethods,
  workspaceId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<MediaAssetRow | null> {
  return db.maybeOne(sql.type(assetRow)`
    SELECT ${ASSET_COLUMNS} FROM media_assets a
    WHERE a.id = ${id} AND a.workspace_id = ${workspaceId} AND ${visible}
    ${options.forUpdate ? sql.fragment`FOR UPDATE OF a` : sql.fragment``}`);
}

/** Any asset by id, whatever its state (workers and the upload path). */
export async function findAssetById(db: CommonQueryMethods, id: string, options: { forUpdate?: boolean } = {}): Promise<MediaAssetRow | null> {
  return db.maybeOne(sql.type(assetRow)`
    SELECT ${ASSET_COLUMNS} FROM media_assets a WHERE a.id = ${id}
    ${options.forUpdate ? sql.fragment`FOR UPDATE OF a` : sql.fragment``}`);
}

/**
 * Which of `ids` name a visible asset of the workspace (content values may refer only to those).
 * The rows are share-locked until the caller's transaction ends: a concurrent delete of one of them
 * (which takes its row lock first) then waits for the content write and sees its reference (409),
 * or, having gone first, makes this read skip the asset (422). Either way no live content ends up
 * naming a deleted asset.
 */
export async function visibleAssetIds(db: CommonQueryMethods, workspaceId: string, ids: readonly string[]): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set();
  const found = await db.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT a.id FROM media_assets a
    WHERE a.id = ANY(${sql.array(ids, 'uuid')}) AND a.workspace_id = ${workspaceId} AND ${visible}
    ORDER BY a.id
    FOR SHARE OF a`);
  return new Set(found);
}

export interface NewAsset {
  readonly id: string;
  readonly workspaceId: string;
  readonly fileName: string;
  readonly mimeType: string;
  readonly altText: string | null;
  readonly provider: string;
  readonly storageKey: string;
  readonly uploadedBy: string;
}

/** The row and its key, committed before the first byte is written (state PendingUpload, hidden). */
export async function insertPendingAsset(db: CommonQueryMethods, a: NewAsset): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO media_assets (id, workspace_id, file_name, mime_type, alt_text, provider, storage_key, blob_state, uploaded_by)
    VALUES (${a.id}, ${a.workspaceId}, ${a.fileName}, ${a.mimeType}, ${a.altText}, ${a.provider}, ${a.storageKey}, 'PendingUpload', ${a.uploadedBy})`);
}

// Every update of a row that changes what its readers see bumps row_version: the media ETag
// (If-Match) and the delivery ETag of every by-slug answer that carries the asset
// (services/delivery/delivery-etag.ts) are derived from it — state, dimensions and alt text alike.

/** PendingUpload → Available once the blob is written; false when the row left PendingUpload meanwhile. */
export async function markUploaded(
  db: CommonQueryMethods,
  id: string,
  blob: { sizeBytes: number; sha256: string; altText: string | null; width: number | null; height: number | null },
): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    UPDATE media_assets SET blob_state = 'Available', size_bytes = ${blob.sizeBytes}, content_sha256 = ${blob.sha256},
      alt_text = ${blob.altText}, width = ${blob.width}, height = ${blob.height},
      dimensions_read_at = now(),
      blob_verified_at = now(), row_version = row_version + 1, updated_at = now()
    WHERE id = ${id} AND blob_state = 'PendingUpload'`);
  return result.rowCount === 1;
}

/**
 * Removes a row that never became visible (an upload over the size limit): the one case where an
 * asset leaves no trace, because its blob was never kept either.
 */
export async function deletePendingAsset(db: CommonQueryMethods, id: string): Promise<boolean> {
  const result = await db.query(sql.unsafe`DELETE FROM media_assets WHERE id = ${id} AND blob_state = 'PendingUpload'`);
  return result.rowCount === 1;
}

/** PendingUpload → UploadFailed; false when the row had already left PendingUpload. */
export async function markUploadFailed(db: CommonQueryMethods, id: string): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    UPDATE media_assets SET blob_state = 'UploadFailed', row_version = row_version + 1, updated_at = now()
    WHERE id = ${id} AND blob_state = 'PendingUpload'`);
  return result.rowCount === 1;
}

export async function updateAltText(db: CommonQueryMethods, id: string, altText: string | null): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE media_assets SET alt_text = ${altText}, row_version = row_version + 1, updated_at = now() WHERE id = ${id}`);
}

/** Available → DeletePending (soft delete); returns the recovery deadline. */
export async function softDeleteAsset(db: CommonQueryMethods, id: string, deletedByUserId: string | null, retentionMs: number): Promise<string> {
  return db.oneFirst(sql.type(z.object({ purge_after: z.string() }))`
    UPDATE media_assets SET blob_state = 'DeletePending', is_deleted = true, deleted_at = now(),
      deleted_by_user_id = ${deletedByUserId}, deletion_requested_at = now(),
      purge_after = now() + ${retentionMs} * interval '1 millisecond',
      row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}
    RETURNING purge_after`);
}

/**
 * Live content items (not deleted) whose versions name the asset: in a Media or File value (by
 * index), or anywhere inside a Component value of the workspace (a Media or File member; stored
 * lower-cased). The second part reads the workspace's component values — a delete is rare, and a
 * missed reference would leave published content pointing at purged bytes.
 */
export async function contentReferencingAsset(db: CommonQueryMethods, workspaceId: string, assetId: string): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT ci.id FROM content_field_values v
    JOIN content_versions cv ON cv.id = v.content_version_id
    JOIN content_items ci ON ci.id = cv.content_item_id
    WHERE (v.media_asset_id = ${assetId} OR v.file_asset_id = ${assetId}) AND NOT ci.is_deleted
    UNION
    SELECT ci.id FROM content_items ci
    JOIN content_versions cv ON cv.content_item_id = ci.id
    JOIN content_field_values v ON v.content_version_id = cv.id
    WHERE ci.workspace_id = ${workspaceId} AND NOT ci.is_deleted AND v.value_kind = 'Component'
      AND jsonb_path_exists(v.json_value, '$.** ? (@ == $id)', jsonb_build_object('id', ${assetId}::text))
    ORDER BY 1`);
}

/** A download found the object gone: Available → Missing (hidden) until verification finds it again. */
export async function markMissing(db: CommonQueryMethods, id: string): Promise<boolean> {
  const result = await db.query(sql.unsafe`
    UPDATE media_assets SET blob_state = 'Missing', blob_verified_at = now(), row_version = row_version + 1, updated_at = now()
    WHERE id = ${id} AND blob_state = 'Available'`);
  return result.rowCount === 1;
}
