// Releases as the API answers them, and their ETag (the row version, bumped by every change to the
// release or its entries).
import type { EntryRow, ReleaseRow } from '../../db/releases/releases.js';
import type { ReleaseEntryResponse, ReleaseFailure, ReleaseResponse, ReleaseSummaryResponse } from '../../generated/schemas.js';
import { etagOf } from '../platform/etag.js';

export const releaseEtag = (r: ReleaseRow) => etagOf(r.id, r.row_version);

export function presentReleaseSummary(r: ReleaseRow): ReleaseSummaryResponse {
  return {
    id: r.id,
    workspaceId: r.workspace_id,
    name: r.name,
    description: r.description,
    state: r.state,
    publishAt: r.publish_at,
    publishedAt: r.published_at,
    revertedAt: r.reverted_at,
    failure: (r.failure ?? null) as ReleaseFailure | null,
    entryCount: r.entry_count,
    createdByUserId: r.created_by_user_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function presentEntry(e: EntryRow): ReleaseEntryResponse {
  return {
    itemId: e.content_item_id,
    versionNumber: e.version_number,
    action: e.action,
    title: e.title,
    versionStatus: e.version_status,
    addedAt: e.added_at,
    addedByUserId: e.added_by_user_id,
    servedBeforeVersionNumber: e.served_before_version_number,
  };
}

export function presentRelease(r: ReleaseRow, entries: readonly EntryRow[]): ReleaseResponse {
  return { ...presentReleaseSummary(r), entries: entries.map(presentEntry) };
}
