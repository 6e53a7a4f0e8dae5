// Audit: the history of every change, newest first, with upstream's filters.
import type { OperationHandler } from '../http/operation.js';
import { listAudit } from '../services/platform/audit-log.js';

export const listAuditEntries: OperationHandler = async ({ request, actor, deps }) => ({
  status: 200,
  body: await listAudit(deps.db, actor!, request.query, null),
});

export const listWorkspaceAuditEntries: OperationHandler = async ({ request, actor, deps }) => ({
  status: 200,
  body: await listAudit(deps.db, actor!, request.query, request.params.workspaceId as string),
});
