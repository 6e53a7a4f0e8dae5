// The Reference picker's search: items of the field's target template whose slug or text contains
// the query (listContent `q` + `templateId`, one call, the first 10 matches), each by its title with
// the slug beside it. Used by the editor's
// "Find" button without JavaScript, and as an HTML fragment by public/content-editor.js.
import type express from 'express';
import { apiFor } from '../../api.js';
import { workspacePaths } from '../../nav.js';
import { renderFragment } from '../../views/render.js';
import { isUuid, queryValue } from '../screen-forms.js';
import type { SearchHit } from './pick-hits.js';

const LIMIT = 10;

export const referenceSearchPath = (workspaceId: string) => `${workspacePaths(workspaceId).content}/reference-search`;

/** Matches for `q` among the items of `templateId` (any template when null). */
export async function searchItems(res: express.Response, workspaceId: string, templateId: string | null, q: string): Promise<SearchHit[]> {
  const query = q.trim().slice(0, 200);
  const list = await apiFor(res).listContent({ path: { workspaceId }, query: { ...(query ? { q: query } : {}), ...(templateId ? { templateId } : {}), sortBy: 'updatedAt', sortDesc: true, pageSize: LIMIT } });
  return list.items.map((i) => ({ id: i.id, title: i.title, slug: i.slug ?? '', template: i.templateName, locale: i.localeCode ?? '' }));
}

export function register(router: express.Router): void {
  router.get('/workspaces/:workspaceId/content/reference-search', async (req, res, next) => {
    const workspaceId = req.params.workspaceId;
    const templateId = queryValue(req.query, 'templateId');
    const path = queryValue(req.query, 'path');
    const target = queryValue(req.query, 'target');
    if (!isUuid(workspaceId) || (templateId !== '' && !isUuid(templateId)) || !/^[\w/-]{1,2000}$/.test(path) || !/^[\w-]{1,2000}$/.test(target)) return next();
    const hits = await searchItems(res, workspaceId, templateId || null, queryValue(req.query, 'q'));
    res.type('html').setHeader('Cache-Control', 'no-store');
    res.send(renderFragment(res, 'content/fields/reference-results', { hits, path, target, label: queryValue(req.query, 'label') }));
  });
}
