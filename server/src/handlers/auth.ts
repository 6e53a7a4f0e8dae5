// Auth: local sign-in, sign-out, refresh, password change, and who the caller is.
import type { OperationHandler } from '../http/operation.js';
import { actorScope, UserActor } from '../services/identity/actors.js';
import { bearerTokenOf, changePassword as changeOwnPassword, login as signIn, logout as signOut, refreshSession as refresh } from '../services/identity/sessions.js';

interface LoginBody {
  email: string;
  password: string;
}

interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

export const login: OperationHandler = async ({ request, deps }) => {
  const body = request.body as LoginBody;
  const session = await signIn(deps, body.email, body.password, request.ip);
  return { status: 200, body: session, headers: { 'X-Session-Expires-At': session.expiresAt } };
};

export const logout: OperationHandler = async ({ request, actor, deps }) => {
  await signOut(deps.db, deps.credentialCache, actor!, bearerTokenOf(request.headers.authorization));
  return { status: 204 };
};

export const refreshSession: OperationHandler = async ({ request, actor, deps }) => {
  const session = await refresh(deps.db, deps.credentialCache, deps.config, actor!, bearerTokenOf(request.headers.authorization), request.ip);
  return { status: 200, body: session, headers: { 'X-Session-Expires-At': session.expiresAt } };
};

export const changePassword: OperationHandler = async ({ request, actor, deps }) => {
  const body = request.body as ChangePasswordBody;
  await changeOwnPassword(deps, actor!, bearerTokenOf(request.headers.authorization), body.currentPassword, body.newPassword, request.ip);
  return { status: 204 };
};

export const getCurrentUser: OperationHandler = ({ actor }) => {
  const a = actor!;
  return {
    status: 200,
    body: {
      kind: a.kind,
      id: a.id,
      email: a.email,
      displayName: a.displayName,
      role: a.role,
      isSuperAdmin: a.isSuperAdmin,
      workspaceId: actorScope(a) ?? null,
      ...(a instanceof UserActor ? { mustChangePassword: a.mustChangePassword } : {}),
    },
  };
};
