// "Your preview tokens": the live preview tokens an Editor minted in a workspace (the API lists an
// Admin every token of it), each with a Revoke button, linked from the item page's Preview. A token
// revoked here answers 401 from the next request on, on every API replica. The workspace's edit
// page keeps its Admin-only list of all of them (pages/workspaces.ts).
import type express from 'express';
import { apiFor } from '../../api.js';
import { hasRole } from '../../nav.js';
import { render, setFlash } from '../../views/render.js';
import { zoneOf } from '../../time.js';
import { isUuid, when } from '../screen-forms.js';

/** The page of the workspace's tokens the signed-in user may manage. */
export const previewTokensPath = (workspaceId: string) => `/workspaces/${workspaceId}/content/preview-tokens`;

export function register(router: express.Router): void {
  router.get('/workspaces/:workspaceId/content/preview-tokens', async (req, res, next) => {
    const { workspaceId } = req.params;
    if (!isUuid(workspaceId)) return next();
    const page = await apiFor(res).listPreviewTokens({ path: { workspaceId }, query: { page: 1, pageSize: 100 } });
    const zone = zoneOf(res);
    const everyone = hasRole(res.locals.session!.user.role, 'Admin');
    await render(res, 'content/preview-tokens', {
      title: everyone ? 'Preview tokens' : 'Your preview tokens',
      workspaceId,
      everyone,
      items: page.items.map((t) => ({
        ...t,
        created: when(t.createdAt, zone),
        expires: when(t.expiresAt, zone),
        revoke: `${previewTokensPath(workspaceId)}/${t.id}/revoke`,
      })),
    });
  });

  router.post('/workspaces/:workspaceId/content/preview-tokens/:tokenId/revoke', async (req, res, next) => {
    const { workspaceId, tokenId } = req.params;
    if (!isUuid(workspaceId) || !isUuid(tokenId)) return next();
    await apiFor(res).revokePreviewToken({ path: { workspaceId, id: tokenId } });
    setFlash(res, 'success', 'Preview token revoked.');
    res.redirect(303, previewTokensPath(workspaceId));
  });
}
