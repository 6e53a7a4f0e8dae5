// Click-to-edit markers and the source map. A site marks each element it renders from a value with
// `data-verso="item=<uuid>&version=<n>&field=<key>&order=<n>"` (sourceAttribute); the page's script
// reads it back (parseSourceAttribute) to tell the admin which field to focus. sourceMapOf builds,
// from an item shaped as the delivery read shapes it, the map a preview read with `sourceMap=true`
// answers, so a site can mark elements from a `change` message's item exactly as from the API.
import type { PreviewItem, SourceLocation, SourceMap } from './protocol.js';

type FieldValue = PreviewItem['fields'][number];

/** The `data-verso` value for the value at `pointer`, or undefined when the map does not name it. */
export function sourceAttribute(sourceMap: SourceMap | null | undefined, pointer: string): string | undefined {
  const at = sourceMap?.[pointer];
  if (!at) return undefined;
  return new URLSearchParams({ item: at.itemId, version: String(at.versionNumber), field: at.fieldKey, order: String(at.order) }).toString();
}

/** The location a `data-verso` value names, or null when it is not one sourceAttribute writes. */
export function parseSourceAttribute(value: string | null | undefined): SourceLocation | null {
  if (!value) return null;
  const params = new URLSearchParams(value);
  const itemId = params.get('item');
  const fieldKey = params.get('field');
  const versionNumber = Number(params.get('version'));
  const order = Number(params.get('order'));
  if (!itemId || !fieldKey || !Number.isInteger(versionNumber) || !Number.isInteger(order) || params.get('version') === null || params.get('order') === null) {
    return null;
  }
  return { itemId, versionNumber, fieldKey, order };
}

/** The property of a value that holds what a site renders, by its kind (Separator holds none). */
const VALUE_PROPERTY: Readonly<Record<FieldValue['valueKind'], keyof FieldValue | null>> = {
  Text: 'textValue',
  RichText: 'textValue',
  Markdown: 'textValue',
  Link: 'textValue',
  Quote: 'textValue',
  PickList: 'textValue',
  Boolean: 'boolValue',
  Number: 'numberValue',
  Date: 'dateValue',
  DateTime: 'dateTimeValue',
  Json: 'jsonValue',
  Component: 'jsonValue',
  Media: 'asset',
  File: 'asset',
  ChildContent: 'childContentItemId',
  Separator: null,
};

/**
 * The source map of `item`: `/fields/<i>/<valueProperty>` → where that value is edited, and for a
 * child's values `/fields/<i>/child/fields/<j>/<valueProperty>` → the child item and its version.
 * Values without a key (fields removed from the template) are left out: no input edits them.
 */
export function sourceMapOf(item: PreviewItem): Record<string, SourceLocation> {
  const map: Record<string, SourceLocation> = {};
  const walk = (version: PreviewItem, prefix: string, depth: number) => {
    version.fields.forEach((field, i) => {
      const pointer = `${prefix}/fields/${i}`;
      const property = VALUE_PROPERTY[field.valueKind];
      if (field.key !== null && property !== null) {
        map[`${pointer}/${property}`] = { itemId: version.contentItemId, versionNumber: version.versionNumber, fieldKey: field.key, order: field.order };
      }
      // The delivery read expands at most 8 levels; the bound keeps a hand-made cycle finite.
      if (field.child && depth < 8) walk(field.child, `${pointer}/child`, depth + 1);
    });
  };
  walk(item, '', 0);
  return map;
}

/** The value at `pointer` (RFC 6901) in `document`, or undefined. */
export function valueAt(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  if (!pointer.startsWith('/')) return undefined;
  let at: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (at === null || typeof at !== 'object' || !Object.prototype.hasOwnProperty.call(at, token)) return undefined;
    at = (at as Record<string, unknown>)[token];
  }
  return at;
}
