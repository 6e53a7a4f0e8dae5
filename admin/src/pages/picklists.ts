// Picklists (choice sets) of one workspace: the list (search, paging), create, and the picklist page —
// its current revision's options as editable rows (TemplateAdmin + Write; everyone else reads them),
// saved with updatePickList, which makes a new revision. The save carries the ETag the page was
// opened from (`_etag`): a change someone made since is a 412 shown with the current values and a
// re-apply button. Older revisions are read-only pages (getPickListRevision). Delete asks for a
// confirmation and shows the API's 409 `referenced-by-other-entity` with the fields that bind it.
import type express from 'express';
import { VersoApiError, type components } from '@verso/sdk';
import { apiFor } from '../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FieldErrors, type FormFailure } from '../http/forms.js';
import { workspacePaths } from '../nav.js';
import { zoneOf } from '../time.js';
import { render, setFlash } from '../views/render.js';
import { applyRowChange, emptyValues, errorsByRow, requestOf, rowChange, valuesFrom, valuesOf, type PickListValues } from './picklists/options-form.js';
import { revisionsOf, type RevisionLink } from './picklists/revisions.js';
import { isUuid, pageLinks, pageOf, queryValue, refuse, when } from './screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities, workspaceIdsOf } from './workspace-scope.js';

type PickList = components['schemas']['PickListResponse'];

const PAGE_SIZE = 20;
const ROUTE = '/workspaces/:workspaceId/picklists';


async function readPickList(res: express.Response, workspaceId: string, id: string) {
  const { data, etag } = await apiFor(res).call('getPickList', { path: { workspaceId, id } });
  return { picklist: data, etag };
}

const optionsText = (p: PickList) => p.options.map((o) => `${o.label} (${o.value})`).join(', ');

/** What the conflict box shows: the picklist as it is now. */
const conflictOf = (p: PickList, etag: string | undefined, zone: string): Conflict => ({
  etag: etag ?? '',
  current: [
    { label: 'Name', value: p.name },
    { label: 'Slug', value: p.slug },
    { label: 'Description', value: p.description ?? '' },
    { label: 'Options', value: optionsText(p) },
    { label: 'Revision', value: String(p.revisionNumber) },
    { label: 'Last changed', value: when(p.updatedAt, zone) },
  ],
});

interface FormPage {
  values: PickListValues;
  picklist?: PickList;
  etag?: string;
  failure?: FormFailure;
  errors?: FieldErrors;
  conflict?: Conflict;
  focus?: string;
}

async function formPage(res: express.Response, scope: WorkspaceAbilities, page: FormPage, status?: number): Promise<void> {
  const paths = workspacePaths(scope.workspace.id);
  const p = page.picklist;
  const errors = page.errors ?? page.failure?.errors ?? {};
  await render(
    res,
    'picklists/form',
    {
      title: p ? `Picklist ${p.name}` : 'New picklist',
      mode: p ? 'edit' : 'create',
      paths,
      workspace: scope.workspace,
      action: p ? `${paths.picklists}/${p.id}` : `${paths.picklists}/new`,
      values: page.values,
      picklist: p,
      updated: p ? when(p.updatedAt, zoneOf(res)) : '',
      etag: page.etag,
      problem: page.failure?.problem,
      errors,
      // Messages the form has no field for (shown in a list above it).
      otherErrors: Object.entries(errors).filter(([k]) => !/^\/(name|slug|description|options)(\/|$)/.test(k)),
      conflict: page.conflict,
      focus: page.focus,
      revisions: p ? revisionsOf(res, p) : undefined,
    },
    status,
  );
}

async function readOnlyPage(res: express.Response, scope: WorkspaceAbilities, picklist: PickList, revisions: RevisionLink[] | undefined, reason?: string): Promise<void> {
  const paths = workspacePaths(scope.workspace.id);
  const isCurrent = picklist.revisionId === picklist.currentRevisionId;
  await render(res, 'picklists/view', {
    title: isCurrent ? `Picklist ${picklist.name}` : `Picklist ${picklist.name}, revision ${picklist.revisionNumber}`,
    paths,
    workspace: scope.workspace,
    picklist,
    isCurrent,
    options: [...picklist.options].sort((a, b) => a.order - b.order),
    updated: when(picklist.updatedAt, zoneOf(res)),
    revisions,
    reason,
  });
}

async function deletePage(res: express.Response, scope: WorkspaceAbilities, d: { picklist: PickList; etag?: string; failure?: FormFailure; conflict?: Conflict; referencedBy?: string[] }, status?: number) {
  await render(
    res,
    'picklists/delete',
    {
      title: `Delete picklist ${d.picklist.name}`,
      paths: workspacePaths(scope.workspace.id),
      workspace: scope.workspace,
      picklist: d.picklist,
      etag: d.etag,
      problem: d.failure?.problem,
      errors: d.failure?.errors ?? {},
      conflict: d.conflict,
      referencedBy: d.referencedBy ?? [],
    },
    status,
  );
}

/** The field ids a 409 `referenced-by-other-entity` names. */
function referencedByOf(err: unknown): string[] {
  const list = err instanceof VersoApiError ? err.problem.extensions.referencedBy : undefined;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

export function register(router: express.Router): void {
  router.get(ROUTE, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const search = queryValue(req.query, 'q').trim().slice(0, 200);
    const page = pageOf(req.query);
    const [scope, list] = await Promise.all([
      abilitiesIn(res, ids.workspaceId),
      apiFor(res).listPickLists({ path: { workspaceId: ids.workspaceId }, query: { search: search || undefined, page, pageSize: PAGE_SIZE } }),
    ]);
    const paths = workspacePaths(ids.workspaceId);
    await render(res, 'picklists/list', {
      title: 'Picklists',
      paths,
      workspace: scope.workspace,
      picklists: list.items,
      totalCount: list.totalCount,
      search,
      page,
      totalPages: list.totalPages,
      links: pageLinks(paths.picklists, { q: search }, page, list.totalPages),
      create: scope.model,
    });
  });

  router.get(`${ROUTE}/new`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const scope = await abilitiesIn(res, ids.workspaceId);
    if (!scope.model.allowed) return refuse(res, scope.model.reason);
    await formPage(res, scope, { values: emptyValues() });
  });

  router.post(`${ROUTE}/new`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const scope = await abilitiesIn(res, ids.workspaceId);
    const values = valuesOf(req);
    const op = rowChange(req);
    if (op) {
      const changed = applyRowChange(values.options, op);
      return void (await formPage(res, scope, { values: { ...values, options: changed.rows }, focus: changed.focus }));
    }
    const { body, rowOf } = requestOf(values);
    try {
      const created = await apiFor(res).createPickList({ path: { workspaceId: ids.workspaceId }, body });
      setFlash(res, 'success', `Picklist “${created.name}” created.`);
      res.redirect(303, `${workspacePaths(ids.workspaceId).picklists}/${created.id}`);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await formPage(res, scope, { values, failure, errors: errorsByRow(failure.errors, rowOf) }, 422);
    }
  });

  router.get(`${ROUTE}/:id`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const [scope, { picklist, etag }] = await Promise.all([abilitiesIn(res, ids.workspaceId), readPickList(res, ids.workspaceId, ids.id)]);
    if (!scope.model.allowed) return readOnlyPage(res, scope, picklist, revisionsOf(res, picklist), scope.model.reason);
    await formPage(res, scope, { values: valuesFrom(picklist), picklist, etag });
  });

  router.post(`${ROUTE}/:id`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId, id } = ids;
    const zone = zoneOf(res);
    const values = valuesOf(req);
    const sentETag = field(req, '_etag');
    const op = rowChange(req);
    const [scope, { picklist }] = await Promise.all([abilitiesIn(res, workspaceId), readPickList(res, workspaceId, id)]);
    if (op) {
      // The ETag stays the one the form was opened from: moving rows is not a fresh look at the picklist.
      const changed = applyRowChange(values.options, op);
      return void (await formPage(res, scope, { values: { ...values, options: changed.rows }, picklist, etag: sentETag, focus: changed.focus }));
    }
    const { body, rowOf } = requestOf(values);
    let current: PickList = picklist;
    try {
      const outcome = await submitWithETag({
        etag: sentETag,
        write: (ifMatch) => apiFor(res).updatePickList({ path: { workspaceId, id }, body }, { ifMatch }),
        readCurrent: async () => {
          const now = await readPickList(res, workspaceId, id);
          current = now.picklist;
          return conflictOf(now.picklist, now.etag, zone);
        },
      });
      if (!outcome.ok) return void (await formPage(res, scope, { values, picklist: current, conflict: outcome.conflict }, 409));
      setFlash(res, 'success', `Picklist “${outcome.result.name}” saved as revision ${outcome.result.revisionNumber}.`);
      res.redirect(303, `${workspacePaths(workspaceId).picklists}/${id}`);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await formPage(res, scope, { values, picklist, etag: sentETag, failure, errors: errorsByRow(failure.errors, rowOf) }, 422);
    }
  });

  router.get(`${ROUTE}/:id/revisions/:revisionId`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    const revisionId = req.params.revisionId;
    if (!ids || !isUuid(revisionId)) return next();
    const [scope, picklist] = await Promise.all([
      abilitiesIn(res, ids.workspaceId),
      apiFor(res).getPickListRevision({ path: { workspaceId: ids.workspaceId, id: ids.id, revisionId } }),
    ]);
    await readOnlyPage(res, scope, picklist, revisionsOf(res, picklist));
  });

  router.get(`${ROUTE}/:id/delete`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const [scope, { picklist, etag }] = await Promise.all([abilitiesIn(res, ids.workspaceId), readPickList(res, ids.workspaceId, ids.id)]);
    if (!scope.model.allowed) return refuse(res, scope.model.reason);
    await deletePage(res, scope, { picklist, etag });
  });

  router.post(`${ROUTE}/:id/delete`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId, id } = ids;
    const [scope, { picklist }] = await Promise.all([abilitiesIn(res, workspaceId), readPickList(res, workspaceId, id)]);
    if (field(req, 'confirm') !== 'yes') {
      const failure: FormFailure = {
        problem: { status: 422, title: 'Confirm the deletion', detail: 'Tick the box to confirm that the picklist is deleted.' },
        errors: { '/confirm': ['Tick this box to delete the picklist.'] },
      };
      return void (await deletePage(res, scope, { picklist, etag: field(req, '_etag'), failure }, 422));
    }
    let current: PickList = picklist;
    try {
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) => apiFor(res).deletePickList({ path: { workspaceId, id } }, { ifMatch }),
        readCurrent: async () => {
          const now = await readPickList(res, workspaceId, id);
          current = now.picklist;
          return conflictOf(now.picklist, now.etag, zoneOf(res));
        },
      });
      if (!outcome.ok) return void (await deletePage(res, scope, { picklist: current, conflict: outcome.conflict }, 409));
      setFlash(res, 'success', `Picklist “${picklist.name}” deleted.`);
      res.redirect(303, workspacePaths(workspaceId).picklists);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await deletePage(res, scope, { picklist, etag: field(req, '_etag'), failure, referencedBy: referencedByOf(err) }, failure.problem.status);
    }
  });
}
