// What the field partials (views/content/fields/*.eta) render: one view per field with its rows,
// each row with its input names and ids, its value, its errors, and its row buttons (Add, Remove,
// Move up/down) enabled within the field's occurrence limits (a disabled one names the limit it
// meets). Templates stay dumb: every name, id and description is decided here.
import type { FieldErrors } from '../../http/forms.js';
import { renderMarkdown } from '../../markdown.js';
import { factsOf, type AssetFacts, type AssetFactsById } from '../media/asset-facts.js';
import type { Permission } from '../workspace-scope.js';
import type { EditorField, EditorSchema, FieldKind, NumberInput, PickOption } from './editor-schema.js';
import { zoneLabel } from '../../time.js';
import type { MediaHit, PickHit, SearchHit } from './pick-hits.js';
import { emptyRow, type FieldsState, type RowState } from './value-form.js';

const isMediaHit = (hit: PickHit): hit is MediaHit => 'fileName' in hit;

export interface ViewContext {
  schema: EditorSchema;
  /** The API's (and the form's own) messages by form path (value-form.ts errorsByPath). */
  errors: FieldErrors;
  /** Markdown previews asked for without JavaScript, by row path. */
  previews: Record<string, string>;
  /** Reference search and Media/File picker results, by row path. */
  results: Record<string, PickHit[]>;
  /** The row or list to focus after an Add, Remove or Move (the page reloaded without JavaScript). */
  focus?: string;
  /** The whole form is read-only (with the reason shown above it). */
  readOnly: boolean;
  /** The user's time zone: DateTime inputs are on its wall clock, and say so. */
  zone: string;
  /** Whether an inline child in this status may be edited in place by this user. */
  childEditable: (status: string) => Permission;
  /** Whether a new inline child may be created (Editor + Write). */
  mayCreate: Permission;
  links: { editor: (itemId: string, version: number) => string; item: (itemId: string) => string; asset: (assetId: string) => string };
  /** What the form's Media and File values are (thumbnail or name, type, size), read in one call (media/asset-facts.ts). */
  assets?: AssetFactsById;
}

interface Button {
  op: string;
  enabled: boolean;
}

export interface RowView {
  path: string;
  /** The row's input name prefix: `v[<fieldId>][0]`; inputs append `[v]`, `[vs]`, … */
  name: string;
  id: string;
  number: number;
  /** The label of the row's own input. */
  label: string;
  /** A row of a repeatable field with several inputs: its own fieldset, the row label as legend. */
  grouped: boolean;
  value: RowState;
  errors: string[];
  errorId: string;
  /** The ids of the help, occurrence and error texts that describe the row's input. */
  describedBy: string;
  remove: Button | null;
  up: Button | null;
  down: Button | null;
  autofocus: boolean;
  members: FieldView[] | null;
  inline: InlineView | null;
  preview: string | null;
  results: SearchHit[] | null;
  /** Media/File: the assets offered after "Choose…". */
  assets: MediaHit[] | null;
  /** Reference: the picked item's page; Media/File: the chosen asset's page in the library. */
  link: string | null;
  /** Media/File: the chosen asset's facts, when the page read them (null for an id the library does not show). */
  asset: AssetFacts | null;
}

export interface InlineView {
  itemId: string;
  version: number;
  etag: string;
  templateVersionId: string;
  status: string;
  isNew: boolean;
  /** Edited in place (one level); deeper levels and unloadable children only link to the child. */
  inPlace: boolean;
  editable: Permission;
  fields: FieldView[];
  editorLink: string | null;
  itemLink: string | null;
}

export interface FieldView {
  kind: FieldKind;
  label: string;
  help: string | null;
  helpId: string;
  locator: string;
  id: string;
  required: boolean;
  /** The occurrence limits in words ('' for an optional single value). */
  occurrence: string;
  occurrenceId: string;
  /** One row, or several (legend + numbered rows). */
  repeatable: boolean;
  /** A fieldset with the label as legend (several inputs or rows), else one labelled input. */
  grouped: boolean;
  rows: RowView[];
  add: (Button & { label: string }) | null;
  errors: string[];
  errorId: string;
  readOnly: boolean;
  maxLength: number | null;
  /** Number: the input's min, max and step. */
  number: NumberInput | null;
  /** DateTime: the zone the input is read in, in words (`Europe/Berlin`; the user's preference). */
  zone: string | null;
  options: PickOption[];
  multiple: boolean;
  componentName: string | null;
  targetName: string;
  targetTemplateId: string | null;
  /** Why Add is disabled beyond the occurrence limit (e.g. no published target template). */
  addReason: string | null;
}

/** Kinds whose row has several inputs (or none): a fieldset, not one labelled input. */
const GROUPED: readonly FieldKind[] = ['Boolean', 'Component', 'Inline', 'Reference', 'Media', 'File', 'Link', 'Quote', 'Separator'];

const htmlId = (path: string) => 'f-' + path.replace(/[^A-Za-z0-9_-]/g, '-');
const nameOf = (path: string) => `v[${path.split('/').join('][')}]`;

function occurrenceText(f: EditorField, lo: number): string {
  const hi = f.max;
  const what = f.kind === 'PickList' && f.picklist?.multiple ? 'choice' : 'value';
  const n = (k: number) => `${k} ${what}${k === 1 ? '' : 's'}`;
  if (f.kind === 'PickList' && !f.picklist?.multiple) return lo > 0 ? 'Required.' : '';
  if (hi === 1) return lo >= 1 ? 'Required.' : '';
  if (hi === null) return lo > 0 ? `At least ${n(lo)}.` : `Any number of ${what}s.`;
  return lo > 0 ? `Between ${lo} and ${n(hi)}.` : `Up to ${n(hi)}.`;
}

/** How many rows a field shows: its values, at least its minimum, and one empty input for a simple field. */
function shownRows(f: EditorField, rows: RowState[], lo: number): number {
  if (f.kind === 'PickList' && f.picklist?.multiple) return 1;
  const floor = f.kind === 'Component' || f.kind === 'Inline' || f.kind === 'Separator' ? lo : Math.max(lo, 1);
  return Math.max(rows.length, floor);
}

/** The views of `fields` whose state is `state`, their lists under `prefix` (`''` or `<row>/m/`, `<row>/f/`). */
export function fieldViews(ctx: ViewContext, fields: readonly EditorField[], state: FieldsState, prefix = '', depth = 0, readOnly = ctx.readOnly): FieldView[] {
  return fields.map((f) => fieldView(ctx, f, state[f.id] ?? [], prefix + f.id, depth, readOnly));
}

function fieldView(ctx: ViewContext, f: EditorField, stateRows: RowState[], locator: string, depth: number, readOnly: boolean): FieldView {
  const id = htmlId(locator);
  const lo = Math.max(f.min, f.required ? 1 : 0);
  const multiple = f.kind === 'PickList' && f.picklist?.multiple === true;
  const repeatable = !multiple && f.max !== 1 && !(f.kind === 'PickList');
  const count = shownRows(f, stateRows, lo);
  const view: FieldView = {
    kind: f.kind,
    label: f.label,
    help: f.help,
    helpId: `${id}-help`,
    locator,
    id,
    required: lo > 0,
    occurrence: occurrenceText(f, lo),
    occurrenceId: `${id}-occ`,
    repeatable,
    grouped: repeatable || multiple || GROUPED.includes(f.kind),
    rows: [],
    add: null,
    errors: ctx.errors[locator] ?? [],
    errorId: `${id}-error`,
    readOnly,
    maxLength: f.maxLength,
    number: f.number,
    zone: f.kind === 'DateTime' ? zoneLabel(ctx.zone) : null,
    options: f.picklist?.options ?? [],
    multiple,
    componentName: f.componentName,
    targetName: f.target?.name ?? '',
    targetTemplateId: f.target?.templateId ?? null,
    addReason: null,
  };
  const removable = repeatable || f.kind === 'Component' || f.kind === 'Inline';
  for (let i = 0; i < count; i++) {
    const value = stateRows[i] ?? emptyRow();
    view.rows.push(rowView(ctx, f, view, value, i, count, lo, removable, depth, readOnly));
  }
  const roomLeft = f.max === null || count < f.max;
  if (!readOnly && !multiple && f.kind !== 'Separator' && (repeatable || count === 0)) {
    let reason: string | null = null;
    if (f.kind === 'Inline' && depth > 0) reason = 'Add nested items in the child’s own editor.';
    else if (f.kind === 'Inline' && !ctx.mayCreate.allowed) reason = ctx.mayCreate.reason;
    else if (f.kind === 'Inline' && !f.target?.currentVersionId) reason = `The target template${f.target?.name ? ` ${f.target.name}` : ''} has no published version to create an item on.`;
    view.addReason = reason;
    view.add = { op: `add:${locator}`, enabled: roomLeft && reason === null, label: count === 0 ? `Add ${f.label}` : `Add another ${f.label}` };
  }
  return view;
}

function rowView(ctx: ViewContext, f: EditorField, field: FieldView, value: RowState, i: number, count: number, lo: number, removable: boolean, depth: number, readOnly: boolean): RowView {
  const path = `${field.locator}/${i}`;
  const id = htmlId(path);
  const errors = ctx.errors[path] ?? [];
  const describedBy = [
    f.help ? field.helpId : '',
    errors.length ? `${id}-error` : '',
    field.errors.length ? field.errorId : '',
    field.occurrence ? field.occurrenceId : '',
    f.maxLength ? `${id}-count` : '',
    f.kind === 'Number' || f.kind === 'DateTime' || f.kind === 'Json' ? `${id}-hint` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const row: RowView = {
    path,
    name: nameOf(path),
    id,
    number: i + 1,
    label: field.repeatable || count > 1 ? `${f.label} ${i + 1}` : f.label,
    grouped: field.repeatable && GROUPED.includes(f.kind) && f.kind !== 'Separator',
    value,
    errors,
    errorId: `${id}-error`,
    describedBy,
    remove: !readOnly && removable ? { op: `remove:${path}`, enabled: count > lo } : null,
    up: !readOnly && field.repeatable && i > 0 ? { op: `up:${path}`, enabled: true } : null,
    down: !readOnly && field.repeatable && i < count - 1 ? { op: `down:${path}`, enabled: true } : null,
    autofocus: ctx.focus === path,
    members: null,
    inline: null,
    preview: null,
    results: null,
    assets: null,
    link: null,
    asset: null,
  };
  const hits = ctx.results[path];
  if (hits && (f.kind === 'Media' || f.kind === 'File')) row.assets = hits.filter(isMediaHit);
  else if (hits) row.results = hits.filter((h): h is SearchHit => !isMediaHit(h));
  if (f.kind === 'Markdown' || f.kind === 'RichText') {
    row.preview = ctx.previews[path] ?? (readOnly && value.v !== '' ? renderMarkdown(value.v) : null);
  }
  if (f.kind === 'Reference' && /^[0-9a-f-]{36}$/i.test(value.v.trim())) row.link = ctx.links.item(value.v.trim());
  if ((f.kind === 'Media' || f.kind === 'File') && /^[0-9a-f-]{36}$/i.test(value.v.trim())) {
    row.link = ctx.links.asset(value.v.trim());
    row.asset = factsOf(ctx.assets, value.v);
  }
  if (f.kind === 'Component') {
    // Component graphs are acyclic (the API refuses cycles); the bound only guards the page against bad data.
    row.members = depth < 16 ? fieldViews(ctx, f.members ?? [], value.members, `${path}/m/`, depth + 1, readOnly) : [];
  }
  if (f.kind === 'Inline') row.inline = inlineView(ctx, f, value, path, depth, readOnly);
  return row;
}

function inlineView(ctx: ViewContext, f: EditorField, value: RowState, path: string, depth: number, readOnly: boolean): InlineView {
  const child = value.inline ?? { itemId: '', version: 0, etag: '', templateVersionId: f.target?.currentVersionId ?? '', status: '', fields: {} };
  const isNew = child.itemId === '';
  const loaded = isNew || child.version > 0;
  const inPlace = depth === 0 && loaded && child.templateVersionId !== '';
  const editable: Permission = readOnly ? { allowed: false, reason: 'This version is read-only.' } : isNew ? ctx.mayCreate : ctx.childEditable(child.status);
  return {
    itemId: child.itemId,
    version: child.version,
    etag: child.etag,
    templateVersionId: child.templateVersionId,
    status: child.status,
    isNew,
    inPlace,
    editable,
    fields: inPlace ? fieldViews(ctx, ctx.schema.fields(child.templateVersionId), child.fields, `${path}/f/`, depth + 1, readOnly || !editable.allowed) : [],
    editorLink: !isNew && child.version > 0 ? ctx.links.editor(child.itemId, child.version) : null,
    itemLink: isNew ? null : ctx.links.item(child.itemId),
  };
}

/** Top-level field views grouped by the template version's sections (fields without one first). */
export function sectioned(ctx: ViewContext, templateVersionId: string, views: FieldView[]): Array<{ name: string | null; description: string | null; id: string; fields: FieldView[] }> {
  const fields = ctx.schema.fields(templateVersionId);
  const sectionOf = new Map(fields.map((f) => [f.id, f.sectionId]));
  const groups = [{ name: null as string | null, description: null as string | null, id: 'section-root', fields: views.filter((v) => !sectionOf.get(v.locator)) }];
  for (const s of ctx.schema.sections(templateVersionId)) {
    groups.push({ name: s.name, description: s.description, id: `section-${s.id}`, fields: views.filter((v) => sectionOf.get(v.locator) === s.id) });
  }
  return groups.filter((g) => g.fields.length > 0);
}

/**
 * The ids a form's rows hold (members and inline children included): the candidates for
 * ViewContext.assets, read in one listMedia call. Ids that are not assets (a Reference's) are simply
 * not found.
 */
export function idValuesOf(state: FieldsState, depth = 0): string[] {
  if (depth > 16) return [];
  return Object.values(state).flatMap((rows) =>
    rows.flatMap((row) => [
      ...(/^[0-9a-f-]{36}$/i.test(row.v.trim()) ? [row.v.trim()] : []),
      ...idValuesOf(row.members, depth + 1),
      ...(row.inline ? idValuesOf(row.inline.fields, depth + 1) : []),
    ]),
  );
}
