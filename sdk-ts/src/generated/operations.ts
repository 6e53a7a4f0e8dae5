// DO NOT EDIT: generated from openapi/dist/openapi.json by sdk-ts/scripts/generate-operations.mjs (`make generate`).
/* eslint-disable */
import type { CallOptions, OperationId, OperationInput, OperationResult } from '../operations/operation-types.js';
import type { OperationSpec } from '../operations/operation-spec.js';

/** What the transport needs to know about each operation, taken from the contract. */
export const operationSpecs = {
  addReleaseEntry: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/releases/{id}/entries","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  approveContentVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/approve","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  archiveContentVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/archive","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  bulkContentAction: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/bulk","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  changePassword: {"method":"POST","path":"/api/v1/auth/change-password","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":[],"paged":null,"ifMatch":false,"anonymous":false},
  compareContentVersions: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/content/{id}/compare","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":["from","to"],"headerParams":["If-None-Match"],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createApiClient: {"method":"POST","path":"/api/v1/clients","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createComponent: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/components","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createComponentVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/components/{id}/versions","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createContent: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createContentTranslation: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/translations","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createContentVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":["expandChildren"],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createPickList: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/picklists","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createPreviewToken: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/preview-tokens","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createRelease: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/releases","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createTemplate: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/templates","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createTemplateField: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  createTemplateSection: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  createTemplateVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createUser: {"method":"POST","path":"/api/v1/users","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createWebhookEndpoint: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/webhooks","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  createWorkspace: {"method":"POST","path":"/api/v1/workspaces","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  deleteContent: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/content/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  deleteContentVersion: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  deleteMedia: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/media/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  deletePickList: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/picklists/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  deleteRelease: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/releases/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  deleteTag: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/tags/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":[],"paged":null,"ifMatch":false,"anonymous":false},
  deleteTemplate: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/templates/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  deleteTemplateField: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/{fieldId}","pathParams":["workspaceId","id","versionNumber","fieldId"],"uuidPathParams":["workspaceId","id","fieldId"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  deleteTemplateSection: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections/{sectionId}","pathParams":["workspaceId","id","versionNumber","sectionId"],"uuidPathParams":["workspaceId","id","sectionId"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  deleteUser: {"method":"DELETE","path":"/api/v1/users/{id}","pathParams":["id"],"uuidPathParams":["id"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  deleteWebhookEndpoint: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/webhooks/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  deleteWorkspace: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  downloadMedia: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/media/{id}/file","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-None-Match","Range"],"body":null,"accept":["*/*"],"paged":null,"ifMatch":false,"anonymous":false},
  duplicateContent: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/duplicate","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":{"required":false,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  exportPackage: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/packages/export","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["templateIds","componentIds","picklistIds","packageNamespace","id","version"],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getAccountPreferences: {"method":"GET","path":"/api/v1/account/preferences","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getApiClient: {"method":"GET","path":"/api/v1/clients/{id}","pathParams":["id"],"uuidPathParams":["id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getApiDocsAsset: {"method":"GET","path":"/swagger/assets/{asset}","pathParams":["asset"],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/javascript","image/png","text/css"],"paged":null,"ifMatch":false,"anonymous":true},
  getApiDocsViewer: {"method":"GET","path":"/swagger","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["text/html"],"paged":null,"ifMatch":false,"anonymous":true},
  getComponent: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/components/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getComponentVersion: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getContent: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/content/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getContentBySlug: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/content/by-slug/{slug}","pathParams":["workspaceId","slug"],"uuidPathParams":["workspaceId"],"queryParams":["asOf","expandChildren","locale","sourceMap"],"headerParams":["If-None-Match"],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getContentTranslationStatus: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/content/{id}/translation-status","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getContentVersion: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":["expandChildren","sourceMap"],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getCurrentUser: {"method":"GET","path":"/api/v1/auth/me","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getHealthDashboard: {"method":"GET","path":"/health/dashboard","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["text/html"],"paged":null,"ifMatch":false,"anonymous":true},
  getHealthLive: {"method":"GET","path":"/health/live","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":true},
  getHealthReady: {"method":"GET","path":"/health/ready","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":true},
  getMedia: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/media/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getOpenApiDocument: {"method":"GET","path":"/openapi.json","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":true},
  getPackageSchemaV10: {"method":"GET","path":"/schema/ctp-1.0.json","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/schema+json"],"paged":null,"ifMatch":false,"anonymous":true},
  getPackageSchemaV11: {"method":"GET","path":"/schema/ctp-1.1.json","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/schema+json"],"paged":null,"ifMatch":false,"anonymous":true},
  getPickList: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/picklists/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getPickListRevision: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/picklists/{id}/revisions/{revisionId}","pathParams":["workspaceId","id","revisionId"],"uuidPathParams":["workspaceId","id","revisionId"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getPublicMediaSettings: {"method":"GET","path":"/media/v1/settings","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":true},
  getPublicRendition: {"method":"GET","path":"/media/v1/{workspaceId}/{assetId}/{contentVersion}/{signature}/{transformation}/{fileName}","pathParams":["workspaceId","assetId","contentVersion","signature","transformation","fileName"],"uuidPathParams":["workspaceId","assetId"],"queryParams":[],"headerParams":["If-None-Match","Accept"],"body":null,"accept":["*/*"],"paged":null,"ifMatch":false,"anonymous":true},
  getRelease: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/releases/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getStorageSettings: {"method":"GET","path":"/api/v1/settings/storage","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getTemplate: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/templates/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getTemplateVersion: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getTemplateVersionById: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/templates/versions/{versionId}","pathParams":["workspaceId","versionId"],"uuidPathParams":["workspaceId","versionId"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getUser: {"method":"GET","path":"/api/v1/users/{id}","pathParams":["id"],"uuidPathParams":["id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getWebhookEndpoint: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/webhooks/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getWorkspace: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getWorkspaceLocales: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/locales","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  importOfficialPackage: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/packages/import/official/{packageId}","pathParams":["workspaceId","packageId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":false,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  importPackage: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/packages/import","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  linkContentTranslation: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/link-translation","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  listApiClients: {"method":"GET","path":"/api/v1/clients","pathParams":[],"uuidPathParams":[],"queryParams":["page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listAuditEntries: {"method":"GET","path":"/api/v1/audit","pathParams":[],"uuidPathParams":[],"queryParams":["entityType","entityId","contentItemId","action","actorUserId","actorApiClientId","after","before","page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listComponents: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/components","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["search","page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listContent: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/content","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["q","templateVersionId","templateId","status","localeCode","translationGroupId","slug","tags","createdAfter","createdBefore","publishedAfter","publishedBefore","resolve","asOf","filter","sortBy","sortDesc","page","pageSize","locale"],"headerParams":["If-None-Match"],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listContentTranslations: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/content/{id}/translations","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":["page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listContentVersions: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":["page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listIpBans: {"method":"GET","path":"/api/v1/security/ip-bans","pathParams":[],"uuidPathParams":[],"queryParams":["ipAddress","page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listMedia: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/media","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["page","pageSize","mimeType","search","ids"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listMissingTranslations: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/content/missing-translations","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["locale","templateId","page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listOfficialPackages: {"method":"GET","path":"/api/v1/packages/official","pathParams":[],"uuidPathParams":[],"queryParams":["page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listPickLists: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/picklists","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["search","page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listPreviewTokens: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/preview-tokens","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listReleases: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/releases","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["page","pageSize","state"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listTags: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/tags","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listTemplateVersions: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":["page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listTemplates: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/templates","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["search","isSystem","page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listUsers: {"method":"GET","path":"/api/v1/users","pathParams":[],"uuidPathParams":[],"queryParams":["page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listWebhookDeliveries: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/webhooks/{id}/deliveries","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":["page","pageSize","isDelivered","isFailed","isDeadLetter"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listWebhookEndpoints: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/webhooks","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listWorkspaceAuditEntries: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/audit","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["entityType","entityId","contentItemId","action","actorUserId","actorApiClientId","after","before","page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listWorkspaceContentVersions: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/content/versions","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":["status","createdBy","rejected","scheduled","page","pageSize","contentItemId"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  listWorkspaces: {"method":"GET","path":"/api/v1/workspaces","pathParams":[],"uuidPathParams":[],"queryParams":["page","pageSize"],"headerParams":[],"body":null,"accept":["application/json"],"paged":{"maxPageSize":100},"ifMatch":false,"anonymous":false},
  login: {"method":"POST","path":"/api/v1/auth/login","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":true},
  logout: {"method":"POST","path":"/api/v1/auth/logout","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":[],"paged":null,"ifMatch":false,"anonymous":false},
  previewOfficialPackageImport: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/packages/import/official/{packageId}/preview","pathParams":["workspaceId","packageId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  previewPackageImport: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/packages/import/preview","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  publishComponentVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}/publish","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  publishContentVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/publish","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":{"required":false,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  publishRelease: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/releases/{id}/publish","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  publishTemplateVersion: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/publish","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":null,"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  refreshSession: {"method":"POST","path":"/api/v1/auth/refresh","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  rejectContentVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/reject","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  removeReleaseEntry: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/releases/{id}/entries/{itemId}","pathParams":["workspaceId","id","itemId"],"uuidPathParams":["workspaceId","id","itemId"],"queryParams":[],"headerParams":[],"body":null,"accept":[],"paged":null,"ifMatch":false,"anonymous":false},
  reorderTemplateFields: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/reorder","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":[],"paged":null,"ifMatch":true,"anonymous":false},
  replaceComponentFields: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}/fields","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  resetUserPassword: {"method":"POST","path":"/api/v1/users/{id}/reset-password","pathParams":["id"],"uuidPathParams":["id"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  restoreContentVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/restore","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  retryWebhookDelivery: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/webhooks/{id}/deliveries/{deliveryId}/retry","pathParams":["workspaceId","id","deliveryId"],"uuidPathParams":["workspaceId","id","deliveryId"],"queryParams":[],"headerParams":[],"body":null,"accept":[],"paged":null,"ifMatch":false,"anonymous":false},
  revertRelease: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/releases/{id}/revert","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  revokeApiClient: {"method":"POST","path":"/api/v1/clients/{id}/revoke","pathParams":["id"],"uuidPathParams":["id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  revokePreviewToken: {"method":"DELETE","path":"/api/v1/workspaces/{workspaceId}/preview-tokens/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":[],"paged":null,"ifMatch":false,"anonymous":false},
  rollbackContentVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/rollback","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":["expandChildren"],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  rotateApiClient: {"method":"POST","path":"/api/v1/clients/{id}/rotate","pathParams":["id"],"uuidPathParams":["id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  rotatePublicMediaUrls: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/media/public-urls/rotate","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  rotateWebhookSecret: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/webhooks/{id}/rotate-secret","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  setTemplateTitleField: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/title-field","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  submitContentVersion: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/submit","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  testStorage: {"method":"POST","path":"/api/v1/settings/storage/test","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  unlockUser: {"method":"POST","path":"/api/v1/users/{id}/unlock","pathParams":["id"],"uuidPathParams":["id"],"queryParams":[],"headerParams":[],"body":null,"accept":[],"paged":null,"ifMatch":false,"anonymous":false},
  updateAccountPreferences: {"method":"PUT","path":"/api/v1/account/preferences","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  updateComponent: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/components/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateContent: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/content/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateContentVersion: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":["expandChildren"],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateMedia: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/media/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updatePickList: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/picklists/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateRelease: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/releases/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateTemplate: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/templates/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateTemplateField: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/{fieldId}","pathParams":["workspaceId","id","versionNumber","fieldId"],"uuidPathParams":["workspaceId","id","fieldId"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateTemplateSection: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections/{sectionId}","pathParams":["workspaceId","id","versionNumber","sectionId"],"uuidPathParams":["workspaceId","id","sectionId"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateUser: {"method":"PUT","path":"/api/v1/users/{id}","pathParams":["id"],"uuidPathParams":["id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateWebhookEndpoint: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/webhooks/{id}","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateWorkspace: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  updateWorkspaceLocales: {"method":"PUT","path":"/api/v1/workspaces/{workspaceId}/locales","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":["If-Match"],"body":{"required":true,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":true,"anonymous":false},
  upgradeContentVersionTemplate: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/upgrade-template-version","pathParams":["workspaceId","id","versionNumber"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":{"required":false,"mediaTypes":["application/json"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  uploadMedia: {"method":"POST","path":"/api/v1/workspaces/{workspaceId}/media","pathParams":["workspaceId"],"uuidPathParams":["workspaceId"],"queryParams":[],"headerParams":[],"body":{"required":true,"mediaTypes":["multipart/form-data"]},"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  validateRelease: {"method":"GET","path":"/api/v1/workspaces/{workspaceId}/releases/{id}/validation","pathParams":["workspaceId","id"],"uuidPathParams":["workspaceId","id"],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
} as const satisfies { readonly [Id in OperationId]: OperationSpec };

/** Operations whose response is the `{items,totalCount,page,pageSize,totalPages}` envelope with `page`/`pageSize` query parameters. */
export type PagedOperationId = 'listApiClients' | 'listAuditEntries' | 'listComponents' | 'listContent' | 'listContentTranslations' | 'listContentVersions' | 'listIpBans' | 'listMedia' | 'listMissingTranslations' | 'listOfficialPackages' | 'listPickLists' | 'listPreviewTokens' | 'listReleases' | 'listTags' | 'listTemplateVersions' | 'listTemplates' | 'listUsers' | 'listWebhookDeliveries' | 'listWebhookEndpoints' | 'listWorkspaceAuditEntries' | 'listWorkspaceContentVersions' | 'listWorkspaces';

/** One method per operation in the contract; VersoClient supplies `invoke` (the resilient transport). */
export abstract class VersoOperations {
  protected abstract invoke<Id extends OperationId>(operationId: Id, input: OperationInput<Id> | undefined, options: CallOptions | undefined): Promise<OperationResult<Id>>;

  /**
   * Put an item's version in the release, to publish or to archive; a second add for the item replaces the first.
   *
   * `POST /api/v1/workspaces/{workspaceId}/releases/{id}/entries` — access: role Editor, workspace Write.
   */
  addReleaseEntry(input: OperationInput<'addReleaseEntry'>, options?: CallOptions): Promise<OperationResult<'addReleaseEntry'>> {
    return this.invoke('addReleaseEntry', input, options);
  }

  /**
   * Approve a version in review (Review → Approved).
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/approve` — access: role TemplateAdmin, workspace Write.
   */
  approveContentVersion(input: OperationInput<'approveContentVersion'>, options?: CallOptions): Promise<OperationResult<'approveContentVersion'>> {
    return this.invoke('approveContentVersion', input, options);
  }

  /**
   * Archive a Published version (Published → Archived).
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/archive` — access: role Editor, workspace Write.
   */
  archiveContentVersion(input: OperationInput<'archiveContentVersion'>, options?: CallOptions): Promise<OperationResult<'archiveContentVersion'>> {
    return this.invoke('archiveContentVersion', input, options);
  }

  /**
   * Submit, approve, publish, archive, delete or tag up to 500 items in one request (Verso extension).
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/bulk` — access: role Editor, workspace Write.
   */
  bulkContentAction(input: OperationInput<'bulkContentAction'>, options?: CallOptions): Promise<OperationResult<'bulkContentAction'>> {
    return this.invoke('bulkContentAction', input, options);
  }

  /**
   * Change the caller's own password; clears MustChangePassword.
   *
   * `POST /api/v1/auth/change-password` — access: role Reader.
   */
  changePassword(input: OperationInput<'changePassword'>, options?: CallOptions): Promise<OperationResult<'changePassword'>> {
    return this.invoke('changePassword', input, options);
  }

  /**
   * Two versions of an item in one read, to compare them field by field (Verso extension, issue
   *
   * `GET /api/v1/workspaces/{workspaceId}/content/{id}/compare` — access: role Reader, workspace Read.
   */
  compareContentVersions(input: OperationInput<'compareContentVersions'>, options?: CallOptions): Promise<OperationResult<'compareContentVersions'>> {
    return this.invoke('compareContentVersions', input, options);
  }

  /**
   * Create an API client; its token is returned this once.
   *
   * `POST /api/v1/clients` — access: role Admin.
   */
  createApiClient(input: OperationInput<'createApiClient'>, options?: CallOptions): Promise<OperationResult<'createApiClient'>> {
    return this.invoke('createApiClient', input, options);
  }

  /**
   * Create a component with version 1 as a Draft.
   *
   * `POST /api/v1/workspaces/{workspaceId}/components` — access: role TemplateAdmin, workspace Write.
   */
  createComponent(input: OperationInput<'createComponent'>, options?: CallOptions): Promise<OperationResult<'createComponent'>> {
    return this.invoke('createComponent', input, options);
  }

  /**
   * Start a Draft version, or return the existing one.
   *
   * `POST /api/v1/workspaces/{workspaceId}/components/{id}/versions` — access: role TemplateAdmin, workspace Write.
   */
  createComponentVersion(input: OperationInput<'createComponentVersion'>, options?: CallOptions): Promise<OperationResult<'createComponentVersion'>> {
    return this.invoke('createComponentVersion', input, options);
  }

  /**
   * Create a content item and its version 1 (Draft).
   *
   * `POST /api/v1/workspaces/{workspaceId}/content` — access: role Editor, workspace Write.
   */
  createContent(input: OperationInput<'createContent'>, options?: CallOptions): Promise<OperationResult<'createContent'>> {
    return this.invoke('createContent', input, options);
  }

  /**
   * Make the item's translation into another locale (Verso extension).
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/translations` — access: role Editor, workspace Write.
   */
  createContentTranslation(input: OperationInput<'createContentTranslation'>, options?: CallOptions): Promise<OperationResult<'createContentTranslation'>> {
    return this.invoke('createContentTranslation', input, options);
  }

  /**
   * Create a new Draft version (optionally duplicating an existing one).
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/versions` — access: role Editor, workspace Write.
   */
  createContentVersion(input: OperationInput<'createContentVersion'>, options?: CallOptions): Promise<OperationResult<'createContentVersion'>> {
    return this.invoke('createContentVersion', input, options);
  }

  /**
   * Create a picklist (revision 1).
   *
   * `POST /api/v1/workspaces/{workspaceId}/picklists` — access: role TemplateAdmin, workspace Write.
   */
  createPickList(input: OperationInput<'createPickList'>, options?: CallOptions): Promise<OperationResult<'createPickList'>> {
    return this.invoke('createPickList', input, options);
  }

  /**
   * Mint a preview token for the workspace, or for one content item; the token is returned this once.
   *
   * `POST /api/v1/workspaces/{workspaceId}/preview-tokens` — access: role Editor, workspace Write.
   */
  createPreviewToken(input: OperationInput<'createPreviewToken'>, options?: CallOptions): Promise<OperationResult<'createPreviewToken'>> {
    return this.invoke('createPreviewToken', input, options);
  }

  /**
   * Create an empty release, `Open`, or `Scheduled` when `publishAt` is given.
   *
   * `POST /api/v1/workspaces/{workspaceId}/releases` — access: role Editor, workspace Write.
   */
  createRelease(input: OperationInput<'createRelease'>, options?: CallOptions): Promise<OperationResult<'createRelease'>> {
    return this.invoke('createRelease', input, options);
  }

  /**
   * Create a template with version 1 as a Draft.
   *
   * `POST /api/v1/workspaces/{workspaceId}/templates` — access: role TemplateAdmin, workspace Write.
   */
  createTemplate(input: OperationInput<'createTemplate'>, options?: CallOptions): Promise<OperationResult<'createTemplate'>> {
    return this.invoke('createTemplate', input, options);
  }

  /**
   * Add a field to a Draft version.
   *
   * `POST /api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields` — access: role TemplateAdmin, workspace Write.
   */
  createTemplateField(input: OperationInput<'createTemplateField'>, options?: CallOptions): Promise<OperationResult<'createTemplateField'>> {
    return this.invoke('createTemplateField', input, options);
  }

  /**
   * Add a section to a Draft version.
   *
   * `POST /api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections` — access: role TemplateAdmin, workspace Write.
   */
  createTemplateSection(input: OperationInput<'createTemplateSection'>, options?: CallOptions): Promise<OperationResult<'createTemplateSection'>> {
    return this.invoke('createTemplateSection', input, options);
  }

  /**
   * Start a new Draft version.
   *
   * `POST /api/v1/workspaces/{workspaceId}/templates/{id}/versions` — access: role TemplateAdmin, workspace Write.
   */
  createTemplateVersion(input: OperationInput<'createTemplateVersion'>, options?: CallOptions): Promise<OperationResult<'createTemplateVersion'>> {
    return this.invoke('createTemplateVersion', input, options);
  }

  /**
   * Create a user with a temporary password (shown once); the user must change it at first sign-in.
   *
   * `POST /api/v1/users` — access: role Admin, host superadmin.
   */
  createUser(input: OperationInput<'createUser'>, options?: CallOptions): Promise<OperationResult<'createUser'>> {
    return this.invoke('createUser', input, options);
  }

  /**
   * Register an endpoint; its signing secret is returned this once.
   *
   * `POST /api/v1/workspaces/{workspaceId}/webhooks` — access: role Editor, workspace Write.
   */
  createWebhookEndpoint(input: OperationInput<'createWebhookEndpoint'>, options?: CallOptions): Promise<OperationResult<'createWebhookEndpoint'>> {
    return this.invoke('createWebhookEndpoint', input, options);
  }

  /**
   * Create a workspace.
   *
   * `POST /api/v1/workspaces` — access: role Admin, host superadmin.
   */
  createWorkspace(input: OperationInput<'createWorkspace'>, options?: CallOptions): Promise<OperationResult<'createWorkspace'>> {
    return this.invoke('createWorkspace', input, options);
  }

  /**
   * Soft-delete a content item.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/content/{id}` — access: role Editor, workspace Write.
   */
  deleteContent(input: OperationInput<'deleteContent'>, options?: CallOptions): Promise<OperationResult<'deleteContent'>> {
    return this.invoke('deleteContent', input, options);
  }

  /**
   * Delete a Draft version (never the last one).
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}` — access: role Editor, workspace Write.
   */
  deleteContentVersion(input: OperationInput<'deleteContentVersion'>, options?: CallOptions): Promise<OperationResult<'deleteContentVersion'>> {
    return this.invoke('deleteContentVersion', input, options);
  }

  /**
   * Delete a media asset; its bytes are purged after the retention window.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/media/{id}` — access: role Editor, workspace Write.
   */
  deleteMedia(input: OperationInput<'deleteMedia'>, options?: CallOptions): Promise<OperationResult<'deleteMedia'>> {
    return this.invoke('deleteMedia', input, options);
  }

  /**
   * Soft-delete a picklist that no field binds.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/picklists/{id}` — access: role TemplateAdmin, workspace Write.
   */
  deletePickList(input: OperationInput<'deletePickList'>, options?: CallOptions): Promise<OperationResult<'deletePickList'>> {
    return this.invoke('deletePickList', input, options);
  }

  /**
   * Delete a release that is not published (its entries go with it; no content changes).
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/releases/{id}` — access: role Editor, workspace Write.
   */
  deleteRelease(input: OperationInput<'deleteRelease'>, options?: CallOptions): Promise<OperationResult<'deleteRelease'>> {
    return this.invoke('deleteRelease', input, options);
  }

  /**
   * Delete a tag and remove it from every content item.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/tags/{id}` — access: role Admin, workspace Write.
   */
  deleteTag(input: OperationInput<'deleteTag'>, options?: CallOptions): Promise<OperationResult<'deleteTag'>> {
    return this.invoke('deleteTag', input, options);
  }

  /**
   * Soft-delete a template that no content uses.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/templates/{id}` — access: role TemplateAdmin, workspace Write.
   */
  deleteTemplate(input: OperationInput<'deleteTemplate'>, options?: CallOptions): Promise<OperationResult<'deleteTemplate'>> {
    return this.invoke('deleteTemplate', input, options);
  }

  /**
   * Remove a field of a Draft version.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/{fieldId}` — access: role TemplateAdmin, workspace Write.
   */
  deleteTemplateField(input: OperationInput<'deleteTemplateField'>, options?: CallOptions): Promise<OperationResult<'deleteTemplateField'>> {
    return this.invoke('deleteTemplateField', input, options);
  }

  /**
   * Remove a section of a Draft version; its fields move to the root.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections/{sectionId}` — access: role TemplateAdmin, workspace Write.
   */
  deleteTemplateSection(input: OperationInput<'deleteTemplateSection'>, options?: CallOptions): Promise<OperationResult<'deleteTemplateSection'>> {
    return this.invoke('deleteTemplateSection', input, options);
  }

  /**
   * Soft-delete a user; their sessions end and the email becomes free.
   *
   * `DELETE /api/v1/users/{id}` — access: role Admin, host superadmin.
   */
  deleteUser(input: OperationInput<'deleteUser'>, options?: CallOptions): Promise<OperationResult<'deleteUser'>> {
    return this.invoke('deleteUser', input, options);
  }

  /**
   * Delete an endpoint and its delivery logs; nothing more is sent to it.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/webhooks/{id}` — access: role Editor, workspace Write.
   */
  deleteWebhookEndpoint(input: OperationInput<'deleteWebhookEndpoint'>, options?: CallOptions): Promise<OperationResult<'deleteWebhookEndpoint'>> {
    return this.invoke('deleteWebhookEndpoint', input, options);
  }

  /**
   * Soft-delete a workspace.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}` — access: role Admin, workspace Write.
   */
  deleteWorkspace(input: OperationInput<'deleteWorkspace'>, options?: CallOptions): Promise<OperationResult<'deleteWorkspace'>> {
    return this.invoke('deleteWorkspace', input, options);
  }

  /**
   * The file's bytes, streamed; conditional (If-None-Match) and single ranges supported.
   *
   * `GET /api/v1/workspaces/{workspaceId}/media/{id}/file` — access: role Reader, workspace Read.
   */
  downloadMedia(input: OperationInput<'downloadMedia'>, options?: CallOptions): Promise<OperationResult<'downloadMedia'>> {
    return this.invoke('downloadMedia', input, options);
  }

  /**
   * Duplicate an item into a new item whose version 1 (Draft) holds the latest version's values.
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/duplicate` — access: role Editor, workspace Write.
   */
  duplicateContent(input: OperationInput<'duplicateContent'>, options?: CallOptions): Promise<OperationResult<'duplicateContent'>> {
    return this.invoke('duplicateContent', input, options);
  }

  /**
   * Export templates, components and picklists as a package document.
   *
   * `GET /api/v1/workspaces/{workspaceId}/packages/export` — access: role TemplateAdmin, workspace Write.
   */
  exportPackage(input: OperationInput<'exportPackage'>, options?: CallOptions): Promise<OperationResult<'exportPackage'>> {
    return this.invoke('exportPackage', input, options);
  }

  /**
   * The caller's time zone and theme.
   *
   * `GET /api/v1/account/preferences` — access: role Reader.
   */
  getAccountPreferences(input?: OperationInput<'getAccountPreferences'>, options?: CallOptions): Promise<OperationResult<'getAccountPreferences'>> {
    return this.invoke('getAccountPreferences', input, options);
  }

  /**
   * An API client (never its token).
   *
   * `GET /api/v1/clients/{id}` — access: role Admin.
   */
  getApiClient(input: OperationInput<'getApiClient'>, options?: CallOptions): Promise<OperationResult<'getApiClient'>> {
    return this.invoke('getApiClient', input, options);
  }

  /**
   * A static file of the documentation viewer.
   *
   * `GET /swagger/assets/{asset}` — access: public.
   */
  getApiDocsAsset(input: OperationInput<'getApiDocsAsset'>, options?: CallOptions): Promise<OperationResult<'getApiDocsAsset'>> {
    return this.invoke('getApiDocsAsset', input, options);
  }

  /**
   * Interactive documentation (Swagger UI) of this document.
   *
   * `GET /swagger` — access: public.
   */
  getApiDocsViewer(input?: OperationInput<'getApiDocsViewer'>, options?: CallOptions): Promise<OperationResult<'getApiDocsViewer'>> {
    return this.invoke('getApiDocsViewer', input, options);
  }

  /**
   * A component with its current version (the published one, else the draft).
   *
   * `GET /api/v1/workspaces/{workspaceId}/components/{id}` — access: role Reader, workspace Read.
   */
  getComponent(input: OperationInput<'getComponent'>, options?: CallOptions): Promise<OperationResult<'getComponent'>> {
    return this.invoke('getComponent', input, options);
  }

  /**
   * One version of a component.
   *
   * `GET /api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}` — access: role Reader, workspace Read.
   */
  getComponentVersion(input: OperationInput<'getComponentVersion'>, options?: CallOptions): Promise<OperationResult<'getComponentVersion'>> {
    return this.invoke('getComponentVersion', input, options);
  }

  /**
   * A content item with every version summary and the version served now.
   *
   * `GET /api/v1/workspaces/{workspaceId}/content/{id}` — access: role Reader, workspace Read.
   */
  getContent(input: OperationInput<'getContent'>, options?: CallOptions): Promise<OperationResult<'getContent'>> {
    return this.invoke('getContent', input, options);
  }

  /**
   * The version of the item with this slug that is served at `asOf` (default now).
   *
   * `GET /api/v1/workspaces/{workspaceId}/content/by-slug/{slug}` — access: role Reader, workspace Read.
   */
  getContentBySlug(input: OperationInput<'getContentBySlug'>, options?: CallOptions): Promise<OperationResult<'getContentBySlug'>> {
    return this.invoke('getContentBySlug', input, options);
  }

  /**
   * Every locale of the workspace with the state of the item's member in it (Verso extension).
   *
   * `GET /api/v1/workspaces/{workspaceId}/content/{id}/translation-status` — access: role Reader, workspace Read.
   */
  getContentTranslationStatus(input: OperationInput<'getContentTranslationStatus'>, options?: CallOptions): Promise<OperationResult<'getContentTranslationStatus'>> {
    return this.invoke('getContentTranslationStatus', input, options);
  }

  /**
   * One version with its field values.
   *
   * `GET /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}` — access: role Reader, workspace Read.
   */
  getContentVersion(input: OperationInput<'getContentVersion'>, options?: CallOptions): Promise<OperationResult<'getContentVersion'>> {
    return this.invoke('getContentVersion', input, options);
  }

  /**
   * Who the caller is.
   *
   * `GET /api/v1/auth/me` — access: role Reader.
   */
  getCurrentUser(input?: OperationInput<'getCurrentUser'>, options?: CallOptions): Promise<OperationResult<'getCurrentUser'>> {
    return this.invoke('getCurrentUser', input, options);
  }

  /**
   * A self-contained HTML view of the readiness checks.
   *
   * `GET /health/dashboard` — access: public.
   */
  getHealthDashboard(input?: OperationInput<'getHealthDashboard'>, options?: CallOptions): Promise<OperationResult<'getHealthDashboard'>> {
    return this.invoke('getHealthDashboard', input, options);
  }

  /**
   * The process is running.
   *
   * `GET /health/live` — access: public.
   */
  getHealthLive(input?: OperationInput<'getHealthLive'>, options?: CallOptions): Promise<OperationResult<'getHealthLive'>> {
    return this.invoke('getHealthLive', input, options);
  }

  /**
   * The database and the storage provider are reachable.
   *
   * `GET /health/ready` — access: public.
   */
  getHealthReady(input?: OperationInput<'getHealthReady'>, options?: CallOptions): Promise<OperationResult<'getHealthReady'>> {
    return this.invoke('getHealthReady', input, options);
  }

  /**
   * A media asset's details.
   *
   * `GET /api/v1/workspaces/{workspaceId}/media/{id}` — access: role Reader, workspace Read.
   */
  getMedia(input: OperationInput<'getMedia'>, options?: CallOptions): Promise<OperationResult<'getMedia'>> {
    return this.invoke('getMedia', input, options);
  }

  /**
   * This OpenAPI document, bundled.
   *
   * `GET /openapi.json` — access: public.
   */
  getOpenApiDocument(input?: OperationInput<'getOpenApiDocument'>, options?: CallOptions): Promise<OperationResult<'getOpenApiDocument'>> {
    return this.invoke('getOpenApiDocument', input, options);
  }

  /**
   * JSON Schema of package documents, format 1.0.
   *
   * `GET /schema/ctp-1.0.json` — access: public.
   */
  getPackageSchemaV10(input?: OperationInput<'getPackageSchemaV10'>, options?: CallOptions): Promise<OperationResult<'getPackageSchemaV10'>> {
    return this.invoke('getPackageSchemaV10', input, options);
  }

  /**
   * JSON Schema of package documents, format 1.1.
   *
   * `GET /schema/ctp-1.1.json` — access: public.
   */
  getPackageSchemaV11(input?: OperationInput<'getPackageSchemaV11'>, options?: CallOptions): Promise<OperationResult<'getPackageSchemaV11'>> {
    return this.invoke('getPackageSchemaV11', input, options);
  }

  /**
   * A picklist at its current revision.
   *
   * `GET /api/v1/workspaces/{workspaceId}/picklists/{id}` — access: role Reader, workspace Read.
   */
  getPickList(input: OperationInput<'getPickList'>, options?: CallOptions): Promise<OperationResult<'getPickList'>> {
    return this.invoke('getPickList', input, options);
  }

  /**
   * A picklist as it was at one revision.
   *
   * `GET /api/v1/workspaces/{workspaceId}/picklists/{id}/revisions/{revisionId}` — access: role Reader, workspace Read.
   */
  getPickListRevision(input: OperationInput<'getPickListRevision'>, options?: CallOptions): Promise<OperationResult<'getPickListRevision'>> {
    return this.invoke('getPickListRevision', input, options);
  }

  /**
   * The transformations public image URLs accept.
   *
   * `GET /media/v1/settings` — access: public.
   */
  getPublicMediaSettings(input?: OperationInput<'getPublicMediaSettings'>, options?: CallOptions): Promise<OperationResult<'getPublicMediaSettings'>> {
    return this.invoke('getPublicMediaSettings', input, options);
  }

  /**
   * An image rendition (or the original file) from a signed URL, without a credential.
   *
   * `GET /media/v1/{workspaceId}/{assetId}/{contentVersion}/{signature}/{transformation}/{fileName}` — access: public.
   */
  getPublicRendition(input: OperationInput<'getPublicRendition'>, options?: CallOptions): Promise<OperationResult<'getPublicRendition'>> {
    return this.invoke('getPublicRendition', input, options);
  }

  /**
   * A release with its entries.
   *
   * `GET /api/v1/workspaces/{workspaceId}/releases/{id}` — access: role Editor, workspace Read.
   */
  getRelease(input: OperationInput<'getRelease'>, options?: CallOptions): Promise<OperationResult<'getRelease'>> {
    return this.invoke('getRelease', input, options);
  }

  /**
   * Which storage provider media uses and whether it is configured.
   *
   * `GET /api/v1/settings/storage` — access: role Admin.
   */
  getStorageSettings(input?: OperationInput<'getStorageSettings'>, options?: CallOptions): Promise<OperationResult<'getStorageSettings'>> {
    return this.invoke('getStorageSettings', input, options);
  }

  /**
   * A template with its current version (the published one, else the draft).
   *
   * `GET /api/v1/workspaces/{workspaceId}/templates/{id}` — access: role Reader, workspace Read.
   */
  getTemplate(input: OperationInput<'getTemplate'>, options?: CallOptions): Promise<OperationResult<'getTemplate'>> {
    return this.invoke('getTemplate', input, options);
  }

  /**
   * One version of a template, by number.
   *
   * `GET /api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}` — access: role Reader, workspace Read.
   */
  getTemplateVersion(input: OperationInput<'getTemplateVersion'>, options?: CallOptions): Promise<OperationResult<'getTemplateVersion'>> {
    return this.invoke('getTemplateVersion', input, options);
  }

  /**
   * A template version by its own id, whatever its template or status.
   *
   * `GET /api/v1/workspaces/{workspaceId}/templates/versions/{versionId}` — access: role Reader, workspace Read.
   */
  getTemplateVersionById(input: OperationInput<'getTemplateVersionById'>, options?: CallOptions): Promise<OperationResult<'getTemplateVersionById'>> {
    return this.invoke('getTemplateVersionById', input, options);
  }

  /**
   * A user.
   *
   * `GET /api/v1/users/{id}` — access: role Admin, host superadmin.
   */
  getUser(input: OperationInput<'getUser'>, options?: CallOptions): Promise<OperationResult<'getUser'>> {
    return this.invoke('getUser', input, options);
  }

  /**
   * An endpoint (never its secret).
   *
   * `GET /api/v1/workspaces/{workspaceId}/webhooks/{id}` — access: role Editor, workspace Read.
   */
  getWebhookEndpoint(input: OperationInput<'getWebhookEndpoint'>, options?: CallOptions): Promise<OperationResult<'getWebhookEndpoint'>> {
    return this.invoke('getWebhookEndpoint', input, options);
  }

  /**
   * A workspace.
   *
   * `GET /api/v1/workspaces/{workspaceId}` — access: role Reader, workspace Read.
   */
  getWorkspace(input: OperationInput<'getWorkspace'>, options?: CallOptions): Promise<OperationResult<'getWorkspace'>> {
    return this.invoke('getWorkspace', input, options);
  }

  /**
   * The workspace's locales, its default locale and each locale's fallback chain (Verso extension).
   *
   * `GET /api/v1/workspaces/{workspaceId}/locales` — access: role Reader, workspace Read.
   */
  getWorkspaceLocales(input: OperationInput<'getWorkspaceLocales'>, options?: CallOptions): Promise<OperationResult<'getWorkspaceLocales'>> {
    return this.invoke('getWorkspaceLocales', input, options);
  }

  /**
   * Import one of the official packages (resolutions optional).
   *
   * `POST /api/v1/workspaces/{workspaceId}/packages/import/official/{packageId}` — access: role TemplateAdmin, workspace Write.
   */
  importOfficialPackage(input: OperationInput<'importOfficialPackage'>, options?: CallOptions): Promise<OperationResult<'importOfficialPackage'>> {
    return this.invoke('importOfficialPackage', input, options);
  }

  /**
   * Import a package in one transaction.
   *
   * `POST /api/v1/workspaces/{workspaceId}/packages/import` — access: role TemplateAdmin, workspace Write.
   */
  importPackage(input: OperationInput<'importPackage'>, options?: CallOptions): Promise<OperationResult<'importPackage'>> {
    return this.invoke('importPackage', input, options);
  }

  /**
   * Put two items in one translation group.
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/link-translation` — access: role Editor, workspace Write.
   */
  linkContentTranslation(input: OperationInput<'linkContentTranslation'>, options?: CallOptions): Promise<OperationResult<'linkContentTranslation'>> {
    return this.invoke('linkContentTranslation', input, options);
  }

  /**
   * List API clients (not deleted) the caller can manage or see, newest first.
   *
   * `GET /api/v1/clients` — access: role Admin. Paged: see `paginate`/`listAll`.
   */
  listApiClients(input?: OperationInput<'listApiClients'>, options?: CallOptions): Promise<OperationResult<'listApiClients'>> {
    return this.invoke('listApiClients', input, options);
  }

  /**
   * Audit entries across the workspaces the caller can access, newest first.
   *
   * `GET /api/v1/audit` — access: role TemplateAdmin. Paged: see `paginate`/`listAll`.
   */
  listAuditEntries(input?: OperationInput<'listAuditEntries'>, options?: CallOptions): Promise<OperationResult<'listAuditEntries'>> {
    return this.invoke('listAuditEntries', input, options);
  }

  /**
   * List the workspace's components, ordered by name.
   *
   * `GET /api/v1/workspaces/{workspaceId}/components` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listComponents(input: OperationInput<'listComponents'>, options?: CallOptions): Promise<OperationResult<'listComponents'>> {
    return this.invoke('listComponents', input, options);
  }

  /**
   * List content items, optionally only those served at an instant.
   *
   * `GET /api/v1/workspaces/{workspaceId}/content` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listContent(input: OperationInput<'listContent'>, options?: CallOptions): Promise<OperationResult<'listContent'>> {
    return this.invoke('listContent', input, options);
  }

  /**
   * The members of the item's translation group (empty when it has none), ordered by locale.
   *
   * `GET /api/v1/workspaces/{workspaceId}/content/{id}/translations` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listContentTranslations(input: OperationInput<'listContentTranslations'>, options?: CallOptions): Promise<OperationResult<'listContentTranslations'>> {
    return this.invoke('listContentTranslations', input, options);
  }

  /**
   * The item's versions, highest number first.
   *
   * `GET /api/v1/workspaces/{workspaceId}/content/{id}/versions` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listContentVersions(input: OperationInput<'listContentVersions'>, options?: CallOptions): Promise<OperationResult<'listContentVersions'>> {
    return this.invoke('listContentVersions', input, options);
  }

  /**
   * Bans imposed on client addresses, newest first.
   *
   * `GET /api/v1/security/ip-bans` — access: role Admin, host superadmin. Paged: see `paginate`/`listAll`.
   */
  listIpBans(input?: OperationInput<'listIpBans'>, options?: CallOptions): Promise<OperationResult<'listIpBans'>> {
    return this.invoke('listIpBans', input, options);
  }

  /**
   * List the workspace's media assets, newest first.
   *
   * `GET /api/v1/workspaces/{workspaceId}/media` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listMedia(input: OperationInput<'listMedia'>, options?: CallOptions): Promise<OperationResult<'listMedia'>> {
    return this.invoke('listMedia', input, options);
  }

  /**
   * Default-locale items whose translation into a locale is missing or outdated (Verso extension).
   *
   * `GET /api/v1/workspaces/{workspaceId}/content/missing-translations` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listMissingTranslations(input: OperationInput<'listMissingTranslations'>, options?: CallOptions): Promise<OperationResult<'listMissingTranslations'>> {
    return this.invoke('listMissingTranslations', input, options);
  }

  /**
   * The official packages shipped with Verso, ordered by name.
   *
   * `GET /api/v1/packages/official` — access: role Reader. Paged: see `paginate`/`listAll`.
   */
  listOfficialPackages(input?: OperationInput<'listOfficialPackages'>, options?: CallOptions): Promise<OperationResult<'listOfficialPackages'>> {
    return this.invoke('listOfficialPackages', input, options);
  }

  /**
   * List the workspace's picklists, ordered by name.
   *
   * `GET /api/v1/workspaces/{workspaceId}/picklists` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listPickLists(input: OperationInput<'listPickLists'>, options?: CallOptions): Promise<OperationResult<'listPickLists'>> {
    return this.invoke('listPickLists', input, options);
  }

  /**
   * The workspace's live preview tokens (not revoked, not expired), newest first; never a token itself.
   *
   * `GET /api/v1/workspaces/{workspaceId}/preview-tokens` — access: role Editor, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listPreviewTokens(input: OperationInput<'listPreviewTokens'>, options?: CallOptions): Promise<OperationResult<'listPreviewTokens'>> {
    return this.invoke('listPreviewTokens', input, options);
  }

  /**
   * The workspace's releases, newest first.
   *
   * `GET /api/v1/workspaces/{workspaceId}/releases` — access: role Editor, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listReleases(input: OperationInput<'listReleases'>, options?: CallOptions): Promise<OperationResult<'listReleases'>> {
    return this.invoke('listReleases', input, options);
  }

  /**
   * List the workspace's tags, ordered by name, with how many content items carry each.
   *
   * `GET /api/v1/workspaces/{workspaceId}/tags` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listTags(input: OperationInput<'listTags'>, options?: CallOptions): Promise<OperationResult<'listTags'>> {
    return this.invoke('listTags', input, options);
  }

  /**
   * The template's versions, newest first.
   *
   * `GET /api/v1/workspaces/{workspaceId}/templates/{id}/versions` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listTemplateVersions(input: OperationInput<'listTemplateVersions'>, options?: CallOptions): Promise<OperationResult<'listTemplateVersions'>> {
    return this.invoke('listTemplateVersions', input, options);
  }

  /**
   * List the workspace's templates, ordered by name.
   *
   * `GET /api/v1/workspaces/{workspaceId}/templates` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listTemplates(input: OperationInput<'listTemplates'>, options?: CallOptions): Promise<OperationResult<'listTemplates'>> {
    return this.invoke('listTemplates', input, options);
  }

  /**
   * List users (not deleted), ordered by email.
   *
   * `GET /api/v1/users` — access: role Admin, host superadmin. Paged: see `paginate`/`listAll`.
   */
  listUsers(input?: OperationInput<'listUsers'>, options?: CallOptions): Promise<OperationResult<'listUsers'>> {
    return this.invoke('listUsers', input, options);
  }

  /**
   * The endpoint's deliveries, newest first.
   *
   * `GET /api/v1/workspaces/{workspaceId}/webhooks/{id}/deliveries` — access: role Editor, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listWebhookDeliveries(input: OperationInput<'listWebhookDeliveries'>, options?: CallOptions): Promise<OperationResult<'listWebhookDeliveries'>> {
    return this.invoke('listWebhookDeliveries', input, options);
  }

  /**
   * List the workspace's webhook endpoints, newest first.
   *
   * `GET /api/v1/workspaces/{workspaceId}/webhooks` — access: role Editor, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listWebhookEndpoints(input: OperationInput<'listWebhookEndpoints'>, options?: CallOptions): Promise<OperationResult<'listWebhookEndpoints'>> {
    return this.invoke('listWebhookEndpoints', input, options);
  }

  /**
   * Audit entries of one workspace, newest first.
   *
   * `GET /api/v1/workspaces/{workspaceId}/audit` — access: role TemplateAdmin, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listWorkspaceAuditEntries(input: OperationInput<'listWorkspaceAuditEntries'>, options?: CallOptions): Promise<OperationResult<'listWorkspaceAuditEntries'>> {
    return this.invoke('listWorkspaceAuditEntries', input, options);
  }

  /**
   * Versions across the workspace's items, by status, creator, rejection or schedule (Verso extension).
   *
   * `GET /api/v1/workspaces/{workspaceId}/content/versions` — access: role Reader, workspace Read. Paged: see `paginate`/`listAll`.
   */
  listWorkspaceContentVersions(input: OperationInput<'listWorkspaceContentVersions'>, options?: CallOptions): Promise<OperationResult<'listWorkspaceContentVersions'>> {
    return this.invoke('listWorkspaceContentVersions', input, options);
  }

  /**
   * List the workspaces the caller can access, ordered by name.
   *
   * `GET /api/v1/workspaces` — access: role Reader. Paged: see `paginate`/`listAll`.
   */
  listWorkspaces(input?: OperationInput<'listWorkspaces'>, options?: CallOptions): Promise<OperationResult<'listWorkspaces'>> {
    return this.invoke('listWorkspaces', input, options);
  }

  /**
   * Sign in with email and password; returns a session token once.
   *
   * `POST /api/v1/auth/login` — access: public.
   */
  login(input: OperationInput<'login'>, options?: CallOptions): Promise<OperationResult<'login'>> {
    return this.invoke('login', input, options);
  }

  /**
   * End the caller's session; its token stops working at once.
   *
   * `POST /api/v1/auth/logout` — access: role Reader.
   */
  logout(input?: OperationInput<'logout'>, options?: CallOptions): Promise<OperationResult<'logout'>> {
    return this.invoke('logout', input, options);
  }

  /**
   * Preview importing one of the official packages; changes nothing.
   *
   * `POST /api/v1/workspaces/{workspaceId}/packages/import/official/{packageId}/preview` — access: role TemplateAdmin, workspace Write.
   */
  previewOfficialPackageImport(input: OperationInput<'previewOfficialPackageImport'>, options?: CallOptions): Promise<OperationResult<'previewOfficialPackageImport'>> {
    return this.invoke('previewOfficialPackageImport', input, options);
  }

  /**
   * Report what importing a package would create, update or conflict with; changes nothing.
   *
   * `POST /api/v1/workspaces/{workspaceId}/packages/import/preview` — access: role TemplateAdmin, workspace Write.
   */
  previewPackageImport(input: OperationInput<'previewPackageImport'>, options?: CallOptions): Promise<OperationResult<'previewPackageImport'>> {
    return this.invoke('previewPackageImport', input, options);
  }

  /**
   * Publish a Draft version that has at least one field.
   *
   * `POST /api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}/publish` — access: role TemplateAdmin, workspace Write.
   */
  publishComponentVersion(input: OperationInput<'publishComponentVersion'>, options?: CallOptions): Promise<OperationResult<'publishComponentVersion'>> {
    return this.invoke('publishComponentVersion', input, options);
  }

  /**
   * Publish an Approved version now, or schedule it.
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/publish` — access: role Editor, workspace Write.
   */
  publishContentVersion(input: OperationInput<'publishContentVersion'>, options?: CallOptions): Promise<OperationResult<'publishContentVersion'>> {
    return this.invoke('publishContentVersion', input, options);
  }

  /**
   * Apply every entry in one transaction, all or nothing.
   *
   * `POST /api/v1/workspaces/{workspaceId}/releases/{id}/publish` — access: role Editor, workspace Write.
   */
  publishRelease(input: OperationInput<'publishRelease'>, options?: CallOptions): Promise<OperationResult<'publishRelease'>> {
    return this.invoke('publishRelease', input, options);
  }

  /**
   * Publish a Draft version.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/publish` — access: role TemplateAdmin, workspace Write.
   */
  publishTemplateVersion(input: OperationInput<'publishTemplateVersion'>, options?: CallOptions): Promise<OperationResult<'publishTemplateVersion'>> {
    return this.invoke('publishTemplateVersion', input, options);
  }

  /**
   * Exchange the session token for a new one; the old token stops working at once.
   *
   * `POST /api/v1/auth/refresh` — access: role Reader.
   */
  refreshSession(input?: OperationInput<'refreshSession'>, options?: CallOptions): Promise<OperationResult<'refreshSession'>> {
    return this.invoke('refreshSession', input, options);
  }

  /**
   * Send a version in review back to Draft with a reason (Review → Draft).
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/reject` — access: role TemplateAdmin, workspace Write.
   */
  rejectContentVersion(input: OperationInput<'rejectContentVersion'>, options?: CallOptions): Promise<OperationResult<'rejectContentVersion'>> {
    return this.invoke('rejectContentVersion', input, options);
  }

  /**
   * Take an item out of the release.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/releases/{id}/entries/{itemId}` — access: role Editor, workspace Write.
   */
  removeReleaseEntry(input: OperationInput<'removeReleaseEntry'>, options?: CallOptions): Promise<OperationResult<'removeReleaseEntry'>> {
    return this.invoke('removeReleaseEntry', input, options);
  }

  /**
   * Set the order of fields of a Draft version.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/reorder` — access: role TemplateAdmin, workspace Write.
   */
  reorderTemplateFields(input: OperationInput<'reorderTemplateFields'>, options?: CallOptions): Promise<OperationResult<'reorderTemplateFields'>> {
    return this.invoke('reorderTemplateFields', input, options);
  }

  /**
   * Replace every field of a Draft version.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}/fields` — access: role TemplateAdmin, workspace Write.
   */
  replaceComponentFields(input: OperationInput<'replaceComponentFields'>, options?: CallOptions): Promise<OperationResult<'replaceComponentFields'>> {
    return this.invoke('replaceComponentFields', input, options);
  }

  /**
   * Set a new temporary password (shown once) and require a change at next sign-in; the user's sessions end.
   *
   * `POST /api/v1/users/{id}/reset-password` — access: role Admin, host superadmin.
   */
  resetUserPassword(input: OperationInput<'resetUserPassword'>, options?: CallOptions): Promise<OperationResult<'resetUserPassword'>> {
    return this.invoke('resetUserPassword', input, options);
  }

  /**
   * Bring an Archived version back as a Draft (Archived → Draft).
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/restore` — access: role Editor, workspace Write.
   */
  restoreContentVersion(input: OperationInput<'restoreContentVersion'>, options?: CallOptions): Promise<OperationResult<'restoreContentVersion'>> {
    return this.invoke('restoreContentVersion', input, options);
  }

  /**
   * Queue a failed or dead-lettered delivery for another attempt now.
   *
   * `POST /api/v1/workspaces/{workspaceId}/webhooks/{id}/deliveries/{deliveryId}/retry` — access: role Editor, workspace Write.
   */
  retryWebhookDelivery(input: OperationInput<'retryWebhookDelivery'>, options?: CallOptions): Promise<OperationResult<'retryWebhookDelivery'>> {
    return this.invoke('retryWebhookDelivery', input, options);
  }

  /**
   * Restore, in one transaction, what each entry's item served before the release.
   *
   * `POST /api/v1/workspaces/{workspaceId}/releases/{id}/revert` — access: role Editor, workspace Write.
   */
  revertRelease(input: OperationInput<'revertRelease'>, options?: CallOptions): Promise<OperationResult<'revertRelease'>> {
    return this.invoke('revertRelease', input, options);
  }

  /**
   * Deactivate an API client; its token stops working on the next request.
   *
   * `POST /api/v1/clients/{id}/revoke` — access: role Admin.
   */
  revokeApiClient(input: OperationInput<'revokeApiClient'>, options?: CallOptions): Promise<OperationResult<'revokeApiClient'>> {
    return this.invoke('revokeApiClient', input, options);
  }

  /**
   * Revoke a preview token; it answers 401 from the next request on, on every replica.
   *
   * `DELETE /api/v1/workspaces/{workspaceId}/preview-tokens/{id}` — access: role Editor, workspace Write.
   */
  revokePreviewToken(input: OperationInput<'revokePreviewToken'>, options?: CallOptions): Promise<OperationResult<'revokePreviewToken'>> {
    return this.invoke('revokePreviewToken', input, options);
  }

  /**
   * Roll back to a version - a new Draft holding its values and template version.
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/rollback` — access: role Editor, workspace Write.
   */
  rollbackContentVersion(input: OperationInput<'rollbackContentVersion'>, options?: CallOptions): Promise<OperationResult<'rollbackContentVersion'>> {
    return this.invoke('rollbackContentVersion', input, options);
  }

  /**
   * Replace an API client with a new one (new id, same name, role, scope and expiry) and a new token, returned this once; the old token stops working.
   *
   * `POST /api/v1/clients/{id}/rotate` — access: role Admin.
   */
  rotateApiClient(input: OperationInput<'rotateApiClient'>, options?: CallOptions): Promise<OperationResult<'rotateApiClient'>> {
    return this.invoke('rotateApiClient', input, options);
  }

  /**
   * End every public media URL of the workspace handed out so far; new ones are handed out from now on.
   *
   * `POST /api/v1/workspaces/{workspaceId}/media/public-urls/rotate` — access: role Admin, workspace Write.
   */
  rotatePublicMediaUrls(input: OperationInput<'rotatePublicMediaUrls'>, options?: CallOptions): Promise<OperationResult<'rotatePublicMediaUrls'>> {
    return this.invoke('rotatePublicMediaUrls', input, options);
  }

  /**
   * Replace the endpoint's signing secret with a generated one, returned this once.
   *
   * `POST /api/v1/workspaces/{workspaceId}/webhooks/{id}/rotate-secret` — access: role Editor, workspace Write.
   */
  rotateWebhookSecret(input: OperationInput<'rotateWebhookSecret'>, options?: CallOptions): Promise<OperationResult<'rotateWebhookSecret'>> {
    return this.invoke('rotateWebhookSecret', input, options);
  }

  /**
   * Name the field whose value is a content item's title (a Draft version).
   *
   * `PUT /api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/title-field` — access: role TemplateAdmin, workspace Write.
   */
  setTemplateTitleField(input: OperationInput<'setTemplateTitleField'>, options?: CallOptions): Promise<OperationResult<'setTemplateTitleField'>> {
    return this.invoke('setTemplateTitleField', input, options);
  }

  /**
   * Submit a Draft for review (Draft → Review).
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/submit` — access: role Editor, workspace Write.
   */
  submitContentVersion(input: OperationInput<'submitContentVersion'>, options?: CallOptions): Promise<OperationResult<'submitContentVersion'>> {
    return this.invoke('submitContentVersion', input, options);
  }

  /**
   * Write, read back and delete a probe object under the managed prefix.
   *
   * `POST /api/v1/settings/storage/test` — access: role Admin.
   */
  testStorage(input?: OperationInput<'testStorage'>, options?: CallOptions): Promise<OperationResult<'testStorage'>> {
    return this.invoke('testStorage', input, options);
  }

  /**
   * Clear the user's sign-in throttle (every client's lock and the account-wide slowdown).
   *
   * `POST /api/v1/users/{id}/unlock` — access: role Admin, host superadmin.
   */
  unlockUser(input: OperationInput<'unlockUser'>, options?: CallOptions): Promise<OperationResult<'unlockUser'>> {
    return this.invoke('unlockUser', input, options);
  }

  /**
   * Set the caller's time zone and theme.
   *
   * `PUT /api/v1/account/preferences` — access: role Reader.
   */
  updateAccountPreferences(input: OperationInput<'updateAccountPreferences'>, options?: CallOptions): Promise<OperationResult<'updateAccountPreferences'>> {
    return this.invoke('updateAccountPreferences', input, options);
  }

  /**
   * Change a component's name, slug and description.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/components/{id}` — access: role TemplateAdmin, workspace Write.
   */
  updateComponent(input: OperationInput<'updateComponent'>, options?: CallOptions): Promise<OperationResult<'updateComponent'>> {
    return this.invoke('updateComponent', input, options);
  }

  /**
   * Change an item's slug, locale, translation group and tags.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/content/{id}` — access: role Editor, workspace Write.
   */
  updateContent(input: OperationInput<'updateContent'>, options?: CallOptions): Promise<OperationResult<'updateContent'>> {
    return this.invoke('updateContent', input, options);
  }

  /**
   * Replace a Draft, Review or Approved version's values and window.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}` — access: role Editor, workspace Write.
   */
  updateContentVersion(input: OperationInput<'updateContentVersion'>, options?: CallOptions): Promise<OperationResult<'updateContentVersion'>> {
    return this.invoke('updateContentVersion', input, options);
  }

  /**
   * Change a media asset's alt text.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/media/{id}` — access: role Editor, workspace Write.
   */
  updateMedia(input: OperationInput<'updateMedia'>, options?: CallOptions): Promise<OperationResult<'updateMedia'>> {
    return this.invoke('updateMedia', input, options);
  }

  /**
   * Write a new revision of a picklist and make it current.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/picklists/{id}` — access: role TemplateAdmin, workspace Write.
   */
  updatePickList(input: OperationInput<'updatePickList'>, options?: CallOptions): Promise<OperationResult<'updatePickList'>> {
    return this.invoke('updatePickList', input, options);
  }

  /**
   * Rename a release, describe it, or set or clear its `publishAt`.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/releases/{id}` — access: role Editor, workspace Write.
   */
  updateRelease(input: OperationInput<'updateRelease'>, options?: CallOptions): Promise<OperationResult<'updateRelease'>> {
    return this.invoke('updateRelease', input, options);
  }

  /**
   * Change a template's name and description (the slug is immutable).
   *
   * `PUT /api/v1/workspaces/{workspaceId}/templates/{id}` — access: role TemplateAdmin, workspace Write.
   */
  updateTemplate(input: OperationInput<'updateTemplate'>, options?: CallOptions): Promise<OperationResult<'updateTemplate'>> {
    return this.invoke('updateTemplate', input, options);
  }

  /**
   * Replace a field of a Draft version.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/{fieldId}` — access: role TemplateAdmin, workspace Write.
   */
  updateTemplateField(input: OperationInput<'updateTemplateField'>, options?: CallOptions): Promise<OperationResult<'updateTemplateField'>> {
    return this.invoke('updateTemplateField', input, options);
  }

  /**
   * Change a section of a Draft version.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections/{sectionId}` — access: role TemplateAdmin, workspace Write.
   */
  updateTemplateSection(input: OperationInput<'updateTemplateSection'>, options?: CallOptions): Promise<OperationResult<'updateTemplateSection'>> {
    return this.invoke('updateTemplateSection', input, options);
  }

  /**
   * Change a user's email, name, role, superadmin flag, active state and grants.
   *
   * `PUT /api/v1/users/{id}` — access: role Admin, host superadmin.
   */
  updateUser(input: OperationInput<'updateUser'>, options?: CallOptions): Promise<OperationResult<'updateUser'>> {
    return this.invoke('updateUser', input, options);
  }

  /**
   * Change an endpoint's name, URL, subscriptions or whether it is active.
   *
   * `PUT /api/v1/workspaces/{workspaceId}/webhooks/{id}` — access: role Editor, workspace Write.
   */
  updateWebhookEndpoint(input: OperationInput<'updateWebhookEndpoint'>, options?: CallOptions): Promise<OperationResult<'updateWebhookEndpoint'>> {
    return this.invoke('updateWebhookEndpoint', input, options);
  }

  /**
   * Rename a workspace or change its slug or description.
   *
   * `PUT /api/v1/workspaces/{workspaceId}` — access: role Admin, workspace Write.
   */
  updateWorkspace(input: OperationInput<'updateWorkspace'>, options?: CallOptions): Promise<OperationResult<'updateWorkspace'>> {
    return this.invoke('updateWorkspace', input, options);
  }

  /**
   * Replace the workspace's locales (Verso extension).
   *
   * `PUT /api/v1/workspaces/{workspaceId}/locales` — access: role TemplateAdmin, workspace Write.
   */
  updateWorkspaceLocales(input: OperationInput<'updateWorkspaceLocales'>, options?: CallOptions): Promise<OperationResult<'updateWorkspaceLocales'>> {
    return this.invoke('updateWorkspaceLocales', input, options);
  }

  /**
   * Move a Draft, Review or Approved version to its template's published version.
   *
   * `POST /api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/upgrade-template-version` — access: role Editor, workspace Write.
   */
  upgradeContentVersionTemplate(input: OperationInput<'upgradeContentVersionTemplate'>, options?: CallOptions): Promise<OperationResult<'upgradeContentVersionTemplate'>> {
    return this.invoke('upgradeContentVersionTemplate', input, options);
  }

  /**
   * Upload a file (multipart/form-data), streamed to storage as it arrives.
   *
   * `POST /api/v1/workspaces/{workspaceId}/media` — access: role Editor, workspace Write.
   */
  uploadMedia(input: OperationInput<'uploadMedia'>, options?: CallOptions): Promise<OperationResult<'uploadMedia'>> {
    return this.invoke('uploadMedia', input, options);
  }

  /**
   * Whether the release would publish now, and every problem that stops it.
   *
   * `GET /api/v1/workspaces/{workspaceId}/releases/{id}/validation` — access: role Editor, workspace Read.
   */
  validateRelease(input: OperationInput<'validateRelease'>, options?: CallOptions): Promise<OperationResult<'validateRelease'>> {
    return this.invoke('validateRelease', input, options);
  }
}
