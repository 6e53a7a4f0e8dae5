// Media (tag Media): the workspace's media library, uploads streamed to storage and downloads
// streamed back (services/media/).
import type { Handler } from '../http/operation.js';
import * as media from '../services/media/media-assets.js';
import { downloadMediaFile } from '../services/media/media-download.js';
import { uploadMediaAsset } from '../services/media/media-upload.js';
import { withEtag } from './response-headers.js';
import { assetLinksOf } from './asset-links.js';
import { parseRange } from './byte-range.js';
import { holdsTag } from './if-none-match.js';
import { presentWorkspace, rotatePublicMediaUrls as rotateUrls } from '../services/identity/workspaces.js';

export const listMedia: Handler<'listMedia'> = async ({ request, deps, reply }) =>
  reply(200, await media.listWorkspaceMedia(deps.db, assetLinksOf(deps), request.params.workspaceId, request.query));

export const uploadMedia: Handler<'uploadMedia'> = async ({ request, actor, deps, reply }) => {
  const ws = request.params.workspaceId;
  const { body, etag } = await uploadMediaAsset(
    { db: deps.db, storage: deps.storage, media: deps.config.media, logger: deps.logger, links: assetLinksOf(deps) },
    actor,
    ws,
    request.body,
  );
  return reply(201, body, withEtag(etag, { Location: `/api/v1/workspaces/${ws}/media/${body.id}` }));
};

export const getMedia: Handler<'getMedia'> = async ({ request, deps, reply }) => {
  const { body, etag } = await media.getMediaAsset(deps.db, assetLinksOf(deps), request.params.workspaceId, request.params.id);
  return reply(200, body, withEtag(etag));
};

export const updateMedia: Handler<'updateMedia'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId, id } = request.params;
  const { body, etag } = await media.updateMediaAsset(deps.db, assetLinksOf(deps), actor, workspaceId, id, request.headers['if-match'], request.body);
  return reply(200, body, withEtag(etag));
};

export const deleteMedia: Handler<'deleteMedia'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId, id } = request.params;
  await media.deleteMediaAsset(deps.db, actor, workspaceId, id, request.headers['if-match'], deps.config.media.operations.retentionMs);
  return reply(204);
};

export const downloadMedia: Handler<'downloadMedia'> = async ({ request, deps, reply }) => {
  const download = await downloadMediaFile(deps, request.params.workspaceId, request.params.id, {
    holds: holdsTag(request.headers['if-none-match']),
    range: (size) => parseRange(request.headers.range, size),
  });
  if (download.status === 304) return reply(304, undefined, download.headers);
  if (download.status === 206) return reply(206, download.body, { ...download.headers, 'Content-Range': download.headers['Content-Range']! });
  return reply(200, download.body, download.headers);
};

export const rotatePublicMediaUrls: Handler<'rotatePublicMediaUrls'> = async ({ request, actor, deps, reply }) =>
  reply(200, presentWorkspace(await rotateUrls(deps.db, actor, request.params.workspaceId), actor));
