// Reading the audit log. A global query shows only what the caller can reach: a host superadmin
// everything (including entries outside any workspace, such as user changes), a user the
// workspaces they hold a grant on, a scoped credential its one workspace.
import { listAuditEntries, type AuditFilter, type AuditRow } from '../../db/platform/audit.js';
import type { Db } from '../../db/pool.js';
import type { Actor } from '../../access/actor.js';
import { pageRequest, toPage } from './paging.js';
import { reachableWorkspaceIds } from '../identity/workspaces.js';

export function presentAuditEntry(a: AuditRow) {
  return {
    id: a.id,
    entityType: a.entity_type,
    entityId: a.entity_id,
    action: a.action,
    actor: a.actor_type && a.actor_type !== 'System' && a.actor_id ? { type: a.actor_type, id: a.actor_id, displayName: a.actor_display_name } : null,
    timestamp: a.occurred_at,
    workspaceId: a.workspace_id,
    changeDelta: a.change_delta,
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function filterFrom(query: Readonly<Record<string, unknown>>, workspaceIds: readonly string[] | null): AuditFilter {
  return {
    workspaceIds,
    entityType: str(query.entityType),
    entityId: str(query.entityId),
    action: str(query.action),
    actorUserId: str(query.actorUserId),
    actorApiClientId: str(query.actorApiClientId),
    after: str(query.after),
    before: str(query.before),
  };
}

/** The audit log's default page size is 50 (upstream), not the usual 20. */
const AUDIT_PAGE_SIZE = 50;

export async function listAudit(db: Db, actor: Actor, query: Readonly<Record<string, unknown>>, workspaceId: string | null) {
  const page = pageRequest(query, AUDIT_PAGE_SIZE);
  const scope = workspaceId !== null ? [workspaceId] : reachableWorkspaceIds(actor);
  const { rows, total } = await listAuditEntries(db, filterFrom(query, scope), page.pageSize, page.offset);
  return toPage(rows.map(presentAuditEntry), total, page);
}
