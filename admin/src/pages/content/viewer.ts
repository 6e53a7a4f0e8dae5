// The read-only viewer of a content version (every role that can read the workspace):
// `/content/<id>/view` shows the version served now, or the latest when nothing is served;
// `/content/<id>/view/<n>` any version. Children are expanded by the API (expandChildren=true) and
// rendered nested; see viewer-values.ts for how each kind of value is shown. A Published, Approved or
// Archived version offers "Edit" (edit-live.ts) to those who may edit content.
import type { components } from '@verso/sdk';
import type express from 'express';
import { apiFor } from '../../api.js';
import { zoneOf } from '../../time.js';
import { render } from '../../views/render.js';
import { when } from '../screen-forms.js';
import { windowOf, type Item } from './item-page.js';
import { assetFacts } from '../media/asset-facts.js';
import { ITEM_ROUTE, itemAddress, itemNameOf, itemPaths, versionNumberOf, type ItemAddress } from './item-paths.js';
import { assetIdsOf, shownVersion } from './viewer-values.js';
import { editsThroughDraft } from './workflow-rules.js';
import { abilitiesIn } from '../workspace-scope.js';

type VersionSummary = components['schemas']['ContentVersionSummaryResponse'];

/** A version's dates as the viewer lists them, in the user's time zone (the viewer and the preview). */
export function versionFacts(version: Pick<VersionSummary, 'effectiveStartAt' | 'effectiveEndAt' | 'publishedAt' | 'archivedAt' | 'publishAt' | 'updatedAt'>, zone: string) {
  return {
    window: windowOf(version, zone),
    published: when(version.publishedAt, zone),
    archived: when(version.archivedAt, zone),
    scheduled: when(version.publishAt, zone),
    updated: when(version.updatedAt, zone),
  };
}

async function renderViewer(res: express.Response, address: ItemAddress, item: Item, versionNumber: number) {
  const { workspaceId, itemId } = address;
  const [version, abilities] = await Promise.all([
    apiFor(res).getContentVersion({ path: { workspaceId, id: itemId, versionNumber }, query: { expandChildren: true } }),
    abilitiesIn(res, workspaceId),
  ]);
  const facts = await assetFacts(res, workspaceId, assetIdsOf(version));
  const zone = zoneOf(res);
  const paths = itemPaths(workspaceId, itemId);
  const name = itemNameOf(item);
  const served = item.currentlyServingVersion?.versionNumber === versionNumber;
  await render(res, 'content/viewer', {
    title: `Version ${versionNumber} of ${name}`,
    workspaceId,
    name,
    item,
    paths,
    tab: 'view',
    served,
    version,
    editLive: editsThroughDraft(version.status, abilities),
    draft: item.versions.find((v) => v.status === 'Draft'),
    facts: versionFacts(version, zone),
    shown: shownVersion(workspaceId, version, 0, facts, zone),
    others: item.versions.map((v) => ({ versionNumber: v.versionNumber, status: v.status, href: paths.version(v.versionNumber).view, current: v.versionNumber === versionNumber })),
  });
}

const readItem = (res: express.Response, a: ItemAddress) => apiFor(res).getContent({ path: { workspaceId: a.workspaceId, id: a.itemId } });

export function register(router: express.Router): void {
  router.get(`${ITEM_ROUTE}/view`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    const item = await readItem(res, address);
    const chosen = item.currentlyServingVersion ?? item.versions[0];
    if (!chosen) return next();
    await renderViewer(res, address, item, chosen.versionNumber);
  });

  router.get(`${ITEM_ROUTE}/view/:versionNumber`, async (req, res, next) => {
    const address = itemAddress(req);
    const n = versionNumberOf(req.params.versionNumber);
    if (!address || n === undefined) return next();
    await renderViewer(res, address, await readItem(res, address), n);
  });
}
