// The content list's field filters and field sorts: which fields of the chosen template can be
// filtered and sorted by, which conditions suit each type, the URL's state (`f<i>k`, `f<i>o`, `f<i>v`:
// field key, condition, value, so a filtered list is a link to share and the back button restores
// it), and the listContent query it becomes (`filter[<key>][<op>]`, `sortBy=fields.<key>`). The API
// decides what matches; the form reads only what it must first: a DateTime value is typed on the
// user's wall clock (time.ts, as every time input of the admin), a yes/no as true/false. The API's
// 400 naming `filter[<key>][<op>]` or `sortBy` is put back at that row's input.
import type { components } from '@verso/sdk';
import type { FieldErrors } from '../../http/forms.js';
import { instantFromInput, UTC, zoneLabel } from '../../time.js';

type TemplateField = components['schemas']['TemplateFieldResponse'];
type FilterOps = components['schemas']['FieldFilterOperations'];

/** How a field compares: its primitive type, or ChildContent for a composition field (by the child's id). */
export type FilterKind = 'Text' | 'Markdown' | 'RichText' | 'Link' | 'Boolean' | 'PickList' | 'Number' | 'Date' | 'DateTime' | 'ChildContent';

/** The conditions of the form: the API's ops, `exists` split into its two answers. */
export type Condition = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'contains' | 'set' | 'unset';

const ORDERED: readonly Condition[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'set', 'unset'];

/** The conditions each kind supports (the contract's `filter` parameter says which ops suit which types). */
const CONDITIONS: Record<FilterKind, readonly Condition[]> = {
  Text: [...ORDERED, 'contains'],
  Markdown: [...ORDERED, 'contains'],
  Link: [...ORDERED, 'contains'],
  RichText: ['contains', 'set', 'unset'],
  Boolean: ['eq', 'ne', 'set', 'unset'],
  PickList: ['eq', 'ne', 'in', 'set', 'unset'],
  ChildContent: ['eq', 'ne', 'in', 'set', 'unset'],
  Number: ORDERED,
  Date: ORDERED,
  DateTime: ORDERED,
};

/** The kinds a list can be sorted by (the contract's `sortBy`). */
const SORTABLE: readonly FilterKind[] = ['Text', 'Markdown', 'Link', 'PickList', 'Boolean', 'Number', 'Date', 'DateTime', 'ChildContent'];

const GENERIC_LABELS: Record<Condition, string> = {
  eq: 'is',
  ne: 'is not',
  lt: 'less than / before',
  lte: 'at most / on or before',
  gt: 'more than / after',
  gte: 'at least / on or after',
  in: 'is one of (separate with commas)',
  contains: 'contains',
  set: 'has a value',
  unset: 'has no value',
};

/** The words a condition has for a kind: dates are before and after, numbers less and more. */
export function conditionLabel(c: Condition, kind: FilterKind | null): string {
  const time = kind === 'Date' || kind === 'DateTime';
  if (kind === 'Number') return { lt: 'less than', lte: 'at most', gt: 'more than', gte: 'at least' }[c as 'lt'] ?? GENERIC_LABELS[c];
  if (time) return { lt: 'before', lte: 'on or before', gt: 'after', gte: 'on or after' }[c as 'lt'] ?? GENERIC_LABELS[c];
  if (kind === 'Text' || kind === 'Markdown' || kind === 'Link') return { lt: 'before (A–Z)', lte: 'at or before (A–Z)', gt: 'after (A–Z)', gte: 'at or after (A–Z)' }[c as 'lt'] ?? GENERIC_LABELS[c];
  return GENERIC_LABELS[c];
}

export interface ListField {
  key: string;
  label: string;
  kind: FilterKind;
}

/** The fields of a template version a list can filter by (Component, Media, File, Quote, Separator and Json cannot). */
export function listFields(fields: readonly TemplateField[]): ListField[] {
  const out: ListField[] = [];
  for (const f of [...fields].sort((a, z) => a.order - z.order)) {
    const kind: FilterKind | null = f.componentId ? null : f.primitiveType ? (f.primitiveType in CONDITIONS ? (f.primitiveType as FilterKind) : null) : 'ChildContent';
    if (kind) out.push({ key: f.key, label: f.label, kind });
  }
  return out;
}

export const sortableFields = (fields: readonly ListField[]): ListField[] => fields.filter((f) => SORTABLE.includes(f.kind));

/** At most this many field filters in one list (the contract allows 20; a screen needs a few). */
export const MAX_FILTERS = 5;

export interface FilterRow {
  key: string;
  condition: Condition | '';
  value: string;
}

const isCondition = (x: string): x is Condition => x in GENERIC_LABELS;

/** The filter rows of the URL (`f0k=price&f0o=gte&f0v=10`), rows without a field dropped. */
export function filterRowsOf(query: unknown): FilterRow[] {
  const q = (query ?? {}) as Record<string, unknown>;
  const one = (name: string) => {
    const raw = q[name];
    const v = Array.isArray(raw) ? raw[0] : raw;
    return typeof v === 'string' ? v : '';
  };
  const rows: FilterRow[] = [];
  for (let i = 0; i < MAX_FILTERS; i++) {
    const key = one(`f${i}k`).trim().slice(0, 64);
    const condition = one(`f${i}o`);
    if (!key) continue;
    rows.push({ key, condition: isCondition(condition) ? condition : '', value: one(`f${i}v`).slice(0, 1000) });
  }
  return rows;
}

/** The URL parameters of the rows, renumbered from 0 (for the pager and shared links). */
export function filterParams(rows: readonly FilterRow[]): Record<string, string> {
  return Object.fromEntries(rows.flatMap((r, i) => [[`f${i}k`, r.key], [`f${i}o`, r.condition], [`f${i}v`, r.value]]));
}

/** The error key of row `i`'s value input (and of its field and condition inputs). */
export const rowPointer = (i: number) => `/filter/${i}`;

/** A value as the API compares it, or a message saying how to write it. */
function operand(kind: FilterKind, raw: string, zone: string): { value: string } | { message: string } {
  const text = raw.trim();
  if (text === '') return { message: 'Enter a value to compare with, or choose “has a value”.' };
  if (kind === 'DateTime') {
    const t = instantFromInput(text, zone);
    if (t) return { value: t };
    return { message: instantFromInput(text, UTC) ? `This time does not exist in ${zoneLabel(zone)} (the clocks skip it when summer time starts).` : `Enter a date and time in ${zoneLabel(zone)}, such as 2026-12-24 18:00.` };
  }
  if (kind === 'Boolean') {
    const yes = /^(yes|true)$/i.test(text);
    if (yes || /^(no|false)$/i.test(text)) return { value: yes ? 'true' : 'false' };
    return { message: 'Enter yes or no.' };
  }
  return { value: text };
}

export interface FieldQuery {
  filter: Record<string, FilterOps>;
  /** Messages of rows the form could not turn into a filter, by rowPointer. */
  errors: FieldErrors;
}

/** The listContent `filter` of the rows, each row's value read for its field's kind. */
export function fieldQuery(rows: readonly FilterRow[], fields: readonly ListField[], zone: string): FieldQuery {
  const out: FieldQuery = { filter: {}, errors: {} };
  rows.forEach((r, i) => {
    const at = rowPointer(i);
    const f = fields.find((x) => x.key === r.key);
    if (!f) return void (out.errors[at] = ['This template has no such field to filter by: choose one from the list.']);
    if (!r.condition) return void (out.errors[at] = ['Choose a condition.']);
    if (!CONDITIONS[f.kind].includes(r.condition)) {
      return void (out.errors[at] = [`“${conditionLabel(r.condition, null)}” does not work on ${f.label}: choose one of ${CONDITIONS[f.kind].map((c) => `“${conditionLabel(c, f.kind)}”`).join(', ')}.`]);
    }
    const ops = (out.filter[f.key] ??= {});
    if (r.condition === 'set' || r.condition === 'unset') return void (ops.exists = r.condition === 'set' ? 'true' : 'false');
    if (r.condition === 'in') {
      const parts = r.value.split(',').map((p) => p.trim()).filter(Boolean).map((p) => operand(f.kind, p, zone));
      const bad = parts.find((p) => 'message' in p);
      if (parts.length === 0) return void (out.errors[at] = ['Enter one or more values, separated with commas.']);
      if (bad && 'message' in bad) return void (out.errors[at] = [bad.message]);
      return void (ops.in = parts.map((p) => ('value' in p ? p.value : '')).join(','));
    }
    const v = operand(f.kind, r.value, zone);
    if ('message' in v) return void (out.errors[at] = [v.message]);
    ops[r.condition] = v.value;
  });
  return out;
}

/**
 * The API's messages about the list's query, by the form's inputs: `filter[<key>][<op>]` → the row
 * filtering by that key; `sortBy` → the sort select (`/sort`); anything else is left for the page's
 * problem box.
 */
export function queryErrors(errors: FieldErrors, rows: readonly FilterRow[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [pointer, messages] of Object.entries(errors)) {
    const m = /filter(?:\[|\/)([^\]/]+)/.exec(pointer);
    const row = m ? rows.findIndex((r) => r.key === m[1]) : -1;
    const at = row >= 0 ? rowPointer(row) : /sortBy/.test(pointer) ? '/sort' : pointer;
    (out[at] ??= []).push(...messages);
  }
  return out;
}

export interface RowView {
  index: number;
  key: string;
  condition: string;
  value: string;
  /** The conditions offered: the field's when one is chosen, else all of them. */
  conditions: { value: Condition; label: string }[];
  /** How to write the value for the field's kind. */
  hint: string;
  errors: string[];
}

function valueHint(kind: FilterKind | null, zone: string): string {
  switch (kind) {
    case 'Number':
      return 'A number, such as 12 or 4.5.';
    case 'Date':
      return 'A date, such as 2026-12-24.';
    case 'DateTime':
      return `A date and time in ${zoneLabel(zone)}, such as 2026-12-24 18:00.`;
    case 'Boolean':
      return 'Yes or no.';
    case 'PickList':
      return 'An option’s value.';
    case 'ChildContent':
      return 'The id of the item it refers to.';
    case null:
      return 'Dates as 2026-12-24, numbers as 4.5, yes or no.';
    default:
      return 'Text, compared exactly (“contains” ignores upper and lower case).';
  }
}

/** The filter rows as the page shows them: the URL's, then one empty row to add another (up to MAX_FILTERS). */
export function filterRowViews(rows: readonly FilterRow[], fields: readonly ListField[], errors: FieldErrors, zone: string): RowView[] {
  const all = rows.length < MAX_FILTERS ? [...rows, { key: '', condition: '' as const, value: '' }] : rows;
  return all.map((r, index) => {
    const kind = fields.find((f) => f.key === r.key)?.kind ?? null;
    const offered = kind ? CONDITIONS[kind] : ([...ORDERED, 'contains'] as Condition[]);
    return {
      index,
      key: r.key,
      condition: r.condition,
      value: r.value,
      conditions: offered.map((c) => ({ value: c, label: conditionLabel(c, kind) })),
      hint: valueHint(kind, zone),
      errors: errors[rowPointer(index)] ?? [],
    };
  });
}
