// The older revisions of a picklist. The API has no operation that lists a picklist's revisions (only
// getPickListRevision, which needs the id); every create, update and package replace is audited with
// the revision it made (`changeDelta.revisionId.after`), so the workspace's audit log is where the ids
// come from — one call for up to 100 revisions. The audit log needs TemplateAdmin: other roles get
// no list (and are told why), and a refusal of the audit read is the same answer, not an error page.
import type express from 'express';
import { VersoApiError } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { hasRole } from '../../nav.js';
import { zoneOf } from '../../time.js';
import { isUuid, when } from '../screen-forms.js';

export interface RevisionLink {
  revisionId: string;
  savedAt: string;
  savedBy: string;
  current: boolean;
}

export type RevisionList = { available: true; revisions: RevisionLink[] } | { available: false; reason: string };

const UNAVAILABLE = 'The list of older revisions comes from the audit log, which needs the TemplateAdmin role.';

export async function revisionsOf(res: express.Response, workspaceId: string, pickListId: string, currentRevisionId: string | null): Promise<RevisionList> {
  if (!hasRole(res.locals.session!.user.role, 'TemplateAdmin')) return { available: false, reason: UNAVAILABLE };
  try {
    const page = await apiFor(res).listWorkspaceAuditEntries({ path: { workspaceId }, query: { entityType: 'PickList', entityId: pickListId, page: 1, pageSize: 100 } });
    const zone = zoneOf(res);
    const revisions: RevisionLink[] = [];
    for (const e of page.items) {
      const revisionId = e.changeDelta.revisionId?.after;
      if (!isUuid(revisionId)) continue;
      revisions.push({ revisionId, savedAt: when(e.timestamp, zone), savedBy: e.actor ? (e.actor.displayName ?? e.actor.id) : 'System', current: revisionId === currentRevisionId });
    }
    return { available: true, revisions };
  } catch (err) {
    if (err instanceof VersoApiError && err.status === 403) return { available: false, reason: UNAVAILABLE };
    throw err;
  }
}
