// The content editor's Media and File picker: the workspace's assets whose file name contains the
// query (listMedia `search`, one call, the first 12), each with its
// thumbnail (a small rendition) served through the admin. Used by the editor's "Choose…" button without JavaScript
// (pages/content/editor-form.ts); each result's "Pick" fills the asset id (public/content-editor.js
// does that in place when JavaScript runs).
import type express from 'express';
import { apiFor } from '../../api.js';
import type { MediaHit } from '../content/pick-hits.js';
import { isImage, mediaPaths, sizeText } from './media-scope.js';
import { thumbnailPath } from './public-image.js';

const LIMIT = 12;

/** Assets of `workspaceId` whose file name contains `q` (the newest when `q` is blank). */
export async function searchMedia(res: express.Response, workspaceId: string, q: string): Promise<MediaHit[]> {
  const search = q.trim().slice(0, 200);
  const list = await apiFor(res).listMedia({ path: { workspaceId }, query: { search: search || undefined, pageSize: LIMIT } });
  return list.items.map((a) => ({
    id: a.id,
    fileName: a.fileName,
    mimeType: a.mimeType,
    size: sizeText(a.sizeBytes),
    // A 160 px WebP rendition when public media is on (issue #26), else the original through the admin.
    thumbnail: isImage(a) ? (thumbnailPath(a.renditionUrl, 160) ?? mediaPaths(workspaceId, a.id).file) : null,
  }));
}
