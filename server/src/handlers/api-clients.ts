// ApiClients: machine credentials. Tokens appear only in create and rotate responses.
import type { Handler } from '../http/operation.js';
import {
  createApiClient as create,
  getApiClient as get,
  listApiClients as list,
  presentApiClient,
  revokeApiClient as revoke,
  rotateApiClient as rotate,
} from '../services/identity/api-clients.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const listApiClients: Handler<'listApiClients'> = async ({ request, actor, deps, reply }) =>
  reply(200, await list(deps.db, actor, request.query));

export const createApiClient: Handler<'createApiClient'> = async ({ request, actor, deps, reply }) => {
  const created = await create(deps.db, actor, request.body);
  return reply(201, created, { Location: `/api/v1/clients/${created.client.id}`, ...NO_STORE });
};

export const getApiClient: Handler<'getApiClient'> = async ({ request, actor, deps, reply }) =>
  reply(200, presentApiClient(await get(deps.db, actor, request.params.id)));

export const revokeApiClient: Handler<'revokeApiClient'> = async ({ request, actor, deps, reply }) =>
  reply(200, presentApiClient(await revoke(deps.db, deps.credentialCache, actor, request.params.id)));

export const rotateApiClient: Handler<'rotateApiClient'> = async ({ request, actor, deps, reply }) =>
  reply(200, await rotate(deps.db, deps.credentialCache, actor, request.params.id), NO_STORE);
