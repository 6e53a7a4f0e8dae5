// The screens inside one workspace (`/workspaces/<id>/…`: content, templates, components, picklists,
// tags, package import/export). Opening one selects that workspace in the shell, and every such page
// reads what the signed-in user may do there: the role from the session and the grant from the API's
// workspace (`canWrite`). The admin only hides or disables what the API would refuse (spec: Roles,
// Workspace grants); the reasons below are what a disabled control says.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../api.js';
import type { Role } from '../auth/session.js';
import { hasRole } from '../nav.js';
import { workspacesFor } from '../views/render.js';
import { isUuid } from './screen-forms.js';

export type Workspace = components['schemas']['WorkspaceDto'];

/** What the user may do in one workspace, each with the reason when not. */
export interface WorkspaceAbilities {
  workspace: Workspace;
  role: Role;
  /** Write grant (role permitting): an Editor with it edits content. */
  canWrite: boolean;
  /** Create and change content (Editor + Write). */
  editContent: Permission;
  /** Create, change and publish templates, components, picklists; packages (TemplateAdmin + Write). */
  model: Permission;
  /** Approve or reject content (TemplateAdmin + Write). */
  review: Permission;
  /** Delete tags, publish over the workflow (Admin + Write). */
  administer: Permission;
}

export type Permission = { allowed: true; reason?: undefined } | { allowed: false; reason: string };

const ROLE_LABEL: Record<Role, string> = { Reader: 'Reader', Editor: 'Editor', TemplateAdmin: 'TemplateAdmin', Admin: 'Admin' };

/** Whether `role` with `canWrite` may do something that needs `needed` + Write, with the reason if not. */
export function permission(role: Role, canWrite: boolean, needed: Role, what: string): Permission {
  if (!hasRole(role, needed)) return { allowed: false, reason: `${what} needs the ${ROLE_LABEL[needed]} role or higher; you are ${ROLE_LABEL[role]}.` };
  if (!canWrite) return { allowed: false, reason: `${what} needs Write access to this workspace; you have Read.` };
  return { allowed: true };
}

/** The ids of a `/workspaces/:workspaceId[/…/:id]` URL, lower-cased. */
export interface WorkspaceIds {
  workspaceId: string;
  /** The resource's id ('' on pages without one: a list, a create form). */
  id: string;
}

/** The URL's ids when each present one is a UUID; undefined otherwise (the route falls through to 404). */
export function workspaceIdsOf(req: express.Request): WorkspaceIds | undefined {
  const { workspaceId, id } = req.params as Record<string, string | undefined>;
  if (!isUuid(workspaceId) || (id !== undefined && !isUuid(id))) return undefined;
  return { workspaceId: workspaceId.toLowerCase(), id: id?.toLowerCase() ?? '' };
}

/** Marks `/workspaces/<uuid>/…` pages as inside that workspace (the shell then shows its screens). */
export function register(router: express.Router): void {
  router.use('/workspaces/:workspaceId', (req, res, next) => {
    const id = req.params.workspaceId;
    if (isUuid(id)) res.locals.workspaceId = id.toLowerCase();
    next();
  });
}

/**
 * The workspace and the user's abilities in it. The switcher's list (already loading for this
 * request) usually has it; otherwise the API is asked, so an unknown or hidden workspace is the
 * API's own 404 (rendered by the page error handler).
 */
export async function abilitiesIn(res: express.Response, workspaceId: string): Promise<WorkspaceAbilities> {
  const listed = (await workspacesFor(res).catch(() => [])).find((w) => w.id === workspaceId);
  const workspace = listed ?? (await apiFor(res).getWorkspace({ path: { workspaceId } }));
  const role = res.locals.session!.user.role;
  const canWrite = workspace.canWrite;
  return {
    workspace,
    role,
    canWrite,
    editContent: permission(role, canWrite, 'Editor', 'Changing content'),
    model: permission(role, canWrite, 'TemplateAdmin', 'Changing the content model'),
    review: permission(role, canWrite, 'TemplateAdmin', 'Approving or rejecting'),
    administer: permission(role, canWrite, 'Admin', 'This action'),
  };
}
