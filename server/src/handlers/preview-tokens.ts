// Preview tokens (tag Content; issue #27 §1): minted by Editors, listed and revoked by Admins (and
// by whoever minted them, services/identity/preview-tokens.ts). The
// token is in the create response only, marked no-store.
import type { Handler } from '../http/operation.js';
import { createPreviewToken as create, listPreviewTokens as list, revokePreviewToken as revoke } from '../services/identity/preview-tokens.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const createPreviewToken: Handler<'createPreviewToken'> = async ({ request, actor, deps, reply }) =>
  reply(201, await create(deps.db, deps.credentialCache, deps.config.preview.maxLifetimeMinutes, actor, request.params.workspaceId, request.body), NO_STORE);

export const listPreviewTokens: Handler<'listPreviewTokens'> = async ({ request, actor, deps, reply }) =>
  reply(200, await list(deps.db, actor, request.params.workspaceId, request.query));

export const revokePreviewToken: Handler<'revokePreviewToken'> = async ({ request, actor, deps, reply }) => {
  await revoke(deps.db, deps.credentialCache, actor, request.params.workspaceId, request.params.id);
  return reply(204);
};
