// Workspaces: list (only reachable ones), create, get, update, delete, each with `canWrite`.
import type { OperationHandler } from '../http/operation.js';
import { ifMatchOf } from './model-request.js';
import {
  createWorkspace as create,
  deleteWorkspace as remove,
  getWorkspace as get,
  listWorkspaces as list,
  presentWorkspace,
  updateWorkspace as update,
  workspaceEtag,
  type WorkspaceInput,
} from '../services/identity/workspaces.js';


export const listWorkspaces: OperationHandler = async ({ request, actor, deps }) => ({
  status: 200,
  body: await list(deps.db, actor!, request.query),
});

export const createWorkspace: OperationHandler = async ({ request, actor, deps }) => {
  const w = await create(deps.db, actor!, request.body as WorkspaceInput);
  return { status: 201, body: presentWorkspace(w, actor!), headers: { ETag: workspaceEtag(w), Location: `/api/v1/workspaces/${w.id}` } };
};

export const getWorkspace: OperationHandler = async ({ request, actor, deps }) => {
  const w = await get(deps.db, request.params.workspaceId as string);
  return { status: 200, body: presentWorkspace(w, actor!), headers: { ETag: workspaceEtag(w) } };
};

export const updateWorkspace: OperationHandler = async ({ request, actor, deps }) => {
  const w = await update(deps.db, actor!, request.params.workspaceId as string, ifMatchOf(request), request.body as WorkspaceInput);
  return { status: 200, body: presentWorkspace(w, actor!), headers: { ETag: workspaceEtag(w) } };
};

export const deleteWorkspace: OperationHandler = async ({ request, actor, deps }) => {
  await remove(deps.db, deps.credentialCache, actor!, request.params.workspaceId as string, ifMatchOf(request));
  return { status: 204 };
};
