// Paging as upstream: 1-based `page`, `pageSize` 1–100 (default 20; the contract enforces the
// bounds), envelope {items, totalCount, page, pageSize, totalPages}. Pages past the end are empty
// but still report the real total.

/** The paging parameters every list operation declares (Page, PageSize or AuditPageSize). */
export interface PagingQuery {
  readonly page?: number;
  readonly pageSize?: number;
}

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly offset: number;
}

/**
 * The envelope every `…PagedResponse` schema of the contract shares; `Page<UserDto>` is
 * `UserDtoPagedResponse`, so services declare the generated name and return `toPage(…)`.
 */
export interface Page<T> {
  readonly items: T[];
  readonly totalCount: number;
  readonly page: number;
  readonly pageSize: number;
  readonly totalPages: number;
}

/**
 * The validator coerces query values to integers within the contract's bounds; a caller that still
 * holds an untyped query (Readonly<Record<string, unknown>> is assignable to PagingQuery) may pass
 * text, which is read the same way. Anything else → the default.
 */
function positiveInteger(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

export function pageRequest(query: PagingQuery, defaultSize = 20): PageRequest {
  const page = positiveInteger(query.page, 1);
  const pageSize = positiveInteger(query.pageSize, defaultSize);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function toPage<T>(items: T[], totalCount: number, request: PageRequest): Page<T> {
  return {
    items,
    totalCount,
    page: request.page,
    pageSize: request.pageSize,
    totalPages: Math.ceil(totalCount / Math.max(1, request.pageSize)),
  };
}
