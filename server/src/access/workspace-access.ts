// What an actor may do in a workspace, shared by the access step and the services that list or
// filter workspaces for the caller.
import type { Actor } from './actor.js';
import type { WorkspaceAccess } from './roles.js';

export interface WorkspaceDirectory {
  /** True when the workspace exists and is not deleted. */
  exists(workspaceId: string): Promise<boolean>;
}

export function effectiveWorkspaceAccess(actor: Actor, workspaceId: string): WorkspaceAccess {
  // A host superadmin reaches every workspace but keeps its role (spec, Workspace grants).
  return actor.isSuperAdmin ? 'Write' : actor.grantFor(workspaceId);
}
