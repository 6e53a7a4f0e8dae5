// A version's values as the read-only viewer shows them: grouped by field (a repeated field lists
// its occurrences), each value by its kind — Markdown rendered safely (markdown.ts), picklist values
// by the label saved with them, Media and File by thumbnail or file name, type and size (one
// listMedia call per page, media/asset-facts.ts), component values as nested
// definition lists, and child content with the child's served version expanded (as the API expanded
// it, at most MAX_CHILD_DEPTH levels here too). The templates only walk this tree.
import type { components } from '@verso/sdk';
import { renderMarkdown } from '../../markdown.js';
import { formatWhen, UTC } from '../../time.js';
import { factsOf, type AssetFacts, type AssetFactsById } from '../media/asset-facts.js';
import { itemPaths } from './item-paths.js';

type VersionDetail = components['schemas']['ContentVersionDetailResponse'];
type FieldValue = components['schemas']['ContentVersionFieldValueResponse'];

/** The API expands children up to 8 levels below the requested version. */
const MAX_CHILD_DEPTH = 8;
/** Deeper JSON than this is shown as text (the API allows 32 levels). */
const MAX_JSON_DEPTH = 12;

export type Shown =
  | { kind: 'text'; text: string }
  | { kind: 'markdown'; html: string }
  | { kind: 'boolean'; text: string }
  | { kind: 'picklist'; label: string; value: string }
  | { kind: 'asset'; what: 'Media' | 'File'; id: string; facts: AssetFacts | null }
  | { kind: 'child'; itemId: string; href: string; version?: ShownVersion; note: string }
  | { kind: 'object'; entries: { key: string; value: Shown }[] }
  | { kind: 'list'; items: Shown[] }
  | { kind: 'empty' };

export interface ShownField {
  key: string;
  label: string;
  valueKind: FieldValue['valueKind'];
  values: Shown[];
}

export interface ShownVersion {
  versionNumber: number;
  status: VersionDetail['status'];
  slug: string | null;
  templateName: string;
  href: string;
  fields: ShownField[];
}

function shownJson(value: unknown, depth: number): Shown {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (typeof value !== 'object' || depth >= MAX_JSON_DEPTH) return { kind: 'text', text: JSON.stringify(value) };
  if (Array.isArray(value)) return { kind: 'list', items: value.map((v) => shownJson(v, depth + 1)) };
  return { kind: 'object', entries: Object.entries(value as Record<string, unknown>).map(([key, v]) => ({ key, value: shownJson(v, depth + 1) })) };
}

/** The asset ids a version's values name, its expanded children's included (one listMedia call for all). */
export function assetIdsOf(version: VersionDetail, depth = 0): string[] {
  return version.fields.flatMap((v) => [
    ...(v.mediaAssetId ? [v.mediaAssetId] : []),
    ...(v.fileAssetId ? [v.fileAssetId] : []),
    ...(v.child && depth < MAX_CHILD_DEPTH ? assetIdsOf(v.child, depth + 1) : []),
  ]);
}

function shownValue(workspaceId: string, v: FieldValue, depth: number, facts: AssetFactsById | undefined, zone: string): Shown {
  switch (v.valueKind) {
    case 'Markdown':
      return v.textValue === null ? { kind: 'empty' } : { kind: 'markdown', html: renderMarkdown(v.textValue) };
    case 'Boolean':
      return v.boolValue === null ? { kind: 'empty' } : { kind: 'boolean', text: v.boolValue ? 'Yes' : 'No' };
    case 'PickList':
      return v.textValue === null ? { kind: 'empty' } : { kind: 'picklist', label: v.displayLabel ?? v.textValue, value: v.textValue };
    case 'Media':
      return v.mediaAssetId ? { kind: 'asset', what: 'Media', id: v.mediaAssetId, facts: factsOf(facts, v.mediaAssetId) } : { kind: 'empty' };
    case 'File':
      return v.fileAssetId ? { kind: 'asset', what: 'File', id: v.fileAssetId, facts: factsOf(facts, v.fileAssetId) } : { kind: 'empty' };
    case 'ChildContent': {
      if (!v.childContentItemId) return { kind: 'empty' };
      const child = v.child && depth < MAX_CHILD_DEPTH ? shownVersion(workspaceId, v.child, depth + 1, facts, zone) : undefined;
      const note = child ? `Version ${child.versionNumber} (${child.status}), served at the same time` : v.child ? 'Nested too deep to expand here; open it to see its values.' : 'Serves nothing at this time.';
      return { kind: 'child', itemId: v.childContentItemId, href: itemPaths(workspaceId, v.childContentItemId).view, version: child, note };
    }
    case 'Component':
      return shownJson(v.jsonValue, 0);
    case 'Link':
    case 'Quote': {
      const parts: Shown[] = [];
      if (v.textValue !== null) parts.push({ kind: 'text', text: v.textValue });
      if (v.jsonValue !== null && v.jsonValue !== undefined) parts.push(shownJson(v.jsonValue, 0));
      return parts.length === 0 ? { kind: 'empty' } : parts.length === 1 ? parts[0]! : { kind: 'list', items: parts };
    }
    case 'Separator':
      return { kind: 'empty' };
    case 'Number':
      return v.numberValue === null ? { kind: 'empty' } : { kind: 'text', text: String(v.numberValue) };
    case 'Date':
      return v.dateValue === null ? { kind: 'empty' } : { kind: 'text', text: v.dateValue };
    case 'DateTime':
      // On the user's clock with the zone named, as the editor's input takes it.
      return v.dateTimeValue === null ? { kind: 'empty' } : { kind: 'text', text: formatWhen(v.dateTimeValue, zone) };
    case 'Json':
      return shownJson(v.jsonValue, 0);
    default:
      return v.textValue === null ? { kind: 'empty' } : { kind: 'text', text: v.textValue };
  }
}

/** The tree the viewer renders for `version` (`depth` counts child levels above it; times on `zone`'s clock). */
export function shownVersion(workspaceId: string, version: VersionDetail, depth = 0, facts?: AssetFactsById, zone: string = UTC): ShownVersion {
  const fields: ShownField[] = [];
  const byField = new Map<string, ShownField>();
  for (const v of version.fields) {
    let f = byField.get(v.fieldId);
    if (!f) {
      f = { key: v.key ?? v.fieldId, label: v.label ?? v.key ?? v.fieldId, valueKind: v.valueKind, values: [] };
      byField.set(v.fieldId, f);
      fields.push(f);
    }
    f.values.push(shownValue(workspaceId, v, depth, facts, zone));
  }
  return {
    versionNumber: version.versionNumber,
    status: version.status,
    slug: version.slug,
    templateName: version.templateName,
    href: itemPaths(workspaceId, version.contentItemId).view,
    fields,
  };
}
