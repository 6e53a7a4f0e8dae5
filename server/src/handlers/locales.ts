// Workspace locales (tag Workspaces): the languages a workspace writes in and their fallback chains.
import type { Handler } from '../http/operation.js';
import { withEtag } from './response-headers.js';
import { readWorkspaceLocales, saveWorkspaceLocales } from '../services/localization/workspace-locales.js';

export const getWorkspaceLocales: Handler<'getWorkspaceLocales'> = async ({ request, deps, reply }) => {
  const { body, etag } = await readWorkspaceLocales(deps.db, request.params.workspaceId);
  return reply(200, body, withEtag(etag));
};

export const updateWorkspaceLocales: Handler<'updateWorkspaceLocales'> = async ({ request, actor, deps, reply }) => {
  const { body, etag } = await saveWorkspaceLocales(deps.db, actor, request.params.workspaceId, request.headers['if-match'], request.body);
  return reply(200, body, withEtag(etag));
};
