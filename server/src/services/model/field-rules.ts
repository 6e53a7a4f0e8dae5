// Rules shared by template fields and component fields: occurrence bounds, fieldConfig and the
// picklist binding. Each rule reports into a ValidationErrors map keyed by JSON pointer, so one
// 422 names every offending member at once.
import type { CommonQueryMethods } from 'slonik';
import type { ValidationErrors } from '../../errors.js';
import { findPickList, findRevision } from '../../db/model/picklists.js';
import { isUuid } from '../../uuid.js';
import { jsonSchemaProblem } from './json-schemas.js';

export function addError(errors: ValidationErrors, pointer: string, message: string): void {
  (errors[pointer] ??= []).push(message);
}

/**
 * A field whose values are child items (a template composition, or an open field allowing templates)
 * stays localized: each translation names its own children, and a child is already served in the
 * reader's language (its group's member along the chain), so sharing the reference would hand a
 * German page the English child's id in place of its own German child.
 */
export function checkSharedField(errors: ValidationErrors, at: string, field: { localized?: boolean | null; holdsChildItems: boolean; name: string }): void {
  if (field.localized === false && field.holdsChildItems) {
    addError(errors, `${at}/localized`, `field '${field.name}' holds child items, which each translation names for itself (they are served in the reader's language); only a field of values or a component can be shared across translations`);
  }
}

export function checkOccurrences(errors: ValidationErrors, at: string, min: number, max: number | null): void {
  if (max !== null && max < min) addError(errors, `${at}/maxOccurrences`, 'must be null (unbounded) or at least minOccurrences');
}

/**
 * fieldConfig is a JSON object (the contract says so); its settings are checked for the types that
 * read them: Text `maxLength` a positive integer; Number `min` and `max` finite numbers with min ≤
 * max, `integer` a boolean, `decimals` a whole number from 0 to 12; Json `schema` a JSON Schema that
 * compiles and refers to nothing outside itself. A null setting is no setting (a form's empty box).
 * `name` is the field as people know it (its label), so a refusal says which field it was.
 */
export function checkFieldConfig(errors: ValidationErrors, at: string, primitiveType: string | null, config: Readonly<Record<string, unknown>>, name = ''): void {
  const setting = (key: string) => (config[key] === null ? undefined : config[key]);
  const field = name.trim() === '' ? 'the field' : `field '${name.trim()}'`;
  const maxLength = setting('maxLength');
  if (primitiveType === 'Text' && maxLength !== undefined) {
    const max = maxLength;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) {
      addError(errors, `${at}/fieldConfig/maxLength`, 'must be a positive integer');
    }
  }
  if (primitiveType === 'Number') {
    const min = setting('min');
    const max = setting('max');
    const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
    if (min !== undefined && !finite(min)) addError(errors, `${at}/fieldConfig/min`, `the minimum of ${field} must be a number`);
    if (max !== undefined && !finite(max)) addError(errors, `${at}/fieldConfig/max`, `the maximum of ${field} must be a number`);
    if (finite(min) && finite(max) && min > max) addError(errors, `${at}/fieldConfig/max`, `the maximum of ${field} (${max}) is less than its minimum (${min})`);
    const integer = setting('integer');
    if (integer !== undefined && typeof integer !== 'boolean') addError(errors, `${at}/fieldConfig/integer`, `"integer" of ${field} must be true or false`);
    const decimals = setting('decimals');
    if (decimals !== undefined && (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS)) {
      addError(errors, `${at}/fieldConfig/decimals`, `the decimals of ${field} must be a whole number from 0 to ${MAX_DECIMALS}`);
    }
  }
  if (primitiveType === 'Json') {
    const schema = setting('schema');
    const problem = schema === undefined ? null : jsonSchemaProblem(schema);
    if (problem !== null) addError(errors, `${at}/fieldConfig/schema`, `the schema of ${field} ${problem}`);
  }
}

/** Digits after the point a Number field may allow: past 12, with 15 significant digits in all, little is left of the whole part. */
export const MAX_DECIMALS = 12;

export interface PickListBindingInput {
  readonly primitiveType: string | null;
  readonly picklistId?: string | null;
  readonly picklistRevisionId?: string | null;
  readonly fieldConfig: Readonly<Record<string, unknown>>;
}


/**
 * A PickList field binds a picklist of the workspace and one of its revisions; other fields bind
 * none. Upstream clients put the binding inside fieldConfig, so it is read from there when the
 * top-level members are absent.
 */
export async function resolvePickListBinding(
  db: CommonQueryMethods,
  workspaceId: string,
  errors: ValidationErrors,
  at: string,
  input: PickListBindingInput,
): Promise<{ picklistId: string | null; picklistRevisionId: string | null }> {
  const fromConfig = (name: string) => {
    const v = input.fieldConfig[name];
    return isUuid(v) ? v : null;
  };
  const picklistId = input.picklistId ?? fromConfig('picklistId');
  const revisionId = input.picklistRevisionId ?? fromConfig('picklistRevisionId');
  if (input.primitiveType !== 'PickList') {
    if (input.picklistId || input.picklistRevisionId) addError(errors, `${at}/picklistId`, 'only a PickList field binds a picklist');
    return { picklistId: null, picklistRevisionId: null };
  }
  if (!picklistId) {
    addError(errors, `${at}/picklistId`, 'a PickList field must bind a picklist');
    return { picklistId: null, picklistRevisionId: null };
  }
  const picklist = await findPickList(db, workspaceId, picklistId);
  if (!picklist) {
    addError(errors, `${at}/picklistId`, 'no such picklist in this workspace');
    return { picklistId: null, picklistRevisionId: null };
  }
  if (!revisionId) {
    addError(errors, `${at}/picklistRevisionId`, 'a PickList field must bind a revision of its picklist');
    return { picklistId, picklistRevisionId: null };
  }
  if (!(await findRevision(db, picklistId, revisionId))) {
    addError(errors, `${at}/picklistRevisionId`, 'is not a revision of the bound picklist');
  }
  return { picklistId, picklistRevisionId: revisionId };
}
