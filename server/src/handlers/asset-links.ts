// What writing an asset's signed public URLs takes (services/media/media-assets.ts AssetLinks), from
// the dependencies: the media handlers and the delivery reads that carry `asset` objects both need it.
import type { Dependencies } from '../dependencies.js';
import type { AssetLinks } from '../services/media/media-assets.js';

export const assetLinksOf = (deps: Dependencies): AssetLinks => ({ signer: deps.publicUrls, config: deps.config.media.public });
