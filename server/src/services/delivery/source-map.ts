// The source map of a preview read (`sourceMap=true`, live preview's click-to-edit): from the JSON
// pointer (RFC 6901) of each value a site renders to where an editor changes it — the item, its
// version, the field's key and the value's order. Built from the answer itself once it is shaped
// (children expanded, shared fields and assets filled), so every pointer points into exactly what
// was sent, at no cost in queries. The TS SDK's `sourceMapOf` derives the same map from a
// delivery-shaped item in the browser (live preview's `change` messages), so the rules here are
// the contract's (ContentSourceMap), kept simple enough to be written twice:
//   - each value property that is not null, of every value with a field key;
//   - a Component value's members inside its `jsonValue`, each with its path in the component
//     (`cta.label`, `links[1]`), as the editor's form nests the component's inputs;
//   - an expanded `child`'s values under `/fields/{i}/child`, naming the child item and version;
//   - a value a member shares with its translations (served from its group's default-locale member,
//     shared-fields.ts) naming that member and version, where the editor changes it (the member's
//     own editor shows it read-only). The SDK cannot know this from an item alone; the server can.
import type { ContentSourceMap, ContentSourceMapEntry, ContentVersionDetailResponse, ContentVersionFieldValueResponse } from '../../generated/schemas.js';
import { MAX_COMPONENT_DEPTH } from '../content/component-values.js';

/** The properties of a value that carry what a site renders, in the order the contract lists them. */
export const SOURCE_MAPPED_PROPERTIES = [
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
] as const satisfies readonly (keyof ContentVersionFieldValueResponse)[];

/** One reference token of a JSON pointer: `~` and `/` escaped (RFC 6901 §3). */
export const pointerToken = (token: string): string => token.replaceAll('~', '~0').replaceAll('/', '~1');

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Where a version's value of field `key` was written, when not in that version (a shared value). */
export type WrittenElsewhere = (version: ContentVersionDetailResponse, key: string) => { readonly itemId: string; readonly versionNumber: number } | undefined;

/** `body`'s source map (see the top of this file); `body` is not changed. */
export function sourceMapOf(body: ContentVersionDetailResponse, writtenElsewhere: WrittenElsewhere = () => undefined): ContentSourceMap {
  const map: Record<string, ContentSourceMapEntry> = {};
  addVersion(map, body, '', writtenElsewhere);
  return map;
}

function addVersion(map: Record<string, ContentSourceMapEntry>, version: ContentVersionDetailResponse, at: string, elsewhere: WrittenElsewhere): void {
  version.fields.forEach((field, i) => {
    const here = `${at}/fields/${i}`;
    // A value whose field the template no longer has is named by no key an editor could open.
    if (field.key !== null) {
      const { itemId, versionNumber } = elsewhere(version, field.key) ?? { itemId: version.contentItemId, versionNumber: version.versionNumber };
      const entry: ContentSourceMapEntry = { itemId, versionNumber, fieldKey: field.key, order: field.order };
      for (const property of SOURCE_MAPPED_PROPERTIES) {
        const value = field[property];
        if (value !== null && value !== undefined) map[`${here}/${property}`] = entry;
      }
      if (field.valueKind === 'Component' && isObject(field.jsonValue)) addMembers(map, field.jsonValue, `${here}/jsonValue`, '', entry, 1);
    }
    // The child's values are edited in the child item, whatever happens to the parent's field.
    if (field.child) addVersion(map, field.child, `${here}/child`, elsewhere);
  });
}

/**
 * A component object's members: each member, each occurrence of a repeated one, and what nests in
 * them (nested components, a Link's parts), to the depth a component value may nest.
 */
function addMembers(
  map: Record<string, ContentSourceMapEntry>,
  object: Record<string, unknown>,
  at: string,
  path: string,
  entry: ContentSourceMapEntry,
  depth: number,
): void {
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
