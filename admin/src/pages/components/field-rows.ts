// The component editor's field rows: replaceComponentFields replaces the whole list, so the form
// posts every row (`f<i>-key`, `f<i>-label`, … with the shared inputs of templates/field-basics.ts)
// and the row count. Adding, removing and moving rows happen on the posted rows (nothing is saved
// until "Save fields"); the API's messages, keyed `/<i>/<member>`, go back to row i.
import type express from 'express';
import type { components } from '@verso/sdk';
import { field, type FieldErrors } from '../../http/forms.js';
import {
  COMPONENT_KIND,
  commonFieldBody,
  emptyInputs,
  errorsByInput,
  inputsFromField,
  PRIMITIVE_LABELS,
  PRIMITIVE_TYPES,
  readFieldInputs,
  type FieldInputs,
  type InputErrors,
} from '../templates/field-basics.js';

type ComponentField = components['schemas']['ComponentFieldResponse'];
type ComponentFieldRequest = components['schemas']['ComponentFieldRequest'];

/** The API's limit on a component version's fields. */
export const MAX_ROWS = 500;

/** The type select of a component field: a primitive type or a nested component. */
export const COMPONENT_FIELD_KINDS = [
  { label: 'Value types', options: PRIMITIVE_TYPES.map((t) => ({ value: t, label: PRIMITIVE_LABELS[t] })) },
  { label: 'Structure', options: [{ value: COMPONENT_KIND, label: 'Nested component' }] },
];

export const rowPrefix = (i: number) => `f${i}-`;

export function readRows(req: express.Request): FieldInputs[] {
  const count = Math.min(Math.max(Number.parseInt(field(req, 'rows'), 10) || 0, 0), MAX_ROWS);
  return Array.from({ length: count }, (_, i) => readFieldInputs(req, rowPrefix(i)));
}

export const rowsFromFields = (fields: readonly ComponentField[]): FieldInputs[] => [...fields].sort((a, b) => a.order - b.order).map(inputsFromField);

export type RowOp = { op: 'save' } | { op: 'add' } | { op: 'remove' | 'up' | 'down'; row: number };

/** The button that posted the form (`op`: save, add, remove:<i>, up:<i>, down:<i>); anything else saves. */
export function rowOpOf(req: express.Request, rows: number): RowOp {
  const [op = '', at = ''] = field(req, 'op').split(':');
  const row = Number.parseInt(at, 10);
  if (op === 'add') return { op: 'add' };
  if ((op === 'remove' || op === 'up' || op === 'down') && row >= 0 && row < rows) return { op, row };
  return { op: 'save' };
}

/** The rows after an edit that is not a save, and the row (and control) to focus next. */
export function applyRowOp(rows: FieldInputs[], op: Exclude<RowOp, { op: 'save' }>): { rows: FieldInputs[]; focus: string } {
  const out = [...rows];
  if (op.op === 'add') {
    if (out.length < MAX_ROWS) out.push(emptyInputs());
    return { rows: out, focus: `${rowPrefix(out.length - 1)}key` };
  }
  if (op.op === 'remove') {
    out.splice(op.row, 1);
    return { rows: out, focus: out.length === 0 ? 'add-row' : `${rowPrefix(Math.min(op.row, out.length - 1))}key` };
  }
  const to = op.op === 'up' ? op.row - 1 : op.row + 1;
  if (to < 0 || to >= out.length) return { rows: out, focus: `${rowPrefix(op.row)}key` };
  [out[op.row], out[to]] = [out[to]!, out[op.row]!];
  // The moved row keeps the focus on the same button, unless it now sits where that button is gone.
  const again = (op.op === 'up' && to > 0) || (op.op === 'down' && to < out.length - 1);
  return { rows: out, focus: again ? `${rowPrefix(to)}${op.op}` : `${rowPrefix(to)}key` };
}

/** The replace-all body, or the inputs that are not numbers (keyed `/<i>/<member>`). */
export function rowsBody(rows: readonly FieldInputs[]): { body: ComponentFieldRequest[]; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const body = rows.map((r, i) => {
    const common = commonFieldBody(r, i);
    for (const [pointer, messages] of Object.entries(common.errors)) errors[`/${i}${pointer}`] = messages;
    return { ...common.body, nestedComponentId: r.kind === COMPONENT_KIND ? r.componentId || null : null };
  });
  return { body, errors };
}

/**
 * The API's messages per row (`/<i>/key` → row i's key input); a message about the whole list goes
 * to `list`. A nesting cycle names components, not rows: it is shown at every row nesting one of them.
 */
export function rowErrors(errors: FieldErrors, rows: readonly FieldInputs[], cycle?: { names: readonly string[]; idsByName: ReadonlyMap<string, string> }): { rows: InputErrors[]; list: string[] } {
  const perRow: FieldErrors[] = rows.map(() => ({}));
  const list: string[] = [];
  for (const [pointer, messages] of Object.entries(errors)) {
    const m = /^\/(\d+)(\/.*)$/.exec(pointer);
    const row = m ? perRow[Number(m[1])] : undefined;
    if (row && m) (row[m[2]!] ??= []).push(...messages);
    else list.push(...messages);
  }
  if (cycle) {
    const ids = new Set(cycle.names.map((n) => cycle.idsByName.get(n)).filter((x): x is string => x !== undefined));
    rows.forEach((r, i) => {
      if (r.kind === COMPONENT_KIND && ids.has(r.componentId)) (perRow[i]!['/nestedComponentId'] ??= []).push(`would make a cycle: ${cycle.names.join(' → ')}`);
    });
  }
  return { rows: perRow.map((e, i) => errorsByInput(e, undefined, rows[i]?.kind)), list };
}
