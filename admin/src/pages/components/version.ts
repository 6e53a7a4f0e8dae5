// A read-only view of any component version: its fields, their types in words and their bounds.
import type express from 'express';
import { apiFor } from '../../api.js';
import { zoneOf } from '../../time.js';
import { render } from '../../views/render.js';
import { when } from '../screen-forms.js';
import { draftPermission } from '../templates/draft-rules.js';
import { fieldRow } from '../templates/field-summary.js';
import { componentLinks, versionAddress } from '../templates/links.js';
import { modelChoices, namesOf } from '../templates/model-choices.js';
import { abilitiesIn } from '../workspace-scope.js';

export function register(router: express.Router): void {
  router.get('/workspaces/:workspaceId/components/:id/versions/:versionNumber', async (req, res, next) => {
    const at = versionAddress(req);
    if (!at) return next();
    const { ws, id, n } = at;
    const api = apiFor(res);
    const [abilities, component, version, choices] = await Promise.all([
      abilitiesIn(res, ws),
      api.getComponent({ path: { workspaceId: ws, id } }),
      api.getComponentVersion({ path: { workspaceId: ws, id, versionNumber: n } }),
      modelChoices(res, ws, { templates: false }),
    ]);
    const names = namesOf(choices);
    await render(res, 'components/version', {
      title: `${component.name} — version ${n}`,
      workspace: abilities.workspace,
      component,
      version,
      n,
      links: componentLinks(ws, component.id),
      published: when(version.publishedAt, zoneOf(res)),
      fields: [...version.fields].sort((a, b) => a.order - b.order).map((f) => fieldRow(f, names)),
      edit: draftPermission(abilities.model, version.status, n),
    });
  });
}
