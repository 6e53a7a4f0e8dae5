// The shared step of the delivery reads (listContent, getContentBySlug): answer from the delivery
// cache (services/delivery/delivery-cache.ts) or produce, serialise and offer the body to it. Runs
// after the access step, like every handler, so a cached body is only ever given to a permitted
// caller. The cached body stays typed by the operation's schema (SerializedJson), so the answer is
// checked against the contract like any other handler's.
import type { Dependencies } from '../dependencies.js';
import type { operations } from '../generated/openapi.js';
import { serializeJson, type OperationRequest, type SerializedJson } from '../http/operation.js';
import type { CacheState } from '../services/delivery/delivery-cache.js';

/** The reads the delivery cache serves. */
export type DeliveryOperation = 'listContent' | 'getContentBySlug';

/** Either read's request, as the contract types it (both have `workspaceId` and `asOf`). */
type AnyDeliveryRequest = { [K in DeliveryOperation]: OperationRequest<K> }[DeliveryOperation];
type DeliveryBody<K extends DeliveryOperation> = operations[K]['responses'][200]['content']['application/json'];
type ResponseHeaders = Readonly<Record<string, string>>;

/** What a delivery read answers with its 200: the (possibly cached) serialised body and its headers. */
export interface DeliveryAnswer<K extends DeliveryOperation, H extends ResponseHeaders> {
  readonly body: SerializedJson<DeliveryBody<K>>;
  /** The produced headers and X-Verso-Cache, how this answer was made. */
  readonly headers: H & { readonly 'X-Verso-Cache': CacheState };
}

/** Everything the answer depends on: the operation, its path and its (contract-checked) query. */
function cacheKey(operationId: DeliveryOperation, params: object, query: Readonly<Record<string, unknown>>): string {
  const ordered = Object.keys(query)
    .sort()
    .map((name) => [name, query[name]]);
  return JSON.stringify([operationId, params, ordered]);
}

export async function deliveryRead<K extends DeliveryOperation, H extends ResponseHeaders>(
  deps: Dependencies,
  request: OperationRequest<K> & AnyDeliveryRequest,
  produce: () => Promise<{ readonly body: DeliveryBody<K>; readonly headers: H }>,
): Promise<DeliveryAnswer<K, H>> {
  const asOf = request.query.asOf;
  const atNow = asOf === undefined || asOf === '';
  const key = cacheKey(request.operationId, request.params, request.query);
  const { response, state } = await deps.deliveryCache.read(request.params.workspaceId, key, atNow, async () => {
    const { body, headers } = await produce();
    // A by-slug answer depends on the item it serves (and what that embeds, which the notices name
    // with it); a list on every item of the workspace.
    const itemId = 'contentItemId' in body ? body.contentItemId : null;
    return { response: { body: serializeJson(body), headers }, itemId };
  });
  return { body: response.body, headers: { ...response.headers, 'X-Verso-Cache': state } };
}
