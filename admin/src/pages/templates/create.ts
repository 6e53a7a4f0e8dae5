// A new template: name, slug (public/modelling.js fills it from the name until it is edited by
// hand; without JavaScript it is typed) and description. The API makes version 1 as a Draft, and
// the builder of that draft opens next.
import type express from 'express';
import { apiFor } from '../../api.js';
import { formFailure } from '../../http/forms.js';
import { workspacePaths } from '../../nav.js';
import { setFlash } from '../../views/render.js';
import { isUuid, refuse } from '../screen-forms.js';
import { abilitiesIn } from '../workspace-scope.js';
import { templateLinks } from './links.js';
import { createPage, nameBody, nameValuesOf } from './name-form.js';

export function register(router: express.Router): void {
  router.get('/workspaces/:workspaceId/templates/new', async (req, res, next) => {
    if (!isUuid(req.params.workspaceId)) return next();
    const ws = req.params.workspaceId.toLowerCase();
    const abilities = await abilitiesIn(res, ws);
    if (!abilities.model.allowed) return refuse(res, abilities.model.reason);
    await createPage(res, { kind: 'template', workspace: abilities.workspace, back: workspacePaths(ws).templates, values: { name: '', slug: '', description: '' } });
  });

  router.post('/workspaces/:workspaceId/templates/new', async (req, res, next) => {
    if (!isUuid(req.params.workspaceId)) return next();
    const ws = req.params.workspaceId.toLowerCase();
    const values = nameValuesOf(req);
    try {
      const created = await apiFor(res).createTemplate({
        path: { workspaceId: ws },
        body: nameBody(values),
      });
      setFlash(res, 'success', `Template “${created.name}” created. Version ${created.currentVersion?.versionNumber ?? 1} is a draft: add its fields, then publish it.`);
      res.redirect(303, templateLinks(ws, created.id).builder(created.currentVersion?.versionNumber ?? 1));
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      const { workspace } = await abilitiesIn(res, ws);
      await createPage(res, { kind: 'template', workspace, back: workspacePaths(ws).templates, values, failure }, 422);
    }
  });
}
