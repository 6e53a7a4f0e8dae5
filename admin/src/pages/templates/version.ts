// A read-only view of any template version: its sections and fields with their types in words.
// From a published or archived version, a new draft copied from it; from a draft, the builder — each disabled with the reason when the user may not.
import type express from 'express';
import { apiFor } from '../../api.js';
import { zoneOf } from '../../time.js';
import { render } from '../../views/render.js';
import { when } from '../screen-forms.js';
import { abilitiesIn } from '../workspace-scope.js';
import { draftPermission, newDraftPermission } from './draft-rules.js';
import { templateLinks, versionAddress } from './links.js';
import { modelChoices, namesOf } from './model-choices.js';
import { fieldGroups, readVersion } from './version-layout.js';

export function register(router: express.Router): void {
  router.get('/workspaces/:workspaceId/templates/:id/versions/:versionNumber', async (req, res, next) => {
    const at = versionAddress(req);
    if (!at) return next();
    const { ws, id, n } = at;
    const [abilities, { template, version }, choices, newest] = await Promise.all([
      abilitiesIn(res, ws),
      readVersion(res, ws, id, n),
      modelChoices(res, ws),
      apiFor(res).listTemplateVersions({ path: { workspaceId: ws, id }, query: { page: 1, pageSize: 1 } }),
    ]);
    const draft = newest.items[0]?.status === 'Draft' ? newest.items[0].versionNumber : undefined;
    const links = templateLinks(ws, template.id);
    await render(res, 'templates/version', {
      title: `${template.name} — version ${n}`,
      workspace: abilities.workspace,
      template,
      version,
      links,
      n,
      isCurrent: version.id === template.currentVersionId,
      published: when(version.publishedAt, zoneOf(res)),
      created: when(version.createdAt, zoneOf(res)),
      groups: fieldGroups(version, namesOf(choices)),
      edit: draftPermission(abilities.model, version.status, n),
      newDraft: newDraftPermission(abilities.model, draft),
    });
  });
}
