// PublicMedia: signed image URLs for sites, served without a credential (services/media/public-media.ts).
import type { Handler } from '../http/operation.js';
import { publicMediaSettings, servePublicMedia } from '../services/media/public-media.js';
import { holdsTag } from './if-none-match.js';

export const getPublicRendition: Handler<'getPublicRendition'> = async ({ request, deps, reply }) => {
  const p = request.params;
  const answer = await servePublicMedia(
    {
      db: deps.db,
      storage: deps.storage,
      logger: deps.logger,
      config: deps.config.media.public,
      signer: deps.publicUrls,
      engine: deps.renditions,
      assets: deps.publicAssets,
      hot: deps.hotRenditions,
      workspaces: deps.workspaces,
    },
    {
      workspaceId: p.workspaceId,
      assetId: p.assetId,
      contentVersion: p.contentVersion,
      signature: p.signature,
      params: p.transformation,
      holds: holdsTag(request.headers['if-none-match']),
      accept: request.headers.accept,
      path: request.path,
      client: request.ip,
    },
  );
  if (answer.status === 304) return reply(304, undefined, answer.headers);
  return reply(200, answer.body, answer.headers);
};

export const getPublicMediaSettings: Handler<'getPublicMediaSettings'> = async ({ deps, reply }) =>
  reply(200, publicMediaSettings(deps.config.media.public));
