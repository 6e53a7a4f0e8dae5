// Rules shared by template fields and component fields: occurrence bounds, fieldConfig and the
// picklist binding. Each rule reports into a ValidationErrors map keyed by JSON pointer, so one
// 422 names every offending member at once.
import type { CommonQueryMethods } from 'slonik';
import type { ValidationErrors } from '../../errors.js';
import { findPickList, findRevision } from '../../db/model/picklists.js';
import { isUuid } from '../../uuid.js';

export function addError(errors: ValidationErrors, pointer: string, message: string): void {
  (errors[pointer] ??= []).push(message);
}

export function checkOccurrences(errors: ValidationErrors, at: string, min: number, max: number | null): void {
  if (max !== null && max < min) addError(errors, `${at}/maxOccurrences`, 'must be null (unbounded) or at least minOccurrences');
}

/** fieldConfig is a JSON object (the contract says so); Text `maxLength` must be a positive integer. */
export function checkFieldConfig(errors: ValidationErrors, at: string, primitiveType: string | null, config: Readonly<Record<string, unknown>>): void {
  if (primitiveType === 'Text' && 'maxLength' in config) {
    const max = config.maxLength;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) {
      addError(errors, `${at}/fieldConfig/maxLength`, 'must be a positive integer');
    }
  }
}

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
