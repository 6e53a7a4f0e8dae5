// Compare two versions of an item (issue #25): `/content/<id>/compare?from=<n>&to=<m>` shows every
// field either version has a value in, marked added, removed, changed or unchanged, with text as a
// line or word diff and children by title (version-compare.ts). A plain GET form picks the two
// versions (no JavaScript needed); without a choice it compares the latest version with the one
// before it. Reads: the item, the two versions (children expanded one call each, for their titles)
// and one listMedia call for the assets both name.
import type express from 'express';
import { apiFor } from '../../api.js';
import { zoneOf } from '../../time.js';
import { render } from '../../views/render.js';
import { assetFacts } from '../media/asset-facts.js';
import { queryValue, when } from '../screen-forms.js';
import { windowOf } from './item-page.js';
import { ITEM_ROUTE, itemAddress, itemNameOf, itemPaths, versionNumberOf } from './item-paths.js';
import { comparedAssetIds, compareVersions } from './version-compare.js';

export function register(router: express.Router): void {
  router.get(`${ITEM_ROUTE}/compare`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    const { workspaceId, itemId } = address;
    const api = apiFor(res);
    const read = (versionNumber: number) => api.getContentVersion({ path: { workspaceId, id: itemId, versionNumber }, query: { expandChildren: true } });
    // Both numbers given (the history's links, a submitted form): the three reads run at once, and
    // the item's list of versions checks them after; otherwise the item's versions pick the pair.
    const asked = { from: versionNumberOf(queryValue(req.query, 'from')), to: versionNumberOf(queryValue(req.query, 'to')) };
    const early = asked.from !== undefined && asked.to !== undefined ? Promise.all([read(asked.from), read(asked.to)]) : undefined;
    early?.catch(() => undefined);
    const item = await api.getContent({ path: { workspaceId, id: itemId } });
    const numbers = item.versions.map((v) => v.versionNumber);
    const latest = numbers[0];
    if (latest === undefined) return next();
    const pick = (n: number | undefined, fallback: number) => (n !== undefined && numbers.includes(n) ? n : fallback);
    const to = pick(asked.to, latest);
    const from = pick(asked.from, numbers.find((n) => n < to) ?? to);
    const [before, after] = early && from === asked.from && to === asked.to ? await early : await Promise.all([read(from), read(to)]);
    const facts = await assetFacts(res, workspaceId, comparedAssetIds(before, after));
    const zone = zoneOf(res);
    const fields = compareVersions(workspaceId, before, after, facts);
    const paths = itemPaths(workspaceId, itemId);
    const name = itemNameOf(item);
    const factsOf = (v: typeof before) => ({
      status: v.status,
      window: windowOf(v, zone) || 'Always (no window)',
      tags: v.tags.join(', ') || '(none)',
      updated: when(v.updatedAt, zone),
      href: paths.version(v.versionNumber).view,
    });
    await render(res, 'content/compare', {
      title: `Compare versions ${from} and ${to} of ${name}`,
      workspaceId,
      name,
      item,
      paths,
      tab: 'compare',
      from,
      to,
      same: from === to,
      before: factsOf(before),
      after: factsOf(after),
      templateChanged: before.templateVersionId !== after.templateVersionId,
      versions: item.versions.map((v) => ({ versionNumber: v.versionNumber, status: v.status })),
      fields: fields.filter((f) => f.change !== 'unchanged'),
      unchanged: fields.filter((f) => f.change === 'unchanged'),
      swap: paths.compare(to, from),
    });
  });
}
