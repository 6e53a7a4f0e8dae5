// Named queries for the append-only audit log.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { itemTitleOf } from '../content/content-titles.js';

export async function insertAuditEntry(
  db: CommonQueryMethods,
  e: {
    id: string;
    workspaceId: string | null;
    entityType: string;
    entityId: string;
    /** The content item an entry of an item or one of its versions belongs to (its history filter). */
    contentItemId: string | null;
    action: string;
    actorType: string;
    actorId: string | null;
    actorDisplayName: string | null;
    changeDelta: Record<string, unknown>;
    /** How the change reached the API when not by a plain HTTP call (context/call-origin.ts); null otherwise. */
    origin?: object | null;
  },
): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO audit_log (id, workspace_id, entity_type, entity_id, content_item_id, action, actor_type, actor_id, actor_display_name, change_delta, origin)
    VALUES (${e.id}, ${e.workspaceId}, ${e.entityType}, ${e.entityId}, ${e.contentItemId}, ${e.action}, ${e.actorType}, ${e.actorId},
            ${e.actorDisplayName}, ${sql.jsonb(e.changeDelta as never)}, ${e.origin ? sql.jsonb(e.origin as never) : null})`);
}

export type AuditEntry = Parameters<typeof insertAuditEntry>[1];

/** Entries as audit_log's columns (jsonb_to_recordset input: here, and verso_publish_content_version's). */
export function auditRows(entries: readonly AuditEntry[]): Record<string, unknown>[] {
  return entries.map((e) => ({
    id: e.id, workspace_id: e.workspaceId, entity_type: e.entityType, entity_id: e.entityId, content_item_id: e.contentItemId,
    action: e.action, actor_type: e.actorType, actor_id: e.actorId, actor_display_name: e.actorDisplayName, change_delta: e.changeDelta,
    origin: e.origin ?? null,
  }));
}

/** Several entries in one statement (one round trip), inserted in the given order. */
export async function insertAuditEntries(db: CommonQueryMethods, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  if (entries.length === 1) {
    await insertAuditEntry(db, entries[0]!);
    return;
  }
  const rows = auditRows(entries);
  // occurred_at (clock_timestamp()) is taken row by row, in this order.
  await db.query(sql.unsafe`
    INSERT INTO audit_log (id, workspace_id, entity_type, entity_id, content_item_id, action, actor_type, actor_id, actor_display_name, change_delta, origin)
    SELECT r.id, r.workspace_id, r.entity_type, r.entity_id, r.content_item_id, r.action, r.actor_type, r.actor_id, r.actor_display_name, r.change_delta, r.origin
    FROM ROWS FROM (jsonb_to_recordset(${sql.jsonb(rows as never)}) AS (id uuid, workspace_id uuid, entity_type text, entity_id uuid,
      content_item_id uuid, action text, actor_type text, actor_id text, actor_display_name text, change_delta jsonb, origin jsonb))
      WITH ORDINALITY AS r(id, workspace_id, entity_type, entity_id, content_item_id, action, actor_type, actor_id, actor_display_name, change_delta, origin, n)
    ORDER BY r.n`);
}

const auditRow = z.object({
  id: z.string(),
  workspace_id: z.string().nullable(),
  entity_type: z.string(),
  entity_id: z.string(),
  action: z.enum(['Created', 'Updated', 'Deleted', 'StatusChanged']),
  actor_type: z.string().nullable(),
  actor_id: z.string().nullable(),
  actor_display_name: z.string().nullable(),
  occurred_at: z.string(),
  change_delta: z.record(z.string(), z.unknown()),
  origin: z.record(z.string(), z.unknown()).nullable(),
  content_item_id: z.string().nullable(),
  content_item_title: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

export interface AuditFilter {
  /** null: every workspace (and entries outside any); otherwise only entries of these workspaces. */
  readonly workspaceIds: readonly string[] | null;
  readonly entityType: string | null;
  readonly entityId: string | null;
  /** Entries of this content item and of its versions. */
  readonly contentItemId: string | null;
  readonly action: string | null;
  readonly actorUserId: string | null;
  readonly actorApiClientId: string | null;
  readonly after: string | null;
  readonly before: string | null;
}

export async function listAuditEntries(
  db: CommonQueryMethods,
  f: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions = [sql.fragment`TRUE`];
  if (f.workspaceIds !== null) conditions.push(sql.fragment`a.workspace_id = ANY(${sql.array(f.workspaceIds as string[], 'uuid')})`);
  if (f.entityType !== null) conditions.push(sql.fragment`lower(a.entity_type) = lower(${f.entityType})`);
  if (f.entityId !== null) conditions.push(sql.fragment`a.entity_id = ${f.entityId}`);
  if (f.contentItemId !== null) conditions.push(sql.fragment`a.content_item_id = ${f.contentItemId}`);
  if (f.action !== null) conditions.push(sql.fragment`a.action = ${f.action}`);
  if (f.actorUserId !== null) conditions.push(sql.fragment`a.actor_type = 'User' AND a.actor_id = ${f.actorUserId}`);
  if (f.actorApiClientId !== null) conditions.push(sql.fragment`a.actor_type = 'ApiClient' AND a.actor_id = ${f.actorApiClientId}`);
  if (f.after !== null) conditions.push(sql.fragment`a.occurred_at >= ${f.after}::timestamptz`);
  if (f.before !== null) conditions.push(sql.fragment`a.occurred_at < ${f.before}::timestamptz`);
  const where = sql.join(conditions, sql.fragment` AND `);
  // The item's title (#25) is read for the page's rows only, after the LIMIT: a few index probes each.
  const rows = await db.any(sql.type(auditRow.extend({ total: z.number() }))`
    SELECT p.*, (
      SELECT ${itemTitleOf(sql.fragment`ci.id`)} FROM content_items ci WHERE ci.id = p.content_item_id AND NOT ci.is_deleted
    ) AS content_item_title
    FROM (
      SELECT a.id, a.workspace_id, a.entity_type, a.entity_id, a.action, a.actor_type, a.actor_id, a.actor_display_name,
             a.occurred_at, a.change_delta, a.origin, a.content_item_id, count(*) OVER () AS total
      FROM audit_log a
      WHERE ${where}
      ORDER BY a.occurred_at DESC, a.id DESC
      LIMIT ${limit} OFFSET ${offset}
    ) p
    ORDER BY p.occurred_at DESC, p.id DESC`);
  const total =
    rows[0]?.total ??
    (offset > 0 ? await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM audit_log a WHERE ${where}`) : 0);
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}
