// The public URLs of an asset as responses carry them (issue #26): `url`, the signed original, and
// `renditionUrl`, a template with `{width}` and `{format}` placeholders for images that can be
// transformed (null otherwise), e.g. `/media/v1/…/w_{width},f_{format}/hero.jpg`. Null both when
// public media is off (for the server or the workspace) or the bytes are not known yet.
import type { PublicMediaConfig } from '../../config.js';
import { keySafeFileName } from './file-names.js';
import { contentVersionOf, type PublicUrlSigner } from './public-url-signer.js';
import { TRANSFORMABLE_TYPES } from './rendition-engine.js';

export interface PublicUrls {
  readonly url: string | null;
  readonly renditionUrl: string | null;
}

export interface PublicUrlSource {
  readonly workspaceId: string;
  readonly id: string;
  readonly fileName: string;
  readonly mimeType: string;
  readonly contentSha256: string | null;
  /**
   * Whether this asset's public URL may be handed out: the workspace's public media is on, and served
   * content uses the asset or the workspace makes all its media public (the row says, issue #35).
   */
  readonly publicMedia: boolean;
  /** The workspace's media URL generation, signed into the URL (public-url-signer.ts); 0 when absent. */
  readonly generation?: number;
}

export function publicUrlsOf(signer: PublicUrlSigner, config: PublicMediaConfig, a: PublicUrlSource): PublicUrls {
  if (!config.enabled || !a.publicMedia || a.contentSha256 === null) return { url: null, renditionUrl: null };
  const contentVersion = contentVersionOf(a.contentSha256);
  const ws = a.workspaceId.toLowerCase();
  const id = a.id.toLowerCase();
  const base = `${config.baseUrl}/media/v1/${ws}/${id}/${contentVersion}/${signer.sign({ workspaceId: ws, assetId: id, contentVersion, generation: a.generation ?? 0 })}`;
  const name = encodeURIComponent(keySafeFileName(a.fileName));
  return {
    url: `${base}/original/${name}`,
    renditionUrl: TRANSFORMABLE_TYPES.has(a.mimeType) ? `${base}/w_{width},f_{format}/${name}` : null,
  };
}
