// Preview reads (issue #27 §1): what a site shows an editor before publishing. The same three
// delivery reads a site makes (by-slug, the content list, one version), answered for a preview
// token: each item as its newest version that is not Archived, children resolved the same way,
// effective windows ignored unless `asOf` names an instant, every body marked `isPreview: true`.
// A token scoped to one item previews that item only: its children are what the site serves (their
// drafts are other items, outside its reach), and another item is 404, as if it did not exist.
// Media and File values carry their `asset` as the published by-slug read gives it (delivered-assets.ts),
// so a draft preview shows its images. The handlers branch here before the delivery cache, so a
// preview answer is never cached, and send it `Cache-Control: private, no-store`.
// A token that names a release previews the workspace as it will be once the release is published:
// its publish entries' versions served, its archive entries' items not, every other item as served
// (db/delivery/content-preview.ts previewVersionOf), children resolved the same way.
// With `sourceMap=true` (live preview's click-to-edit) the finished answer also names where each of
// its values is edited (source-map.ts): built from the body itself, no statement more.
import type { CommonQueryMethods } from 'slonik';
import { findPreviewDetailBySlug, findPreviewDetailBySlugInLocale, findPreviewDetails, findPreviewDetailsInLocale, listPreviewItems, previewedVersion, type PreviewSortKey } from '../../db/delivery/content-preview.js';
import type { ServedDetailRow } from '../../db/delivery/content-serving.js';
import type { ValueRow } from '../../db/content/content-values.js';
import type { VersionRow } from '../../db/content/content-versions.js';
import { loadValues } from '../../db/content/content-values.js';
import type { Db } from '../../db/pool.js';
import { badRequest, notFound } from '../../errors.js';
import type {
  ContentItemSummaryResponse,
  ContentItemSummaryResponsePagedResponse,
  ContentVersionDetailResponse,
  ContentVersionFieldValueResponse,
} from '../../generated/schemas.js';
import { versionDetail, versionEtag, versionSummary, type Tagged } from '../content/content-presenter.js';
import { asOfParam, requireItem, requireVersion } from '../content/content-rules.js';
import type { AssetLinks } from '../media/media-assets.js';
import { pageRequest, toPage } from '../platform/paging.js';
import { MAX_EXPANSION_DEPTH, presentLoadedVersionDetails } from './content-expansion.js';
import { deliverAssets } from './delivered-assets.js';
import { SharedOrigins, withSharedFields } from './shared-fields.js';
import type { ContentBySlugQuery, ContentListParameters, VersionReadQuery } from './content-reads.js';
import { requestedLocale, type RequestedLocale } from '../localization/requested-locale.js';
import { prefixesText } from '../../db/delivery/served-groups.js';
import { alternatesOf } from './served-tree.js';
import { sourceMapOf } from './source-map.js';

/** What a preview token may see: its workspace, and one item of it when scoped. */
export interface PreviewScope {
  readonly workspaceId: string;
  readonly contentItemId: string | null;
  /** A release token's release: reads show the workspace as it will be once it is published. */
  readonly releaseId?: string | null;
}

/** The finished answer, with its source map when the read asked for one (previewBody then kept the shared values' origins). */
const mapped = (body: ContentVersionDetailResponse, origins: SharedOrigins | undefined): ContentVersionDetailResponse =>
  origins ? { ...body, sourceMap: sourceMapOf(body, (version, key) => origins.of(version, key)) } : body;

/** Where shared values come from, recorded only for a read that asks for the source map. */
const originsFor = (query: { readonly sourceMap?: boolean }): SharedOrigins | undefined => (query.sourceMap === true ? new SharedOrigins() : undefined);

const instant = (value: string | undefined): string | null => (value !== undefined && value.length > 0 ? new Date(value).toISOString() : null);

/** An item outside a scoped token's reach is answered as a missing one: the token learns nothing of it. */
const inScope = (scope: PreviewScope, itemId: string): boolean => scope.contentItemId === null || scope.contentItemId === itemId;

interface WithValues {
  readonly version: VersionRow;
  readonly values: readonly ValueRow[];
}

/**
 * Children resolved as the token previews them, level by level like the served expansion
 * (content-expansion.ts, whose loop this mirrors with the preview resolution in place of the
 * serving rule): one statement per level, to the same depth limit.
 */
async function expandPreview(
  db: CommonQueryMethods,
  entries: readonly WithValues[],
  workspaceId: string,
  expand: boolean,
  asOf: string | null,
  prefixes: string | null,
  releaseId: string | null = null,
) {
  const bodies: ContentVersionDetailResponse[] = entries.map((e) => ({ ...versionDetail(e.version, e.values), isPreview: true }));
  if (!expand) return bodies;
  const resolved = new Map<string, WithValues | null>();
  let pending = bodies.flatMap(withChild);
  for (let depth = 1; depth <= MAX_EXPANSION_DEPTH && pending.length > 0; depth++) {
    const unseen = [...new Set(pending.map((f) => f.childContentItemId!))].filter((id) => !resolved.has(id));
    if (unseen.length > 0) {
      // In the reader's locale a child value previews the member of the child's group its chain picks.
      const rows: (readonly [string, ServedDetailRow])[] = prefixes
        ? (await findPreviewDetailsInLocale(db, workspaceId, unseen, asOf, prefixes, releaseId)).map((r) => [r.named_id, r] as const)
        : (await findPreviewDetails(db, workspaceId, unseen, asOf, releaseId)).map((r) => [r.content_item_id, r] as const);
      for (const id of unseen) resolved.set(id, null);
      for (const [id, r] of rows) resolved.set(id, { version: r, values: r.field_values });
    }
    const next: ContentVersionFieldValueResponse[] = [];
    for (const field of pending) {
      const entry = resolved.get(field.childContentItemId!);
      if (!entry) continue;
      field.child = { ...versionDetail(entry.version, entry.values), isPreview: true };
      next.push(...withChild(field.child));
    }
    pending = next;
  }
  return bodies;
}

function withChild(body: ContentVersionDetailResponse): ContentVersionFieldValueResponse[] {
  return body.fields.filter((f) => f.childContentItemId !== null);
}

/**
 * The previewed body of one version: children previewed for a workspace token, served (as the site
 * shows them, at `asOf` or now) for an item-scoped one; then every Media/File value's asset, as the
 * published by-slug read fills it (one query for the whole tree).
 */
async function previewBody(
  db: Db,
  links: AssetLinks,
  scope: PreviewScope,
  entry: WithValues,
  expand: boolean,
  asOf: string | null,
  prefixes: string | null = null,
  origins?: SharedOrigins,
) {
  const [body] =
    scope.contentItemId === null
      ? await expandPreview(db, [entry], scope.workspaceId, expand, asOf, prefixes, scope.releaseId ?? null)
      : (await presentLoadedVersionDetails(db, [entry], { workspaceId: scope.workspaceId, expandChildren: expand, asOf: asOf ?? asOfParam(undefined), prefixes })).map(
          (b): ContentVersionDetailResponse => ({ ...b, isPreview: true }),
        );
  const shared = await withSharedFields(db, scope.workspaceId, body!, { servedAt: asOf ?? asOfParam(undefined), previewAt: asOf }, origins);
  return (await deliverAssets(db, links, scope.workspaceId, shared)).body;
}

export async function previewBySlug(
  db: Db,
  links: AssetLinks,
  scope: PreviewScope,
  slug: string,
  query: ContentBySlugQuery,
): Promise<Tagged<ContentVersionDetailResponse> & { readonly contentLanguage: string | null }> {
  const asOf = instant(query.asOf);
  const locale = requestedLocale(query.locale);
  if (locale !== null) return previewBySlugInLocale(db, links, scope, slug, query, locale);
  const found: ServedDetailRow | null = await findPreviewDetailBySlug(db, scope.workspaceId, slug, asOf, scope.releaseId ?? null);
  if (!found || !inScope(scope, found.content_item_id)) throw notFound('Content under this slug');
  const origins = originsFor(query);
  const body = await previewBody(db, links, scope, { version: found, values: found.field_values }, query.expandChildren ?? true, asOf, null, origins);
  return { body: mapped(body, origins), etag: versionEtag(found), contentLanguage: null };
}

/**
 * By-slug in the reader's locale, previewed: the slug names its translation group, and the member
 * the locale's chain picks among those with a version to preview answers (children likewise, or as
 * served in that locale for an item-scoped token), with `requestedLocale` and `alternates` (the
 * members with a version to preview). An item-scoped token answers only when the member picked is
 * its item: any other member is outside its reach, and the read is 404 as if it did not exist.
 */
async function previewBySlugInLocale(
  db: Db,
  links: AssetLinks,
  scope: PreviewScope,
  slug: string,
  query: ContentBySlugQuery,
  locale: RequestedLocale,
): Promise<Tagged<ContentVersionDetailResponse> & { readonly contentLanguage: string | null }> {
  const asOf = instant(query.asOf);
  const prefixes = prefixesText(locale.prefixes);
  const found = await findPreviewDetailBySlugInLocale(db, scope.workspaceId, slug, asOf, prefixes, scope.releaseId ?? null);
  if (!found || !inScope(scope, found.content_item_id)) throw notFound('Content under this slug');
  const origins = originsFor(query);
  const body = await previewBody(db, links, scope, { version: found, values: found.field_values }, query.expandChildren ?? true, asOf, prefixes, origins);
  const served = found.members.find((m) => m.id === found.content_item_id);
  return {
    body: mapped({ ...body, requestedLocale: locale.canonical, alternates: alternatesOf(found.members) }, origins),
    etag: versionEtag(found),
    contentLanguage: served?.localeCode ?? found.locale_code,
  };
}

/** One version by number, as the served version read gives it, with children previewed. */
export async function previewVersion(
  db: Db,
  links: AssetLinks,
  scope: PreviewScope,
  itemId: string,
  versionNumber: number,
  query: VersionReadQuery,
): Promise<Tagged<ContentVersionDetailResponse>> {
  if (!inScope(scope, itemId)) throw notFound('The content item');
  const item = await requireItem(db, scope.workspaceId, itemId);
  const version = await requireVersion(db, item.id, versionNumber);
  const values = await loadValues(db, [version.id]);
  const origins = originsFor(query);
  const body = await previewBody(db, links, scope, { version, values: values.get(version.id) ?? [] }, query.expandChildren ?? true, null, null, origins);
  return { body: mapped(body, origins), etag: versionEtag(version) };
}

const SORT_KEYS: Readonly<Record<string, PreviewSortKey>> = { createdat: 'createdAt', updatedat: 'updatedAt', slug: 'slug' };
// Filters a preview list does not apply: refused rather than ignored, so a site never mistakes an
// unfiltered preview for a filtered one.
const UNSUPPORTED: readonly (keyof ContentListParameters)[] = ['q', 'status', 'tags', 'createdAfter', 'createdBefore', 'publishedAfter', 'publishedBefore'];

/**
 * The parameters of `query` a preview list refuses: UNSUPPORTED's, field filters, and a sort other
 * than the item's own columns (title and field sorts read the served values, which a preview of
 * drafts does not have indexed).
 */
function refusedByPreview(query: ContentListParameters): string[] {
  const refused: string[] = UNSUPPORTED.filter((name) => query[name] !== undefined && query[name] !== '');
  if (query.filter !== undefined && Object.keys(query.filter).length > 0) refused.push('filter');
  if (query.sortBy !== undefined && !Object.hasOwn(SORT_KEYS, query.sortBy.toLowerCase())) refused.push('sortBy');
  return refused;
}

export async function previewList(db: CommonQueryMethods, scope: PreviewScope, query: ContentListParameters): Promise<ContentItemSummaryResponsePagedResponse> {
  const refused = refusedByPreview(query);
  if (refused.length > 0) {
    throw badRequest(
      'A preview token lists by template, locale, translation group and slug only, sorted by createdAt, updatedAt or slug.',
      Object.fromEntries(refused.map((name) => [`query.${name}`, ['Not available to a preview token.']])),
    );
  }
  const page = pageRequest(query);
  const text = (v: string | undefined) => (v !== undefined && v.length > 0 ? v : null);
  const { rows, total } = await listPreviewItems(db, {
    workspaceId: scope.workspaceId,
    contentItemId: scope.contentItemId,
    templateVersionId: text(query.templateVersionId),
    templateId: text(query.templateId),
    localeCode: text(query.localeCode),
    translationGroupId: text(query.translationGroupId),
    slug: text(query.slug),
    asOf: instant(query.asOf),
    releaseId: scope.releaseId ?? null,
    locale: requestedLocale(query.locale),
    sortBy: SORT_KEYS[(query.sortBy ?? 'createdAt').toLowerCase()] ?? 'createdAt',
    sortDesc: query.sortDesc ?? true,
    limit: page.pageSize,
    offset: page.offset,
  });
  const items = rows.map((row): ContentItemSummaryResponse => ({
    id: row.id,
    templateVersionId: row.template_version_id,
    templateName: row.template_name,
    templateSlug: row.template_slug,
    // The previewed version's title (migration 0019's title field), like the published list's.
    title: row.title,
    slug: row.slug,
    localeCode: row.locale_code,
    translationGroupId: row.translation_group_id,
    tags: row.tags,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    versionCount: 1,
    currentlyServingVersion: versionSummary(previewedVersion(row)),
    isPreview: true,
  }));
  return toPage(items, total, page);
}
