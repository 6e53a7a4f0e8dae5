import type { OperationHandler } from '../http/operation.js';
import * as picklists from '../services/picklists.js';
import { ifMatchOf, param, withEtag } from './model-request.js';

export const listPickLists: OperationHandler = async ({ request, deps }) => ({
  status: 200,
  body: await picklists.listWorkspacePickLists(deps.db, param(request, 'workspaceId'), request.query),
});

export const createPickList: OperationHandler = async ({ request, actor, deps }) => {
  const ws = param(request, 'workspaceId');
  const { body, etag } = await picklists.createPickList(deps.db, actor!, ws, request.body as never);
  return { status: 201, body, headers: withEtag(etag, { Location: `/api/v1/workspaces/${ws}/picklists/${body.id}` }) };
};

export const getPickList: OperationHandler = async ({ request, deps }) => {
  const { body, etag } = await picklists.getPickList(deps.db, param(request, 'workspaceId'), param(request, 'id'));
  return { status: 200, body, headers: withEtag(etag) };
};

export const updatePickList: OperationHandler = async ({ request, actor, deps }) => {
  const { body, etag } = await picklists.updatePickList(
    deps.db,
    actor!,
    param(request, 'workspaceId'),
    param(request, 'id'),
    ifMatchOf(request),
    request.body as never,
  );
  return { status: 200, body, headers: withEtag(etag) };
};

export const deletePickList: OperationHandler = async ({ request, actor, deps }) => {
  await picklists.deletePickList(deps.db, actor!, param(request, 'workspaceId'), param(request, 'id'), ifMatchOf(request));
  return { status: 204 };
};

export const getPickListRevision: OperationHandler = async ({ request, deps }) => ({
  status: 200,
  body: (await picklists.getPickListRevision(deps.db, param(request, 'workspaceId'), param(request, 'id'), param(request, 'revisionId'))).body,
});
