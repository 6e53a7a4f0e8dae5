// Field filters and field sorts for listContent, written as values of the fields' own types:
// contentQuery({ templateId, filter: { price: { gte: 10 } }, sort: '-eventDate' }) becomes the
// contract's query (`filter[price][gte]=10`, `sortBy=fields.eventDate`, `sortDesc=true`). Typed by
// what verso-typegen writes per template (VersoContentFilters), a wrong key, an op the field's type
// has no use for or a string for a Number field fails to compile; without it any key is accepted.
// Mistakes the server would answer with 400 (no templateId, NaN, an empty `in`) throw before sending.
import type { OperationInput } from '../operations/operation-types.js';

/** listContent's query as the contract declares it (what contentQuery returns). */
export type ListContentQuery = NonNullable<OperationInput<'listContent'>['query']>;

/**
 * The field types a list can filter by: the primitive types the server compares, and `ChildContent`
 * (a composition field, compared by the child item's id). Media, File, Quote, Json and Component
 * fields cannot be filtered or sorted by.
 */
export type VersoFilterType = 'Text' | 'RichText' | 'Markdown' | 'Link' | 'Boolean' | 'PickList' | 'Number' | 'Date' | 'DateTime' | 'ChildContent';

/** One field of a template as verso-typegen describes it for queries: its type, and the type of a value compared with it. */
export interface VersoFilterField<T extends VersoFilterType = VersoFilterType, V = unknown> {
  readonly type: T;
  readonly value: V;
}

/** The filterable fields of one template, by field key (an entry of the generated VersoContentFilters). */
export type VersoFilterFields<F> = { readonly [K in keyof F]: VersoFilterField };

/** What an untyped query accepts: any key, any op, any operand. */
export interface VersoAnyFilterFields {
  readonly [key: string]: VersoFilterField<VersoFilterType, string | number | boolean | Date>;
}

export type FieldFilterOp = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'exists' | 'contains';

type Ordered = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'exists';

/** The ops a field's type supports: ranges where the values are ordered, equality for choices, ids and booleans. */
export type FieldFilterOpsOf<T extends VersoFilterType> = T extends 'Number' | 'Date' | 'DateTime'
  ? Ordered
  : T extends 'Text' | 'Markdown' | 'Link'
    ? Ordered | 'contains'
    : T extends 'RichText'
      ? 'contains' | 'exists'
      : 'eq' | 'ne' | 'in' | 'exists';

type Operand<Op extends FieldFilterOp, V> = Op extends 'in' ? readonly V[] : Op extends 'exists' ? boolean : Op extends 'contains' ? string : V;

/** The conditions on one field, each op's operand of the field's value type (`in` a list of them, `exists` a boolean). */
export type FieldConditions<D extends VersoFilterField> = { [Op in FieldFilterOpsOf<D['type']>]?: Operand<Op, D['value']> };

/** Conditions by field key, all combined with AND. */
export type FieldFilter<F extends VersoFilterFields<F>> = { [K in keyof F & string]?: FieldConditions<F[K]> };

type SortableType = Exclude<VersoFilterType, 'RichText'>;

/** The keys of the fields a list can be sorted by. */
export type SortableFieldKey<F extends VersoFilterFields<F>> = { [K in keyof F & string]: [Extract<F[K]['type'], SortableType>] extends [never] ? never : K }[keyof F & string];

/** The list's own sort keys; a field with one of these keys is sorted by as `fields.<key>`. */
export type BuiltInSortKey = 'createdAt' | 'updatedAt' | 'slug' | 'title';

type SortKey<F extends VersoFilterFields<F>> = BuiltInSortKey | `fields.${SortableFieldKey<F>}` | Exclude<SortableFieldKey<F>, BuiltInSortKey>;

/** A sort key (a built-in one, a field key, or `fields.<key>`), descending with a leading `-`. */
export type ContentSort<F extends VersoFilterFields<F> = VersoAnyFilterFields> = SortKey<F> | `-${SortKey<F>}`;

/** listContent's query with the field filter and the sort written as values (`sortBy`/`sortDesc` come from `sort`). */
export type ContentListQuery<F extends VersoFilterFields<F> = VersoAnyFilterFields> = Omit<ListContentQuery, 'filter' | 'sortBy' | 'sortDesc' | 'templateId'> & {
  /** The template whose fields `filter` and `sort` name (a field key means something only within one template). */
  templateId: string;
  filter?: FieldFilter<F>;
  sort?: ContentSort<F>;
};

const OPS: ReadonlySet<string> = new Set<FieldFilterOp>(['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'exists', 'contains']);
const BUILT_IN: ReadonlySet<string> = new Set<BuiltInSortKey>(['createdAt', 'updatedAt', 'slug', 'title']);
// The contract's field key pattern and its limits (`filter` allows 20 fields, `in` 100 values).
const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const MAX_FIELDS = 20;
const MAX_IN = 100;

/** One operand as the text the contract carries: numbers in full, booleans as true/false, Dates as ISO instants. */
function operandText(at: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`${at} must be a finite number, got ${value}.`);
    return String(value);
  }
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError(`${at} is an invalid Date.`);
    return value.toISOString();
  }
  throw new TypeError(`${at} must be a string, number, boolean or Date.`);
}

function inText(at: string, values: unknown): string {
  if (!Array.isArray(values)) return operandText(at, values);
  if (values.length === 0) throw new RangeError(`${at} needs at least one value.`);
  if (values.length > MAX_IN) throw new RangeError(`${at} takes at most ${MAX_IN} values, got ${values.length}.`);
  return values
    .map((v, i) => {
      const text = operandText(`${at}[${i}]`, v);
      // The values travel comma-separated; a comma inside one would split it in two.
      if (text.includes(',')) throw new TypeError(`${at}[${i}] contains a comma, which the list cannot carry; filter with eq instead.`);
      return text;
    })
    .join(',');
}

function conditionsText(key: string, conditions: unknown): Record<string, string> | undefined {
  if (typeof conditions !== 'object' || conditions === null || Array.isArray(conditions)) {
    throw new TypeError(`filter.${key} must be an object of conditions, such as { gte: 10 }.`);
  }
  const out: Record<string, string> = {};
  for (const [op, operand] of Object.entries(conditions)) {
    if (operand === undefined) continue;
    const at = `filter[${key}][${op}]`;
    if (!OPS.has(op)) throw new TypeError(`${at}: ${op} is not a filter op (eq, ne, lt, lte, gt, gte, in, exists, contains).`);
    if (op === 'exists' && typeof operand !== 'boolean') throw new TypeError(`${at} must be true or false.`);
    out[op] = op === 'in' ? inText(at, operand) : operandText(at, operand);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function filterParam(filter: object): Record<string, Record<string, string>> | undefined {
  const out: Record<string, Record<string, string>> = {};
  for (const [key, conditions] of Object.entries(filter)) {
    if (conditions === undefined) continue;
    if (!FIELD_KEY.test(key)) throw new TypeError(`filter: "${key}" is not a field key (a letter, then letters, digits, _ or -; at most 64).`);
    const text = conditionsText(key, conditions);
    if (text) out[key] = text;
  }
  const count = Object.keys(out).length;
  if (count > MAX_FIELDS) throw new RangeError(`filter takes at most ${MAX_FIELDS} fields, got ${count}.`);
  return count > 0 ? out : undefined;
}

function sortParams(sort: string): { sortBy: string; sortDesc: boolean } {
  const desc = sort.startsWith('-');
  const name = desc ? sort.slice(1) : sort;
  const key = name.startsWith('fields.') ? name.slice('fields.'.length) : name;
  if (BUILT_IN.has(name)) return { sortBy: name, sortDesc: desc };
  if (!FIELD_KEY.test(key)) throw new TypeError(`sort: "${sort}" is neither createdAt, updatedAt, slug, title nor a field key (with - before it for descending).`);
  // The server's default is descending, so ascending is always said.
  return { sortBy: `fields.${key}`, sortDesc: desc };
}

/**
 * listContent's query from field filters and a sort written as values. Pass the generated
 * `VersoContentFilters['<template slug>']` as `F` to have keys, ops and operands checked by tsc.
 * Works wherever listContent's query goes: `listContent`, `listAll`/`paginate`, the content cache.
 */
// NoInfer: F comes from the caller (the generated filters) or is the untyped default, never from the literal.
export function contentQuery<F extends VersoFilterFields<F> = VersoAnyFilterFields>(query: ContentListQuery<NoInfer<F>>): ListContentQuery {
  if (typeof query !== 'object' || query === null) throw new TypeError('contentQuery needs a query object with templateId.');
  const { filter, sort, ...rest } = query as ContentListQuery & { sortBy?: unknown; sortDesc?: unknown };
  if (typeof rest.templateId !== 'string' || rest.templateId === '') throw new TypeError('contentQuery needs templateId: field filters and field sorts are read within one template.');
  if (sort !== undefined && (rest.sortBy !== undefined || rest.sortDesc !== undefined)) throw new TypeError('contentQuery takes sort, or sortBy and sortDesc, not both.');
  const out = { ...rest } as ListContentQuery;
  const filterText = filter === undefined ? undefined : filterParam(filter);
  // Checked above: every op is the contract's, `exists` is true or false.
  if (filterText) out.filter = filterText as ListContentQuery['filter'];
  if (sort !== undefined) {
    if (typeof sort !== 'string') throw new TypeError('sort must be a string such as "-eventDate".');
    Object.assign(out, sortParams(sort));
  }
  return out;
}
