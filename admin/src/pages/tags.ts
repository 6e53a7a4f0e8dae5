// Tags of one workspace: the paged list with how many content items carry each, and delete (Admin +
// Write) after a confirmation — the API removes the tag from every item that carries it. Everyone
// else sees Delete disabled with the reason. The API has no read of one tag, so the confirmation
// finds it on the list page it was opened from (or, failing that, by reading the list through).
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../api.js';
import { field, type FormFailure } from '../http/forms.js';
import { PageNotFound } from '../http/page-errors.js';
import { workspacePaths } from '../nav.js';
import { render, setFlash } from '../views/render.js';
import { pageLinks, pageOf, refuse } from './screen-forms.js';
import { abilitiesIn, permission, type WorkspaceAbilities, workspaceIdsOf } from './workspace-scope.js';

type Tag = components['schemas']['TagResponse'];

const PAGE_SIZE = 50;
const ROUTE = '/workspaces/:workspaceId/tags';


const mayDelete = (scope: WorkspaceAbilities) => permission(scope.role, scope.canWrite, 'Admin', 'Deleting a tag');

/** The tag `id`: on list page `page` when it is there, else found by reading the list through (404 when gone). */
async function findTag(res: express.Response, workspaceId: string, id: string, page: number): Promise<Tag> {
  const onPage = (await apiFor(res).listTags({ path: { workspaceId }, query: { page, pageSize: PAGE_SIZE } })).items.find((t) => t.id === id);
  if (onPage) return onPage;
  for await (const t of apiFor(res).listAll('listTags', { path: { workspaceId }, query: { pageSize: 100 } })) if (t.id === id) return t;
  throw new PageNotFound();
}

async function confirmPage(res: express.Response, scope: WorkspaceAbilities, tag: Tag, page: number, failure?: FormFailure, status?: number) {
  await render(
    res,
    'tags/delete',
    { title: `Delete tag ${tag.name}`, paths: workspacePaths(scope.workspace.id), workspace: scope.workspace, tag, page, problem: failure?.problem, errors: failure?.errors ?? {} },
    status,
  );
}

export function register(router: express.Router): void {
  router.get(ROUTE, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const page = pageOf(req.query);
    const [scope, list] = await Promise.all([abilitiesIn(res, ids.workspaceId), apiFor(res).listTags({ path: { workspaceId: ids.workspaceId }, query: { page, pageSize: PAGE_SIZE } })]);
    const paths = workspacePaths(ids.workspaceId);
    await render(res, 'tags/list', {
      title: 'Tags',
      paths,
      workspace: scope.workspace,
      tags: list.items,
      totalCount: list.totalCount,
      page,
      totalPages: list.totalPages,
      links: pageLinks(paths.tags, {}, page, list.totalPages),
      remove: mayDelete(scope),
    });
  });

  router.get(`${ROUTE}/:id/delete`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const page = pageOf(req.query);
    const [scope, tag] = await Promise.all([abilitiesIn(res, ids.workspaceId), findTag(res, ids.workspaceId, ids.id, page)]);
    const allowed = mayDelete(scope);
    if (!allowed.allowed) return refuse(res, allowed.reason);
    await confirmPage(res, scope, tag, page);
  });

  router.post(`${ROUTE}/:id/delete`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const page = pageOf({ page: field(req, 'page') });
    const name = field(req, 'name');
    if (field(req, 'confirm') !== 'yes') {
      const [scope, tag] = await Promise.all([abilitiesIn(res, ids.workspaceId), findTag(res, ids.workspaceId, ids.id, page)]);
      const failure: FormFailure = { problem: { status: 422, title: 'Confirm the deletion', detail: 'Tick the box to confirm that the tag is deleted.' }, errors: { '/confirm': ['Tick this box to delete the tag.'] } };
      return void (await confirmPage(res, scope, tag, page, failure, 422));
    }
    // The API's refusal (403 for a role below Admin or a Read grant, 404 for a tag gone) is its problem page.
    await apiFor(res).deleteTag({ path: { workspaceId: ids.workspaceId, id: ids.id } });
    setFlash(res, 'success', name ? `Tag “${name}” deleted.` : 'Tag deleted.');
    const back = workspacePaths(ids.workspaceId).tags;
    res.redirect(303, page > 1 ? `${back}?page=${page}` : back);
  });
}
