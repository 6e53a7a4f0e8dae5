// Tags (tag Tags): listed with their usage; deleting one removes it from every content item.
import type { Handler } from '../http/operation.js';
import * as tags from '../services/model/tags.js';
import { removeTag } from '../services/content/content-tags.js';

export const listTags: Handler<'listTags'> = async ({ request, deps, reply }) =>
  reply(200, await tags.listWorkspaceTags(deps.db, request.params.workspaceId, request.query));

export const deleteTag: Handler<'deleteTag'> = async ({ request, actor, deps, reply }) => {
  await removeTag(deps.db, actor, request.params.workspaceId, request.params.id);
  return reply(204);
};
