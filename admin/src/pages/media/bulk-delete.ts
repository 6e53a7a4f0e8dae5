// The media library's bulk bar: tick cards, "Delete…" shows a confirmation naming the count and each
// asset (read then with its ETag), and confirming deletes each asset with that ETag, one call per
// asset (the API has no bulk media operation; media carries no tags). The result lists what was
// deleted and each failure linked to its asset with the reason: still used by content (409), changed
// since the confirmation (412), already gone (404). One failure never stops the others.
import type express from 'express';
import { apiFor, VersoApiError } from '../../api.js';
import { field, fieldValues, formFailure } from '../../http/forms.js';
import { render } from '../../views/render.js';
import { isUuid, refuse } from '../screen-forms.js';
import { abilitiesIn, workspaceIdsOf } from '../workspace-scope.js';
import { mayChange, mediaPaths, readAsset, ROUTE } from './media-scope.js';

/** One page of the library holds 24; a hand-made post is capped here. */
const MAX_ASSETS = 100;

const countOf = (n: number) => `${n} asset${n === 1 ? '' : 's'}`;

function reasonOf(err: unknown): string | undefined {
  if (!(err instanceof VersoApiError)) return undefined;
  if (err.status === 412) return 'It changed after you confirmed; open it and delete it from its page.';
  if (err.status === 404) return 'It no longer exists.';
  if (err.status === 409) return `Content still uses it${Array.isArray(err.problem.extensions.referencedBy) ? ` (${err.problem.extensions.referencedBy.length} item${err.problem.extensions.referencedBy.length === 1 ? '' : 's'})` : ''}; remove it there first.`;
  return formFailure(err)?.problem.detail ?? err.message;
}

export function register(router: express.Router): void {
  router.post(`${ROUTE}/bulk`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const scope = await abilitiesIn(res, ids.workspaceId);
    const allowed = mayChange(scope);
    if (!allowed.allowed) return refuse(res, allowed.reason);
    const picked = [...new Set(fieldValues(req, 'ids').filter(isUuid).map((id) => id.toLowerCase()))].slice(0, MAX_ASSETS);
    const paths = mediaPaths(ids.workspaceId);
    const read = await Promise.all(
      picked.map(async (id) => {
        try {
          const { asset, etag } = await readAsset(res, ids.workspaceId, id);
          return { id, name: asset.fileName, etag: etag ?? '', href: mediaPaths(ids.workspaceId, id).asset };
        } catch (err) {
          if (err instanceof VersoApiError && err.status === 404) return undefined;
          throw err;
        }
      }),
    );
    const assets = read.filter((a) => a !== undefined);
    await render(
      res,
      'media/bulk-confirm',
      {
        title: `Delete ${countOf(assets.length)}`,
        workspace: scope.workspace,
        paths,
        assets,
        count: countOf(assets.length),
        action: `${paths.library}/bulk/apply`,
        problem: assets.length === 0 ? { status: 422, title: 'Tick at least one asset', detail: 'No asset was ticked (or the ticked ones no longer exist): go back and tick the assets to delete.' } : undefined,
      },
      assets.length === 0 ? 422 : undefined,
    );
  });

  router.post(`${ROUTE}/bulk/apply`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId } = ids;
    const scope = await abilitiesIn(res, workspaceId);
    const allowed = mayChange(scope);
    if (!allowed.allowed) return refuse(res, allowed.reason);
    const picked = [...new Set(fieldValues(req, 'ids').filter(isUuid).map((id) => id.toLowerCase()))].slice(0, MAX_ASSETS);
    const rows: { id: string; name: string; href: string; ok: boolean; reason: string }[] = [];
    // One at a time: a page's worth of deletes, each its own call and answer.
    for (const id of picked) {
      const name = field(req, `name_${id}`).slice(0, 300) || 'Untitled asset';
      const href = mediaPaths(workspaceId, id).asset;
      try {
        await apiFor(res).deleteMedia({ path: { workspaceId, id } }, { ifMatch: field(req, `etag_${id}`) || undefined });
        rows.push({ id, name, href, ok: true, reason: '' });
      } catch (err) {
        const reason = reasonOf(err);
        if (reason === undefined) throw err;
        rows.push({ id, name, href, ok: false, reason });
      }
    }
    const failed = rows.filter((r) => !r.ok);
    const done = rows.filter((r) => r.ok);
    await render(res, 'media/bulk-result', {
      title: 'Delete: result',
      workspace: scope.workspace,
      paths: mediaPaths(workspaceId),
      summary: `${countOf(done.length)} of ${rows.length} deleted.${failed.length ? ` ${countOf(failed.length)} failed.` : ''}`,
      failed,
      done,
    });
  });
}
