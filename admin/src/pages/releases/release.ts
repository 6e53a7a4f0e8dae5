// One release: its facts, the edit form (name, description, publish time; sent with the ETag the page
// was opened from, so a change made since is a 412 shown with the current values), its entries (title,
// version, action, the version's status now, Remove), the validation (ready, or every problem in plain
// words with links to the items), Preview, and Publish now / Revert / Delete after a confirmation.
// A refusal of publish (the problems, or a 403 naming an entry the user may not publish) is shown on
// this page above the validation, which is read again so it says what stops the release now.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../../http/forms.js';
import type { ShownProblem } from '../../http/page-errors.js';
import { zoneLabel, zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { itemPaths } from '../content/item-paths.js';
import { refuse, when } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities, workspaceIdsOf } from '../workspace-scope.js';
import { bodyOf, conflictOf, valuesFrom, valuesOf, type ReleaseValues } from './release-form.js';
import { isEditable, mayChange, readRelease, releasePaths, ROUTE, type Release } from './release-scope.js';

type Validation = components['schemas']['ReleaseValidationResponse'];
type Problem = components['schemas']['ReleaseProblem'];

interface DetailState {
  values?: ReleaseValues;
  failure?: FormFailure;
  conflict?: Conflict;
  /** A refusal of publish, revert or an entry's removal, shown above the entries. */
  actionProblem?: ShownProblem;
}

/** A problem as the page lists it: the API's plain words, the item by title with a link, and the embedded item when that is what is missing. */
function problemRow(workspaceId: string, release: Release, p: Problem) {
  const entry = release.entries.find((e) => e.itemId === p.itemId);
  const title = entry?.title ?? 'Untitled item';
  return {
    ...p,
    title,
    itemHref: itemPaths(workspaceId, p.itemId).selected(p.versionNumber),
    referenced: p.referencedItemId ? { href: itemPaths(workspaceId, p.referencedItemId).root, id: p.referencedItemId } : undefined,
  };
}

async function detailPage(res: express.Response, scope: WorkspaceAbilities, release: Release, etag: string | undefined, state: DetailState = {}, status?: number): Promise<void> {
  const workspaceId = scope.workspace.id;
  const zone = zoneOf(res);
  const editable = isEditable(release.state);
  // The validation only means something while the release can still be published.
  const validation: Validation | undefined = editable ? await apiFor(res).validateRelease({ path: { workspaceId, id: release.id } }) : undefined;
  const paths = releasePaths(workspaceId, release.id);
  const change = mayChange(scope);
  await render(
    res,
    'releases/release',
    {
      title: `Release ${release.name}`,
      paths,
      workspace: scope.workspace,
      release,
      editable,
      change,
      zone: zoneLabel(zone),
      facts: {
        publishAt: when(release.publishAt, zone),
        publishedAt: when(release.publishedAt, zone),
        revertedAt: when(release.revertedAt, zone),
        failedAt: release.failure ? when(release.failure.failedAt, zone) : '',
        created: when(release.createdAt, zone),
        updated: when(release.updatedAt, zone),
      },
      entries: release.entries.map((e) => {
        const item = itemPaths(workspaceId, e.itemId);
        return {
          ...e,
          title: e.title ?? 'Untitled item',
          itemHref: item.root,
          versionHref: item.version(e.versionNumber).view,
          added: when(e.addedAt, zone),
          remove: paths.removeEntry(e.itemId),
        };
      }),
      validation: validation && { ready: validation.ready, problems: validation.problems.map((p) => problemRow(workspaceId, release, p)) },
      failureProblems: release.failure ? release.failure.problems.map((p) => problemRow(workspaceId, release, p)) : [],
      form: {
        values: state.values ?? valuesFrom(release, zone),
        etag,
        problem: state.failure?.problem,
        errors: state.failure?.errors ?? {},
        conflict: state.conflict,
      },
      actionProblem: state.actionProblem,
    },
    status,
  );
}

type Action = 'publish' | 'revert' | 'delete';

const ACTIONS: Record<Action, { heading: string; explain: (r: Release) => string; confirm: string; button: string; danger: boolean }> = {
  publish: {
    heading: 'Publish release',
    explain: (r) =>
      `All ${r.entryCount} ${r.entryCount === 1 ? 'entry goes' : 'entries go'} live together, in one step: each publish entry’s version is served and each archive entry’s item stops being served. If anything stops one entry, nothing changes and the page lists why.${r.publishAt ? ' It publishes now instead of at its scheduled time.' : ''}`,
    confirm: 'Yes, publish every entry now',
    button: 'Publish now',
    danger: false,
  },
  revert: {
    heading: 'Revert release',
    explain: () => 'Every entry’s item serves again what it served before the release, in one step; an item that served nothing before is archived. The release is then Reverted and cannot be published again.',
    confirm: 'Yes, restore what was served before this release',
    button: 'Revert release',
    danger: true,
  },
  delete: {
    heading: 'Delete release',
    explain: () => 'The release and its list of entries are deleted. No content changes: the items and their versions stay as they are.',
    confirm: 'Yes, delete this release',
    button: 'Delete release',
    danger: true,
  },
};

interface ConfirmState {
  etag?: string;
  failure?: FormFailure;
  conflict?: Conflict;
}

async function confirmPage(res: express.Response, scope: WorkspaceAbilities, action: Action, release: Release, state: ConfirmState = {}, status?: number): Promise<void> {
  const a = ACTIONS[action];
  const paths = releasePaths(scope.workspace.id, release.id);
  await render(
    res,
    'releases/confirm',
    {
      title: `${a.heading}: ${release.name}`,
      heading: a.heading,
      explain: a.explain(release),
      confirm: a.confirm,
      button: a.button,
      danger: a.danger,
      paths,
      formAction: paths[action === 'delete' ? 'remove' : action],
      workspace: scope.workspace,
      release,
      // Only delete carries If-Match in the contract; publish and revert check the state themselves.
      guarded: action === 'delete',
      etag: state.etag,
      conflict: state.conflict,
      problem: state.failure?.problem,
      errors: state.failure?.errors ?? {},
    },
    status,
  );
}

const notConfirmed = (what: string): FormFailure => ({
  problem: { status: 422, title: 'Confirm first', detail: 'Tick the box to confirm; nothing was changed.' },
  errors: { '/confirm': [`Tick this box to ${what}.`] },
});

/** Where an action refused by the API goes: the release page with the problem, or (other errors) the error page. */
async function refused(res: express.Response, scope: WorkspaceAbilities, workspaceId: string, id: string, err: unknown): Promise<void> {
  const failure = formFailure(err, [403, 409, 422]);
  if (!failure) throw err;
  const { release, etag } = await readRelease(res, workspaceId, id);
  await detailPage(res, scope, release, etag, { actionProblem: failure.problem }, failure.problem.status === 403 ? 403 : failure.problem.status === 409 ? 409 : 422);
}

export function register(router: express.Router): void {
  router.get(`${ROUTE}/:id`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const [scope, { release, etag }] = await Promise.all([abilitiesIn(res, ids.workspaceId), readRelease(res, ids.workspaceId, ids.id)]);
    await detailPage(res, scope, release, etag);
  });

  router.post(`${ROUTE}/:id`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId, id } = ids;
    const zone = zoneOf(res);
    const values = valuesOf(req);
    const sentETag = field(req, '_etag');
    const [scope, { release }] = await Promise.all([abilitiesIn(res, workspaceId), readRelease(res, workspaceId, id)]);
    const built = bodyOf(values, zone);
    if ('failure' in built) return detailPage(res, scope, release, sentETag, { values, failure: built.failure }, 422);
    let current = release;
    let currentETag: string | undefined;
    try {
      const outcome = await submitWithETag({
        etag: sentETag,
        write: (ifMatch) => apiFor(res).updateRelease({ path: { workspaceId, id }, body: built.body }, { ifMatch }),
        readCurrent: async () => {
          const now = await readRelease(res, workspaceId, id);
          current = now.release;
          currentETag = now.etag;
          return conflictOf(now.release, now.etag, zone);
        },
      });
      if (!outcome.ok) return void (await detailPage(res, scope, current, currentETag, { values, conflict: outcome.conflict }, 409));
      const r = outcome.result;
      setFlash(res, 'success', r.state === 'Scheduled' ? `Release “${r.name}” saved: it publishes at ${when(r.publishAt, zone)}.` : `Release “${r.name}” saved.`);
      res.redirect(303, releasePaths(workspaceId, id).release);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await detailPage(res, scope, release, sentETag, { values, failure }, failure.problem.status === 409 ? 409 : 422);
    }
  });

  router.post(`${ROUTE}/:id/entries/:itemId/remove`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    const itemId = req.params.itemId;
    if (!ids || typeof itemId !== 'string' || !/^[0-9a-f-]{36}$/i.test(itemId)) return next();
    const { workspaceId, id } = ids;
    const scope = await abilitiesIn(res, workspaceId);
    try {
      await apiFor(res).removeReleaseEntry({ path: { workspaceId, id, itemId } });
    } catch (err) {
      return refused(res, scope, workspaceId, id, err);
    }
    setFlash(res, 'success', `${field(req, 'title') || 'The item'} was taken out of the release.`);
    res.redirect(303, releasePaths(workspaceId, id).release);
  });

  router.post(`${ROUTE}/:id/preview`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId, id } = ids;
    const api = apiFor(res);
    const [scope, { release }] = await Promise.all([abilitiesIn(res, workspaceId), readRelease(res, workspaceId, id)]);
    const minted = await api.createPreviewToken({ path: { workspaceId }, body: { releaseId: id } });
    // The token is shown (or handed to the site) in this answer only: never cached, never stored.
    res.setHeader('Cache-Control', 'no-store');
    const previewUrl = scope.workspace.previewUrl;
    if (previewUrl) {
      // A release is the whole site, not one item: {slug} and {locale} are left empty, the site's home.
      const target = previewUrl.replaceAll('{slug}', '').replaceAll('{locale}', '').replaceAll('{token}', encodeURIComponent(minted.token));
      return render(res, 'content/preview-open', { title: 'Opening the preview', workspaceId, refreshTo: target, target });
    }
    await render(res, 'releases/preview-token', {
      title: `Preview of release ${release.name}`,
      paths: releasePaths(workspaceId, id),
      workspace: scope.workspace,
      release,
      token: minted.token,
      expires: when(minted.expiresAt, zoneOf(res)),
      workspaceSettings: `/workspaces/${encodeURIComponent(workspaceId)}/edit`,
    });
  });

  for (const action of Object.keys(ACTIONS) as Action[]) {
    router.get(`${ROUTE}/:id/${action}`, async (req, res, next) => {
      const ids = workspaceIdsOf(req);
      if (!ids) return next();
      const [scope, { release, etag }] = await Promise.all([abilitiesIn(res, ids.workspaceId), readRelease(res, ids.workspaceId, ids.id)]);
      const allowed = mayChange(scope);
      if (!allowed.allowed) return refuse(res, allowed.reason);
      await confirmPage(res, scope, action, release, { etag });
    });
  }

  for (const action of ['publish', 'revert'] as const) {
    router.post(`${ROUTE}/:id/${action}`, async (req, res, next) => {
      const ids = workspaceIdsOf(req);
      if (!ids) return next();
      const { workspaceId, id } = ids;
      const scope = await abilitiesIn(res, workspaceId);
      if (field(req, 'confirm') !== 'yes') {
        const { release } = await readRelease(res, workspaceId, id);
        return confirmPage(res, scope, action, release, { failure: notConfirmed(action === 'publish' ? 'publish the release' : 'revert the release') }, 422);
      }
      let done: Release;
      try {
        done = action === 'publish' ? await apiFor(res).publishRelease({ path: { workspaceId, id } }) : await apiFor(res).revertRelease({ path: { workspaceId, id } });
      } catch (err) {
        return refused(res, scope, workspaceId, id, err);
      }
      const n = done.entryCount;
      setFlash(res, 'success', action === 'publish' ? `Release “${done.name}” published: ${n} ${n === 1 ? 'entry' : 'entries'} went live together.` : `Release “${done.name}” reverted: each item serves what it served before.`);
      res.redirect(303, releasePaths(workspaceId, id).release);
    });
  }

  router.post(`${ROUTE}/:id/delete`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId, id } = ids;
    const zone = zoneOf(res);
    const sentETag = field(req, '_etag');
    const [scope, { release }] = await Promise.all([abilitiesIn(res, workspaceId), readRelease(res, workspaceId, id)]);
    if (field(req, 'confirm') !== 'yes') return confirmPage(res, scope, 'delete', release, { etag: sentETag, failure: notConfirmed('delete the release') }, 422);
    let current = release;
    try {
      const outcome = await submitWithETag({
        etag: sentETag,
        write: (ifMatch) => apiFor(res).deleteRelease({ path: { workspaceId, id } }, { ifMatch }),
        readCurrent: async () => {
          const now = await readRelease(res, workspaceId, id);
          current = now.release;
          return conflictOf(now.release, now.etag, zone);
        },
      });
      if (!outcome.ok) return void (await confirmPage(res, scope, 'delete', current, { conflict: outcome.conflict }, 409));
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      return confirmPage(res, scope, 'delete', release, { etag: sentETag, failure }, failure.problem.status === 409 ? 409 : 422);
    }
    setFlash(res, 'success', `Release “${release.name}” deleted; no content changed.`);
    res.redirect(303, releasePaths(workspaceId).list);
  });
}
