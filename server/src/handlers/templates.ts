import type { OperationHandler } from '../http/operation.js';
import * as templates from '../services/model/templates.js';
import * as versions from '../services/model/template-versions.js';
import * as design from '../services/model/template-design.js';
import { ifMatchOf, intParam, param, withEtag } from './model-request.js';
import { createInWorkspace, deleteById, getById, getVersionByNumber, listInWorkspace, updateById } from './model-resource.js';

const draftAddress = (request: Parameters<OperationHandler>[0]['request']): design.DraftAddress => ({
  workspaceId: param(request, 'workspaceId'),
  templateId: param(request, 'id'),
  versionNumber: intParam(request, 'versionNumber'),
  ifMatch: ifMatchOf(request),
});

export const listTemplates = listInWorkspace(templates.listWorkspaceTemplates);
export const createTemplate = createInWorkspace('templates', templates.createTemplate);
export const getTemplate = getById(templates.getTemplate);
export const updateTemplate = updateById(templates.updateTemplate);
export const deleteTemplate = deleteById(templates.deleteTemplate);

export const listTemplateVersions: OperationHandler = async ({ request, deps }) => ({
  status: 200,
  body: await versions.listTemplateVersions(deps.db, param(request, 'workspaceId'), param(request, 'id'), request.query),
});

export const createTemplateVersion: OperationHandler = async ({ request, actor, deps }) => {
  const ws = param(request, 'workspaceId');
  const id = param(request, 'id');
  const { body, etag } = await versions.createTemplateDraft(deps.db, actor!, ws, id, (request.body ?? {}) as never);
  return {
    status: 201,
    body,
    headers: withEtag(etag, { Location: `/api/v1/workspaces/${ws}/templates/${id}/versions/${body.versionNumber}` }),
  };
};

export const getTemplateVersion = getVersionByNumber(versions.getTemplateVersion);

export const getTemplateVersionById: OperationHandler = async ({ request, deps }) => {
  const { body, etag } = await versions.getTemplateVersionById(deps.db, param(request, 'workspaceId'), param(request, 'versionId'));
  return { status: 200, body, headers: withEtag(etag) };
};

export const publishTemplateVersion: OperationHandler = async ({ request, actor, deps }) => {
  const at = draftAddress(request);
  const { body, etag } = await versions.publishTemplateVersion(deps.db, actor!, at.workspaceId, at.templateId, at.versionNumber, at.ifMatch);
  return { status: 200, body, headers: withEtag(etag) };
};

export const createTemplateSection: OperationHandler = async ({ request, actor, deps }) => {
  const { result, etag } = await design.addSection(deps.db, actor!, draftAddress(request), request.body as never);
  return { status: 201, body: result, headers: withEtag(etag) };
};

export const updateTemplateSection: OperationHandler = async ({ request, actor, deps }) => {
  const { result, etag } = await design.changeSection(deps.db, actor!, draftAddress(request), param(request, 'sectionId'), request.body as never);
  return { status: 200, body: result, headers: withEtag(etag) };
};

export const deleteTemplateSection: OperationHandler = async ({ request, actor, deps }) => {
  const { etag } = await design.removeSection(deps.db, actor!, draftAddress(request), param(request, 'sectionId'));
  return { status: 204, headers: withEtag(etag) };
};

export const createTemplateField: OperationHandler = async ({ request, actor, deps }) => {
  const { result, etag } = await design.addField(deps.db, actor!, draftAddress(request), request.body as never);
  return { status: 201, body: result, headers: withEtag(etag) };
};

export const updateTemplateField: OperationHandler = async ({ request, actor, deps }) => {
  const { result, etag } = await design.changeField(deps.db, actor!, draftAddress(request), param(request, 'fieldId'), request.body as never);
  return { status: 200, body: result, headers: withEtag(etag) };
};

export const deleteTemplateField: OperationHandler = async ({ request, actor, deps }) => {
  const { etag } = await design.removeField(deps.db, actor!, draftAddress(request), param(request, 'fieldId'));
  return { status: 204, headers: withEtag(etag) };
};

export const reorderTemplateFields: OperationHandler = async ({ request, actor, deps }) => {
  const { etag } = await design.reorderFields(deps.db, actor!, draftAddress(request), request.body as never);
  return { status: 204, headers: withEtag(etag) };
};
