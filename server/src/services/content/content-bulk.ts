// Bulk actions (issue: changing a live site): one request acting on up to 500 items. Each item goes
// through its single operation's own service function — the same rules, role, events, audit entry
// and invalidation as if that operation had been called — so a bulk action can never do what the
// single operations would refuse. Its audit entries carry `bulk: true`.
//
// Each item on its own (default): its own transaction; a failure is that item's result only.
// Atomic: one transaction, each item in a savepoint so every failure is known, and any failure
// rolls the whole transaction back (no event, no audit entry, no notice: those are written in it).
// An atomic publish checks every item first and then writes them all in batches, as a release does
// (publishAtomically), so a failure is found before anything is written.
//
// Bulk acts on each item's current state: no If-Match is sent per item, so delete and the tag
// actions read the item's ETag and act on it (again, if a concurrent write moved it in between).
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { ApiError, badRequest, forbidden, invalidStateTransition, notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import { ROLE_RANK, type RoleName } from '../../access/roles.js';
import { currentRequestContext, runWithRequestContext } from '../../context/request-context.js';
import { findNaturalVersions, type NaturalVersion } from '../../db/delivery/bulk-targets.js';
import type { BulkContentAction, BulkContentActionRequest } from '../../generated/schemas.js';
import { withAuditMarks } from '../platform/audit.js';
import { deleteContentItem, updateContentItem } from './content-items.js';
import { itemEtag } from './content-presenter.js';
import { checkAndPublishAll, type PublishTarget } from './content-bulk-publish.js';
import { changeVersionStatus, publishContentVersion } from './content-publishing.js';
import { nowIso, normalizeTags, requireItem } from './content-rules.js';

/** The role each action's single operation declares in the contract (`x-verso-access`). */
export const BULK_ACTION_ROLES: Readonly<Record<BulkContentAction, RoleName>> = {
  submit: 'Editor',
  approve: 'TemplateAdmin',
  publish: 'Editor',
  archive: 'Editor',
  delete: 'Editor',
  addTags: 'Editor',
  removeTags: 'Editor',
};

type VersionAction = 'submit' | 'approve' | 'publish' | 'archive';

/** The version an action takes when the request names none, and what an item without one is told. */
const NATURAL: Readonly<Record<VersionAction, { readonly pick: () => NaturalVersion; readonly none: string }>> = {
  submit: { pick: () => ({ status: 'Draft' }), none: 'The item has no Draft to submit.' },
  approve: { pick: () => ({ status: 'Review' }), none: 'The item has no version in Review to approve.' },
  publish: { pick: () => ({ status: 'Approved' }), none: 'The item has no Approved version to publish.' },
  archive: { pick: () => ({ servedAt: nowIso() }), none: 'The item serves no Published version to archive.' },
};

const isVersionAction = (action: BulkContentAction): action is VersionAction => action in NATURAL;

/** One item's outcome: the version acted on, the failure (null: applied) and its operation's path. */
export interface BulkItemOutcome {
  readonly id: string;
  readonly versionNumber: number | null;
  readonly error: ApiError | null;
  /** The path of the single operation the item went through (a failure's `instance`). */
  readonly path: string;
}

/** An atomic action that changed nothing: the outcome of every item, in the order sent. */
export class BulkAtomicFailure extends Error {
  constructor(readonly outcomes: readonly BulkItemOutcome[]) {
    super('An atomic bulk action failed on at least one item.');
    this.name = 'BulkAtomicFailure';
  }
}

/** Attempts of an action without If-Match when a concurrent write moves the item between read and write. */
const CURRENT_STATE_ATTEMPTS = 3;

const MAX_ITEM_TAGS = 100;

function assertDistinctItems(items: BulkContentActionRequest['items']): void {
  const first = new Map<string, number>();
  const errors: Record<string, string[]> = {};
  items.forEach((item, index) => {
    const id = item.id.toLowerCase();
    const seen = first.get(id);
    if (seen === undefined) first.set(id, index);
    else errors[`/items/${index}/id`] = [`This item is already named at position ${seen + 1}; name each item once.`];
  });
  if (Object.keys(errors).length > 0) throw badRequest('The same item is named more than once; name each item once.', errors);
}

function tagsOf(body: BulkContentActionRequest): string[] {
  if (body.action !== 'addTags' && body.action !== 'removeTags') return [];
  if (!body.tags || body.tags.length === 0) {
    throw badRequest(`${body.action} needs the tags to ${body.action === 'addTags' ? 'add' : 'remove'}.`, { '/tags': ['Name at least one tag.'] });
  }
  try {
    return normalizeTags(body.tags);
  } catch (err) {
    // A blank tag is the request's mistake, not an item's: 400 here (the 422 is an atomic action's).
    if (err instanceof ApiError && err.code === 'validation-failed') throw badRequest(err.detail ?? 'A tag must not be blank.', err.extensions.errors as Record<string, string[]>);
    throw err;
  }
}

export async function bulkContentAction(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  body: BulkContentActionRequest,
  onUnexpected: (err: unknown) => void,
): Promise<readonly BulkItemOutcome[]> {
  assertDistinctItems(body.items);
  const tags = tagsOf(body);
  const run = body.atomic === true ? runAtomically : runEachOnItsOwn;
  // The request's delivery-cache barrier must follow every item's notices, so no item may send it
  // in its own transaction (the publish would): the HTTP layer sends it after the last one.
  const ctx = currentRequestContext();
  const act = () => withAuditMarks({ bulk: true }, () => run(db, { actor, workspaceId, body, tags, onUnexpected }));
  return ctx ? runWithRequestContext({ ...ctx, deliveryBarrier: undefined }, act) : act();
}

interface BulkRun {
  readonly actor: Actor;
  readonly workspaceId: string;
  readonly body: BulkContentActionRequest;
  readonly tags: readonly string[];
  readonly onUnexpected: (err: unknown) => void;
}

async function runEachOnItsOwn(db: DatabasePool, run: BulkRun): Promise<readonly BulkItemOutcome[]> {
  const natural = await naturalVersions(db, run);
  const outcomes: BulkItemOutcome[] = [];
  for (const item of run.body.items) outcomes.push(await applyOne((fn) => fn(db), run, item, natural));
  return outcomes;
}

async function runAtomically(db: DatabasePool, run: BulkRun): Promise<readonly BulkItemOutcome[]> {
  return db.transaction(async (tx) => {
    const natural = await naturalVersions(tx, run);
    if (run.body.action === 'publish') return publishAtomically(tx, run, natural);
    const outcomes: BulkItemOutcome[] = [];
    // Each item in a savepoint (a nested transaction): a failed item leaves the transaction usable,
    // so every failing item is found, not only the first.
    for (const item of run.body.items) outcomes.push(await applyOne((fn) => tx.transaction(fn), run, item, natural));
    if (outcomes.some((o) => o.error !== null)) throw new BulkAtomicFailure(outcomes);
    return outcomes;
  });
}

/**
 * An atomic publish: each item's version found and checked first (the role, the version, the
 * publish's rules, under the items' locks), then every item written in batches
 * (content-bulk-publish.ts) — the same rows, events and audit entries as each item's single
 * publish in a savepoint, in a statement per step per batch instead of per item.
 */
async function publishAtomically(tx: CommonQueryMethods, run: BulkRun, natural: ReadonlyMap<string, number | null>): Promise<readonly BulkItemOutcome[]> {
  const errors = new Map<string, ApiError>();
  const targets: PublishTarget[] = [];
  const picked = run.body.items.map((item) => ({ id: item.id, versionNumber: item.versionNumber ?? natural.get(item.id) ?? null }));
  for (const { id, versionNumber } of picked) {
    if (ROLE_RANK[run.actor.role] < ROLE_RANK[BULK_ACTION_ROLES.publish]) errors.set(id, forbidden());
    else if (versionNumber === null) errors.set(id, natural.has(id) ? invalidStateTransition(NATURAL.publish.none) : notFound('The content item'));
    else targets.push({ itemId: id, versionNumber });
  }
  // Written only when every item passed: a failure anywhere changes nothing.
  for (const [id, err] of await checkAndPublishAll(tx, run.actor, run.workspaceId, targets, errors.size === 0)) errors.set(id, err);
  const outcomes = picked.map(({ id, versionNumber }) => ({ id, versionNumber, error: errors.get(id) ?? null, path: itemPathOf(run, id, versionNumber) }));
  if (errors.size > 0) throw new BulkAtomicFailure(outcomes);
  return outcomes;
}

/** The path of the single operation an item goes through (a failure's `instance`). */
function itemPathOf(run: BulkRun, itemId: string, versionNumber: number | null): string {
  const itemPath = `/api/v1/workspaces/${run.workspaceId}/content/${itemId}`;
  return versionNumber === null ? itemPath : `${itemPath}/versions/${versionNumber}/${run.body.action}`;
}

/** The natural version of every item the request names without one (only for the version actions). */
async function naturalVersions(db: CommonQueryMethods, run: BulkRun): Promise<ReadonlyMap<string, number | null>> {
  const { action, items } = run.body;
  if (!isVersionAction(action)) return new Map();
  const unnamed = items.filter((i) => i.versionNumber === undefined || i.versionNumber === null).map((i) => i.id);
  return findNaturalVersions(db, run.workspaceId, unnamed, NATURAL[action].pick());
}

/** Runs one item's work: on the pool (each service opens its own transaction), or in a savepoint. */
type ItemScope = (work: (db: CommonQueryMethods) => Promise<void>) => Promise<void>;

async function applyOne(
  within: ItemScope,
  run: BulkRun,
  item: BulkContentActionRequest['items'][number],
  natural: ReadonlyMap<string, number | null>,
): Promise<BulkItemOutcome> {
  const { action } = run.body;
  const versionNumber = isVersionAction(action) ? (item.versionNumber ?? natural.get(item.id) ?? null) : null;
  const path = itemPathOf(run, item.id, versionNumber);
  try {
    // The single operation's access rule, as the access step would apply it (403 before anything is read).
    if (ROLE_RANK[run.actor.role] < ROLE_RANK[BULK_ACTION_ROLES[action]]) throw forbidden();
    if (isVersionAction(action)) {
      if (versionNumber === null) {
        throw natural.has(item.id) ? invalidStateTransition(NATURAL[action].none) : notFound('The content item');
      }
      const address = { workspaceId: run.workspaceId, itemId: item.id, versionNumber };
      await within(async (db) => {
        if (action === 'publish') await publishContentVersion(db, run.actor, address, undefined);
        else await changeVersionStatus(db, run.actor, address, action, null);
      });
    } else {
      await within((db) => applyToItem(db, run, item.id));
    }
    return { id: item.id, versionNumber, error: null, path };
  } catch (err) {
    if (err instanceof ApiError) return { id: item.id, versionNumber, error: err, path };
    run.onUnexpected(err);
    return { id: item.id, versionNumber, error: new ApiError('internal-server-error', 'An unexpected error occurred.'), path };
  }
}

/** delete, addTags or removeTags on the item's current state (see the top of the file). */
async function applyToItem(db: CommonQueryMethods, run: BulkRun, itemId: string): Promise<void> {
  const { action } = run.body;
  for (let attempt = 1; ; attempt++) {
    const item = await requireItem(db, run.workspaceId, itemId);
    try {
      if (action === 'delete') {
        await deleteContentItem(db, run.actor, run.workspaceId, itemId, itemEtag(item));
        return;
      }
      const tags =
        action === 'addTags' ? [...item.tags, ...run.tags.filter((t) => !item.tags.includes(t))] : item.tags.filter((t) => !run.tags.includes(t));
      // Nothing to change: no write, no event.
      if (tags.length === item.tags.length) return;
      // The most PUT …/content/{id} takes (its contract's maxItems), so an item never carries more.
      if (tags.length > MAX_ITEM_TAGS) {
        throw validationFailed({ '/tags': [`An item carries at most ${MAX_ITEM_TAGS} tags; this one would carry ${tags.length}.`] }, 'The item would carry too many tags.');
      }
      const identity = { slug: item.slug, localeCode: item.locale_code, translationGroupId: item.translation_group_id };
      await updateContentItem(db, run.actor, run.workspaceId, itemId, itemEtag(item), { ...identity, tags });
      return;
    } catch (err) {
      const moved = err instanceof ApiError && err.code === 'concurrency-mismatch';
      if (!moved || attempt >= CURRENT_STATE_ATTEMPTS) throw err;
    }
  }
}
