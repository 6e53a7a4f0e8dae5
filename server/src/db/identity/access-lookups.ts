// The queries every authenticated request runs: the credential lookup and, on workspace routes,
// the workspace check. They run on the hot pool (db/hot-pool.ts) as named (server-side prepared)
// statements, because here per-query overhead is the whole cost of authentication: measured on the
// session lookup, slonik's unprepared path costs ~1.2 ms, a prepared pg statement ~0.2 ms (the
// plan of the grants sub-select is made once per connection instead of once per request).
import { boolOfText as bool, isoOfText as iso, type HotPool } from '../hot-pool.js';

export type RoleText = 'Reader' | 'Editor' | 'TemplateAdmin' | 'Admin';

export interface SessionLookup {
  readonly sessionId: string;
  readonly expiresAt: string;
  readonly lastSeenAt: string;
  readonly touchDue: boolean;
  readonly userId: string;
  readonly email: string;
  readonly displayName: string | null;
  readonly role: RoleText;
  readonly isSuperAdmin: boolean;
  readonly mustChangePassword: boolean;
  readonly grants: ReadonlyMap<string, 'Read' | 'Write'>;
}

export interface ApiClientLookup {
  readonly id: string;
  readonly name: string;
  readonly role: RoleText;
  /** Only the published delivery reads (issue #35 §4). */
  readonly deliveryOnly: boolean;
  readonly workspaceId: string | null;
  readonly tokenHash: string;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
  readonly touchDue: boolean;
}

export interface PreviewTokenLookup {
  readonly id: string;
  readonly workspaceId: string;
  readonly contentItemId: string | null;
  /** The release the token previews the workspace after, or null. */
  readonly releaseId: string | null;
  readonly tokenHash: string;
  readonly expiresAt: string;
}

const FIND_SESSION = `
  SELECT s.id, s.expires_at, s.last_seen_at, s.last_seen_at <= now() - make_interval(secs => $2::float8) AS touch_due,
         u.id AS user_id, u.email, u.display_name, u.role, u.is_super_admin, u.must_change_password,
         COALESCE((SELECT jsonb_object_agg(g.workspace_id, g.access_level)
                   FROM user_workspace_grants g WHERE g.user_id = u.id), '{}'::jsonb) AS grants
  FROM user_sessions s
  JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.expires_at > now() AND u.is_active AND u.deleted_at IS NULL`;

// Only active, non-deleted, unexpired clients can match: an expired token is simply anonymous.
const FIND_API_CLIENT = `
  SELECT id, name, role, scope, workspace_id, token_hash, expires_at, last_used_at,
         (last_used_at IS NULL OR last_used_at <= now() - make_interval(secs => $2::float8)) AS touch_due
  FROM api_clients
  WHERE identifier = $1 AND is_active AND deleted_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;

// Only a live token is found: a revoked or expired one is the same 401 as an unknown one.
const FIND_PREVIEW_TOKEN = `
  SELECT id, workspace_id, content_item_id, release_id, token_hash, expires_at
  FROM preview_tokens
  WHERE identifier = $1 AND revoked_at IS NULL AND expires_at > now()`;

const WORKSPACE_EXISTS = `SELECT 1 FROM workspaces WHERE id = $1 AND deleted_at IS NULL`;

/** The columns of FIND_SESSION, FIND_API_CLIENT and FIND_PREVIEW_TOKEN as text (NULL where a column can be). */
type SessionRow = Record<'id' | 'expires_at' | 'last_seen_at' | 'touch_due' | 'user_id' | 'email' | 'role' | 'is_super_admin' | 'must_change_password' | 'grants', string> & { display_name: string | null };
type ApiClientRow = Record<'id' | 'name' | 'role' | 'scope' | 'token_hash' | 'touch_due', string> & Record<'workspace_id' | 'expires_at' | 'last_used_at', string | null>;
type PreviewTokenRow = Record<'id' | 'workspace_id' | 'token_hash' | 'expires_at', string> & { content_item_id: string | null; release_id: string | null };

export class AccessLookups {
  constructor(private readonly pool: HotPool) {}

  async findSession(tokenHash: string, touchIntervalMs: number): Promise<SessionLookup | null> {
    const [r] = await this.pool.rows<SessionRow>('verso_find_session', FIND_SESSION, [tokenHash, touchIntervalMs / 1000]);
    if (!r) return null;
    return {
      sessionId: r.id,
      expiresAt: iso(r.expires_at),
      lastSeenAt: iso(r.last_seen_at),
      touchDue: bool(r.touch_due),
      userId: r.user_id,
      email: r.email,
      displayName: r.display_name,
      role: r.role as RoleText,
      isSuperAdmin: bool(r.is_super_admin),
      mustChangePassword: bool(r.must_change_password),
      grants: new Map(Object.entries(JSON.parse(r.grants) as Record<string, 'Read' | 'Write'>)),
    };
  }

  async findApiClient(identifier: string, touchIntervalMs: number): Promise<ApiClientLookup | null> {
    const [r] = await this.pool.rows<ApiClientRow>('verso_find_api_client', FIND_API_CLIENT, [identifier, touchIntervalMs / 1000]);
    if (!r) return null;
    return {
      id: r.id,
      name: r.name,
      role: r.role as RoleText,
      deliveryOnly: r.scope === 'Delivery',
      workspaceId: r.workspace_id,
      tokenHash: r.token_hash,
      expiresAt: r.expires_at === null ? null : iso(r.expires_at),
      lastUsedAt: r.last_used_at === null ? null : iso(r.last_used_at),
      touchDue: bool(r.touch_due),
    };
  }

  async findPreviewToken(identifier: string): Promise<PreviewTokenLookup | null> {
    const [r] = await this.pool.rows<PreviewTokenRow>('verso_find_preview_token', FIND_PREVIEW_TOKEN, [identifier]);
    if (!r) return null;
    return { id: r.id, workspaceId: r.workspace_id, contentItemId: r.content_item_id, releaseId: r.release_id, tokenHash: r.token_hash, expiresAt: iso(r.expires_at) };
  }

  async workspaceExists(id: string): Promise<boolean> {
    return (await this.pool.rows('verso_workspace_exists', WORKSPACE_EXISTS, [id])).length > 0;
  }
}
