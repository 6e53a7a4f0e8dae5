// The workflow bar's posts: `…/versions/<n>/workflow/<action>` for submit, approve, reject (with a
// reason), publish (now, scheduled at a wall-clock time in the user's zone, or — Admin — over the
// workflow) archive and restore. Success redirects back (post/redirect/get) to the page the bar was
// on, limited to this item's pages; a refusal re-renders the item page with the API's problem at
// the bar and the typed reason or time kept. The admin decides nothing here: the API does.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure } from '../../http/forms.js';
import { instantFromInput, zoneOf } from '../../time.js';
import { setFlash } from '../../views/render.js';
import { when } from '../screen-forms.js';
import { editorWithRefusal } from './editor.js';
import { renderItemPage, type WorkflowState } from './item-page.js';
import { itemPaths, returnPath, VERSION_ROUTE, versionAddress, type VersionAddress } from './item-paths.js';
import type { WorkflowAction } from './workflow-rules.js';

type VersionDetail = components['schemas']['ContentVersionDetailResponse'];

const ACTIONS: readonly WorkflowAction[] = ['submit', 'approve', 'reject', 'publish', 'archive', 'restore'];

const DONE: Record<Exclude<WorkflowAction, 'publish'>, string> = {
  submit: 'submitted for review',
  approve: 'approved',
  reject: 'rejected; it is a Draft again',
  archive: 'archived',
  restore: 'restored to Draft',
};

/** Runs one status change (everything but publish) and returns the version as it is now. */
function transition(res: express.Response, a: VersionAddress, action: Exclude<WorkflowAction, 'publish'>, reason: string): Promise<VersionDetail> {
  const api = apiFor(res);
  const path = { workspaceId: a.workspaceId, id: a.itemId, versionNumber: a.versionNumber };
  switch (action) {
    case 'submit':
      return api.submitContentVersion({ path });
    case 'approve':
      return api.approveContentVersion({ path });
    case 'reject':
      return api.rejectContentVersion({ path, body: { reason } });
    case 'archive':
      return api.archiveContentVersion({ path });
    case 'restore':
      return api.restoreContentVersion({ path });
  }
}

export function register(router: express.Router): void {
  router.post(`${VERSION_ROUTE}/workflow/:action`, async (req, res, next) => {
    const address = versionAddress(req);
    const action = ACTIONS.find((a) => a === req.params.action);
    if (!address || !action) return next();
    const { versionNumber: n } = address;
    const paths = itemPaths(address.workspaceId, address.itemId);
    const back = returnPath(field(req, 'returnTo'), paths);
    const zone = zoneOf(res);
    const values = { reason: field(req, 'reason'), publishAt: field(req, 'publishAt') };
    const refused = (workflow: WorkflowState, status: number) =>
      renderItemPage(req, res, address, { selected: n, workflow: { ...workflow, values } }, status);

    try {
      if (action === 'publish') {
        const publishAt = instantFromInput(values.publishAt, zone);
        if (publishAt === null) {
          return void (await refused(
            {
              problem: { status: 422, title: 'Check the schedule time', detail: `“${values.publishAt}” is not a date and time on the clock of ${zone} (a time skipped by a daylight-saving change does not exist).` },
              errors: { '/publishAt': [`Enter a date and time that exists in ${zone}, or leave it empty to publish now.`] },
            },
            422,
          ));
        }
        const override = field(req, 'overrideWorkflow') === 'true';
        const out = await apiFor(res).publishContentVersion({
          path: { workspaceId: address.workspaceId, id: address.itemId, versionNumber: n },
          body: { ...(publishAt ? { publishAt } : {}), ...(override ? { overrideWorkflow: true } : {}) },
        });
        const done = publishAt ? `Version ${n} is scheduled to be published at ${when(out.version.publishAt, zone)}.` : `Version ${n} published.`;
        setFlash(res, out.warnings.length > 0 ? 'info' : 'success', [done, ...out.warnings].join(' '));
      } else {
        await transition(res, address, action, values.reason);
        setFlash(res, 'success', `Version ${n} ${DONE[action]}.`);
      }
      res.redirect(303, back);
    } catch (err) {
      // A refusal (role, grant, a status changed behind the page, a missing reason) is shown at the bar.
      const failure = formFailure(err, [400, 403, 409, 422]);
      if (!failure) throw err;
      // Missing or invalid values are fixed in the editor: it shows each message at its input.
      if (Object.keys(failure.errors).some((p) => p.startsWith('/fields/'))) return void (await editorWithRefusal(res, address, failure, failure.problem.status));
      await refused({ problem: failure.problem, errors: failure.errors }, failure.problem.status);
    }
  });
}
