// The one access step: every operation's `x-verso-access` rule is enforced here, before its
// handler runs. Missing credentials → 401; a workspace the actor may not see → 404 (its existence
// is not revealed); a role or grant that is too low → 403.
import { forbidden, notFound, unauthenticated } from '../errors.js';
import type { AccessRule } from './access-rule.js';
import type { Actor } from '../access/actor.js';
import { ROLE_RANK, WORKSPACE_ACCESS_RANK } from '../access/roles.js';
import { effectiveWorkspaceAccess, type WorkspaceDirectory } from '../access/workspace-access.js';
import { isUuid } from '../uuid.js';

export const DELIVERY_ONLY =
  'This credential is delivery-only: it may read published content (by slug and the list of served content) and nothing else.';

export async function authorize(
  rule: AccessRule,
  actor: Actor | null,
  params: Readonly<Record<string, unknown>>,
  workspaces: WorkspaceDirectory,
): Promise<void> {
  if (rule.public) return;
  if (!actor) throw unauthenticated();
  // Issue #27: a preview token reads drafts through the delivery reads and does nothing else.
  if (actor.kind === 'Preview' && !rule.preview) {
    throw forbidden('A preview token may only read content (by slug, the content list and single versions).');
  }
  // Issue #35 §4: a delivery-only API client passes only the operations marked `delivery: true`.
  if (actor.deliveryOnly && !rule.delivery) throw forbidden(DELIVERY_ONLY);
  const workspaceId = typeof params.workspaceId === 'string' ? params.workspaceId : undefined;
  if (rule.workspace && rule.workspace !== 'None' && workspaceId !== undefined) {
    const access = effectiveWorkspaceAccess(actor, workspaceId);
    // A malformed id names no workspace: nobody but a superadmin can hold access to it, and a
    // superadmin (who may see every workspace) is told what is wrong with it by validation, which
    // comes after this step; the lookup itself needs a well-formed id.
    if (access === 'None' || (isUuid(workspaceId) && !(await workspaces.exists(workspaceId)))) throw notFound('The workspace');
    if (rule.superadmin && !actor.isSuperAdmin) throw forbidden('Only a host superadmin may do this.');
    if (ROLE_RANK[actor.role] < ROLE_RANK[rule.role]) throw forbidden();
    if (WORKSPACE_ACCESS_RANK[access] < WORKSPACE_ACCESS_RANK[rule.workspace]) throw forbidden('Your access to this workspace is read-only.');
    return;
  }
  if (rule.superadmin && !actor.isSuperAdmin) throw forbidden('Only a host superadmin may do this.');
  if (ROLE_RANK[actor.role] < ROLE_RANK[rule.role]) throw forbidden();
}
