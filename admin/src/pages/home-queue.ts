// Home's review queue (issue #25): per workspace the user can see, what waits on them — versions in
// Review (TemplateAdmin and up, with write access: they can approve), their own Drafts, the ones a
// reviewer sent back, and what is scheduled next. One listWorkspaceContentVersions call per section
// (a few rows each, item titles included), never a call per row; at most QUEUED workspaces (the
// selected one first), the rest are named with a link to their content.
//
// Like the counts (home.ts), each section is kept Admin__Home__CountsCacheSeconds: "in Review" and
// "scheduled" are the same for everyone who can read the workspace and are shared (shown only for
// workspaces in the user's own fresh list); "sent back" and "your drafts" are kept per user (keyed
// by a digest of the session's token). Every write through the admin empties these caches
// (read-cache.ts), so a user's own submit or save shows on their next Home.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../api.js';
import { contextOf } from '../context.js';
import { ReadCache, tokenKey } from '../read-cache.js';
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

const SECTIONS: Record<SectionKey, { heading: string; empty: string; query: QueueQuery; perUser: boolean }> = {
  review: { heading: 'Waiting for your approval', empty: 'Nothing is in Review.', query: { status: 'Review' }, perUser: false },
  rejected: { heading: 'Sent back to you', empty: 'No version of yours was sent back.', query: { createdBy: 'me', rejected: true }, perUser: true },
  drafts: { heading: 'Your drafts', empty: 'You have no Drafts here.', query: { status: 'Draft', createdBy: 'me', rejected: false }, perUser: true },
  scheduled: { heading: 'Scheduled next', empty: 'Nothing is scheduled.', query: { scheduled: true }, perUser: false },
};

type QueuePage = Awaited<ReturnType<ReturnType<typeof apiFor>['listWorkspaceContentVersions']>>;
const sectionCache = new ReadCache<QueuePage>(4000, { staleWhileRefresh: true });

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
  const session = res.locals.session!;
  const role = session.user.role;
  const zone = zoneOf(res);
  const { config } = contextOf(res);
  const read = (workspaceId: string, key: SectionKey) => {
    const { query, perUser } = SECTIONS[key];
    const cacheKey = `${config.apiBaseUrl} ${workspaceId} ${key}${perUser ? ` ${tokenKey(session.token)}` : ''}`;
    return sectionCache.get(cacheKey, config.homeCountsCacheSeconds * 1000, () =>
      api.listWorkspaceContentVersions({ path: { workspaceId }, query: { ...query, page: 1, pageSize: ROWS } }),
    );
  };
  return Promise.all(
    workspaces.slice(0, QUEUED).map(async (ws) => {
      const sections = await Promise.all(
        sectionsFor(role, ws).map(async (key): Promise<QueueSection> => {
          const { heading, empty } = SECTIONS[key];
          try {
            const page = await read(ws.id, key);
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
