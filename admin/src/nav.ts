// The shell's navigation, per spec rule 5: Users only for host superadmins with Admin; API Clients
// need Admin; IP Bans (a settings page, /settings/ip-bans) also needs Admin plus the superadmin flag,
// because the API lists every tenant's banned addresses only to host superadmins (issue #23);
// Audit Log and Packages need
// TemplateAdmin; Webhooks needs Editor plus a selected workspace (the API lets an Editor read a
// workspace's endpoints; a Reader gets its 403).
// A link the navigation hides is also a route the API refuses: pages render its 403/404.
// The workspace's own screens (Content, Templates, Components, Picklists, Tags, Locales) need a selected
// workspace: every role may look at them (Reader reads; the screens disable what a role cannot do).
// Media is one of them (Reader views the library, Editor + Write changes it); Storage settings need Admin.
import type { AdminUser, Role } from './auth/session.js';

export interface NavLink {
  readonly key: NavKey;
  readonly href: string;
  readonly label: string;
  readonly current: boolean;
}

export type NavKey = 'home' | 'workspaces' | 'content' | 'templates' | 'components' | 'picklists' | 'tags' | 'locales' | 'media' | 'releases' | 'webhooks' | 'users' | 'api-clients' | 'audit' | 'packages' | 'ip-bans';

/** The one list of screen paths; page modules register these. */
export const PATHS = {
  home: '/',
  workspaces: '/workspaces',
  users: '/users',
  apiClients: '/api-clients',
  audit: '/audit',
  packages: '/packages',
  storageSettings: '/settings/storage',
  ipBans: '/settings/ip-bans',
  account: '/account',
  changePassword: '/account/password',
  about: '/about',
  login: '/login',
} as const;

/** The screen paths inside one workspace (`/workspaces/<id>/content`, …). */
export function workspacePaths(workspaceId: string) {
  const root = `/workspaces/${encodeURIComponent(workspaceId)}`;
  return {
    root,
    content: `${root}/content`,
    templates: `${root}/templates`,
    components: `${root}/components`,
    picklists: `${root}/picklists`,
    tags: `${root}/tags`,
    locales: `${root}/locales`,
    webhooks: `${root}/webhooks`,
    media: `${root}/media`,
    releases: `${root}/releases`,
    packageExport: `${root}/packages/export`,
    packageImport: `${root}/packages/import`,
  };
}

const rank: Record<Role, number> = { Reader: 0, Editor: 1, TemplateAdmin: 2, Admin: 3 };

/** Whether `role` is at least `needed` (higher roles inherit lower ones). */
export function hasRole(role: Role, needed: Role): boolean {
  return rank[role] >= rank[needed];
}

interface Entry {
  key: NavKey;
  href: string | ((workspaceId: string) => string);
  label: string;
  visible: (user: AdminUser, workspaceId: string | undefined) => boolean;
}

const entries: Entry[] = [
  { key: 'home', href: PATHS.home, label: 'Home', visible: () => true },
  { key: 'workspaces', href: PATHS.workspaces, label: 'Workspaces', visible: () => true },
  { key: 'content', href: (ws) => workspacePaths(ws).content, label: 'Content', visible: (_u, ws) => ws !== undefined },
  { key: 'templates', href: (ws) => workspacePaths(ws).templates, label: 'Templates', visible: (_u, ws) => ws !== undefined },
  { key: 'components', href: (ws) => workspacePaths(ws).components, label: 'Components', visible: (_u, ws) => ws !== undefined },
  { key: 'picklists', href: (ws) => workspacePaths(ws).picklists, label: 'Picklists', visible: (_u, ws) => ws !== undefined },
  { key: 'tags', href: (ws) => workspacePaths(ws).tags, label: 'Tags', visible: (_u, ws) => ws !== undefined },
  { key: 'locales', href: (ws) => workspacePaths(ws).locales, label: 'Locales', visible: (_u, ws) => ws !== undefined },
  { key: 'media', href: (ws) => workspacePaths(ws).media, label: 'Media', visible: (_u, ws) => ws !== undefined },
  // Releases need Editor (the API lists them to Editors), like Webhooks.
  { key: 'releases', href: (ws) => workspacePaths(ws).releases, label: 'Releases', visible: (u, ws) => ws !== undefined && hasRole(u.role, 'Editor') },
  { key: 'webhooks', href: (ws) => workspacePaths(ws).webhooks, label: 'Webhooks', visible: (u, ws) => ws !== undefined && hasRole(u.role, 'Editor') },
  { key: 'users', href: PATHS.users, label: 'Users', visible: (u) => u.isSuperAdmin && hasRole(u.role, 'Admin') },
  { key: 'api-clients', href: PATHS.apiClients, label: 'API Clients', visible: (u) => hasRole(u.role, 'Admin') },
  { key: 'audit', href: PATHS.audit, label: 'Audit Log', visible: (u) => hasRole(u.role, 'TemplateAdmin') },
  { key: 'packages', href: PATHS.packages, label: 'Packages', visible: (u) => hasRole(u.role, 'TemplateAdmin') },
  { key: 'ip-bans', href: PATHS.ipBans, label: 'IP Bans', visible: (u) => u.isSuperAdmin && hasRole(u.role, 'Admin') },
];

/** The links `user` sees, with the one matching `currentPath` marked current. */
export function navFor(user: AdminUser, workspaceId: string | undefined, currentPath: string): NavLink[] {
  const visible = entries
    .filter((e) => e.visible(user, workspaceId))
    .map((e) => ({ key: e.key, label: e.label, href: typeof e.href === 'string' ? e.href : e.href(workspaceId!) }));
  // The longest matching prefix is current (so /workspaces/x/content marks Content, /workspaces/x/edit
  // marks Workspaces, / only marks Home).
  let best: (typeof visible)[number] | undefined;
  for (const e of visible) {
    const match = e.href === '/' ? currentPath === '/' : currentPath === e.href || currentPath.startsWith(e.href + '/');
    if (match && (!best || e.href.length > best.href.length)) best = e;
  }
  return visible.map((e) => ({ ...e, current: e === best }));
}
