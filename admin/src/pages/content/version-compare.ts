// Two versions of an item side by side, field by field (issue #25): which fields were added,
// removed, changed or left alone. Text, Markdown and structured values (components, links, quotes,
// as indented JSON) are compared as text (text-diff.ts: lines for multi-line text, words for one
// line); children, Media/File, picklist, yes/no, number and date values as lists of occurrences,
// each occurrence named as people know it — a child by its title (the compare read's `children`), an
// asset by its file name, a date and time on the user's clock with the zone named. Fields are matched by
// key, so versions on different template versions still line up.
import type { components } from '@verso/sdk';
import { formatWhen, UTC } from '../../time.js';
import { factsOf, type AssetFacts, type AssetFactsById } from '../media/asset-facts.js';
import { itemPaths } from './item-paths.js';
import { diffPieces, textDiff, type DiffPart } from './text-diff.js';

type VersionDetail = components['schemas']['ContentVersionDetailResponse'];
type FieldValue = components['schemas']['ContentVersionFieldValueResponse'];
type ChildName = components['schemas']['ContentChildNameResponse'];

/** What the occurrences are named by: assets' facts and children's names (by lower-cased id). */
export interface Names {
  readonly facts?: AssetFactsById;
  readonly children?: ReadonlyMap<string, ChildName>;
  /** The user's zone: DateTime values are shown on its clock with the zone named, as everywhere. */
  readonly zone?: string;
}

/** The compare read's `children`, by lower-cased id. */
export const childNamesById = (children: readonly ChildName[]): ReadonlyMap<string, ChildName> => new Map(children.map((c) => [c.contentItemId.toLowerCase(), c]));

export type FieldChange = 'added' | 'removed' | 'changed' | 'unchanged';

/** One occurrence of a listed (non-text) value: its words, and where it leads. */
export interface Occurrence {
  text: string;
  href?: string;
  asset?: AssetFacts | null;
}

export interface ComparedField {
  key: string;
  label: string;
  valueKind: FieldValue['valueKind'];
  change: FieldChange;
  /** Text kinds: the diff of the whole field's text. */
  text?: DiffPart[];
  /** Listed kinds: each occurrence with whether it was kept, removed or added. */
  items?: (Occurrence & { op: DiffPart['op'] })[];
}

const TEXT_KINDS = new Set<string>(['Text', 'RichText', 'Markdown', 'Component', 'Link', 'Quote']);
/** Separates occurrence keys inside a diff (never in a key: keys are ids and plain words). */
const SEP = '\u0000';

/** A value's text as the diff compares it. */
function textOf(v: FieldValue): string {
  if (v.valueKind === 'Component') return v.jsonValue === null || v.jsonValue === undefined ? '' : JSON.stringify(v.jsonValue, null, 2);
  const json = v.jsonValue === null || v.jsonValue === undefined ? '' : JSON.stringify(v.jsonValue, null, 2);
  return [v.textValue ?? '', json].filter((s) => s !== '').join('\n');
}

/** A listed value's identity (what makes two occurrences the same) and how it is shown. */
function occurrenceOf(workspaceId: string, v: FieldValue, names: Names): { key: string; shown: Occurrence } {
  switch (v.valueKind) {
    case 'ChildContent': {
      const id = v.childContentItemId ?? '';
      // The compare read names children (API `children`); an expanded `child` names itself.
      const child = names.children?.get(id.toLowerCase()) ?? v.child;
      const name = child?.title || child?.slug || (child ? `Untitled ${child.templateName}` : 'A content item that serves nothing now');
      return { key: `child:${id}`, shown: { text: name, href: id ? itemPaths(workspaceId, id).root : undefined } };
    }
    case 'Media':
    case 'File': {
      const id = (v.mediaAssetId ?? v.fileAssetId ?? '').toLowerCase();
      return { key: `asset:${id}`, shown: { text: id, asset: factsOf(names.facts, id) } };
    }
    case 'Boolean':
      return { key: String(v.boolValue), shown: { text: v.boolValue === null ? '(empty)' : v.boolValue ? 'Yes' : 'No' } };
    case 'PickList':
      return { key: `pick:${v.textValue ?? ''}`, shown: { text: v.displayLabel ?? v.textValue ?? '(empty)' } };
    case 'Number':
      return { key: `num:${v.numberValue ?? ''}`, shown: { text: v.numberValue === null || v.numberValue === undefined ? '(empty)' : String(v.numberValue) } };
    case 'Date':
      return { key: `date:${v.dateValue ?? ''}`, shown: { text: v.dateValue ?? '(empty)' } };
    case 'DateTime':
      return { key: `at:${v.dateTimeValue ? Date.parse(v.dateTimeValue) : ''}`, shown: { text: v.dateTimeValue ? formatWhen(v.dateTimeValue, names.zone ?? UTC) : '(empty)' } };
    default:
      return { key: `text:${v.textValue ?? ''}`, shown: { text: v.textValue ?? '' } };
  }
}

interface FieldValues {
  key: string;
  label: string;
  valueKind: FieldValue['valueKind'];
  values: FieldValue[];
}

/** The version's values grouped by field key (lower case), in the version's order. */
function byField(version: VersionDetail): Map<string, FieldValues> {
  const fields = new Map<string, FieldValues>();
  for (const v of version.fields) {
    if (v.valueKind === 'Separator') continue;
    const key = (v.key ?? v.fieldId).toLowerCase();
    let f = fields.get(key);
    if (!f) fields.set(key, (f = { key: v.key ?? v.fieldId, label: v.label ?? v.key ?? v.fieldId, valueKind: v.valueKind, values: [] }));
    f.values.push(v);
  }
  return fields;
}

function changeOf(parts: readonly { op: DiffPart['op'] }[], hadBefore: boolean, hasAfter: boolean): FieldChange {
  if (!hadBefore && hasAfter) return 'added';
  if (hadBefore && !hasAfter) return 'removed';
  return parts.every((p) => p.op === 'same') ? 'unchanged' : 'changed';
}

function compareField(workspaceId: string, before: FieldValues | undefined, after: FieldValues | undefined, names: Names): ComparedField {
  const head = (after ?? before)!;
  const a = before?.values ?? [];
  const b = after?.values ?? [];
  const base = { key: head.key, label: head.label, valueKind: head.valueKind };
  if (TEXT_KINDS.has(head.valueKind)) {
    // Occurrences of a repeated field are paragraphs of one text.
    const join = (vs: FieldValue[]) => vs.map(textOf).join(head.valueKind === 'Text' && vs.length <= 1 ? '' : '\n\n');
    const text = textDiff(join(a), join(b));
    return { ...base, change: changeOf(text, a.length > 0, b.length > 0), text };
  }
  const shown = new Map<string, Occurrence>();
  const keysOf = (vs: FieldValue[]) =>
    vs.map((v) => {
      const o = occurrenceOf(workspaceId, v, names);
      shown.set(o.key, o.shown);
      return o.key + SEP;
    });
  const parts = diffPieces(keysOf(a), keysOf(b));
  const items = parts.flatMap((p) => p.text.split(SEP).filter((k) => k !== '').map((k) => ({ op: p.op, ...shown.get(k)! })));
  return { ...base, change: changeOf(parts, a.length > 0, b.length > 0), items };
}

/** Every field either version has a value in: the newer version's order, then fields only the older one has. */
export function compareVersions(workspaceId: string, from: VersionDetail, to: VersionDetail, names: Names = {}): ComparedField[] {
  const before = byField(from);
  const after = byField(to);
  const keys = [...after.keys(), ...[...before.keys()].filter((k) => !after.has(k))];
  return keys.map((k) => compareField(workspaceId, before.get(k), after.get(k), names));
}

/** The asset ids both versions name (one listMedia call for the page). */
export function comparedAssetIds(...versions: VersionDetail[]): string[] {
  return versions.flatMap((v) => v.fields.flatMap((f) => [f.mediaAssetId, f.fileAssetId].filter((id): id is string => !!id)));
}
