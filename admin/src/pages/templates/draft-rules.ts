// What a version's page may offer (spec: Lifecycle of templates and components — only a Draft is
// edited or published; the API answers 409 otherwise): the model permission of the workspace
// (TemplateAdmin + Write) and, for a version, its status. The API still decides; a refusal it makes
// anyway is shown as its problem.
import type { components } from '@verso/sdk';
import type { Permission } from '../workspace-scope.js';

type VersionStatus = components['schemas']['TemplateVersionStatus'];

/** Changing or publishing version `n`: the model permission, and only while it is a Draft. */
export function draftPermission(model: Permission, status: VersionStatus, n: number): Permission {
  if (!model.allowed) return model;
  if (status !== 'Draft') return { allowed: false, reason: `Version ${n} is ${status}: only a draft can be changed or published.` };
  return { allowed: true };
}

/** Making a new draft: the model permission, and not while a draft exists (`draftNumber`). */
export function newDraftPermission(model: Permission, draftNumber: number | undefined): Permission {
  if (!model.allowed) return model;
  if (draftNumber !== undefined) return { allowed: false, reason: `Version ${draftNumber} is already a draft: edit it, or publish it first.` };
  return { allowed: true };
}
