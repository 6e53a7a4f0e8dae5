// Home: the workspaces the user can reach, each with its content counted by status (items with at
// least one version in that status), the review queue (home-queue.ts), and the workspace switcher's target.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../api.js';
import { workspacePaths } from '../nav.js';
import { appendSetCookie, parseCookies, serializeCookie } from '../auth/session.js';
import { contextOf } from '../context.js';
import { ReadCache } from '../read-cache.js';
import { render, workspacesFor, type WorkspaceSummary } from '../views/render.js';
import { QUEUED, workspaceQueues } from './home-queue.js';
import { isUuid } from './screen-forms.js';

type ContentStatus = components['schemas']['ContentStatus'];
export const STATUSES: readonly ContentStatus[] = ['Draft', 'Review', 'Approved', 'Published', 'Archived'];
/** Home counts content for at most this many workspaces (5 small API calls each); the rest are listed. */
const COUNTED = 12;
export const WORKSPACE_COOKIE = 'verso.admin.ws';

interface HomeWorkspace {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  canWrite: boolean;
  selected: boolean;
  counts: { status: ContentStatus; count: number | null }[] | null;
}

/**
 * Content counts per workspace, kept Admin__Home__CountsCacheSeconds (default 10) and shared by everyone who can reach that
 * workspace (the counts are the same for all of them: content visibility is per workspace). A
 * user is only ever shown counts of workspaces that their own, fresh workspace list contains, so
 * the cache never reveals a workspace; the counts are at most a few seconds old. Concurrent misses
 * for the same workspace share one round of API calls.
 */
const countsCache = new ReadCache<HomeWorkspace['counts']>(2000, { staleWhileRefresh: true });

function cachedCounts(res: express.Response, ws: WorkspaceSummary, now: number): Promise<HomeWorkspace['counts']> {
  const { config } = contextOf(res);
  return countsCache.get(`${config.apiBaseUrl} ${ws.id}`, config.homeCountsCacheSeconds * 1000, () => countsFor(res, ws), now);
}

async function countsFor(res: express.Response, ws: WorkspaceSummary): Promise<HomeWorkspace['counts']> {
  const api = apiFor(res);
  return Promise.all(
    STATUSES.map(async (status) => {
      try {
        const page = await api.listContent({ path: { workspaceId: ws.id }, query: { status, page: 1, pageSize: 1 } });
        return { status, count: page.totalCount };
      } catch (err) {
        if ((err as { status?: number }).status === 401) throw err;
        return { status, count: null as number | null };
      }
    }),
  );
}

/** The workspace the switcher selected (cookie), when it is a UUID. */
export function selectedWorkspace(req: express.Request): string | undefined {
  const v = parseCookies(req.headers.cookie).get(WORKSPACE_COOKIE);
  return isUuid(v) ? v : undefined;
}

export function register(router: express.Router): void {
  router.use((req, res, next) => {
    res.locals.workspaceId ??= selectedWorkspace(req);
    next();
  });

  router.get('/', async (_req, res) => {
    const all = await workspacesFor(res);
    const now = contextOf(res).sessions.clock();
    const selected = res.locals.workspaceId;
    // The selected workspace first, then the API's order.
    const ordered = [...all.filter((w) => w.id === selected), ...all.filter((w) => w.id !== selected)];
    const [workspaces, queues] = await Promise.all([
      Promise.all(
        ordered.map(
          async (ws, i): Promise<HomeWorkspace> => ({
            id: ws.id,
            name: ws.name,
            slug: ws.slug,
            description: ws.description,
            canWrite: ws.canWrite,
            selected: ws.id === selected,
            counts: i < COUNTED ? await cachedCounts(res, ws, now) : null,
          }),
        ),
      ),
      workspaceQueues(res, ordered),
    ]);
    const unqueued = ordered.slice(QUEUED).map((ws) => ({ name: ws.name, href: workspacePaths(ws.id).content }));
    await render(res, 'home', { title: 'Home', workspaces, statuses: STATUSES, queues, unqueued });
  });

  router.get('/switch-workspace', (req, res) => {
    const id = typeof req.query.workspaceId === 'string' ? req.query.workspaceId : '';
    const secure = contextOf(res).sessions.secure;
    if (isUuid(id)) appendSetCookie(res, serializeCookie(WORKSPACE_COOKIE, id, secure, { maxAgeSeconds: 30 * 86400 }));
    else appendSetCookie(res, serializeCookie(WORKSPACE_COOKIE, '', secure, { maxAgeSeconds: 0 }));
    res.redirect(303, '/');
  });
}
