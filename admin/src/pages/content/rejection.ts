// Why a reviewer sent a Draft back, for the item page and the editor (not only Home's "Sent back to
// you"). The API keeps the last rejection on the version (its time and reason, cleared when the
// version is submitted again) and hands it out on listWorkspaceContentVersions with `rejected=true`,
// the read Home uses, narrowed here to the item: one small read, whatever the workspace holds.
import type express from 'express';
import { apiFor } from '../../api.js';
import { zoneOf } from '../../time.js';
import { when } from '../screen-forms.js';

export interface Rejection {
  /** When it was sent back, in the user's zone with the zone named (`2026-01-31 10:30 CET`). */
  at: string;
  /** The reviewer's words; null when none were given. */
  reason: string | null;
}

/** The last rejection of version `versionNumber` of the item while it waits as a Draft; null for none. */
export async function rejectionOf(res: express.Response, workspaceId: string, itemId: string, version: { versionNumber: number; status: string }): Promise<Rejection | null> {
  // Only a Draft can carry one (submitting clears it), so other versions cost no read.
  if (version.status !== 'Draft') return null;
  const api = apiFor(res);
  try {
    const found = await api.listWorkspaceContentVersions({ path: { workspaceId }, query: { status: 'Draft', rejected: true, contentItemId: itemId, pageSize: 100 } });
    const mine = found.items.find((e) => e.version.versionNumber === version.versionNumber);
    if (mine?.rejectedAt) return { at: when(mine.rejectedAt, zoneOf(res)), reason: mine.rejectionReason?.trim() || null };
  } catch (err) {
    // A note beside the page, like Home's sections: the page still shows without it (a 401 signs out).
    if ((err as { status?: number }).status === 401) throw err;
  }
  return null;
}
