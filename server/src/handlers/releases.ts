// Releases (tag Releases): sets of content versions built by Editors and published together, now or
// at their publishAt, and reverted together (services/releases/).
import type { Handler } from '../http/operation.js';
import * as releases from '../services/releases/releases.js';
import { publishRelease as publish, revertRelease as revert } from '../services/releases/release-publishing.js';
import { withEtag } from './response-headers.js';

export const listReleases: Handler<'listReleases'> = async ({ request, deps, reply }) =>
  reply(200, await releases.listReleases(deps.db, request.params.workspaceId, request.query));

export const createRelease: Handler<'createRelease'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId } = request.params;
  const { body, etag } = await releases.createRelease(deps.db, actor, workspaceId, request.body);
  return reply(201, body, withEtag(etag, { Location: `/api/v1/workspaces/${workspaceId}/releases/${body.id}` }));
};

export const getRelease: Handler<'getRelease'> = async ({ request, deps, reply }) => {
  const { body, etag } = await releases.loadRelease(deps.db, request.params.workspaceId, request.params.id);
  return reply(200, body, withEtag(etag));
};

export const updateRelease: Handler<'updateRelease'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId, id } = request.params;
  const { body, etag } = await releases.updateRelease(deps.db, actor, workspaceId, id, request.headers['if-match'], request.body);
  return reply(200, body, withEtag(etag));
};

export const deleteRelease: Handler<'deleteRelease'> = async ({ request, actor, deps, reply }) => {
  await releases.deleteRelease(deps.db, deps.credentialCache, actor, request.params.workspaceId, request.params.id, request.headers['if-match']);
  return reply(204);
};

export const addReleaseEntry: Handler<'addReleaseEntry'> = async ({ request, actor, deps, reply }) => {
  const { body, etag } = await releases.addReleaseEntry(deps.db, actor, request.params.workspaceId, request.params.id, request.body);
  return reply(200, body, withEtag(etag));
};

export const removeReleaseEntry: Handler<'removeReleaseEntry'> = async ({ request, actor, deps, reply }) => {
  await releases.removeReleaseEntry(deps.db, actor, request.params.workspaceId, request.params.id, request.params.itemId);
  return reply(204);
};

export const validateRelease: Handler<'validateRelease'> = async ({ request, deps, reply }) =>
  reply(200, await releases.validateRelease(deps.db, request.params.workspaceId, request.params.id));

export const publishRelease: Handler<'publishRelease'> = async ({ request, actor, deps, reply }) => {
  const { body, etag } = await publish(deps.db, actor, request.params.workspaceId, request.params.id);
  return reply(200, body, withEtag(etag));
};

export const revertRelease: Handler<'revertRelease'> = async ({ request, actor, deps, reply }) => {
  const { body, etag } = await revert(deps.db, actor, request.params.workspaceId, request.params.id);
  return reply(200, body, withEtag(etag));
};
