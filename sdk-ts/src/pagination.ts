// Paging over list operations that return `{items, totalCount, page, pageSize, totalPages}` and
// take `page` (1-based) and `pageSize` query parameters. Pages are requested one after the other,
// 1..n, stopping after the last page or at the first empty one (so a list that shrinks while being
// read cannot loop forever); cancellation is checked before every page request.
import type { PagedOperationId } from './generated/operations.js';
import type { OperationInput, OperationResult } from './operations/operation-types.js';

export interface PagedEnvelope<T> {
  items: T[];
  totalCount: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export type PageOf<Id extends PagedOperationId> = OperationResult<Id>;
export type PageItem<Id extends PagedOperationId> = OperationResult<Id> extends { items: (infer T)[] } ? T : never;
/** The operation's input; `query.page` (default 1) is where iteration starts. */
export type PagedInput<Id extends PagedOperationId> = OperationInput<Id>;

export interface PaginateOptions {
  startPage?: number;
  signal?: AbortSignal;
}

/** Yields every page produced by `loadPage(1)`, `loadPage(2)`, … (any paged endpoint). */
export async function* paginate<P extends PagedEnvelope<unknown>>(loadPage: (page: number) => Promise<P>, options: PaginateOptions = {}): AsyncGenerator<P> {
  const start = options.startPage ?? 1;
  if (!Number.isInteger(start) || start < 1) throw new RangeError('page must be an integer >= 1.');
  for (let page = start; ; page += 1) {
    options.signal?.throwIfAborted();
    const result = await loadPage(page);
    yield result;
    // Compare with the page we asked for too: a server echoing a wrong page number must not loop.
    if (result.items.length === 0 || Math.max(page, result.page) >= result.totalPages) return;
  }
}

/** Yields the items of every page, in order. */
export async function* listAllItems<T>(pages: AsyncIterable<{ items: T[] }>): AsyncGenerator<T> {
  for await (const page of pages) yield* page.items;
}

/** The operation input with `query.page` set to `page`. */
export function withPage<I>(input: I | undefined, page: number): I {
  const query = (input as { query?: Record<string, unknown> } | undefined)?.query;
  return { ...input, query: { ...query, page } } as I;
}

/** The page an input asks for, default 1. */
export function startPageOf(input: unknown): number {
  const page = (input as { query?: { page?: unknown } } | undefined)?.query?.page;
  return typeof page === 'number' ? page : 1;
}
