// The content version workflow: Draft → Review → Approved → Published → Archived, with reject
// (Review → Draft), restore (Archived → Draft) and an Admin's override (Draft or Review →
// Published). Only these: an action on a version whose status is not its source — a repeat
// included (approve on Approved, reject or restore on Draft) — is 422 `invalid-state-transition`
// and changes nothing. Upstream accepts repeats and records a status change for nothing; Verso
// does not (issue #25; spec, States and transitions, rule 3).
import { invalidStateTransition } from '../../errors.js';
import type { ContentStatus } from '../../generated/schemas.js';

export type WorkflowAction = 'submit' | 'approve' | 'reject' | 'archive' | 'restore';

const TRANSITIONS: Readonly<Record<WorkflowAction, { from: readonly ContentStatus[]; to: ContentStatus }>> = {
  submit: { from: ['Draft'], to: 'Review' },
  approve: { from: ['Review'], to: 'Approved' },
  reject: { from: ['Review'], to: 'Draft' },
  archive: { from: ['Published'], to: 'Archived' },
  restore: { from: ['Archived'], to: 'Draft' },
};

function refuse(from: ContentStatus, to: ContentStatus): never {
  throw invalidStateTransition(`Content version cannot transition from ${from} to ${to}.`);
}

/** The status `action` leads to from `from`, or 422 `invalid-state-transition`. */
export function nextStatus(action: WorkflowAction, from: ContentStatus): ContentStatus {
  const rule = TRANSITIONS[action];
  if (rule.from.includes(from)) return rule.to;
  return refuse(from, rule.to);
}

/** Whether `from` may be published now; `override` is an Admin's explicit opt-in. */
export function assertPublishable(from: ContentStatus, override: boolean): void {
  if (from === 'Approved') return;
  if (override && (from === 'Draft' || from === 'Review')) return;
  refuse(from, 'Published');
}

/** Versions whose values may still change (update, upgrade-template-version). */
export function isEditable(status: ContentStatus): boolean {
  return status === 'Draft' || status === 'Review' || status === 'Approved';
}

/** Whether an edit of a version in `status` undoes its review or approval (back to Draft). */
export function editReturnsToDraft(status: ContentStatus): status is 'Review' | 'Approved' {
  return status === 'Review' || status === 'Approved';
}
