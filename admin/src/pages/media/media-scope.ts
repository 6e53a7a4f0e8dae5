// What every Media page of one workspace starts from: the ids of its URL, the paths of the screens,
// whether the user may change assets (Editor + Write, the contract's x-verso-access for upload,
// update and delete; reading needs Reader + Read, which the API checks on every read), and an
// asset read with its ETag.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { workspacePaths } from '../../nav.js';
import { permission, type Permission, type WorkspaceAbilities } from '../workspace-scope.js';

export type MediaAsset = components['schemas']['MediaAssetResponse'];

export const ROUTE = '/workspaces/:workspaceId/media';



/** The screens of one workspace's media library, and of asset `id` when given. */
export function mediaPaths(workspaceId: string, id = '') {
  const library = workspacePaths(workspaceId).media;
  const asset = `${library}/${encodeURIComponent(id)}`;
  return { library, upload: library, asset, file: `${asset}/file`, remove: `${asset}/delete` };
}

export const mayChange = (scope: WorkspaceAbilities): Permission => permission(scope.role, scope.canWrite, 'Editor', 'Changing media');

/** Whether the browser can show the asset as an image (thumbnails, the preview). */
export const isImage = (asset: Pick<MediaAsset, 'mimeType'>): boolean => asset.mimeType.toLowerCase().startsWith('image/');

/** A size for people: `512 B`, `14.2 KiB`, `3.1 MiB`. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let n = bytes / 1024;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${n.toFixed(n < 10 ? 1 : 0)} ${units[u]}`;
}

export async function readAsset(res: express.Response, workspaceId: string, id: string): Promise<{ asset: MediaAsset; etag: string | undefined }> {
  const { data, etag } = await apiFor(res).call('getMedia', { path: { workspaceId, id } });
  return { asset: data, etag };
}
