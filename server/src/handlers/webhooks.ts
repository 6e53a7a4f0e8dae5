// Webhooks (tag Webhooks): endpoints of a workspace and their deliveries. The signing secret is in
// the create and rotate-secret responses only, both marked no-store.
import type { Dependencies } from '../dependencies.js';
import type { Handler } from '../http/operation.js';
import { listDeliveries, retryDelivery } from '../services/webhooks/deliveries.js';
import {
  createEndpoint,
  deleteEndpoint,
  endpointEtag,
  getEndpoint,
  listEndpoints,
  presentEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
  type EndpointRules,
} from '../services/webhooks/endpoints.js';
import { privateDestinations } from '../services/webhooks/webhook-ports.js';
import { withEtag } from './response-headers.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

const rules = (deps: Dependencies): EndpointRules => ({
  secretBox: deps.secretBox,
  allowHttp: deps.config.webhooks.allowHttp,
  privateDestinations: privateDestinations(deps.config.webhooks.allowedPrivateDestinations),
  caps: { perWorkspace: deps.config.webhooks.maxEndpointsPerWorkspace, perHost: deps.config.webhooks.maxEndpointsPerHost },
});

export const listWebhookEndpoints: Handler<'listWebhookEndpoints'> = async ({ request, deps, reply }) =>
  reply(200, await listEndpoints(deps.db, request.params.workspaceId, request.query));

export const createWebhookEndpoint: Handler<'createWebhookEndpoint'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId } = request.params;
  const { endpoint, response } = await createEndpoint(deps.db, rules(deps), actor, workspaceId, request.body);
  return reply(201, response, withEtag(endpointEtag(endpoint), { Location: `/api/v1/workspaces/${workspaceId}/webhooks/${endpoint.id}`, ...NO_STORE }));
};

export const getWebhookEndpoint: Handler<'getWebhookEndpoint'> = async ({ request, deps, reply }) => {
  const e = await getEndpoint(deps.db, request.params.workspaceId, request.params.id);
  return reply(200, presentEndpoint(e), withEtag(endpointEtag(e)));
};

export const updateWebhookEndpoint: Handler<'updateWebhookEndpoint'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId, id } = request.params;
  const e = await updateEndpoint(deps.db, rules(deps), actor, workspaceId, id, request.headers['if-match'], request.body);
  return reply(200, presentEndpoint(e), withEtag(endpointEtag(e)));
};

export const deleteWebhookEndpoint: Handler<'deleteWebhookEndpoint'> = async ({ request, actor, deps, reply }) => {
  await deleteEndpoint(deps.db, actor, request.params.workspaceId, request.params.id, request.headers['if-match']);
  return reply(204);
};

export const rotateWebhookSecret: Handler<'rotateWebhookSecret'> = async ({ request, actor, deps, reply }) => {
  const { endpoint, response } = await rotateEndpointSecret(deps.db, deps.secretBox, actor, request.params.workspaceId, request.params.id);
  return reply(200, response, withEtag(endpointEtag(endpoint), NO_STORE));
};

export const listWebhookDeliveries: Handler<'listWebhookDeliveries'> = async ({ request, deps, reply }) =>
  reply(200, await listDeliveries(deps.db, request.params.workspaceId, request.params.id, request.query));

export const retryWebhookDelivery: Handler<'retryWebhookDelivery'> = async ({ request, deps, reply }) => {
  await retryDelivery(deps.db, request.params.workspaceId, request.params.id, request.params.deliveryId);
  return reply(202);
};
