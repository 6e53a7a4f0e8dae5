// What writing an asset's signed public URLs takes (services/media/media-assets.ts AssetLinks), from
// the dependencies: the media handlers and the delivery reads that carry `asset` objects both need it.
// Made once per set of dependencies (they do not change while the process runs).
import type { Dependencies } from '../dependencies.js';
import type { AssetLinks } from '../services/media/media-assets.js';

const made = new WeakMap<Dependencies, AssetLinks>();

export function assetLinksOf(deps: Dependencies): AssetLinks {
  let links = made.get(deps);
  if (links === undefined) {
    links = { signer: deps.publicUrls, config: deps.config.media.public };
    made.set(deps, links);
  }
  return links;
}
