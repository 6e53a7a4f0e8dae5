// The SQL of the content list's field filters and field sorts (filter[<key>][<op>], sortBy=fields.<key>),
// over value rows that have the columns of content_serving_values (migration 0040): the served
// versions' rows on the resolved list, the latest version's values (latestValues) on the plain one.
// Values arrive parsed and checked against the field's type (services/delivery/field-filters.ts);
// each is cast here to the column's type, so it compares as what it is.
import { sql, type FragmentSqlToken } from 'slonik';

/** The value column a field's type compares on (content_serving_values). */
export type FieldColumn = 'number_value' | 'date_value' | 'date_time_value' | 'text_value' | 'bool_value' | 'child_id';
export type FieldOp = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'exists' | 'contains';

/** One condition of a field filter: `values` holds one operand (`in`: one or more; `exists`: 'true' or 'false'). */
export interface FieldFilter {
  readonly key: string;
  readonly column: FieldColumn;
  readonly op: FieldOp;
  readonly values: readonly string[];
  /** The field may hold several values (then a condition is "any value"; see fieldSortRange). */
  readonly repeated: boolean;
}

export interface FieldSort {
  readonly key: string;
  readonly column: FieldColumn;
  readonly repeated: boolean;
}

const CAST: Readonly<Record<FieldColumn, FragmentSqlToken>> = {
  number_value: sql.fragment`numeric`,
  date_value: sql.fragment`date`,
  date_time_value: sql.fragment`timestamptz`,
  text_value: sql.fragment`text`,
  bool_value: sql.fragment`boolean`,
  child_id: sql.fragment`uuid`,
};

// Text compares by code point (COLLATE "C"); the index holds the first 200 characters (text_key), so
// each text comparison tests the prefix, which the index answers, and then the whole value. For
// code-point order, a < b implies prefix(a) <= prefix(b), so the prefix test never drops a match.
const PREFIX = 200;

function operand(column: FieldColumn, value: string): FragmentSqlToken {
  return sql.fragment`${value}::${CAST[column]}`;
}

const COMPARATORS: Readonly<Record<'eq' | 'lt' | 'lte' | 'gt' | 'gte', FragmentSqlToken>> = {
  eq: sql.fragment`=`,
  lt: sql.fragment`<`,
  lte: sql.fragment`<=`,
  gt: sql.fragment`>`,
  gte: sql.fragment`>=`,
};
const PREFIX_COMPARATORS: Readonly<Record<'eq' | 'lt' | 'lte' | 'gt' | 'gte', FragmentSqlToken>> = {
  eq: sql.fragment`=`,
  lt: sql.fragment`<=`,
  lte: sql.fragment`<=`,
  gt: sql.fragment`>=`,
  gte: sql.fragment`>=`,
};

function escapeLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}

/**
 * The test one value row `v` passes for `f` (`ne` and `exists=false` are the negations of `eq` and
 * `exists=true`: see fieldFilterOn).
 */
export function valueTest(v: string, f: FieldFilter): FragmentSqlToken {
  const col = sql.identifier([v, f.column]);
  const op = f.op === 'ne' ? 'eq' : f.op;
  if (op === 'exists') return sql.fragment`${col} IS NOT NULL`;
  if (op === 'contains') {
    // Case-insensitive under the database's collation (C would fold ASCII only).
    return sql.fragment`${sql.identifier([v, 'text_value'])} COLLATE "default" ILIKE ${escapeLike(f.values[0]!)}`;
  }
  if (f.column === 'text_value') {
    const key = sql.identifier([v, 'text_key']);
    if (op === 'in') {
      const prefixes = f.values.map((x) => [...x].slice(0, PREFIX).join(''));
      return sql.fragment`${key} = ANY(${sql.array(prefixes, 'text')}::text[] COLLATE "C") AND ${col} = ANY(${sql.array(f.values, 'text')}::text[] COLLATE "C")`;
    }
    const x = f.values[0]!;
    return sql.fragment`${key} ${PREFIX_COMPARATORS[op]} (${[...x].slice(0, PREFIX).join('')}::text COLLATE "C") AND ${col} ${COMPARATORS[op]} (${x}::text COLLATE "C")`;
  }
  if (op === 'in') return sql.fragment`${col} = ANY(${sql.array(f.values, 'text')}::${CAST[f.column]}[])`;
  return sql.fragment`${col} ${COMPARATORS[op]} ${operand(f.column, f.values[0]!)}`;
}

/** Whether `f` is a negation: it matches the items that have NO value passing valueTest. */
export const negated = (f: FieldFilter): boolean => f.op === 'ne' || (f.op === 'exists' && f.values[0] === 'false');

/**
 * The condition "the serving row `row` (an alias with its item id and valid_from) passes `f`": some value row of its served version passes the
 * test (any value of a repeated field), or, for `ne` / `exists=false`, none does — which items
 * without a value pass too. The probe names the template, so PostgreSQL may instead start from the
 * value index (content_serving_values_<type>) and join the serving rows, when the filter is narrow.
 */
export function servedFieldFilter(templateId: string, f: FieldFilter, row = 's'): FragmentSqlToken {
  const exists = sql.fragment`EXISTS (SELECT 1 FROM content_serving_values x
    WHERE x.content_item_id = ${sql.identifier([row, 'content_item_id'])} AND x.valid_from = ${sql.identifier([row, 'valid_from'])}
      AND x.template_id = ${templateId} AND x.field_key = ${f.key} AND ${valueTest('x', f)})`;
  return negated(f) ? sql.fragment`NOT ${exists}` : exists;
}

/**
 * The values of the latest version of the item whose id is `itemId` (SQL), with the columns of
 * content_serving_values: the plain list compares these (its cost grows with the template; it is
 * the editing list, not the delivery one).
 */
export function latestValues(itemId: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`(SELECT lower(f.key) AS field_key, fv.sort_order, fv.id,
      CASE WHEN fv.value_kind = 'Number' THEN fv.number_value END AS number_value,
      CASE WHEN fv.value_kind = 'Date' THEN fv.date_value END AS date_value,
      CASE WHEN fv.value_kind = 'DateTime' THEN fv.date_time_value END AS date_time_value,
      CASE WHEN fv.value_kind IN ('Text', 'RichText', 'Markdown', 'Link', 'PickList') THEN left(fv.text_value, ${PREFIX}) END COLLATE "C" AS text_key,
      CASE WHEN fv.value_kind IN ('Text', 'RichText', 'Markdown', 'Link', 'PickList') THEN fv.text_value END COLLATE "C" AS text_value,
      CASE WHEN fv.value_kind = 'Boolean' THEN fv.bool_value END AS bool_value,
      CASE WHEN fv.value_kind = 'ChildContent' THEN fv.child_content_item_id END AS child_id
    FROM content_field_values fv JOIN template_fields f ON f.id = fv.field_id
    WHERE fv.content_version_id = (SELECT lx.id FROM content_versions lx WHERE lx.content_item_id = ${itemId}
      ORDER BY lx.version_number DESC LIMIT 1))`;
}

/** The condition "the item `ci`'s latest version passes `f`" (as servedFieldFilter, for the plain list). */
export function latestFieldFilter(f: FieldFilter): FragmentSqlToken {
  const exists = sql.fragment`EXISTS (SELECT 1 FROM ${latestValues(sql.fragment`ci.id`)} v WHERE v.field_key = ${f.key} AND ${valueTest('v', f)})`;
  return negated(f) ? sql.fragment`NOT ${exists}` : exists;
}

/** The plain list's sort value: the first value of the field in the item `ci`'s latest version (text in full). */
export function latestSortValue(sort: FieldSort): FragmentSqlToken {
  return sql.fragment`(SELECT ${sql.identifier(['v', sort.column])} FROM ${latestValues(sql.fragment`ci.id`)} v
    WHERE v.field_key = ${sort.key} AND ${sql.identifier(['v', sort.column])} IS NOT NULL ORDER BY v.sort_order, v.id LIMIT 1)`;
}

/** A NULL of `column`'s type (the field sort's value for items without one). */
export function nullOf(column: FieldColumn): FragmentSqlToken {
  return sql.fragment`NULL::${CAST[column]}`;
}
