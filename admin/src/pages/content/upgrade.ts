// Upgrading a version to its template's current (published) version: the page shows the target and
// what the key remap keeps, drops and leaves empty (upgrade-plan.ts); the post asks the API to do it
// (no body: the API remaps by key). A refusal — a required target field left empty, a status that
// can no longer change — re-renders the page with the API's problem at the fields it names.
import type express from 'express';
import { apiFor } from '../../api.js';
import { formFailure, type FormFailure } from '../../http/forms.js';
import { render, setFlash } from '../../views/render.js';
import { abilitiesIn } from '../workspace-scope.js';
import { itemPaths, titleInVersion, VERSION_ROUTE, versionAddress, type VersionAddress } from './item-paths.js';
import { upgradePlan } from './upgrade-plan.js';
import { hasNewerTarget, upgradeTargetOf } from './upgrade-target.js';
import { editable } from './workflow-rules.js';

async function renderUpgrade(res: express.Response, address: VersionAddress, failure?: FormFailure, status?: number) {
  const { workspaceId, itemId, versionNumber } = address;
  const [abilities, version] = await Promise.all([
    abilitiesIn(res, workspaceId),
    apiFor(res).getContentVersion({ path: { workspaceId, id: itemId, versionNumber }, query: { expandChildren: false } }),
  ]);
  const upgrade = await upgradeTargetOf(res, workspaceId, version.templateVersionId);
  const target = hasNewerTarget(upgrade, version.templateVersionId) ? upgrade.target : null;
  const paths = itemPaths(workspaceId, itemId);
  const name = titleInVersion(version.fields, upgrade.source?.titleFieldKey) || version.slug || `Untitled ${version.templateName}`;
  const allowed = editable(version.status, abilities);
  await render(
    res,
    'content/upgrade',
    {
      title: `Upgrade version ${versionNumber} of ${name}`,
      workspaceId,
      name,
      paths,
      versionPaths: paths.version(versionNumber),
      version,
      template: upgrade.template,
      source: upgrade.source,
      target,
      plan: target ? upgradePlan(version.fields, upgrade.source, target, failure?.errors) : undefined,
      reason: allowed.allowed ? undefined : allowed.reason,
      problem: failure?.problem,
    },
    status,
  );
}

export function register(router: express.Router): void {
  router.get(`${VERSION_ROUTE}/upgrade`, async (req, res, next) => {
    const address = versionAddress(req);
    if (!address) return next();
    await renderUpgrade(res, address);
  });

  router.post(`${VERSION_ROUTE}/upgrade`, async (req, res, next) => {
    const address = versionAddress(req);
    if (!address) return next();
    const { workspaceId, itemId, versionNumber } = address;
    try {
      await apiFor(res).upgradeContentVersionTemplate({ path: { workspaceId, id: itemId, versionNumber }, body: {} });
      setFlash(res, 'success', `Version ${versionNumber} now uses the template’s current version.`);
      res.redirect(303, itemPaths(workspaceId, itemId).selected(versionNumber));
    } catch (err) {
      const failure = formFailure(err, [400, 403, 409, 422]);
      if (!failure) throw err;
      await renderUpgrade(res, address, failure, failure.problem.status);
    }
  });
}
