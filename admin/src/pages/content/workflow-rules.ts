// Which workflow buttons a version shows, enabled or disabled with the reason (spec: Content version
// status rule 3 — the API refuses actions a status does not allow; the admin disables them). This
// mirrors the API's rules (services/content/content-workflow.ts and the operations' access rules):
// submit Draft → Review (Editor); approve/reject Review (TemplateAdmin); publish Approved (Editor),
// or Draft/Review with the Admin's override; schedule only Approved, never with override; archive
// Published (Editor); restore Archived → Draft (Editor). All need Write on the workspace. A call the
// API refuses anyway (a race, a rule the admin does not know) is shown as the API's problem.
import type { components } from '@verso/sdk';
import type { Permission, WorkspaceAbilities } from '../workspace-scope.js';
import { permission } from '../workspace-scope.js';

export type ContentStatus = components['schemas']['ContentStatus'];
export type WorkflowAction = 'submit' | 'approve' | 'reject' | 'publish' | 'archive' | 'restore';

export interface WorkflowButton {
  action: WorkflowAction;
  label: string;
  enabled: boolean;
  /** Why it is disabled (shown next to it and as its description). */
  reason?: string;
}

export interface WorkflowBar {
  buttons: WorkflowButton[];
  /** The publish form may schedule (the version is Approved). */
  canSchedule: boolean;
  /** The publish form offers the Admin's override (Draft or Review, Admin + Write). */
  canOverride: boolean;
}

const FROM: Record<Exclude<WorkflowAction, 'publish'>, { from: ContentStatus; to: ContentStatus; label: string }> = {
  submit: { from: 'Draft', to: 'Review', label: 'Submit for review' },
  approve: { from: 'Review', to: 'Approved', label: 'Approve' },
  reject: { from: 'Review', to: 'Draft', label: 'Reject' },
  archive: { from: 'Published', to: 'Archived', label: 'Archive' },
  restore: { from: 'Archived', to: 'Draft', label: 'Restore to draft' },
};

function button(action: WorkflowAction, label: string, checks: Array<Permission | string | undefined>): WorkflowButton {
  for (const c of checks) {
    if (typeof c === 'string') return { action, label, enabled: false, reason: c };
    if (c && !c.allowed) return { action, label, enabled: false, reason: c.reason };
  }
  return { action, label, enabled: true };
}

const statusReason = (status: ContentStatus, needed: string, action: string) => `Only ${needed} versions can be ${action}; this one is ${status}.`;

/** The workflow bar of one version for a user with `abilities` in its workspace. */
export function workflowBar(status: ContentStatus, abilities: WorkspaceAbilities): WorkflowBar {
  const { role, canWrite } = abilities;
  const buttons: WorkflowButton[] = [];
  for (const action of ['submit', 'approve', 'reject'] as const) {
    const rule = FROM[action];
    const access = action === 'submit' ? permission(role, canWrite, 'Editor', `${rule.label}`) : abilities.review;
    const verb = action === 'submit' ? 'submitted' : action === 'approve' ? 'approved' : 'rejected';
    buttons.push(button(action, rule.label, [status === rule.from ? undefined : statusReason(status, rule.from, verb), access]));
  }
  const override = permission(role, canWrite, 'Admin', 'Publishing over the workflow');
  const canOverride = (status === 'Draft' || status === 'Review') && override.allowed;
  const publishStatus = status === 'Approved' || canOverride ? undefined : status === 'Draft' || status === 'Review' ? `Only Approved versions can be published (an Admin may override the workflow); this one is ${status}.` : statusReason(status, 'Approved', 'published');
  buttons.push(button('publish', 'Publish', [publishStatus, permission(role, canWrite, 'Editor', 'Publishing')]));
  for (const action of ['archive', 'restore'] as const) {
    const rule = FROM[action];
    buttons.push(button(action, rule.label, [status === rule.from ? undefined : statusReason(status, rule.from, action === 'archive' ? 'archived' : 'restored'), permission(role, canWrite, 'Editor', rule.label)]));
  }
  return { buttons, canSchedule: status === 'Approved' && abilities.editContent.allowed, canOverride };
}

/** Whether a version's values may still change (the API's isEditable), with the reason if not. */
export function editable(status: ContentStatus, abilities: WorkspaceAbilities): Permission {
  if (!abilities.editContent.allowed) return abilities.editContent;
  if (status === 'Draft' || status === 'Review' || status === 'Approved') return { allowed: true };
  return { allowed: false, reason: `${status} versions cannot change; create a new version (or duplicate this one) instead.` };
}

/** Whether a version may be deleted (only Drafts), with the reason if not. */
export function deletable(status: ContentStatus, abilities: WorkspaceAbilities): Permission {
  if (!abilities.editContent.allowed) return abilities.editContent;
  if (status === 'Draft') return { allowed: true };
  return { allowed: false, reason: `Only Draft versions can be deleted; this one is ${status}.` };
}

/**
 * Whether a version's page offers "Edit" through a Draft (edit-live.ts): a Published, Approved or
 * Archived version, for a user who may edit content. Drafts and Review versions are edited in place.
 */
export function editsThroughDraft(status: ContentStatus, abilities: WorkspaceAbilities): boolean {
  return abilities.editContent.allowed && (status === 'Published' || status === 'Approved' || status === 'Archived');
}
