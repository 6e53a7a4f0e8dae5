// Auth: local sign-in, sign-out, refresh, password change, and who the caller is.
import { forbidden } from '../errors.js';
import type { Handler } from '../http/operation.js';
import { actorScope, UserActor } from '../services/identity/actors.js';
import { changePassword as changeOwnPassword, login as signIn, logout as signOut, refreshSession as refresh } from '../services/identity/sessions.js';

export const login: Handler<'login'> = async ({ request, deps, reply }) => {
  const session = await signIn(deps, request.body, request.ip);
  return reply(200, session, { 'X-Session-Expires-At': session.expiresAt });
};

export const logout: Handler<'logout'> = async ({ actor, deps, reply }) => {
  await signOut(deps.db, deps.credentialCache, actor);
  return reply(204);
};

export const refreshSession: Handler<'refreshSession'> = async ({ request, actor, deps, reply }) => {
  const session = await refresh(deps.db, deps.credentialCache, deps.config, actor, request.ip);
  return reply(200, session, { 'X-Session-Expires-At': session.expiresAt });
};

export const changePassword: Handler<'changePassword'> = async ({ request, actor, deps, reply }) => {
  await changeOwnPassword(deps, actor, request.body, request.ip);
  return reply(204);
};

export const getCurrentUser: Handler<'getCurrentUser'> = ({ actor, reply }) => {
  // The access step refuses a preview token here already (it is not a `preview: true` operation).
  if (actor.kind === 'Preview') throw forbidden();
  return reply(200, {
    kind: actor.kind,
    id: actor.id,
    email: actor.email,
    displayName: actor.displayName,
    role: actor.role,
    isSuperAdmin: actor.isSuperAdmin,
    workspaceId: actorScope(actor) ?? null,
    ...(actor instanceof UserActor ? { mustChangePassword: actor.mustChangePassword } : {}),
  });
};
