// Users: local accounts, their roles, superadmin flag and workspace grants.
import type { Handler } from '../http/operation.js';
import { withEtag } from './response-headers.js';
import { presentUser } from '../services/identity/user-presenter.js';
import { createUser as create, deleteUser as remove, getUser as get, listUsers as list, resetUserPassword as reset, unlockUser as unlock, updateUser as update, userEtag } from '../services/identity/users.js';

export const listUsers: Handler<'listUsers'> = async ({ request, deps, reply }) => reply(200, await list(deps.db, request.query));

export const createUser: Handler<'createUser'> = async ({ request, actor, deps, reply }) => {
  const result = await create(deps.db, actor, request.body, deps.config.auth.password);
  return reply(201, result, { Location: `/api/v1/users/${result.userId}` });
};

export const getUser: Handler<'getUser'> = async ({ request, deps, reply }) => {
  const user = await get(deps.db, request.params.id);
  return reply(200, presentUser(user), withEtag(userEtag(user)));
};

export const updateUser: Handler<'updateUser'> = async ({ request, actor, deps, reply }) => {
  const user = await update(deps.db, deps.credentialCache, actor, request.params.id, request.headers['if-match'], request.body);
  return reply(200, presentUser(user), withEtag(userEtag(user)));
};

export const deleteUser: Handler<'deleteUser'> = async ({ request, actor, deps, reply }) => {
  await remove(deps.db, deps.credentialCache, actor, request.params.id, request.headers['if-match']);
  return reply(204);
};

export const resetUserPassword: Handler<'resetUserPassword'> = async ({ request, actor, deps, reply }) =>
  reply(200, await reset(deps.db, deps.credentialCache, actor, request.params.id, request.body, deps.config.auth.password, deps.signInKeys));

export const unlockUser: Handler<'unlockUser'> = async ({ request, actor, deps, reply }) => {
  await unlock(deps.db, actor, request.params.id, deps.signInKeys);
  return reply(204);
};
