// Typed content: a version response turned into a plain object keyed by field key, the shape the
// interfaces `verso-typegen` writes describe. The generated file also holds the runtime descriptor
// (VersoContentModel) this needs for what a response alone does not say: which fields are lists
// (a repeated field with one value is still a list), which are empty (null, not absent), and what
// a component's members are (their keys match case-insensitively, and a repeated member may be
// stored as a single value).
import type { components } from '../generated/openapi.js';

type VersionDetail = components['schemas']['ContentVersionDetailResponse'];
type FieldValue = components['schemas']['ContentVersionFieldValueResponse'];

/** A JSON object as a Link, Quote or unknown component value holds it. */
export type VersoJsonObject = { [key: string]: unknown };

/** One child of an open (polymorphic) composition field: which template it is, and its content. */
export interface VersoChild<S extends string = string, T = VersoUntypedContent> {
  readonly template: S;
  readonly content: T;
}

/** What toContent gives without a model: values by field key, a field with several values as a list. */
export type VersoUntypedContent = { [key: string]: unknown };

export type VersoValueType = 'Text' | 'RichText' | 'Markdown' | 'Boolean' | 'PickList' | 'Media' | 'File' | 'Link' | 'Quote' | 'Number' | 'Date' | 'DateTime' | 'Json';

/** How one field (of a template or a component) maps onto its property. */
export interface VersoFieldDescriptor {
  readonly key: string;
  /** A primitive type; `Component` (see `component`); `Child` (a constrained composition); `Open` (any allowed template or primitive). */
  readonly type: VersoValueType | 'Component' | 'Child' | 'Open';
  /** The property is an array (the field repeats). */
  readonly list: boolean;
  /** The component's slug, for `Component`. */
  readonly component?: string;
}

/**
 * The runtime half of a generated content model: templates and components by slug. `T` maps each
 * template slug to its interface; it exists only in types.
 */
export interface VersoContentModel<T = Record<string, VersoUntypedContent>> {
  readonly templates: { readonly [slug: string]: { readonly fields: readonly VersoFieldDescriptor[] } };
  readonly components: { readonly [slug: string]: { readonly fields: readonly VersoFieldDescriptor[] } };
  /** Types only: never set. */
  readonly __types?: T;
}

/** A version body toContent reads (a ContentVersionDetailResponse, e.g. from getContentBySlug). */
export type VersoVersionLike = Pick<VersionDetail, 'templateSlug' | 'fields'>;

function isObject(x: unknown): x is VersoJsonObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** One stored value as the plain value its kind holds; undefined for a Separator (no data). */
function plainValue(v: FieldValue, model: VersoContentModel<unknown> | undefined, open: boolean): unknown {
  switch (v.valueKind) {
    case 'Text':
    case 'RichText':
    case 'Markdown':
    case 'PickList':
      return v.textValue;
    case 'Boolean':
      return v.boolValue;
    case 'Media':
      return v.mediaAssetId;
    case 'File':
      return v.fileAssetId;
    case 'Link':
    case 'Quote':
      return v.jsonValue ?? v.textValue;
    case 'Component':
    case 'Json':
      return v.jsonValue;
    case 'Number':
      return v.numberValue;
    // Dates stay the ISO strings the API sends (`YYYY-MM-DD`; an instant in UTC): a JS Date would
    // give a calendar date a time zone it does not have.
    case 'Date':
      return v.dateValue;
    case 'DateTime':
      return v.dateTimeValue;
    case 'ChildContent': {
      if (!v.child) return null;
      const content = convert(v.child, model);
      return open ? { template: v.child.templateSlug, content } : content;
    }
    default:
      return undefined;
  }
}

/** A component's JSON object shaped by its descriptor (members by key, lists as lists, nested components too). */
function componentValue(x: unknown, slug: string | undefined, model: VersoContentModel<unknown>, depth: number): unknown {
  const schema = slug === undefined ? undefined : model.components[slug];
  if (!isObject(x) || !schema || depth > 16) return x ?? null;
  const members = new Map(Object.entries(x).map(([k, v]) => [k.toLowerCase(), v]));
  const out: VersoUntypedContent = {};
  for (const f of schema.fields) {
    const raw = members.get(f.key.toLowerCase());
    const shape = (one: unknown) => (f.type === 'Component' ? componentValue(one, f.component, model, depth + 1) : one);
    if (f.list) {
      const items = raw === undefined || raw === null || raw === '' ? [] : Array.isArray(raw) ? raw : [raw];
      out[f.key] = items.map(shape);
    } else {
      const one = Array.isArray(raw) ? raw[0] : raw;
      out[f.key] = one === undefined || one === '' ? null : shape(one);
    }
  }
  return out;
}

function byKey(fields: readonly FieldValue[]): Map<string, FieldValue[]> {
  const groups = new Map<string, FieldValue[]>();
  for (const v of [...fields].sort((a, b) => a.order - b.order)) {
    if (v.key === null || v.valueKind === 'Separator') continue;
    const k = v.key.toLowerCase();
    const group = groups.get(k);
    if (group) group.push(v);
    else groups.set(k, [v]);
  }
  return groups;
}

function convert(version: VersoVersionLike, model: VersoContentModel<unknown> | undefined): VersoUntypedContent {
  const groups = byKey(version.fields);
  const schema = model?.templates[version.templateSlug];
  const out: VersoUntypedContent = {};
  if (!model || !schema) {
    for (const values of groups.values()) {
      const plain = values.map((v) => plainValue(v, model, false));
      out[values[0]!.key!] = plain.length === 1 ? plain[0] : plain;
    }
    return out;
  }
  for (const f of schema.fields) {
    const values = groups.get(f.key.toLowerCase()) ?? [];
    const plain = values.map((v) => {
      const x = plainValue(v, model, f.type === 'Open');
      return v.valueKind === 'Component' ? componentValue(x, f.component, model, 1) : x;
    });
    out[f.key] = f.list ? plain : (plain[0] ?? null);
  }
  return out;
}

/**
 * A version response (children expanded, e.g. getContentBySlug's default) as a plain object keyed
 * by field key. With the model `verso-typegen` wrote, it has exactly the generated interface's shape
 * (`template` checks the version's template slug and selects the interface); without one, a field
 * with one value is that value and a field with several is a list.
 */
export function toContent<T, S extends keyof T & string>(version: VersoVersionLike, model: VersoContentModel<T>, template: S): T[S];
export function toContent<T>(version: VersoVersionLike, model: VersoContentModel<T>): T[keyof T];
export function toContent(version: VersoVersionLike): VersoUntypedContent;
export function toContent(version: VersoVersionLike, model?: VersoContentModel<unknown>, template?: string): unknown {
  if (!version || typeof version !== 'object' || !Array.isArray(version.fields)) {
    throw new TypeError('toContent needs a content version response (with its fields), e.g. the result of getContentBySlug.');
  }
  if (template !== undefined && version.templateSlug !== template) {
    throw new TypeError(`toContent expected a version of template "${template}", got one of "${version.templateSlug}".`);
  }
  if (model && !model.templates[version.templateSlug]) {
    throw new TypeError(`The content model has no template "${version.templateSlug}": run verso-typegen again after publishing it.`);
  }
  return convert(version, model);
}
