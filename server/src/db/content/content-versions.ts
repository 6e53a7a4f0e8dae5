// Named queries for content versions: reads, inserts, edits and the status changes of the workflow.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { prepared } from '../prepared.js';
import { liveTagsOf } from './content-items.js';

export const versionRow = z.object({
  id: z.string(),
  content_item_id: z.string(),
  version_number: z.number(),
  status: z.enum(['Draft', 'Review', 'Approved', 'Published', 'Archived']),
  template_version_id: z.string(),
  slug: z.string().nullable(),
  locale_code: z.string().nullable(),
  translation_group_id: z.string().nullable(),
  tags: z.array(z.string()),
  effective_start_at: z.string().nullable(),
  effective_end_at: z.string().nullable(),
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  published_by_user_id: z.string().nullable(),
  archived_at: z.string().nullable(),
  rolled_back_from_version_number: z.number().nullable(),
  row_version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  template_slug: z.string(),
});
export type VersionRow = z.infer<typeof versionRow>;

/** The columns a version summary is made of (what a list row joins for its served and latest version). */
export const versionSummaryRow = versionRow.pick({
  id: true,
  version_number: true,
  status: true,
  template_version_id: true,
  slug: true,
  locale_code: true,
  tags: true,
  effective_start_at: true,
  effective_end_at: true,
  publish_at: true,
  published_at: true,
  published_by_user_id: true,
  archived_at: true,
  rolled_back_from_version_number: true,
  created_at: true,
  updated_at: true,
});
export type VersionSummaryRow = z.infer<typeof versionSummaryRow>;

/** Version columns with its template's id, name and slug; needs `cv`, `tv` and `t` in scope. */
export const VERSION_COLUMNS = sql.fragment`cv.id, cv.content_item_id, cv.version_number, cv.status, cv.template_version_id,
  cv.slug, cv.locale_code, cv.translation_group_id, cv.tags, cv.effective_start_at, cv.effective_end_at, cv.publish_at,
  cv.published_at, cv.published_by_user_id, cv.archived_at, cv.rolled_back_from_version_number, cv.row_version,
  cv.created_at, cv.updated_at, tv.template_id, t.name AS template_name, t.slug AS template_slug`;
export const VERSION_JOINS = sql.fragment`JOIN template_versions tv ON tv.id = cv.template_version_id JOIN templates t ON t.id = tv.template_id`;

export async function findVersion(
  db: CommonQueryMethods,
  itemId: string,
  versionNumber: number,
  options: { forUpdate?: boolean } = {},
): Promise<VersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM content_versions cv ${VERSION_JOINS}
    WHERE cv.content_item_id = ${itemId} AND cv.version_number = ${versionNumber}
    ${options.forUpdate ? sql.fragment`FOR UPDATE OF cv` : sql.fragment``}`);
}

/**
 * A version of a live item of the workspace in one statement (the version reads' lookup: the item
 * and version checks in one round trip instead of two); null when either is missing.
 */
export async function findLiveItemVersion(db: CommonQueryMethods, workspaceId: string, itemId: string, versionNumber: number): Promise<VersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM content_items ci
    JOIN content_versions cv ON cv.content_item_id = ci.id AND cv.version_number = ${versionNumber}
    ${VERSION_JOINS}
    WHERE ci.id = ${itemId} AND ci.workspace_id = ${workspaceId} AND NOT ci.is_deleted`);
}

export async function findVersionById(db: CommonQueryMethods, versionId: string): Promise<VersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`SELECT ${VERSION_COLUMNS} FROM content_versions cv ${VERSION_JOINS} WHERE cv.id = ${versionId}`);
}

/** Every version of the item, highest number first. */
export async function listAllVersions(db: CommonQueryMethods, itemId: string): Promise<readonly VersionRow[]> {
  // Named (db/prepared.ts): the item detail and version compare read it on every call.
  return db.any(prepared('content_versions_all', versionRow, sql.fragment`
    SELECT ${VERSION_COLUMNS} FROM content_versions cv ${VERSION_JOINS}
    WHERE cv.content_item_id = ${itemId} ORDER BY cv.version_number DESC`));
}

export async function listVersionsPage(
  db: CommonQueryMethods,
  itemId: string,
  limit: number,
  offset: number,
): Promise<{ rows: readonly VersionRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.any(sql.type(versionRow)`
      SELECT ${VERSION_COLUMNS} FROM content_versions cv ${VERSION_JOINS}
      WHERE cv.content_item_id = ${itemId} ORDER BY cv.version_number DESC LIMIT ${limit} OFFSET ${offset}`),
    db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM content_versions WHERE content_item_id = ${itemId}`),
  ]);
  return { rows, total };
}

/** The item's highest-numbered version (the "latest" of spec rule 4). */
export async function findLatestVersion(db: CommonQueryMethods, itemId: string): Promise<VersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM content_versions cv ${VERSION_JOINS}
    WHERE cv.content_item_id = ${itemId} ORDER BY cv.version_number DESC LIMIT 1`);
}

export async function countVersions(db: CommonQueryMethods, itemId: string): Promise<number> {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM content_versions WHERE content_item_id = ${itemId}`);
}

export interface NewVersion {
  readonly id: string;
  readonly itemId: string;
  readonly templateVersionId: string;
  readonly slug: string | null;
  readonly localeCode: string | null;
  readonly translationGroupId: string | null;
  readonly effectiveStartAt: string | null;
  readonly effectiveEndAt: string | null;
  readonly rolledBackFromVersionNumber: number | null;
  /** The user creating it (the review queue's "my Drafts"); null for an API client. */
  readonly createdByUserId: string | null;
}

/**
 * Inserts a Draft numbered max + 1, holding its item's live tags (mirrorItemTags); the caller holds
 * the item's row lock, so numbers never race.
 */
export async function insertDraftVersion(tx: CommonQueryMethods, v: NewVersion): Promise<number> {
  return tx.oneFirst(sql.type(z.object({ version_number: z.number() }))`
    INSERT INTO content_versions (id, content_item_id, version_number, status, template_version_id, slug, locale_code,
      translation_group_id, tags, effective_start_at, effective_end_at, rolled_back_from_version_number, created_by_user_id)
    SELECT ${v.id}, ${v.itemId}, coalesce(max(version_number), 0) + 1, 'Draft', ${v.templateVersionId}, ${v.slug},
      ${v.localeCode}, ${v.translationGroupId}, ${liveTagsOf(sql.fragment`${v.itemId}::uuid`)}, ${v.effectiveStartAt}::timestamptz,
      ${v.effectiveEndAt}::timestamptz, ${v.rolledBackFromVersionNumber}::integer, ${v.createdByUserId}::uuid
    FROM content_versions WHERE content_item_id = ${v.itemId}
    RETURNING version_number`);
}

/** A content edit: new window and/or template version, schedule (and its lease) cleared. */
export async function updateVersionContent(
  tx: CommonQueryMethods,
  versionId: string,
  changes: { effectiveStartAt: string | null; effectiveEndAt: string | null; templateVersionId: string },
): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE content_versions SET effective_start_at = ${changes.effectiveStartAt}::timestamptz,
      effective_end_at = ${changes.effectiveEndAt}::timestamptz, template_version_id = ${changes.templateVersionId},
      publish_at = NULL, schedule_lease_owner = NULL, schedule_lease_token = NULL, schedule_lease_expires_at = NULL,
      row_version = row_version + 1, updated_at = now()
    WHERE id = ${versionId}`);
}

/**
 * A workflow move that is not a publish. Leaving Approved drops any schedule (it needs Approved).
 * A reject (`rejection`) records when and why, for the author's queue; any move out of Draft clears it.
 */
export async function setVersionStatus(tx: CommonQueryMethods, versionId: string, status: string, rejection?: { reason: string | null }): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE content_versions SET status = ${status},
      rejected_at = CASE WHEN ${rejection !== undefined} THEN now() WHEN ${status} = 'Draft' THEN rejected_at ELSE NULL END,
      rejection_reason = CASE WHEN ${rejection !== undefined} THEN ${rejection?.reason ?? null}::text WHEN ${status} = 'Draft' THEN rejection_reason ELSE NULL END,
      archived_at = CASE WHEN ${status} = 'Archived' THEN coalesce(archived_at, now()) WHEN ${status} = 'Draft' THEN NULL ELSE archived_at END,
      published_at = CASE WHEN ${status} IN ('Published', 'Archived') THEN published_at ELSE NULL END,
      published_by_user_id = CASE WHEN ${status} IN ('Published', 'Archived') THEN published_by_user_id ELSE NULL END,
      publish_at = CASE WHEN ${status} = 'Approved' THEN publish_at ELSE NULL END,
      schedule_lease_owner = CASE WHEN ${status} = 'Approved' THEN schedule_lease_owner ELSE NULL END,
      schedule_lease_token = CASE WHEN ${status} = 'Approved' THEN schedule_lease_token ELSE NULL END,
      schedule_lease_expires_at = CASE WHEN ${status} = 'Approved' THEN schedule_lease_expires_at ELSE NULL END,
      row_version = row_version + 1, updated_at = now()
    WHERE id = ${versionId}`);
}

export async function scheduleVersion(tx: CommonQueryMethods, versionId: string, publishAt: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE content_versions SET publish_at = ${publishAt}::timestamptz, schedule_lease_owner = NULL, schedule_lease_token = NULL,
      schedule_lease_expires_at = NULL, row_version = row_version + 1, updated_at = now()
    WHERE id = ${versionId}`);
}

/** Drops a version's schedule (and its lease): the scheduler found it could not be published. */
export async function clearSchedule(tx: CommonQueryMethods, versionId: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE content_versions SET publish_at = NULL, schedule_lease_owner = NULL, schedule_lease_token = NULL,
      schedule_lease_expires_at = NULL, row_version = row_version + 1, updated_at = now()
    WHERE id = ${versionId}`);
}

export async function deleteVersion(tx: CommonQueryMethods, versionId: string): Promise<void> {
  await tx.query(sql.unsafe`DELETE FROM content_versions WHERE id = ${versionId}`);
}
