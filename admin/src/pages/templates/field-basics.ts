// One field's inputs, as the template field form and the component editor's field rows share them:
// key, label, help text, the type (a primitive type, a picklist binding, a component), Text's
// maximum length, a picklist's "several values", Number's range and precision, Json's schema,
// required and the occurrence bounds. Templates add
// their own members (section, composition) in template-field.ts; components post many rows, each
// with its own name prefix. Inputs stay strings, so a refused value is shown back as typed.
import type express from 'express';
import type { components } from '@verso/sdk';
import { field, type FieldErrors } from '../../http/forms.js';

export type PrimitiveType = components['schemas']['PrimitiveType'];
type TemplateField = components['schemas']['TemplateFieldResponse'];
type ComponentField = components['schemas']['ComponentFieldResponse'];
type PickListSummary = components['schemas']['PickListSummaryResponse'];

export const PRIMITIVE_TYPES: readonly PrimitiveType[] = ['Text', 'RichText', 'Markdown', 'Boolean', 'PickList', 'Media', 'File', 'Link', 'Quote', 'Separator', 'Number', 'Date', 'DateTime', 'Json'];

export const PRIMITIVE_LABELS: Record<PrimitiveType, string> = {
  Text: 'Text',
  RichText: 'Rich text',
  Markdown: 'Markdown',
  Boolean: 'Yes / no',
  PickList: 'Picklist',
  Media: 'Media',
  File: 'File',
  Link: 'Link',
  Quote: 'Quote',
  Separator: 'Separator',
  Number: 'Number',
  Date: 'Date',
  DateTime: 'Date and time',
  Json: 'JSON',
};

/** The "kind" select's value for a component-typed field (templates) or a nested component (components). */
export const COMPONENT_KIND = 'Component';

export const isPrimitive = (kind: string): kind is PrimitiveType => (PRIMITIVE_TYPES as readonly string[]).includes(kind);

/** fieldConfig members the form edits itself; any other member is carried through unchanged. */
const EDITED_CONFIG = ['maxLength', 'multiple', 'picklistId', 'picklistRevisionId', 'min', 'max', 'integer', 'decimals', 'schema'];

export interface FieldInputs {
  key: string;
  label: string;
  helpText: string;
  /** A primitive type, COMPONENT_KIND, or one of the template-only composition kinds. */
  kind: string;
  componentId: string;
  /** `<picklistId>:<revisionId>`, '' for none. */
  picklist: string;
  maxLength: string;
  multiple: boolean;
  /** Number: the smallest and largest value allowed ('' for no bound), as typed. */
  numMin: string;
  numMax: string;
  /** Number: whole numbers only. */
  integer: boolean;
  /** Number: at most this many digits after the point ('' for any). */
  decimals: string;
  /** Json: the JSON Schema the value must meet, as JSON text ('' for none). */
  schema: string;
  isRequired: boolean;
  minOccurrences: string;
  maxOccurrences: string;
  /** The fieldConfig members this form does not edit, as JSON ('' for none). */
  otherConfig: string;
}

export const emptyInputs = (): FieldInputs => ({
  key: '',
  label: '',
  helpText: '',
  kind: 'Text',
  componentId: '',
  picklist: '',
  maxLength: '',
  multiple: false,
  numMin: '',
  numMax: '',
  integer: false,
  decimals: '',
  schema: '',
  isRequired: false,
  minOccurrences: '0',
  maxOccurrences: '',
  otherConfig: '',
});

/** The inputs of one field as posted; `prefix` is the row's name prefix ('' for a single form). */
export function readFieldInputs(req: express.Request, prefix = ''): FieldInputs {
  const at = (name: string) => field(req, prefix + name);
  return {
    key: at('key').trim(),
    label: at('label').trim(),
    helpText: at('helpText').trim(),
    kind: at('kind'),
    componentId: at('componentId'),
    picklist: at('picklist'),
    maxLength: at('maxLength').trim(),
    multiple: at('multiple') === 'true',
    numMin: at('numMin').trim(),
    numMax: at('numMax').trim(),
    integer: at('integer') === 'true',
    decimals: at('decimals').trim(),
    schema: at('schema').replace(/\r\n?/g, '\n'),
    isRequired: at('isRequired') === 'true',
    minOccurrences: at('minOccurrences').trim(),
    maxOccurrences: at('maxOccurrences').trim(),
    otherConfig: at('otherConfig'),
  };
}

/** The inputs showing a stored field (template or component). */
export function inputsFromField(f: TemplateField | ComponentField): FieldInputs {
  const componentId = 'componentId' in f ? f.componentId : f.nestedComponentId;
  const config = f.fieldConfig ?? {};
  const other = Object.fromEntries(Object.entries(config).filter(([k]) => !EDITED_CONFIG.includes(k)));
  return {
    key: f.key,
    label: f.label,
    helpText: f.helpText ?? '',
    kind: f.primitiveType ?? (componentId ? COMPONENT_KIND : ''),
    componentId: componentId ?? '',
    picklist: f.picklistId && f.picklistRevisionId ? `${f.picklistId}:${f.picklistRevisionId}` : '',
    maxLength: typeof config.maxLength === 'number' || typeof config.maxLength === 'string' ? String(config.maxLength) : '',
    multiple: config.multiple === true,
    numMin: typeof config.min === 'number' ? String(config.min) : '',
    numMax: typeof config.max === 'number' ? String(config.max) : '',
    integer: config.integer === true,
    decimals: typeof config.decimals === 'number' ? String(config.decimals) : '',
    schema: config.schema === undefined ? '' : JSON.stringify(config.schema, null, 2),
    isRequired: f.isRequired,
    minOccurrences: String(f.minOccurrences),
    maxOccurrences: f.maxOccurrences === null ? '' : String(f.maxOccurrences),
    otherConfig: Object.keys(other).length > 0 ? JSON.stringify(other) : '',
  };
}

/** The members both field requests share. */
export interface CommonFieldBody {
  key: string;
  label: string;
  helpText: string | null;
  order: number;
  isRequired: boolean;
  minOccurrences: number;
  maxOccurrences: number | null;
  primitiveType: PrimitiveType | null;
  picklistId: string | null;
  picklistRevisionId: string | null;
  fieldConfig: Record<string, unknown>;
}

/** A whole number as typed ('' → the default); `undefined` when it is not one (the form says so). */
function wholeNumber(raw: string, blank: number | null): number | null | undefined {
  if (raw === '') return blank;
  return /^-?\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/** A number as typed ('' → no bound); `undefined` when it is not one. */
function decimalNumber(raw: string): number | null | undefined {
  if (raw === '') return null;
  return /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(raw) && Number.isFinite(Number(raw)) ? Number(raw) : undefined;
}

function otherConfigOf(raw: string): Record<string, unknown> {
  if (raw === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Number's settings from the inputs: bounds and precision the API checks again (min ≤ max and so on). */
function numberConfig(v: FieldInputs, config: Record<string, unknown>, errors: FieldErrors): void {
  const min = decimalNumber(v.numMin);
  const max = decimalNumber(v.numMax);
  if (min === undefined) errors['/fieldConfig/min'] = ['Enter a number, such as 0 or 9.5, or leave it empty for no minimum.'];
  else if (min !== null) config.min = min;
  if (max === undefined) errors['/fieldConfig/max'] = ['Enter a number, such as 100 or 99.99, or leave it empty for no maximum.'];
  else if (max !== null) config.max = max;
  if (v.integer) config.integer = true;
  const decimals = wholeNumber(v.decimals, null);
  if (decimals === undefined) errors['/fieldConfig/decimals'] = ['Enter a whole number from 0 to 12, or leave it empty for any number of decimals.'];
  else if (decimals !== null) config.decimals = decimals;
}

/**
 * The request members both field kinds share, or the inputs that are not numbers at all (the one
 * check made here: everything else — bounds, bindings, key rules — is the API's to refuse).
 */
export function commonFieldBody(v: FieldInputs, order: number): { body: CommonFieldBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const min = wholeNumber(v.minOccurrences, 0);
  const max = wholeNumber(v.maxOccurrences, null);
  if (min === undefined) errors['/minOccurrences'] = ['Enter a whole number.'];
  if (max === undefined) errors['/maxOccurrences'] = ['Enter a whole number, or leave it empty for no limit.'];
  const primitiveType = isPrimitive(v.kind) ? v.kind : null;
  const fieldConfig = { ...otherConfigOf(v.otherConfig) };
  for (const k of EDITED_CONFIG) delete fieldConfig[k];
  if (primitiveType === 'Text' && v.maxLength !== '') {
    const n = wholeNumber(v.maxLength, null);
    if (n === undefined) errors['/fieldConfig/maxLength'] = ['Enter a whole number, or leave it empty for no limit.'];
    else fieldConfig.maxLength = n;
  }
  if (primitiveType === 'PickList' && v.multiple) fieldConfig.multiple = true;
  if (primitiveType === 'Number') numberConfig(v, fieldConfig, errors);
  if (primitiveType === 'Json' && v.schema.trim() !== '') {
    try {
      fieldConfig.schema = JSON.parse(v.schema) as unknown;
    } catch {
      // The schema is checked by the API (it must compile); the form can only say it is not JSON at all.
      errors['/fieldConfig/schema'] = ['This is not valid JSON. Write the schema as a JSON object, such as {"type": "object"}.'];
    }
  }
  const [picklistId = '', picklistRevisionId = ''] = primitiveType === 'PickList' ? v.picklist.split(':') : [];
  return {
    errors,
    body: {
      key: v.key,
      label: v.label,
      helpText: v.helpText === '' ? null : v.helpText,
      order,
      isRequired: v.isRequired,
      minOccurrences: min ?? 0,
      maxOccurrences: max ?? null,
      primitiveType,
      picklistId: picklistId || null,
      picklistRevisionId: picklistRevisionId || null,
      fieldConfig,
    },
  };
}

/** Which input shows the messages of an API error pointer (relative to the field). */
const INPUT_OF: Record<string, string> = {
  '/key': 'key',
  '/label': 'label',
  '/helpText': 'helpText',
  '/primitiveType': 'kind',
  '/isOpen': 'kind',
  '/componentId': 'componentId',
  '/nestedComponentId': 'componentId',
  '/picklistId': 'picklist',
  '/picklistRevisionId': 'picklist',
  '/fieldConfig/maxLength': 'maxLength',
  '/fieldConfig/multiple': 'multiple',
  '/fieldConfig/min': 'numMin',
  '/fieldConfig/max': 'numMax',
  '/fieldConfig/integer': 'integer',
  '/fieldConfig/decimals': 'decimals',
  '/fieldConfig/schema': 'schema',
  '/isRequired': 'isRequired',
  '/minOccurrences': 'minOccurrences',
  '/maxOccurrences': 'maxOccurrences',
};

/** Messages keyed by input name; `other` holds any message no input of the form shows. */
export interface InputErrors {
  byInput: Record<string, string[]>;
  other: string[];
}

/** The input that shows a message about the whole fieldConfig: the settings of the field's type. */
const CONFIG_INPUT: Partial<Record<string, string>> = { Number: 'numMin', Json: 'schema' };

/** The input of a pointer into the settings: `/fieldConfig/schema/…` (inside the schema) is the schema's. */
function configInput(pointer: string, kind: string): string | undefined {
  if (pointer === '/fieldConfig') return CONFIG_INPUT[kind] ?? 'maxLength';
  if (pointer.startsWith('/fieldConfig/schema/')) return 'schema';
  return undefined;
}

/**
 * Sorts a field's errors (pointers relative to the field) onto its inputs. `extra` maps the
 * pointers of a form's own members (a template's section, composition) to its inputs; `kind` is
 * the type chosen (a message about the settings as a whole goes to that type's inputs).
 */
export function errorsByInput(errors: FieldErrors, extra: (pointer: string) => string | undefined = () => undefined, kind = ''): InputErrors {
  const out: InputErrors = { byInput: {}, other: [] };
  for (const [pointer, messages] of Object.entries(errors)) {
    const input = INPUT_OF[pointer] ?? configInput(pointer, kind) ?? extra(pointer);
    if (input) (out.byInput[input] ??= []).push(...messages);
    else out.other.push(...messages.map((m) => (pointer === '/' || pointer === '' ? m : `${pointer}: ${m}`)));
  }
  return out;
}

/** One option of the picklist select: the picklist's current revision, or the revision bound now. */
export interface PicklistOption {
  value: string;
  label: string;
}

/**
 * The picklist binding's options: each picklist at its current revision, plus the revision the
 * field binds now when that is an earlier one (so saving the field without touching it keeps it).
 */
export function picklistOptions(picklists: readonly PickListSummary[], bound: string): PicklistOption[] {
  const options = picklists
    .filter((p) => p.currentRevisionId)
    .map((p) => ({ value: `${p.id}:${p.currentRevisionId}`, label: `${p.name} — revision ${p.currentVersionNumber} (current)` }));
  if (bound !== '' && !options.some((o) => o.value === bound)) {
    const [id] = bound.split(':');
    const name = picklists.find((p) => p.id === id)?.name ?? 'Picklist';
    options.unshift({ value: bound, label: `${name} — the earlier revision bound now` });
  }
  return options;
}
