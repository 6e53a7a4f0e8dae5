// Managing API clients (Admin role, checked by the access step). What the access step cannot see
// is the workspace a client belongs to, so it is checked here against the caller's reach:
// a client outside it is 404, a read-only grant is 403, an unscoped client needs a superadmin.
import { v7 as uuidv7 } from 'uuid';
import type { CommonQueryMethods } from 'slonik';
import { deactivateApiClient, findApiClient, insertApiClient, listApiClients as listRows, retireApiClient, type ApiClientRow, type ApiClientScope } from '../../db/identity/api-clients.js';
import type { Db } from '../../db/pool.js';
import { workspaceExists } from '../../db/identity/workspaces.js';
import { conflict, forbidden, notFound, validationFailed } from '../../errors.js';
import { userIdOf, type Actor } from '../../access/actor.js';
import type { ApiClientDto, ApiClientDtoPagedResponse, CreateApiClientRequest, CreateApiClientResponse } from '../../generated/schemas.js';
import { effectiveWorkspaceAccess } from '../../access/workspace-access.js';
import { recordAudit } from '../platform/audit.js';
import type { CredentialEvictor } from './credential-cache.js';
import { changingCredentials } from './credential-changes.js';
import { newApiClientToken } from './credential-tokens.js';
import { pageRequest, toPage, type PagingQuery } from '../platform/paging.js';

const TOKEN_WARNING = 'This token is shown once and cannot be retrieved again. Store it in a secret store now.';

export function presentApiClient(c: ApiClientRow): ApiClientDto {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    role: c.role,
    scope: c.scope,
    workspaceId: c.workspace_id,
    isActive: c.is_active,
    expiresAt: c.expires_at,
    createdAt: c.created_at,
    lastUsedAt: c.last_used_at,
  };
}

const auditView = (c: ApiClientRow) => ({
  name: c.name,
  description: c.description,
  role: c.role,
  scope: c.scope,
  workspaceId: c.workspace_id,
  isActive: c.is_active,
  expiresAt: c.expires_at,
  tokenHash: c.token_hash,
});

/** 404 when the caller cannot see the client's workspace; with `write`, 403 when read-only. */
function checkReach(actor: Actor, workspaceId: string | null, write: boolean): void {
  if (workspaceId === null) {
    if (actor.reachableWorkspaceIds() !== null) throw notFound('The API client');
    if (write && !actor.isSuperAdmin) throw forbidden('Only a host superadmin may manage a client for every workspace.');
    return;
  }
  const access = effectiveWorkspaceAccess(actor, workspaceId);
  if (access === 'None') throw notFound('The API client');
  if (write && access !== 'Write') throw forbidden('Your access to this workspace is read-only.');
}

async function loadForChange(tx: CommonQueryMethods, actor: Actor, id: string): Promise<ApiClientRow> {
  const client = await findApiClient(tx, id, true);
  if (!client) throw notFound('The API client');
  checkReach(actor, client.workspace_id, true);
  return client;
}

export async function listApiClients(db: Db, actor: Actor, query: PagingQuery): Promise<ApiClientDtoPagedResponse> {
  const page = pageRequest(query);
  const { rows, total } = await listRows(db, actor.reachableWorkspaceIds(), page.pageSize, page.offset);
  return toPage(rows.map(presentApiClient), total, page);
}

export async function getApiClient(db: Db, actor: Actor, id: string): Promise<ApiClientRow> {
  const client = await findApiClient(db, id);
  if (!client) throw notFound('The API client');
  checkReach(actor, client.workspace_id, false);
  return client;
}

type ClientSettings = Required<Omit<CreateApiClientRequest, 'scope'>> & { readonly scope: ApiClientScope };

async function issue(tx: CommonQueryMethods, actor: Actor, input: ClientSettings): Promise<CreateApiClientResponse> {
  const issued = newApiClientToken();
  const client = await insertApiClient(tx, {
    id: uuidv7(),
    name: input.name,
    description: input.description,
    role: input.role,
    scope: input.scope,
    workspaceId: input.workspaceId,
    identifier: issued.identifier,
    tokenHash: issued.tokenHash,
    expiresAt: input.expiresAt,
    createdByUserId: userIdOf(actor),
  });
  await recordAudit(tx, { workspaceId: client.workspace_id, entityType: 'ApiClient', entityId: client.id, action: 'Created', actor, after: auditView(client) });
  return { client: presentApiClient(client), token: issued.token, warning: TOKEN_WARNING };
}

export async function createApiClient(db: Db, actor: Actor, input: CreateApiClientRequest): Promise<CreateApiClientResponse> {
  const workspaceId = input.workspaceId?.toLowerCase() ?? null;
  if (workspaceId === null) {
    if (!actor.isSuperAdmin) throw forbidden('Only a host superadmin may create a client for every workspace.');
  } else {
    const access = effectiveWorkspaceAccess(actor, workspaceId);
    if (access === 'None' || !(await workspaceExists(db, workspaceId))) throw notFound('The workspace');
    if (access !== 'Write') throw forbidden('Your access to this workspace is read-only.');
  }
  // Upstream's clients send no scope: they get today's reach. The value is matched without case.
  const scope: ApiClientScope = input.scope?.toLowerCase() === 'delivery' ? 'Delivery' : 'Full';
  const problems: Record<string, string[]> = {};
  if (input.expiresAt && Date.parse(input.expiresAt) <= Date.now()) problems['/expiresAt'] = ['must lie in the future'];
  // A delivery-only client reads; a higher role would promise what the scope refuses.
  if (scope === 'Delivery' && input.role !== 'Reader') problems['/role'] = ['A delivery-only client has the Reader role.'];
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  return db.transaction((tx) =>
    issue(tx, actor, {
      name: input.name,
      description: input.description ?? null,
      role: input.role,
      scope,
      workspaceId,
      expiresAt: input.expiresAt ?? null,
    }),
  );
}

export async function revokeApiClient(db: Db, credentials: CredentialEvictor, actor: Actor, id: string): Promise<ApiClientRow> {
  return changingCredentials(db, credentials, async (tx, announce) => {
    const before = await loadForChange(tx, actor, id);
    await deactivateApiClient(tx, id);
    await announce({ kind: 'api-client', clientId: id });
    const after = (await findApiClient(tx, id))!;
    await recordAudit(tx, { workspaceId: before.workspace_id, entityType: 'ApiClient', entityId: id, action: 'Updated', actor, before: auditView(before), after: auditView(after) });
    return after;
  });
}

/** A new client (new id, same settings) with a new token; the old record is retired in the same transaction. */
export async function rotateApiClient(db: Db, credentials: CredentialEvictor, actor: Actor, id: string): Promise<CreateApiClientResponse> {
  return changingCredentials(db, credentials, async (tx, announce) => {
    const old = await loadForChange(tx, actor, id);
    if (!old.is_active) throw conflict('A revoked API client cannot be rotated; create a new one.');
    const replacement = await issue(tx, actor, {
      name: old.name,
      description: old.description,
      role: old.role,
      scope: old.scope,
      workspaceId: old.workspace_id,
      expiresAt: old.expires_at,
    });
    await retireApiClient(tx, id, replacement.client.id);
    await announce({ kind: 'api-client', clientId: id });
    await recordAudit(tx, { workspaceId: old.workspace_id, entityType: 'ApiClient', entityId: id, action: 'Deleted', actor, before: auditView(old) });
    return replacement;
  });
}
