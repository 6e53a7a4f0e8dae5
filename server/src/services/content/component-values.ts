// Validation of the JSON object a Component field value carries (upstream §1.8): keyed by the
// component's field keys, checked against the component's CURRENT version, recursively through
// nested components. Pure: the loader (db/content-schema.ts) resolves the schema graph; this decides
// and normalises (picklist values take the option's own spelling, as template picklist values do).
//
// Problems are phrases that complete "Field 'seo' value 2 …" and name the key path (`cta.style`,
// `links[1]`), so one 422 lists every bad member of one value.
import type { ComponentFieldSchema, ComponentSchema } from '../../db/content/content-schema.js';
import { jsonSchemaFailures } from '../model/json-schemas.js';
import { checkDate, checkDateTime, numberProblem } from './typed-values.js';

/**
 * The component graph is acyclic (enforced when components are modelled), but a bad row must never
 * overflow the stack, so values nest at most this many components deep (the top one counts as 1).
 */
export const MAX_COMPONENT_DEPTH = 16;

export type ComponentCheck = { readonly value: Record<string, unknown> } | { readonly problems: readonly string[] };

interface Findings {
  readonly missing: string[];
  /** Lists shorter than their member's minOccurrences: like `missing`, a completeness problem. */
  readonly short: string[];
  readonly problems: string[];
  /** The asset ids a Media or File member may name (available assets of the workspace). */
  readonly assets: ReadonlySet<string>;
}

type JsonObject = Record<string, unknown>;

function isObject(x: unknown): x is JsonObject {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Absent for the required-key rule, as the old check counted it: undefined, null, '' or []. */
function isEmpty(x: unknown): boolean {
  return x === undefined || x === null || x === '' || (Array.isArray(x) && x.length === 0);
}

function isRequired(f: ComponentFieldSchema): boolean {
  return f.isRequired || f.minOccurrences > 0;
}

/**
 * Whether the member may be a list. A picklist's `multiple` decides for PickList fields (as for
 * template fields, a single-choice picklist takes one value whatever maxOccurrences says); other
 * fields repeat when maxOccurrences is above 1 or unbounded.
 */
function takesList(f: ComponentFieldSchema): boolean {
  if (f.primitiveType === 'PickList') return f.picklist?.multiple === true;
  return f.maxOccurrences === null || f.maxOccurrences > 1;
}

/** A text's length as maxLength counts it: in code points, so an emoji is one character, not two. */
export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n += 1;
  return n;
}

function describe(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'a list';
  if (typeof x === 'object') return 'an object';
  if (typeof x === 'string') return 'a string';
  return `a ${typeof x}`;
}

/** A submitted string, quoted and cut short so a huge value cannot swell the error body. */
function quote(s: string): string {
  return JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function wrongType(found: Findings, path: string, x: unknown, expected: string): unknown {
  found.problems.push(`sets "${path}" to ${describe(x)}, but it takes ${expected}`);
  return x;
}

function checkPickList(f: ComponentFieldSchema, x: unknown, path: string, found: Findings): unknown {
  if (typeof x !== 'string') return wrongType(found, path, x, 'an option value (a string)');
  const option = f.picklist?.options.find((o) => o.value.toLowerCase() === x.toLowerCase());
  if (!option) {
    found.problems.push(`sets "${path}" to ${quote(x)}, which is not an option of its picklist revision`);
    return x;
  }
  return option.value;
}

/** One occurrence of a member (a list's element, or the member itself); returns its normalised form. */
function checkOne(f: ComponentFieldSchema, x: unknown, path: string, depth: number, found: Findings): unknown {
  if (f.primitiveType === null) {
    if (!isObject(x)) return wrongType(found, path, x, "an object keyed by its component's field keys");
    if (depth >= MAX_COMPONENT_DEPTH) {
      found.problems.push(`nests components more than ${MAX_COMPONENT_DEPTH} levels deep at "${path}"`);
      return x;
    }
    return checkObject(f.nestedComponent, x, path, depth + 1, found);
  }
  switch (f.primitiveType) {
    case 'Text':
    case 'RichText':
    case 'Markdown':
      if (typeof x !== 'string') return wrongType(found, path, x, 'a string');
      if (f.primitiveType === 'Text' && f.maxLength !== null && codePoints(x) > f.maxLength) {
        found.problems.push(`sets "${path}" to a text longer than its maxLength of ${f.maxLength} characters`);
      }
      return x;
    case 'Boolean':
      return typeof x === 'boolean' ? x : wrongType(found, path, x, 'a boolean');
    case 'Link':
    case 'Quote':
      return typeof x === 'string' || isObject(x) ? x : wrongType(found, path, x, 'a string or an object');
    case 'Media':
    case 'File':
      if (typeof x !== 'string') return wrongType(found, path, x, `a ${f.primitiveType === 'Media' ? 'media' : 'file'} asset id (a string)`);
      // As for a Media or File field of the template: an asset a reader could download.
      if (!found.assets.has(x.toLowerCase())) found.problems.push(`sets "${path}" to media asset ${quote(x)}, which is not an available asset of this workspace`);
      // Lower-cased, as the database prints ids: a delete finds the reference by exact match.
      return x.toLowerCase();
    case 'PickList':
      return checkPickList(f, x, path, found);
    case 'Number': {
      if (typeof x !== 'number') return wrongType(found, path, x, 'a number');
      const problem = numberProblem(x, f.numberRules);
      if (problem !== null) found.problems.push(`sets "${path}" to a number that ${problem}`);
      return x === 0 ? 0 : x;
    }
    case 'Date': {
      if (typeof x !== 'string') return wrongType(found, path, x, 'a date (a string written YYYY-MM-DD)');
      const date = checkDate(x);
      if ('problem' in date) {
        found.problems.push(`sets "${path}" to a value that ${date.problem}`);
        return x;
      }
      return date.date;
    }
    case 'DateTime': {
      if (typeof x !== 'string') return wrongType(found, path, x, 'a date and time (a string such as 2026-12-24T18:00:00+01:00)');
      const instant = checkDateTime(x);
      if ('problem' in instant) {
        found.problems.push(`sets "${path}" to a value that ${instant.problem}`);
        return x;
      }
      // Stored as answered, in UTC to the millisecond, as a DateTime field's value is.
      return instant.instant;
    }
    case 'Json':
      if (f.jsonSchema !== undefined) {
        for (const failure of jsonSchemaFailures(f.jsonSchema, x)) found.problems.push(`sets "${path}" to a value that fails its schema: ${failure}`);
      }
      return x;
    default:
      return x;
  }
}

/** A present member: a single occurrence, or a list of them where the field allows one. */
function checkMember(f: ComponentFieldSchema, x: unknown, path: string, depth: number, found: Findings): unknown {
  // A separator carries no data; whatever the editor stored is kept.
  if (f.primitiveType === 'Separator') return x;
  // A Json member's value is whatever JSON it holds, a list included: never split into occurrences.
  if (f.primitiveType === 'Json') return checkOne(f, x, path, depth, found);
  if (!Array.isArray(x)) return checkOne(f, x, path, depth, found);
  if (!takesList(f)) {
    found.problems.push(`sets "${path}" to a list, but it takes a single value`);
    return x;
  }
  // Occurrence bounds apply to a list; a single value stands for one occurrence.
  if (x.length < f.minOccurrences) found.short.push(`sets "${path}" to ${plural(x.length, 'value')}, but it takes at least ${f.minOccurrences}`);
  if (f.maxOccurrences !== null && x.length > f.maxOccurrences) {
    found.problems.push(`sets "${path}" to ${plural(x.length, 'value')}, but it takes at most ${f.maxOccurrences}`);
  }
  return x.map((item, i) => checkOne(f, item, `${path}[${i}]`, depth, found));
}

/**
 * One component object at `depth`. Keys match field keys case-insensitively. Keys the schema does
 * not know are kept unchanged and never fail: upstream stores the object as a snapshot and the
 * editor shows the component's current schema, so a key removed by a newer component version must
 * not make old content unsaveable.
 */
function checkObject(schema: ComponentSchema | null, record: JsonObject, prefix: string, depth: number, found: Findings): JsonObject {
  const fields = schema?.fields ?? [];
  const join = (key: string) => (prefix === '' ? key : `${prefix}.${key}`);
  const entries = Object.entries(record);
  for (const f of fields) {
    const key = f.key.toLowerCase();
    if (isRequired(f) && !entries.some(([k, x]) => k.toLowerCase() === key && !isEmpty(x))) found.missing.push(join(f.key));
  }
  const byKey = new Map(fields.map((f) => [f.key.toLowerCase(), f]));
  // fromEntries defines own properties, so a "__proto__" key stays data and never a prototype.
  return Object.fromEntries(
    entries.map(([k, x]) => {
      const f = byKey.get(k.toLowerCase());
      return [k, f === undefined || isEmpty(x) ? x : checkMember(f, x, join(f.key), depth, found)];
    }),
  );
}

function completenessProblems(found: Findings): string[] {
  const problems = [...found.short];
  if (found.missing.length > 0) {
    const keys = found.missing.map((k) => `"${k}"`).join(', ');
    problems.unshift(`is missing the component's required ${found.missing.length === 1 ? 'key' : 'keys'} ${keys}`);
  }
  return problems;
}

/**
 * Checks a Component value against the component's current version (null: no schema known, any
 * object). `assets` holds the ids its Media and File members may name; without it they name none.
 * Required keys and list minimums are a Draft's to fill in later (issue #25): they count only with
 * `complete` (incompleteComponentValue checks them when the version leaves Draft).
 */
export function checkComponentValue(
  component: ComponentSchema | null,
  value: unknown,
  assets: ReadonlySet<string> = new Set(),
  complete = true,
): ComponentCheck {
  if (!isObject(value)) return { problems: ["needs a jsonValue object keyed by the component's field keys"] };
  const found: Findings = { missing: [], short: [], problems: [], assets };
  const normalized = checkObject(component, value, '', 1, found);
  const problems = [...(complete ? completenessProblems(found) : []), ...found.problems];
  return problems.length > 0 ? { problems } : { value: normalized };
}

/** What a stored Component value still lacks (required keys, list minimums); empty when complete. */
export function incompleteComponentValue(component: ComponentSchema | null, value: unknown): string[] {
  if (!isObject(value)) return [];
  const found: Findings = { missing: [], short: [], problems: [], assets: new Set() };
  checkObject(component, value, '', 1, found);
  return completenessProblems(found);
}
