// Validates the full field list of a component draft: keys unique (case-insensitive), bounds,
// exactly one of primitiveType or nestedComponentId, nested components of this workspace, picklist
// bindings, fieldConfig — and keeps the nesting graph acyclic (422 `circular-component-reference`).
import { sql, type CommonQueryMethods } from 'slonik';
import { ApiError, validationFailed, type ValidationErrors } from '../../errors.js';
import { findComponent, listAllComponents, listNestingEdges, type NewComponentField } from '../../db/model/components.js';
import { addError, checkFieldConfig, checkOccurrences, resolvePickListBinding } from './field-rules.js';
import type { ComponentFieldRequest } from '../../generated/schemas.js';
import { findCycle } from './template-graph.js';

export async function buildComponentFields(
  db: CommonQueryMethods,
  target: { workspaceId: string; componentId: string; versionId: string },
  inputs: readonly ComponentFieldRequest[],
  newId: () => string,
): Promise<NewComponentField[]> {
  const errors: ValidationErrors = {};
  const keys = new Map<string, number>();
  const out: NewComponentField[] = [];
  for (const [i, f] of inputs.entries()) {
    const at = `/${i}`;
    const lower = f.key.toLowerCase();
    if (keys.has(lower)) addError(errors, `${at}/key`, `duplicates the key of field ${keys.get(lower)} (keys are case-insensitive)`);
    keys.set(lower, i);
    const primitiveType = f.primitiveType ?? null;
    const nested = f.nestedComponentId ?? null;
    if ((primitiveType === null) === (nested === null)) addError(errors, `${at}/primitiveType`, 'a field needs exactly one of primitiveType or nestedComponentId');
    if (nested && nested !== target.componentId && !(await findComponent(db, target.workspaceId, nested))) {
      addError(errors, `${at}/nestedComponentId`, 'no such component in this workspace');
    }
    const minOccurrences = f.minOccurrences ?? 0;
    const maxOccurrences = f.maxOccurrences ?? null;
    checkOccurrences(errors, at, minOccurrences, maxOccurrences);
    const fieldConfig = f.fieldConfig ?? {};
    checkFieldConfig(errors, at, primitiveType, fieldConfig, f.label || f.key);
    const binding = await resolvePickListBinding(db, target.workspaceId, errors, at, {
      primitiveType,
      picklistId: f.picklistId,
      picklistRevisionId: f.picklistRevisionId,
      fieldConfig,
    });
    out.push({
      id: newId(),
      key: f.key,
      label: f.label.trim(),
      helpText: f.helpText ?? null,
      order: f.order,
      isRequired: f.isRequired ?? false,
      minOccurrences,
      maxOccurrences,
      primitiveType,
      nestedComponentId: nested,
      picklistId: binding.picklistId,
      picklistRevisionId: binding.picklistRevisionId,
      fieldConfig,
    });
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors, 'The fields break one or more rules.');
  await assertComponentGraphAcyclic(db, target, out.filter((f) => f.nestedComponentId).map((f) => f.nestedComponentId!));
  return out;
}

async function assertComponentGraphAcyclic(
  db: CommonQueryMethods,
  target: { workspaceId: string; componentId: string; versionId: string },
  targets: readonly string[],
): Promise<void> {
  if (targets.length === 0) return;
  await db.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext(${'verso.component-graph:' + target.workspaceId}))`);
  const adjacency = new Map<string, Set<string>>();
  for (const e of await listNestingEdges(db, target.workspaceId)) {
    if (e.version_id === target.versionId) continue;
    let set = adjacency.get(e.from_id);
    if (!set) adjacency.set(e.from_id, (set = new Set()));
    set.add(e.to_id);
  }
  const cycle = findCycle(adjacency, target.componentId, targets);
  if (!cycle) return;
  const names = new Map((await listAllComponents(db, target.workspaceId)).map((c) => [c.id, c.name]));
  const named = cycle.map((id) => names.get(id) ?? id);
  throw new ApiError('circular-component-reference', `This nesting would make a cycle: ${named.join(' → ')}.`, { cycle: named });
}
