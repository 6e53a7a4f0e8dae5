// The one access step: every operation's `x-verso-access` rule is enforced here, before its
// handler runs. Missing credentials → 401; a workspace the actor may not see → 404 (its existence
// is not revealed); a role or grant that is too low → 403.
import { forbidden, notFound, unauthenticated } from '../errors.js';
import { ROLE_RANK, type AccessRule, type WorkspaceAccess } from './access-rule.js';
import type { Actor } from './actor.js';

export interface WorkspaceDirectory {
  /** True when the workspace exists and is not deleted. */
  exists(workspaceId: string): Promise<boolean>;
}

const ACCESS_RANK: Readonly<Record<WorkspaceAccess, number>> = { None: 0, Read: 1, Write: 2 };

export function effectiveWorkspaceAccess(actor: Actor, workspaceId: string): WorkspaceAccess {
  // A host superadmin reaches every workspace but keeps its role (spec, Workspace grants).
  return actor.isSuperAdmin ? 'Write' : actor.grantFor(workspaceId);
}

export async function authorize(
  rule: AccessRule,
  actor: Actor | null,
  params: Readonly<Record<string, unknown>>,
  workspaces: WorkspaceDirectory,
): Promise<void> {
  if (rule.public) return;
  if (!actor) throw unauthenticated();
  const workspaceId = typeof params.workspaceId === 'string' ? params.workspaceId : undefined;
  if (rule.workspace && rule.workspace !== 'None' && workspaceId !== undefined) {
    const access = effectiveWorkspaceAccess(actor, workspaceId);
    if (access === 'None' || !(await workspaces.exists(workspaceId))) throw notFound('The workspace');
    if (rule.superadmin && !actor.isSuperAdmin) throw forbidden('Only a host superadmin may do this.');
    if (ROLE_RANK[actor.role] < ROLE_RANK[rule.role]) throw forbidden();
    if (ACCESS_RANK[access] < ACCESS_RANK[rule.workspace]) throw forbidden('Your access to this workspace is read-only.');
    return;
  }
  if (rule.superadmin && !actor.isSuperAdmin) throw forbidden('Only a host superadmin may do this.');
  if (ROLE_RANK[actor.role] < ROLE_RANK[rule.role]) throw forbidden();
}
