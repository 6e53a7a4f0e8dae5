// Named queries for API clients (the lookup that authenticates a token: db/access-lookups.ts).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { RoleName } from '../../access/roles.js';

const clientRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  role: z.enum(['Reader', 'Editor', 'TemplateAdmin', 'Admin']),
  scope: z.enum(['Full', 'Delivery']),
  workspace_id: z.string().nullable(),
  is_active: z.boolean(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  token_hash: z.string(),
});
export type ApiClientRow = z.infer<typeof clientRow>;
/** Full: what the role allows; Delivery: only the published delivery reads (issue #35 §4). */
export type ApiClientScope = ApiClientRow['scope'];

const COLUMNS = sql.fragment`c.id, c.name, c.description, c.role, c.scope, c.workspace_id, c.is_active, c.expires_at, c.created_at,
  c.last_used_at, c.token_hash`;

export async function findApiClient(db: CommonQueryMethods, id: string, forUpdate = false): Promise<ApiClientRow | null> {
  return db.maybeOne(sql.type(clientRow)`
    SELECT ${COLUMNS} FROM api_clients c WHERE c.id = ${id} AND c.deleted_at IS NULL
    ${forUpdate ? sql.fragment`FOR UPDATE` : sql.fragment``}`);
}

/** Live clients; `workspaceIds` null means every client, else only clients scoped to those. */
export async function listApiClients(
  db: CommonQueryMethods,
  workspaceIds: readonly string[] | null,
  limit: number,
  offset: number,
): Promise<{ rows: ApiClientRow[]; total: number }> {
  const filter = workspaceIds === null ? sql.fragment`TRUE` : sql.fragment`c.workspace_id = ANY(${sql.array(workspaceIds as string[], 'uuid')})`;
  const rows = await db.any(sql.type(clientRow.extend({ total: z.number() }))`
    SELECT ${COLUMNS}, count(*) OVER () AS total
    FROM api_clients c
    WHERE c.deleted_at IS NULL AND ${filter}
    ORDER BY c.created_at DESC, c.id DESC
    LIMIT ${limit} OFFSET ${offset}`);
  const total =
    rows[0]?.total ??
    (offset > 0 ? await db.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*) AS n FROM api_clients c WHERE c.deleted_at IS NULL AND ${filter}`) : 0);
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}

export async function insertApiClient(
  db: CommonQueryMethods,
  c: {
    id: string;
    name: string;
    description: string | null;
    role: RoleName;
    scope: ApiClientScope;
    workspaceId: string | null;
    identifier: string;
    tokenHash: string;
    expiresAt: string | null;
    createdByUserId: string | null;
  },
): Promise<ApiClientRow> {
  await db.query(sql.unsafe`
    INSERT INTO api_clients (id, name, description, role, scope, workspace_id, identifier, token_hash, expires_at, created_by_user_id)
    VALUES (${c.id}, ${c.name}, ${c.description}, ${c.role}, ${c.scope}, ${c.workspaceId}, ${c.identifier}, ${c.tokenHash},
            ${c.expiresAt}::timestamptz, ${c.createdByUserId})`);
  return (await findApiClient(db, c.id))!;
}

export async function deactivateApiClient(db: CommonQueryMethods, id: string): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE api_clients SET is_active = false, row_version = row_version + 1, updated_at = now() WHERE id = ${id}`);
}

/** Rotation retires the old record for good: soft-deleted, inactive, pointing at its successor. */
export async function retireApiClient(db: CommonQueryMethods, id: string, replacedById: string): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE api_clients SET is_active = false, deleted_at = now(), replaced_by_client_id = ${replacedById},
      row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}`);
}

/** Last write wins: no version check, so concurrent requests never conflict over it. */
export async function touchApiClient(db: CommonQueryMethods, id: string, touchIntervalMs: number): Promise<void> {
  await db.query(sql.unsafe`
    UPDATE api_clients SET last_used_at = now()
    WHERE id = ${id}
      AND (last_used_at IS NULL OR last_used_at <= now() - make_interval(secs => ${touchIntervalMs / 1000}))`);
}
