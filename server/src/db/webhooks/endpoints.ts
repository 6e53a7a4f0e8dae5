// Named queries for webhook endpoints. The secret's ciphertext is read only where a secret is
// needed (signing, rotation); the rows the API presents never carry it.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const endpointRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  url: z.string(),
  is_active: z.boolean(),
  events: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  row_version: z.number(),
});
export type EndpointRow = z.infer<typeof endpointRow>;

/** The stored form of a signing secret (server/src/secrets: v1 legacy or v2 with its key id). */
export interface StoredSecretColumns {
  readonly ciphertext: string;
  readonly version: string;
  readonly keyId: string | null;
}

const COLUMNS = sql.fragment`e.id, e.workspace_id, e.name, e.url, e.is_active, e.events, e.created_at, e.updated_at, e.row_version`;

export async function findEndpoint(db: CommonQueryMethods, workspaceId: string, id: string, forUpdate = false): Promise<EndpointRow | null> {
  return db.maybeOne(sql.type(endpointRow)`
    SELECT ${COLUMNS} FROM webhook_endpoints e
    WHERE e.id = ${id} AND e.workspace_id = ${workspaceId} AND e.deleted_at IS NULL
    ${forUpdate ? sql.fragment`FOR UPDATE` : sql.fragment``}`);
}

export async function listEndpoints(
  db: CommonQueryMethods,
  workspaceId: string,
  limit: number,
  offset: number,
): Promise<{ rows: EndpointRow[]; total: number }> {
  const rows = await db.any(sql.type(endpointRow.extend({ total: z.number() }))`
    SELECT ${COLUMNS}, count(*) OVER () AS total
    FROM webhook_endpoints e
    WHERE e.workspace_id = ${workspaceId} AND e.deleted_at IS NULL
    ORDER BY e.created_at DESC, e.id DESC
    LIMIT ${limit} OFFSET ${offset}`);
  const total =
    rows[0]?.total ??
    (offset > 0 ? await db.oneFirst(sql.type(z.object({ n: z.number() }))`
      SELECT count(*) AS n FROM webhook_endpoints e WHERE e.workspace_id = ${workspaceId} AND e.deleted_at IS NULL`) : 0);
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}

/**
 * Makes creates and URL changes of one workspace's endpoints take turns until the transaction ends,
 * so two at once cannot both count the same endpoints and both pass a cap. An advisory lock rather
 * than the workspace row's: a row lock would also hold up every insert that references the
 * workspace (content, media) for as long.
 */
export async function lockWorkspaceEndpoints(db: CommonQueryMethods, workspaceId: string): Promise<void> {
  await db.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext(${'verso.webhook-endpoints:' + workspaceId}))`);
}

/** The URL of every live endpoint of a workspace (what the caps count; bounded by the workspace cap). */
export async function listEndpointUrls(db: CommonQueryMethods, workspaceId: string): Promise<readonly { id: string; url: string }[]> {
  return db.any(sql.type(z.object({ id: z.string(), url: z.string() }))`
    SELECT e.id, e.url FROM webhook_endpoints e WHERE e.workspace_id = ${workspaceId} AND e.deleted_at IS NULL`);
}

export async function insertEndpoint(
  db: CommonQueryMethods,
  e: { id: string; workspaceId: string; name: string; url: string; events: readonly string[]; secret: StoredSecretColumns },
): Promise<EndpointRow> {
  return db.one(sql.type(endpointRow)`
    INSERT INTO webhook_endpoints AS e (id, workspace_id, name, url, events, secret_ciphertext, secret_version, secret_key_id)
    VALUES (${e.id}, ${e.workspaceId}, ${e.name}, ${e.url}, ${sql.array(e.events as string[], 'text')},
            ${e.secret.ciphertext}, ${e.secret.version}, ${e.secret.keyId})
    RETURNING ${COLUMNS}`);
}

export async function updateEndpoint(
  db: CommonQueryMethods,
  id: string,
  e: { name: string; url: string; isActive: boolean; events: readonly string[] },
): Promise<EndpointRow> {
  return db.one(sql.type(endpointRow)`
    UPDATE webhook_endpoints AS e
    SET name = ${e.name}, url = ${e.url}, is_active = ${e.isActive}, events = ${sql.array(e.events as string[], 'text')},
        row_version = e.row_version + 1, updated_at = now()
    WHERE e.id = ${id}
    RETURNING ${COLUMNS}`);
}

export async function replaceEndpointSecret(db: CommonQueryMethods, id: string, secret: StoredSecretColumns): Promise<EndpointRow> {
  return db.one(sql.type(endpointRow)`
    UPDATE webhook_endpoints AS e
    SET secret_ciphertext = ${secret.ciphertext}, secret_version = ${secret.version}, secret_key_id = ${secret.keyId},
        row_version = e.row_version + 1, updated_at = now()
    WHERE e.id = ${id}
    RETURNING ${COLUMNS}`);
}

/** Removes the endpoint's delivery logs and soft-deletes it; returns how many deliveries went. */
export async function deleteEndpoint(db: CommonQueryMethods, id: string): Promise<number> {
  const removed = await db.query(sql.unsafe`DELETE FROM webhook_deliveries WHERE endpoint_id = ${id}`);
  await db.query(sql.unsafe`
    UPDATE webhook_endpoints SET deleted_at = now(), is_active = false, row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}`);
  return removed.rowCount;
}

const secretRow = z.object({ ciphertext: z.string(), version: z.string(), key_id: z.string().nullable() });

/** The sealed secret of a live endpoint (for rotation of the secret, never for a response). */
export async function findEndpointSecret(db: CommonQueryMethods, id: string): Promise<StoredSecretColumns | null> {
  const row = await db.maybeOne(sql.type(secretRow)`
    SELECT secret_ciphertext AS ciphertext, secret_version AS version, secret_key_id AS key_id
    FROM webhook_endpoints WHERE id = ${id} AND deleted_at IS NULL`);
  return row && { ciphertext: row.ciphertext, version: row.version, keyId: row.key_id };
}

const attemptTargetRow = z.object({ url: z.string(), ciphertext: z.string(), version: z.string(), key_id: z.string().nullable() });

/**
 * Where and with what an attempt starting now goes: the URL and sealed secret of the endpoint as it
 * is at this moment, or null when it has been switched off or deleted since its delivery was
 * claimed (the attempt is then not made).
 */
export async function findAttemptTarget(db: CommonQueryMethods, endpointId: string): Promise<{ url: string; secret: StoredSecretColumns } | null> {
  const row = await db.maybeOne(sql.type(attemptTargetRow)`
    SELECT url, secret_ciphertext AS ciphertext, secret_version AS version, secret_key_id AS key_id
    FROM webhook_endpoints WHERE id = ${endpointId} AND is_active AND deleted_at IS NULL`);
  return row && { url: row.url, secret: { ciphertext: row.ciphertext, version: row.version, keyId: row.key_id } };
}
