// What every Releases page of one workspace starts from: the screens' paths, whether the user may
// build releases (Editor + Write, the contract's x-verso-access; publishing also needs the right to
// publish every entry, which only the API knows, so its 403 is shown where the button was), and a
// release read with its ETag (updates and deletes send it back as If-Match).
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { workspacePaths } from '../../nav.js';
import { permission, type Permission, type WorkspaceAbilities } from '../workspace-scope.js';

export type Release = components['schemas']['ReleaseResponse'];
export type ReleaseSummary = components['schemas']['ReleaseSummaryResponse'];
export type ReleaseState = components['schemas']['ReleaseState'];

export const ROUTE = '/workspaces/:workspaceId/releases';

/** The screens of one workspace's releases, and of release `id` when given. */
export function releasePaths(workspaceId: string, id = '') {
  const list = `${workspacePaths(workspaceId).root}/releases`;
  const release = `${list}/${encodeURIComponent(id)}`;
  return {
    list,
    create: `${list}/new`,
    /** The chooser behind "Add to release" (item page, bulk bar). */
    add: `${list}/add`,
    release,
    entries: `${release}/entries`,
    removeEntry: (itemId: string) => `${release}/entries/${encodeURIComponent(itemId)}/remove`,
    preview: `${release}/preview`,
    publish: `${release}/publish`,
    revert: `${release}/revert`,
    remove: `${release}/delete`,
  };
}

/** Building, scheduling, publishing, reverting and deleting all need Editor + Write. */
export const mayChange = (scope: WorkspaceAbilities): Permission => permission(scope.role, scope.canWrite, 'Editor', 'Changing releases');

/** A release can be changed (renamed, rescheduled, entries added or removed) until it is published. */
export const isEditable = (state: ReleaseState): boolean => state === 'Open' || state === 'Scheduled' || state === 'Failed';

export async function readRelease(res: express.Response, workspaceId: string, id: string): Promise<{ release: Release; etag: string | undefined }> {
  const { data, etag } = await apiFor(res).call('getRelease', { path: { workspaceId, id } });
  return { release: data, etag };
}

/** The states in the words the screens use (the list's filter, the badges). */
export const STATE_LABEL: Record<ReleaseState, string> = {
  Open: 'Open',
  Scheduled: 'Scheduled',
  Published: 'Published',
  Reverted: 'Reverted',
  Failed: 'Failed',
};
