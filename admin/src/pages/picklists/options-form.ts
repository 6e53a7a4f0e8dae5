// The picklist form: name, slug, description and the options as editable rows. Rows are posted as
// parallel lists (`optionLabel`, `optionValue`, in document order). Adding, removing and moving rows
// works without JavaScript: those buttons post the form with `_row` (`add`, `remove:3`, `up:3`,
// `down:3`) and the page comes back with the rows changed and nothing sent to the API
// (public/library.js does the same in the page when scripts run). Rows left wholly blank are not
// sent; the API's messages for `/options/<i>/…` are mapped back to the row the user edited.
import type express from 'express';
import type { components } from '@verso/sdk';
import { field, fieldValues, type FieldErrors } from '../../http/forms.js';

type PickList = components['schemas']['PickListResponse'];
type PickListRequest = components['schemas']['PickListRequest'];

export interface OptionRow {
  label: string;
  value: string;
}

export interface PickListValues {
  name: string;
  slug: string;
  description: string;
  options: OptionRow[];
}

/** A repeated urlencoded field as a list ('' entries kept, so parallel lists stay aligned). */
export function valuesOf(req: express.Request): PickListValues {
  const labels = fieldValues(req, 'optionLabel');
  const values = fieldValues(req, 'optionValue');
  const count = Math.max(labels.length, values.length);
  const options = Array.from({ length: count }, (_, i) => ({ label: labels[i] ?? '', value: values[i] ?? '' }));
  return { name: field(req, 'name'), slug: field(req, 'slug').trim(), description: field(req, 'description'), options };
}

export const valuesFrom = (p: PickList): PickListValues => ({
  name: p.name,
  slug: p.slug,
  description: p.description ?? '',
  options: [...p.options].sort((a, b) => a.order - b.order).map((o) => ({ label: o.label, value: o.value })),
});

export const emptyValues = (): PickListValues => ({ name: '', slug: '', description: '', options: [{ label: '', value: '' }] });

/** A row change requested by the form's own buttons (`_row`), or undefined for a save. */
export function rowChange(req: express.Request): string | undefined {
  const op = field(req, '_row');
  return op === '' ? undefined : op;
}

/** The rows after `op`, and the row whose control should get the focus back. */
export function applyRowChange(rows: OptionRow[], op: string): { rows: OptionRow[]; focus?: string } {
  const out = [...rows];
  if (op === 'add') {
    out.push({ label: '', value: '' });
    return { rows: out, focus: `option-${out.length - 1}-label` };
  }
  const m = /^(remove|up|down):(\d{1,4})$/.exec(op);
  const i = m ? Number(m[2]) : -1;
  if (!m || i >= out.length) return { rows: out };
  if (m[1] === 'remove') {
    out.splice(i, 1);
    return { rows: out, focus: out.length === 0 ? 'add-option' : `option-${Math.min(i, out.length - 1)}-label` };
  }
  const j = m[1] === 'up' ? i - 1 : i + 1;
  if (j < 0 || j >= out.length) return { rows: out, focus: `option-${i}-label` };
  [out[i], out[j]] = [out[j]!, out[i]!];
  return { rows: out, focus: `option-${j}-label` };
}

/** The request body, and for each sent option the index of the row it came from. */
export function requestOf(v: PickListValues): { body: PickListRequest; rowOf: number[] } {
  const rowOf: number[] = [];
  const options: PickListRequest['options'] = [];
  v.options.forEach((o, row) => {
    if (o.label.trim() === '' && o.value.trim() === '') return;
    rowOf.push(row);
    options.push({ label: o.label, value: o.value });
  });
  return { body: { name: v.name, slug: v.slug, description: v.description.trim() === '' ? null : v.description, options }, rowOf };
}

/** The API's messages with `/options/<sent index>/…` rewritten to `/options/<row>/…`. */
export function errorsByRow(errors: FieldErrors, rowOf: number[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [pointer, messages] of Object.entries(errors)) {
    const m = /^\/options\/(\d+)(\/.*)?$/.exec(pointer);
    const key = m && rowOf[Number(m[1])] !== undefined ? `/options/${rowOf[Number(m[1])]}${m[2] ?? ''}` : pointer;
    (out[key] ??= []).push(...messages);
  }
  return out;
}
