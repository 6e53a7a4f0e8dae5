// PickLists (tag PickLists): choice sets, each write a new immutable revision.
import type { Handler } from '../http/operation.js';
import * as picklists from '../services/model/picklists.js';
import { createInWorkspace, deleteById, getById, listInWorkspace, updateById } from './model-resource.js';

export const listPickLists: Handler<'listPickLists'> = listInWorkspace(picklists.listWorkspacePickLists);
export const createPickList: Handler<'createPickList'> = createInWorkspace('picklists', picklists.createPickList);
export const getPickList: Handler<'getPickList'> = getById(picklists.getPickList);
export const updatePickList: Handler<'updatePickList'> = updateById(picklists.updatePickList);
export const deletePickList: Handler<'deletePickList'> = deleteById(picklists.deletePickList);

export const getPickListRevision: Handler<'getPickListRevision'> = async ({ request, deps, reply }) => {
  const { workspaceId, id, revisionId } = request.params;
  return reply(200, await picklists.getPickListRevision(deps.db, workspaceId, id, revisionId));
};
