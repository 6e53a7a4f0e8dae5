// How a field reads in a table (the builder, a version's read-only view, a component version): its
// type in words, with the names of the template, component or picklist it binds, and its bounds.
import type { components } from '@verso/sdk';
import { isPrimitive, PRIMITIVE_LABELS } from './field-basics.js';

type TemplateField = components['schemas']['TemplateFieldResponse'];
type ComponentField = components['schemas']['ComponentFieldResponse'];

export interface FieldRow {
  id: string;
  key: string;
  label: string;
  helpText: string;
  type: string;
  required: boolean;
  occurrences: string;
}

const nameOf = (names: ReadonlyMap<string, string>, id: string | null) => (id ? (names.get(id) ?? 'an unknown item') : 'nothing');

export function typeOf(f: TemplateField | ComponentField, names: ReadonlyMap<string, string>): string {
  if (f.primitiveType === 'PickList') return `Picklist: ${nameOf(names, f.picklistId)}${f.fieldConfig?.multiple === true ? ' (several values)' : ''}`;
  if (f.primitiveType && isPrimitive(f.primitiveType)) {
    const max = f.primitiveType === 'Text' && typeof f.fieldConfig?.maxLength === 'number' ? ` (at most ${f.fieldConfig.maxLength} characters)` : '';
    return PRIMITIVE_LABELS[f.primitiveType] + max;
  }
  if ('nestedComponentId' in f) return `Component: ${nameOf(names, f.nestedComponentId)}`;
  if (f.componentId) return `Component: ${nameOf(names, f.componentId)}`;
  if (f.isOpen) {
    const allowed = f.allowedTypes.map((a) => (a.primitiveType ? PRIMITIVE_LABELS[a.primitiveType] : nameOf(names, a.allowedTemplateId)));
    return `Open ${f.compositionMode.toLowerCase()} composition: ${allowed.length > 0 ? allowed.join(', ') : 'none listed'}`;
  }
  if (f.templateId) return `${f.compositionMode} composition: ${nameOf(names, f.templateId)}`;
  return 'No type';
}

export function occurrencesOf(f: { minOccurrences: number; maxOccurrences: number | null }): string {
  if (f.maxOccurrences === null) return f.minOccurrences === 0 ? 'Any number' : `At least ${f.minOccurrences}`;
  if (f.minOccurrences === f.maxOccurrences) return `Exactly ${f.minOccurrences}`;
  return `${f.minOccurrences} to ${f.maxOccurrences}`;
}

export function fieldRow(f: TemplateField | ComponentField, names: ReadonlyMap<string, string>): FieldRow {
  // A template field shared across translations says so beside its type (components have no such setting).
  const shared = 'localized' in f && f.localized === false ? ' · shared across translations' : '';
  return { id: f.id, key: f.key, label: f.label, helpText: f.helpText ?? '', type: typeOf(f, names) + shared, required: f.isRequired, occurrences: occurrencesOf(f) };
}
