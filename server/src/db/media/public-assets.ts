// The one query a public media URL costs (services/media/public-media.ts): the asset, if it is
// served publicly right now — Available, not deleted, in a workspace that exists and has public
// media on, and used by served content unless the workspace makes all media public (served-assets.ts),
// or by what a live preview token reads (a draft's new image, shown by its preview: content-preview.ts).
// By primary key; the route keeps a found row for seconds, ended by the delivery notices
// that every change making it 404 sends (services/media/public-asset-cache.ts).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { usedByServedContent } from './served-assets.js';
import { usedByLivePreview } from '../delivery/content-preview.js';

const publicAssetRow = z.object({
  id: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  content_sha256: z.string(),
  provider: z.string(),
  storage_key: z.string(),
  /** The generation a URL must sign to be served (public-url-signer.ts). */
  media_url_generation: z.number(),
});
export type PublicAssetRow = z.infer<typeof publicAssetRow>;

export async function findPublicAsset(db: CommonQueryMethods, workspaceId: string, assetId: string): Promise<PublicAssetRow | null> {
  return db.maybeOne(sql.type(publicAssetRow)`
    SELECT a.id, a.file_name, a.mime_type, a.content_sha256, a.provider, a.storage_key, w.media_url_generation
    FROM media_assets a JOIN workspaces w ON w.id = a.workspace_id
    WHERE a.id = ${assetId} AND a.workspace_id = ${workspaceId}
      AND a.blob_state = 'Available' AND NOT a.is_deleted AND a.content_sha256 IS NOT NULL
      AND w.public_media AND w.deleted_at IS NULL
      AND (w.all_media_public OR ${usedByServedContent('a')} OR ${usedByLivePreview('a')})`);
}

const deliveredAssetRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  alt_text: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  content_sha256: z.string().nullable(),
  public_media: z.boolean(),
  media_url_generation: z.number(),
  /** Part of a by-slug answer's tag (services/delivery/delivery-etag.ts). */
  row_version: z.number(),
});
export type DeliveredAssetRow = z.infer<typeof deliveredAssetRow>;

/** The visible assets among `ids` in one statement, whatever their number (a whole response's). */
export async function findDeliveredAssets(db: CommonQueryMethods, workspaceId: string, ids: readonly string[]): Promise<readonly DeliveredAssetRow[]> {
  if (ids.length === 0) return [];
  return db.any(sql.type(deliveredAssetRow)`
    SELECT a.id, a.workspace_id, a.file_name, a.mime_type, a.size_bytes, a.alt_text, a.width, a.height, a.content_sha256, w.public_media,
      w.media_url_generation, a.row_version
    FROM media_assets a JOIN workspaces w ON w.id = a.workspace_id
    WHERE a.workspace_id = ${workspaceId} AND a.id = ANY(${sql.array(ids as string[], 'uuid')})
      AND a.blob_state = 'Available' AND NOT a.is_deleted`);
}
