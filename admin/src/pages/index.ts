// Every screen family's module, registered in this order on the signed-in router.
import type express from 'express';
import * as about from './about.js';
import * as account from './account.js';
import * as apiClients from './api-clients.js';
import * as audit from './audit.js';
import * as components from './components/index.js';
import * as contentEditor from './content/editor.js';
import * as contentItem from './content/item.js';
import * as contentList from './content/list.js';
import * as home from './home.js';
import * as ipBans from './ip-bans.js';
import * as locales from './locales/index.js';
import * as media from './media/index.js';
import * as packages from './packages.js';
import * as picklists from './picklists.js';
import * as releases from './releases/index.js';
import * as tags from './tags.js';
import * as templates from './templates/index.js';
import * as users from './users.js';
import * as webhooks from './webhooks/index.js';
import * as workspaceScope from './workspace-scope.js';
import * as workspaces from './workspaces.js';

export interface PageModule {
  register(router: express.Router): void;
}

/** `workspaceScope` first: it marks `/workspaces/<id>/…` requests before Home's cookie default applies. */
export const pageModules: readonly PageModule[] = [
  workspaceScope, home, account, about, workspaces, users, apiClients, audit, packages, ipBans,
  templates, components, picklists, tags, locales, releases, webhooks, media,
  // The list and editor before the item page: `/content/new` is not an item id.
  contentList, contentEditor, contentItem,
];
