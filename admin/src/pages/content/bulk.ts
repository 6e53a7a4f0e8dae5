// The content list's bulk bar (server-rendered forms; works without JavaScript): the ticked rows and
// the chosen action post to `…/content/bulk`, which shows a confirmation naming the count and the
// items; confirming posts to `…/content/bulk/apply`, which calls bulkContentAction once and shows the
// result — how many succeeded, and each failure linked to its item with the API's reason. "All or
// nothing" sends `atomic: true`: then a failure changes nothing, and the page says so.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor, VersoApiError } from '../../api.js';
import { field, fieldValues, formFailure } from '../../http/forms.js';
import type { ShownProblem } from '../../http/page-errors.js';
import { render } from '../../views/render.js';
import { isUuid, refuse } from '../screen-forms.js';
import { abilitiesIn } from '../workspace-scope.js';
import { BULK_ACTIONS, bulkActionsFor, countOf, isBulkAction, needsTags, type BulkAction } from './bulk-actions.js';
import { itemPaths } from './item-paths.js';

type ItemResult = components['schemas']['BulkContentItemResult'];

/** The API's limit per call. */
const MAX_ITEMS = 500;

interface Selection {
  action: string;
  ids: string[];
  /** Each id's name as the list showed it (display only: the API decides by id). */
  names: Map<string, string>;
  tags: string;
  atomic: boolean;
  back: string;
}

function selectionOf(req: express.Request, workspaceId: string): Selection {
  const ids = [...new Set(fieldValues(req, 'ids').filter(isUuid).map((id) => id.toLowerCase()))];
  const names = new Map(ids.map((id) => [id, field(req, `name_${id}`).trim().slice(0, 200) || 'Untitled item']));
  const list = itemPaths(workspaceId, ids[0] ?? '').list;
  const back = field(req, 'back');
  // Back to the list page the selection came from (its filters and page), never elsewhere.
  const safeBack = back === list || (back.startsWith(`${list}?`) && /^[A-Za-z0-9/_\-?=&.%+,]*$/.test(back)) ? back : list;
  return { action: field(req, 'action'), ids, names, tags: field(req, 'tags').trim(), atomic: field(req, 'atomic') === 'yes', back: safeBack };
}

const tagsOf = (raw: string) => [...new Set(raw.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean))];

interface ConfirmPage {
  problem?: ShownProblem;
  errors?: Record<string, string[]>;
}

async function confirmPage(res: express.Response, workspaceId: string, s: Selection, action: BulkAction | undefined, page: ConfirmPage, status?: number) {
  const text = action ? BULK_ACTIONS[action] : undefined;
  await render(
    res,
    'content/bulk-confirm',
    {
      title: text ? `${text.label}: ${countOf(s.ids.length)}` : 'Bulk action',
      workspaceId,
      selection: s,
      action,
      text,
      count: countOf(s.ids.length),
      items: s.ids.map((id) => ({ id, name: s.names.get(id)!, href: itemPaths(workspaceId, id).root })),
      needsTags: action ? needsTags(action) : false,
      problem: page.problem,
      errors: page.errors ?? {},
      applyPath: `${itemPaths(workspaceId, '').list}/bulk/apply`,
    },
    status,
  );
}

/** The selection's problem, or undefined when it can be sent as it is. */
function checkSelection(s: Selection, allowed: BulkAction[]): ConfirmPage | undefined {
  if (!isBulkAction(s.action) || !allowed.includes(s.action)) return { problem: { status: 422, title: 'Choose an action', detail: 'Choose one of the actions the bar offers, then tick the items.' } };
  if (s.ids.length === 0) return { problem: { status: 422, title: 'Tick at least one item', detail: 'No item was ticked: go back to the list and tick the items to act on.' } };
  if (s.ids.length > MAX_ITEMS) return { problem: { status: 422, title: 'Too many items', detail: `At most ${MAX_ITEMS} items can be changed in one step; ${s.ids.length} were ticked.` } };
  if (needsTags(s.action) && tagsOf(s.tags).length === 0) return { problem: { status: 422, title: 'Name the tags', detail: 'Enter the tags, separated by commas.' }, errors: { '/tags': ['Enter at least one tag.'] } };
  return undefined;
}

export function register(router: express.Router): void {
  router.post('/workspaces/:workspaceId/content/bulk', async (req, res, next) => {
    const workspaceId = req.params.workspaceId;
    if (!isUuid(workspaceId)) return next();
    const ws = workspaceId.toLowerCase();
    const s = selectionOf(req, ws);
    const abilities = await abilitiesIn(res, ws);
    if (!abilities.editContent.allowed) return refuse(res, abilities.editContent.reason);
    const problem = checkSelection(s, bulkActionsFor(abilities));
    const action = isBulkAction(s.action) ? s.action : undefined;
    // A missing tag is fixed on the confirmation itself (it has the tags input); other problems too.
    await confirmPage(res, ws, s, action, problem ?? {}, problem?.problem?.status);
  });

  router.post('/workspaces/:workspaceId/content/bulk/apply', async (req, res, next) => {
    const workspaceId = req.params.workspaceId;
    if (!isUuid(workspaceId)) return next();
    const ws = workspaceId.toLowerCase();
    const s = selectionOf(req, ws);
    const abilities = await abilitiesIn(res, ws);
    if (!abilities.editContent.allowed) return refuse(res, abilities.editContent.reason);
    const problem = checkSelection(s, bulkActionsFor(abilities));
    const action = isBulkAction(s.action) ? s.action : undefined;
    if (problem || !action) return void (await confirmPage(res, ws, s, action, problem ?? {}, problem?.problem?.status ?? 422));

    let results: ItemResult[];
    let rolledBack = false;
    try {
      const answer = await apiFor(res).bulkContentAction({
        path: { workspaceId: ws },
        body: { action, items: s.ids.map((id) => ({ id })), ...(needsTags(action) ? { tags: tagsOf(s.tags) } : {}), ...(s.atomic ? { atomic: true } : {}) },
      });
      results = answer.results;
    } catch (err) {
      // All or nothing, and something failed: the API lists the failing items; nothing changed.
      if (err instanceof VersoApiError && err.status === 422 && Array.isArray(err.problem.extensions.results)) {
        results = err.problem.extensions.results as ItemResult[];
        rolledBack = true;
      } else {
        const failure = formFailure(err, [400, 403, 404, 422]);
        if (!failure) throw err;
        return void (await confirmPage(res, ws, s, action, { problem: failure.problem, errors: failure.errors }, failure.problem.status));
      }
    }
    const rows = results.map((r) => ({
      id: r.id,
      name: s.names.get(r.id.toLowerCase()) ?? 'Untitled item',
      href: itemPaths(ws, r.id).root,
      ok: r.status === 'ok',
      versionNumber: r.versionNumber,
      reason: r.problem ? r.problem.detail || r.problem.title : '',
    }));
    const failed = rows.filter((r) => !r.ok);
    const succeeded = rolledBack ? 0 : rows.filter((r) => r.ok).length;
    const text = BULK_ACTIONS[action];
    await render(res, 'content/bulk-result', {
      title: `${text.label}: result`,
      workspaceId: ws,
      text,
      rolledBack,
      summary: rolledBack
        ? `Nothing was changed: ${countOf(failed.length)} of ${s.ids.length} could not be ${text.done}, and “all or nothing” was chosen.`
        : `${countOf(succeeded)} of ${s.ids.length} ${text.done}.${failed.length ? ` ${countOf(failed.length)} failed.` : ''}`,
      failed,
      succeeded: rolledBack ? [] : rows.filter((r) => r.ok),
      back: s.back,
    });
  });
}
