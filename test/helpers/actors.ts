// Fixtures for identity: workspaces, users with live sessions, and API-client tokens, inserted
// straight into the test file's database (no HTTP round trips, no slow hashing), so any test can
// call the API as any kind of actor in a few milliseconds.
import crypto from 'node:crypto';
import pg from 'pg';
import type { TestApi } from './api.js';

export type Role = 'Reader' | 'Editor' | 'TemplateAdmin' | 'Admin';

/** The password every fixture user has; FIXTURE_PASSWORD_HASH is its argon2id hash. */
export const FIXTURE_PASSWORD = 'fixture-Password-1';
/** Cheap parameters (1 MiB, 1 pass) on purpose: verifying it costs well under a millisecond. */
export const FIXTURE_PASSWORD_HASH = '$argon2id$v=19$m=1024,p=1,t=1$v6a8NxZQW0pQ2DYA8iz4Aw$kVO613z2RcQVINcaBAoVNlNjwBg85pZSSm0fnxZtU14';

const pools = new Map<string, pg.Pool>();

function poolFor(api: TestApi): pg.Pool {
  let pool = pools.get(api.databaseUrl);
  if (!pool) {
    pool = new pg.Pool({ connectionString: api.databaseUrl, max: 2, idleTimeoutMillis: 1000, allowExitOnIdle: true });
    // The run's PostgreSQL stops after the last file; an idle fixture connection cut then is expected.
    pool.on('error', () => {});
    pools.set(api.databaseUrl, pool);
  }
  return pool;
}

/** Runs SQL on the API's database (for fixtures and for checking state behind responses). */
export async function dbQuery<T extends pg.QueryResultRow = any>(api: TestApi, text: string, values: unknown[] = []): Promise<T[]> {
  return (await poolFor(api).query<T>(text, values)).rows;
}

const sha256Hex = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
const unique = () => crypto.randomBytes(5).toString('hex');

export async function createWorkspace(api: TestApi, opts: { name?: string; slug?: string } = {}): Promise<{ id: string; slug: string }> {
  const slug = opts.slug ?? `ws-${unique()}`;
  const id = crypto.randomUUID();
  await dbQuery(api, 'INSERT INTO workspaces (id, name, slug) VALUES ($1, $2, $3)', [id, opts.name ?? `Workspace ${slug}`, slug]);
  return { id, slug };
}

/** A user plus a live session; `token` works as a Bearer token right away. */
export async function createActor(
  api: TestApi,
  opts: { role: Role; superadmin?: boolean; grants?: Record<string, 'Read' | 'Write'>; email?: string },
): Promise<{ id: string; email: string; token: string }> {
  const id = crypto.randomUUID();
  const email = opts.email ?? `${opts.role.toLowerCase()}-${unique()}@example.test`;
  await dbQuery(
    api,
    `INSERT INTO users (id, email, display_name, password_hash, role, is_super_admin) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, email, `${opts.role} ${email}`, FIXTURE_PASSWORD_HASH, opts.role, opts.superadmin ?? false],
  );
  for (const [workspaceId, level] of Object.entries(opts.grants ?? {})) {
    await dbQuery(api, 'INSERT INTO user_workspace_grants (user_id, workspace_id, access_level) VALUES ($1, $2, $3)', [id, workspaceId, level]);
  }
  const token = crypto.randomBytes(48).toString('base64url');
  await dbQuery(
    api,
    `INSERT INTO user_sessions (user_id, token_hash, expires_at, last_seen_at) VALUES ($1, $2, now() + interval '8 hours', now())`,
    [id, sha256Hex(token)],
  );
  return { id, email, token };
}

/** An active API client scoped to one workspace (role defaults to Reader). */
export async function createApiClientToken(
  api: TestApi,
  opts: { workspaceId: string; role?: Role },
): Promise<{ id: string; token: string }> {
  const id = crypto.randomUUID();
  const identifier = crypto.randomBytes(12).toString('hex');
  const token = `verso_${identifier}_${crypto.randomBytes(32).toString('base64url')}`;
  await dbQuery(
    api,
    `INSERT INTO api_clients (id, name, role, workspace_id, identifier, token_hash) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, `client-${identifier.slice(0, 6)}`, opts.role ?? 'Reader', opts.workspaceId, identifier, sha256Hex(token)],
  );
  return { id, token };
}
