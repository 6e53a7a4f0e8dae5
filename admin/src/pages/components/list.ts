// The workspace's components (reusable structured values): a page of them, searched through the
// API's `search`, and the way to a new one (disabled with the reason without TemplateAdmin + Write).
import type express from 'express';
import { apiFor } from '../../api.js';
import { workspacePaths } from '../../nav.js';
import { render } from '../../views/render.js';
import { isUuid, pageLinks, pageOf, queryValue } from '../screen-forms.js';
import { componentLinks } from '../templates/links.js';
import { abilitiesIn } from '../workspace-scope.js';

const PAGE_SIZE = 20;

export function register(router: express.Router): void {
  router.get('/workspaces/:workspaceId/components', async (req, res, next) => {
    if (!isUuid(req.params.workspaceId)) return next();
    const ws = req.params.workspaceId.toLowerCase();
    const base = workspacePaths(ws).components;
    const q = queryValue(req.query, 'q').trim().slice(0, 200);
    const page = pageOf(req.query);
    const [abilities, list] = await Promise.all([
      abilitiesIn(res, ws),
      apiFor(res).listComponents({ path: { workspaceId: ws }, query: { search: q === '' ? undefined : q, page, pageSize: PAGE_SIZE } }),
    ]);
    await render(res, 'components/list', {
      title: 'Components',
      workspace: abilities.workspace,
      base,
      q,
      components: list.items.map((c) => ({ ...c, href: componentLinks(ws, c.id).root })),
      totalCount: list.totalCount,
      page,
      totalPages: list.totalPages,
      links: pageLinks(base, { q }, page, list.totalPages),
      create: abilities.model,
    });
  });
}
