// Translations of content items (tag Content, Verso extension): make an item's member in another
// locale, see every locale's state for one item, and list what is missing or outdated.
import type { Handler } from '../http/operation.js';
import { createContentTranslation as createTranslation } from '../services/content/content-translations.js';
import { getTranslationStatus, listMissingTranslations as listMissing } from '../services/content/translation-status.js';
import { withEtag } from './response-headers.js';

export const createContentTranslation: Handler<'createContentTranslation'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId, id } = request.params;
  const { body, etag } = await createTranslation(deps.db, actor, workspaceId, id, request.body);
  return reply(201, body, withEtag(etag, { Location: `/api/v1/workspaces/${workspaceId}/content/${body.id}` }));
};

export const getContentTranslationStatus: Handler<'getContentTranslationStatus'> = async ({ request, deps, reply }) =>
  reply(200, await getTranslationStatus(deps.db, request.params.workspaceId, request.params.id));

export const listMissingTranslations: Handler<'listMissingTranslations'> = async ({ request, deps, reply }) =>
  reply(200, await listMissing(deps.db, request.params.workspaceId, request.query));
