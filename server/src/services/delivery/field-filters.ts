// The content list's field filters and field sort (filter[<fieldKey>][<op>]=<value>, sortBy=fields.<key>),
// checked against the fields of the template named by templateId (its current version) and parsed as
// each field's type before any list query runs: a filter the list cannot answer exactly is a 400
// naming the parameter as the client wrote it, never a guess or a 500 from a failed cast.
import { badRequest, type ValidationErrors } from '../../errors.js';
import type { HotPool } from '../../db/hot-pool.js';
import { findListFields, type ListField } from '../../db/delivery/list-fields.js';
import type { FieldColumn, FieldFilter, FieldOp, FieldSort } from '../../db/delivery/field-conditions.js';

/** The parsed `filter` parameter: field key → op → operand, as the contract's schema allows it. */
export type FilterParameter = Readonly<Record<string, Readonly<Record<string, string | undefined>>>>;

/** What each field type compares on, and which ops it supports. */
interface TypeRule {
  readonly column: FieldColumn;
  readonly ops: readonly FieldOp[];
  readonly sortable: boolean;
}

const ORDERED: readonly FieldOp[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'exists'];
const EQUALITY: readonly FieldOp[] = ['eq', 'ne', 'in', 'exists'];

const TYPE_RULES: Readonly<Record<string, TypeRule>> = {
  Number: { column: 'number_value', ops: ORDERED, sortable: true },
  Date: { column: 'date_value', ops: ORDERED, sortable: true },
  DateTime: { column: 'date_time_value', ops: ORDERED, sortable: true },
  Text: { column: 'text_value', ops: [...ORDERED, 'contains'], sortable: true },
  Markdown: { column: 'text_value', ops: [...ORDERED, 'contains'], sortable: true },
  Link: { column: 'text_value', ops: [...ORDERED, 'contains'], sortable: true },
  RichText: { column: 'text_value', ops: ['exists', 'contains'], sortable: false },
  PickList: { column: 'text_value', ops: EQUALITY, sortable: true },
  Boolean: { column: 'bool_value', ops: EQUALITY, sortable: true },
  ChildContent: { column: 'child_id', ops: EQUALITY, sortable: true },
};

const OPS_IN_ORDER: readonly FieldOp[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'exists', 'contains'];
const MAX_IN_VALUES = 100;

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** One operand parsed as the field's type: its canonical text, or the sentence saying what was expected. */
function parseOperand(field: ListField, type: string, text: string): { value: string } | { problem: string } {
  switch (type) {
    case 'Number':
      // A finite double's range: numeric would take more, but no stored value is outside it.
      return NUMBER.test(text) && Number.isFinite(Number(text)) ? { value: text } : { problem: 'Must be a number such as 12.5.' };
    case 'Date':
      return isRealDate(text) ? { value: text } : { problem: 'Must be a real calendar date such as 2026-12-24.' };
    case 'DateTime': {
      const m = DATE_TIME.exec(text);
      const valid = m && isRealDate(m[1]!) && Number(m[2]) <= 23 && Number(m[3]) <= 59 && Number(m[4]) <= 59 && Number(m[8] ?? 0) <= 23 && Number(m[9] ?? 0) <= 59;
      return valid ? { value: text } : { problem: 'Must be a date and time with its offset, such as 2026-12-24T18:00:00+01:00.' };
    }
    case 'Boolean':
      return text === 'true' || text === 'false' ? { value: text } : { problem: 'Must be true or false.' };
    case 'ChildContent':
      return UUID.test(text) ? { value: text.toLowerCase() } : { problem: 'Must be a content item id such as 0192f5a0-7c3e-7a1b-9f00-3c5e8d2a4b10.' };
    case 'PickList': {
      // Stored values are the option's own spelling (content-validation.ts matches case-insensitively too).
      const option = field.options.find((o) => o.toLowerCase() === text.toLowerCase());
      return option !== undefined ? { value: option } : { problem: `"${text}" is not an option of this field's pick list.` };
    }
    default:
      return { value: text };
  }
}

const parameterOf = (key: string, op: string) => `query.filter[${key}][${op}]`;

/** The field rule of `field`, or why it cannot be filtered or sorted on. */
function ruleOf(field: ListField): TypeRule | null {
  return field.type !== null ? (TYPE_RULES[field.type] ?? null) : null;
}

/**
 * Parses the field filters and the field sort of a list query against the template's fields:
 * throws 400 naming each refused parameter. Returns them in a canonical order (by key, then op), so
 * equal queries digest alike (listQueryKey).
 */
export async function parseFieldQuery(
  hot: HotPool,
  workspaceId: string,
  templateId: string | null,
  filter: FilterParameter | undefined,
  sortBy: string | undefined,
): Promise<{ readonly fieldFilters: readonly FieldFilter[]; readonly fieldSort: FieldSort | null }> {
  const sortKey = sortBy !== undefined && sortBy.startsWith('fields.') ? sortBy.slice('fields.'.length) : null;
  const entries = Object.entries(filter ?? {}).sort(([a], [b]) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
  if (entries.length === 0 && sortKey === null) return { fieldFilters: [], fieldSort: null };
  const refused: ValidationErrors = {};
  if (templateId === null) {
    const sentence = 'Name the template with templateId: a field key means something only within one template.';
    for (const [key, ops] of entries) for (const op of Object.keys(ops)) refused[parameterOf(key, op)] = [sentence];
    if (sortKey !== null) refused['query.sortBy'] = [sentence];
    throw badRequest('Field filters and field sorts need templateId.', refused);
  }
  const keys = [...new Set([...entries.map(([k]) => k.toLowerCase()), ...(sortKey !== null ? [sortKey.toLowerCase()] : [])])];
  const fields = await findListFields(hot, workspaceId, templateId, keys);

  const fieldFilters: FieldFilter[] = [];
  for (const [key, ops] of entries) {
    const field = fields.get(key.toLowerCase());
    const rule = field ? ruleOf(field) : null;
    for (const op of OPS_IN_ORDER) {
      const text = ops[op];
      if (text === undefined) continue;
      const parameter = parameterOf(key, op);
      if (!field) {
        refused[parameter] = [`The template has no field "${key}" (in its published version).`];
        continue;
      }
      if (!rule || !rule.ops.includes(op)) {
        const allowed = rule ? rule.ops.join(', ') : 'none';
        refused[parameter] = [`A ${field.type ?? 'mixed-type'} field cannot be filtered with ${op} (its filters: ${allowed}).`];
        continue;
      }
      const parsed = parseValues(field, op, text);
      if ('problem' in parsed) {
        refused[parameter] = [parsed.problem];
        continue;
      }
      fieldFilters.push({ key: field.key, column: rule.column, op, values: parsed.values, repeated: field.repeated });
    }
  }

  let fieldSort: FieldSort | null = null;
  if (sortKey !== null) {
    const field = fields.get(sortKey.toLowerCase());
    const rule = field ? ruleOf(field) : null;
    if (!field) refused['query.sortBy'] = [`The template has no field "${sortKey}" (in its published version).`];
    else if (!rule?.sortable) refused['query.sortBy'] = [`A ${field.type ?? 'mixed-type'} field cannot be sorted by.`];
    else fieldSort = { key: field.key, column: rule.column, repeated: field.repeated };
  }
  if (Object.keys(refused).length > 0) throw badRequest('One or more field filters cannot be applied.', refused);
  return { fieldFilters, fieldSort };
}

function parseValues(field: ListField, op: FieldOp, text: string): { values: string[] } | { problem: string } {
  const type = field.type!;
  if (op === 'exists') return text === 'true' || text === 'false' ? { values: [text] } : { problem: 'Must be true or false.' };
  if (op === 'contains') return text.length > 0 ? { values: [text] } : { problem: 'Must not be empty.' };
  const parts = op === 'in' ? text.split(',') : [text];
  if (op === 'in' && parts.length > MAX_IN_VALUES) return { problem: `Must list at most ${MAX_IN_VALUES} values.` };
  const values: string[] = [];
  for (const part of parts) {
    const parsed = parseOperand(field, type, part);
    if ('problem' in parsed) return { problem: op === 'in' ? `"${part}": ${parsed.problem}` : parsed.problem };
    values.push(parsed.value);
  }
  return { values };
}
