// Building releases (Editor with Write): create, rename, schedule, delete while not published, and
// the entries (one per item; a second add replaces the first). Every change is audited on the
// release (entity type Release) with the items it concerns.
import type { CommonQueryMethods } from 'slonik';
import { userIdOf, type Actor } from '../../access/actor.js';
import type { Db } from '../../db/pool.js';
import { findVersion } from '../../db/content/content-versions.js';
import { findItem } from '../../db/content/content-items.js';
import {
  deleteEntry,
  deleteReleaseRow,
  findRelease,
  insertRelease,
  listEntries,
  listReleaseRows,
  touchRelease,
  updateReleaseRow,
  upsertEntry,
  type ReleaseRow,
  type ReleaseState,
} from '../../db/releases/releases.js';
import { revokeReleaseTokenRows } from '../../db/releases/release-preview-tokens.js';
import type { CredentialEvictor } from '../identity/credential-cache.js';
import { changingCredentials } from '../identity/credential-changes.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import type {
  AddReleaseEntryRequest,
  CreateReleaseRequest,
  ReleaseResponse,
  ReleaseSummaryResponsePagedResponse,
  ReleaseValidationResponse,
  UpdateReleaseRequest,
} from '../../generated/schemas.js';
import { recordAudit } from '../platform/audit.js';
import { requireIfMatch } from '../platform/etag.js';
import { pageRequest, toPage, type PagingQuery } from '../platform/paging.js';
import type { Tagged } from '../content/content-presenter.js';
import { presentRelease, presentReleaseSummary, releaseEtag } from './release-presenter.js';
import { findReleaseProblems } from './release-validation.js';

/** States in which a release is still being built (its entries and schedule may change). */
export const EDITABLE_STATES: readonly ReleaseState[] = ['Open', 'Scheduled', 'Failed'];

export async function requireRelease(db: CommonQueryMethods, workspaceId: string, id: string, forUpdate = false): Promise<ReleaseRow> {
  const r = await findRelease(db, workspaceId, id, { forUpdate });
  if (!r) throw notFound('The release');
  return r;
}

export function assertEditable(r: ReleaseRow): void {
  if (!EDITABLE_STATES.includes(r.state)) {
    throw conflict(`The release is ${r.state}; a published or reverted release cannot be changed.`);
  }
}

/** A schedule must lie ahead; null stays null. */
function futurePublishAt(publishAt: string | null | undefined): string | null {
  if (publishAt === null || publishAt === undefined) return null;
  const at = new Date(publishAt);
  if (at.getTime() <= Date.now()) throw validationFailed({ '/publishAt': ['Must be in the future.'] }, 'publishAt must be in the future.');
  return at.toISOString();
}

export async function loadRelease(db: CommonQueryMethods, workspaceId: string, id: string): Promise<Tagged<ReleaseResponse>> {
  const r = await requireRelease(db, workspaceId, id);
  return { body: presentRelease(r, await listEntries(db, r.id)), etag: releaseEtag(r) };
}

export async function listReleases(
  db: Db,
  workspaceId: string,
  query: PagingQuery & { state?: ReleaseState },
): Promise<ReleaseSummaryResponsePagedResponse> {
  const page = pageRequest(query);
  const { rows, total } = await listReleaseRows(db, workspaceId, query.state ?? null, page.pageSize, page.offset);
  return toPage(rows.map(presentReleaseSummary), total, page);
}

const auditView = (r: Pick<ReleaseRow, 'name' | 'description' | 'publish_at' | 'state'>) => ({
  name: r.name,
  description: r.description,
  publishAt: r.publish_at,
  state: r.state,
});

export async function createRelease(db: Db, actor: Actor, workspaceId: string, body: CreateReleaseRequest): Promise<Tagged<ReleaseResponse>> {
  const publishAt = futurePublishAt(body.publishAt);
  return db.transaction(async (tx) => {
    const r = await insertRelease(tx, { workspaceId, name: body.name, description: body.description ?? null, publishAt, createdByUserId: userIdOf(actor) });
    await recordAudit(tx, { workspaceId, entityType: 'Release', entityId: r.id, action: 'Created', actor, after: auditView(r) });
    return { body: presentRelease(r, []), etag: releaseEtag(r) };
  });
}

export async function updateRelease(
  db: Db,
  actor: Actor,
  workspaceId: string,
  id: string,
  ifMatch: string | undefined,
  body: UpdateReleaseRequest,
): Promise<Tagged<ReleaseResponse>> {
  return db.transaction(async (tx) => {
    const before = await requireRelease(tx, workspaceId, id, true);
    requireIfMatch(ifMatch, releaseEtag(before));
    assertEditable(before);
    const publishAt = futurePublishAt(body.publishAt);
    await updateReleaseRow(tx, id, { name: body.name, description: body.description ?? null, publishAt });
    const after = await requireRelease(tx, workspaceId, id);
    await recordAudit(tx, { workspaceId, entityType: 'Release', entityId: id, action: 'Updated', actor, before: auditView(before), after: auditView(after) });
    return { body: presentRelease(after, await listEntries(tx, id)), etag: releaseEtag(after) };
  });
}

export async function deleteRelease(
  db: Db,
  credentials: CredentialEvictor,
  actor: Actor,
  workspaceId: string,
  id: string,
  ifMatch: string | undefined,
): Promise<void> {
  await changingCredentials(db, credentials, async (tx, announce) => {
    const r = await requireRelease(tx, workspaceId, id, true);
    requireIfMatch(ifMatch, releaseEtag(r));
    if (r.state === 'Published') throw conflict('The release is Published; revert it before deleting it.');
    const entries = await listEntries(tx, id);
    // Its preview tokens would otherwise outlive it as tokens of the whole workspace's drafts.
    for (const tokenId of await revokeReleaseTokenRows(tx, id)) {
      await recordAudit(tx, { workspaceId, entityType: 'PreviewToken', entityId: tokenId, action: 'Deleted', actor, after: { releaseId: id, revoked: true } });
      await announce({ kind: 'preview-token', tokenId });
    }
    await deleteReleaseRow(tx, id);
    await recordAudit(tx, {
      workspaceId,
      entityType: 'Release',
      entityId: id,
      action: 'Deleted',
      actor,
      before: { ...auditView(r), entries: entries.map((e) => ({ itemId: e.content_item_id, versionNumber: e.version_number, action: e.action })) },
    });
  });
}

export async function addReleaseEntry(db: Db, actor: Actor, workspaceId: string, id: string, body: AddReleaseEntryRequest): Promise<Tagged<ReleaseResponse>> {
  return db.transaction(async (tx) => {
    const r = await requireRelease(tx, workspaceId, id, true);
    assertEditable(r);
    const item = await findItem(tx, workspaceId, body.itemId);
    if (!item) throw notFound('The content item');
    if (!(await findVersion(tx, item.id, body.versionNumber))) throw notFound('The content version');
    const before = (await listEntries(tx, id)).find((e) => e.content_item_id === body.itemId);
    await upsertEntry(tx, { releaseId: id, workspaceId, itemId: body.itemId, versionNumber: body.versionNumber, action: body.action, addedByUserId: userIdOf(actor) });
    await touchRelease(tx, id);
    await recordAudit(tx, {
      workspaceId,
      entityType: 'Release',
      entityId: id,
      contentItemId: body.itemId,
      action: 'Updated',
      actor,
      before: before ? { entry: { itemId: body.itemId, versionNumber: before.version_number, action: before.action } } : { entry: null },
      after: { entry: { itemId: body.itemId, versionNumber: body.versionNumber, action: body.action } },
    });
    return loadRelease(tx, workspaceId, id);
  });
}

export async function removeReleaseEntry(db: Db, actor: Actor, workspaceId: string, id: string, itemId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await requireRelease(tx, workspaceId, id, true);
    assertEditable(r);
    const removed = await deleteEntry(tx, id, itemId);
    if (!removed) throw notFound('The release entry');
    await touchRelease(tx, id);
    await recordAudit(tx, {
      workspaceId,
      entityType: 'Release',
      entityId: id,
      contentItemId: itemId,
      action: 'Updated',
      actor,
      before: { entry: { itemId, versionNumber: removed.version_number, action: removed.action } },
      after: { entry: null },
    });
  });
}

export async function validateRelease(db: Db, workspaceId: string, id: string): Promise<ReleaseValidationResponse> {
  const r = await requireRelease(db, workspaceId, id);
  const { entries, problems } = await findReleaseProblems(db, r.id);
  return { ready: entries.length > 0 && problems.length === 0, problems };
}
