// Whether a save changes what a version holds. An approval covers what was approved (issue #25): an
// edit that changes the values, the window or the template version of a Review or Approved version
// sends it back to Draft — but a save that writes the same thing (an autosave, a form re-sent)
// changes nothing that was approved and must not undo the approval.
import type { NormalizedValue, ValueRow } from '../../db/content/content-values.js';

/** JSON with object keys sorted: jsonb does not keep the key order a client sent. */
function canonicalJson(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonicalJson).join(',')}]`;
  if (typeof x === 'object' && x !== null) {
    const entries = Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(x ?? null);
}

const lower = (id: string | null) => (id === null ? null : id.toLowerCase());

function canonicalValues(values: readonly NormalizedValue[]): string {
  const rows = values.map((v) =>
    canonicalJson([lower(v.fieldId), v.order, v.valueKind, v.textValue, v.boolValue, lower(v.mediaAssetId), lower(v.fileAssetId), lower(v.childContentItemId), v.jsonValue ?? null,
      v.numberValue, v.dateValue, v.dateTimeValue]),
  );
  return rows.sort().join('\n');
}

/** A stored row in the shape a save produces. */
export function storedAsNormalized(r: ValueRow): NormalizedValue {
  return {
    fieldId: r.field_id,
    order: r.sort_order,
    valueKind: r.value_kind as NormalizedValue['valueKind'],
    textValue: r.text_value,
    boolValue: r.bool_value,
    mediaAssetId: r.media_asset_id,
    fileAssetId: r.file_asset_id,
    childContentItemId: r.child_content_item_id,
    jsonValue: r.json_value ?? null,
    displayLabel: r.display_label,
    numberValue: r.number_value,
    dateValue: r.date_value,
    dateTimeValue: r.date_time_value,
  };
}

/** Whether two sets of values say the same (display labels are derived, so they do not count). */
export function sameValues(stored: readonly NormalizedValue[], next: readonly NormalizedValue[]): boolean {
  return stored.length === next.length && canonicalValues(stored) === canonicalValues(next);
}

const instant = (t: string | null) => (t === null ? null : Date.parse(t));

export function sameWindow(
  before: { readonly effective_start_at: string | null; readonly effective_end_at: string | null },
  after: { readonly effectiveStartAt: string | null; readonly effectiveEndAt: string | null },
): boolean {
  return instant(before.effective_start_at) === instant(after.effectiveStartAt) && instant(before.effective_end_at) === instant(after.effectiveEndAt);
}
