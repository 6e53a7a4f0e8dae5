import type { OperationHandler } from '../http/operation.js';
import * as components from '../services/components.js';
import { ifMatchOf, intParam, param, withEtag } from './model-request.js';

export const listComponents: OperationHandler = async ({ request, deps }) => ({
  status: 200,
  body: await components.listWorkspaceComponents(deps.db, param(request, 'workspaceId'), request.query),
});

export const createComponent: OperationHandler = async ({ request, actor, deps }) => {
  const ws = param(request, 'workspaceId');
  const { body, etag } = await components.createComponent(deps.db, actor!, ws, request.body as never);
  return { status: 201, body, headers: withEtag(etag, { Location: `/api/v1/workspaces/${ws}/components/${body.id}` }) };
};

export const getComponent: OperationHandler = async ({ request, deps }) => {
  const { body, etag } = await components.getComponent(deps.db, param(request, 'workspaceId'), param(request, 'id'));
  return { status: 200, body, headers: withEtag(etag) };
};

export const updateComponent: OperationHandler = async ({ request, actor, deps }) => {
  const { body, etag } = await components.updateComponent(
    deps.db,
    actor!,
    param(request, 'workspaceId'),
    param(request, 'id'),
    ifMatchOf(request),
    request.body as never,
  );
  return { status: 200, body, headers: withEtag(etag) };
};

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

export const getComponentVersion: OperationHandler = async ({ request, deps }) => {
  const { body, etag } = await components.getComponentVersion(
    deps.db,
    param(request, 'workspaceId'),
    param(request, 'id'),
    intParam(request, 'versionNumber'),
  );
  return { status: 200, body, headers: withEtag(etag) };
};

export const replaceComponentFields: OperationHandler = async ({ request, actor, deps }) => {
  const { body, etag } = await components.replaceFields(
    deps.db,
    actor!,
    param(request, 'workspaceId'),
    param(request, 'id'),
    intParam(request, 'versionNumber'),
    ifMatchOf(request),
    request.body as never,
  );
  return { status: 200, body, headers: withEtag(etag) };
};

export const publishComponentVersion: OperationHandler = async ({ request, actor, deps }) => {
  const { body, etag } = await components.publishComponentVersion(
    deps.db,
    actor!,
    param(request, 'workspaceId'),
    param(request, 'id'),
    intParam(request, 'versionNumber'),
    ifMatchOf(request),
  );
  return { status: 200, body, headers: withEtag(etag) };
};
