import type { OperationHandler } from '../http/operation.js';
import * as tags from '../services/model/tags.js';
import { param } from './model-request.js';

export const listTags: OperationHandler = async ({ request, deps }) => ({
  status: 200,
  body: await tags.listWorkspaceTags(deps.db, param(request, 'workspaceId'), request.query),
});

export const deleteTag: OperationHandler = async ({ request, actor, deps }) => {
  await tags.removeTag(deps.db, actor!, param(request, 'workspaceId'), param(request, 'id'));
  return { status: 204 };
};
