// Reading the audit log. A global query shows only what the caller can reach: a host superadmin
// everything (including entries outside any workspace, such as user changes), a user the
// workspaces they hold a grant on, a scoped credential its one workspace.
import { listAuditEntries, type AuditFilter, type AuditRow } from '../../db/platform/audit.js';
import type { Db } from '../../db/pool.js';
import type { Actor } from '../../access/actor.js';
import type { operations } from '../../generated/openapi.js';
import type { AuditActorResponse, AuditLogResponse, AuditLogResponsePagedResponse, AuditOriginResponse } from '../../generated/schemas.js';
import type { ChangeDelta } from './audit.js';
import { pageRequest, toPage } from './paging.js';

/** The filters and paging both audit operations declare (listAuditEntries, listWorkspaceAuditEntries). */
export type AuditQuery = NonNullable<operations['listAuditEntries']['parameters']['query']>;

const ACTOR_TYPES: readonly string[] = ['User', 'ApiClient', 'External'] satisfies AuditActorResponse['type'][];

/** Changes the system made on its own are stored as `System` (or without an actor) and shown as null. */
const isActorType = (t: string | null): t is AuditActorResponse['type'] => t !== null && ACTOR_TYPES.includes(t);

/** The writer (audit.ts) stores exactly this shape; reading the jsonb back restates it for the compiler. */
function presentDelta(stored: Readonly<Record<string, unknown>>): ChangeDelta {
  const delta: ChangeDelta = {};
  for (const [key, change] of Object.entries(stored)) {
    const c = typeof change === 'object' && change !== null ? change : {};
    delta[key] = { before: 'before' in c ? c.before : null, after: 'after' in c ? c.after : null };
  }
  return delta;
}

/** The stored origin (services/platform/audit.ts writes context/call-origin.ts's shape), or null. */
function presentOrigin(stored: AuditRow['origin']): AuditOriginResponse | null {
  if (stored?.channel !== 'Mcp' || typeof stored.clientName !== 'string') return null;
  return { channel: 'Mcp', clientName: stored.clientName, clientVersion: typeof stored.clientVersion === 'string' ? stored.clientVersion : null };
}

export function presentAuditEntry(a: AuditRow): AuditLogResponse {
  return {
    id: a.id,
    entityType: a.entity_type,
    entityId: a.entity_id,
    action: a.action,
    actor: isActorType(a.actor_type) && a.actor_id ? { type: a.actor_type, id: a.actor_id, displayName: a.actor_display_name } : null,
    timestamp: a.occurred_at,
    workspaceId: a.workspace_id,
    changeDelta: presentDelta(a.change_delta),
    contentItemId: a.content_item_id,
    contentItemTitle: a.content_item_title,
    via: presentOrigin(a.origin),
  };
}

/** An empty filter value filters nothing. */
const filterValue = (v: string | undefined): string | null => (v ? v : null);

function filterFrom(query: AuditQuery, workspaceIds: readonly string[] | null): AuditFilter {
  return {
    workspaceIds,
    entityType: filterValue(query.entityType),
    entityId: filterValue(query.entityId),
    contentItemId: filterValue(query.contentItemId),
    action: filterValue(query.action),
    actorUserId: filterValue(query.actorUserId),
    actorApiClientId: filterValue(query.actorApiClientId),
    after: filterValue(query.after),
    before: filterValue(query.before),
  };
}

/** The audit log's default page size is 50 (upstream), not the usual 20. */
const AUDIT_PAGE_SIZE = 50;

export async function listAudit(db: Db, actor: Actor, query: AuditQuery, workspaceId: string | null): Promise<AuditLogResponsePagedResponse> {
  const page = pageRequest(query, AUDIT_PAGE_SIZE);
  const scope = workspaceId !== null ? [workspaceId] : actor.reachableWorkspaceIds();
  const { rows, total } = await listAuditEntries(db, filterFrom(query, scope), page.pageSize, page.offset);
  return toPage(rows.map(presentAuditEntry), total, page);
}
