import type { OperationHandler } from '../http/operation.js';
import * as picklists from '../services/model/picklists.js';
import { param } from './model-request.js';
import { createInWorkspace, deleteById, getById, listInWorkspace, updateById } from './model-resource.js';

export const listPickLists = listInWorkspace(picklists.listWorkspacePickLists);
export const createPickList = createInWorkspace('picklists', picklists.createPickList);
export const getPickList = getById(picklists.getPickList);
export const updatePickList = updateById(picklists.updatePickList);
export const deletePickList = deleteById(picklists.deletePickList);

export const getPickListRevision: OperationHandler = async ({ request, deps }) => ({
  status: 200,
  body: (await picklists.getPickListRevision(deps.db, param(request, 'workspaceId'), param(request, 'id'), param(request, 'revisionId'))).body,
});
