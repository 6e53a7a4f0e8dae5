// Every handler, keyed by the operationId it serves. `satisfies HandlerMap` makes each one answer to
// its own operation's types, and a handler without an operation (or the reverse) fail to compile;
// start-up checks the pairing again.
import type { HandlerMap } from '../http/operation.js';
import * as account from './account.js';
import * as apiClients from './api-clients.js';
import * as audit from './audit.js';
import * as auth from './auth.js';
import * as components from './components.js';
import * as content from './content.js';
import * as contentBulk from './content-bulk.js';
import * as docs from './docs.js';
import * as health from './health.js';
import * as locales from './locales.js';
import * as media from './media.js';
import * as packages from './packages.js';
import * as picklists from './picklists.js';
import * as publicMedia from './public-media.js';
import * as previewTokens from './preview-tokens.js';
import * as releases from './releases.js';
import * as security from './security.js';
import * as settings from './settings.js';
import * as tags from './tags.js';
import * as templates from './templates.js';
import * as translations from './translations.js';
import * as users from './users.js';
import * as webhooks from './webhooks.js';
import * as workspaces from './workspaces.js';

export const handlers = {
  ...account,
  ...apiClients,
  ...audit,
  ...auth,
  ...users,
  ...workspaces,
  ...docs,
  ...health,
  ...locales,
  ...components,
  ...content,
  ...contentBulk,
  ...media,
  ...packages,
  ...picklists,
  ...publicMedia,
  ...previewTokens,
  ...releases,
  ...security,
  ...settings,
  ...tags,
  ...templates,
  ...translations,
  ...webhooks,
} satisfies HandlerMap;
