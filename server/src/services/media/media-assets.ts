// The media library: list, read, alt text and delete. Callers only ever see Available assets that
// are not deleted; every other state is hidden (spec, Media asset state). A delete is refused while
// live content refers to the asset, and is otherwise a soft delete with a durable deletion intent
// that is not due before the recovery deadline (purge_after; README: Media, restoring an asset).
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { userIdOf, type Actor } from '../../access/actor.js';
import { ApiError, notFound } from '../../errors.js';
import {
  contentReferencingAsset,
  findVisibleAsset,
  listVisibleAssets,
  softDeleteAsset,
  updateAltText,
  type MediaAssetRow,
} from '../../db/media/media-assets.js';
import { queueDeletion } from '../../db/media/media-deletion-intents.js';
import type { operations } from '../../generated/openapi.js';
import type { MediaAssetResponse, MediaAssetResponsePagedResponse, UpdateMediaAssetRequest } from '../../generated/schemas.js';
import { recordAudit } from '../platform/audit.js';
import { etagOf, requireIfMatch } from '../platform/etag.js';
import { pageRequest, toPage } from '../platform/paging.js';
import type { PublicMediaConfig } from '../../config.js';
import type { PublicUrlSigner } from './public-url-signer.js';
import { publicUrlsOf } from './public-urls.js';

/** What writing an asset's public URLs takes: the signer and Media__Public__*. */
export interface AssetLinks {
  readonly signer: PublicUrlSigner;
  readonly config: PublicMediaConfig;
}

type MediaListQuery = NonNullable<operations['listMedia']['parameters']['query']>;

export const mediaEtag = (a: Pick<MediaAssetRow, 'id' | 'row_version'>) => etagOf(a.id, a.row_version);

export function mediaFileUrl(workspaceId: string, id: string): string {
  return `/api/v1/workspaces/${workspaceId}/media/${id}/file`;
}

type PublicUrlRow = Pick<MediaAssetRow, 'workspace_id' | 'id' | 'file_name' | 'mime_type' | 'content_sha256' | 'public_media' | 'media_url_generation'>;

/** An asset row's signed public URL and rendition template (both null when public media is off). */
export function assetPublicUrls(a: PublicUrlRow, links: AssetLinks): ReturnType<typeof publicUrlsOf> {
  return publicUrlsOf(links.signer, links.config, {
    workspaceId: a.workspace_id,
    id: a.id,
    fileName: a.file_name,
    mimeType: a.mime_type,
    contentSha256: a.content_sha256,
    publicMedia: a.public_media,
    generation: a.media_url_generation,
  });
}

export function presentAsset(a: MediaAssetRow, links: AssetLinks): MediaAssetResponse {
  const urls = assetPublicUrls(a, links);
  return {
    id: a.id,
    fileName: a.file_name,
    mimeType: a.mime_type,
    sizeBytes: a.size_bytes,
    altText: a.alt_text,
    url: mediaFileUrl(a.workspace_id, a.id),
    width: a.width,
    height: a.height,
    publicUrl: urls.url,
    renditionUrl: urls.renditionUrl,
    createdAt: a.created_at,
    updatedAt: a.updated_at,
  };
}

export async function requireVisibleAsset(db: CommonQueryMethods, workspaceId: string, id: string, forUpdate = false): Promise<MediaAssetRow> {
  const asset = await findVisibleAsset(db, workspaceId, id, { forUpdate });
  if (!asset) throw notFound('The media asset');
  return asset;
}

/** Blank alt text is no alt text. */
function normaliseAltText(altText: string | null | undefined): string | null {
  const trimmed = altText?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The `ids` filter's ids, lower-cased and distinct; null when absent. */
function idsOf(ids: string | undefined): string[] | null {
  if (ids === undefined) return null;
  return [...new Set(ids.split(',').map((id) => id.toLowerCase()))];
}

export async function listWorkspaceMedia(db: DatabasePool, links: AssetLinks, workspaceId: string, query: MediaListQuery): Promise<MediaAssetResponsePagedResponse> {
  const page = pageRequest(query);
  const { rows, total } = await listVisibleAssets(
    db,
    workspaceId,
    { mimeTypePrefix: query.mimeType?.trim() || null, search: query.search?.trim() || null, ids: idsOf(query.ids) },
    page.pageSize,
    page.offset,
  );
  return toPage(rows.map((r) => presentAsset(r, links)), total, page);
}

export async function getMediaAsset(db: DatabasePool, links: AssetLinks, workspaceId: string, id: string): Promise<{ body: MediaAssetResponse; etag: string }> {
  const asset = await requireVisibleAsset(db, workspaceId, id);
  return { body: presentAsset(asset, links), etag: mediaEtag(asset) };
}

export async function updateMediaAsset(
  db: DatabasePool,
  links: AssetLinks,
  actor: Actor,
  workspaceId: string,
  id: string,
  ifMatch: string | undefined,
  input: UpdateMediaAssetRequest,
): Promise<{ body: MediaAssetResponse; etag: string }> {
  await db.transaction(async (tx) => {
    const asset = await requireVisibleAsset(tx, workspaceId, id, true);
    requireIfMatch(ifMatch, mediaEtag(asset));
    const altText = normaliseAltText(input.altText);
    await updateAltText(tx, id, altText);
    await recordAudit(tx, {
      workspaceId,
      entityType: 'MediaAsset',
      entityId: id,
      action: 'Updated',
      actor,
      before: { altText: asset.alt_text },
      after: { altText },
    });
  });
  return getMediaAsset(db, links, workspaceId, id);
}

/**
 * Soft delete: DeletePending, hidden at once, with an intent the deletion worker honours only after
 * Media__Operations__RetentionDays (the window in which the maintenance restore of rule 1 works).
 */
export async function deleteMediaAsset(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  id: string,
  ifMatch: string | undefined,
  retentionMs: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const asset = await requireVisibleAsset(tx, workspaceId, id, true);
    requireIfMatch(ifMatch, mediaEtag(asset));
    const referencedBy = await contentReferencingAsset(tx, workspaceId, id);
    if (referencedBy.length > 0) {
      throw new ApiError(
        'referenced-by-other-entity',
        `${referencedBy.length} content ${referencedBy.length === 1 ? 'item refers' : 'items refer'} to this asset; remove those values first.`,
        { referencedBy },
      );
    }
    const purgeAfter = await softDeleteAsset(tx, id, userIdOf(actor), retentionMs);
    await queueDeletion(tx, { assetId: id, provider: asset.provider, storageKey: asset.storage_key, reason: 'user_delete', dueAt: purgeAfter });
    await recordAudit(tx, {
      workspaceId,
      entityType: 'MediaAsset',
      entityId: id,
      action: 'Deleted',
      actor,
      before: { fileName: asset.file_name, mimeType: asset.mime_type, sizeBytes: asset.size_bytes },
      after: { purgeAfter },
    });
  });
}
