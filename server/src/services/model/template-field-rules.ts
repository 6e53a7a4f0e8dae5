// Validates a template field request against the rules of the spec and upstream, and turns it
// into the row to write. Every broken rule is reported at once (422 `validation-failed`, keyed by
// the member's pointer); a duplicate key is 409; a composition cycle is 422
// `circular-template-reference`.
import type { CommonQueryMethods } from 'slonik';
import { conflict, validationFailed, type ValidationErrors } from '../../errors.js';
import { findComponent } from '../../db/model/components.js';
import { findTemplate } from '../../db/model/templates.js';
import { findSection, listFields, type NewField } from '../../db/model/template-structure.js';
import { addError, checkFieldConfig, checkOccurrences, checkSharedField, resolvePickListBinding } from './field-rules.js';
import type { TemplateFieldRequest } from '../../generated/schemas.js';
import { assertTemplateGraphAcyclic } from './template-graph.js';

export interface FieldTarget {
  readonly workspaceId: string;
  readonly templateId: string;
  readonly versionId: string;
  /** Set when an existing field is replaced (its own key does not clash with itself). */
  readonly fieldId: string;
}

export async function buildTemplateField(
  db: CommonQueryMethods,
  target: FieldTarget,
  input: TemplateFieldRequest,
  newId: () => string,
): Promise<NewField> {
  const errors: ValidationErrors = {};
  const isOpen = input.isOpen ?? false;
  const primitiveType = input.primitiveType ?? null;
  const templateId = input.templateId ?? null;
  const componentId = input.componentId ?? null;
  const allowedTypes = input.allowedTypes ?? [];
  const fieldConfig = input.fieldConfig ?? {};
  const minOccurrences = input.minOccurrences ?? 0;
  const maxOccurrences = input.maxOccurrences ?? null;

  if (input.sectionId && !(await findSection(db, target.versionId, input.sectionId))) {
    addError(errors, '/sectionId', 'no such section in this version');
  }
  checkOccurrences(errors, '', minOccurrences, maxOccurrences);

  const kinds = [primitiveType, templateId, componentId].filter((k) => k !== null).length;
  if (isOpen) {
    if (kinds > 0) addError(errors, '/isOpen', 'an open field names no primitiveType, templateId or componentId; list templates in allowedTypes');
    allowedTypes.forEach((a, i) => {
      if (a.primitiveType) addError(errors, `/allowedTypes/${i}/primitiveType`, 'an open field cannot allow a primitive type');
    });
  } else if (kinds !== 1) {
    addError(errors, '/primitiveType', 'a field needs exactly one of primitiveType, templateId or componentId');
  }
  allowedTypes.forEach((a, i) => {
    if (Boolean(a.primitiveType) === Boolean(a.allowedTemplateId)) {
      addError(errors, `/allowedTypes/${i}`, 'names exactly one of primitiveType or allowedTemplateId');
    }
  });

  if (templateId && !(await findTemplate(db, target.workspaceId, templateId))) addError(errors, '/templateId', 'no such template in this workspace');
  for (const [i, a] of allowedTypes.entries()) {
    if (a.allowedTemplateId && !(await findTemplate(db, target.workspaceId, a.allowedTemplateId))) {
      addError(errors, `/allowedTypes/${i}/allowedTemplateId`, 'no such template in this workspace');
    }
  }
  if (componentId && !(await findComponent(db, target.workspaceId, componentId))) {
    addError(errors, '/componentId', 'no such component in this workspace');
  }
  checkFieldConfig(errors, '', primitiveType, fieldConfig, input.label || input.key);
  checkSharedField(errors, '', {
    localized: input.localized,
    holdsChildItems: templateId !== null || allowedTypes.some((a) => Boolean(a.allowedTemplateId)),
    name: input.label || input.key,
  });
  const binding = await resolvePickListBinding(db, target.workspaceId, errors, '', {
    primitiveType,
    picklistId: input.picklistId,
    picklistRevisionId: input.picklistRevisionId,
    fieldConfig,
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors, 'The field breaks one or more rules.');

  const siblings = await listFields(db, [target.versionId]);
  const clash = siblings.find((f) => f.id !== target.fieldId && f.key.toLowerCase() === input.key.toLowerCase());
  if (clash) throw conflict(`The key "${input.key}" is already used by another field of this version (keys are case-insensitive).`);

  if (templateId) {
    const targets = siblings.filter((f) => f.id !== target.fieldId && f.target_template_id).map((f) => f.target_template_id!);
    await assertTemplateGraphAcyclic(db, target.workspaceId, {
      templateId: target.templateId,
      versionId: target.versionId,
      targets: [...targets, templateId],
    });
  }

  return {
    id: target.fieldId,
    versionId: target.versionId,
    sectionId: input.sectionId ?? null,
    key: input.key,
    label: input.label.trim(),
    helpText: input.helpText ?? null,
    order: input.order,
    isRequired: input.isRequired ?? false,
    minOccurrences,
    maxOccurrences,
    isOpen,
    compositionMode: input.compositionMode,
    primitiveType,
    templateId,
    componentId,
    picklistId: binding.picklistId,
    picklistRevisionId: binding.picklistRevisionId,
    fieldConfig,
    localized: input.localized ?? true,
    allowedTypes: allowedTypes.map((a) => ({
      id: newId(),
      primitiveType: a.primitiveType ?? null,
      allowedTemplateId: a.allowedTemplateId ?? null,
    })),
  };
}
