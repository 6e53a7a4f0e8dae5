// "Edit" on a version that cannot change any more (Published, Archived) or that is waiting to go live
// (Approved): the item page and the viewer post here. The item's existing Draft is opened when it has
// one (editing twice never makes two Drafts); otherwise a new Draft is made as a copy of the version
// the button stood on (the served one on the item page) through createContentVersion with
// duplicateFromVersionNumber, so the editor starts from the live text, not from an empty form.
import type express from 'express';
import { apiFor } from '../../api.js';
import { field, formFailure } from '../../http/forms.js';
import { setFlash } from '../../views/render.js';
import { renderItemPage } from './item-page.js';
import { ITEM_ROUTE, itemAddress, itemNameOf, itemPaths, versionNumberOf } from './item-paths.js';

export function register(router: express.Router): void {
  router.post(`${ITEM_ROUTE}/edit-live`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    const { workspaceId, itemId } = address;
    const paths = itemPaths(workspaceId, itemId);
    const api = apiFor(res);
    const item = await api.getContent({ path: { workspaceId, id: itemId } });
    const name = itemNameOf(item);
    // Versions come highest number first: the newest Draft is the one being worked on.
    const draft = item.versions.find((v) => v.status === 'Draft');
    if (draft) {
      setFlash(res, 'info', `“${name}” already has a Draft (version ${draft.versionNumber}); it is open for editing.`);
      return void res.redirect(303, paths.version(draft.versionNumber).edit);
    }
    const asked = versionNumberOf(field(req, 'from'));
    const from = item.versions.find((v) => v.versionNumber === asked) ?? item.currentlyServingVersion ?? item.versions[0];
    try {
      const created = await api.createContentVersion({
        path: { workspaceId, id: itemId },
        query: { expandChildren: false },
        body: from ? { duplicateFromVersionNumber: from.versionNumber } : {},
      });
      setFlash(res, 'success', `Version ${created.versionNumber} of “${name}” created: a Draft holding version ${from?.versionNumber ?? '?'}’s values. Publish it to replace what is live.`);
      res.redirect(303, paths.version(created.versionNumber).edit);
    } catch (err) {
      const failure = formFailure(err, [400, 403, 409, 422]);
      if (!failure) throw err;
      await renderItemPage(req, res, address, { versionsProblem: failure.problem }, failure.problem.status);
    }
  });
}
