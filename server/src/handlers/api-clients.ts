// ApiClients: machine credentials. Tokens appear only in create and rotate responses.
import type { OperationHandler } from '../http/operation.js';
import {
  createApiClient as create,
  getApiClient as get,
  listApiClients as list,
  presentApiClient,
  revokeApiClient as revoke,
  rotateApiClient as rotate,
  type CreateApiClientInput,
} from '../services/identity/api-clients.js';

export const listApiClients: OperationHandler = async ({ request, actor, deps }) => ({
  status: 200,
  body: await list(deps.db, actor!, request.query),
});

export const createApiClient: OperationHandler = async ({ request, actor, deps }) => {
  const created = await create(deps.db, actor!, request.body as CreateApiClientInput);
  return { status: 201, body: created, headers: { Location: `/api/v1/clients/${created.client.id}`, 'Cache-Control': 'no-store' } };
};

export const getApiClient: OperationHandler = async ({ request, actor, deps }) => ({
  status: 200,
  body: presentApiClient(await get(deps.db, actor!, request.params.id as string)),
});

export const revokeApiClient: OperationHandler = async ({ request, actor, deps }) => ({
  status: 200,
  body: presentApiClient(await revoke(deps.db, deps.credentialCache, actor!, request.params.id as string)),
});

export const rotateApiClient: OperationHandler = async ({ request, actor, deps }) => ({
  status: 200,
  body: await rotate(deps.db, deps.credentialCache, actor!, request.params.id as string),
  headers: { 'Cache-Control': 'no-store' },
});
