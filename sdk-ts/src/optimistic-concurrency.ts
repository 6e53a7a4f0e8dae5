// ETag helpers for the API's optimistic concurrency: read a resource with its ETag, send that tag
// as If-Match on the write, and on 412 (`concurrency-mismatch`: someone else wrote in between)
// read again and re-apply the change to the fresh state. The SDK never replays a write by itself;
// this helper re-runs the caller's `write` on purpose, with the new state, a bounded number of times.
import type { CallOptions, OperationId, OperationInput, OperationResult } from './operations/operation-types.js';
import { VersoApiError } from './errors.js';
import type { VersoClient } from './client.js';

export interface Tagged<T> {
  readonly data: T;
  readonly etag: string | undefined;
}

/** Calls a read operation and returns its body with the response's ETag. */
export async function readWithETag<Id extends OperationId>(client: VersoClient, operationId: Id, input?: OperationInput<Id>, options?: CallOptions): Promise<Tagged<OperationResult<Id>>> {
  const { data, etag } = await client.call(operationId, input, options);
  return { data, etag };
}

export interface RefreshAndRetry<T, R> {
  /** Reads the current state and its ETag (for example with readWithETag). */
  read: () => Promise<Tagged<T>>;
  /** Applies the change to `current` and writes it with `If-Match: etag`. */
  write: (current: T, etag: string) => Promise<R>;
  /** Re-reads after a 412 at most this many times (default 1). */
  maxRefreshes?: number;
}

export class MissingETagError extends Error {
  override readonly name = 'MissingETagError';
  constructor() {
    super('The read returned no ETag, so the write cannot be made conditional (If-Match).');
  }
}

/** Read → write with If-Match; on 412, refresh and retry (see the README, "Optimistic concurrency"). */
export async function writeWithETag<T, R>({ read, write, maxRefreshes = 1 }: RefreshAndRetry<T, R>): Promise<R> {
  let current = await read();
  for (let refreshes = 0; ; refreshes += 1) {
    if (current.etag === undefined) throw new MissingETagError();
    try {
      return await write(current.data, current.etag);
    } catch (error) {
      if (!(error instanceof VersoApiError && error.status === 412) || refreshes >= maxRefreshes) throw error;
      current = await read();
    }
  }
}
