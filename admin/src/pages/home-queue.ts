// Home's review queue (issue #25): per workspace the user can see, what waits on them — versions in
// Review (TemplateAdmin and up, with write access: they can approve), their own Drafts, the ones a
// reviewer sent back, and what is scheduled next. One listWorkspaceContentVersions call per section
// (a few rows each, item titles included), never a call per row; at most QUEUED workspaces (the
// selected one first), the rest are named with a link to their content.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../api.js';
import { hasRole } from '../nav.js';
import { zoneOf } from '../time.js';
import type { WorkspaceSummary } from '../views/render.js';
import { itemNameOf, itemPaths } from './content/item-paths.js';
import { when } from './screen-forms.js';

type QueueEntry = components['schemas']['WorkspaceContentVersionResponse'];
type QueueQuery = NonNullable<Parameters<ReturnType<typeof apiFor>['listWorkspaceContentVersions']>[0]['query']>;

/** Rows shown per section; the section says how many more there are. */
const ROWS = 5;
/** Workspaces whose queue Home reads (up to 4 small calls each). */
export const QUEUED = 6;

export type SectionKey = 'review' | 'drafts' | 'rejected' | 'scheduled';

interface QueueRow {
  name: string;
  slug: string | null;
  versionNumber: number;
  status: string;
  href: string;
  /** What the row's time is (changed, sent back, scheduled for) and the time in the user's zone. */
  detail: string;
  reason: string | null;
}

export interface QueueSection {
  key: SectionKey;
  heading: string;
  empty: string;
  rows: QueueRow[];
  more: number;
  /** The API did not answer this section (the rest of Home still shows). */
  failed: boolean;
}

export interface WorkspaceQueue {
  id: string;
  name: string;
  sections: QueueSection[];
  waiting: number;
}

const SECTIONS: Record<SectionKey, { heading: string; empty: string; query: QueueQuery }> = {
  review: { heading: 'Waiting for your approval', empty: 'Nothing is in Review.', query: { status: 'Review' } },
  rejected: { heading: 'Sent back to you', empty: 'No version of yours was sent back.', query: { createdBy: 'me', rejected: true } },
  drafts: { heading: 'Your drafts', empty: 'You have no Drafts here.', query: { status: 'Draft', createdBy: 'me', rejected: false } },
  scheduled: { heading: 'Scheduled next', empty: 'Nothing is scheduled.', query: { scheduled: true } },
};

function rowOf(workspaceId: string, key: SectionKey, e: QueueEntry, zone: string): QueueRow {
  const v = e.version;
  const detail =
    key === 'scheduled' ? `scheduled for ${when(v.publishAt, zone)}` : key === 'rejected' ? `sent back ${when(e.rejectedAt, zone)}` : `changed ${when(v.updatedAt, zone)}`;
  return {
    name: itemNameOf({ title: e.title, slug: e.itemSlug, templateName: e.templateName }),
    slug: e.title ? e.itemSlug : null,
    versionNumber: v.versionNumber,
    status: v.status,
    href: itemPaths(workspaceId, e.contentItemId).selected(v.versionNumber),
    detail,
    reason: key === 'rejected' ? e.rejectionReason : null,
  };
}

/** Which sections a user sees in a workspace: approving needs TemplateAdmin and write access; own work needs write access. */
export function sectionsFor(role: Parameters<typeof hasRole>[0], ws: Pick<WorkspaceSummary, 'canWrite'>): SectionKey[] {
  const keys: SectionKey[] = [];
  if (ws.canWrite && hasRole(role, 'TemplateAdmin')) keys.push('review');
  if (ws.canWrite) keys.push('rejected', 'drafts');
  keys.push('scheduled');
  return keys;
}

export async function workspaceQueues(res: express.Response, workspaces: readonly WorkspaceSummary[]): Promise<WorkspaceQueue[]> {
  const api = apiFor(res);
  const role = res.locals.session!.user.role;
  const zone = zoneOf(res);
  return Promise.all(
    workspaces.slice(0, QUEUED).map(async (ws) => {
      const sections = await Promise.all(
        sectionsFor(role, ws).map(async (key): Promise<QueueSection> => {
          const { heading, empty, query } = SECTIONS[key];
          try {
            const page = await api.listWorkspaceContentVersions({ path: { workspaceId: ws.id }, query: { ...query, page: 1, pageSize: ROWS } });
            return { key, heading, empty, rows: page.items.map((e) => rowOf(ws.id, key, e, zone)), more: Math.max(0, page.totalCount - page.items.length), failed: false };
          } catch (err) {
            if ((err as { status?: number }).status === 401) throw err;
            return { key, heading, empty, rows: [], more: 0, failed: true };
          }
        }),
      );
      const waiting = sections.reduce((n, s) => n + s.rows.length + s.more, 0);
      return { id: ws.id, name: ws.name, sections, waiting };
    }),
  );
}
