// Named queries for the field values of content versions. Values are written in one statement per
// save (rows passed as one jsonb array) and read for many versions at once, so reading a page or a
// level of composition costs one statement whatever the number of values.
import { sql, type CommonQueryMethods } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { prepared } from '../prepared.js';

export type ValueKind =
  | 'Text' | 'RichText' | 'Markdown' | 'Boolean' | 'PickList' | 'Media' | 'File' | 'Link' | 'Quote' | 'Separator'
  | 'ChildContent' | 'Component' | 'Number' | 'Date' | 'DateTime' | 'Json';


export interface NormalizedValue {
  readonly fieldId: string;
  readonly order: number;
  readonly valueKind: ValueKind;
  readonly textValue: string | null;
  readonly boolValue: boolean | null;
  readonly mediaAssetId: string | null;
  readonly fileAssetId: string | null;
  readonly childContentItemId: string | null;
  readonly jsonValue: unknown;
  readonly displayLabel: string | null;
  /** A Number value as the text numeric stores: String(n) of a number of at most 15 significant digits. */
  readonly numberValue: number | null;
  /** A Date value, `YYYY-MM-DD`. */
  readonly dateValue: string | null;
  /** A DateTime value, as ISO in UTC (`2026-12-24T17:00:00.000Z`). */
  readonly dateTimeValue: string | null;
}


export const valueRow = z.object({
  content_version_id: z.string(),
  field_id: z.string(),
  key: z.string(),
  label: z.string(),
  sort_order: z.number(),
  value_kind: z.string(),
  text_value: z.string().nullable(),
  bool_value: z.boolean().nullable(),
  media_asset_id: z.string().nullable(),
  file_asset_id: z.string().nullable(),
  child_content_item_id: z.string().nullable(),
  json_value: z.unknown(),
  display_label: z.string().nullable(),
  // numeric arrives as a number from json_build_object and from slonik's numeric parser, as text
  // from a raw pg read; either way it has at most 15 significant digits, so Number() is exact.
  number_value: z.union([z.number(), z.string().transform(Number)]).nullable(),
  date_value: z.string().nullable(),
  date_time_value: z.string().nullable(),
});
export type ValueRow = z.infer<typeof valueRow>;

export async function insertValues(tx: CommonQueryMethods, versionId: string, values: readonly NormalizedValue[]): Promise<void> {
  if (values.length === 0) return;
  // Ids are minted in submitted sequence, so the id tie-break on reads keeps that sequence too.
  const rows = values.map((v) => ({
    id: uuidv7(),
    field_id: v.fieldId,
    sort_order: v.order,
    value_kind: v.valueKind,
    text_value: v.textValue,
    bool_value: v.boolValue,
    media_asset_id: v.mediaAssetId,
    file_asset_id: v.fileAssetId,
    child_content_item_id: v.childContentItemId,
    // Wrapped so a JSON null and "no value" stay distinguishable inside the recordset.
    json_value: v.jsonValue === null || v.jsonValue === undefined ? null : { v: v.jsonValue },
    display_label: v.displayLabel,
    // The number's shortest decimal text: numeric keeps exactly these digits (never a float cast in SQL).
    number_value: v.numberValue === null ? null : String(v.numberValue),
    date_value: v.dateValue,
    date_time_value: v.dateTimeValue,
  }));
  await tx.query(sql.unsafe`
    INSERT INTO content_field_values (id, content_version_id, field_id, sort_order, value_kind, text_value, bool_value,
      media_asset_id, file_asset_id, child_content_item_id, json_value, display_label, number_value, date_value, date_time_value)
    SELECT r.id, ${versionId}, r.field_id, r.sort_order, r.value_kind, r.text_value, r.bool_value, r.media_asset_id,
      r.file_asset_id, r.child_content_item_id, r.json_value -> 'v', r.display_label, r.number_value::numeric, r.date_value::date,
      r.date_time_value::timestamptz
    FROM jsonb_to_recordset(${sql.jsonb(rows as never)}) AS r(id uuid, field_id uuid, sort_order integer, value_kind text,
      text_value text, bool_value boolean, media_asset_id uuid, file_asset_id uuid, child_content_item_id uuid,
      json_value jsonb, display_label text, number_value text, date_value text, date_time_value text)`);
}

export async function deleteValues(tx: CommonQueryMethods, versionId: string): Promise<void> {
  await tx.query(sql.unsafe`DELETE FROM content_field_values WHERE content_version_id = ${versionId}`);
}

/**
 * A DateTime value as the API answers it, made by PostgreSQL whatever the session's time zone: UTC,
 * milliseconds, `Z` (values are stored to the millisecond, content-validation.ts). Both reads below
 * use it, so a by-slug read and a version read spell an instant alike.
 */
const DATE_TIME_TEXT = sql.fragment`to_char(fv.date_time_value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Values of the versions with their field's key and label, in a deterministic order. */
export async function loadValues(db: CommonQueryMethods, versionIds: readonly string[]): Promise<Map<string, ValueRow[]>> {
  const out = new Map<string, ValueRow[]>(versionIds.map((id) => [id, []]));
  if (versionIds.length === 0) return out;
  // A named statement (db/prepared.ts): every detail read and every level of expansion runs it.
  const rows = await db.any(prepared('content_values', valueRow, sql.fragment`
    SELECT fv.content_version_id, fv.field_id, f.key, f.label, fv.sort_order, fv.value_kind, fv.text_value, fv.bool_value,
      fv.media_asset_id, fv.file_asset_id, fv.child_content_item_id, fv.json_value, fv.display_label,
      fv.number_value, fv.date_value::text AS date_value, ${DATE_TIME_TEXT} AS date_time_value
    FROM content_field_values fv JOIN template_fields f ON f.id = fv.field_id
    WHERE fv.content_version_id = ANY(${sql.array(versionIds, 'uuid')})
    ORDER BY fv.content_version_id, f.sort_order, f.id, fv.sort_order, fv.id`));
  for (const r of rows) out.get(r.content_version_id)!.push(r);
  return out;
}

export const valuesDigestRow = z.object({ digest: z.string(), child_ids: z.array(z.string()) });

/**
 * A digest of these versions' values, and the children they name, computed by PostgreSQL without
 * reading or sending the values: the compare read's tag (services/content/version-comparison.ts)
 * is made from it, so a revalidation that ends in 304 reads no values.
 *
 * It digests each value row's identity and version — its id and `xmin`, and its field's (key and
 * label are the field's) — rather than its text: every insert, update (a cascade's SET NULL too)
 * and delete of a row gives it a new `xmin` or removes it, so any change to what loadValues would
 * read changes the digest, as PostgreSQL's own optimistic concurrency tokens rely on (`xmin` is
 * the row version Npgsql's EF Core provider uses). Hashing the rows' text cost the backend ~400 µs
 * for two 40-field versions with ten 2 KB Markdown values; this costs ~40 µs over reading the rows.
 * Each row's hash is summed (as numeric: no overflow), so the digest does not depend on row order;
 * order is itself in the rows (sort_order), whose changes are updates.
 */
export async function digestValues(db: CommonQueryMethods, versionIds: readonly string[]): Promise<z.infer<typeof valuesDigestRow>> {
  return db.one(prepared('content_values_digest', valuesDigestRow, sql.fragment`
    SELECT count(*) || ':' || COALESCE(sum(hashtextextended(fv.id::text || ':' || fv.xmin::text || ':' || f.id::text || ':' || f.xmin::text, 0)), 0)
        AS digest,
      COALESCE(array_agg(DISTINCT fv.child_content_item_id) FILTER (WHERE fv.child_content_item_id IS NOT NULL), '{}')::text[] AS child_ids
    FROM content_field_values fv JOIN template_fields f ON f.id = fv.field_id
    WHERE fv.content_version_id = ANY(${sql.array(versionIds, 'uuid')})`));
}

/**
 * The values of version `cv` (in scope) as one JSON array, each element a ValueRow, in loadValues'
 * order: a served version and its values then come back in one statement (db/delivery/
 * content-serving.ts). Built as json, not jsonb, so keys keep this order and nothing is re-parsed
 * on the server; uuids arrive as strings, integers as numbers, json_value as the stored JSON — what
 * node-postgres makes of the columns one by one.
 */
export const VALUES_JSON = sql.fragment`COALESCE((
    SELECT json_agg(json_build_object(
      'content_version_id', fv.content_version_id, 'field_id', fv.field_id, 'key', f.key, 'label', f.label,
      'sort_order', fv.sort_order, 'value_kind', fv.value_kind, 'text_value', fv.text_value, 'bool_value', fv.bool_value,
      'media_asset_id', fv.media_asset_id, 'file_asset_id', fv.file_asset_id, 'child_content_item_id', fv.child_content_item_id,
      'json_value', fv.json_value, 'display_label', fv.display_label, 'number_value', fv.number_value,
      'date_value', fv.date_value::text, 'date_time_value', ${DATE_TIME_TEXT})
      ORDER BY f.sort_order, f.id, fv.sort_order, fv.id)
    FROM content_field_values fv JOIN template_fields f ON f.id = fv.field_id
    WHERE fv.content_version_id = cv.id), '[]'::json)`;

/** A stored value as the validator's input (to duplicate or remap it). */
export function valueAsInput(r: ValueRow) {
  return {
    fieldId: r.field_id,
    order: r.sort_order,
    valueKind: r.value_kind as ValueKind,
    textValue: r.text_value,
    boolValue: r.bool_value,
    mediaAssetId: r.media_asset_id,
    fileAssetId: r.file_asset_id,
    childContentItemId: r.child_content_item_id,
    jsonValue: r.json_value ?? null,
    numberValue: r.number_value,
    dateValue: r.date_value,
    dateTimeValue: r.date_time_value,
  };
}
