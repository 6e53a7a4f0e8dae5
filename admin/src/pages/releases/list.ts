// The Releases screen of a workspace: the paged list with each release's state, entry count and time,
// filtered by state, and the create form (name, description, an optional publish time). Reading needs
// Editor (the API's rule); creating needs Editor + Write, else the button is disabled with the reason.
import type express from 'express';
import { apiFor } from '../../api.js';
import { formFailure, type FormFailure } from '../../http/forms.js';
import { zoneLabel, zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { pageLinks, pageOf, queryValue, refuse, when } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities, workspaceIdsOf } from '../workspace-scope.js';
import { bodyOf, emptyValues, valuesOf, type ReleaseValues } from './release-form.js';
import { mayChange, releasePaths, ROUTE, STATE_LABEL, type ReleaseState } from './release-scope.js';

const PAGE_SIZE = 20;
const STATES = Object.keys(STATE_LABEL) as ReleaseState[];

async function createPage(res: express.Response, scope: WorkspaceAbilities, values: ReleaseValues, failure?: FormFailure, status?: number): Promise<void> {
  const zone = zoneOf(res);
  await render(
    res,
    'releases/form',
    {
      title: 'New release',
      mode: 'create',
      paths: releasePaths(scope.workspace.id),
      workspace: scope.workspace,
      action: releasePaths(scope.workspace.id).create,
      values,
      zone: zoneLabel(zone),
      problem: failure?.problem,
      errors: failure?.errors ?? {},
    },
    status,
  );
}

export function register(router: express.Router): void {
  router.get(ROUTE, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const page = pageOf(req.query);
    const wanted = queryValue(req.query, 'state');
    const state = (STATES as string[]).includes(wanted) ? (wanted as ReleaseState) : undefined;
    // A Reader gets the API's own 403 page: reading releases needs Editor.
    const [scope, list] = await Promise.all([
      abilitiesIn(res, ids.workspaceId),
      apiFor(res).listReleases({ path: { workspaceId: ids.workspaceId }, query: { page, pageSize: PAGE_SIZE, ...(state ? { state } : {}) } }),
    ]);
    const zone = zoneOf(res);
    const paths = releasePaths(ids.workspaceId);
    await render(res, 'releases/list', {
      title: 'Releases',
      paths,
      workspace: scope.workspace,
      states: STATES.map((s) => ({ value: s, label: STATE_LABEL[s], selected: s === state })),
      state,
      releases: list.items.map((r) => ({
        ...r,
        href: releasePaths(ids.workspaceId, r.id).release,
        // The time that matters in each state: when it goes live, went live, or was reverted.
        time: r.state === 'Scheduled' ? `Publishes ${when(r.publishAt, zone)}` : r.state === 'Published' ? `Published ${when(r.publishedAt, zone)}` : r.state === 'Reverted' ? `Reverted ${when(r.revertedAt, zone)}` : r.state === 'Failed' && r.failure ? `Failed ${when(r.failure.failedAt, zone)}` : `Changed ${when(r.updatedAt, zone)}`,
      })),
      totalCount: list.totalCount,
      page,
      totalPages: list.totalPages,
      links: pageLinks(paths.list, { state: state ?? '' }, page, list.totalPages),
      change: mayChange(scope),
    });
  });

  router.get(`${ROUTE}/new`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const scope = await abilitiesIn(res, ids.workspaceId);
    const allowed = mayChange(scope);
    if (!allowed.allowed) return refuse(res, allowed.reason);
    await createPage(res, scope, emptyValues());
  });

  router.post(`${ROUTE}/new`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const scope = await abilitiesIn(res, ids.workspaceId);
    const values = valuesOf(req);
    const built = bodyOf(values, zoneOf(res));
    if ('failure' in built) return createPage(res, scope, values, built.failure, 422);
    try {
      const release = await apiFor(res).createRelease({ path: { workspaceId: ids.workspaceId }, body: built.body });
      setFlash(res, 'success', `Release “${release.name}” created. Add items to it from their pages or the content list.`);
      res.redirect(303, releasePaths(ids.workspaceId, release.id).release);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await createPage(res, scope, values, failure, 422);
    }
  });
}
