// DO NOT EDIT: generated from openapi/dist/openapi.json by sdk-ts/scripts/generate-operations.mjs (`make generate`).
/* eslint-disable */
import type { CallOptions, OperationId, OperationInput, OperationResult } from '../operations/operation-types.js';
import type { OperationSpec } from '../operations/operation-spec.js';

/** What the transport needs to know about each operation, taken from the contract. */
export const operationSpecs = {
  getApiDocsAsset: {"method":"GET","path":"/swagger/assets/{asset}","pathParams":["asset"],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/javascript","image/png","text/css"],"paged":null,"ifMatch":false,"anonymous":true},
  getApiDocsViewer: {"method":"GET","path":"/swagger","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["text/html"],"paged":null,"ifMatch":false,"anonymous":true},
  getCurrentUser: {"method":"GET","path":"/api/v1/auth/me","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":false},
  getHealthDashboard: {"method":"GET","path":"/health/dashboard","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["text/html"],"paged":null,"ifMatch":false,"anonymous":true},
  getHealthLive: {"method":"GET","path":"/health/live","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":true},
  getHealthReady: {"method":"GET","path":"/health/ready","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":true},
  getOpenApiDocument: {"method":"GET","path":"/openapi.json","pathParams":[],"uuidPathParams":[],"queryParams":[],"headerParams":[],"body":null,"accept":["application/json"],"paged":null,"ifMatch":false,"anonymous":true},
} as const satisfies { readonly [Id in OperationId]: OperationSpec };

/** Operations whose response is the `{items,totalCount,page,pageSize,totalPages}` envelope with `page`/`pageSize` query parameters. */
export type PagedOperationId = never;

/** One method per operation in the contract; VersoClient supplies `invoke` (the resilient transport). */
export abstract class VersoOperations {
  protected abstract invoke<Id extends OperationId>(operationId: Id, input: OperationInput<Id> | undefined, options: CallOptions | undefined): Promise<OperationResult<Id>>;

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
   * This OpenAPI document, bundled.
   *
   * `GET /openapi.json` — access: public.
   */
  getOpenApiDocument(input?: OperationInput<'getOpenApiDocument'>, options?: CallOptions): Promise<OperationResult<'getOpenApiDocument'>> {
    return this.invoke('getOpenApiDocument', input, options);
  }
}
