// Why a reviewer sent a Draft back, for the item page and the editor (not only Home's "Sent back to
// you"). The API keeps the last rejection on the version (its time and reason, cleared when the
// version is submitted again) and hands it out on listWorkspaceContentVersions with `rejected=true`,
// the read Home uses; that read has no item filter, so the rejected Drafts of the workspace are read
// a page of 100 at a time, most recently changed first (a rejection changes the version, so a fresh
// one is on the first page), and at most MAX_PAGES of them: a workspace with more rejected Drafts
// than that waiting shows the older ones without their reason rather than reading without end.
import type express from 'express';
import { apiFor } from '../../api.js';
import { zoneOf } from '../../time.js';
import { when } from '../screen-forms.js';

const PAGE_SIZE = 100;
const MAX_PAGES = 5;

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
    for (let page = 1; page <= MAX_PAGES; page++) {
      const found = await api.listWorkspaceContentVersions({ path: { workspaceId }, query: { status: 'Draft', rejected: true, page, pageSize: PAGE_SIZE } });
      const mine = found.items.find((e) => e.contentItemId === itemId && e.version.versionNumber === version.versionNumber);
      if (mine) return mine.rejectedAt ? { at: when(mine.rejectedAt, zoneOf(res)), reason: mine.rejectionReason?.trim() || null } : null;
      if (page >= found.totalPages) break;
    }
  } catch (err) {
    // A note beside the page, like Home's sections: the page still shows without it (a 401 signs out).
    if ((err as { status?: number }).status === 401) throw err;
  }
  return null;
}
