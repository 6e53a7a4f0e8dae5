// Picklists (choice sets). Every create and update writes a new immutable revision (1, 2, …) that
// becomes current; fields keep the revision they bound until a draft rebinds them. Option values
// are unique case-insensitively (422). A picklist bound by any field cannot be deleted (409).
import { v7 as uuidv7 } from 'uuid';
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { ApiError, notFound, validationFailed, type ValidationErrors } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import {
  addRevision,
  fieldsBindingPickList,
  findPickList,
  findRevision,
  insertPickList,
  listOptions,
  listPickLists,
  softDeletePickList,
  listRevisions,
  type PickListRevisionRow,
  type PickListRow,
} from '../../db/model/picklists.js';
import type { operations } from '../../generated/openapi.js';
import type {
  CtpPickListOption,
  PickListOptionRequest,
  PickListRequest,
  PickListResponse,
  PickListSummaryResponsePagedResponse,
} from '../../generated/schemas.js';
import { etagOf, requireIfMatch } from '../platform/etag.js';
import { addError } from './field-rules.js';
import { auditModelChange } from './model-audit.js';
import { pageRequest, toPage } from '../platform/paging.js';
import { slugTaken } from './templates.js';

type PickListListQuery = NonNullable<operations['listPickLists']['parameters']['query']>;

const picklistEtag = (p: PickListRow) => etagOf(p.id, p.row_version);

/** Options (of a request or a package) with their order (defaulting to position); duplicate values are a 422. */
export function normaliseOptions(
  options: readonly (PickListOptionRequest | CtpPickListOption)[],
  at = '/options',
): { id: string; label: string; value: string; order: number }[] {
  const errors: ValidationErrors = {};
  const seen = new Map<string, number>();
  options.forEach((o, i) => {
    const value = o.value.trim().toLowerCase();
    if (seen.has(value)) addError(errors, `${at}/${i}/value`, `duplicates option ${seen.get(value)} (values are case-insensitive)`);
    seen.set(value, i);
    if (o.label.trim() === '') addError(errors, `${at}/${i}/label`, 'must not be blank');
    if (o.value.trim() === '') addError(errors, `${at}/${i}/value`, 'must not be blank');
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors, 'The options break one or more rules.');
  return options.map((o, i) => ({ id: uuidv7(), label: o.label.trim(), value: o.value.trim(), order: o.order ?? i }));
}

async function presentRevision(db: CommonQueryMethods, p: PickListRow, r: PickListRevisionRow): Promise<PickListResponse> {
  const [options, revisions] = await Promise.all([listOptions(db, [r.id]), listRevisions(db, p.id)]);
  return {
    id: p.id,
    workspaceId: p.workspace_id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    options: options.map((o) => ({ id: o.id, label: o.label, value: o.value, order: o.sort_order })),
    currentRevisionId: p.current_revision_id,
    currentVersionNumber: p.current_revision_number,
    revisionId: r.id,
    revisionNumber: r.revision_number,
    revisions: revisions.map((v) => ({ id: v.id, revisionNumber: v.revision_number, name: v.name, createdAt: v.created_at })),
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  };
}

async function requirePickList(db: CommonQueryMethods, workspaceId: string, id: string, forUpdate = false): Promise<PickListRow> {
  const p = await findPickList(db, workspaceId, id, { forUpdate });
  if (!p) throw notFound('The picklist');
  return p;
}

export async function listWorkspacePickLists(
  db: DatabasePool,
  workspaceId: string,
  query: PickListListQuery,
): Promise<PickListSummaryResponsePagedResponse> {
  const page = pageRequest(query);
  const search = query.search?.trim() || null;
  const { rows, total } = await listPickLists(db, workspaceId, search, page.pageSize, page.offset);
  return toPage(
    rows.map((p) => ({
      id: p.id,
      name: p.name,
      slug: p.slug,
      description: p.description,
      optionCount: p.option_count,
      currentRevisionId: p.current_revision_id,
      currentVersionNumber: p.current_revision_number,
    })),
    total,
    page,
  );
}

export async function getPickList(db: DatabasePool, workspaceId: string, id: string): Promise<{ body: PickListResponse; etag: string }> {
  const p = await requirePickList(db, workspaceId, id);
  const r = (await findRevision(db, p.id, p.current_revision_id!))!;
  return { body: await presentRevision(db, p, r), etag: picklistEtag(p) };
}

/** A revision is immutable, so it is answered without an ETag. */
export async function getPickListRevision(db: DatabasePool, workspaceId: string, id: string, revisionId: string): Promise<PickListResponse> {
  const p = await requirePickList(db, workspaceId, id);
  const r = await findRevision(db, p.id, revisionId);
  if (!r) throw notFound('The picklist revision');
  return presentRevision(db, p, r);
}

export async function createPickList(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  input: PickListRequest,
): Promise<{ body: PickListResponse; etag: string }> {
  const options = normaliseOptions(input.options);
  const id = uuidv7();
  await db
    .transaction(async (tx) => {
      const details = { name: input.name.trim(), slug: input.slug, description: input.description ?? null };
      await insertPickList(tx, { id, workspaceId, ...details });
      const revisionId = await addRevision(tx, id, { id: uuidv7(), ...details }, options);
      await auditModelChange(tx, actor, {
        workspaceId,
        entityType: 'PickList',
        entityId: id,
        action: 'Created',
        after: { ...details, revisionId, options: options.map((o) => o.value) },
      });
    })
    .catch((err) => slugTaken(err, 'picklist', input.slug));
  return getPickList(db, workspaceId, id);
}

export async function updatePickList(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  id: string,
  ifMatch: string | undefined,
  input: PickListRequest,
): Promise<{ body: PickListResponse; etag: string }> {
  const options = normaliseOptions(input.options);
  await db
    .transaction(async (tx) => {
      const p = await requirePickList(tx, workspaceId, id, true);
      requireIfMatch(ifMatch, picklistEtag(p));
      const before = await listOptions(tx, [p.current_revision_id!]);
      const details = { name: input.name.trim(), slug: input.slug, description: input.description ?? null };
      const revisionId = await addRevision(tx, id, { id: uuidv7(), ...details }, options);
      await auditModelChange(tx, actor, {
        workspaceId,
        entityType: 'PickList',
        entityId: id,
        action: 'Updated',
        before: { name: p.name, slug: p.slug, description: p.description, revisionId: p.current_revision_id, options: before.map((o) => o.value) },
        after: { ...details, revisionId, options: options.map((o) => o.value) },
      });
    })
    .catch((err) => slugTaken(err, 'picklist', input.slug));
  return getPickList(db, workspaceId, id);
}

export async function deletePickList(db: DatabasePool, actor: Actor, workspaceId: string, id: string, ifMatch: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await requirePickList(tx, workspaceId, id, true);
    requireIfMatch(ifMatch, picklistEtag(p));
    const referencedBy = await fieldsBindingPickList(tx, id);
    if (referencedBy.length > 0) {
      throw new ApiError('referenced-by-other-entity', 'Template or component fields bind this picklist; rebind them first.', { referencedBy });
    }
    await softDeletePickList(tx, id);
    await auditModelChange(tx, actor, { workspaceId, entityType: 'PickList', entityId: id, action: 'Deleted', before: { name: p.name, slug: p.slug } });
  });
}
