// A version's own actions on the item page: roll back to it (the API's rollback route: a new Draft
// with its values and template version, recording what it came from) and delete it after a confirmation, with
// the version's ETag (a change since the page opened is the conflict notice, never a silent delete).
// Which versions may be deleted is the API's call (only Drafts, never the last one): its 409 is shown.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../../http/forms.js';
import { zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { refuse, when } from '../screen-forms.js';
import { abilitiesIn } from '../workspace-scope.js';
import { renderItemPage, windowOf } from './item-page.js';
import { ITEM_ROUTE, itemAddress, itemNameOf, itemPaths, VERSION_ROUTE, versionAddress, type VersionAddress } from './item-paths.js';

type VersionDetail = components['schemas']['ContentVersionDetailResponse'];

async function readVersion(res: express.Response, a: VersionAddress) {
  const { data, etag } = await apiFor(res).call('getContentVersion', { path: { workspaceId: a.workspaceId, id: a.itemId, versionNumber: a.versionNumber }, query: { expandChildren: false } });
  return { version: data, etag };
}

const conflictOf = (v: VersionDetail, etag: string | undefined, zone: string): Conflict => ({
  etag: etag ?? '',
  current: [
    { label: 'Status', value: v.status },
    { label: 'Effective window', value: windowOf(v, zone) || 'Always' },
    { label: 'Values', value: String(v.fields.length) },
    { label: 'Last changed', value: when(v.updatedAt, zone) },
  ],
});

interface DeletePage {
  version: VersionDetail;
  etag: string | undefined;
  failure?: FormFailure;
  conflict?: Conflict;
}

async function deletePage(res: express.Response, a: VersionAddress, page: DeletePage, status?: number) {
  // The item by its title (#25): one more small read on a page seldom opened.
  const name = itemNameOf(await apiFor(res).getContent({ path: { workspaceId: a.workspaceId, id: a.itemId } }));
  const paths = itemPaths(a.workspaceId, a.itemId);
  await render(
    res,
    'content/version-delete',
    {
      title: `Delete version ${a.versionNumber} of ${name}`,
      workspaceId: a.workspaceId,
      name,
      version: page.version,
      updated: when(page.version.updatedAt, zoneOf(res)),
      etag: page.etag,
      paths,
      versionPaths: paths.version(a.versionNumber),
      problem: page.failure?.problem,
      errors: page.failure?.errors ?? {},
      conflict: page.conflict,
    },
    status,
  );
}

export function register(router: express.Router): void {
  router.post(`${VERSION_ROUTE}/rollback`, async (req, res, next) => {
    const address = versionAddress(req);
    if (!address) return next();
    const { workspaceId, itemId, versionNumber } = address;
    try {
      const created = await apiFor(res).rollbackContentVersion({ path: { workspaceId, id: itemId, versionNumber }, query: { expandChildren: false } });
      setFlash(res, 'success', `Rolled back: version ${created.versionNumber} is a new Draft holding version ${versionNumber}’s values. Publish it to serve it.`);
      res.redirect(303, itemPaths(workspaceId, itemId).selected(created.versionNumber));
    } catch (err) {
      const failure = formFailure(err, [400, 403, 404, 409, 422]);
      if (!failure) throw err;
      await renderItemPage(req, res, address, { versionsProblem: failure.problem }, failure.problem.status);
    }
  });

  router.post(`${ITEM_ROUTE}/duplicate`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    try {
      const copy = await apiFor(res).duplicateContent({ path: { workspaceId: address.workspaceId, id: address.itemId }, body: {} });
      // Named by title, as everywhere (the slug is shown too: it is what tells the copy apart).
      setFlash(res, 'success', `“${itemNameOf(copy)}” duplicated${copy.slug ? ` as ${copy.slug}` : ''}: its version 1 is a Draft.`);
      res.redirect(303, itemPaths(address.workspaceId, copy.id).root);
    } catch (err) {
      const failure = formFailure(err, [400, 403, 409, 422]);
      if (!failure) throw err;
      await renderItemPage(req, res, address, { versionsProblem: failure.problem }, failure.problem.status);
    }
  });

  router.get(`${VERSION_ROUTE}/delete`, async (req, res, next) => {
    const address = versionAddress(req);
    if (!address) return next();
    const [{ version, etag }, abilities] = await Promise.all([readVersion(res, address), abilitiesIn(res, address.workspaceId)]);
    if (!abilities.editContent.allowed) return refuse(res, abilities.editContent.reason);
    await deletePage(res, address, { version, etag });
  });

  router.post(`${VERSION_ROUTE}/delete`, async (req, res, next) => {
    const address = versionAddress(req);
    if (!address) return next();
    const zone = zoneOf(res);
    if (field(req, 'confirm') !== 'yes') {
      const { version, etag } = await readVersion(res, address);
      const failure: FormFailure = { problem: { status: 422, title: 'Confirm the deletion', detail: `Tick the box to confirm that version ${address.versionNumber} is deleted.` }, errors: { '/confirm': ['Tick this box to delete the version.'] } };
      return void (await deletePage(res, address, { version, etag: field(req, '_etag') || etag, failure }, 422));
    }
    let current: VersionDetail | undefined;
    try {
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) => apiFor(res).deleteContentVersion({ path: { workspaceId: address.workspaceId, id: address.itemId, versionNumber: address.versionNumber } }, { ifMatch }),
        readCurrent: async () => {
          const now = await readVersion(res, address);
          current = now.version;
          return conflictOf(now.version, now.etag, zone);
        },
      });
      if (!outcome.ok) return void (await deletePage(res, address, { version: current!, etag: outcome.conflict.etag, conflict: outcome.conflict }, 409));
    } catch (err) {
      const failure = formFailure(err, [403, 409, 422]);
      if (!failure) throw err;
      const { version, etag } = await readVersion(res, address);
      return void (await deletePage(res, address, { version, etag, failure }, failure.problem.status));
    }
    setFlash(res, 'success', `Version ${address.versionNumber} deleted.`);
    res.redirect(303, itemPaths(address.workspaceId, address.itemId).root);
  });
}
