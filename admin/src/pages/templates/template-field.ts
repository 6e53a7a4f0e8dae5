// A template field's form: the shared inputs (field-basics.ts) plus a template's own — the section,
// and the composition kinds: one target template (Inline or Reference) or an open field with its
// allowed types. Builds the TemplateFieldRequest and puts the API's messages back on the inputs,
// an `/allowedTypes/<i>/…` message on the checkbox that produced entry i.
import type express from 'express';
import type { components } from '@verso/sdk';
import { field, fieldValues, type FieldErrors } from '../../http/forms.js';
import {
  COMPONENT_KIND,
  commonFieldBody,
  emptyInputs,
  errorsByInput,
  inputsFromField,
  isPrimitive,
  PRIMITIVE_LABELS,
  PRIMITIVE_TYPES,
  readFieldInputs,
  type FieldInputs,
  type InputErrors,
  type PrimitiveType,
} from './field-basics.js';

type TemplateField = components['schemas']['TemplateFieldResponse'];
type TemplateFieldRequest = components['schemas']['TemplateFieldRequest'];
type AllowedType = components['schemas']['TemplateFieldAllowedTypeRequest'];
type TemplateSummary = components['schemas']['TemplateSummaryResponse'];

export const COMPOSITION_KIND = 'Composition';
export const OPEN_KIND = 'Open';

export interface TemplateFieldInputs extends FieldInputs {
  sectionId: string;
  compositionMode: 'Inline' | 'Reference';
  templateId: string;
  /** The checked allowed types, each `template:<id>` or `type:<PrimitiveType>`, in the form's order. */
  allowedTypes: string[];
  /** "Shared across translations": the field is `localized: false`, its values written once per translation group. */
  shared: boolean;
}

export interface KindOption {
  value: string;
  label: string;
}

/** The type select of a template field, in two groups. */
export const TEMPLATE_KINDS: { label: string; options: KindOption[] }[] = [
  { label: 'Value types', options: PRIMITIVE_TYPES.map((t) => ({ value: t, label: PRIMITIVE_LABELS[t] })) },
  {
    label: 'Structure',
    options: [
      { value: COMPONENT_KIND, label: 'Component' },
      { value: COMPOSITION_KIND, label: 'Composition (content of one template)' },
      { value: OPEN_KIND, label: 'Open composition (several allowed types)' },
    ],
  },
];

export const emptyTemplateInputs = (sectionId = ''): TemplateFieldInputs => ({ ...emptyInputs(), sectionId, compositionMode: 'Inline', templateId: '', allowedTypes: [], shared: false });

export function readTemplateFieldInputs(req: express.Request): TemplateFieldInputs {
  return {
    ...readFieldInputs(req),
    sectionId: field(req, 'sectionId'),
    compositionMode: field(req, 'compositionMode') === 'Reference' ? 'Reference' : 'Inline',
    templateId: field(req, 'templateId'),
    allowedTypes: fieldValues(req, 'allowedTypes'),
    // An unticked checkbox posts nothing: absent is a field translated per locale, the API's default.
    shared: field(req, 'shared') === 'true',
  };
}

export function templateInputsFromField(f: TemplateField): TemplateFieldInputs {
  const kind = f.isOpen ? OPEN_KIND : f.templateId ? COMPOSITION_KIND : inputsFromField(f).kind;
  return {
    ...inputsFromField(f),
    kind,
    sectionId: f.sectionId ?? '',
    compositionMode: f.compositionMode,
    templateId: f.templateId ?? '',
    allowedTypes: f.allowedTypes.map((a) => (a.primitiveType ? `type:${a.primitiveType}` : `template:${a.allowedTemplateId}`)),
    shared: f.localized === false,
  };
}

function allowedTypeOf(value: string): AllowedType {
  const [what, id = ''] = value.split(/:(.*)/s);
  if (what === 'type' && isPrimitive(id)) return { primitiveType: id as PrimitiveType, allowedTemplateId: null };
  return { primitiveType: null, allowedTemplateId: id || null };
}

/** The request for these inputs at `order`, or the inputs that are not numbers. */
export function templateFieldBody(v: TemplateFieldInputs, order: number): { body: TemplateFieldRequest; errors: FieldErrors } {
  const { body, errors } = commonFieldBody(v, order);
  const open = v.kind === OPEN_KIND;
  return {
    errors,
    body: {
      ...body,
      sectionId: v.sectionId || null,
      isOpen: open,
      compositionMode: v.compositionMode,
      templateId: v.kind === COMPOSITION_KIND ? v.templateId || null : null,
      componentId: v.kind === COMPONENT_KIND ? v.componentId || null : null,
      allowedTypes: open ? v.allowedTypes.map(allowedTypeOf) : [],
      localized: !v.shared,
    },
  };
}

/** The API's messages on the form's inputs (`allowed:<value>` for one allowed-type checkbox). */
export function templateFieldErrors(errors: FieldErrors, v: TemplateFieldInputs): InputErrors {
  return errorsByInput(errors, (pointer) => {
    if (pointer === '/sectionId') return 'sectionId';
    if (pointer === '/templateId') return 'templateId';
    if (pointer === '/compositionMode') return 'compositionMode';
    if (pointer === '/allowedTypes') return 'allowedTypes';
    if (pointer === '/localized') return 'shared';
    const entry = /^\/allowedTypes\/(\d+)(?:\/.*)?$/.exec(pointer);
    const value = entry ? v.allowedTypes[Number(entry[1])] : undefined;
    if (entry) return value ? `allowed:${value}` : 'allowedTypes';
    return undefined;
  }, v.kind);
}

/** The allowed-type checkboxes: every template of the workspace, then every primitive type. */
export function allowedTypeOptions(templates: readonly TemplateSummary[]): { group: string; options: KindOption[] }[] {
  return [
    { group: 'Templates', options: templates.map((t) => ({ value: `template:${t.id}`, label: t.name })) },
    { group: 'Value types', options: PRIMITIVE_TYPES.map((t) => ({ value: `type:${t}`, label: PRIMITIVE_LABELS[t] })) },
  ];
}
