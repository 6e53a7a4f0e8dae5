// Templates (tag Templates): the templates themselves, their versions, and the sections and fields
// of a draft version.
import type { Handler } from '../http/operation.js';
import * as templates from '../services/model/templates.js';
import * as versions from '../services/model/template-versions.js';
import * as design from '../services/model/template-design.js';
import { withEtag } from './response-headers.js';
import { createInWorkspace, deleteById, getById, getVersionByNumber, listInWorkspace, updateById } from './model-resource.js';

/** The draft a write to …/templates/{id}/versions/{versionNumber}/… addresses. */
const draftAddress = (request: {
  readonly params: { readonly workspaceId: string; readonly id: string; readonly versionNumber: number };
  readonly headers: { readonly 'if-match'?: string };
}): design.DraftAddress => ({
  workspaceId: request.params.workspaceId,
  templateId: request.params.id,
  versionNumber: request.params.versionNumber,
  ifMatch: request.headers['if-match'],
});

export const listTemplates: Handler<'listTemplates'> = listInWorkspace(templates.listWorkspaceTemplates);
export const createTemplate: Handler<'createTemplate'> = createInWorkspace('templates', templates.createTemplate);
export const getTemplate: Handler<'getTemplate'> = getById(templates.getTemplate);
export const updateTemplate: Handler<'updateTemplate'> = updateById(templates.updateTemplate);
export const deleteTemplate: Handler<'deleteTemplate'> = deleteById(templates.deleteTemplate);

export const listTemplateVersions: Handler<'listTemplateVersions'> = async ({ request, deps, reply }) =>
  reply(200, await versions.listTemplateVersions(deps.db, request.params.workspaceId, request.params.id, request.query));

export const createTemplateVersion: Handler<'createTemplateVersion'> = async ({ request, actor, deps, reply }) => {
  const { workspaceId, id } = request.params;
  const { body, etag } = await versions.createTemplateDraft(deps.db, actor, workspaceId, id, request.body);
  return reply(201, body, withEtag(etag, { Location: `/api/v1/workspaces/${workspaceId}/templates/${id}/versions/${body.versionNumber}` }));
};

export const getTemplateVersion: Handler<'getTemplateVersion'> = getVersionByNumber(versions.getTemplateVersion);

export const getTemplateVersionById: Handler<'getTemplateVersionById'> = async ({ request, deps, reply }) => {
  const { body, etag } = await versions.getTemplateVersionById(deps.db, request.params.workspaceId, request.params.versionId);
  return reply(200, body, withEtag(etag));
};

export const publishTemplateVersion: Handler<'publishTemplateVersion'> = async ({ request, actor, deps, reply }) => {
  const at = draftAddress(request);
  const { body, etag } = await versions.publishTemplateVersion(deps.db, actor, at.workspaceId, at.templateId, at.versionNumber, at.ifMatch);
  return reply(200, body, withEtag(etag));
};

export const createTemplateSection: Handler<'createTemplateSection'> = async ({ request, actor, deps, reply }) => {
  const { result, etag } = await design.addSection(deps.db, actor, draftAddress(request), request.body);
  return reply(201, result, withEtag(etag));
};

export const updateTemplateSection: Handler<'updateTemplateSection'> = async ({ request, actor, deps, reply }) => {
  const { result, etag } = await design.changeSection(deps.db, actor, draftAddress(request), request.params.sectionId, request.body);
  return reply(200, result, withEtag(etag));
};

export const deleteTemplateSection: Handler<'deleteTemplateSection'> = async ({ request, actor, deps, reply }) => {
  const { etag } = await design.removeSection(deps.db, actor, draftAddress(request), request.params.sectionId);
  return reply(204, undefined, withEtag(etag));
};

export const createTemplateField: Handler<'createTemplateField'> = async ({ request, actor, deps, reply }) => {
  const { result, etag } = await design.addField(deps.db, actor, draftAddress(request), request.body);
  return reply(201, result, withEtag(etag));
};

export const updateTemplateField: Handler<'updateTemplateField'> = async ({ request, actor, deps, reply }) => {
  const { result, etag } = await design.changeField(deps.db, actor, draftAddress(request), request.params.fieldId, request.body);
  return reply(200, result, withEtag(etag));
};

export const deleteTemplateField: Handler<'deleteTemplateField'> = async ({ request, actor, deps, reply }) => {
  const { etag } = await design.removeField(deps.db, actor, draftAddress(request), request.params.fieldId);
  return reply(204, undefined, withEtag(etag));
};

export const reorderTemplateFields: Handler<'reorderTemplateFields'> = async ({ request, actor, deps, reply }) => {
  const { etag } = await design.reorderFields(deps.db, actor, draftAddress(request), request.body);
  return reply(204, undefined, withEtag(etag));
};

export const setTemplateTitleField: Handler<'setTemplateTitleField'> = async ({ request, actor, deps, reply }) => {
  const { result, etag } = await design.setTitleField(deps.db, actor, draftAddress(request), request.body.titleFieldKey);
  return reply(200, result, withEtag(etag));
};
