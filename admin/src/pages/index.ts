// Every screen family's module, registered in this order on the signed-in router.
import type express from 'express';
import * as about from './about.js';
import * as account from './account.js';
import * as apiClients from './api-clients.js';
import * as audit from './audit.js';
import * as home from './home.js';
import * as packages from './packages.js';
import * as users from './users.js';
import * as workspaceScope from './workspace-scope.js';
import * as workspaces from './workspaces.js';

export interface PageModule {
  register(router: express.Router): void;
}

/** `workspaceScope` first: it marks `/workspaces/<id>/…` requests before Home's cookie default applies. */
export const pageModules: readonly PageModule[] = [workspaceScope, home, account, about, workspaces, users, apiClients, audit, packages];
