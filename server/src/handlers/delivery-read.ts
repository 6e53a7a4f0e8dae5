// The shared step of the delivery reads (listContent, getContentBySlug): answer from the delivery
// cache (services/delivery/delivery-cache.ts) or produce, serialise and offer the body to it. Runs
// after the access step, like every handler, so a cached body is only ever given to a permitted
// caller. The cached body stays typed by the operation's schema (SerializedJson), so the answer is
// checked against the contract like any other handler's.
//
// Validators (issue #27 §2): every published answer carries a strong ETag, and If-None-Match naming
// it is answered 304. On a cache hit the tag is the entry's; on a miss a read that can compute its tag
// cheaply (by-slug: its stored document's tag without the body, or without stored documents the
// tag statement; the resolved list: its marks; one small statement each, services/delivery/delivery-etag.ts)
// does that first and answers 304 without reading; otherwise the answer is produced (by-slug with
// stored documents: one lookup) and compared. A 304 carries the answer's purge-key headers whenever
// the answer was at hand, so a CDN revalidating an entry keeps its keys.
import type { Dependencies } from '../dependencies.js';
import type { operations } from '../generated/openapi.js';
import { serializeJson, type OperationRequest, type SerializedJson } from '../http/operation.js';
import type { CacheState } from '../services/delivery/delivery-cache.js';
import { bodyEtag } from '../services/delivery/delivery-etag.js';
import { noneMatch } from '../services/media/media-download.js';
import { readsAtNow } from '../services/content/content-rules.js';

/** The reads the delivery cache serves. */
export type DeliveryOperation = 'listContent' | 'getContentBySlug';

/** Either read's request, as the contract types it (both have `workspaceId` and `asOf`). */
type AnyDeliveryRequest = { [K in DeliveryOperation]: OperationRequest<K> }[DeliveryOperation];
type DeliveryBody<K extends DeliveryOperation> = operations[K]['responses'][200]['content']['application/json'];
type ResponseHeaders = Readonly<Record<string, string>>;

/** What a delivery read answers: its 200 (the possibly cached serialised body), or 304 when the tag matched. */
export type DeliveryAnswer<K extends DeliveryOperation, H extends ResponseHeaders> =
  | {
      readonly status: 200;
      readonly body: SerializedJson<DeliveryBody<K>>;
      /** The produced headers, the ETag and X-Verso-Cache, how this answer was made. */
      readonly headers: H & { readonly ETag: string; readonly 'X-Verso-Cache': CacheState };
    }
  | {
      readonly status: 304;
      /** The ETag, X-Verso-Cache, and the produced headers (purge keys) when the answer was read or stored. */
      readonly headers: ResponseHeaders & { readonly ETag: string; readonly 'X-Verso-Cache': CacheState };
    };

/**
 * What a read produced: its body (or the body already serialised, with the item it serves) and its
 * headers, with the ETag when the read derives one.
 */
export type DeliveryProduct<K extends DeliveryOperation, H extends ResponseHeaders> = { readonly headers: H & { readonly ETag?: string } } & (
  | { readonly body: DeliveryBody<K> }
  | { readonly serialized: SerializedJson<DeliveryBody<K>>; readonly itemId: string | null }
);

/** How a read is produced, and optionally its tag alone. */
export interface DeliveryProducer<K extends DeliveryOperation, H extends ResponseHeaders> {
  readonly produce: () => Promise<DeliveryProduct<K, H>>;
  /**
   * The tag `produce` would answer with, computed without the read (null: unknown without it, or
   * nothing to serve), with the headers a 304 carries (the purge keys it knows without the body).
   */
  readonly tag?: () => Promise<{ readonly etag: string; readonly headers: ResponseHeaders } | null>;
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
  producer: DeliveryProducer<K, H>,
): Promise<DeliveryAnswer<K, H>> {
  const asOf = request.query.asOf;
  const atNow = readsAtNow(asOf);
  const key = cacheKey(request.operationId, request.params, request.query);
  const workspaceId = request.params.workspaceId;
  const ifNoneMatch = request.headers['if-none-match'];
  type Stored = { body: SerializedJson<DeliveryBody<K>>; headers: H & { ETag: string } };
  if (ifNoneMatch !== undefined) {
    const hit = await deps.deliveryCache.cached<Stored>(workspaceId, key, atNow);
    if (hit) {
      if (noneMatch(ifNoneMatch, hit.headers.ETag)) return { status: 304, headers: { ...hit.headers, 'X-Verso-Cache': 'hit' } };
      return { status: 200, body: hit.body, headers: { ...hit.headers, 'X-Verso-Cache': 'hit' } };
    }
    const tag = producer.tag ? await producer.tag() : null;
    if (tag !== null && noneMatch(ifNoneMatch, tag.etag)) {
      return { status: 304, headers: { ...tag.headers, ETag: tag.etag, 'X-Verso-Cache': deps.deliveryCache.active ? 'miss' : 'bypass' } };
    }
  }
  const { response, state } = await deps.deliveryCache.read<Stored>(workspaceId, key, atNow, async () => {
    const product = await producer.produce();
    const { headers } = product;
    const serialized = 'serialized' in product ? product.serialized : serializeJson(product.body);
    // A by-slug answer depends on the item it serves (and what that embeds, which the notices name
    // with it); a list on every item of the workspace.
    const itemId = 'serialized' in product ? product.itemId : 'contentItemId' in product.body ? product.body.contentItemId : null;
    return { response: { body: serialized, headers: { ...headers, ETag: headers.ETag ?? bodyEtag(serialized) } }, itemId };
  });
  if (ifNoneMatch !== undefined && noneMatch(ifNoneMatch, response.headers.ETag)) {
    return { status: 304, headers: { ...response.headers, 'X-Verso-Cache': state } };
  }
  return { status: 200, body: response.body, headers: { ...response.headers, 'X-Verso-Cache': state } };
}
