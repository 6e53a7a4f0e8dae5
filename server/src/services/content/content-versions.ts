// Content versions: create (plain or duplicated — rollback is a duplicate of the version), edit and
// delete. Every write locks the item row first (then the version), so version numbers never race
// and lock order matches the publish path. Each write moves the item's updatedAt and ETag.
//
// Drafts may be incomplete (issue #25); an edit that changes a Review or Approved version sends it
// back to Draft, as its approval covered what was approved (a difference from upstream, README).
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { userIdOf, type Actor } from '../../access/actor.js';
import { touchItem } from '../../db/content/content-items.js';
import { deleteValues, insertValues, loadValues, valueAsInput } from '../../db/content/content-values.js';
import {
  countVersions,
  deleteVersion,
  findLatestVersion,
  findVersion,
  insertDraftVersion,
  setVersionStatus,
  updateVersionContent,
  type VersionRow,
} from '../../db/content/content-versions.js';
import { aboutVersion, recordContentChange } from './content-events.js';
import type { ContentFieldValueRequest, ContentVersionDetailResponse, CreateContentVersionRequest, UpdateContentVersionRequest } from '../../generated/schemas.js';
import { versionEtag, type Tagged } from './content-presenter.js';
import { getContentVersion, type VersionReadQuery } from '../delivery/content-reads.js';
import { effectiveWindow, requireItem, requireVersion, validateForTemplateVersion, type VersionAddress } from './content-rules.js';
import { editReturnsToDraft, isEditable } from './content-workflow.js';
import { sameValues, sameWindow, storedAsNormalized } from './content-value-equality.js';
import { requireIfMatch } from '../platform/etag.js';

/** Where a version write lands; `ifMatch` is the request's If-Match header, when sent. */
export interface GuardedVersionAddress extends VersionAddress {
  readonly ifMatch: string | undefined;
}

export async function createContentVersion(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  itemId: string,
  body: CreateContentVersionRequest,
  query: VersionReadQuery,
): Promise<Tagged<ContentVersionDetailResponse>> {
  return insertVersion(db, actor, workspaceId, itemId, body, query, (n) =>
    validationFailed({ '/duplicateFromVersionNumber': [`version ${n} does not exist`] }, `Version ${n} of this item does not exist.`),
  );
}

/**
 * Rollback (spec, version-level workflow routes): a new Draft duplicating `address`'s version —
 * its values and template version, `rolledBackFromVersionNumber` set — which is what upstream's
 * clients do by hand with `duplicateFromVersionNumber`. The path names the source, so a missing one
 * is 404 rather than the body's 422.
 */
export async function rollbackContentVersion(
  db: DatabasePool,
  actor: Actor,
  address: VersionAddress,
  query: VersionReadQuery,
): Promise<Tagged<ContentVersionDetailResponse>> {
  return insertVersion(db, actor, address.workspaceId, address.itemId, { duplicateFromVersionNumber: address.versionNumber }, query, () =>
    notFound('The content version'),
  );
}

async function insertVersion(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  itemId: string,
  body: CreateContentVersionRequest,
  query: VersionReadQuery,
  missingSource: (versionNumber: number) => Error,
): Promise<Tagged<ContentVersionDetailResponse>> {
  const window = effectiveWindow(body);
  const versionNumber = await db.transaction(async (tx) => {
    const item = await requireItem(tx, workspaceId, itemId, true);
    const sourceNumber = body.duplicateFromVersionNumber ?? null;
    let templateVersionId: string;
    let values: readonly ContentFieldValueRequest[] = body.fields ?? [];
    if (sourceNumber !== null) {
      // Spec rule 4: a duplicate keeps (and is validated against) its source's template version.
      const source = await findVersion(tx, item.id, sourceNumber);
      if (!source) throw missingSource(sourceNumber);
      templateVersionId = source.template_version_id;
      if (!body.fields) values = ((await loadValues(tx, [source.id])).get(source.id) ?? []).map(valueAsInput);
    } else {
      // …and a plain new version the latest version's, never a newer template version by itself.
      const latest = await findLatestVersion(tx, item.id);
      templateVersionId = latest?.template_version_id ?? item.template_version_id;
    }
    const normalized = await validateForTemplateVersion(tx, workspaceId, templateVersionId, values);
    const id = uuidv7();
    const number = await insertDraftVersion(tx, {
      id,
      itemId: item.id,
      templateVersionId,
      slug: item.slug,
      localeCode: item.locale_code,
      translationGroupId: item.translation_group_id,
      ...window,
      rolledBackFromVersionNumber: sourceNumber,
      createdByUserId: userIdOf(actor),
    });
    await insertValues(tx, id, normalized);
    await touchItem(tx, item.id);
    await recordContentChange(tx, actor, {
      event: 'content.version_created',
      workspaceId,
      itemId: item.id,
      templateVersionId,
      version: { id, versionNumber: number, status: 'Draft' },
      after: { versionNumber: number, status: 'Draft', templateVersionId, ...window, rolledBackFromVersionNumber: sourceNumber, fieldValueCount: normalized.length },
    });
    return number;
  });
  return getContentVersion(db, workspaceId, itemId, versionNumber, query);
}

export async function updateContentVersion(
  db: DatabasePool,
  actor: Actor,
  address: GuardedVersionAddress,
  body: UpdateContentVersionRequest,
  query: VersionReadQuery,
): Promise<Tagged<ContentVersionDetailResponse>> {
  const window = effectiveWindow(body);
  const returnedFrom = await db.transaction(async (tx) => {
    const item = await requireItem(tx, address.workspaceId, address.itemId, true);
    const version = await requireVersion(tx, item.id, address.versionNumber, true);
    requireIfMatch(address.ifMatch, versionEtag(version));
    if (!isEditable(version.status)) {
      throw conflict(`Version ${version.version_number} is ${version.status}; only Draft, Review and Approved versions can be edited. Create a new version instead.`);
    }
    const normalized = await validateForTemplateVersion(tx, address.workspaceId, version.template_version_id, body.fields);
    const stored = ((await loadValues(tx, [version.id])).get(version.id) ?? []).map(storedAsNormalized);
    const changed = !sameValues(stored, normalized) || !sameWindow(version, window);
    await deleteValues(tx, version.id);
    await insertValues(tx, version.id, normalized);
    // Edits clear any schedule (upstream): what was approved for that time is no longer this.
    await updateVersionContent(tx, version.id, { ...window, templateVersionId: version.template_version_id });
    await touchItem(tx, item.id);
    const returning = changed && editReturnsToDraft(version.status) ? version.status : null;
    const status = returning === null ? version.status : 'Draft';
    await recordContentChange(tx, actor, {
      event: 'content.version_updated',
      ...aboutVersion(address.workspaceId, version, status),
      before: { effectiveStartAt: version.effective_start_at, effectiveEndAt: version.effective_end_at, publishAt: version.publish_at },
      after: { ...window, publishAt: null, fieldValueCount: normalized.length },
    });
    if (returning !== null) await returnToDraft(tx, actor, address.workspaceId, version);
    return returning;
  });
  const read = await getContentVersion(db, address.workspaceId, address.itemId, address.versionNumber, query);
  return returnedFrom === null ? read : { ...read, body: { ...read.body, returnedToDraftFrom: returnedFrom } };
}

/**
 * Sends an edited Review or Approved version back to Draft: its approval covered what was approved,
 * not this (issue #25; upstream keeps the status). One `content.version_status_changed` event and
 * audit entry, in the edit's transaction.
 */
export async function returnToDraft(tx: CommonQueryMethods, actor: Actor, workspaceId: string, version: VersionRow): Promise<void> {
  await setVersionStatus(tx, version.id, 'Draft');
  await recordContentChange(tx, actor, {
    event: 'content.version_status_changed',
    ...aboutVersion(workspaceId, version, 'Draft'),
    before: { status: version.status },
    after: { status: 'Draft', reason: 'edited after review or approval' },
  });
}

export async function deleteContentVersion(
  db: DatabasePool,
  actor: Actor,
  address: GuardedVersionAddress,
): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await requireItem(tx, address.workspaceId, address.itemId, true);
    const version = await requireVersion(tx, item.id, address.versionNumber, true);
    requireIfMatch(address.ifMatch, versionEtag(version));
    if (version.status !== 'Draft') throw conflict(`Version ${version.version_number} is ${version.status}; only Draft versions can be deleted.`);
    if ((await countVersions(tx, item.id)) <= 1) throw conflict('This is the item\'s only version. Delete the content item instead.');
    await deleteVersion(tx, version.id);
    // The item's informational template version follows its (possibly new) latest version.
    const latest = await findLatestVersion(tx, item.id);
    await touchItem(tx, item.id, latest ? { id: latest.template_version_id, templateId: latest.template_id } : undefined);
    await recordContentChange(tx, actor, {
      event: 'content.version_deleted',
      ...aboutVersion(address.workspaceId, version),
      before: { versionNumber: version.version_number, status: version.status },
    });
  });
}
