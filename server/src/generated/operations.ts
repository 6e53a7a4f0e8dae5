// DO NOT EDIT: generated from openapi/ by `make generate`.
// Every operationId in the contract, with its method and path. The server's handler map is typed
// against OperationId, so a missing or extra handler fails to compile as well as at start-up.

export const operations = {
  "addReleaseEntry": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/releases/{id}/entries"
  },
  "approveContentVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/approve"
  },
  "archiveContentVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/archive"
  },
  "bulkContentAction": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/bulk"
  },
  "changePassword": {
    "method": "POST",
    "path": "/api/v1/auth/change-password"
  },
  "compareContentVersions": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/compare"
  },
  "createApiClient": {
    "method": "POST",
    "path": "/api/v1/clients"
  },
  "createComponent": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/components"
  },
  "createComponentVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/components/{id}/versions"
  },
  "createContent": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content"
  },
  "createContentTranslation": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/translations"
  },
  "createContentVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions"
  },
  "createPickList": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/picklists"
  },
  "createPreviewToken": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/preview-tokens"
  },
  "createRelease": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/releases"
  },
  "createTemplate": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/templates"
  },
  "createTemplateField": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields"
  },
  "createTemplateSection": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections"
  },
  "createTemplateVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions"
  },
  "createUser": {
    "method": "POST",
    "path": "/api/v1/users"
  },
  "createWebhookEndpoint": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/webhooks"
  },
  "createWorkspace": {
    "method": "POST",
    "path": "/api/v1/workspaces"
  },
  "deleteContent": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}"
  },
  "deleteContentVersion": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}"
  },
  "deleteMedia": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/media/{id}"
  },
  "deletePickList": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/picklists/{id}"
  },
  "deleteRelease": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/releases/{id}"
  },
  "deleteTag": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/tags/{id}"
  },
  "deleteTemplate": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}"
  },
  "deleteTemplateField": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/{fieldId}"
  },
  "deleteTemplateSection": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections/{sectionId}"
  },
  "deleteUser": {
    "method": "DELETE",
    "path": "/api/v1/users/{id}"
  },
  "deleteWebhookEndpoint": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/webhooks/{id}"
  },
  "deleteWorkspace": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}"
  },
  "downloadMedia": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/media/{id}/file"
  },
  "duplicateContent": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/duplicate"
  },
  "exportPackage": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/packages/export"
  },
  "getAccountPreferences": {
    "method": "GET",
    "path": "/api/v1/account/preferences"
  },
  "getApiClient": {
    "method": "GET",
    "path": "/api/v1/clients/{id}"
  },
  "getApiDocsAsset": {
    "method": "GET",
    "path": "/swagger/assets/{asset}"
  },
  "getApiDocsViewer": {
    "method": "GET",
    "path": "/swagger"
  },
  "getComponent": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/components/{id}"
  },
  "getComponentVersion": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}"
  },
  "getContent": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}"
  },
  "getContentBySlug": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/by-slug/{slug}"
  },
  "getContentTranslationStatus": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/translation-status"
  },
  "getContentVersion": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}"
  },
  "getCurrentUser": {
    "method": "GET",
    "path": "/api/v1/auth/me"
  },
  "getHealthDashboard": {
    "method": "GET",
    "path": "/health/dashboard"
  },
  "getHealthLive": {
    "method": "GET",
    "path": "/health/live"
  },
  "getHealthReady": {
    "method": "GET",
    "path": "/health/ready"
  },
  "getMedia": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/media/{id}"
  },
  "getOpenApiDocument": {
    "method": "GET",
    "path": "/openapi.json"
  },
  "getPackageSchemaV10": {
    "method": "GET",
    "path": "/schema/ctp-1.0.json"
  },
  "getPackageSchemaV11": {
    "method": "GET",
    "path": "/schema/ctp-1.1.json"
  },
  "getPickList": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/picklists/{id}"
  },
  "getPickListRevision": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/picklists/{id}/revisions/{revisionId}"
  },
  "getPublicMediaSettings": {
    "method": "GET",
    "path": "/media/v1/settings"
  },
  "getPublicRendition": {
    "method": "GET",
    "path": "/media/v1/{workspaceId}/{assetId}/{contentVersion}/{signature}/{transformation}/{fileName}"
  },
  "getRelease": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/releases/{id}"
  },
  "getStorageSettings": {
    "method": "GET",
    "path": "/api/v1/settings/storage"
  },
  "getTemplate": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}"
  },
  "getTemplateVersion": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}"
  },
  "getTemplateVersionById": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/templates/versions/{versionId}"
  },
  "getUser": {
    "method": "GET",
    "path": "/api/v1/users/{id}"
  },
  "getWebhookEndpoint": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/webhooks/{id}"
  },
  "getWorkspace": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}"
  },
  "getWorkspaceLocales": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/locales"
  },
  "importOfficialPackage": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/packages/import/official/{packageId}"
  },
  "importPackage": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/packages/import"
  },
  "linkContentTranslation": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/link-translation"
  },
  "listApiClients": {
    "method": "GET",
    "path": "/api/v1/clients"
  },
  "listAuditEntries": {
    "method": "GET",
    "path": "/api/v1/audit"
  },
  "listComponents": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/components"
  },
  "listContent": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content"
  },
  "listContentTranslations": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/translations"
  },
  "listContentVersions": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions"
  },
  "listIpBans": {
    "method": "GET",
    "path": "/api/v1/security/ip-bans"
  },
  "listMedia": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/media"
  },
  "listMissingTranslations": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/missing-translations"
  },
  "listOfficialPackages": {
    "method": "GET",
    "path": "/api/v1/packages/official"
  },
  "listPickLists": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/picklists"
  },
  "listPreviewTokens": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/preview-tokens"
  },
  "listReleases": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/releases"
  },
  "listTags": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/tags"
  },
  "listTemplates": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/templates"
  },
  "listTemplateVersions": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions"
  },
  "listUsers": {
    "method": "GET",
    "path": "/api/v1/users"
  },
  "listWebhookDeliveries": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/webhooks/{id}/deliveries"
  },
  "listWebhookEndpoints": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/webhooks"
  },
  "listWorkspaceAuditEntries": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/audit"
  },
  "listWorkspaceContentVersions": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/content/versions"
  },
  "listWorkspaces": {
    "method": "GET",
    "path": "/api/v1/workspaces"
  },
  "login": {
    "method": "POST",
    "path": "/api/v1/auth/login"
  },
  "logout": {
    "method": "POST",
    "path": "/api/v1/auth/logout"
  },
  "previewOfficialPackageImport": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/packages/import/official/{packageId}/preview"
  },
  "previewPackageImport": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/packages/import/preview"
  },
  "publishComponentVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}/publish"
  },
  "publishContentVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/publish"
  },
  "publishRelease": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/releases/{id}/publish"
  },
  "publishTemplateVersion": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/publish"
  },
  "refreshSession": {
    "method": "POST",
    "path": "/api/v1/auth/refresh"
  },
  "rejectContentVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/reject"
  },
  "removeReleaseEntry": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/releases/{id}/entries/{itemId}"
  },
  "reorderTemplateFields": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/reorder"
  },
  "replaceComponentFields": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}/fields"
  },
  "resetUserPassword": {
    "method": "POST",
    "path": "/api/v1/users/{id}/reset-password"
  },
  "restoreContentVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/restore"
  },
  "retryWebhookDelivery": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/webhooks/{id}/deliveries/{deliveryId}/retry"
  },
  "revertRelease": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/releases/{id}/revert"
  },
  "revokeApiClient": {
    "method": "POST",
    "path": "/api/v1/clients/{id}/revoke"
  },
  "revokePreviewToken": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspaceId}/preview-tokens/{id}"
  },
  "rollbackContentVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/rollback"
  },
  "rotateApiClient": {
    "method": "POST",
    "path": "/api/v1/clients/{id}/rotate"
  },
  "rotatePublicMediaUrls": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/media/public-urls/rotate"
  },
  "rotateWebhookSecret": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/webhooks/{id}/rotate-secret"
  },
  "setTemplateTitleField": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/title-field"
  },
  "submitContentVersion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/submit"
  },
  "testStorage": {
    "method": "POST",
    "path": "/api/v1/settings/storage/test"
  },
  "unlockUser": {
    "method": "POST",
    "path": "/api/v1/users/{id}/unlock"
  },
  "updateAccountPreferences": {
    "method": "PUT",
    "path": "/api/v1/account/preferences"
  },
  "updateComponent": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/components/{id}"
  },
  "updateContent": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}"
  },
  "updateContentVersion": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}"
  },
  "updateMedia": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/media/{id}"
  },
  "updatePickList": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/picklists/{id}"
  },
  "updateRelease": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/releases/{id}"
  },
  "updateTemplate": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}"
  },
  "updateTemplateField": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/{fieldId}"
  },
  "updateTemplateSection": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections/{sectionId}"
  },
  "updateUser": {
    "method": "PUT",
    "path": "/api/v1/users/{id}"
  },
  "updateWebhookEndpoint": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/webhooks/{id}"
  },
  "updateWorkspace": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}"
  },
  "updateWorkspaceLocales": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspaceId}/locales"
  },
  "upgradeContentVersionTemplate": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/upgrade-template-version"
  },
  "uploadMedia": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspaceId}/media"
  },
  "validateRelease": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspaceId}/releases/{id}/validation"
  }
} as const;

export type OperationId = keyof typeof operations;

/** Operations whose x-verso-access is public: their handlers may be called without an actor. */
export type PublicOperationId = "getApiDocsAsset" | "getApiDocsViewer" | "getHealthDashboard" | "getHealthLive" | "getHealthReady" | "getOpenApiDocument" | "getPackageSchemaV10" | "getPackageSchemaV11" | "getPublicMediaSettings" | "getPublicRendition" | "login";
