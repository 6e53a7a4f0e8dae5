// Compare two versions of an item (issue #25): `/content/<id>/compare?from=<n>&to=<m>` shows every
// field either version has a value in, marked added, removed, changed or unchanged, with text as a
// line or word diff and children by title (version-compare.ts). A plain GET form picks the two
// versions (no JavaScript needed); without a choice it compares the latest version with the one
// before it. Reads: one compareContentVersions call (the item, both versions and the names of their
// children — children are not expanded: the page shows only their titles), revalidated with its tag
// when an earlier page kept the pair (compared-pairs.ts), and, when the versions name assets, one
// listMedia call for them. The field-by-field HTML is rendered once per diff and kept with the pair,
// encoded (views/content/compare-fields.eta, EncodedHtml): only the page around it is rendered per request.
import type express from 'express';
import { VersoApiError } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { contextOf } from '../../context.js';
import { zoneOf } from '../../time.js';
import { EncodedHtml, render, renderFragment } from '../../views/render.js';
import { assetFacts } from '../media/asset-facts.js';
import { queryValue, when } from '../screen-forms.js';
import { windowOf } from './item-page.js';
import { ITEM_ROUTE, itemAddress, itemNameOf, itemPaths, versionNumberOf } from './item-paths.js';
import { childNamesById, comparedAssetIds, compareVersions } from './version-compare.js';
import { keepPair, keptPair, type ComparedPair } from './compared-pairs.js';

export function register(router: express.Router): void {
  router.get(`${ITEM_ROUTE}/compare`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    const { workspaceId, itemId } = address;
    const api = apiFor(res);
    const asked = { from: versionNumberOf(queryValue(req.query, 'from')), to: versionNumberOf(queryValue(req.query, 'to')) };
    const { config } = contextOf(res);
    /** The compare read, revalidated against what an earlier page kept for the same request. */
    const read = async (query: { from?: number; to?: number }): Promise<ComparedPair> => {
      const key = `${config.apiBaseUrl} ${workspaceId} ${itemId} ${query.from ?? ''} ${query.to ?? ''}`;
      const kept = keptPair(key);
      try {
        const { data, etag } = await api.call('compareContentVersions', { path: { workspaceId, id: itemId }, query, header: kept ? { 'If-None-Match': kept.etag } : {} });
        const fresh: ComparedPair = { etag: etag ?? '', pair: data };
        if (etag) keepPair(key, fresh);
        return fresh;
      } catch (err) {
        if (kept && err instanceof VersoApiError && err.status === 304) return kept;
        throw err;
      }
    };
    let compared: ComparedPair;
    try {
      compared = await read(asked);
    } catch (err) {
      // A number the item does not have (a hand-edited or stale link) shows the default pair, the
      // latest version and the one before it, rather than an error; an unknown item stays a 404.
      if ((err as { status?: unknown }).status !== 404 || (asked.from === undefined && asked.to === undefined)) throw err;
      compared = await read({});
    }
    const pair = compared.pair;
    const { item, from: before, to: after } = pair;
    const from = before.versionNumber;
    const to = after.versionNumber;
    const facts = await assetFacts(res, workspaceId, comparedAssetIds(before, after));
    const zone = zoneOf(res);
    // The kept diff is per pair; what it shows also depends on the assets' facts and the user's zone.
    const factsKey = JSON.stringify([zone, ...facts]);
    if (compared.diff?.factsKey !== factsKey) {
      const fields = compareVersions(workspaceId, before, after, { facts, children: childNamesById(pair.children), zone });
      const changed = fields.filter((f) => f.change !== 'unchanged');
      const unchanged = fields.filter((f) => f.change === 'unchanged');
      // The field-by-field HTML depends on nothing but the diff: rendered once, kept with it.
      const html = new EncodedHtml(Buffer.from(renderFragment(res, 'content/compare-fields', { fields: changed, unchanged })));
      compared.diff = { factsKey, changed, unchanged, html };
    }
    const { changed, unchanged, html: fieldsHtml } = compared.diff;
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
      fields: changed,
      unchanged,
      fieldsHtml,
      swap: paths.compare(to, from),
    });
  });
}
