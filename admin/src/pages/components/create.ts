// A new component: name, slug (filled from the name until edited, with JavaScript) and description.
// The API makes version 1 as a Draft; its field editor opens next.
import type express from 'express';
import { apiFor } from '../../api.js';
import { formFailure } from '../../http/forms.js';
import { workspacePaths } from '../../nav.js';
import { setFlash } from '../../views/render.js';
import { isUuid, refuse } from '../screen-forms.js';
import { componentLinks } from '../templates/links.js';
import { createPage, nameBody, nameValuesOf } from '../templates/name-form.js';
import { abilitiesIn } from '../workspace-scope.js';

export function register(router: express.Router): void {
  router.get('/workspaces/:workspaceId/components/new', async (req, res, next) => {
    if (!isUuid(req.params.workspaceId)) return next();
    const ws = req.params.workspaceId.toLowerCase();
    const abilities = await abilitiesIn(res, ws);
    if (!abilities.model.allowed) return refuse(res, abilities.model.reason);
    await createPage(res, { kind: 'component', workspace: abilities.workspace, back: workspacePaths(ws).components, values: { name: '', slug: '', description: '' } });
  });

  router.post('/workspaces/:workspaceId/components/new', async (req, res, next) => {
    if (!isUuid(req.params.workspaceId)) return next();
    const ws = req.params.workspaceId.toLowerCase();
    const values = nameValuesOf(req);
    try {
      const created = await apiFor(res).createComponent({ path: { workspaceId: ws }, body: nameBody(values) });
      const n = created.currentVersion?.versionNumber ?? 1;
      setFlash(res, 'success', `Component “${created.name}” created. Version ${n} is a draft: add its fields, then publish it.`);
      res.redirect(303, componentLinks(ws, created.id).editor(n));
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      const { workspace } = await abilitiesIn(res, ws);
      await createPage(res, { kind: 'component', workspace, back: workspacePaths(ws).components, values, failure }, 422);
    }
  });
}
