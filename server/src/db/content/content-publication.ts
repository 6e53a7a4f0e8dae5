// A publish in two statements (issue #24, publish p95 ≤ 50 ms under the churn load): one read of
// everything the rules decide on, then every write in one call of verso_publish_content_version
// (migration 0024 says what it writes and why it refuses). Under a busy API each round trip waits
// for the event loop and a backend, so a publish's latency followed its ~13 statements in a row.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { VALUES_JSON, valueRow, type ValueRow } from './content-values.js';
import { VERSION_COLUMNS, VERSION_JOINS, versionRow, type VersionRow } from './content-versions.js';
import { prepared } from '../prepared.js';
import { sharedFieldIdsOf } from './translation-shared-fields.js';
import { componentFieldRow, schemaFieldRow, schemaFieldsOf, templateComponentsJson, templateFieldsJson, type SchemaField } from './content-schema.js';

/** A default-published version a publish archives. */
export const priorDefaultRow = z.object({ id: z.string(), version_number: z.number(), template_version_id: z.string() });
export type PriorDefault = z.infer<typeof priorDefaultRow>;

/** The item's default-published versions other than `exceptId` (id order), as of the statement. */
const PRIOR_DEFAULTS_JSON = (itemId: FragmentSqlToken, exceptId: FragmentSqlToken) => sql.fragment`COALESCE((
    SELECT json_agg(json_build_object('id', p.id, 'version_number', p.version_number, 'template_version_id', p.template_version_id) ORDER BY p.id)
    FROM content_versions p
    WHERE p.content_item_id = ${itemId} AND p.status = 'Published' AND p.effective_start_at IS NULL AND p.id <> ${exceptId}), '[]'::json)`;

const stateRow = versionRow.extend({
  field_values: z.array(valueRow),
  template_fields: z.array(schemaFieldRow),
  template_components: z.array(componentFieldRow),
  prior_defaults: z.array(priorDefaultRow),
  shared_field_ids: z.array(z.string()),
});

export interface PublicationState {
  readonly version: VersionRow;
  readonly values: readonly ValueRow[];
  /** The fields of the version's template version (the completeness check). */
  readonly fields: readonly SchemaField[];
  readonly priorDefaults: readonly PriorDefault[];
  /** The fields this item takes from its translation group's default-locale member: not required here. */
  readonly sharedFieldIds: ReadonlySet<string>;
}

/**
 * The live item's version `versionNumber` with its values, its template version's fields and the
 * item's other default-published versions, in one statement (the components' schemas included) and without a lock (null when the item or the version is missing):
 * applyPublication checks under the locks that none of it changed.
 */
export async function readPublicationState(db: CommonQueryMethods, workspaceId: string, itemId: string, versionNumber: number): Promise<PublicationState | null> {
  const row = await db.maybeOne(prepared('content_publication_state', stateRow, sql.fragment`
    SELECT ${VERSION_COLUMNS}, ${VALUES_JSON} AS field_values, ${templateFieldsJson(sql.fragment`cv.template_version_id`)} AS template_fields,
      ${templateComponentsJson(sql.fragment`cv.template_version_id`)} AS template_components, ${PRIOR_DEFAULTS_JSON(sql.fragment`cv.content_item_id`, sql.fragment`cv.id`)} AS prior_defaults,
      ${sharedFieldIdsOf(sql.fragment`ci.id`, sql.fragment`cv.template_version_id`)} AS shared_field_ids
    FROM content_items ci
    JOIN content_versions cv ON cv.content_item_id = ci.id AND cv.version_number = ${versionNumber}
    ${VERSION_JOINS}
    WHERE ci.id = ${itemId} AND ci.workspace_id = ${workspaceId} AND NOT ci.is_deleted`));
  if (!row) return null;
  const { field_values, template_fields, template_components, prior_defaults, shared_field_ids, ...version } = row;
  return {
    version,
    values: field_values,
    fields: await schemaFieldsOf(db, template_fields, template_components),
    priorDefaults: prior_defaults,
    sharedFieldIds: new Set(shared_field_ids),
  };
}

/** The item's default-published versions other than `exceptId`: for a caller already holding the item's lock. */
export async function findPriorDefaults(db: CommonQueryMethods, itemId: string, exceptId: string): Promise<readonly PriorDefault[]> {
  return db.oneFirst(sql.type(z.object({ priors: z.array(priorDefaultRow) }))`
    SELECT ${PRIOR_DEFAULTS_JSON(sql.fragment`${itemId}::uuid`, sql.fragment`${exceptId}::uuid`)} AS priors`);
}

/** An outbox row as verso_publish_content_version inserts it (db/platform/outbox.ts's columns). */
export interface PublicationEvent {
  readonly workspace_id: string;
  readonly event_type: string;
  readonly entity_type: string;
  readonly entity_id: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

export interface Publication {
  readonly workspaceId: string;
  readonly itemId: string;
  readonly version: Pick<VersionRow, 'id' | 'row_version'>;
  /** The prior defaults to archive, exactly as read; null for a dated version (archives nothing). */
  readonly archiveIds: readonly string[] | null;
  readonly publishedByUserId: string | null;
  readonly events: readonly PublicationEvent[];
  /** Members computed in the statement and merged into every event's payload (the purge keys). */
  readonly payloadExtra: FragmentSqlToken;
  /** Rows for audit_log, as db/platform/audit.ts's auditRows makes them. */
  readonly audits: readonly Readonly<Record<string, unknown>>[];
  /** A delivery-cache barrier notice to send last, in the same transaction (null: none). */
  readonly barrierNotice: string | null;
}

/**
 * Every write of a publish, in one statement: the published version's row after it, or null when
 * the version or the item's default-published versions changed since they were read (nothing
 * written; read again).
 */
export async function applyPublication(db: CommonQueryMethods, p: Publication): Promise<VersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS}
    FROM verso_publish_content_version(${p.workspaceId}, ${p.itemId}, ${p.version.id}, ${p.version.row_version},
      ${p.archiveIds === null ? null : sql.array(p.archiveIds, 'uuid')}, ${p.publishedByUserId}::uuid,
      ${sql.jsonb(p.events as never)}, ${p.payloadExtra}, ${sql.jsonb(p.audits as never)},
      ${p.barrierNotice}::text) cv
    ${VERSION_JOINS}`);
}
