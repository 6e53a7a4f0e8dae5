// One asset: its preview (images) and facts, the alt text form under the asset's ETag (a change made
// since the page was opened is a 412, shown with the current alt text and a re-apply button), and
// delete after a confirmation, also under the ETag. The API refuses to delete an asset that content
// still uses (409 with `referencedBy`, the items' ids): the confirmation page then lists those
// items with links. A Reader (or a Read grant) sees the asset read-only, the controls disabled with
// the reason.
import type express from 'express';
import { apiFor, VersoApiError } from '../../api.js';
import { thumbnailPath } from './public-image.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../../http/forms.js';
import { zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { itemPaths } from '../content/item-paths.js';
import { refuse, when } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities, workspaceIdsOf } from '../workspace-scope.js';
import { isImage, mayChange, mediaPaths, readAsset, ROUTE, sizeText, type MediaAsset } from './media-scope.js';

/** The conflict box's view of the asset as it is now. */
function conflictOf(asset: MediaAsset, etag: string | undefined, zone: string): Conflict {
  return {
    etag: etag ?? '',
    current: [
      { label: 'Alt text', value: asset.altText ?? '' },
      { label: 'Last changed', value: when(asset.updatedAt, zone) },
    ],
  };
}

function factsOf(res: express.Response, workspaceId: string, asset: MediaAsset) {
  const zone = zoneOf(res);
  const paths = mediaPaths(workspaceId, asset.id);
  return {
    ...asset,
    paths,
    // The preview: a 640 px WebP rendition when public media is on (issue #26), else the original.
    preview: thumbnailPath(asset.renditionUrl, 640) ?? paths.file,
    // As the API writes it: absolute under Media__Public__BaseUrl, else a path on the API's public
    // address — never the admin's own address of the API, which no page shows.
    publicUrl: asset.publicUrl,
    dimensions: asset.width !== null && asset.height !== null ? `${asset.width} × ${asset.height} px` : null,
    image: isImage(asset),
    size: sizeText(asset.sizeBytes),
    created: when(asset.createdAt, zone),
    updated: when(asset.updatedAt, zone),
  };
}

interface AssetPage {
  asset: MediaAsset;
  etag?: string;
  altText: string;
  failure?: FormFailure;
  conflict?: Conflict;
}

async function assetPage(res: express.Response, scope: WorkspaceAbilities, page: AssetPage, status?: number): Promise<void> {
  await render(
    res,
    'media/asset',
    {
      title: `Media: ${page.asset.fileName}`,
      workspace: scope.workspace,
      paths: mediaPaths(scope.workspace.id, page.asset.id),
      asset: factsOf(res, scope.workspace.id, page.asset),
      change: mayChange(scope),
      etag: page.etag,
      altText: page.altText,
      problem: page.failure?.problem,
      errors: page.failure?.errors ?? {},
      conflict: page.conflict,
    },
    status,
  );
}

interface DeletePage {
  asset: MediaAsset;
  etag?: string;
  failure?: FormFailure;
  conflict?: Conflict;
  referencedBy?: string[];
}

async function deletePage(res: express.Response, scope: WorkspaceAbilities, page: DeletePage, status?: number): Promise<void> {
  const workspaceId = scope.workspace.id;
  await render(
    res,
    'media/delete',
    {
      title: `Delete ${page.asset.fileName}`,
      workspace: scope.workspace,
      paths: mediaPaths(workspaceId, page.asset.id),
      asset: factsOf(res, workspaceId, page.asset),
      etag: page.etag,
      problem: page.failure?.problem,
      errors: page.failure?.errors ?? {},
      conflict: page.conflict,
      referencedBy: (page.referencedBy ?? []).map((id) => ({ id, href: itemPaths(workspaceId, id).root })),
    },
    status,
  );
}

/** The content item ids a 409 `referenced-by-other-entity` names. */
function referencedByOf(err: unknown): string[] {
  const list = err instanceof VersoApiError ? err.problem.extensions.referencedBy : undefined;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

const notConfirmed: FormFailure = {
  problem: { status: 422, title: 'Confirm first', detail: 'Tick the box to confirm; nothing was deleted.' },
  errors: { '/confirm': ['Tick this box to delete the asset.'] },
};

export function register(router: express.Router): void {
  router.get(`${ROUTE}/:id`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const [scope, { asset, etag }] = await Promise.all([abilitiesIn(res, ids.workspaceId), readAsset(res, ids.workspaceId, ids.id)]);
    await assetPage(res, scope, { asset, etag, altText: asset.altText ?? '' });
  });

  router.post(`${ROUTE}/:id`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId, id } = ids;
    const altText = field(req, 'altText');
    const sentETag = field(req, '_etag');
    const [scope, { asset }] = await Promise.all([abilitiesIn(res, workspaceId), readAsset(res, workspaceId, id)]);
    let current = asset;
    try {
      const outcome = await submitWithETag({
        etag: sentETag,
        // An emptied field clears the alt text (null), as the contract allows.
        write: (ifMatch) => apiFor(res).updateMedia({ path: { workspaceId, id }, body: { altText: altText.trim() === '' ? null : altText } }, { ifMatch }),
        readCurrent: async () => {
          const now = await readAsset(res, workspaceId, id);
          current = now.asset;
          return conflictOf(now.asset, now.etag, zoneOf(res));
        },
      });
      if (!outcome.ok) return void (await assetPage(res, scope, { asset: current, altText, conflict: outcome.conflict }, 409));
      setFlash(res, 'success', `Alt text of “${outcome.result.fileName}” saved.`);
      res.redirect(303, mediaPaths(workspaceId, id).asset);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await assetPage(res, scope, { asset, etag: sentETag, altText, failure }, failure.problem.status);
    }
  });

  router.get(`${ROUTE}/:id/delete`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const [scope, { asset, etag }] = await Promise.all([abilitiesIn(res, ids.workspaceId), readAsset(res, ids.workspaceId, ids.id)]);
    const allowed = mayChange(scope);
    if (!allowed.allowed) return refuse(res, allowed.reason);
    await deletePage(res, scope, { asset, etag });
  });

  router.post(`${ROUTE}/:id/delete`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId, id } = ids;
    const sentETag = field(req, '_etag');
    const [scope, { asset }] = await Promise.all([abilitiesIn(res, workspaceId), readAsset(res, workspaceId, id)]);
    if (field(req, 'confirm') !== 'yes') return void (await deletePage(res, scope, { asset, etag: sentETag, failure: notConfirmed }, 422));
    let current = asset;
    try {
      const outcome = await submitWithETag({
        etag: sentETag,
        write: (ifMatch) => apiFor(res).deleteMedia({ path: { workspaceId, id } }, { ifMatch }),
        readCurrent: async () => {
          const now = await readAsset(res, workspaceId, id);
          current = now.asset;
          return conflictOf(now.asset, now.etag, zoneOf(res));
        },
      });
      if (!outcome.ok) return void (await deletePage(res, scope, { asset: current, conflict: outcome.conflict }, 409));
      setFlash(res, 'success', `“${asset.fileName}” deleted.`);
      res.redirect(303, mediaPaths(workspaceId).library);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await deletePage(res, scope, { asset, etag: sentETag, failure, referencedBy: referencedByOf(err) }, failure.problem.status);
    }
  });
}
