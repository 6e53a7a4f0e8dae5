// Importing a package into a workspace (TemplateAdmin + Write): upload a `.json` file or paste it →
// the API's preview (previewPackageImport) with a resolution per conflict → import (importPackage
// with the same package and the resolutions) → what was imported. Between preview and import the
// package travels in a hidden field of the preview form; it is parsed again and the API validates it
// again, so nothing in it is trusted. A refusal (invalid package 422, already-installed or unresolved
// conflict 409) is shown with the API's problem, the user's package kept.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, type FormFailure } from '../../http/forms.js';
import type { ShownProblem } from '../../http/page-errors.js';
import { workspacePaths } from '../../nav.js';
import { render } from '../../views/render.js';
import { isUuid } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities } from '../workspace-scope.js';
import { previewModel, resolutionsOf, type Resolutions } from './preview.js';
import { resultModel } from './result.js';
import { MAX_PACKAGE_BYTES, packageOf, uploadedText } from './upload.js';

type PackageBody = components['schemas']['PackageImportBody'];
type Manifest = components['schemas']['CtpPackage'];

const ROUTE = '/workspaces/:workspaceId/packages/import';

function workspaceOf(req: express.Request): string | undefined {
  const id = req.params.workspaceId;
  return isUuid(id) ? id.toLowerCase() : undefined;
}

/** The API's messages about the package, each with where in the package it points. */
const packageMessages = (failure: FormFailure): string[] =>
  Object.entries(failure.errors).flatMap(([pointer, messages]) => messages.map((m) => (pointer === '/' ? m : `${pointer}: ${m}`)));

async function uploadPage(res: express.Response, scope: WorkspaceAbilities, page: { text?: string; problem?: ShownProblem; messages?: string[] } = {}, status?: number) {
  await render(
    res,
    'packages/import',
    {
      title: 'Import a package',
      paths: workspacePaths(scope.workspace.id),
      workspace: scope.workspace,
      allowed: scope.model,
      text: page.text ?? '',
      problem: page.problem,
      messages: page.messages ?? [],
      maxMiB: MAX_PACKAGE_BYTES / 1024 / 1024,
    },
    status,
  );
}

/** Shows the preview of `pkg` (the API's), with `posted` resolutions preselected and an optional problem above it. */
async function previewPage(res: express.Response, scope: WorkspaceAbilities, pkg: Record<string, unknown>, posted?: Resolutions, problem?: ShownProblem, status?: number) {
  const paths = workspacePaths(scope.workspace.id);
  const preview = await apiFor(res).previewPackageImport({ path: { workspaceId: scope.workspace.id }, body: pkg as PackageBody });
  await render(
    res,
    'packages/preview',
    {
      title: `Import ${preview.packageNamespace}/${preview.id} ${preview.version}: preview`,
      paths,
      workspace: scope.workspace,
      preview: previewModel(preview, posted),
      action: paths.packageImport,
      packageText: JSON.stringify(pkg),
      submitLabel: 'Import package',
      back: { href: paths.packageImport, label: 'Choose another package' },
      problem,
    },
    status,
  );
}

export function registerImport(router: express.Router): void {
  router.get(ROUTE, async (req, res, next) => {
    const workspaceId = workspaceOf(req);
    if (!workspaceId) return next();
    await uploadPage(res, await abilitiesIn(res, workspaceId));
  });

  router.post(`${ROUTE}/preview`, async (req, res, next) => {
    const workspaceId = workspaceOf(req);
    if (!workspaceId) return next();
    const uploaded = await uploadedText(req, res);
    const scope = await abilitiesIn(res, workspaceId);
    if (!uploaded.ok) return uploadPage(res, scope, { messages: [uploaded.message] }, uploaded.status);
    const parsed = packageOf(uploaded.text);
    if (!parsed.ok) return uploadPage(res, scope, { text: uploaded.text, messages: [parsed.message] }, 422);
    try {
      await previewPage(res, scope, parsed.pkg);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await uploadPage(res, scope, { text: uploaded.text, problem: failure.problem, messages: packageMessages(failure) }, failure.problem.status);
    }
  });

  router.post(ROUTE, async (req, res, next) => {
    const workspaceId = workspaceOf(req);
    if (!workspaceId) return next();
    const scope = await abilitiesIn(res, workspaceId);
    const text = field(req, 'package');
    const parsed = packageOf(text);
    if (!parsed.ok) return uploadPage(res, scope, { text, messages: [parsed.message] }, 422);
    const resolutions = resolutionsOf(req);
    try {
      const result = await apiFor(res).importPackage({ path: { workspaceId }, body: { manifest: parsed.pkg as unknown as Manifest, resolutions } });
      await render(res, 'packages/result', { title: `Imported ${result.packageNamespace}/${result.id} ${result.version}`, paths: workspacePaths(workspaceId), workspace: scope.workspace, result: resultModel(result) });
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      // 409 (a version already installed, a conflict left unresolved): the preview again, with why.
      if (failure.problem.status === 409) return previewPage(res, scope, parsed.pkg, resolutions, failure.problem, 409);
      await uploadPage(res, scope, { text, problem: failure.problem, messages: packageMessages(failure) }, failure.problem.status);
    }
  });
}
