// Content routes (tag Content): thin — read what the contract validated, call one service, return.
import type { OperationHandler, OperationRequest } from '../http/operation.js';
import * as items from '../services/content/content-items.js';
import * as reads from '../services/delivery/content-reads.js';
import * as versions from '../services/content/content-versions.js';
import * as publishing from '../services/content/content-publishing.js';
import { upgradeTemplateVersion, type UpgradeBody } from '../services/content/content-upgrade.js';
import type { WorkflowAction } from '../services/content/content-workflow.js';
import { pageRequest, toPage } from '../services/platform/paging.js';
import { deliveryRead } from './delivery-read.js';
import { ifMatchOf, intParam, param, withEtag } from './model-request.js';

const base = (ws: string) => `/api/v1/workspaces/${ws}/content`;

function versionAddress(request: OperationRequest) {
  return {
    workspaceId: param(request, 'workspaceId'),
    itemId: param(request, 'id'),
    versionNumber: intParam(request, 'versionNumber'),
    ifMatch: ifMatchOf(request),
  };
}

export const listContent: OperationHandler = ({ request, deps }) =>
  deliveryRead(deps, request, async () => ({ body: await reads.listContent(deps.db, param(request, 'workspaceId'), request.query) }));

export const createContent: OperationHandler = async ({ request, actor, deps }) => {
  const ws = param(request, 'workspaceId');
  const { body, etag } = await items.createContentItem(deps.db, actor!, ws, request.body as items.CreateContentItemBody);
  return { status: 201, body, headers: withEtag(etag, { Location: `${base(ws)}/${body.id}` }) };
};

export const getContent: OperationHandler = async ({ request, deps }) => {
  const { body, etag } = await items.readItemDetail(deps.db, param(request, 'workspaceId'), param(request, 'id'));
  return { status: 200, body, headers: withEtag(etag) };
};

export const updateContent: OperationHandler = async ({ request, actor, deps }) => {
  const { body, etag } = await items.updateContentItem(
    deps.db,
    actor!,
    param(request, 'workspaceId'),
    param(request, 'id'),
    ifMatchOf(request),
    request.body as items.UpdateContentItemBody,
  );
  return { status: 200, body, headers: withEtag(etag) };
};

export const deleteContent: OperationHandler = async ({ request, actor, deps }) => {
  await items.deleteContentItem(deps.db, actor!, param(request, 'workspaceId'), param(request, 'id'), ifMatchOf(request));
  return { status: 204 };
};

export const getContentBySlug: OperationHandler = ({ request, deps }) =>
  deliveryRead(deps, request, async () => {
    const { body, etag } = await reads.getContentBySlug(deps.db, param(request, 'workspaceId'), param(request, 'slug'), request.query);
    return { body, headers: withEtag(etag) };
  });

export const linkContentTranslation: OperationHandler = async ({ request, actor, deps }) => ({
  status: 200,
  body: await items.linkTranslation(
    deps.db,
    actor!,
    param(request, 'workspaceId'),
    param(request, 'id'),
    (request.body as { targetContentItemId: string }).targetContentItemId,
  ),
});

export const listContentTranslations: OperationHandler = async ({ request, deps }) => {
  const page = pageRequest(request.query);
  const { rows, total } = await items.listTranslations(deps.db, param(request, 'workspaceId'), param(request, 'id'), page);
  return { status: 200, body: toPage(rows, total, page) };
};

export const listContentVersions: OperationHandler = async ({ request, deps }) => ({
  status: 200,
  body: await reads.listContentVersions(deps.db, param(request, 'workspaceId'), param(request, 'id'), request.query),
});

export const createContentVersion: OperationHandler = async ({ request, actor, deps }) => {
  const ws = param(request, 'workspaceId');
  const id = param(request, 'id');
  const { body, etag } = await versions.createContentVersion(deps.db, actor!, ws, id, request.body as versions.CreateContentVersionBody, request.query);
  return { status: 201, body, headers: withEtag(etag, { Location: `${base(ws)}/${id}/versions/${body.versionNumber}` }) };
};

export const getContentVersion: OperationHandler = async ({ request, deps }) => {
  const a = versionAddress(request);
  const { body, etag } = await reads.getContentVersion(deps.db, a.workspaceId, a.itemId, a.versionNumber, request.query);
  return { status: 200, body, headers: withEtag(etag) };
};

export const updateContentVersion: OperationHandler = async ({ request, actor, deps }) => {
  const { body, etag } = await versions.updateContentVersion(
    deps.db,
    actor!,
    versionAddress(request),
    request.body as versions.UpdateContentVersionBody,
    request.query,
  );
  return { status: 200, body, headers: withEtag(etag) };
};

export const deleteContentVersion: OperationHandler = async ({ request, actor, deps }) => {
  await versions.deleteContentVersion(deps.db, actor!, versionAddress(request));
  return { status: 204 };
};

function workflowRoute(action: WorkflowAction): OperationHandler {
  return async ({ request, actor, deps }) => {
    const reason = action === 'reject' ? (request.body as { reason: string }).reason : null;
    const { body, etag } = await publishing.changeVersionStatus(deps.db, actor!, versionAddress(request), action, reason, request.query);
    return { status: 200, body, headers: withEtag(etag) };
  };
}

export const submitContentVersion = workflowRoute('submit');
export const approveContentVersion = workflowRoute('approve');
export const rejectContentVersion = workflowRoute('reject');
export const archiveContentVersion = workflowRoute('archive');
export const restoreContentVersion = workflowRoute('restore');

export const publishContentVersion: OperationHandler = async ({ request, actor, deps }) => {
  const { body, etag } = await publishing.publishContentVersion(
    deps.db,
    actor!,
    versionAddress(request),
    request.body as publishing.PublishBody | undefined,
    request.query,
  );
  return { status: 200, body, headers: withEtag(etag) };
};

export const upgradeContentVersionTemplate: OperationHandler = async ({ request, actor, deps }) => {
  const { body, etag } = await upgradeTemplateVersion(
    deps.db,
    actor!,
    versionAddress(request),
    request.body as UpgradeBody | undefined,
    request.query,
  );
  return { status: 200, body, headers: withEtag(etag) };
};
