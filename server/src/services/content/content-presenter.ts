// Shapes content rows into their API bodies (ContentItem*/ContentVersion* responses) and ETags.
// Every presenter returns the contract's schema type, so a field the contract lacks fails `tsc`.
import { PRIMITIVE_TYPES } from '../model/primitive-types.js';
import type { ItemRow } from '../../db/content/content-items.js';
import { joinedVersion, type ContentListRow } from '../../db/delivery/content-list.js';
import type { ValueRow } from '../../db/content/content-values.js';
import type { VersionRow, VersionSummaryRow } from '../../db/content/content-versions.js';
import type {
  ContentItemDetailResponse,
  ContentItemSummaryResponse,
  ContentVersionDetailResponse,
  ContentVersionFieldValueResponse,
  ContentVersionSummaryResponse,
  ValueKind,
} from '../../generated/schemas.js';
import { pickServingVersion } from '../delivery/content-serving-rule.js';
import { etagOf } from '../platform/etag.js';

/** A body and the ETag of the row it was read from (sent as `ETag`). */
export interface Tagged<T> {
  readonly body: T;
  readonly etag: string;
}

export const itemEtag = (item: Pick<ItemRow, 'id' | 'row_version'>) => etagOf(item.id, item.row_version);
export const versionEtag = (v: Pick<VersionRow, 'id' | 'row_version'>) => etagOf(v.id, v.row_version);

export function versionSummary(v: VersionSummaryRow & Pick<VersionRow, 'content_item_id'>): ContentVersionSummaryResponse {
  return {
    id: v.id,
    contentItemId: v.content_item_id,
    versionNumber: v.version_number,
    status: v.status,
    templateVersionId: v.template_version_id,
    slug: v.slug,
    localeCode: v.locale_code,
    effectiveStartAt: v.effective_start_at,
    effectiveEndAt: v.effective_end_at,
    publishAt: v.publish_at,
    publishedAt: v.published_at,
    archivedAt: v.archived_at,
    publishedByUserId: v.published_by_user_id,
    rolledBackFromVersionNumber: v.rolled_back_from_version_number,
    tags: v.tags,
    createdAt: v.created_at,
    updatedAt: v.updated_at,
  };
}

// The column is text with a CHECK of exactly these kinds (migration 0004); the record makes the
// list follow the contract's enum, so a kind added to one and not the other fails `tsc`.
const VALUE_KINDS: Readonly<Record<ValueKind, true>> = { ...PRIMITIVE_TYPES, ChildContent: true, Component: true };

const isValueKind = (kind: string): kind is ValueKind => Object.hasOwn(VALUE_KINDS, kind);

function valueKindOf(kind: string): ValueKind {
  if (isValueKind(kind)) return kind;
  throw new Error(`A stored field value has the unknown kind "${kind}".`);
}

export function fieldValueBody(r: ValueRow): ContentVersionFieldValueResponse {
  return {
    fieldId: r.field_id,
    key: r.key,
    label: r.label,
    order: r.sort_order,
    valueKind: valueKindOf(r.value_kind),
    textValue: r.text_value,
    boolValue: r.bool_value,
    mediaAssetId: r.media_asset_id,
    fileAssetId: r.file_asset_id,
    childContentItemId: r.child_content_item_id,
    child: null,
    jsonValue: r.json_value ?? null,
    displayLabel: r.display_label,
    numberValue: r.number_value,
    dateValue: r.date_value,
    dateTimeValue: r.date_time_value,
  };
}

export function versionDetail(v: VersionRow, values: readonly ValueRow[]): ContentVersionDetailResponse {
  return {
    ...versionSummary(v),
    templateName: v.template_name,
    templateSlug: v.template_slug,
    translationGroupId: v.translation_group_id,
    fields: values.map(fieldValueBody),
  };
}

/** What the item's detail and its list row share. */
type ItemBase = Omit<ContentItemSummaryResponse, 'currentlyServingVersion' | 'versionCount' | 'title'>;

function itemBase(item: ItemRow): ItemBase {
  return {
    id: item.id,
    templateVersionId: item.template_version_id,
    templateName: item.template_name,
    templateSlug: item.template_slug,
    slug: item.slug,
    localeCode: item.locale_code,
    translationGroupId: item.translation_group_id,
    tags: item.tags,
    createdAt: item.created_at,
    updatedAt: item.updated_at,
  };
}

/** Detail: every version (highest number first) and the one served now. */
export function itemDetail(item: ItemRow, versions: readonly VersionRow[], now: Date, title: string | null): ContentItemDetailResponse {
  const serving = pickServingVersion(
    versions.map((v) => ({
      ...v,
      versionNumber: v.version_number,
      effectiveStartAt: v.effective_start_at,
      effectiveEndAt: v.effective_end_at,
      publishedAt: v.published_at,
    })),
    now,
  );
  return {
    ...itemBase(item),
    currentlyServingVersion: serving ? versionSummary(serving) : null,
    versions: versions.map(versionSummary),
    title,
  };
}

/** The summary of the version a list row joined as `prefix` (served `sv`, latest `lv`), or null. */
function joinedSummary(row: ContentListRow, prefix: 'sv' | 'lv'): ContentVersionSummaryResponse | null {
  const v = joinedVersion(row, prefix);
  return v ? versionSummary({ ...v, content_item_id: row.id }) : null;
}

/**
 * A list row; under `resolve` the timestamps carry the served version's publish time and
 * versionCount is 1. The plain list's rows also carry the latest version (any status).
 */
export function listItemSummary(row: ContentListRow, resolve: boolean): ContentItemSummaryResponse {
  const served = joinedSummary(row, 'sv');
  const base = itemBase(row);
  if (resolve && served) {
    return { ...base, createdAt: served.publishedAt!, updatedAt: served.publishedAt!, versionCount: 1, currentlyServingVersion: served, title: row.title };
  }
  const summary: ContentItemSummaryResponse = { ...base, versionCount: row.version_count, currentlyServingVersion: served, title: row.title };
  if (row.lv_id !== undefined) summary.latestVersion = joinedSummary(row, 'lv');
  if (row.author_id !== undefined) summary.author = row.author_id && row.author_name ? { userId: row.author_id, name: row.author_name } : null;
  return summary;
}
