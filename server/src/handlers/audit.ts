// Audit: the history of every change, newest first, with upstream's filters.
import type { Handler } from '../http/operation.js';
import { listAudit } from '../services/platform/audit-log.js';

export const listAuditEntries: Handler<'listAuditEntries'> = async ({ request, actor, deps, reply }) =>
  reply(200, await listAudit(deps.db, actor, request.query, null));

export const listWorkspaceAuditEntries: Handler<'listWorkspaceAuditEntries'> = async ({ request, actor, deps, reply }) =>
  reply(200, await listAudit(deps.db, actor, request.query, request.params.workspaceId));
