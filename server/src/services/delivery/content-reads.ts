// Delivery reads: the content list (optionally only what is served at an instant), by-slug, and
// version reads with composition expansion. Queries arrive as the contract declares them, already
// coerced by the request validator (booleans and integers, unknown names refused).
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import type { HotPool } from '../../db/hot-pool.js';
import { notFound } from '../../errors.js';
import { listContentCounted, type ContentListQuery, type ContentSortKey } from '../../db/delivery/content-list.js';
import { prefixesText } from '../../db/delivery/served-groups.js';
import { findListState } from '../../db/delivery/delivery-marks.js';
import { findLiveItemVersion, listVersionsPage, type VersionRow } from '../../db/content/content-versions.js';
import type { operations } from '../../generated/openapi.js';
import type {
  ContentItemSummaryResponsePagedResponse,
  ContentVersionDetailResponse,
  ContentVersionSummaryResponsePagedResponse,
} from '../../generated/schemas.js';
import { MAX_EXPANSION_DEPTH, presentServedTree, presentVersionDetails } from './content-expansion.js';
import { deliverAssets } from './delivered-assets.js';
import { withSharedFields } from './shared-fields.js';
import { listEtag, servedEtag } from './delivery-etag.js';
import { findServedTag, findServedTree, inReaderLocale, treeItems, treeTagInputs } from './served-tree.js';
import type { AssetLinks } from '../media/media-assets.js';
import { listItemSummary, versionEtag, versionSummary, type Tagged } from '../content/content-presenter.js';
import { asOfParam, normalizeTags, readsAtNow, requireItem, requireVersion } from '../content/content-rules.js';
import { pageRequest, toPage, type PagingQuery } from '../platform/paging.js';
import { parseFieldQuery } from './field-filters.js';
import { requestedLocale, type RequestedLocale } from '../localization/requested-locale.js';

type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;

export type ContentListParameters = QueryOf<'listContent'>;
export type ContentBySlugQuery = QueryOf<'getContentBySlug'>;
/** `expandChildren`, as the version reads and writes declare it; omitted, children are expanded. */
export type VersionReadQuery = QueryOf<'getContentVersion'>;

const SORT_KEYS: Readonly<Record<string, ContentSortKey>> = { createdat: 'createdAt', updatedat: 'updatedAt', slug: 'slug', title: 'title' };

const text = (value: string | undefined): string | null => (value !== undefined && value.length > 0 ? value : null);
const instant = (value: string | undefined): string | null => (value !== undefined && value.length > 0 ? new Date(value).toISOString() : null);

/**
 * The list query `query` asks for. Field filters and a field sort are checked against the template's
 * fields first (one small statement on the hot pool, only when the query has them): a 400 before
 * any list query runs.
 */
export async function contentListQuery(hot: HotPool, workspaceId: string, query: ContentListParameters): Promise<ContentListQuery> {
  const page = pageRequest(query);
  const tagList = text(query.tags);
  const locale = requestedLocale(query.locale);
  const { fieldFilters, fieldSort } = await parseFieldQuery(hot, workspaceId, text(query.templateId), query.filter, query.sortBy);
  return {
    workspaceId,
    q: text(query.q),
    templateVersionId: text(query.templateVersionId),
    templateId: text(query.templateId),
    status: text(query.status),
    localeCode: text(query.localeCode),
    translationGroupId: text(query.translationGroupId),
    slug: text(query.slug),
    tags: tagList ? normalizeTags(tagList.split(',').filter((t) => t.trim().length > 0)) : [],
    createdAfter: instant(query.createdAfter),
    createdBefore: instant(query.createdBefore),
    publishedAfter: instant(query.publishedAfter),
    publishedBefore: instant(query.publishedBefore),
    resolve: query.resolve ?? false,
    asOf: asOfParam(query.asOf),
    sortBy: SORT_KEYS[(query.sortBy ?? 'createdAt').toLowerCase()] ?? 'createdAt',
    fieldFilters,
    fieldSort,
    locale,
    sortDesc: query.sortDesc ?? true,
    limit: page.pageSize,
    offset: page.offset,
  };
}

/**
 * One page of items and their total: under resolve one statement (two for a page past the end),
 * otherwise a count and the page (db/content-list.ts says why), whatever the page size. A resolved
 * page also gets its tag (listTag), read first: the tag must describe no later state than the page.
 */
export async function listContent(
  hot: HotPool,
  db: DatabasePool,
  workspaceId: string,
  query: ContentListParameters,
): Promise<{ readonly body: ContentItemSummaryResponsePagedResponse; readonly etag: string | null }> {
  const q = await contentListQuery(hot, workspaceId, query);
  const etag = q.resolve ? await listTag(hot, q, query) : null;
  return { body: await readListPage(db, q, query), etag };
}

/** The page `q` asks for, read and presented (no tag). */
export async function readListPage(db: CommonQueryMethods, q: ContentListQuery, query: ContentListParameters): Promise<ContentItemSummaryResponsePagedResponse> {
  const { rows, total } = await listContentCounted(db, q);
  return toPage(rows.map((r) => listItemSummary(r, q.resolve)), total, pageRequest(query));
}

/** The tag listContent would answer with now, from one small statement; null for a plain list (its tag is its bytes'). */
export async function listContentTag(hot: HotPool, workspaceId: string, query: ContentListParameters): Promise<string | null> {
  const q = await contentListQuery(hot, workspaceId, query);
  return q.resolve ? listTag(hot, q, query) : null;
}

/**
 * Every parameter that shapes a resolved page, as text: what its tag digests (with the list state)
 * and what a stored page is kept under. The instant is part of it only when the read names one; at
 * "now" the state's next window boundary stands for it. The field filters and sort are in it as
 * parsed (canonical order and spelling, with the column their type compares on), so equal queries
 * share a key and a field whose type changed does not answer from a page made under the old one.
 * The reader's locale is in it as its canonical tag (and prefixes), so `de-ch` and `de-CH` share
 * pages; the chain it resolves to is not, as saving the locales moves the workspace's marks.
 */
export function listQueryKey(q: ContentListQuery, query: ContentListParameters): string {
  return JSON.stringify({ ...q, asOf: readsAtNow(query.asOf) ? null : q.asOf });
}

async function listTag(hot: HotPool, q: ContentListQuery, query: ContentListParameters): Promise<string> {
  return listEtag(await findListState(hot, q.workspaceId, q.asOf), listQueryKey(q, query));
}

async function detailOf(
  db: CommonQueryMethods,
  workspaceId: string,
  version: VersionRow,
  query: VersionReadQuery,
  asOf?: string,
): Promise<Tagged<ContentVersionDetailResponse>> {
  const [body] = await presentVersionDetails(db, [version], {
    workspaceId,
    expandChildren: query.expandChildren ?? true,
    asOf: asOf ?? asOfParam(undefined),
  });
  return { body: body!, etag: versionEtag(version) };
}

/**
 * A by-slug answer read in full: the body and its tag; the slug's own item (`anchorId`, what the
 * answer is kept under and hangs on, whichever member of its group it serves); every item it
 * depends on, the anchor first (its purge keys, its stored document's bounds); and the served
 * member's locale when the read named one (Content-Language).
 */
export interface BySlugAnswer extends Tagged<ContentVersionDetailResponse> {
  readonly anchorId: string;
  readonly items: readonly string[];
  readonly contentLanguage: string | null;
}

export async function getContentBySlug(
  db: DatabasePool,
  links: AssetLinks,
  workspaceId: string,
  slug: string,
  query: ContentBySlugQuery,
): Promise<BySlugAnswer> {
  return readBySlug(db, links, workspaceId, slug, asOfParam(query.asOf), query.expandChildren ?? true, requestedLocale(query.locale));
}

/**
 * The by-slug answer at instant `asOf` (ISO), read in full: the tree, its assets, the body and its
 * tag. With `locale`, the slug names its translation group, and the tree holds the member of each
 * group the locale's chain picks (db/delivery/served-groups.ts).
 */
export async function readBySlug(
  db: DatabasePool,
  links: AssetLinks,
  workspaceId: string,
  slug: string,
  asOf: string,
  expandChildren: boolean,
  locale: RequestedLocale | null = null,
): Promise<BySlugAnswer> {
  // The served version, its values and its children's, to every level, in one statement.
  const tree = await findServedTree(db, workspaceId, slug, asOf, expandChildren ? MAX_EXPANSION_DEPTH : 0, locale);
  const prefixes = locale === null ? null : prefixesText(locale.prefixes);
  const served = await presentServedTree(db, tree.rows, { workspaceId, expandChildren, asOf, prefixes }, locale !== null);
  if (!served) throw notFound('Content served under this slug');
  // Fields shared across translations come from each group's default-locale member (shared-fields.ts).
  const shared = await withSharedFields(db, workspaceId, served.body, { servedAt: asOf, previewAt: null });
  const localized = inReaderLocale(tree, shared);
  // Media/File values gain their asset and signed public URLs: one more query per response (issue #26).
  const { body, rows } = await deliverAssets(db, links, workspaceId, localized.body);
  return {
    body,
    etag: servedEtag(treeTagInputs(tree, rows)),
    anchorId: tree.anchorId!,
    items: treeItems(tree, body),
    contentLanguage: localized.contentLanguage,
  };
}

/**
 * The ETag getContentBySlug would answer with now, from one small statement (no values, no body);
 * null when nothing is served under the slug. What makes a 304 on a cache miss cheap.
 */
export async function getContentBySlugTag(db: DatabasePool, workspaceId: string, slug: string, query: ContentBySlugQuery): Promise<string | null> {
  const expandChildren = query.expandChildren ?? true;
  const locale = requestedLocale(query.locale);
  const rows = await findServedTag(db, workspaceId, slug, asOfParam(query.asOf), expandChildren ? MAX_EXPANSION_DEPTH : 0, locale);
  return rows === null ? null : servedEtag(rows);
}

export async function getContentVersion(
  db: CommonQueryMethods,
  workspaceId: string,
  itemId: string,
  versionNumber: number,
  query: VersionReadQuery = {},
): Promise<Tagged<ContentVersionDetailResponse>> {
  // One statement when both exist; only a miss asks which one is missing (its own 404).
  const found = await findLiveItemVersion(db, workspaceId, itemId, versionNumber);
  const version = found ?? (await requireVersion(db, (await requireItem(db, workspaceId, itemId)).id, versionNumber));
  return detailOf(db, workspaceId, version, query);
}

export async function listContentVersions(
  db: DatabasePool,
  workspaceId: string,
  itemId: string,
  query: PagingQuery,
): Promise<ContentVersionSummaryResponsePagedResponse> {
  const item = await requireItem(db, workspaceId, itemId);
  const page = pageRequest(query);
  const { rows, total } = await listVersionsPage(db, item.id, page.pageSize, page.offset);
  return toPage(rows.map(versionSummary), total, page);
}
