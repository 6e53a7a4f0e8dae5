// Who is calling. Authentication (http/authenticate.ts) produces it; the access step and services
// read it. Filled in by the identity layer: users (sessions), API clients and OIDC principals.
import type { RoleName, WorkspaceAccess } from './roles.js';

export type ActorKind = 'User' | 'ApiClient' | 'External' | 'Preview';

export interface Actor {
  readonly kind: ActorKind;
  readonly id: string;
  readonly role: RoleName;
  readonly isSuperAdmin: boolean;
  readonly email: string | null;
  readonly displayName: string | null;
  /** The access this actor's grants give on a workspace, before superadmin is considered. */
  grantFor(workspaceId: string): WorkspaceAccess;
  /**
   * The workspaces this actor can reach: null for all (host superadmin, unscoped credential), else
   * the ids granted (users) or the one the credential is scoped to. The actor answers it itself, so a
   * listing in any domain (workspaces, API clients, the audit log) can scope by it.
   */
  reachableWorkspaceIds(): string[] | null;
  /**
   * A delivery-only API client (issue #35 §4): the access step lets it call only the operations the
   * contract marks `delivery: true`. Absent on every other actor.
   */
  readonly deliveryOnly?: boolean;
  /** Sliding session expiry, echoed as X-Session-Expires-At. */
  readonly sessionExpiresAt?: string;
}

/**
 * The local user behind `actor`, for the "created by", "published by" and "deleted by" columns; null
 * for API clients, OIDC principals, preview tokens and the scheduler (no actor).
 */
export function userIdOf(actor: Actor | null): string | null {
  return actor?.kind === 'User' ? actor.id : null;
}

/** How the caller presented credentials, for the 401 log line (never the token itself). */
export type BearerKind = 'none' | 'opaque' | 'api-client' | 'preview' | 'jwt';
