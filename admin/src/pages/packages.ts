// Packages (TemplateAdmin): the official template packages the API offers, each with one-click
// Preview and Install into a workspace — the selected one (the switcher), or the one chosen on this
// page — and the links to that workspace's package export and import. Installing needs TemplateAdmin +
// Write on the workspace: without the grant the buttons are disabled with the reason. The workspace
// screens themselves live in pages/packages/ (export, import, official preview and install).
import type express from 'express';
import { apiFor } from '../api.js';
import { requireRole } from '../http/page-errors.js';
import { PATHS, workspacePaths } from '../nav.js';
import { render, workspacesFor } from '../views/render.js';
import { registerExport } from './packages/export.js';
import { registerImport } from './packages/import.js';
import { officialPath, registerOfficial } from './packages/official.js';
import { isUuid, queryValue } from './screen-forms.js';
import { abilitiesIn } from './workspace-scope.js';

export function register(router: express.Router): void {
  router.get(PATHS.packages, requireRole('TemplateAdmin'), async (req, res) => {
    const asked = queryValue(req.query, 'workspace');
    const workspaceId = isUuid(asked) ? asked.toLowerCase() : res.locals.workspaceId;
    const [packages, workspaces, scope] = await Promise.all([
      apiFor(res).listOfficialPackages({ query: { page: 1, pageSize: 100 } }),
      workspacesFor(res),
      workspaceId ? abilitiesIn(res, workspaceId) : undefined,
    ]);
    await render(res, 'packages/official', {
      title: 'Packages',
      packages: packages.items.map((p) => ({ ...p, href: scope ? officialPath(scope.workspace.id, p.id) : undefined })),
      totalCount: packages.totalCount,
      workspaces,
      target: scope?.workspace,
      allowed: scope?.model,
      paths: scope ? workspacePaths(scope.workspace.id) : undefined,
      workspaceId: scope?.workspace.id,
    });
  });

  registerExport(router);
  registerImport(router);
  registerOfficial(router);
}
