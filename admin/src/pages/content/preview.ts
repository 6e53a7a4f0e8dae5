// The Preview button (issue #27 §1): on the item page and, after saving, from the editor. It mints a
// preview token scoped to the item (an Editor's right; it lives an hour) and opens the workspace's
// preview URL with `{slug}`, `{locale}` and `{token}` filled in, in the tab the button's form
// targets (a new one). A workspace without a preview URL gets the preview in the admin's own viewer,
// read through the API with that same token, so it shows exactly what a site would, images included.
import type express from 'express';
import { apiFor, previewApi } from '../../api.js';
import { zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { ITEM_ROUTE, itemAddress, itemNameOf, itemPaths, type ItemAddress } from './item-paths.js';
import { when } from '../screen-forms.js';
import { previewAssetFacts } from './preview-assets.js';
import * as previewTokens from './preview-tokens.js';
import { shownVersion } from './viewer-values.js';
import { versionFacts } from './viewer.js';

/** The workspace's template with the item's values put in, each URL-encoded. */
export function fillPreviewUrl(template: string, values: { slug: string | null; locale: string | null; token: string }): string {
  return template
    .replaceAll('{slug}', encodeURIComponent(values.slug ?? ''))
    .replaceAll('{locale}', encodeURIComponent(values.locale ?? ''))
    .replaceAll('{token}', encodeURIComponent(values.token));
}

/** Mints the token and answers with the preview: a redirect to the site, or the admin's viewer. */
export async function openPreview(res: express.Response, address: ItemAddress): Promise<void> {
  const { workspaceId, itemId } = address;
  const api = apiFor(res);
  const [workspace, item, minted] = await Promise.all([
    api.getWorkspace({ path: { workspaceId } }),
    api.getContent({ path: { workspaceId, id: itemId } }),
    api.createPreviewToken({ path: { workspaceId }, body: { contentItemId: itemId } }),
  ]);
  if (workspace.previewUrl) {
    // Not a redirect: the admin's CSP (form-action 'self') rightly stops a form's answer from
    // leading to another site, so the page that answers the form moves on to the site itself.
    const target = fillPreviewUrl(workspace.previewUrl, { slug: item.slug, locale: item.localeCode, token: minted.token });
    return render(res, 'content/preview-open', { title: 'Opening the preview', workspaceId, refreshTo: target, target });
  }
  const newest = item.versions.filter((v) => v.status !== 'Archived').sort((a, b) => b.versionNumber - a.versionNumber)[0];
  const paths = itemPaths(workspaceId, itemId);
  if (!newest) {
    setFlash(res, 'error', 'Nothing to preview: every version of this item is archived.');
    return res.redirect(303, paths.root);
  }
  const site = previewApi(res, minted.token);
  const version = item.slug
    ? await site.getContentBySlug({ path: { workspaceId, slug: item.slug }, query: { expandChildren: true } })
    : await site.getContentVersion({ path: { workspaceId, id: itemId, versionNumber: newest.versionNumber }, query: { expandChildren: true } });
  // The images the preview read carried, as a site shows them (preview-assets.ts).
  const facts = await previewAssetFacts(res, workspaceId, version);
  const zone = zoneOf(res);
  const name = itemNameOf(item);
  await render(res, 'content/viewer', {
    title: `Preview of ${name}`,
    workspaceId,
    name,
    item,
    paths,
    tab: 'view',
    served: false,
    preview: { expiresAt: when(minted.expiresAt, zone) },
    version,
    facts: versionFacts(version, zone),
    shown: shownVersion(workspaceId, version, 0, facts, zone),
    others: [],
  });
}

export function register(router: express.Router): void {
  previewTokens.register(router);
  router.post(`${ITEM_ROUTE}/preview`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    await openPreview(res, address);
  });
}
