import type { OperationHandler, OperationRequest } from '../http/operation.js';
import * as components from '../services/model/components.js';
import { ifMatchOf, intParam, param, withEtag } from './model-request.js';
import { createInWorkspace, getById, getVersionByNumber, listInWorkspace, updateById } from './model-resource.js';

/** The draft a write to …/components/{id}/versions/{versionNumber} addresses, in the services' argument order. */
const draftAt = (request: OperationRequest) =>
  [param(request, 'workspaceId'), param(request, 'id'), intParam(request, 'versionNumber'), ifMatchOf(request)] as const;

export const listComponents = listInWorkspace(components.listWorkspaceComponents);
export const createComponent = createInWorkspace('components', components.createComponent);
export const getComponent = getById(components.getComponent);
export const updateComponent = updateById(components.updateComponent);

export const createComponentVersion: OperationHandler = async ({ request, actor, deps }) => {
  const ws = param(request, 'workspaceId');
  const id = param(request, 'id');
  const { body, etag, created } = await components.createComponentDraft(deps.db, actor!, ws, id, (request.body ?? {}) as never);
  if (!created) return { status: 200, body, headers: withEtag(etag) };
  return {
    status: 201,
    body,
    headers: withEtag(etag, { Location: `/api/v1/workspaces/${ws}/components/${id}/versions/${body.versionNumber}` }),
  };
};

export const getComponentVersion = getVersionByNumber(components.getComponentVersion);

export const replaceComponentFields: OperationHandler = async ({ request, actor, deps }) => {
  const { body, etag } = await components.replaceFields(deps.db, actor!, ...draftAt(request), request.body as never);
  return { status: 200, body, headers: withEtag(etag) };
};

export const publishComponentVersion: OperationHandler = async ({ request, actor, deps }) => {
  const { body, etag } = await components.publishComponentVersion(deps.db, actor!, ...draftAt(request));
  return { status: 200, body, headers: withEtag(etag) };
};
