// @verso/sdk: the typed, resilient client for the Verso API.
export { VersoClient, type RawRequest, type VersoResponse } from './client.js';
export { DEFAULT_RETRYABLE_STATUSES, type RetryOptions, type VersoClientOptions, type ResolvedClientOptions } from './client-options.js';
export {
  VersoApiError,
  VersoBulkActionError,
  VersoCircuitOpenError,
  VersoReleaseProblemsError,
  VersoTimeoutError,
  type BulkContentItemResult,
  type ReleaseProblem,
} from './errors.js';
export type { ProblemDetails } from './problem-details.js';
export { ETagStore } from './etag-store.js';
export { MissingETagError, readWithETag, writeWithETag, type RefreshAndRetry, type Tagged } from './optimistic-concurrency.js';
export { listAllItems, paginate, type PagedEnvelope, type PagedInput, type PageItem, type PageOf, type PaginateOptions } from './pagination.js';
export { DEFAULT_CIRCUIT_BREAKER_SETTINGS, VersoCircuitBreaker, type CircuitBreakerHooks, type CircuitBreakerSettings } from './transport/circuit-breaker.js';
export type { CircuitState } from './transport/circuit-state.js';
export { createVersoClientFactory, type PerClientOptions, type VersoClientFactory, type VersoClientFactoryOptions } from './client-factory.js';
export type { CircuitStateEvent, FailureCategory, RetryEvent, TelemetryCallbacks, TimeoutEvent } from './transport/telemetry.js';
export * from './media/index.js';
export { checkWebhookUrl } from './webhook-url.js';
export type { ObservedResponse, ResponseObserver } from './transport/response-observer.js';
export type { TokenProvider, TokenRequest, TokenSource } from './transport/token-provider.js';
export type { CallOptions, OperationId, OperationInput, OperationResult, BinaryBody } from './operations/operation-types.js';
export type { OperationSpec } from './operations/operation-spec.js';
export { operationSpecs, VersoOperations, type PagedOperationId } from './generated/operations.js';
export type { components, operations, paths } from './generated/openapi.js';
export { verifyWebhook, type VerifyWebhookOptions } from './webhooks.js';
export {
  VersoWebhookError,
  type ContentEventPayload,
  type ReleasePublishedPayload,
  type TemplateVersionPublishedPayload,
  type VersoWebhookErrorReason,
  type VersoWebhookEvent,
  type WebhookEventType,
  type WebhookPayloads,
  type WorkspaceUpdatedPayload,
} from './webhooks-events.js';
export type { HeaderGetter, WebhookHeaders } from './webhooks-headers.js';
export { renderPlaceholders, type PlaceholderValue, type PlaceholderValues } from './placeholders.js';
export { ContentCache, createContentCache, type CachedCallOptions, type ContentCacheOptions, type WebhookInvalidation } from './content/content-cache.js';
export { MemoryContentCacheStore, type ContentCacheEntry, type ContentCacheStore, type MemoryContentCacheStoreOptions } from './content/content-cache-store.js';
export type { CachedOperation } from './content/content-cache-keys.js';
export {
  contentQuery,
  type BuiltInSortKey,
  type ContentListQuery,
  type ContentSort,
  type FieldConditions,
  type FieldFilter,
  type FieldFilterOp,
  type FieldFilterOpsOf,
  type ListContentQuery,
  type SortableFieldKey,
  type VersoAnyFilterFields,
  type VersoFilterField,
  type VersoFilterFields,
  type VersoFilterType,
} from './content/field-query.js';
export {
  toContent,
  type VersoChild,
  type VersoContentModel,
  type VersoFieldDescriptor,
  type VersoJsonObject,
  type VersoUntypedContent,
  type VersoValueType,
  type VersoVersionLike,
} from './content/typed-content.js';
