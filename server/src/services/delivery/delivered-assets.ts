// Delivery reads carry each Media and File value's asset (issue #26): `{ id, fileName, mimeType,
// sizeBytes, altText, width, height, url, renditionUrl }`, so a site writes `<img src srcset alt
// width height>` without another call and without a credential. Kept apart from the reads
// themselves: it takes a finished response, collects every asset id in it (children included), reads
// them all in ONE query, and returns the response with `asset` set on those values (null for an
// asset no longer available). Nothing per row.
import type { Db } from '../../db/pool.js';
import { findDeliveredAssets, type DeliveredAssetRow } from '../../db/media/public-assets.js';
import type { ContentVersionDetailResponse, ContentVersionFieldValueResponse, DeliveredAsset } from '../../generated/schemas.js';
import { assetPublicUrls, type AssetLinks } from '../media/media-assets.js';

function assetIdOf(v: ContentVersionFieldValueResponse): string | null {
  if (v.valueKind === 'Media') return v.mediaAssetId;
  if (v.valueKind === 'File') return v.fileAssetId;
  return null;
}

function collect(detail: ContentVersionDetailResponse, into: Set<string>): void {
  for (const v of detail.fields ?? []) {
    const id = assetIdOf(v);
    if (id) into.add(id.toLowerCase());
    if (v.child) collect(v.child, into);
  }
}

function present(a: DeliveredAssetRow, links: AssetLinks): DeliveredAsset {
  const urls = assetPublicUrls(a, links);
  return {
    id: a.id,
    fileName: a.file_name,
    mimeType: a.mime_type,
    sizeBytes: a.size_bytes,
    altText: a.alt_text,
    width: a.width,
    height: a.height,
    url: urls.url,
    renditionUrl: urls.renditionUrl,
  };
}

function attach(detail: ContentVersionDetailResponse, assets: ReadonlyMap<string, DeliveredAsset>): ContentVersionDetailResponse {
  if (!detail.fields) return detail;
  return {
    ...detail,
    fields: detail.fields.map((v) => {
      const id = assetIdOf(v);
      const child = v.child ? attach(v.child, assets) : v.child;
      if (id === null) return child === v.child ? v : { ...v, child };
      return { ...v, child, asset: assets.get(id.toLowerCase()) ?? null };
    }),
  };
}

/**
 * `detail` with every Media/File value's `asset` — one query for the whole response — and the asset
 * rows read (what a by-slug answer's tag is made of).
 */
export async function deliverAssets(
  db: Db,
  links: AssetLinks,
  workspaceId: string,
  detail: ContentVersionDetailResponse,
): Promise<{ readonly body: ContentVersionDetailResponse; readonly rows: readonly DeliveredAssetRow[] }> {
  const ids = new Set<string>();
  collect(detail, ids);
  if (ids.size === 0) return { body: detail, rows: [] };
  const rows = await findDeliveredAssets(db, workspaceId, [...ids]);
  const assets = new Map(rows.map((r) => [r.id.toLowerCase(), present(r, links)]));
  return { body: attach(detail, assets), rows };
}
