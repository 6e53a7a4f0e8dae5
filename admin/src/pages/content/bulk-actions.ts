// The content list's bulk actions (the API's bulkContentAction): which ones a user is offered (the
// same role rules as the single operations, so the bar never offers what the API would refuse for
// everyone), and how each is named on the bar, the confirmation and the result. The API still
// decides per item: a state that does not fit is that item's failure in the result.
import type { components } from '@verso/sdk';
import { permission, type WorkspaceAbilities } from '../workspace-scope.js';

export type BulkAction = components['schemas']['BulkContentAction'];

interface ActionText {
  /** On the bar's choice. */
  label: string;
  /** The confirmation's button: `Publish 3 items`. */
  verb: string;
  /** The result: `3 items published`. */
  done: string;
  /** What it does, on the confirmation. */
  explain: string;
  danger?: boolean;
}

export const BULK_ACTIONS: Record<BulkAction, ActionText> = {
  submit: { label: 'Submit for review', verb: 'Submit', done: 'submitted for review', explain: 'Each item’s Draft goes to Review.' },
  approve: { label: 'Approve', verb: 'Approve', done: 'approved', explain: 'Each item’s version in Review becomes Approved.' },
  publish: { label: 'Publish', verb: 'Publish', done: 'published', explain: 'Each item’s Approved version is published and served now.' },
  archive: { label: 'Archive', verb: 'Archive', done: 'archived', explain: 'Each item’s served version is archived: the site stops serving it.', danger: true },
  delete: { label: 'Delete', verb: 'Delete', done: 'deleted', explain: 'Each item and all its versions are deleted. Items other items reference are kept (they fail).', danger: true },
  addTags: { label: 'Add tags', verb: 'Add tags to', done: 'tagged', explain: 'The tags are added to each item; its other tags stay.' },
  removeTags: { label: 'Remove tags', verb: 'Remove tags from', done: 'untagged', explain: 'The tags are removed from each item; its other tags stay.' },
};

export const isBulkAction = (raw: string): raw is BulkAction => Object.hasOwn(BULK_ACTIONS, raw);
export const needsTags = (action: BulkAction) => action === 'addTags' || action === 'removeTags';

/** The actions this user may take in the workspace, in the bar's order (empty: no checkboxes at all). */
export function bulkActionsFor(abilities: WorkspaceAbilities): BulkAction[] {
  if (!abilities.editContent.allowed) return [];
  const publish = permission(abilities.role, abilities.canWrite, 'Editor', 'Publishing');
  return (Object.keys(BULK_ACTIONS) as BulkAction[]).filter((a) => (a === 'approve' ? abilities.review.allowed : a === 'publish' ? publish.allowed : true));
}

export const countOf = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
