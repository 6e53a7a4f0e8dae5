// Shapes content rows into their API bodies (ContentItem*/ContentVersion* responses) and ETags.
import type { ItemRow } from '../../db/content/content-items.js';
import type { ContentListRow } from '../../db/delivery/content-list.js';
import type { ValueRow } from '../../db/content/content-values.js';
import type { VersionRow } from '../../db/content/content-versions.js';
import { pickServingVersion } from '../delivery/content-serving-rule.js';
import { etagOf } from '../platform/etag.js';

export const itemEtag = (item: Pick<ItemRow, 'id' | 'row_version'>) => etagOf(item.id, item.row_version);
export const versionEtag = (v: Pick<VersionRow, 'id' | 'row_version'>) => etagOf(v.id, v.row_version);

export function versionSummary(v: Omit<VersionRow, 'template_id' | 'template_name' | 'template_slug' | 'translation_group_id'>) {
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
export type VersionSummaryBody = ReturnType<typeof versionSummary>;

export interface FieldValueBody {
  fieldId: string;
  key: string | null;
  label: string | null;
  order: number;
  valueKind: string;
  textValue: string | null;
  boolValue: boolean | null;
  mediaAssetId: string | null;
  fileAssetId: string | null;
  childContentItemId: string | null;
  child: VersionDetailBody | null;
  jsonValue: unknown;
  displayLabel: string | null;
}

export type VersionDetailBody = VersionSummaryBody & {
  templateName: string;
  templateSlug: string;
  translationGroupId: string | null;
  fields: FieldValueBody[];
};

export function fieldValueBody(r: ValueRow): FieldValueBody {
  return {
    fieldId: r.field_id,
    key: r.key,
    label: r.label,
    order: r.sort_order,
    valueKind: r.value_kind,
    textValue: r.text_value,
    boolValue: r.bool_value,
    mediaAssetId: r.media_asset_id,
    fileAssetId: r.file_asset_id,
    childContentItemId: r.child_content_item_id,
    child: null,
    jsonValue: r.json_value ?? null,
    displayLabel: r.display_label,
  };
}

export function versionDetail(v: VersionRow, values: readonly ValueRow[]): VersionDetailBody {
  return {
    ...versionSummary(v),
    templateName: v.template_name,
    templateSlug: v.template_slug,
    translationGroupId: v.translation_group_id,
    fields: values.map(fieldValueBody),
  };
}

function itemBase(item: ItemRow) {
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
export function itemDetail(item: ItemRow, versions: readonly VersionRow[], now: Date) {
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
  };
}

/** A list row; under `resolve` the timestamps carry the served version's publish time and versionCount is 1. */
export function listItemSummary(row: ContentListRow, resolve: boolean) {
  const served =
    row.sv_id === null
      ? null
      : {
          id: row.sv_id,
          contentItemId: row.id,
          versionNumber: row.sv_version_number!,
          status: row.sv_status!,
          templateVersionId: row.sv_template_version_id!,
          slug: row.sv_slug,
          localeCode: row.sv_locale_code,
          effectiveStartAt: row.sv_effective_start_at,
          effectiveEndAt: row.sv_effective_end_at,
          publishAt: row.sv_publish_at,
          publishedAt: row.sv_published_at,
          archivedAt: row.sv_archived_at,
          publishedByUserId: row.sv_published_by_user_id,
          rolledBackFromVersionNumber: row.sv_rolled_back_from_version_number,
          tags: row.sv_tags ?? [],
          createdAt: row.sv_created_at!,
          updatedAt: row.sv_updated_at!,
        };
  const base = itemBase(row);
  if (resolve && served) {
    return { ...base, createdAt: served.publishedAt!, updatedAt: served.publishedAt!, versionCount: 1, currentlyServingVersion: served };
  }
  return { ...base, versionCount: row.version_count, currentlyServingVersion: served };
}
