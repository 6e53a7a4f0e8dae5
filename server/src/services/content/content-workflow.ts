// The content version workflow: Draft → Review → Approved → Published → Archived, with reject
// (Review → Draft), restore (Archived → Draft) and an Admin's override (Draft or Review →
// Published). As upstream, asking for the status a version already has is accepted (and still
// recorded as a status change); publishing is the exception, since re-publishing would re-archive.
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
  if (from === rule.to || rule.from.includes(from)) return rule.to;
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
