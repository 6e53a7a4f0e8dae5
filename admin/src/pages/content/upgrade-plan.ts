// What upgrade-template-version without a body does to a version's values, shown before the user
// asks for it: the API moves each value to the target field with the same key (compared without
// case) and drops values whose key the target lacks (spec rule 5); target fields no value moves to
// start empty. This is a preview only — the API does the remap and validates the result (a required
// field left empty is its 422, shown on the page).
import type { components } from '@verso/sdk';
import type { FieldErrors } from '../../http/forms.js';

type FieldValue = components['schemas']['ContentVersionFieldValueResponse'];
type TemplateVersion = components['schemas']['TemplateVersionResponse'];

export interface PlannedValue {
  key: string;
  label: string;
  /** How many values (occurrences) the field has. */
  count: number;
  kept: boolean;
  /** The target field's label, when kept. */
  targetLabel?: string;
}

export interface EmptyTargetField {
  key: string;
  label: string;
  /** The target field asks for at least one value (isRequired or minOccurrences). */
  required: boolean;
  /** The API's messages about this field after a refused upgrade (`/fields/<key>`). */
  errors: string[];
}

export interface UpgradePlan {
  values: PlannedValue[];
  empty: EmptyTargetField[];
  /** The API's messages no row above shows (e.g. `/fields/3`: one remapped value). */
  otherErrors: { pointer: string; messages: string[] }[];
}

export function upgradePlan(values: readonly FieldValue[], source: TemplateVersion, target: TemplateVersion, errors: FieldErrors = {}): UpgradePlan {
  const sourceKey = new Map(source.fields.map((f) => [f.id, f.key]));
  const targetByKey = new Map(target.fields.map((f) => [f.key.toLowerCase(), f]));
  const planned = new Map<string, PlannedValue>();
  for (const v of values) {
    const key = v.key ?? sourceKey.get(v.fieldId) ?? v.fieldId;
    const existing = planned.get(key.toLowerCase());
    if (existing) {
      existing.count++;
      continue;
    }
    const to = targetByKey.get(key.toLowerCase());
    planned.set(key.toLowerCase(), { key, label: v.label ?? key, count: 1, kept: to !== undefined, targetLabel: to?.label });
  }
  const shown = new Set<string>();
  const empty = target.fields
    .filter((f) => !planned.get(f.key.toLowerCase())?.kept)
    .map((f) => {
      const pointer = `/fields/${f.key}`;
      shown.add(pointer);
      return { key: f.key, label: f.label, required: f.isRequired || f.minOccurrences > 0, errors: errors[pointer] ?? [] };
    });
  const otherErrors = Object.entries(errors)
    .filter(([pointer]) => !shown.has(pointer))
    .map(([pointer, messages]) => ({ pointer, messages }));
  return { values: [...planned.values()], empty, otherErrors };
}
