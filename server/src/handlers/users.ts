// Users: local accounts, their roles, superadmin flag and workspace grants.
import type { OperationHandler } from '../http/operation.js';
import { ifMatchOf } from './model-request.js';
import { presentUser } from '../services/identity/user-presenter.js';
import { createUser as create, deleteUser as remove, getUser as get, listUsers as list, resetUserPassword as reset, updateUser as update, userEtag, type UserInput } from '../services/identity/users.js';


export const listUsers: OperationHandler = async ({ request, deps }) => ({ status: 200, body: await list(deps.db, request.query) });

export const createUser: OperationHandler = async ({ request, actor, deps }) => {
  const result = await create(deps.db, actor!, request.body as UserInput & { temporaryPassword: string });
  return { status: 201, body: result, headers: { Location: `/api/v1/users/${result.userId}` } };
};

export const getUser: OperationHandler = async ({ request, deps }) => {
  const user = await get(deps.db, request.params.id as string);
  return { status: 200, body: presentUser(user), headers: { ETag: userEtag(user) } };
};

export const updateUser: OperationHandler = async ({ request, actor, deps }) => {
  const user = await update(deps.db, deps.credentialCache, actor!, request.params.id as string, ifMatchOf(request), request.body as UserInput & { isActive: boolean });
  return { status: 200, body: presentUser(user), headers: { ETag: userEtag(user) } };
};

export const deleteUser: OperationHandler = async ({ request, actor, deps }) => {
  await remove(deps.db, deps.credentialCache, actor!, request.params.id as string, ifMatchOf(request));
  return { status: 204 };
};

export const resetUserPassword: OperationHandler = async ({ request, actor, deps }) => {
  const body = request.body as { temporaryPassword: string };
  return { status: 200, body: await reset(deps.db, deps.credentialCache, actor!, request.params.id as string, body.temporaryPassword) };
};
