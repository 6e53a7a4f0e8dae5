// Paging as upstream: 1-based `page`, `pageSize` 1–100 (default 20; the contract enforces the
// bounds), envelope {items, totalCount, page, pageSize, totalPages}. Pages past the end are empty
// but still report the real total.
export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly offset: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly totalCount: number;
  readonly page: number;
  readonly pageSize: number;
  readonly totalPages: number;
}

/** Query values arrive as strings or (once coerced by validation) numbers; both are accepted. */
function positiveInteger(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

export function pageRequest(query: Readonly<Record<string, unknown>>, defaultSize = 20): PageRequest {
  const page = positiveInteger(query.page, 1);
  const pageSize = positiveInteger(query.pageSize, defaultSize);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function toPage<T>(items: readonly T[], totalCount: number, request: PageRequest): Page<T> {
  return {
    items,
    totalCount,
    page: request.page,
    pageSize: request.pageSize,
    totalPages: Math.ceil(totalCount / Math.max(1, request.pageSize)),
  };
}
