// What every Webhooks page of one workspace starts from: the ids of its URL, the paths of the
// screens, whether the user may change endpoints (Editor + Write; reading them needs Editor + Read,
// which the API checks on every read), and an endpoint read with its ETag.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { workspacePaths } from '../../nav.js';
import { permission, type Permission, type WorkspaceAbilities } from '../workspace-scope.js';

export type Endpoint = components['schemas']['WebhookEndpointResponse'];

export const ROUTE = '/workspaces/:workspaceId/webhooks';



/** The screens of one workspace's webhooks, and of endpoint `id` when given. */
export function webhookPaths(workspaceId: string, id = '') {
  const list = workspacePaths(workspaceId).webhooks;
  const endpoint = `${list}/${encodeURIComponent(id)}`;
  return {
    list,
    create: `${list}/new`,
    endpoint,
    rotate: `${endpoint}/rotate`,
    remove: `${endpoint}/delete`,
    deliveries: `${endpoint}/deliveries`,
  };
}

/** Creating, editing, rotating, deleting and retrying all need Editor + Write (the contract's x-verso-access). */
export const mayChange = (scope: WorkspaceAbilities): Permission => permission(scope.role, scope.canWrite, 'Editor', 'Changing webhooks');

export async function readEndpoint(res: express.Response, workspaceId: string, id: string): Promise<{ endpoint: Endpoint; etag: string | undefined }> {
  const { data, etag } = await apiFor(res).call('getWebhookEndpoint', { path: { workspaceId, id } });
  return { endpoint: data, etag };
}
