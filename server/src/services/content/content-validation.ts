// Validation of a version's field values against one template version (spec rule 4: the caller
// chooses which — the source's for a duplicate, the latest version's for a plain new version, the
// target for an upgrade). Pure: the loader (content-schema.ts) gathers the fields, picklist options,
// component schemas and the child items named by the values; this decides and normalises
// (component-values.ts checks what a Component value holds).
//
// Failures are one 422 `validation-failed` whose `errors` name the field: `/fields/<key>` for
// occurrence rules, `/fields/<index>` for one value.
//
// Drafts may be incomplete (issue #25): a save checks types, shapes, maximums and references, and
// nothing more; required fields and minimum occurrences (of the template's fields and inside
// Component values) are checked by missingRequiredFields when a version leaves Draft (submit) and
// when it is published.
import { validationFailed, type ValidationErrors } from '../../errors.js';
import type { ChildDirectory, FieldSchema } from '../../db/content/content-schema.js';
import type { NormalizedValue, ValueKind } from '../../db/content/content-values.js';
import type { ContentFieldValueRequest } from '../../generated/schemas.js';
import { checkComponentValue, codePoints, incompleteComponentValue } from './component-values.js';
import { renumberValues } from './content-field-order.js';
import { jsonValueLimitProblem } from './json-value-limits.js';
import { jsonSchemaFailures } from '../model/json-schemas.js';
import { checkDate, checkDateTime, numberProblem } from './typed-values.js';

/** A field holds child content when it names a target template, is open, or allows templates (upstream 0.5.4). */
export function isCompositionField(f: FieldSchema): boolean {
  return f.targetTemplateId !== null || f.isOpen || f.allowedTemplateIds.length > 0;
}

export function acceptedKinds(f: FieldSchema): readonly ValueKind[] {
  if (f.componentId !== null) return ['Component'];
  if (f.primitiveType !== null) return [f.primitiveType as ValueKind];
  const kinds = f.allowedPrimitiveTypes as ValueKind[];
  return isCompositionField(f) ? ['ChildContent', ...kinds] : kinds;
}

const EMPTY = {
  textValue: null,
  boolValue: null,
  mediaAssetId: null,
  fileAssetId: null,
  childContentItemId: null,
  jsonValue: null,
  displayLabel: null,
  numberValue: null,
  dateValue: null,
  dateTimeValue: null,
};

type Checked = Omit<NormalizedValue, 'fieldId' | 'order' | 'valueKind'>;

/**
 * Checks one value; returns its normalised form (only the member its kind uses), a message, or
 * several (a Component value reports each bad member of its object).
 */
function checkValue(
  f: FieldSchema,
  v: ContentFieldValueRequest,
  children: ChildDirectory,
  assets: ReadonlySet<string>,
): Checked | string | { readonly problems: readonly string[] } {
  const text = typeof v.textValue === 'string' ? v.textValue : null;
  switch (v.valueKind) {
    case 'Text':
    case 'RichText':
    case 'Markdown':
      if (text === null) return `needs a textValue`;
      if (v.valueKind === 'Text' && f.maxLength !== null && codePoints(text) > f.maxLength) {
        return `is longer than the field's maxLength of ${f.maxLength} characters`;
      }
      return { ...EMPTY, textValue: text };
    case 'Link':
    case 'Quote':
      if (text === null && (v.jsonValue === undefined || v.jsonValue === null)) return `needs a textValue or a jsonValue`;
      return { ...EMPTY, textValue: text, jsonValue: v.jsonValue ?? null };
    case 'Boolean':
      if (typeof v.boolValue !== 'boolean') return `needs a boolValue`;
      return { ...EMPTY, boolValue: v.boolValue };
    case 'PickList': {
      if (text === null) return `needs the option value in textValue`;
      const option = f.picklist?.options.find((o) => o.value.toLowerCase() === text.toLowerCase());
      if (!option) return `"${text}" is not an option of the field's picklist revision`;
      return { ...EMPTY, textValue: option.value, displayLabel: option.label };
    }
    case 'Media':
      if (!v.mediaAssetId) return `needs a mediaAssetId`;
      if (!assets.has(v.mediaAssetId.toLowerCase())) return unavailableAsset(v.mediaAssetId);
      return { ...EMPTY, mediaAssetId: v.mediaAssetId };
    case 'File':
      if (!v.fileAssetId) return `needs a fileAssetId`;
      if (!assets.has(v.fileAssetId.toLowerCase())) return unavailableAsset(v.fileAssetId);
      return { ...EMPTY, fileAssetId: v.fileAssetId };
    case 'Separator':
      return { ...EMPTY };
    case 'ChildContent': {
      if (!v.childContentItemId) return `needs a childContentItemId`;
      const child = children.get(v.childContentItemId);
      if (!child) return `names content item ${v.childContentItemId}, which does not exist in this workspace`;
      if (f.targetTemplateId !== null && child.templateId !== f.targetTemplateId) {
        return `names a content item of another template than the field's target template`;
      }
      if (f.targetTemplateId === null && f.allowedTemplateIds.length > 0 && !f.allowedTemplateIds.includes(child.templateId)) {
        return `names a content item whose template is not among the field's allowed types`;
      }
      return { ...EMPTY, childContentItemId: v.childContentItemId };
    }
    case 'Component': {
      const checked = checkComponentValue(f.component, v.jsonValue, assets, false);
      return 'problems' in checked ? checked : { ...EMPTY, jsonValue: checked.value };
    }
    case 'Number': {
      if (typeof v.numberValue !== 'number') return `needs a numberValue`;
      return numberProblem(v.numberValue, f.numberRules) ?? { ...EMPTY, numberValue: v.numberValue === 0 ? 0 : v.numberValue };
    }
    case 'Date': {
      if (typeof v.dateValue !== 'string') return `needs a dateValue`;
      const date = checkDate(v.dateValue);
      return 'problem' in date ? date.problem : { ...EMPTY, dateValue: date.date };
    }
    case 'DateTime': {
      if (typeof v.dateTimeValue !== 'string') return `needs a dateTimeValue`;
      const instant = checkDateTime(v.dateTimeValue);
      return 'problem' in instant ? instant.problem : { ...EMPTY, dateTimeValue: instant.instant };
    }
    case 'Json': {
      // JSON null is no value; a value is any other JSON (within json-value-limits.ts, checked first).
      if (v.jsonValue === undefined || v.jsonValue === null) return `needs a jsonValue`;
      if (f.jsonSchema === undefined) return { ...EMPTY, jsonValue: v.jsonValue };
      const failures = jsonSchemaFailures(f.jsonSchema, v.jsonValue);
      return failures.length > 0 ? { problems: failures } : { ...EMPTY, jsonValue: v.jsonValue };
    }
  }
}

// A Media or File value must name an asset a caller could read: of this workspace, Available (its
// blob written and present) and not deleted. Anything else would publish a broken download. Ids are
// compared lower-cased, as the database prints them.
const unavailableAsset = (id: string) => `names media asset ${id}, which is not an available asset of this workspace`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The asset ids the values may name, for the loader to look up: those of Media and File values,
 * and every uuid-shaped string inside a Component value (which of its members are Media or File is
 * the component schema's to say; looking up a few more ids costs nothing). Component values are
 * walked with a stack and are bounded in size and depth (json-value-limits.ts) before this runs.
 */
export function namedAssetIds(values: readonly ContentFieldValueRequest[]): string[] {
  const ids = new Set<string>();
  for (const v of values) {
    if (v.valueKind === 'Media' && typeof v.mediaAssetId === 'string') ids.add(v.mediaAssetId.toLowerCase());
    if (v.valueKind === 'File' && typeof v.fileAssetId === 'string') ids.add(v.fileAssetId.toLowerCase());
    if (v.valueKind !== 'Component' || jsonValueLimitProblem(v.jsonValue) !== null) continue;
    const stack: unknown[] = [v.jsonValue];
    while (stack.length > 0) {
      const x = stack.pop();
      if (typeof x === 'string') {
        if (UUID.test(x)) ids.add(x.toLowerCase());
      } else if (typeof x === 'object' && x !== null) {
        // One at a time: a spread of a 100,000-element array would overflow the argument limit.
        for (const member of Array.isArray(x) ? x : Object.values(x)) stack.push(member);
      }
    }
  }
  return [...ids];
}

/**
 * Validates and normalises `values` for `fields` as a save does (a Draft may lack required values);
 * throws 422 listing every problem. `assets` holds
 * the named asset ids that are visible in the workspace (namedAssetIds, then a lookup); without it
 * every Media and File value is refused.
 */
export function validateFieldValues(
  fields: readonly FieldSchema[],
  values: readonly ContentFieldValueRequest[],
  children: ChildDirectory,
  assets: ReadonlySet<string> = new Set(),
): NormalizedValue[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const errors: ValidationErrors = {};
  const messages: string[] = [];
  const fail = (at: string, message: string) => {
    (errors[at] ??= []).push(message);
    messages.push(message);
  };
  const normalized: NormalizedValue[] = [];
  values.forEach((v, index) => {
    // First, so nothing below walks a value nested past the limit (json-value-limits.ts).
    const overLimit = jsonValueLimitProblem(v.jsonValue);
    if (overLimit !== null) return fail(`/fields/${index}/jsonValue`, `Value ${index}'s jsonValue ${overLimit}.`);
    const f = byId.get(v.fieldId);
    if (!f) return fail(`/fields/${index}`, `Value ${index} refers to field ${v.fieldId}, which is not on the template version.`);
    const kinds = acceptedKinds(f);
    if (!kinds.includes(v.valueKind)) {
      return fail(`/fields/${index}`, `Field '${nameOf(f)}' takes ${kinds.join(' or ') || 'no values'}, not ${v.valueKind}.`);
    }
    const checked = checkValue(f, v, children, assets);
    if (typeof checked === 'string' || 'problems' in checked) {
      for (const p of typeof checked === 'string' ? [checked] : checked.problems) fail(`/fields/${index}`, `Field '${nameOf(f)}' value ${index} ${p}.`);
      return;
    }
    normalized.push({ fieldId: f.id, order: v.order, valueKind: v.valueKind, ...checked });
  });
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v.fieldId, (counts.get(v.fieldId) ?? 0) + 1);
  for (const f of fields) {
    const n = counts.get(f.id) ?? 0;
    const max = f.picklist && !f.picklist.multiple ? Math.min(f.maxOccurrences ?? 1, 1) : f.maxOccurrences;
    if (max !== null && n > max) fail(`/fields/${f.key}`, `Field '${nameOf(f)}' allows at most ${max} ${max === 1 ? 'value' : 'values'}.`);
  }
  if (messages.length) throw validationFailed(errors, messages.join(' '));
  return renumberValues(normalized);
}

/**
 * The field as people know it: every refusal — a save's type, shape, maximum and reference rules as
 * much as submit's and publish's minimums — is read by editors, who see labels ("Summary"), not keys
 * ("summary"); the key stays in the pointer (`/fields/<key>`) for programs.
 */
function nameOf(f: Pick<FieldSchema, 'key' | 'label'>): string {
  return f.label.trim() || f.key;
}

/** The parts of a stored value the completeness check reads. */
type StoredValue = Pick<ContentFieldValueRequest, 'fieldId' | 'valueKind' | 'jsonValue'>;

/**
 * What a version still lacks before it may leave Draft or be published: per field key
 * (`/fields/<key>`), a required field or occurrence minimum not met, or a Component value missing
 * required keys. Empty when the version is complete.
 */
export function missingRequiredFields(fields: readonly FieldSchema[], values: readonly StoredValue[]): ValidationErrors {
  const errors: ValidationErrors = {};
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v.fieldId, (counts.get(v.fieldId) ?? 0) + 1);
  for (const f of fields) {
    const n = counts.get(f.id) ?? 0;
    const min = Math.max(f.minOccurrences, f.isRequired ? 1 : 0);
    if (n < min) (errors[`/fields/${f.key}`] ??= []).push(`Field '${nameOf(f)}' requires at least ${min} ${min === 1 ? 'value' : 'values'}.`);
    if (f.componentId === null) continue;
    values.forEach((v) => {
      if (v.fieldId !== f.id || v.valueKind !== 'Component') return;
      for (const p of incompleteComponentValue(f.component, v.jsonValue)) (errors[`/fields/${f.key}`] ??= []).push(`Field '${nameOf(f)}' ${p}.`);
    });
  }
  return errors;
}

/** 422 `validation-failed` naming every missing field, unless the version is complete. */
export function assertComplete(fields: readonly FieldSchema[], values: readonly StoredValue[], versionNumber: number): void {
  const errors = missingRequiredFields(fields, values);
  const keys = Object.keys(errors);
  if (keys.length === 0) return;
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const names = keys.map((k) => k.slice('/fields/'.length)).map((key) => `'${byKey.has(key) ? nameOf(byKey.get(key)!) : key}'`).join(', ');
  throw validationFailed(errors, `Version ${versionNumber} is incomplete: fill in ${names} first. ${Object.values(errors).flat().join(' ')}`);
}

/**
 * Upgrade by key: each value moves to the target field with the same key (case-insensitive);
 * values whose key is gone from the target are dropped (spec rule 5).
 */
export function remapValuesByKey<T extends { readonly fieldId: string }>(
  values: readonly T[],
  sourceFields: readonly { readonly id: string; readonly key: string }[],
  targetFields: readonly { readonly id: string; readonly key: string }[],
): (T & { fieldId: string })[] {
  const keyOf = new Map(sourceFields.map((f) => [f.id, f.key.toLowerCase()]));
  const targetByKey = new Map(targetFields.map((f) => [f.key.toLowerCase(), f.id]));
  const out: (T & { fieldId: string })[] = [];
  for (const v of values) {
    const key = keyOf.get(v.fieldId);
    const target = key === undefined ? undefined : targetByKey.get(key);
    if (target !== undefined) out.push({ ...v, fieldId: target });
  }
  return out;
}
