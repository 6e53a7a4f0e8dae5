// Components (tag Components): reusable structured values, their versions and a draft's fields.
import type { Handler } from '../http/operation.js';
import * as components from '../services/model/components.js';
import { withEtag } from './response-headers.js';
import { createInWorkspace, getById, getVersionByNumber, listInWorkspace, updateById } from './model-resource.js';

/** The draft a write to …/components/{id}/versions/{versionNumber} addresses, in the services' argument order. */
const draftAt = (request: {
  readonly params: { readonly workspaceId: string; readonly id: string; readonly versionNumber: number };
  readonly headers: { readonly 'if-match'?: string };
}) => [request.params.workspaceId, request.params.id, request.params.versionNumber, request.headers['if-match']] as const;

export const listComponents: Handler<'listComponents'> = listInWorkspace(components.listWorkspaceComponents);
export const createComponent: Handler<'createComponent'> = createInWorkspace('components', components.createComponent);
export const getComponent: Handler<'getComponent'> = getById(components.getComponent);
export const updateComponent: Handler<'updateComponent'> = updateById(components.updateComponent);

export const createComponentVersion: Handler<'createComponentVersion'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId, id } = request.params;
  const { body, etag, created } = await components.createComponentDraft(deps.db, actor, workspaceId, id, request.body);
  if (!created) return reply(200, body, withEtag(etag));
  return reply(201, body, withEtag(etag, { Location: `/api/v1/workspaces/${workspaceId}/components/${id}/versions/${body.versionNumber}` }));
};

export const getComponentVersion: Handler<'getComponentVersion'> = getVersionByNumber(components.getComponentVersion);

export const replaceComponentFields: Handler<'replaceComponentFields'> = async ({ request, actor, deps, reply }) => {
  const { body, etag } = await components.replaceFields(deps.db, actor, ...draftAt(request), request.body);
  return reply(200, body, withEtag(etag));
};

export const publishComponentVersion: Handler<'publishComponentVersion'> = async ({ request, actor, deps, reply }) => {
  const { body, etag } = await components.publishComponentVersion(deps.db, actor, ...draftAt(request));
  return reply(200, body, withEtag(etag));
};
