// Click-to-edit markers and the source map. A site marks each element it renders from a value with
// `data-verso="item=<uuid>&version=<n>&field=<key>&order=<n>"` (sourceAttribute; a Component
// member adds `&path=<componentPath>`); the page's script
// reads it back (parseSourceAttribute) to tell the admin which field to focus. sourceMapOf builds,
// from an item shaped as the delivery read shapes it, the map a preview read with `sourceMap=true`
// answers, so a site can mark elements from a `change` message's item exactly as from the API.
import type { PreviewItem, SourceLocation, SourceMap } from './protocol.js';

type FieldValue = PreviewItem['fields'][number];

/** The `data-verso` value for the value at `pointer`, or undefined when the map does not name it. */
export function sourceAttribute(sourceMap: SourceMap | null | undefined, pointer: string): string | undefined {
  const at = sourceMap?.[pointer];
  if (!at) return undefined;
  const params = new URLSearchParams({ item: at.itemId, version: String(at.versionNumber), field: at.fieldKey, order: String(at.order) });
  if (at.componentPath !== undefined) params.set('path', at.componentPath);
  return params.toString();
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
  const componentPath = params.get('path');
  return componentPath === null ? { itemId, versionNumber, fieldKey, order } : { itemId, versionNumber, fieldKey, order, componentPath };
}

/** The properties of a value that carry what a site renders, in the order the contract lists them. */
const MAPPED_PROPERTIES = [
  'textValue',
  'numberValue',
  'dateValue',
  'dateTimeValue',
  'boolValue',
  'jsonValue',
  'displayLabel',
  'mediaAssetId',
  'fileAssetId',
  'childContentItemId',
  'asset',
] as const satisfies readonly (keyof FieldValue)[];

/** How deep a component value may nest (the server's bound): deeper members are not mapped. */
const MAX_COMPONENT_DEPTH = 16;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const pointerToken = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The source map of `item`, by the contract's rules (ContentSourceMap) — the same map a preview
 * read with `sourceMap=true` answers: `/fields/<i>/<property>` for each value property that is not
 * null, of every value with a field key; a Component value's members inside its `jsonValue` with
 * their `componentPath`; and an expanded child's values under `/fields/<i>/child`, naming the child
 * item and its version.
 */
export function sourceMapOf(item: PreviewItem): Record<string, SourceLocation> {
  const map: Record<string, SourceLocation> = {};
  addVersion(map, item, '');
  return map;
}

function addVersion(map: Record<string, SourceLocation>, version: PreviewItem, at: string): void {
  version.fields.forEach((field, i) => {
    const here = `${at}/fields/${i}`;
    if (field.key !== null) {
      const entry: SourceLocation = { itemId: version.contentItemId, versionNumber: version.versionNumber, fieldKey: field.key, order: field.order };
      for (const property of MAPPED_PROPERTIES) {
        const value = field[property];
        if (value !== null && value !== undefined) map[`${here}/${property}`] = entry;
      }
      if (field.valueKind === 'Component' && isObject(field.jsonValue)) addMembers(map, field.jsonValue, `${here}/jsonValue`, '', entry, 1);
    }
    if (field.child) addVersion(map, field.child, `${here}/child`);
  });
}

function addMembers(map: Record<string, SourceLocation>, object: Record<string, unknown>, at: string, path: string, entry: SourceLocation, depth: number): void {
  for (const [key, value] of Object.entries(object)) {
    if (value === null || value === undefined) continue;
    const memberAt = `${at}/${pointerToken(key)}`;
    const memberPath = path === '' ? key : `${path}.${key}`;
    map[memberAt] = { ...entry, componentPath: memberPath };
    const occurrences: readonly (readonly [string, string, unknown])[] = Array.isArray(value)
      ? value.map((v, j) => [`${memberAt}/${j}`, `${memberPath}[${j}]`, v] as const)
      : [[memberAt, memberPath, value]];
    for (const [occurrenceAt, occurrencePath, occurrence] of occurrences) {
      if (occurrence === null || occurrence === undefined) continue;
      if (occurrenceAt !== memberAt) map[occurrenceAt] = { ...entry, componentPath: occurrencePath };
      if (isObject(occurrence) && depth < MAX_COMPONENT_DEPTH) addMembers(map, occurrence, occurrenceAt, occurrencePath, entry, depth + 1);
    }
  }
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
