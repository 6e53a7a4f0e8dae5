// Where an asset's bytes live: `verso/media/{workspaceId}/{yyyy}/{MM}/{assetId}_{safeFileName}`
// (upstream's layout under our brand). Only the managed prefixes are ever listed or deleted by the
// lifecycle: `verso/media/`, and `default/`, upstream's legacy prefix, for stores carried over from
// it. Anything else in the bucket or folder is someone else's and is never touched.
import { assertManagedKey, MANAGED_PREFIXES } from '../../storage/provider.js';
import { keySafeFileName } from './file-names.js';

export { MANAGED_PREFIXES };
export const MEDIA_PREFIX = MANAGED_PREFIXES[0];

/**
 * Cached renditions (issue #26): `verso/renditions/{workspaceId}/{assetId}/{contentVersion}/{name}.{revision}.{ext}`.
 * Owned by their asset while it is not deleted (orphan discovery and the deletion worker read the
 * asset id from the key); the deletion worker removes an asset's prefix when it purges the asset.
 */
export const RENDITION_PREFIX = MANAGED_PREFIXES[2];

export function renditionAssetPrefix(workspaceId: string, assetId: string): string {
  return `${RENDITION_PREFIX}${workspaceId.toLowerCase()}/${assetId.toLowerCase()}/`;
}

export function renditionKey(workspaceId: string, assetId: string, contentVersion: string, name: string): string {
  return `${renditionAssetPrefix(workspaceId, assetId)}${contentVersion}/${name}`;
}

const RENDITION_KEY = /^verso\/renditions\/[0-9a-f-]{36}\/([0-9a-f-]{36})\//;

/** The asset a rendition key belongs to, or null for a key that is not a rendition's. */
export function renditionOwner(key: string): string | null {
  return RENDITION_KEY.exec(key)?.[1] ?? null;
}

/** The storage-settings probe writes here (an orphan if a crash leaves it, and then cleaned up). */
export const PROBE_PREFIX = `${MEDIA_PREFIX}_probe/`;

export function mediaStorageKey(workspaceId: string, assetId: string, fileName: string, at: Date): string {
  const yyyy = String(at.getUTCFullYear()).padStart(4, '0');
  const mm = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${MEDIA_PREFIX}${workspaceId}/${yyyy}/${mm}/${assetId}_${keySafeFileName(fileName)}`;
}

/** A key the lifecycle may delete: safe, and strictly inside a managed prefix. */
export function isManagedKey(key: string): boolean {
  try {
    assertManagedKey(key);
    return !MANAGED_PREFIXES.includes(key as (typeof MANAGED_PREFIXES)[number]);
  } catch {
    return false;
  }
}
