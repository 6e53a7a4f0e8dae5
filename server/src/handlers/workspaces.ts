// Workspaces: list (only reachable ones), create, get, update, delete, each with `canWrite`.
import type { Dependencies } from '../dependencies.js';
import type { Handler } from '../http/operation.js';
import { withEtag } from './response-headers.js';
import {
  createWorkspace as create,
  deleteWorkspace as remove,
  getWorkspace as get,
  listWorkspaces as list,
  presentWorkspace,
  updateWorkspace as update,
  workspaceEtag,
  type WorkspaceRules,
} from '../services/identity/workspaces.js';

const rules = (deps: Dependencies): WorkspaceRules => ({ allowHttpPreview: deps.config.environment !== 'production' });

export const listWorkspaces: Handler<'listWorkspaces'> = async ({ request, actor, deps, reply }) =>
  reply(200, await list(deps.db, actor, request.query));

export const createWorkspace: Handler<'createWorkspace'> = async ({ request, actor, deps, reply }) => {
  const w = await create(deps.db, rules(deps), actor, request.body);
  return reply(201, presentWorkspace(w, actor), withEtag(workspaceEtag(w), { Location: `/api/v1/workspaces/${w.id}` }));
};

export const getWorkspace: Handler<'getWorkspace'> = async ({ request, actor, deps, reply }) => {
  const w = await get(deps.db, request.params.workspaceId);
  return reply(200, presentWorkspace(w, actor), withEtag(workspaceEtag(w)));
};

export const updateWorkspace: Handler<'updateWorkspace'> = async ({ request, actor, deps, reply }) => {
  const w = await update(deps.db, rules(deps), actor, request.params.workspaceId, request.headers['if-match'], request.body);
  return reply(200, presentWorkspace(w, actor), withEtag(workspaceEtag(w)));
};

export const deleteWorkspace: Handler<'deleteWorkspace'> = async ({ request, actor, deps, reply }) => {
  await remove(deps.db, deps.credentialCache, actor, request.params.workspaceId, request.headers['if-match']);
  return reply(204);
};
