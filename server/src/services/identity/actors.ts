// The concrete actors authentication produces: a local user (through a session), an API client
// and an external OIDC principal. The access step only sees the Actor interface.
import type { RoleName, WorkspaceAccess } from '../../access/roles.js';
import { ROLE_RANK } from '../../access/roles.js';
import type { Actor } from '../../access/actor.js';

export class UserActor implements Actor {
  readonly kind = 'User' as const;

  constructor(
    readonly id: string,
    readonly role: RoleName,
    readonly isSuperAdmin: boolean,
    readonly email: string | null,
    readonly displayName: string | null,
    // A Map, not a plain object: the workspace id comes from the request path, and `__proto__`,
    // `constructor` or `toString` must find no grant (issue #23).
    private readonly grants: ReadonlyMap<string, 'Read' | 'Write'>,
    readonly mustChangePassword: boolean,
    /**
     * SHA-256 of the session token this user authenticated with (the credential cache's key): the
     * session that sign-out, refresh and a password change act on. Handlers see declared headers
     * only, so the token is not read from the request a second time.
     */
    readonly sessionTokenHash: string,
    readonly sessionExpiresAt?: string,
  ) {}

  grantFor(workspaceId: string): WorkspaceAccess {
    return this.grants.get(workspaceId) ?? 'None';
  }

  /** The same user after a touch moved the session's expiry (the cached actor is otherwise reused). */
  withSessionExpiry(expiresAt: string): UserActor {
    return new UserActor(
      this.id,
      this.role,
      this.isSuperAdmin,
      this.email,
      this.displayName,
      this.grants,
      this.mustChangePassword,
      this.sessionTokenHash,
      expiresAt,
    );
  }

  /** Workspace ids this user holds a grant on (superadmin reach is not included). */
  grantedWorkspaceIds(): string[] {
    return [...this.grants.keys()];
  }

  reachableWorkspaceIds(): string[] | null {
    return this.isSuperAdmin ? null : this.grantedWorkspaceIds();
  }
}

/**
 * An API client reaches its one workspace (or every workspace when unscoped). Reader can read,
 * Editor and higher can write (spec, API-client tokens): the grant follows from the role, and the
 * role still limits what the client may do there.
 */
export class ApiClientActor implements Actor {
  readonly kind = 'ApiClient' as const;
  readonly isSuperAdmin = false;
  readonly email = null;

  constructor(
    readonly id: string,
    readonly role: RoleName,
    readonly displayName: string,
    readonly workspaceId: string | null,
    /** A delivery-only client (issue #35 §4): the access step passes it only to `delivery: true` operations. */
    readonly deliveryOnly = false,
  ) {}

  grantFor(workspaceId: string): WorkspaceAccess {
    if (this.workspaceId !== null && this.workspaceId !== workspaceId) return 'None';
    return ROLE_RANK[this.role] >= ROLE_RANK.Editor ? 'Write' : 'Read';
  }

  reachableWorkspaceIds(): string[] | null {
    return this.workspaceId === null ? null : [this.workspaceId];
  }
}

/**
 * A preview token (issue #27): reads its one workspace (and, when scoped, one item) through the
 * operations marked `preview: true`, nothing else; the access step refuses it everywhere else.
 * Reader is the lowest role, so no rule above Reader lets it in by rank either.
 */
export class PreviewActor implements Actor {
  readonly kind = 'Preview' as const;
  readonly role = 'Reader' as const;
  readonly isSuperAdmin = false;
  readonly email = null;
  readonly displayName = 'Preview token';

  constructor(
    readonly id: string,
    readonly workspaceId: string,
    /** Null: every item of the workspace. */
    readonly contentItemId: string | null,
    readonly expiresAt: string,
    /** The release whose result the token previews (the workspace after it is published), or null. */
    readonly releaseId: string | null = null,
  ) {}

  grantFor(workspaceId: string): WorkspaceAccess {
    return workspaceId === this.workspaceId ? 'Read' : 'None';
  }

  /** None: a preview token reads through the preview operations only, never a listing scoped by reach. */
  reachableWorkspaceIds(): string[] {
    return [];
  }
}

/** The nil uuid: a scope no workspace can have (an OIDC token with an unusable workspace claim). */
export const NO_WORKSPACE = '00000000-0000-0000-0000-000000000000';

/** A caller authenticated by an OIDC access token: role and optional workspace from its claims. */
export class ExternalActor implements Actor {
  readonly kind = 'External' as const;
  readonly isSuperAdmin = false;

  constructor(
    readonly id: string,
    readonly role: RoleName,
    readonly email: string | null,
    readonly displayName: string | null,
    readonly workspaceId: string | null,
  ) {}

  grantFor(workspaceId: string): WorkspaceAccess {
    if (this.workspaceId !== null && this.workspaceId !== workspaceId) return 'None';
    return ROLE_RANK[this.role] >= ROLE_RANK.Editor ? 'Write' : 'Read';
  }

  reachableWorkspaceIds(): string[] | null {
    return this.workspaceId === null ? null : [this.workspaceId];
  }
}

/** The workspace an API client or OIDC principal is confined to; undefined for users. */
export function actorScope(actor: Actor): string | null | undefined {
  return actor instanceof ApiClientActor || actor instanceof ExternalActor ? actor.workspaceId : undefined;
}
