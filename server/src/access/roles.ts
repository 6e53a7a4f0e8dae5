// The four roles and the two kinds of workspace grant (spec: Roles, Workspace grants). The access
// step (http/authorize.ts), the services and the query modules all speak these names, so they live
// below every layer.
export type RoleName = 'Reader' | 'Editor' | 'TemplateAdmin' | 'Admin';
export type WorkspaceAccess = 'None' | 'Read' | 'Write';

export const ROLE_RANK: Readonly<Record<RoleName, number>> = { Reader: 0, Editor: 1, TemplateAdmin: 2, Admin: 3 };
export const WORKSPACE_ACCESS_RANK: Readonly<Record<WorkspaceAccess, number>> = { None: 0, Read: 1, Write: 2 };
