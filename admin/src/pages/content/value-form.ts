// The content editor's form state and its encoding, both ways.
//
// State: per field, a list of rows (one row per occurrence; a multiple-choice picklist is one row of
// checked options). A component row holds its members' rows (keyed by member key); an inline
// composition row holds the child item's own fields' rows.
//
// Addresses: a field's row list is a *locator* — the field id at the top, then `<row>/m/<memberKey>`
// into a component row or `<row>/f/<childFieldId>` into an inline child (e.g.
// `<fieldId>/0/m/links/2`); a row is `<locator>/<index>`. Inputs are named after their row:
// `v[<fieldId>][0][m][links][2][v]` (the app parses forms flat, `extended: false`, so parseTree
// rebuilds the tree here). Every row posts a `[k]` marker, so a row with nothing chosen survives.
//
// Encoding sends what the user typed; empty rows are simply not sent. The API decides what is valid,
// except what the form itself must read first: a number that is not one, JSON that does not parse, and
// a DateTime typed on the user's wall clock (`zone`, as the schedule inputs are: a time the zone skips
// is refused, not moved), sent as RFC 3339 with that zone's offset.
// and its 422 pointers (`/fields/<index>…`, `fields.<key>`) are mapped back to the row or field the
// value came from (errorsByPath).
import type { components } from '@verso/sdk';
import type { FieldErrors } from '../../http/forms.js';
import { inputWithSecondsFromInstant, instantFromInput, rfc3339InZone, UTC, zoneLabel } from '../../time.js';
import type { EditorField, EditorSchema } from './editor-schema.js';

type FieldValueResponse = components['schemas']['ContentVersionFieldValueResponse'];
export type FieldValueRequest = components['schemas']['ContentFieldValueRequest'];
type ContentStatus = components['schemas']['ContentStatus'];

export interface RowState {
  /** The value as typed: text, `true`/`false`/'' for a Boolean, the option value, an asset or item id. */
  v: string;
  /** A multiple-choice picklist's checked option values. */
  vs: string[];
  /** Link/Quote: a structured value as JSON text ('' = none). */
  json: string;
  /** Component: the stored object's keys the component's current version no longer has (JSON), kept as they were. */
  extra: string;
  /** Reference: what the picked item is called (its slug), for display only. */
  label: string;
  /** Reference: the search box's text. */
  q: string;
  /** Component: the members' rows by member key. */
  members: FieldsState;
  /** Inline composition: the child item. */
  inline: InlineState | null;
}

export interface InlineState {
  /** '' for a child not created yet (createContent on save). */
  itemId: string;
  /** The child's version edited in place (0: new, or not loaded). */
  version: number;
  etag: string;
  templateVersionId: string;
  status: ContentStatus | '';
  fields: FieldsState;
}

export type FieldsState = Record<string, RowState[]>;

/** A loaded inline child: its latest version and that version's ETag. */
export interface ChildVersion {
  itemId: string;
  version: components['schemas']['ContentVersionDetailResponse'];
  etag: string;
}

export const emptyRow = (): RowState => ({ v: '', vs: [], json: '', extra: '', label: '', q: '', members: {}, inline: null });

function newInline(f: EditorField): InlineState {
  return { itemId: '', version: 0, etag: '', templateVersionId: f.target?.currentVersionId ?? '', status: '', fields: {} };
}

const boolText = (b: unknown) => (b === true ? 'true' : b === false ? 'false' : '');
const jsonText = (x: unknown) => (x === undefined || x === null ? '' : JSON.stringify(x, null, 2));

/** Whether a component member is sent as a list (the API's rule for component values' shape). */
function takesList(m: EditorField): boolean {
  if (m.kind === 'PickList') return m.picklist?.multiple === true;
  return m.max === null || m.max > 1;
}

// ---------------------------------------------------------------- from the API's values

/** A typed value's text in its input: numbers as written, a DateTime on the zone's wall clock, JSON pretty-printed. */
function typedText(kind: EditorField['kind'], x: unknown, zone: string): string | undefined {
  if (x === undefined || x === null) return kind === 'Number' || kind === 'Date' || kind === 'DateTime' || kind === 'Json' ? '' : undefined;
  if (kind === 'Number') return String(x);
  if (kind === 'Date') return String(x);
  if (kind === 'DateTime') return typeof x === 'string' ? inputWithSecondsFromInstant(x, zone) || x : String(x);
  if (kind === 'Json') return jsonText(x);
  return undefined;
}

function membersFrom(members: readonly EditorField[], value: unknown, zone: string): { members: FieldsState; extra: string } {
  const obj = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const known = new Set(members.filter((m) => m.kind !== 'Separator').map((m) => m.key.toLowerCase()));
  const state: FieldsState = {};
  for (const m of members) {
    if (m.kind === 'Separator') continue;
    const entry = Object.entries(obj).find(([k]) => k.toLowerCase() === m.key.toLowerCase());
    const x = entry?.[1];
    if (x === undefined || x === null) continue;
    // A Json member's value is one value, a list included (the API never splits it into occurrences).
    const list = Array.isArray(x) && m.kind !== 'Json' ? x : [x];
    if (m.kind === 'PickList' && m.picklist?.multiple) {
      state[m.key] = [{ ...emptyRow(), vs: list.map(String) }];
      continue;
    }
    state[m.key] = list.map((item) => {
      const row = emptyRow();
      const typed = typedText(m.kind, item, zone);
      if (m.kind === 'Component') Object.assign(row, membersFrom(m.members ?? [], item, zone));
      else if (typed !== undefined) row.v = typed;
      else if (m.kind === 'Boolean') row.v = boolText(item);
      else if ((m.kind === 'Link' || m.kind === 'Quote') && typeof item !== 'string') row.json = jsonText(item);
      else row.v = typeof item === 'string' ? item : JSON.stringify(item);
      return row;
    });
  }
  const unknown = Object.fromEntries(Object.entries(obj).filter(([k]) => !known.has(k.toLowerCase())));
  return { members: state, extra: Object.keys(unknown).length > 0 ? JSON.stringify(unknown) : '' };
}

/**
 * The form state of a version's values (`children`: the inline children loaded for editing in place;
 * `zone`: the wall clock DateTime values are shown on).
 */
export function stateFromValues(schema: EditorSchema, fields: readonly EditorField[], values: readonly FieldValueResponse[], children: ReadonlyMap<string, ChildVersion> = new Map(), zone: string = UTC): FieldsState {
  const state: FieldsState = {};
  for (const f of fields) {
    const mine = values.filter((v) => v.fieldId === f.id).sort((a, z) => a.order - z.order);
    if (mine.length === 0) continue;
    if (f.kind === 'PickList' && f.picklist?.multiple) {
      state[f.id] = [{ ...emptyRow(), vs: mine.map((v) => v.textValue ?? '') }];
      continue;
    }
    state[f.id] = mine.map((v) => {
      const row = emptyRow();
      switch (f.kind) {
        case 'Boolean':
          row.v = boolText(v.boolValue);
          break;
        case 'Media':
          row.v = v.mediaAssetId ?? '';
          break;
        case 'File':
          row.v = v.fileAssetId ?? '';
          break;
        case 'Link':
        case 'Quote':
          row.v = v.textValue ?? '';
          row.json = jsonText(v.jsonValue);
          break;
        case 'Component':
          Object.assign(row, membersFrom(f.members ?? [], v.jsonValue, zone));
          break;
        case 'Number':
          row.v = typedText('Number', v.numberValue, zone) ?? '';
          break;
        case 'Date':
          row.v = typedText('Date', v.dateValue, zone) ?? '';
          break;
        case 'DateTime':
          row.v = typedText('DateTime', v.dateTimeValue, zone) ?? '';
          break;
        case 'Json':
          row.v = typedText('Json', v.jsonValue, zone) ?? '';
          break;
        case 'Inline': {
          const id = v.childContentItemId ?? '';
          const child = children.get(id);
          row.inline = child
            ? { itemId: id, version: child.version.versionNumber, etag: child.etag, templateVersionId: child.version.templateVersionId, status: child.version.status, fields: stateFromValues(schema, schema.fields(child.version.templateVersionId), child.version.fields, new Map(), zone) }
            : { itemId: id, version: 0, etag: '', templateVersionId: '', status: '', fields: {} };
          break;
        }
        case 'Reference':
          row.v = v.childContentItemId ?? '';
          row.label = v.child?.slug ?? '';
          break;
        default:
          row.v = v.textValue ?? '';
      }
      return row;
    });
  }
  return state;
}

// ---------------------------------------------------------------- from a posted form

export type Tree = { [key: string]: Tree | string | string[] };

const NAME = /^v((?:\[[^[\]]*\])+)$/;
const lf = (x: unknown) => String(x).replace(/\r\n?/g, '\n');

// The tree's keys are whatever the form post named, so every node is a null-prototype object and
// reads check own keys only: `v[__proto__][x]` must not reach (let alone write) Object.prototype,
// and `v[constructor]` must find nothing (issue #23).
const node = (): Tree => Object.create(null) as Tree;
const own = (t: Tree | undefined, key: string): Tree[string] | undefined => (t && Object.hasOwn(t, key) ? t[key] : undefined);

/** Rebuilds the `v[a][b]…` names of a flat form body into a tree (repeated names become lists). */
export function parseTree(body: unknown): Tree {
  const root: Tree = node();
  for (const [name, raw] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    const m = NAME.exec(name);
    if (!m) continue;
    // Browsers post a textarea's line breaks as CRLF; values are stored with plain LF.
    const value = Array.isArray(raw) ? raw.map(lf) : lf(raw);
    const segs = m[1]!.slice(1, -1).split('][');
    let here = root;
    segs.forEach((seg, i) => {
      if (i === segs.length - 1) {
        here[seg] = value;
        return;
      }
      const next = own(here, seg);
      here = typeof next === 'object' && !Array.isArray(next) ? next : (here[seg] = node());
    });
  }
  return root;
}

const sub = (t: Tree | undefined, key: string): Tree | undefined => {
  const x = own(t, key);
  return typeof x === 'object' && !Array.isArray(x) ? x : undefined;
};
const str = (t: Tree | undefined, key: string): string => {
  const x = own(t, key);
  return typeof x === 'string' ? x : Array.isArray(x) ? (x[0] ?? '') : '';
};
const strs = (t: Tree | undefined, key: string): string[] => {
  const x = own(t, key);
  return typeof x === 'string' ? [x] : Array.isArray(x) ? x : [];
};

/** A row list's rows in index order (the indices themselves are only names). */
function rowsOf(list: Tree | undefined): Tree[] {
  if (!list) return [];
  return Object.keys(list)
    .filter((k) => /^\d{1,5}$/.test(k))
    .sort((a, z) => Number(a) - Number(z))
    .map((k) => sub(list, k)!)
    .filter(Boolean);
}

/** The version statuses in workflow order (the contract's ContentStatus). */
export const CONTENT_STATUSES: readonly ContentStatus[] = ['Draft', 'Review', 'Approved', 'Published', 'Archived'];

/** The form state a posted body holds for `fields` (keyed as the form named them). */
export function stateFromTree(schema: EditorSchema, fields: readonly EditorField[], tree: Tree | undefined): FieldsState {
  const state: FieldsState = {};
  for (const f of fields) {
    const rows = rowsOf(sub(tree, f.id));
    if (rows.length === 0) continue;
    state[f.id] = rows.map((r) => {
      const row: RowState = { ...emptyRow(), v: str(r, 'v'), vs: strs(r, 'vs'), json: str(r, 'json'), extra: str(r, 'extra'), label: str(r, 'label'), q: str(r, 'q') };
      if (f.kind === 'Component') row.members = stateFromTree(schema, f.members ?? [], sub(r, 'm'));
      if (f.kind === 'Inline') {
        const tv = str(r, 'tv');
        const status = str(r, 'st') as ContentStatus;
        const version = Number(str(r, 'ver'));
        row.inline = {
          itemId: str(r, 'item'),
          version: Number.isInteger(version) && version > 0 ? version : 0,
          etag: str(r, 'etag'),
          templateVersionId: tv,
          status: CONTENT_STATUSES.includes(status) ? status : '',
          fields: stateFromTree(schema, schema.fields(tv), sub(r, 'f')),
        };
      }
      return row;
    });
  }
  return state;
}

/** The template versions a posted form's inline children name (to load their fields before reading them). */
export function inlineTemplateVersions(body: unknown): string[] {
  return Object.entries((body ?? {}) as Record<string, unknown>)
    .filter(([name, value]) => /^v\[.*\]\[tv\]$/.test(name) && typeof value === 'string')
    .map(([, value]) => value as string);
}

// ---------------------------------------------------------------- row operations (Add, Remove, Move, Pick)

interface Located {
  field: EditorField;
  rows: RowState[];
}

/** The field and row list at a locator (undefined when the form named nothing there). */
export function locate(schema: EditorSchema, fields: readonly EditorField[], state: FieldsState, locator: string): Located | undefined {
  const segs = locator.split('/');
  let here: { fields: readonly EditorField[]; state: FieldsState } = { fields, state };
  for (let i = 0; ; i += 3) {
    const field = here.fields.find((f) => f.id === segs[i]);
    if (!field) return undefined;
    const rows = (here.state[field.id] ??= []);
    if (i + 1 >= segs.length) return { field, rows };
    const row = rows[Number(segs[i + 1])];
    if (!row) return undefined;
    if (segs[i + 2] === 'm' && field.kind === 'Component') here = { fields: field.members ?? [], state: row.members };
    else if (segs[i + 2] === 'f' && row.inline) here = { fields: schema.fields(row.inline.templateVersionId), state: row.inline.fields };
    else return undefined;
  }
}

/** Splits a row path into its list's locator and its index. */
function splitRow(path: string): { locator: string; index: number } | undefined {
  const at = path.lastIndexOf('/');
  const index = Number(path.slice(at + 1));
  return at > 0 && Number.isInteger(index) && index >= 0 ? { locator: path.slice(0, at), index } : undefined;
}

export type RowOp = { kind: 'add'; locator: string } | { kind: 'remove' | 'up' | 'down' | 'preview' | 'find'; row: string } | { kind: 'pick'; row: string; itemId: string; label: string };

/** The `_op` a form button posted (`add:<locator>`, `remove:<row>`, `pick:<row>:<id>:<slug>`, …); undefined = save. */
export function opOf(raw: string): RowOp | undefined {
  const [kind, target = '', id = '', ...label] = raw.split(':');
  if (!target) return undefined;
  if (kind === 'add') return { kind, locator: target };
  if (kind === 'remove' || kind === 'up' || kind === 'down' || kind === 'preview' || kind === 'find') return { kind, row: target };
  if (kind === 'pick' && id) return { kind, row: target, itemId: id, label: label.join(':') };
  return undefined;
}

/** Applies a row operation to `state` in place; returns the path to focus afterwards. */
export function applyOp(schema: EditorSchema, fields: readonly EditorField[], state: FieldsState, op: RowOp): string | undefined {
  if (op.kind === 'add') {
    const at = locate(schema, fields, state, op.locator);
    if (!at) return undefined;
    const row = emptyRow();
    if (at.field.kind === 'Inline') row.inline = newInline(at.field);
    at.rows.push(row);
    return `${op.locator}/${at.rows.length - 1}`;
  }
  const r = splitRow(op.row);
  const at = r && locate(schema, fields, state, r.locator);
  if (!r || !at || !at.rows[r.index]) return undefined;
  const { rows } = at;
  const swap = (a: number, b: number) => ([rows[a], rows[b]] = [rows[b]!, rows[a]!]);
  switch (op.kind) {
    case 'remove':
      rows.splice(r.index, 1);
      return r.locator;
    case 'up':
      if (r.index > 0) swap(r.index, r.index - 1);
      return `${r.locator}/${Math.max(0, r.index - 1)}`;
    case 'down':
      if (r.index < rows.length - 1) swap(r.index, r.index + 1);
      return `${r.locator}/${Math.min(rows.length - 1, r.index + 1)}`;
    case 'pick':
      rows[r.index]!.v = op.itemId;
      rows[r.index]!.label = op.label;
      return op.row;
    default:
      return op.row;
  }
}

// ---------------------------------------------------------------- to the API's request body

export interface Encoded {
  values: FieldValueRequest[];
  /** The row each value came from (values[i] ← origins[i]), to put the API's `/fields/<i>` errors back. */
  origins: string[];
  /** Input the form itself cannot encode (a structured value that is not JSON), by path. */
  errors: FieldErrors;
}

function parseJson(text: string, path: string, errors: FieldErrors): unknown {
  try {
    return JSON.parse(text);
  } catch {
    (errors[path] ??= []).push('This is not valid JSON.');
    return undefined;
  }
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A typed row's value as the API takes it (a number, a date, an RFC 3339 instant with the zone's
 * offset, a JSON value), or undefined with a message at `path` when the form cannot read it.
 */
function typedValue(kind: 'Number' | 'Date' | 'DateTime' | 'Json', raw: string, path: string, errors: FieldErrors, zone: string): unknown {
  const text = raw.trim();
  const refuse = (message: string) => void (errors[path] ??= []).push(message);
  switch (kind) {
    case 'Number':
      if (NUMBER.test(text) && Number.isFinite(Number(text))) return Number(text);
      return refuse('Enter a number, such as 12 or 4.5 (digits, with a point for decimals).');
    case 'Date':
      if (DATE.test(text)) return text;
      return refuse('Enter a date as year-month-day, such as 2026-12-24.');
    case 'DateTime': {
      const instant = instantFromInput(text, zone);
      if (instant) return rfc3339InZone(instant, zone);
      // Readable as a wall-clock time, yet not in this zone: the clocks skip it (spring forward).
      if (instantFromInput(text, UTC)) return refuse(`This time does not exist in ${zoneLabel(zone)}: the clocks skip it when summer time starts. Enter a time before or after the change.`);
      return refuse(`Enter a date and time (${zoneLabel(zone)}), such as 2026-12-24 18:00.`);
    }
    case 'Json':
      try {
        return JSON.parse(text) as unknown;
      } catch (err) {
        const where = err instanceof SyntaxError ? / at position (\d+)/.exec(err.message)?.[1] : undefined;
        return refuse(`This is not valid JSON${where ? ` (it stops making sense at character ${Number(where) + 1})` : ''}. Check the quotes, commas and brackets.`);
      }
  }
}

const isTyped = (kind: EditorField['kind']): kind is 'Number' | 'Date' | 'DateTime' | 'Json' => kind === 'Number' || kind === 'Date' || kind === 'DateTime' || kind === 'Json';

/** One component row's object (members in the order the component lists them, kept unknown keys first). */
function componentObject(members: readonly EditorField[], row: RowState, path: string, errors: FieldErrors, zone: string): Record<string, unknown> {
  const obj: Record<string, unknown> = row.extra ? ((parseJson(row.extra, path, errors) as Record<string, unknown>) ?? {}) : {};
  for (const m of members) {
    if (m.kind === 'Separator') continue;
    const rows = row.members[m.key] ?? [];
    const locator = `${path}/m/${m.key}`;
    const items: unknown[] = [];
    rows.forEach((r, i) => {
      const at = `${locator}/${i}`;
      if (m.kind === 'PickList' && m.picklist?.multiple) {
        if (r.vs.length > 0) items.push(...r.vs);
      } else if (m.kind === 'Component') {
        const nested = componentObject(m.members ?? [], r, at, errors, zone);
        if (Object.keys(nested).length > 0) items.push(nested);
      } else if (isTyped(m.kind)) {
        if (r.v.trim() !== '') {
          const x = typedValue(m.kind, r.v, at, errors, zone);
          if (x !== undefined) items.push(x);
        }
      } else if (m.kind === 'Boolean') {
        if (r.v === 'true' || r.v === 'false') items.push(r.v === 'true');
      } else if ((m.kind === 'Link' || m.kind === 'Quote') && r.json.trim() !== '') {
        items.push(parseJson(r.json, at, errors));
      } else if (r.v !== '') {
        items.push(m.kind === 'Media' || m.kind === 'File' ? r.v.trim() : r.v);
      }
    });
    if (items.length === 0) continue;
    obj[m.key] = (takesList(m) && m.kind !== 'Json') || items.length > 1 ? items : items[0];
  }
  return obj;
}

/**
 * The request values of `state` for `fields`, each occurrence with its order. Inline rows must carry
 * their child's id by now (the save creates new children first). DateTime rows are read on `zone`'s
 * wall clock.
 */
export function encodeValues(fields: readonly EditorField[], state: FieldsState, prefix = '', zone: string = UTC): Encoded {
  const out: Encoded = { values: [], origins: [], errors: {} };
  for (const f of fields) {
    let order = 0;
    const push = (path: string, v: Omit<FieldValueRequest, 'fieldId' | 'order' | 'valueKind'>, kind: FieldValueRequest['valueKind'] = f.kind === 'Inline' || f.kind === 'Reference' ? 'ChildContent' : (f.kind as FieldValueRequest['valueKind'])) => {
      out.values.push({ fieldId: f.id, order: order++, valueKind: kind, ...v });
      out.origins.push(path);
    };
    (state[f.id] ?? []).forEach((row, i) => {
      const path = `${prefix}${f.id}/${i}`;
      switch (f.kind) {
        case 'Text':
        case 'RichText':
        case 'Markdown':
          if (row.v !== '') push(path, { textValue: row.v });
          break;
        case 'Boolean':
          if (row.v === 'true' || row.v === 'false') push(path, { boolValue: row.v === 'true' });
          break;
        case 'PickList':
          if (f.picklist?.multiple) for (const v of row.vs) push(path, { textValue: v });
          else if (row.v !== '') push(path, { textValue: row.v });
          break;
        case 'Media':
          if (row.v.trim() !== '') push(path, { mediaAssetId: row.v.trim() });
          break;
        case 'File':
          if (row.v.trim() !== '') push(path, { fileAssetId: row.v.trim() });
          break;
        case 'Link':
        case 'Quote': {
          const json = row.json.trim() === '' ? undefined : parseJson(row.json, path, out.errors);
          if (row.v !== '' || json !== undefined) push(path, { textValue: row.v === '' ? null : row.v, ...(json === undefined ? {} : { jsonValue: json }) });
          break;
        }
        case 'Separator':
          push(path, {});
          break;
        case 'Component': {
          const obj = componentObject(f.members ?? [], row, path, out.errors, zone);
          if (Object.keys(obj).length > 0) push(path, { jsonValue: obj });
          break;
        }
        case 'Inline':
          if (row.inline?.itemId) push(path, { childContentItemId: row.inline.itemId });
          break;
        case 'Reference':
          if (row.v.trim() !== '') push(path, { childContentItemId: row.v.trim() });
          break;
        case 'Number':
        case 'Date':
        case 'DateTime':
        case 'Json': {
          if (row.v.trim() === '') break;
          const x = typedValue(f.kind, row.v, path, out.errors, zone);
          if (x === undefined) break;
          const member = { Number: 'numberValue', Date: 'dateValue', DateTime: 'dateTimeValue', Json: 'jsonValue' }[f.kind];
          push(path, { [member]: x });
          break;
        }
      }
    });
  }
  return out;
}

// ---------------------------------------------------------------- the API's errors, back at their inputs

/**
 * The API's field errors by form path: `/fields/<i>…` → the row values[i] came from; `/fields/<key>`
 * (an occurrence rule) → that field's row list; anything else keeps its pointer (`/effectiveEndAt`,
 * `/slug`, `/tags/0`).
 */
export function errorsByPath(errors: FieldErrors, encoded: Pick<Encoded, 'origins'>, fields: readonly EditorField[], prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const [pointer, messages] of Object.entries(errors)) {
    const m = /^\/fields\/([^/]+)/.exec(pointer);
    let path = pointer;
    if (m && /^\d+$/.test(m[1]!)) path = encoded.origins[Number(m[1])] ?? pointer;
    else if (m) {
      const f = fields.find((x) => x.key.toLowerCase() === m[1]!.toLowerCase());
      if (f) path = prefix + f.id;
    }
    (out[path] ??= []).push(...messages);
  }
  return out;
}
