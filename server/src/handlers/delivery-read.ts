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
//
// Content coding: the content list is answered gzipped to a client that accepts gzip (its stored
// pages are kept gzipped; handlers/content-coding.ts), with `Vary: Accept-Encoding` on every published
// list answer and the gzip representation's own tag. A cached answer keeps each coding it was asked
// in. By-slug answers (a few KB) are sent as JSON.
import type { Dependencies } from '../dependencies.js';
import type { operations } from '../generated/openapi.js';
import { acceptsGzip, CodedJson, contentTags, gzipEtag } from './content-coding.js';
import { noneMatch } from './if-none-match.js';
import { alreadySerialized, serializeJson, type OperationRequest, type SerializedJson } from '../http/operation.js';
import type { CacheState } from '../services/delivery/delivery-cache.js';
import { bodyEtag } from '../services/delivery/delivery-etag.js';
import { readsAtNow } from '../services/content/content-rules.js';

/** The reads the delivery cache serves. */
export type DeliveryOperation = 'listContent' | 'getContentBySlug';

/** Either read's request, as the contract types it (both have `workspaceId` and `asOf`). */
type AnyDeliveryRequest = { [K in DeliveryOperation]: OperationRequest<K> }[DeliveryOperation];
type DeliveryBody<K extends DeliveryOperation> = operations[K]['responses'][200]['content']['application/json'];
type ResponseHeaders = Readonly<Record<string, string>>;

/** The content coding headers of a list answer: Vary always, Content-Encoding when sent gzipped. */
type CodingHeaders = { readonly Vary?: 'Accept-Encoding'; readonly 'Content-Encoding'?: 'gzip' };

/** What a delivery read answers: its 200 (the possibly cached serialised body), or 304 when the tag matched. */
export type DeliveryAnswer<K extends DeliveryOperation, H extends ResponseHeaders> =
  | {
      readonly status: 200;
      /** The body in the coding Content-Encoding names (JSON when none). */
      readonly body: SerializedJson<DeliveryBody<K>>;
      /** The produced headers, the ETag and X-Verso-Cache, how this answer was made, and its coding's. */
      readonly headers: H & CodingHeaders & { readonly ETag: string; readonly 'X-Verso-Cache': CacheState };
    }
  | {
      readonly status: 304;
      /** The ETag, X-Verso-Cache, the produced headers (purge keys) when the answer was read or stored, and Vary. */
      readonly headers: ResponseHeaders & CodingHeaders & { readonly ETag: string; readonly 'X-Verso-Cache': CacheState };
    };

/**
 * What a read produced: its body (or the body already serialised, as JSON or in the codings at hand,
 * with the item it serves) and its headers, with the ETag when the read derives one.
 */
export type DeliveryProduct<K extends DeliveryOperation, H extends ResponseHeaders> = { readonly headers: H & { readonly ETag?: string } } & (
  | { readonly body: DeliveryBody<K> }
  | { readonly serialized: SerializedJson<DeliveryBody<K>>; readonly itemId: string | null }
  | { readonly coded: CodedJson<DeliveryBody<K>>; readonly itemId: string | null }
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

/** The operations whose answers are gzip-coded for a client that accepts it (see the header). */
const GZIP_CODED: ReadonlySet<DeliveryOperation> = new Set(['listContent']);

export async function deliveryRead<K extends DeliveryOperation, H extends ResponseHeaders>(
  deps: Dependencies,
  request: OperationRequest<K> & AnyDeliveryRequest,
  producer: DeliveryProducer<K, H>,
): Promise<DeliveryAnswer<K, H>> {
  const asOf = request.query.asOf;
  const atNow = readsAtNow(asOf);
  const key = cacheKey(request.operationId, request.params, request.query);
  const workspaceId = request.params.workspaceId;
  const header = request.headers['if-none-match'];
  // Either coding's tag names the content (a client may hold the JSON and now accept gzip).
  const ifNoneMatch = header === undefined ? undefined : contentTags(header);
  const coded = GZIP_CODED.has(request.operationId);
  const gzipped = coded && acceptsGzip(request.acceptEncoding);
  const vary: CodingHeaders = coded ? { Vary: 'Accept-Encoding' } : {};
  const tagOf = (etag: string) => (gzipped ? gzipEtag(etag) : etag);
  type Stored = { body: CodedJson<DeliveryBody<K>>; headers: H & { ETag: string } };
  const notModified = (headers: ResponseHeaders & { ETag: string }, state: CacheState): DeliveryAnswer<K, H> => ({
    status: 304,
    headers: { ...headers, ...vary, ETag: tagOf(headers.ETag), 'X-Verso-Cache': state },
  });
  const answer = async ({ body, headers }: Stored, state: CacheState): Promise<DeliveryAnswer<K, H>> =>
    gzipped
      ? {
          status: 200,
          body: alreadySerialized<DeliveryBody<K>>(await body.toGzip()),
          headers: { ...headers, ...vary, 'Content-Encoding': 'gzip', ETag: gzipEtag(headers.ETag), 'X-Verso-Cache': state },
        }
      : { status: 200, body: await body.toJson(), headers: { ...headers, ...vary, 'X-Verso-Cache': state } };
  if (ifNoneMatch !== undefined) {
    const hit = await deps.deliveryCache.cached<Stored>(workspaceId, key, atNow);
    if (hit) return noneMatch(ifNoneMatch, hit.headers.ETag) ? notModified(hit.headers, 'hit') : answer(hit, 'hit');
    const tag = producer.tag ? await producer.tag() : null;
    if (tag !== null && noneMatch(ifNoneMatch, tag.etag)) {
      return notModified({ ...tag.headers, ETag: tag.etag }, deps.deliveryCache.active ? 'miss' : 'bypass');
    }
  }
  const { response, state } = await deps.deliveryCache.read<Stored>(workspaceId, key, atNow, async () => {
    const product = await producer.produce();
    const { headers } = product;
    const body =
      'coded' in product ? product.coded : CodedJson.of({ json: 'serialized' in product ? product.serialized : serializeJson(product.body) });
    // A by-slug answer depends on the item it serves (and what that embeds, which the notices name
    // with it); a list on every item of the workspace.
    const itemId = 'body' in product ? ('contentItemId' in product.body ? product.body.contentItemId : null) : product.itemId;
    // A read that derives no tag (the plain list) is tagged by its JSON.
    const etag = headers.ETag ?? bodyEtag(await body.toJson());
    return { response: { body, headers: { ...headers, ETag: etag } }, itemId };
  });
  if (ifNoneMatch !== undefined && noneMatch(ifNoneMatch, response.headers.ETag)) return notModified(response.headers, state);
  return answer(response, state);
}
