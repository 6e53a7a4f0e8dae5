// What a screen shows for the Media and File values it holds (#25, "images, not ids"): each asset's
// file name, type and size, and for images a thumbnail: a small WebP rendition when public media is on
// (issue #26), else the original through the admin's authenticated file route
// (`/workspaces/<ws>/media/<id>/file`). One listMedia call with the `ids` filter for every asset a
// page names — never a call per value.
import type express from 'express';
import { apiFor } from '../../api.js';
import type { MediaHit } from '../content/pick-hits.js';
import { isImage, mediaPaths, sizeText } from './media-scope.js';
import { thumbnailPath } from './public-image.js';

/** An asset as a value shows it: MediaHit's facts and the asset's page in the library. */
export interface AssetFacts extends MediaHit {
  href: string;
}

export type AssetFactsById = ReadonlyMap<string, AssetFacts>;

/** The API's bound on `ids` (and on a page). */
const MAX_IDS = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The facts of the assets `ids` (the first 100 distinct well-formed ones); ids not shown to the user are absent. */
export async function assetFacts(res: express.Response, workspaceId: string, ids: Iterable<string>): Promise<AssetFactsById> {
  const wanted = [...new Set([...ids].map((id) => id.trim().toLowerCase()).filter((id) => UUID.test(id)))].slice(0, MAX_IDS);
  if (wanted.length === 0) return new Map();
  const list = await apiFor(res).listMedia({ path: { workspaceId }, query: { ids: wanted.join(','), pageSize: MAX_IDS } });
  return new Map(
    list.items.map((a) => [
      a.id.toLowerCase(),
      {
        id: a.id,
        fileName: a.fileName,
        mimeType: a.mimeType,
        size: sizeText(a.sizeBytes),
        thumbnail: isImage(a) ? (thumbnailPath(a.renditionUrl, 160) ?? mediaPaths(workspaceId, a.id).file) : null,
        href: mediaPaths(workspaceId, a.id).asset,
      },
    ]),
  );
}

/** The facts of `id` in `facts`, if the page read them. */
export const factsOf = (facts: AssetFactsById | undefined, id: string): AssetFacts | null => facts?.get(id.trim().toLowerCase()) ?? null;
