// DO NOT EDIT: generated from openapi/ by `make generate`.
// Every operationId in the contract, with its method and path. The server's handler map is typed
// against OperationId, so a missing or extra handler fails to compile as well as at start-up.

export const operations = {
  "getApiDocsAsset": {
    "method": "GET",
    "path": "/swagger/assets/{asset}"
  },
  "getApiDocsViewer": {
    "method": "GET",
    "path": "/swagger"
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
  "getOpenApiDocument": {
    "method": "GET",
    "path": "/openapi.json"
  }
} as const;

export type OperationId = keyof typeof operations;
