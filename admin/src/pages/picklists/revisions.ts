// The revisions of a picklist, as its body lists them (newest first): every role that may read the
// picklist sees them, and each older one links to its read-only page (getPickListRevision).
import type express from 'express';
import type { components } from '@verso/sdk';
import { zoneOf } from '../../time.js';
import { when } from '../screen-forms.js';

type PickList = components['schemas']['PickListResponse'];

export interface RevisionLink {
  revisionId: string;
  revisionNumber: number;
  name: string;
  savedAt: string;
  current: boolean;
}

export function revisionsOf(res: express.Response, picklist: PickList): RevisionLink[] {
  const zone = zoneOf(res);
  return picklist.revisions.map((r) => ({
    revisionId: r.id,
    revisionNumber: r.revisionNumber,
    name: r.name,
    savedAt: when(r.createdAt, zone),
    current: r.id === picklist.currentRevisionId,
  }));
}
