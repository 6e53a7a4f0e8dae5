// The official packages, per workspace (TemplateAdmin + Write): a preview page with the resolution
// choosers (previewOfficialPackageImport changes nothing, so the page is a GET) and install
// (importOfficialPackage with the chosen resolutions). Install is one click from the Packages list;
// when the API answers 409 (a conflict needs a resolution, or the version is installed) the preview is
// shown with the API's reason and the choosers.
import type express from 'express';
import { apiFor } from '../../api.js';
import { formFailure } from '../../http/forms.js';
import type { ShownProblem } from '../../http/page-errors.js';
import { workspacePaths } from '../../nav.js';
import { render } from '../../views/render.js';
import { isUuid } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities } from '../workspace-scope.js';
import { previewModel, resolutionsOf, type Resolutions } from './preview.js';
import { resultModel } from './result.js';

const ROUTE = '/workspaces/:workspaceId/packages/official/:packageId';
/** Official package ids are package names (`blog`, `verso.foundation`). */
const PACKAGE_ID = /^[a-z0-9]+([.-][a-z0-9]+)*$/;

export const officialPath = (workspaceId: string, packageId: string) => `${workspacePaths(workspaceId).root}/packages/official/${encodeURIComponent(packageId)}`;

function idsOf(req: express.Request): { workspaceId: string; packageId: string } | undefined {
  const { workspaceId, packageId } = req.params as Record<string, string | undefined>;
  if (!isUuid(workspaceId) || !packageId || !PACKAGE_ID.test(packageId)) return undefined;
  return { workspaceId: workspaceId.toLowerCase(), packageId };
}

async function previewPage(res: express.Response, scope: WorkspaceAbilities, packageId: string, posted?: Resolutions, problem?: ShownProblem, status?: number) {
  const workspaceId = scope.workspace.id;
  const preview = await apiFor(res).previewOfficialPackageImport({ path: { workspaceId, packageId } });
  await render(
    res,
    'packages/preview',
    {
      title: `Install ${preview.packageNamespace}/${preview.id} ${preview.version}: preview`,
      paths: workspacePaths(workspaceId),
      workspace: scope.workspace,
      preview: previewModel(preview, posted),
      action: officialPath(workspaceId, packageId),
      submitLabel: 'Install package',
      back: { href: `/packages?workspace=${workspaceId}`, label: 'Official packages' },
      problem,
    },
    status,
  );
}

export function registerOfficial(router: express.Router): void {
  router.get(ROUTE, async (req, res, next) => {
    const ids = idsOf(req);
    if (!ids) return next();
    const scope = await abilitiesIn(res, ids.workspaceId);
    // The preview is an operation that needs TemplateAdmin + Write: the API's 403 is the answer otherwise.
    await previewPage(res, scope, ids.packageId);
  });

  router.post(ROUTE, async (req, res, next) => {
    const ids = idsOf(req);
    if (!ids) return next();
    const scope = await abilitiesIn(res, ids.workspaceId);
    const resolutions = resolutionsOf(req);
    try {
      const result = await apiFor(res).importOfficialPackage({ path: { workspaceId: ids.workspaceId, packageId: ids.packageId }, body: resolutions });
      await render(res, 'packages/result', { title: `Installed ${result.packageNamespace}/${result.id} ${result.version}`, paths: workspacePaths(ids.workspaceId), workspace: scope.workspace, result: resultModel(result) });
    } catch (err) {
      const failure = formFailure(err, [409]);
      if (!failure) throw err;
      await previewPage(res, scope, ids.packageId, resolutions, failure.problem, 409);
    }
  });
}
