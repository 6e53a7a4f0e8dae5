// What the admin's own preview shows for a version's Media and File values: the assets the preview
// read itself carried (`asset` on each value, as a site gets it), so the preview shows the images a
// site would, through the public URLs the preview reader was given — re-served on the admin's
// origin (/media/v1/…, public-image.ts) like every thumbnail. Without public URLs (public media
// off) an image is shown through the admin's authenticated file route, as the library does. Only
// values whose asset the read did not fill are looked up in the library (one listMedia call).
import type express from 'express';
import type { components } from '@verso/sdk';
import { assetFacts, type AssetFacts, type AssetFactsById } from '../media/asset-facts.js';
import { isImage, mediaPaths, sizeText } from '../media/media-scope.js';
import { adminImagePath, thumbnailPath } from '../media/public-image.js';

type VersionDetail = components['schemas']['ContentVersionDetailResponse'];
type DeliveredAsset = components['schemas']['DeliveredAsset'];

/** The API expands children up to 8 levels below the version read. */
const MAX_CHILD_DEPTH = 8;

function delivered(version: VersionDetail, into: Map<string, DeliveredAsset | null>, depth = 0): void {
  for (const v of version.fields) {
    const id = v.mediaAssetId ?? v.fileAssetId;
    if (id) {
      const key = id.toLowerCase();
      // A value the read filled wins over one it could not (the same asset twice is the same row).
      if (v.asset) into.set(key, v.asset);
      else if (!into.has(key)) into.set(key, null);
    }
    if (v.child && depth < MAX_CHILD_DEPTH) delivered(v.child, into, depth + 1);
  }
}

function factsOfDelivered(workspaceId: string, a: DeliveredAsset): AssetFacts {
  const paths = mediaPaths(workspaceId, a.id);
  const thumbnail = isImage(a) ? (thumbnailPath(a.renditionUrl, 160) ?? (a.url ? adminImagePath(a.url) : paths.file)) : null;
  return { id: a.id, fileName: a.fileName, mimeType: a.mimeType, size: sizeText(a.sizeBytes), thumbnail, href: paths.asset };
}

/** The facts of every asset the previewed version (children included) names. */
export async function previewAssetFacts(res: express.Response, workspaceId: string, version: VersionDetail): Promise<AssetFactsById> {
  const found = new Map<string, DeliveredAsset | null>();
  delivered(version, found);
  const missing = [...found].filter(([, a]) => a === null).map(([id]) => id);
  const library = missing.length > 0 ? await assetFacts(res, workspaceId, missing) : new Map<string, AssetFacts>();
  const facts = new Map(library);
  for (const [id, a] of found) if (a) facts.set(id, factsOfDelivered(workspaceId, a));
  return facts;
}
