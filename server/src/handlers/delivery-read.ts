// The shared step of the delivery reads (listContent, getContentBySlug): answer from the delivery
// cache (services/delivery-cache.ts) or produce, serialise and offer the body to it. Runs after
// the access step, like every handler, so a cached body is only ever given to a permitted caller.
import type { Dependencies } from '../dependencies.js';
import type { HandlerResult, OperationRequest } from '../http/operation.js';

/** Everything the answer depends on: the operation, its path and its (contract-checked) query. */
function cacheKey(request: OperationRequest): string {
  const query = Object.keys(request.query)
    .sort()
    .map((name) => [name, request.query[name]]);
  return JSON.stringify([request.operationId, request.params, query]);
}

export async function deliveryRead(
  deps: Dependencies,
  request: OperationRequest,
  produce: () => Promise<{ body: unknown; headers?: Readonly<Record<string, string>> }>,
): Promise<HandlerResult> {
  const asOf = request.query.asOf;
  const atNow = asOf === undefined || asOf === '';
  const { response, state } = await deps.deliveryCache.read(String(request.params.workspaceId), cacheKey(request), atNow, async () => {
    const { body, headers } = await produce();
    return { body: Buffer.from(JSON.stringify(body)), headers: headers ?? {} };
  });
  return { status: 200, body: response.body, contentType: 'application/json', headers: { ...response.headers, 'X-Verso-Cache': state } };
}
