// DO NOT EDIT: generated from openapi/ by `make generate`.
/* eslint-disable */
export interface paths {
    "/api/v1/account/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's time zone and theme. */
        get: operations["getAccountPreferences"];
        /** Set the caller's time zone and theme. */
        put: operations["updateAccountPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit entries across the workspaces the caller can access, newest first.
         * @description A host superadmin sees every entry (including those outside any workspace, such as user changes); others see the entries of the workspaces they hold a grant on, an API client those of its workspace.
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the caller's own password; clears MustChangePassword.
         * @description Needs the current password (a wrong one is 401). A wrong current password counts as a failed sign-in of the caller's email, and while its sign-ins are throttled the check is 401 whatever the password. The new password must pass the new-password rules (400 naming each broken rule in `rules`, see NewPassword). The caller's other sessions end; this one stays. Counted in the caller's per-address rate window as well as the caller's own.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password; returns a session token once.
         * @description Every failure (unknown, deleted or inactive user, wrong password, an email whose sign-ins are throttled) is the same plain 401, and an unknown email costs as much time as a known one. Failures are counted per account and client (its address, or its IPv6 prefix of `RateLimit__Ipv6PrefixLength` bits; or its `deviceToken`): after `Auth__Lockout__MaxFailures` failures within `Auth__Lockout__WindowMinutes`, every attempt from that client for that email, the right password included, is that 401 for `Auth__Lockout__DurationMinutes`, while other clients keep signing in; a success resets that client's count. Past `Auth__Lockout__AccountSlowdownAfter` failures of one email from all clients in the window, each further attempt without a valid `deviceToken` is answered only after a delay that doubles per failure up to `Auth__Lockout__MaxDelaySeconds` (slowed, never refused). A success returns a new `deviceToken`. Admins clear a throttle with unlockUser or resetUserPassword. Counted in the caller's per-address rate window whatever `Authorization` says. The new-password rules are not applied here, so passwords set before they existed keep working.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the caller's session; its token stops working at once.
         * @description For an API client or OIDC caller there is no session to end, and the call still answers 204.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the caller is. */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange the session token for a new one; the old token stops working at once.
         * @description Counted in the caller's per-address rate window as well as the caller's own.
         */
        post: operations["refreshSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API clients (not deleted) the caller can manage or see, newest first.
         * @description A host superadmin sees every client; others see the clients of workspaces they can access.
         */
        get: operations["listApiClients"];
        put?: never;
        /**
         * Create an API client; its token is returned this once.
         * @description A client scoped to a workspace needs Write access to it (404 when the caller cannot see it, 403 when read-only); an unscoped client (every workspace) needs a host superadmin.
         */
        post: operations["createApiClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** An API client (never its token). */
        get: operations["getApiClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clients/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deactivate an API client; its token stops working on the next request. */
        post: operations["revokeApiClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clients/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace an API client with a new one (new id, same name, role, scope and expiry) and a new token, returned this once; the old token stops working. */
        post: operations["rotateApiClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/packages/official": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The official packages shipped with Verso, ordered by name. */
        get: operations["listOfficialPackages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/security/ip-bans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bans imposed on client addresses, newest first.
         * @description Each ban is kept as an event when it is imposed (bans themselves live in each replica's memory and end at `bannedUntil`). Needs the Admin role and the host-superadmin flag: the list covers every client address the edge banned, whichever workspace its traffic was for, so a workspace's Admin must not read the addresses of other tenants' users (a 403 for an Admin without the flag).
         */
        get: operations["listIpBans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which storage provider media uses and whether it is configured. */
        get: operations["getStorageSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings/storage/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write, read back and delete a probe object under the managed prefix. */
        post: operations["testStorage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users (not deleted), ordered by email. */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user with a temporary password (shown once); the user must change it at first sign-in.
         * @description The email must be unused among live users (409). The temporary password must pass the new-password rules (400, see NewPassword). Grants naming an unknown workspace are 422.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /** A user. */
        get: operations["getUser"];
        /**
         * Change a user's email, name, role, superadmin flag, active state and grants.
         * @description Needs the user's ETag in If-Match (412 when missing or stale). An admin cannot deactivate themself, and the last active superadmin cannot be disabled, demoted or lose the flag (409). Deactivating a user ends their sessions.
         */
        put: operations["updateUser"];
        post?: never;
        /**
         * Soft-delete a user; their sessions end and the email becomes free.
         * @description An admin cannot delete themself, and the last active superadmin cannot be deleted (409).
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new temporary password (shown once) and require a change at next sign-in; the user's sessions end.
         * @description The temporary password must pass the new-password rules (400, see NewPassword). The user's sign-in throttle is cleared too (as by unlockUser), so the temporary password works at once.
         */
        post: operations["resetUserPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clear the user's sign-in throttle (every client's lock and the account-wide slowdown).
         * @description For an owner kept out by someone else's wrong guesses: every client locked out of this account, and the account-wide slowdown, are cleared at once. The password, sessions and device tokens are left as they are. Answers 204 whether or not anything was throttled; a lifted throttle is audited.
         */
        post: operations["unlockUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspaces the caller can access, ordered by name.
         * @description Users see the workspaces they hold a grant on (a host superadmin sees all); an API client or OIDC token sees the workspace it is scoped to.
         */
        get: operations["listWorkspaces"];
        put?: never;
        /**
         * Create a workspace.
         * @description Needs the Admin role and the host-superadmin flag. The slug must be valid (422) and unused among live workspaces (409).
         */
        post: operations["createWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** A workspace. */
        get: operations["getWorkspace"];
        /**
         * Rename a workspace or change its slug or description.
         * @description Needs Admin plus Write access, and If-Match with the current ETag (412 when missing or stale).
         */
        put: operations["updateWorkspace"];
        post?: never;
        /**
         * Soft-delete a workspace.
         * @description Needs Admin plus Write access, and If-Match with the current ETag (412 when missing or stale). The workspace and everything in it stop being reachable; its history stays.
         */
        delete: operations["deleteWorkspace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** Audit entries of one workspace, newest first. */
        get: operations["listWorkspaceAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/components": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** List the workspace's components, ordered by name. */
        get: operations["listComponents"];
        put?: never;
        /** Create a component with version 1 as a Draft. */
        post: operations["createComponent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/components/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** A component with its current version (the published one, else the draft). */
        get: operations["getComponent"];
        /** Change a component's name, slug and description. */
        put: operations["updateComponent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/components/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a Draft version, or return the existing one.
         * @description A new draft copies the fields of the latest version. When a draft already exists it is returned unchanged (200).
         */
        post: operations["createComponentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** One version of a component. */
        get: operations["getComponentVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}/fields": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Replace every field of a Draft version.
         * @description 422 `validation-failed` names the offending field; 422 `circular-component-reference` (with the `cycle`) when a
         *     nested component would make the component graph cyclic; 409 when the version is not a Draft.
         */
        put: operations["replaceComponentFields"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/components/{id}/versions/{versionNumber}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a Draft version that has at least one field.
         * @description Earlier published versions become Archived and the component's current version moves here. 409 unless the version is a Draft; 422 when it has no fields.
         */
        post: operations["publishComponentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /**
         * List content items, optionally only those served at an instant.
         * @description A constant number of SQL statements whatever the page size or data volume. With `resolve=true`, one (the paged
         *     projection also carries the total), two for a page past the end (a count added); otherwise two (a count and the
         *     paged projection).
         *
         *     With `resolve=true` the page is read from what each item serves, kept up to date in the same transaction as every
         *     write that changes it (publish, archive, restore, delete, schedule, window) and computed for all time, so `asOf` in
         *     the past or future reads it too and a window opening or closing needs no write. The page then costs the page (plus
         *     `(page - 1) × pageSize` skipped index entries), not the workspace. `totalCount` is always exact: with no filter
         *     other than `templateId`, `templateVersionId` and `localeCode` it is read from counts kept per workspace, template
         *     version and locale (no scan); with any other filter (`q`, `tags`, `status`, `slug`, `translationGroupId`, the date
         *     ranges) it counts the matching items, a cost that grows with the number of items the filter matches.
         *
         *     With `locale` (Verso extension) the list has one entry per translation group (and one per item without a group):
         *     the member the group serves in that locale along its fallback chain (see the parameter), and every other filter,
         *     the sort and the paging apply to that member. `localeCode` then filters on the served member's locale. With `locale` and
         *     no other filter, `totalCount` is read from counts kept per set of locales a group serves in; with other filters the
         *     matching entries are counted.
         *
         *     A resolved page at "now" (no `q`) is also kept finished, gzip-compressed, in PostgreSQL under the state it was
         *     read after, and served from there while nothing it depends on has changed: one statement and no compression work
         *     per request. Every published page is answered gzip-coded (`Content-Encoding: gzip`) to a client whose
         *     Accept-Encoding accepts gzip (`gzip`, `x-gzip` or `*`, not with `q=0`), with its own ETag (see the Vary and ETag
         *     headers); any other client, and every preview token's read, gets the JSON as is. Content-Encoding is HTTP's own
         *     framing of the body, so it is not declared as a header here.
         */
        get: operations["listContent"];
        put?: never;
        /**
         * Create a content item and its version 1 (Draft).
         * @description Version 1 is a Draft and may be incomplete; required fields and minimum occurrences are checked when it leaves Draft (submit, publish). Types, shapes, maximums and references are checked now. Once the workspace configures locales, `localeCode` must be one of them (422 at `/localeCode`) and is stored as configured (`de-ch` is `de-CH`); null is always allowed.
         */
        post: operations["createContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** A content item with every version summary and the version served now. */
        get: operations["getContent"];
        /**
         * Change an item's slug, locale, translation group and tags.
         * @description Slug, locale and translation group are copied onto every version. Needs the item ETag in `If-Match`. Once the workspace configures locales, a changed `localeCode` must be one of them (422 at `/localeCode`) and is stored as configured; the item's current locale sent unchanged, or null, is always allowed.
         */
        put: operations["updateContent"];
        post?: never;
        /**
         * Soft-delete a content item.
         * @description Refused with 409 `referenced-by-other-entity` (listing `referencedBy`) while a Reference field of another live item points at it. Inline children are not deleted with it. Needs `If-Match`.
         */
        delete: operations["deleteContent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/compare": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /**
         * Two versions of an item in one read, to compare them field by field (Verso extension, issue
         * @description The item (as `GET …/content/{id}` answers it) and its versions `from` and `to` (as `GET …/versions/{n}` answers
         *     them with `expandChildren=false`), plus the name of every child item either version names — the title, slug and
         *     template of the version that child serves now — so a client can show "what changed" by title without reading
         *     whole children. Without `to` the latest version is compared; without `from`, the version before `to` (or `to`
         *     itself when it is version 1). A version number the item does not have is 404. The answer carries a strong ETag
         *     (a digest of its bytes) and `If-None-Match` naming it is 304, so a client that keeps what it made of the two
         *     versions does not read them again. Not in upstream's contract: its clients read the two versions one by one.
         */
        get: operations["compareContentVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate an item into a new item whose version 1 (Draft) holds the latest version's values.
         * @description The spec's duplication (Resources, translation group): the copy keeps locale, tags and the latest version's
         *     template version and values, and gets a fresh translation group and a fresh slug — the one given, else
         *     `<slug>-copy`, `<slug>-copy-2`, … (the first free one; an item without a slug gives a copy without one).
         *     A given slug that is taken is 409. The copy is a Draft, so it may be incomplete. Emits `content.created`.
         *     Once the workspace configures locales, a source whose locale is not one of them cannot be copied (422 at
         *     `/localeCode`).
         *     The body is optional; a JSON `null` counts as none (generated clients send it for "no body").
         */
        post: operations["duplicateContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/link-translation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put two items in one translation group.
         * @description Reuses the item's group, else the target's, else a new one; returns every member ordered by locale.
         */
        post: operations["linkContentTranslation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/translation-status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /**
         * Every locale of the workspace with the state of the item's member in it (Verso extension).
         * @description Missing, or the member's newest version's status, and whether it is outdated against the source (the group's member in the default locale). Members in locales the workspace does not configure are listed after the configured ones, with `configured: false`.
         */
        get: operations["getContentTranslationStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/translations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** The members of the item's translation group (empty when it has none), ordered by locale. */
        get: operations["listContentTranslations"];
        put?: never;
        /**
         * Make the item's translation into another locale (Verso extension).
         * @description A new item in the item's translation group (one is made, and the item joins it, when it has none), in `localeCode`,
         *     whose version 1 is a Draft holding the item's served values (else its newest version's), the same template
         *     version and tags; fields shared across translations (`localized: false`) stay with the default-locale member.
         *     When the workspace configures locales, `localeCode` must be one of them (422). A member in that locale already in
         *     the group is 409, as is a given slug that is taken. Emits `content.created`.
         */
        post: operations["createContentTranslation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** The item's versions, highest number first. */
        get: operations["listContentVersions"];
        put?: never;
        /**
         * Create a new Draft version (optionally duplicating an existing one).
         * @description The Draft may be incomplete (required fields and minimum occurrences are checked on submit and publish). `duplicateFromVersionNumber` copies that version and sets `rolledBackFromVersionNumber`, as `POST …/rollback` does.
         */
        post: operations["createContentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** One version with its field values. */
        get: operations["getContentVersion"];
        /**
         * Replace a Draft, Review or Approved version's values and window.
         * @description Clears any schedule. Needs the version ETag in `If-Match`; a Published or Archived version is 409. A Draft may be
         *     saved incomplete. Verso, unlike upstream: changing the values, the window or the template version of a Review or
         *     Approved version sends it back to Draft (one `content.version_status_changed` event and audit entry), since its
         *     approval covered what was approved; the response then carries `returnedToDraftFrom`.
         */
        put: operations["updateContentVersion"];
        post?: never;
        /** Delete a Draft version (never the last one). */
        delete: operations["deleteContentVersion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a version in review (Review → Approved).
         * @description Needs TemplateAdmin. A version not in Review (an Approved one included) is 422 `invalid-state-transition` and nothing changes.
         */
        post: operations["approveContentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a Published version (Published → Archived).
         * @description It stops being served. A version that is not Published is 422 `invalid-state-transition` and nothing changes.
         */
        post: operations["archiveContentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish an Approved version now, or schedule it.
         * @description Publishing a version without an effective window archives the prior default-published version first, in the same transaction (with the `content.version_published` event). `overrideWorkflow` lets an Admin publish a Draft or Review version (403 for anyone else). With `publishAt` the Approved version is only scheduled. The body is optional. The version must be complete (required fields and minimum occurrences, also under `overrideWorkflow` and when scheduling): otherwise 422 `validation-failed` naming every missing field as `/fields/<key>`; the scheduler clears the schedule of a version it finds incomplete and records that in the audit log.
         */
        post: operations["publishContentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a version in review back to Draft with a reason (Review → Draft).
         * @description Needs TemplateAdmin. A version not in Review (a Draft included) is 422 `invalid-state-transition` and nothing changes.
         */
        post: operations["rejectContentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bring an Archived version back as a Draft (Archived → Draft).
         * @description Emits `content.version_status_changed`. A version that is not Archived is 422 `invalid-state-transition` and nothing changes.
         */
        post: operations["restoreContentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll back to a version - a new Draft holding its values and template version.
         * @description Duplicates the version into a new Draft (number = latest + 1) with its field values and template version, no
         *     effective window, and `rolledBackFromVersionNumber` set to it - exactly what upstream's clients do by hand with
         *     `POST …/versions` and `duplicateFromVersionNumber`. Publish the new version to serve it. A version of any status
         *     may be rolled back to. Emits `content.version_created`.
         */
        post: operations["rollbackContentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a Draft for review (Draft → Review).
         * @description Emits `content.version_status_changed`. The version must be complete: a required field or a minimum number of
         *     occurrences not met is 422 `validation-failed` naming every missing field as `/fields/<key>`, and nothing changes.
         *     A version that is not a Draft is 422 `invalid-state-transition` (no event, no audit entry).
         */
        post: operations["submitContentVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/{id}/versions/{versionNumber}/upgrade-template-version": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a Draft, Review or Approved version to its template's published version.
         * @description Without a body, values are remapped by field key (values whose key is gone are dropped); with `fields` they are replaced. Validated before saving: a failure is 422 and changes nothing. Clears any schedule; the item follows when this is its latest version. A Review or Approved version goes back to Draft (as on update; the response carries `returnedToDraftFrom`). 409 when the version is Published or Archived or the template has no published version.
         */
        post: operations["upgradeContentVersionTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit, approve, publish, archive, delete or tag up to 500 items in one request (Verso extension).
         * @description Each item is authorised as its single operation is (approve needs TemplateAdmin, publish, archive, delete and the
         *     tag actions need Editor), validated and applied on its own: its own transaction, events, audit entry (whose delta
         *     carries `bulk: true`) and invalidation, as if its single operation had been called. The answer is 200 with one
         *     result per item in the order sent; one item's failure never stops the others, and a failed item's `problem` is
         *     what its single operation would have answered (a 403, 404, 409, 422 …).
         *
         *     With `atomic: true` every item is applied in one transaction instead: when any item fails nothing is changed
         *     (no event, no audit entry, nothing invalidated) and the answer is 422 listing every failing item in `results`.
         *
         *     Bulk acts on each item's current state: no `If-Match` is sent per item, so `delete` and the tag actions do not
         *     guard against a change made since the client read the item. An id named twice is 400; more than 500 items is
         *     400; `addTags` and `removeTags` without `tags` are 400.
         */
        post: operations["bulkContentAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/by-slug/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: components["parameters"]["ContentSlugPath"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /**
         * The version of the item with this slug that is served at `asOf` (default now).
         * @description With `locale` (Verso extension) the slug names its item's translation group, and the answer is the version served
         *     by the group's member in that locale, else by the first member along the locale's fallback chain (see the
         *     parameter). The answer then also carries `requestedLocale` and `alternates` (every member that serves something,
         *     for `hreflang`), and `Content-Language` names the served member's locale; `/by-slug/about-us?locale=de` serves
         *     the German member `ueber-uns`. Fields a template shares across translations (`localized: false`) are served from
         *     the default-locale member's served version, in every read. Children are resolved in the reader's locale.
         *
         *     With a preview token and `locale`, the members compete with what each has to preview (its newest version that is
         *     not Archived, in its window when `asOf` names an instant), and `alternates` are the members that have something
         *     to preview. A token scoped to one item answers only when the member picked is that item (its children as the
         *     site serves them in that locale); when the chain picks another member the read is 404, as for any item outside
         *     the token's reach.
         */
        get: operations["getContentBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/missing-translations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /**
         * Default-locale items whose translation into a locale is missing or outdated (Verso extension).
         * @description One entry per (item, locale): every live item in the workspace's default locale, for each other configured locale (or only `locale`) in which its group has no member (`Missing`) or an outdated one (`Outdated`), ordered by the item's creation, newest first, then by locale. Empty when the workspace configures no locales.
         */
        get: operations["listMissingTranslations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/content/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /**
         * Versions across the workspace's items, by status, creator, rejection or schedule (Verso extension).
         * @description Verso extension for work queues (the admin's Home): the versions in Review, the caller's own Drafts, the ones a
         *     reviewer sent back, what is scheduled next — one page in one read, each row naming its item by title. Most
         *     recently changed first; with `scheduled=true`, soonest publication first.
         */
        get: operations["listWorkspaceContentVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/locales": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /**
         * The workspace's locales, its default locale and each locale's fallback chain (Verso extension).
         * @description What every delivery read with `locale` resolves through. A workspace that configures none answers `{ "defaultLocale": null, "locales": [] }`.
         */
        get: operations["getWorkspaceLocales"];
        /**
         * Replace the workspace's locales (Verso extension).
         * @description Needs TemplateAdmin (or Admin) plus Write access, and If-Match with the current ETag (412 when missing or stale). Codes are canonicalised (`de-ch` is `de-CH`). 422 names what is wrong: a duplicate code, a default that is not listed, a chain naming an unknown locale, repeating one, leading back to its own locale or not ending in the default, or a removed locale that live items still use. Every delivery read of the workspace follows the new chains at once (cached answers and stored pages end).
         */
        put: operations["updateWorkspaceLocales"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/media": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** List the workspace's media assets, newest first. */
        get: operations["listMedia"];
        put?: never;
        /**
         * Upload a file (multipart/form-data), streamed to storage as it arrives.
         * @description At most `Media__MaxFileSizeMb` MiB (50): one byte more is 413 and nothing is kept. The file's type must be allowed (`Media__AllowedMimeTypes`; entries ending in `/` match by prefix), must not be HTML, XHTML, XML (`+xml`, SVG aside) or script whatever that list says, and must agree with its first bytes (an HTML file declared `image/png` is refused): 415 otherwise. An empty file is 400. The stored `fileName` ends with an extension of the type (`report.html` sent as `text/plain` is stored as `report.txt`; `README` as `README.txt`). Text parts (`altText`, file names, any other field) must be UTF-8 without U+0000, U+FFFD or an unpaired surrogate: 400 naming the part. A refused upload keeps nothing.
         */
        post: operations["uploadMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** A media asset's details. */
        get: operations["getMedia"];
        /** Change a media asset's alt text. */
        put: operations["updateMedia"];
        post?: never;
        /**
         * Delete a media asset; its bytes are purged after the retention window.
         * @description Refused with 409 `referenced-by-other-entity` (and `referencedBy`) while content that is not deleted refers to it. Otherwise the asset disappears at once and its bytes are deleted once `Media__Operations__RetentionDays` have passed.
         */
        delete: operations["deleteMedia"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/media/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** The file's bytes, streamed; conditional (If-None-Match) and single ranges supported. */
        get: operations["downloadMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/media/public-urls/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End every public media URL of the workspace handed out so far; new ones are handed out from now on.
         * @description Adds one to the workspace's media URL generation, which every public URL signs: URLs of an earlier generation are 404 at once on every replica, and delivery answers carry the new URLs (their ETags change). A CDN may still hold copies of what it fetched before; purge it too. Needs Admin and Write.
         */
        post: operations["rotatePublicMediaUrls"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/packages/export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /**
         * Export templates, components and picklists as a package document.
         * @description Without any `templateIds`, `componentIds` or `picklistIds` the whole model of the workspace is exported.
         *     Components and picklists the selected templates depend on are included automatically. Each template is
         *     exported at its current version (published, else draft); picklists at the revision their fields bind.
         */
        get: operations["exportPackage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/packages/import": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a package in one transaction.
         * @description The body is a package document, or `{manifest, resolutions}`. Templates are matched by slug: a new one is
         *     created, an existing one gets a new published version whose fields are matched by key. Picklists and
         *     components whose slug exists with different content need a resolution (`useExisting`, `replace`,
         *     `importAsNew`); without one the import is refused with 409 listing `unresolvedPicklists`,
         *     `unresolvedComponents` and the `preview`. Importing a version of the package that is already installed
         *     (or an older one) is refused with 409 and `installedVersions`. An invalid package (unknown references,
         *     duplicate slugs or keys, cycles, too many fields) is refused with 422 and `errors`; nothing changes.
         */
        post: operations["importPackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/packages/import/official/{packageId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of an official package (as listed by `GET /api/v1/packages/official`). */
                packageId: components["parameters"]["OfficialPackageId"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import one of the official packages (resolutions optional). */
        post: operations["importOfficialPackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/packages/import/official/{packageId}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of an official package (as listed by `GET /api/v1/packages/official`). */
                packageId: components["parameters"]["OfficialPackageId"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Preview importing one of the official packages; changes nothing. */
        post: operations["previewOfficialPackageImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/packages/import/preview": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report what importing a package would create, update or conflict with; changes nothing. */
        post: operations["previewPackageImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/picklists": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** List the workspace's picklists, ordered by name. */
        get: operations["listPickLists"];
        put?: never;
        /**
         * Create a picklist (revision 1).
         * @description Option values must be unique, case-insensitively (422).
         */
        post: operations["createPickList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/picklists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** A picklist at its current revision. */
        get: operations["getPickList"];
        /**
         * Write a new revision of a picklist and make it current.
         * @description Fields bound to an earlier revision keep it until a draft rebinds them.
         */
        put: operations["updatePickList"];
        post?: never;
        /**
         * Soft-delete a picklist that no field binds.
         * @description Refused with 409 `referenced-by-other-entity` while a template or component field binds it.
         */
        delete: operations["deletePickList"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/picklists/{id}/revisions/{revisionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                revisionId: components["parameters"]["PickListRevisionId"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** A picklist as it was at one revision. */
        get: operations["getPickListRevision"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/preview-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /**
         * The workspace's live preview tokens (not revoked, not expired), newest first; never a token itself.
         * @description Admins see every live token of the workspace; other callers (Editor and above) see only the tokens they minted themselves.
         */
        get: operations["listPreviewTokens"];
        put?: never;
        /**
         * Mint a preview token for the workspace, or for one content item; the token is returned this once.
         * @description Lives `expiresInMinutes` (default 60, at most `Preview__MaxLifetimeMinutes`, 1440 unless configured lower: 422 beyond it). A site sends it as a bearer token to `getContentBySlug`, `listContent` and `getContentVersion` and gets each item's newest version that is not Archived, marked `isPreview: true`. With `releaseId` it gets the workspace as it will be once that release is published instead (the release's versions, the rest as served; see docs/releases.md), and deleting the release revokes the token. Every other operation answers 403; an expired or revoked token 401. Audited.
         */
        post: operations["createPreviewToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/preview-tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a preview token; it answers 401 from the next request on, on every replica.
         * @description Admins revoke any token of the workspace; other callers (Editor and above) only the tokens they minted themselves (another's is 404, as it is absent from their list).
         */
        delete: operations["revokePreviewToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/releases": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** The workspace's releases, newest first. */
        get: operations["listReleases"];
        put?: never;
        /**
         * Create an empty release, `Open`, or `Scheduled` when `publishAt` is given.
         * @description `publishAt` must be in the future (422 at `/publishAt`). Audited.
         */
        post: operations["createRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/releases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** A release with its entries. */
        get: operations["getRelease"];
        /**
         * Rename a release, describe it, or set or clear its `publishAt`.
         * @description A `publishAt` makes it `Scheduled` (it must be in the future: 422 at `/publishAt`); null makes it `Open`. A `Failed` release becomes `Open` or `Scheduled` again. A `Published` or `Reverted` release is 409. Audited.
         */
        put: operations["updateRelease"];
        post?: never;
        /**
         * Delete a release that is not published (its entries go with it; no content changes).
         * @description A `Published` release is 409 (revert it first); a `Reverted` one may be deleted. Audited.
         */
        delete: operations["deleteRelease"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/releases/{id}/entries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put an item's version in the release, to publish or to archive; a second add for the item replaces the first.
         * @description The version must exist (404 otherwise); what it must be to publish is checked by the validation and at publish time, so a Draft may be added and approved later. The entry remembers the version as it is now: a later edit of it is a `ChangedSinceAdded` problem until it is added again. A `Published` or `Reverted` release is 409. Audited.
         */
        post: operations["addReleaseEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/releases/{id}/entries/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                /** @description The entry's content item. */
                itemId: string;
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Take an item out of the release.
         * @description 404 when the item has no entry in it; a `Published` or `Reverted` release is 409. Audited.
         */
        delete: operations["removeReleaseEntry"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/releases/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply every entry in one transaction, all or nothing.
         * @description Each entry is published or archived through the same code paths as a single publish or archive (each item's events, audit entry, served rows and invalidation), plus one `release.published` event carrying the union of the entries' purge keys. The items are locked in id order, so an edit of an entry running meanwhile either finishes first (and is then a `ChangedSinceAdded` problem) or waits for the release. Any problem is 422 listing every one, and nothing changes. The caller must be allowed to publish every entry (403 naming the first item it may not). The release must be `Open`, `Scheduled` or `Failed` (409 otherwise). Audited.
         */
        post: operations["publishRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/releases/{id}/revert": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore, in one transaction, what each entry's item served before the release.
         * @description Each item serves the version it served before the release again (restored or republished through the usual paths, with their events); an item that served nothing before is archived. Only a `Published` release (409 otherwise); the caller must be allowed to publish every entry (403). Audited.
         */
        post: operations["revertRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/releases/{id}/validation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /**
         * Whether the release would publish now, and every problem that stops it.
         * @description The same check a publish makes (see ReleaseProblemReason); `ready` is false when there are problems or no entries. Changes nothing.
         */
        get: operations["validateRelease"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** List the workspace's tags, ordered by name, with how many content items carry each. */
        get: operations["listTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/tags/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a tag and remove it from every content item. */
        delete: operations["deleteTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** List the workspace's templates, ordered by name. */
        get: operations["listTemplates"];
        put?: never;
        /** Create a template with version 1 as a Draft. */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** A template with its current version (the published one, else the draft). */
        get: operations["getTemplate"];
        /** Change a template's name and description (the slug is immutable). */
        put: operations["updateTemplate"];
        post?: never;
        /**
         * Soft-delete a template that no content uses.
         * @description Refused with 409 `referenced-by-other-entity` (listing the items in `referencedBy`) while any content item uses any of its versions.
         */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** The template's versions, newest first. */
        get: operations["listTemplateVersions"];
        put?: never;
        /**
         * Start a new Draft version.
         * @description Copies the sections and fields of the current published version (fields get new ids, keep their keys).
         *     A template has at most one Draft: 409 `conflict` while one exists.
         */
        post: operations["createTemplateVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** One version of a template, by number. */
        get: operations["getTemplateVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a field to a Draft version.
         * @description 422 `validation-failed` (naming the offending member in `errors`) when the field breaks a rule; 422
         *     `circular-template-reference` (with the `cycle` of template names) when its composition would make the
         *     workspace's template graph cyclic; 409 `conflict` when the key is already used in the version.
         */
        post: operations["createTemplateField"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/{fieldId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fieldId: components["parameters"]["FieldId"];
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        /** Replace a field of a Draft version. */
        put: operations["updateTemplateField"];
        post?: never;
        /** Remove a field of a Draft version. */
        delete: operations["deleteTemplateField"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/fields/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        /** Set the order of fields of a Draft version. */
        put: operations["reorderTemplateFields"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Publish a Draft version.
         * @description Earlier published versions become Archived, the template's `currentVersionId` moves to this version and a
         *     `template.version_published` event is recorded, all in one transaction. Only a Draft can be published (409).
         *     Needs the version's ETag in `If-Match` (412 when missing or stale).
         */
        put: operations["publishTemplateVersion"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a section to a Draft version. */
        post: operations["createTemplateSection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/sections/{sectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                sectionId: components["parameters"]["SectionId"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        /** Change a section of a Draft version. */
        put: operations["updateTemplateSection"];
        post?: never;
        /** Remove a section of a Draft version; its fields move to the root. */
        delete: operations["deleteTemplateSection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/{id}/versions/{versionNumber}/title-field": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Name the field whose value is a content item's title (a Draft version).
         * @description Verso extension (upstream has no title field). Lists, search results, pickers and history show an item's title
         *     (the text of this field in the item's version) with its slug as secondary text. `titleFieldKey` names a
         *     non-open Text field of the version; null returns to the default, the version's first Text field. 422
         *     `validation-failed` at `/titleFieldKey` when the key names no Text field of the version. `If-Match` as on the
         *     other draft-structure writes.
         */
        put: operations["setTemplateTitleField"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/templates/versions/{versionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template version's own id. */
                versionId: components["parameters"]["TemplateVersionId"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** A template version by its own id, whatever its template or status. */
        get: operations["getTemplateVersionById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** List the workspace's webhook endpoints, newest first. */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register an endpoint; its signing secret is returned this once.
         * @description A workspace has at most `Webhook__MaxEndpointsPerWorkspace` endpoints (default 50, active or not; deleted ones do not count) and at most `Webhook__MaxEndpointsPerHost` (default 10) with the same host in their URL; beyond either, 422 `validation-failed`.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** An endpoint (never its secret). */
        get: operations["getWebhookEndpoint"];
        /** Change an endpoint's name, URL, subscriptions or whether it is active. */
        put: operations["updateWebhookEndpoint"];
        post?: never;
        /**
         * Delete an endpoint and its delivery logs; nothing more is sent to it.
         * @description Its deliveries still waiting are cancelled with it: they are deleted (as upstream does) and never attempted. An attempt already under way when the endpoint is deleted finishes, and its outcome is not recorded.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        /** The endpoint's deliveries, newest first. */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/webhooks/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: components["parameters"]["DeliveryId"];
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a failed or dead-lettered delivery for another attempt now.
         * @description The delivery becomes pending and due now; its attempt count is kept (history). A delivered one is 409 `conflict`, and so is any delivery of an inactive endpoint (its deliveries wait until it is active again; activate it to have them attempted).
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{workspaceId}/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the endpoint's signing secret with a generated one, returned this once.
         * @description Attempts made from now on (retries of earlier events included) are signed with the new secret.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A self-contained HTML view of the readiness checks.
         * @description Exists only when `Api__HealthDashboardEnabled` is true (default false); otherwise 404. It can reveal
         *     failure details, so expose it only to operators.
         */
        get: operations["getHealthDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is running. */
        get: operations["getHealthLive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database and the storage provider are reachable. */
        get: operations["getHealthReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/v1/{workspaceId}/{assetId}/{contentVersion}/{signature}/{transformation}/{fileName}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                assetId: string;
                /** @description The first 16 hex digits of the SHA-256 of the asset's bytes, as the signed URL carries it. */
                contentVersion: string;
                /** @description Any name (for the browser and the reader); it selects nothing. */
                fileName: string;
                /** @description `{keyId}.{mac}`, or `{keyId}.{generation}.{mac}` once the workspace's public URLs have been rotated: the keyring key that signed the URL, the workspace's media URL generation, and the HMAC-SHA-256 (first 16 bytes, base64url) over workspace, asset, content version and generation. Any key still in the keyring verifies, so rotating keys keeps old URLs valid; a URL of an earlier generation than the workspace's is 404. */
                signature: string;
                /** @description `original` for the bytes as uploaded, or comma-separated transformations: `w_{width}`, `f_{auto|webp|avif|jpeg|png}`, `dpr_{1|2|3}`. Not signed: every value must lie in the set `GET /media/v1/settings` publishes (400 otherwise). Height, fit, focal point and quality (`h_`, `fit_`, `fp_`, `q_`) are not accepted (400 saying so): the server keeps the image's aspect ratio and encodes at its `defaultQuality`, so one image has a small, bounded number of renditions. */
                transformation: string;
                workspaceId: string;
            };
            cookie?: never;
        };
        /**
         * An image rendition (or the original file) from a signed URL, without a credential.
         * @description The URLs come from delivery responses (`asset.url`, `asset.renditionUrl`) and the media API. A wrong signature is 403 before anything is read; a transformation outside the published set is 400; an asset that is deleted, not available, of another content version, or of a workspace whose public media is off is 404. Renditions are computed once (per replica at a time), stored under the managed prefix `verso/renditions/` and streamed from there afterwards — within `Media__Public__StoredPerAsset` renditions per asset and `StoredMiBPerWorkspace` per workspace; beyond them a rendition is computed and served without being stored. One client may have `Media__Public__ColdPerMinute` renditions computed a minute (429 beyond; renditions already made are not counted). SVG is never rasterised: only `original` is served, as an attachment. Animated GIFs are transformed from their first frame; `original` keeps the animation.
         */
        get: operations["getPublicRendition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The transformations public image URLs accept.
         * @description What an SDK checks a rendition URL against before it builds one (`imageUrl`, `srcSet`), so a value outside the set fails in the client instead of as a 400.
         */
        get: operations["getPublicMediaSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document, bundled.
         * @description Served when `Api__SwaggerEnabled` is true (default true except in production); otherwise 404.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/schema/ctp-1.0.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** JSON Schema of package documents, format 1.0. */
        get: operations["getPackageSchemaV10"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/schema/ctp-1.1.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** JSON Schema of package documents, format 1.1. */
        get: operations["getPackageSchemaV11"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/swagger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Interactive documentation (Swagger UI) of this document.
         * @description Served when `Api__SwaggerEnabled` is true (default true except in production); otherwise 404.
         */
        get: operations["getApiDocsViewer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/swagger/assets/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A static file of the documentation viewer. */
        get: operations["getApiDocsAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    contentEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A content event (`content.*`) delivered to an endpoint subscribed to its type. */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks message id, the event id (equal to the body's `id`). */
                    "webhook-id": string;
                    /** @description `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, with the same key. */
                    "webhook-signature": string;
                    /** @description Standard Webhooks timestamp, Unix seconds of this attempt (receivers refuse stale ones). */
                    "webhook-timestamp": string;
                    /** @description The event type; not signed. It must equal the body's `type` (receivers refuse the delivery otherwise). */
                    "X-Verso-Event": components["schemas"]["WebhookEventType"];
                    /** @description The event id; the same on every attempt. It must equal the body's `id` and `webhook-id`. */
                    "X-Verso-Event-Id": string;
                    /** @description `sha256=` + lowercase hex HMAC-SHA256 of the body bytes, keyed with the secret's UTF-8 bytes (`whsec_` included). */
                    "X-Verso-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookContentEventPayload"];
                };
            };
            responses: {
                /** @description Any 2xx answer marks the delivery delivered; anything else (or no answer) is retried with backoff. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    releasePublished: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A `release.published` event delivered to an endpoint subscribed to it (one per release, next to each item's own events). */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks message id, the event id (equal to the body's `id`). */
                    "webhook-id": string;
                    /** @description `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, with the same key. */
                    "webhook-signature": string;
                    /** @description Standard Webhooks timestamp, Unix seconds of this attempt (receivers refuse stale ones). */
                    "webhook-timestamp": string;
                    /** @description The event type; not signed. It must equal the body's `type` (receivers refuse the delivery otherwise). */
                    "X-Verso-Event": components["schemas"]["WebhookEventType"];
                    /** @description The event id; the same on every attempt. It must equal the body's `id` and `webhook-id`. */
                    "X-Verso-Event-Id": string;
                    /** @description `sha256=` + lowercase hex HMAC-SHA256 of the body bytes, keyed with the secret's UTF-8 bytes (`whsec_` included). */
                    "X-Verso-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookReleasePublishedPayload"];
                };
            };
            responses: {
                /** @description Any 2xx answer marks the delivery delivered; anything else (or no answer) is retried with backoff. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    templateVersionPublished: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A `template.version_published` event delivered to an endpoint subscribed to it. */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks message id, the event id (equal to the body's `id`). */
                    "webhook-id": string;
                    /** @description `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, with the same key. */
                    "webhook-signature": string;
                    /** @description Standard Webhooks timestamp, Unix seconds of this attempt (receivers refuse stale ones). */
                    "webhook-timestamp": string;
                    /** @description The event type; not signed. It must equal the body's `type` (receivers refuse the delivery otherwise). */
                    "X-Verso-Event": components["schemas"]["WebhookEventType"];
                    /** @description The event id; the same on every attempt. It must equal the body's `id` and `webhook-id`. */
                    "X-Verso-Event-Id": string;
                    /** @description `sha256=` + lowercase hex HMAC-SHA256 of the body bytes, keyed with the secret's UTF-8 bytes (`whsec_` included). */
                    "X-Verso-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookTemplateVersionPublishedPayload"];
                };
            };
            responses: {
                /** @description Any 2xx answer marks the delivery delivered; anything else (or no answer) is retried with backoff. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    workspaceUpdated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A `workspace.updated` event delivered to an endpoint subscribed to it. */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Standard Webhooks message id, the event id (equal to the body's `id`). */
                    "webhook-id": string;
                    /** @description `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, with the same key. */
                    "webhook-signature": string;
                    /** @description Standard Webhooks timestamp, Unix seconds of this attempt (receivers refuse stale ones). */
                    "webhook-timestamp": string;
                    /** @description The event type; not signed. It must equal the body's `type` (receivers refuse the delivery otherwise). */
                    "X-Verso-Event": components["schemas"]["WebhookEventType"];
                    /** @description The event id; the same on every attempt. It must equal the body's `id` and `webhook-id`. */
                    "X-Verso-Event-Id": string;
                    /** @description `sha256=` + lowercase hex HMAC-SHA256 of the body bytes, keyed with the secret's UTF-8 bytes (`whsec_` included). */
                    "X-Verso-Signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookWorkspaceUpdatedPayload"];
                };
            };
            responses: {
                /** @description Any 2xx answer marks the delivery delivered; anything else (or no answer) is retried with backoff. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AccountPreferencesResponse: {
            displayName: string | null;
            email: string;
            theme: components["schemas"]["Theme"];
            timeZoneId: string | null;
            /** Format: uuid */
            userId: string;
        };
        /** @enum {string} */
        ActorKind: "User" | "ApiClient" | "External";
        AddReleaseEntryRequest: {
            action: components["schemas"]["ReleaseEntryAction"];
            /** Format: uuid */
            itemId: string;
            /** Format: int32 */
            versionNumber: number;
        };
        ApiClientDto: {
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            /** Format: date-time */
            expiresAt: string | null;
            /** Format: uuid */
            id: string;
            isActive: boolean;
            /**
             * Format: date-time
             * @description Updated at most once per `Auth__ApiClientTouchIntervalSeconds`.
             */
            lastUsedAt: string | null;
            name: string;
            role: components["schemas"]["Role"];
            /**
             * @description `Full`: everything the role and workspace allow. `Delivery`: only the published delivery reads (content by slug and the list of served content, `resolve=true`) and the public image routes they link to; every other operation answers 403. A delivery-only token is the one to put behind a public CDN.
             * @enum {string}
             */
            scope: "Full" | "Delivery";
            /**
             * Format: uuid
             * @description The workspace the client is confined to; null means every workspace.
             */
            workspaceId: string | null;
        };
        ApiClientDtoPagedResponse: {
            items: components["schemas"]["ApiClientDto"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        /** @enum {string} */
        AuditAction: "Created" | "Updated" | "Deleted" | "StatusChanged";
        AuditActorResponse: {
            displayName: string | null;
            /** @description A user or API-client id, or an OIDC subject. */
            id: string;
            /** @enum {string} */
            type: "User" | "ApiClient" | "External";
        };
        AuditLogResponse: {
            action: components["schemas"]["AuditAction"];
            /** @description Who made the change; null for changes the system made itself (the first-start seed). */
            actor: components["schemas"]["AuditActorResponse"] | null;
            /** @description For each changed property, its value before and after. PasswordHash and TokenHash values appear as `redacted:` followed by the first 12 hex characters of their SHA-256 (digests of salted hashes and of random tokens, which reveal nothing). Secret values (a webhook's signing secret, which a caller may choose) appear as the bare text `redacted`: a digest of a chosen secret could be brute-forced offline. A changed secret still shows as a property whose before and after are both `redacted` (or null). */
            changeDelta: {
                [key: string]: {
                    after: unknown;
                    before: unknown;
                };
            };
            /**
             * Format: uuid
             * @description Verso extension (#25) — the content item an entry of an item or one of its versions belongs to; null otherwise.
             */
            contentItemId?: string | null;
            /**
             * @description Verso extension (#25) — that item's title now (the title field of its newest version that has one), so a row can name the item;
             *     null when the entry concerns no item, the item has no title, or it was deleted.
             */
            contentItemTitle?: string | null;
            /** Format: uuid */
            entityId: string;
            /** @example ContentVersion */
            entityType: string;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            timestamp: string;
            /** @description Verso extension — how the change reached the API when not by a plain HTTP call: `Mcp` for a tool call of an agent through the MCP server (`/mcp` or the `verso-mcp` command), with the MCP client's name and version as it introduced itself; `actor` is then whom the agent acted for. Null for every other change. The server sets it itself: no request header can claim it. */
            via?: components["schemas"]["AuditOriginResponse"] | null;
            /** Format: uuid */
            workspaceId: string | null;
        };
        AuditLogResponsePagedResponse: {
            items: components["schemas"]["AuditLogResponse"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        AuditOriginResponse: {
            /**
             * @description How the request reached the API (`Mcp`: a tool call of the MCP server).
             * @enum {string}
             */
            channel: "Mcp";
            /**
             * @description The MCP client's name from its `initialize` request (for example `claude-ai`).
             * @example claude-ai
             */
            clientName: string;
            /** @description The MCP client's version from its `initialize` request. */
            clientVersion: string | null;
        };
        /**
         * @description What a bulk action does to each item, as its single operation would: `submit` (Draft → Review), `approve`
         *     (Review → Approved, needs TemplateAdmin), `publish` (an Approved version, published now), `archive` (the served
         *     Published version), `delete` (the item, as `DELETE …/content/{id}` without `If-Match`), `addTags` and `removeTags`
         *     (the item's tags, as `PUT …/content/{id}` with the tags changed, without `If-Match`).
         * @enum {string}
         */
        BulkContentAction: "submit" | "approve" | "publish" | "archive" | "delete" | "addTags" | "removeTags";
        /** @description An atomic bulk action that changed nothing: the problem (`validation-failed`, 422) and, in `results`, every item that failed, in the order sent, each with the problem its single operation would have answered. */
        BulkContentActionProblem: components["schemas"]["ProblemDetails"] & {
            results: components["schemas"]["BulkContentItemResult"][];
        };
        BulkContentActionRequest: {
            action: components["schemas"]["BulkContentAction"];
            /** @description `true`: all or nothing — every item is applied in one transaction, and any failure is 422 listing every failing item, with nothing changed (no event, no audit entry). Absent, null or `false`: each item on its own. */
            atomic?: boolean | null;
            /** @description The items, at most 500, each at most once (an id named twice is 400). */
            items: components["schemas"]["BulkContentItemRequest"][];
            /** @description The tags to add or remove; required by `addTags` and `removeTags` (400 without), ignored by the others. */
            tags?: components["schemas"]["TagName"][] | null;
        };
        BulkContentActionResponse: {
            /** @description One result per item, in the order sent. */
            results: components["schemas"]["BulkContentItemResult"][];
        };
        BulkContentItemRequest: {
            /**
             * Format: uuid
             * @description The content item.
             */
            id: string;
            /**
             * Format: int32
             * @description The version to act on (submit, approve, publish, archive). Absent or null: the action's natural version — the item's Draft for submit, its version in Review for approve, its Approved version for publish, the version it serves for archive (the newest of each when there are several). Ignored by delete and the tag actions.
             */
            versionNumber?: number | null;
        };
        BulkContentItemResult: {
            /** Format: uuid */
            id: string;
            /** @description For a failed item, the problem details its single operation would have answered (its `status`, `type`, `detail` and `errors`; `instance` is that operation's path); null when the item succeeded. */
            problem: components["schemas"]["ProblemDetails"] | null;
            status: components["schemas"]["BulkContentItemStatus"];
            /**
             * Format: int32
             * @description The version acted on (the one named, else the natural one); null for delete and the tag actions, and when no version fits.
             */
            versionNumber: number | null;
        };
        /**
         * @description Whether the action was applied to the item.
         * @enum {string}
         */
        BulkContentItemStatus: "ok" | "failed";
        ChangePasswordRequest: {
            currentPassword: string;
            newPassword: components["schemas"]["NewPassword"];
        };
        /** @description Names exactly one of `primitiveType` or `nestedComponentId`. A `PickList` field binds `picklistId` and `picklistRevisionId`. */
        ComponentFieldRequest: {
            fieldConfig?: components["schemas"]["FieldConfig"] | null;
            helpText?: string | null;
            /** @default false */
            isRequired?: boolean;
            key: components["schemas"]["FieldKey"];
            label: string;
            /** Format: int32 */
            maxOccurrences?: number | null;
            /**
             * Format: int32
             * @default 0
             */
            minOccurrences?: number;
            /** Format: uuid */
            nestedComponentId?: string | null;
            /** Format: int32 */
            order: number;
            /** Format: uuid */
            picklistId?: string | null;
            /** Format: uuid */
            picklistRevisionId?: string | null;
            primitiveType?: components["schemas"]["PrimitiveType"] | null;
        };
        ComponentFieldResponse: {
            fieldConfig: components["schemas"]["FieldConfig"];
            helpText: string | null;
            /** Format: uuid */
            id: string;
            isRequired: boolean;
            key: string;
            label: string;
            /** Format: int32 */
            maxOccurrences: number | null;
            /** Format: int32 */
            minOccurrences: number;
            /** Format: uuid */
            nestedComponentId: string | null;
            /** Format: int32 */
            order: number;
            /** Format: uuid */
            picklistId: string | null;
            /** Format: uuid */
            picklistRevisionId: string | null;
            primitiveType: components["schemas"]["PrimitiveType"] | null;
        };
        ComponentRequest: {
            description?: string | null;
            name: string;
            slug: components["schemas"]["Slug"];
        };
        ComponentResponse: {
            /** Format: date-time */
            createdAt: string;
            currentVersion: components["schemas"]["ComponentVersionResponse"] | null;
            /**
             * Format: uuid
             * @description The published version, else the draft.
             */
            currentVersionId: string | null;
            description: string | null;
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Every version of the component, newest first (each readable with getComponentVersion). */
            versions: components["schemas"]["ComponentVersionSummary"][];
            /** Format: uuid */
            workspaceId: string;
        };
        ComponentSummaryResponse: {
            /** Format: uuid */
            currentVersionId: string | null;
            description: string | null;
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
        };
        ComponentSummaryResponsePagedResponse: {
            items: components["schemas"]["ComponentSummaryResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        ComponentVersionRequest: {
            notes?: string | null;
        };
        ComponentVersionResponse: {
            /** Format: uuid */
            componentId: string;
            fields: components["schemas"]["ComponentFieldResponse"][];
            /** Format: uuid */
            id: string;
            notes: string | null;
            /** Format: date-time */
            publishedAt: string | null;
            status: components["schemas"]["TemplateVersionStatus"];
            /** Format: int32 */
            versionNumber: number;
        };
        ComponentVersionSummary: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            publishedAt: string | null;
            status: components["schemas"]["TemplateVersionStatus"];
            /** Format: int32 */
            versionNumber: number;
        };
        /**
         * @description How a composition field holds its child content item — `Inline` (owned, edited with the parent) or `Reference` (an existing item).
         * @enum {string}
         */
        CompositionMode: "Inline" | "Reference";
        /** @description A member of the translation group that serves something, for `hreflang` links and language switchers. */
        ContentAlternate: {
            /** Format: uuid */
            contentItemId: string;
            localeCode: string | null;
            slug: string | null;
        };
        /** @description A user as an editing list names them. */
        ContentAuthor: {
            /** @description The user's display name, else their email. */
            name: string;
            /** Format: uuid */
            userId: string;
        };
        /** @description How a child item is named when it is listed (Verso extension, issue */
        ContentChildNameResponse: {
            /** Format: uuid */
            contentItemId: string;
            slug: string | null;
            templateName: string;
            /** @description The text of the served version's title field; null when it has none (show the slug instead). */
            title: string | null;
        };
        /**
         * @description One value of one field of the version's template version. Repeated fields send one value per occurrence; values of
         *     one field submitted with equal `order` are renumbered in the order they were sent. Which member carries the value
         *     depends on `valueKind`: `textValue` (Text, RichText, Markdown, Link, Quote, and PickList option values),
         *     `boolValue` (Boolean), `mediaAssetId` (Media), `fileAssetId` (File), `childContentItemId` (ChildContent),
         *     `jsonValue` (Component values, an object keyed by the component's field keys; Json values; also Link and Quote),
         *     `numberValue` (Number), `dateValue` (Date) and `dateTimeValue` (DateTime). Inside a Component value the members
         *     of these types follow the same rules: a Number member is a JSON number, Date and DateTime members are strings (a
         *     DateTime kept in UTC as a DateTime value is), and a Json member is any JSON value, a list included (never split
         *     into occurrences), checked against its `fieldConfig.schema`.
         */
        ContentFieldValueRequest: {
            boolValue?: boolean | null;
            /** Format: uuid */
            childContentItemId?: string | null;
            /**
             * @description A DateTime value, an RFC 3339 instant with its offset (`2026-12-24T18:00:00+01:00` or `…Z`); a time without an
             *     offset is refused (422), not guessed, and so are years outside 0001–9999 in UTC. Stored to the millisecond:
             *     finer fractions (.NET writes seven digits) are truncated, not refused. Answered in UTC with `Z`.
             * @example 2026-12-24T17:00:00Z
             */
            dateTimeValue?: string | null;
            /**
             * @description A Date value, a calendar date `YYYY-MM-DD` that exists (`2026-02-30` is refused with 422).
             * @example 2026-12-24
             */
            dateValue?: string | null;
            /** Format: uuid */
            fieldId: string;
            /**
             * Format: uuid
             * @description A File value's asset; it must be an available (uploaded, not deleted) asset of this workspace (422 otherwise).
             */
            fileAssetId?: string | null;
            /**
             * @description Any JSON value (an object for Component values), at most 32 levels of nested arrays and objects (a scalar is 0,
             *     `{}` is 1) and at most 262,144 bytes (256 KiB) as compact UTF-8 JSON; a deeper or larger value is 422
             *     `validation-failed` naming `/fields/<index>/jsonValue`. The limits keep the deepest response within the 64
             *     levels JSON readers such as System.Text.Json accept by default: a version detail with children expanded 8
             *     levels is 3 + 3 × 8 + 32 = 59 levels deep, a publish response 60.
             */
            jsonValue?: unknown;
            /**
             * Format: uuid
             * @description A Media value's asset; it must be an available (uploaded, not deleted) asset of this workspace (422 otherwise).
             */
            mediaAssetId?: string | null;
            /**
             * @description A Number value, stored exactly as a decimal: at most 15 significant digits (what every JSON reader keeps
             *     exactly), within the field's `min`, `max`, `integer` and `decimals` (422 naming the field otherwise). `-0` is
             *     stored as `0`.
             */
            numberValue?: number | null;
            /** Format: int32 */
            order: number;
            textValue?: string | null;
            valueKind: components["schemas"]["ValueKind"];
        };
        ContentItemDetailResponse: {
            /** Format: date-time */
            createdAt: string;
            /** @description The version served now (or at `asOf` on the list), per the serving rule; null when nothing is served. */
            currentlyServingVersion: components["schemas"]["ContentVersionSummaryResponse"] | null;
            /** Format: uuid */
            id: string;
            localeCode: string | null;
            slug: string | null;
            tags: string[];
            templateName: string;
            templateSlug: string;
            /** Format: uuid */
            templateVersionId: string;
            /**
             * @description Verso extension: the item's title, the text of its template version's title field (`titleFieldKey`) in its newest version that has one, so a new Draft still empty does not blank the item's name;
             *     null when no version has text there (show the slug instead).
             */
            title: string | null;
            /** Format: uuid */
            translationGroupId: string | null;
            /** Format: date-time */
            updatedAt: string;
            /** @description Every version's summary, highest version number first. */
            versions: components["schemas"]["ContentVersionSummaryResponse"][];
        };
        ContentItemSummaryResponse: {
            /**
             * @description Verso extension, on the editing list only (without `resolve=true`): the user who created the item (its version
             *     1), by the name the admin shows (their display name, else their email). Null when no user did (an API client,
             *     a package or an import wrote it) or that user was deleted. Absent from published reads and preview answers, so
             *     sites never see who edits.
             */
            author?: components["schemas"]["ContentAuthor"] | null;
            /** Format: date-time */
            createdAt: string;
            /** @description The version served now (or at `asOf` on the list), per the serving rule; null when nothing is served. */
            currentlyServingVersion: components["schemas"]["ContentVersionSummaryResponse"] | null;
            /** Format: uuid */
            id: string;
            /** @description Present and true only on an answer to a preview token (issue #27): the version is the item's newest one that is not Archived (Draft, Review, Approved or Published; see `status`), its children resolved the same way, and it may never be published as it is. Sent with `Cache-Control: private, no-store`: never keep it in a shared cache. */
            isPreview?: boolean;
            /**
             * @description The item's highest-numbered version, whatever its status (what an editor works on next), or null for an item
             *     without versions. Sent by the editing list (`resolve=false`); absent from the delivery list (`resolve=true`),
             *     whose rows are the served versions.
             */
            latestVersion?: components["schemas"]["ContentVersionSummaryResponse"] | null;
            localeCode: string | null;
            slug: string | null;
            tags: string[];
            templateName: string;
            templateSlug: string;
            /** Format: uuid */
            templateVersionId: string;
            /**
             * @description Verso extension: the item's title, the text of its template version's title field (`titleFieldKey`) in the row's version — the served one on the delivery list (`resolve=true`); on the editing list the newest version that has one, so a new Draft still empty does not blank the item's name;
             *     null when no such version has text there (show the slug instead).
             */
            title: string | null;
            /** Format: uuid */
            translationGroupId: string | null;
            /** Format: date-time */
            updatedAt: string;
            /** Format: int32 */
            versionCount: number;
        };
        ContentItemSummaryResponsePagedResponse: {
            items: components["schemas"]["ContentItemSummaryResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        /** @description Lower-case letters and digits in words joined by a single `-` or `_`; unique among the workspace's live items. */
        ContentSlug: string;
        /**
         * @description Verso extension, for click-to-edit: present only on a preview token's answer to a read with `sourceMap=true`. Each
         *     key is a JSON pointer (RFC 6901) into this answer, each value names where the value at that pointer is edited.
         *     Pointers are given, for each value `/fields/{i}` of the answer and of every expanded `child` (recursively, at
         *     `/fields/{i}/child/fields/{j}`, naming the child item and its version), to each of `textValue`, `numberValue`,
         *     `dateValue`, `dateTimeValue`, `boolValue`, `jsonValue`, `displayLabel`, `mediaAssetId`, `fileAssetId`,
         *     `childContentItemId` and `asset` that is not null; and, for a Component value, to every member inside its
         *     `jsonValue` (`/fields/{i}/jsonValue/cta/label`, a repeated member's occurrences as `/…/links/0`), with
         *     `componentPath`. Values of a field the template no longer has (null `key`) are left out. A value a translation
         *     shares with its group (a field with `localized: false`, served from the group's member in the default locale) names
         *     that member and the version it was served from: it is edited there.
         */
        ContentSourceMap: {
            [key: string]: components["schemas"]["ContentSourceMapEntry"];
        };
        ContentSourceMapEntry: {
            /** @description Only for a value inside a Component value: the member's path in it as the editor's form nests the component's inputs, member keys joined by `.`, an occurrence of a repeated member in brackets (`cta.label`, `links[1]`, `links[1].url`). */
            componentPath?: string;
            /** @description The key of the item's field holding the value (for a Component member, the Component field's key). */
            fieldKey: string;
            /**
             * Format: uuid
             * @description The content item whose version holds the value (the child item for a value of an expanded `child`).
             */
            itemId: string;
            /**
             * Format: int32
             * @description The value's `order` among the field's values (0 for the first of a repeated field).
             */
            order: number;
            /**
             * Format: int32
             * @description That item's version answered.
             */
            versionNumber: number;
        };
        /**
         * @description A version's place in the review workflow: Draft → Review → Approved → Published → Archived
         *     (reject: Review → Draft; restore: Archived → Draft; an Admin may publish Draft or Review with `overrideWorkflow`).
         * @enum {string}
         */
        ContentStatus: "Draft" | "Review" | "Approved" | "Published" | "Archived";
        ContentTranslationLocaleResponse: {
            /** @description Whether the locale is one of the workspace's locales (false for members from before, "unconfigured"). */
            configured: boolean;
            /** Format: uuid */
            contentItemId: string | null;
            /** @description True for the group's member in the default locale, which the others are translated from. */
            isSource: boolean;
            /** @description The locale (null for a member without one). */
            localeCode: string | null;
            /** @description The locale's name from the workspace's locales; null for a locale that is not configured. */
            name: string | null;
            /** @description True when the source (the group's member in the default locale) has a version served now that was published after this member's newest version was last changed: the translation may lag behind the source. */
            outdated: boolean;
            /**
             * Format: int32
             * @description The member's version served now, if any.
             */
            servedVersionNumber: number | null;
            slug: string | null;
            state: components["schemas"]["TranslationState"];
            /** @description The member's title (that of its newest version that has one). */
            title: string | null;
            /**
             * Format: int32
             * @description The member's newest version.
             */
            versionNumber: number | null;
        };
        /** @description Every configured locale (and every member in a locale that is not configured) with its member's state. */
        ContentTranslationStatusResponse: {
            /** Format: uuid */
            contentItemId: string;
            defaultLocale: string | null;
            locales: components["schemas"]["ContentTranslationLocaleResponse"][];
            /** Format: uuid */
            translationGroupId: string | null;
        };
        /** @description Two versions of one item side by side (Verso extension, issue #25): `from` the older side, `to` the newer, each with its children not expanded (`child` is null; see `children`). The comparison itself is the client's. */
        ContentVersionComparisonResponse: {
            /**
             * @description The name of each child item either version names, once each, in the order first named (`from`'s values, then
             *     `to`'s); an item that serves nothing now (or was deleted) is absent.
             */
            children: components["schemas"]["ContentChildNameResponse"][];
            from: components["schemas"]["ContentVersionDetailResponse"];
            item: components["schemas"]["ContentItemDetailResponse"];
            to: components["schemas"]["ContentVersionDetailResponse"];
        };
        ContentVersionDetailResponse: {
            /** @description Present only when the read named a `locale` (Verso extension): every member of the translation group that serves something at the read's instant (this one included), ordered by locale, for `hreflang` links and language switchers. */
            alternates?: components["schemas"]["ContentAlternate"][];
            /** Format: date-time */
            archivedAt: string | null;
            /** Format: uuid */
            contentItemId: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            effectiveEndAt: string | null;
            /** Format: date-time */
            effectiveStartAt: string | null;
            fields: components["schemas"]["ContentVersionFieldValueResponse"][];
            /** Format: uuid */
            id: string;
            /** @description Present and true only on an answer to a preview token (issue #27): the version is the item's newest one that is not Archived (Draft, Review, Approved or Published; see `status`), its children resolved the same way, and it may never be published as it is. Sent with `Cache-Control: private, no-store`: never keep it in a shared cache. */
            isPreview?: boolean;
            localeCode: string | null;
            /**
             * Format: date-time
             * @description When the scheduler will publish this (Approved) version.
             */
            publishAt: string | null;
            /** Format: date-time */
            publishedAt: string | null;
            /** Format: uuid */
            publishedByUserId: string | null;
            /** @description Present only when the read named a `locale` (Verso extension): that locale, canonical. `localeCode` is what was served, which differs when the read fell back along the chain. */
            requestedLocale?: string;
            /** @description Only on the response of an edit (update, upgrade-template-version) that sent a Review or Approved version back to Draft: the status it had (Review or Approved). Absent otherwise. */
            returnedToDraftFrom?: components["schemas"]["ContentStatus"];
            /** Format: int32 */
            rolledBackFromVersionNumber: number | null;
            slug: string | null;
            /** @description Verso extension: only on a preview token's answer to a read with `sourceMap=true` (never on an expanded `child`, whose values the top-level map covers): where each value of the answer is edited, for click-to-edit. */
            sourceMap?: components["schemas"]["ContentSourceMap"];
            status: components["schemas"]["ContentStatus"];
            tags: string[];
            templateName: string;
            templateSlug: string;
            /** Format: uuid */
            templateVersionId: string;
            /**
             * @description Verso extension, present on an expanded child (`child` of a value): the child item's title, the text of its
             *     template version's title field (`titleFieldKey`) in the version it serves; null when it has none (show the slug).
             */
            title?: string | null;
            /** Format: uuid */
            translationGroupId: string | null;
            /** Format: date-time */
            updatedAt: string;
            /** Format: int32 */
            versionNumber: number;
        };
        /**
         * @description One value of the version. A Media or File value carries the asset's id (`mediaAssetId`, `fileAssetId`), never the
         *     asset itself: its details are at `/api/v1/workspaces/{workspaceId}/media/{id}` and its bytes at `…/media/{id}/file`.
         */
        ContentVersionFieldValueResponse: {
            /**
             * @description Delivery reads only (by slug, and every read of a preview token): a Media or File value's asset with its
             *     dimensions and signed public URLs; null when the asset is no longer available. Absent on other values and on
             *     the editing reads.
             */
            asset?: components["schemas"]["DeliveredAsset"] | null;
            boolValue: boolean | null;
            /**
             * @description The child item's version served at the same instant, expanded up to 8 levels below the requested version; null
             *     when `expandChildren` is false, the bound is reached, or the child serves nothing at that instant.
             */
            child: components["schemas"]["ContentVersionDetailResponse"] | null;
            /** Format: uuid */
            childContentItemId: string | null;
            /**
             * Format: date-time
             * @description A DateTime value in UTC (`2026-12-24T17:00:00.000Z`); null for other kinds.
             */
            dateTimeValue: string | null;
            /**
             * Format: date
             * @description A Date value (`YYYY-MM-DD`); null for other kinds.
             */
            dateValue: string | null;
            /** @description The picklist option's label when the value was saved. */
            displayLabel: string | null;
            /** Format: uuid */
            fieldId: string;
            /** Format: uuid */
            fileAssetId: string | null;
            /** @description Any JSON value, or null; written values are at most 32 levels deep and 256 KiB (see ContentFieldValueRequest). */
            jsonValue: unknown;
            key: string | null;
            label: string | null;
            /** Format: uuid */
            mediaAssetId: string | null;
            /** @description A Number value, as stored (an exact decimal of at most 15 significant digits); null for other kinds. */
            numberValue: number | null;
            /** Format: int32 */
            order: number;
            textValue: string | null;
            valueKind: components["schemas"]["ValueKind"];
        };
        ContentVersionSummaryResponse: {
            /** Format: date-time */
            archivedAt: string | null;
            /** Format: uuid */
            contentItemId: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            effectiveEndAt: string | null;
            /** Format: date-time */
            effectiveStartAt: string | null;
            /** Format: uuid */
            id: string;
            localeCode: string | null;
            /**
             * Format: date-time
             * @description When the scheduler will publish this (Approved) version.
             */
            publishAt: string | null;
            /** Format: date-time */
            publishedAt: string | null;
            /** Format: uuid */
            publishedByUserId: string | null;
            /** Format: int32 */
            rolledBackFromVersionNumber: number | null;
            slug: string | null;
            status: components["schemas"]["ContentStatus"];
            /** @description The item's tags (tags are the item's; every version carries them, whenever it was made). */
            tags: string[];
            /** Format: uuid */
            templateVersionId: string;
            /** Format: date-time */
            updatedAt: string;
            /** Format: int32 */
            versionNumber: number;
        };
        ContentVersionSummaryResponsePagedResponse: {
            items: components["schemas"]["ContentVersionSummaryResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        CreateApiClientRequest: {
            description?: string | null;
            /**
             * Format: date-time
             * @description After this instant the token authenticates as anonymous. Must lie in the future (422).
             */
            expiresAt?: string | null;
            name: string;
            role: components["schemas"]["Role"];
            /**
             * @description `Delivery` (or `delivery`) makes a delivery-only client: it may only read published content (by slug and the served list) and must have the Reader role (422 otherwise). Absent or `Full`: everything the role allows.
             * @default Full
             * @enum {string}
             */
            scope?: "Full" | "Delivery" | "full" | "delivery";
            /**
             * Format: uuid
             * @description Needs Write access to that workspace; null (every workspace) needs a host superadmin.
             */
            workspaceId?: string | null;
        };
        CreateApiClientResponse: {
            client: components["schemas"]["ApiClientDto"];
            /** @description `verso_<identifier>_<secret>`, shown this once; only a digest is stored. */
            token: string;
            warning: string;
        };
        CreateContentItemRequest: {
            fields?: components["schemas"]["FieldValueList"];
            localeCode?: components["schemas"]["LocaleCode"] | null;
            slug?: components["schemas"]["ContentSlug"] | null;
            tags?: components["schemas"]["TagName"][];
            /** Format: uuid */
            templateVersionId: string;
            /** Format: uuid */
            translationGroupId?: string | null;
        };
        /** @description Makes the item's member in `localeCode`: a new item in the item's translation group (a group is made when the item has none) whose version 1 (Draft) holds the values of the item's served version (else its newest), except the fields shared across translations (`localized: false`), which the member takes from the default-locale member. */
        CreateContentTranslationRequest: {
            localeCode: components["schemas"]["LanguageTag"];
            /** @description The member's slug; omitted, one is made from the source's title (else its slug) and the locale, the first free one. */
            slug?: components["schemas"]["ContentSlug"] | null;
        };
        /**
         * @description A new Draft. With `duplicateFromVersionNumber` it copies that version's values and template version (this is
         *     "rollback": duplicate, then publish) and records `rolledBackFromVersionNumber`; `fields`, when given, replace the
         *     copied values. Otherwise the values are validated against the template version of the item's latest version. There
         *     is no template-version parameter: moving to a newer template version is `upgrade-template-version`.
         */
        CreateContentVersionRequest: {
            /** Format: int32 */
            duplicateFromVersionNumber?: number | null;
            /** Format: date-time */
            effectiveEndAt?: string | null;
            /** Format: date-time */
            effectiveStartAt?: string | null;
            fields?: components["schemas"]["FieldValueList"] | null;
        };
        CreatePreviewTokenRequest: {
            /**
             * Format: uuid
             * @description Only this item (and the children it embeds) may be read with the token; omitted or null, every item of the workspace.
             */
            contentItemId?: string | null;
            /** @description Default 60; at most `Preview__MaxLifetimeMinutes` (422 beyond it). */
            expiresInMinutes?: number;
            /**
             * Format: uuid
             * @description Read the whole workspace as it will be after this release is published: its publish entries' versions served (and the children they embed), its archive entries' items not served, everything else as served now. Not with `contentItemId` (422). The release must be in the workspace (404). Reads through it are never cached.
             */
            releaseId?: string | null;
        };
        CreatePreviewTokenResponse: {
            /** Format: date-time */
            expiresAt: string;
            previewToken: components["schemas"]["PreviewTokenResponse"];
            /** @description `verso_preview_<identifier>_<secret>`; shown this once, only its digest is stored. */
            token: string;
        };
        CreateReleaseRequest: {
            description?: components["schemas"]["ReleaseDescription"];
            name: components["schemas"]["ReleaseName"];
            publishAt?: components["schemas"]["ReleasePublishAt"];
        };
        CreateTemplateRequest: {
            description?: string | null;
            name: string;
            slug: components["schemas"]["Slug"];
        };
        CreateTemplateVersionRequest: {
            notes?: string | null;
            /**
             * Format: int32
             * @description The version whose sections and fields the draft starts from (any status: "new draft from this version"). Omitted or null: the current version (the published one), or nothing for a template without one. A number the template does not have is 422 at `/sourceVersionNumber`.
             */
            sourceVersionNumber?: number | null;
        };
        CreateUserRequest: {
            displayName: string | null;
            email: components["schemas"]["Email"];
            isSuperAdmin: boolean;
            role: components["schemas"]["Role"];
            temporaryPassword: components["schemas"]["NewPassword"];
            /** @description An IANA time zone id (for example Europe/Berlin). */
            timeZoneId?: string | null;
            /** @description Duplicate entries for one workspace collapse to the strongest (Write wins); an unknown workspace is 422. */
            workspaceAccesses?: components["schemas"]["UserWorkspaceAccessRequest"][] | null;
        };
        CreateWebhookEndpointRequest: {
            events: components["schemas"]["WebhookEventList"];
            name: components["schemas"]["WebhookName"];
            /** @description The signing secret (16–256 printable ASCII characters, no spaces). Omitted or null: one is generated (`whsec_` + base64url of 32 random bytes; recommended). Either way it is returned this once and stored encrypted. A secret the caller brings must also look random, or the answer is 422 `validation-failed` at `/secret`: at least 32 characters, at least 8 different characters, no stretch of 8 characters that occurs twice, and at most two thirds of its neighbouring character pairs the same character or neighbours in ASCII order (`aa`, `ab`, `21`). Random hex, base64 or base64url of 16 bytes or more always passes. */
            secret?: string | null;
            url: components["schemas"]["WebhookUrl"];
        };
        CreateWebhookEndpointResponse: {
            endpoint: components["schemas"]["WebhookEndpointResponse"];
            /** @description The signing secret, shown this once; no other response returns it. */
            secret: string;
            warning: string;
        };
        CtpAllowedType: {
            primitiveType?: components["schemas"]["PrimitiveType"] | null;
            templateRef?: components["schemas"]["Slug"] | null;
        };
        CtpComponent: {
            description?: string | null;
            fields: components["schemas"]["CtpComponentField"][];
            name: string;
            slug: components["schemas"]["Slug"];
        };
        CtpComponentField: {
            componentRef?: components["schemas"]["Slug"] | null;
            fieldConfig?: components["schemas"]["FieldConfig"] | null;
            helpText?: string | null;
            isRequired?: boolean;
            key: components["schemas"]["FieldKey"];
            label: string;
            maxOccurrences?: number | null;
            minOccurrences?: number;
            order: number;
            picklistRef?: components["schemas"]["Slug"] | null;
            primitiveType?: components["schemas"]["PrimitiveType"] | null;
        };
        /** @description Lower-case words separated by dots or dashes (`verso.official`, `blog`). */
        CtpName: string;
        /**
         * @description A content-type package (`.ctp`): templates, components and picklists that can be exported from one workspace
         *     and imported into another. References between them are by slug (`templateRef`, `componentRef`,
         *     `picklistRef`) and must resolve inside the package; field keys are the identity of fields across
         *     re-imports. Served as a standalone JSON Schema at `/schema/ctp-1.1.json` (and `/schema/ctp-1.0.json`).
         */
        CtpPackage: {
            author?: string | null;
            components?: components["schemas"]["CtpComponent"][];
            description?: string | null;
            homepage?: string | null;
            id: components["schemas"]["CtpName"];
            license?: string | null;
            name: string;
            namespace: components["schemas"]["CtpName"];
            picklists?: components["schemas"]["CtpPickList"][];
            templates: components["schemas"]["CtpTemplate"][];
            /** @description Semantic version of this package (`1.2.3`). */
            version: string;
            /**
             * @description The package format version.
             * @enum {string}
             */
            versoPackage: "1.0" | "1.1";
        };
        CtpPickList: {
            description?: string | null;
            name: string;
            options: components["schemas"]["CtpPickListOption"][];
            slug: components["schemas"]["Slug"];
        };
        CtpPickListOption: {
            label: string;
            order?: number;
            value: string;
        };
        CtpSection: {
            description?: string | null;
            fields: components["schemas"]["CtpTemplateField"][];
            isCollapsible?: boolean;
            name: string;
            order: number;
        };
        CtpTemplate: {
            description?: string | null;
            /** @description Fields at the root of the template. */
            fields: components["schemas"]["CtpTemplateField"][];
            name: string;
            sections?: components["schemas"]["CtpSection"][];
            slug: components["schemas"]["Slug"];
            /**
             * @description Verso extension (#25): the key of the Text field whose text is an item's title. Absent or null: the default,
             *     the template's first Text field. Must name a Text field of this template.
             */
            titleFieldKey?: string | null;
        };
        CtpTemplateField: {
            allowedTypes?: components["schemas"]["CtpAllowedType"][];
            componentRef?: components["schemas"]["Slug"] | null;
            compositionMode: components["schemas"]["CompositionMode"];
            fieldConfig?: components["schemas"]["FieldConfig"] | null;
            helpText?: string | null;
            isOpen?: boolean;
            isRequired?: boolean;
            key: components["schemas"]["FieldKey"];
            label: string;
            /** @description Verso extension: false shares the field across translations (see TemplateFieldRequest.localized). Absent means true; an export writes it only for a shared field, so a package without shared fields reads as before. A field of child items (`templateRef`, or an open field allowing templates) cannot be shared (422). */
            localized?: boolean;
            maxOccurrences?: number | null;
            minOccurrences?: number;
            order: number;
            picklistRef?: components["schemas"]["Slug"] | null;
            primitiveType?: components["schemas"]["PrimitiveType"] | null;
            templateRef?: components["schemas"]["Slug"] | null;
        };
        CurrentActor: {
            displayName?: string | null;
            email?: string | null;
            /** @description The user or API-client id, or the OIDC subject. */
            id: string;
            isSuperAdmin: boolean;
            kind: components["schemas"]["ActorKind"];
            /** @description Present for users; true until the user sets a password of their own. */
            mustChangePassword?: boolean;
            role: components["schemas"]["Role"];
            /**
             * Format: uuid
             * @description The one workspace an API client or OIDC token is scoped to; null for users and unscoped credentials.
             */
            workspaceId?: string | null;
        };
        /** @description A Media or File value's asset as delivery reads carry it, so a site can write `<img src srcset alt width height>` without another call. `url` is the signed public original and `renditionUrl` (raster images only) a template with `{width}` and `{format}` placeholders (`…/w_{width},f_{format}/hero.jpg`); fill them with values from `GET /media/v1/settings`. Both are null while public media is off for the server or the workspace. */
        DeliveredAsset: {
            altText: string | null;
            fileName: string;
            height: number | null;
            /** Format: uuid */
            id: string;
            mimeType: string;
            renditionUrl: string | null;
            /** Format: int64 */
            sizeBytes: number;
            url: string | null;
            /** @description Pixels, after the EXIF orientation; null for files that are not images Verso reads. */
            width: number | null;
        };
        /** @description The copy's slug; absent or null derives `<slug>-copy`, `<slug>-copy-2`, … from the item's. */
        DuplicateContentItemRequest: {
            slug?: components["schemas"]["ContentSlug"] | null;
        };
        Email: string;
        /**
         * @description Type-specific settings; unknown keys are kept as given. Checked when the field is written (422 naming the field):
         *     - Text: `maxLength`, a positive integer.
         *     - Number: `min` and `max` (finite numbers, `min` ≤ `max`), `integer` (boolean: whole numbers only) and `decimals`
         *       (an integer from 0 to 12: at most that many digits after the point). A value outside them is refused on save.
         *     - Json: `schema`, a JSON Schema (draft 2020-12) that every value must meet; a schema that does not compile, or
         *       that refers outside itself, is refused.
         */
        FieldConfig: {
            [key: string]: unknown;
        };
        /** @description The conditions on one field of a list's field filter (see the `filter` parameter of listContent), each op's operand as text. */
        FieldFilterOperations: {
            /** @description A case-insensitive substring (Text, Markdown, RichText and Link fields). */
            contains?: string;
            /** @description Equal to the value. */
            eq?: string;
            /**
             * @description `true`: the item has a value for the field; `false`: it has none.
             * @enum {string}
             */
            exists?: "true" | "false";
            /** @description Greater than the value. */
            gt?: string;
            /** @description Greater than or equal to the value. */
            gte?: string;
            /** @description Any of these comma-separated values (at most 100). */
            in?: string;
            /** @description Less than the value. */
            lt?: string;
            /** @description Less than or equal to the value. */
            lte?: string;
            /** @description No value equal to this one (items without a value match too). */
            ne?: string;
        };
        /** @description The field's stable identity across versions and package re-imports; unique per version, case-insensitively. */
        FieldKey: string;
        FieldValueList: components["schemas"]["ContentFieldValueRequest"][];
        HealthCheck: {
            description: string | null;
            /** @description How long the check took, as `hh:mm:ss.fffffff`. */
            duration: string;
            /** @example database */
            name: string;
            status: components["schemas"]["HealthStatus"];
        };
        HealthLive: {
            status: components["schemas"]["HealthStatus"];
        };
        /**
         * @description The API process that answered. With `Api__Processes` above 1 several processes share the port;
         *     each answers for itself (its own pool, caches and rate windows), and exactly one runs the
         *     background workers.
         */
        HealthProcess: {
            /** @description The process's place in the cluster, from 0 (a replacement takes the place of the one it replaces); 0 when the API runs as one process. */
            index: number;
            /** @description The operating system's process id. */
            pid: number;
            /** @description Whether this process runs the background workers (scheduled publishing, webhooks, media, rotation). */
            runsWorkers: boolean;
        };
        HealthReport: {
            checks: components["schemas"]["HealthCheck"][];
            metadata: {
                /** Format: date-time */
                generatedAt: string;
                process: components["schemas"]["HealthProcess"];
                /** @description The running release (SemVer). */
                version: string;
            };
            status: components["schemas"]["HealthStatus"];
        };
        /** @enum {string} */
        HealthStatus: "Healthy" | "Degraded" | "Unhealthy";
        /** @description One ban of a client address, recorded when it was imposed. */
        IpBanEventResponse: {
            /** Format: date-time */
            bannedAt: string;
            /** Format: date-time */
            bannedUntil: string;
            /** Format: uuid */
            id: string;
            /** @description The banned client: an IPv4 address (`203.0.113.7`), or an IPv6 prefix of `RateLimit__Ipv6PrefixLength` bits in CIDR notation (`2001:db8:1:2::/64`; a plain address when the length is 128). */
            ipAddress: string;
            /**
             * Format: int32
             * @description Rate-limit rejections within `IpBan__WindowMinutes` that led to the ban.
             */
            rejectionCount: number;
            /** @description The path of the request whose rejection imposed the ban (no query string). */
            requestPath: string;
        };
        IpBanEventResponsePagedResponse: {
            items: components["schemas"]["IpBanEventResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        JsonSchemaDocument: {
            $id: string;
            $schema: string;
            type: string;
        } & {
            [key: string]: unknown;
        };
        /** @description A BCP 47 language tag (`en`, `de-CH`, `zh-Hant-TW`). Verso stores and answers it in its canonical form (`de-ch` is `de-CH`), and compares it regardless of case. */
        LanguageTag: string;
        LinkTranslationRequest: {
            /** Format: uuid */
            targetContentItemId: string;
        };
        /** @description A free-form locale (BCP 47 intended), e.g. `en-GB`. */
        LocaleCode: string;
        LoginRequest: {
            /** @description The `deviceToken` of this client's last successful sign-in to this account, if it kept one. A valid one lets the sign-in through the account-wide slowdown and counts its failures on their own, apart from the client's address. Unknown, expired or another account's tokens are ignored. */
            deviceToken?: string;
            email: string;
            /** @description Checked as typed; the new-password rules (characters, length, strength) are not applied at login. */
            password: string;
        };
        LoginResponse: {
            /** @description Returned by a sign-in only (not by refresh): a token that marks this client as one that has signed in to this account before. Keep it (the admin keeps it in an HttpOnly cookie) and send it back as `deviceToken` with the next sign-in; each sign-in that sends a valid one replaces it. */
            deviceToken?: string;
            /** Format: date-time */
            expiresAt: string;
            mustChangePassword: boolean;
            /** @description The session token, shown this once; send it as `Authorization: Bearer <token>`. */
            token: string;
            user: components["schemas"]["UserSummary"];
        };
        /** @description An Available asset (assets still uploading, failed, missing from storage or deleted are never shown). Its bytes are at `url`. Content refers to it by `id` in Media and File field values (`mediaAssetId`, `fileAssetId`). */
        MediaAssetResponse: {
            altText: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description The uploaded file's name as the client sent it (control characters removed). */
            fileName: string;
            height: number | null;
            /** Format: uuid */
            id: string;
            mimeType: string;
            /** @description The signed public URL of the original (`/media/v1/…/original/{name}`), for sites. Null while the workspace's public media is off, and for an asset that no served content uses unless the workspace's `allMediaPublic` is on (such a URL is not served either). Rotating the workspace's public URLs (`POST …/media/public-urls/rotate`) ends every URL handed out before. */
            publicUrl: string | null;
            /** @description For raster images, the signed rendition URL template with `{width}` and `{format}` placeholders; null otherwise. */
            renditionUrl: string | null;
            /** Format: int64 */
            sizeBytes: number;
            /** Format: date-time */
            updatedAt: string;
            /** @description The API path of the file (`/api/v1/workspaces/{workspaceId}/media/{id}/file`). */
            url: string;
            /** @description Pixels, after the EXIF orientation, read at upload; null for files that are not images Verso reads (until the backfill reaches an image uploaded before dimensions were recorded). */
            width: number | null;
        };
        MediaAssetResponsePagedResponse: {
            items: components["schemas"]["MediaAssetResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        /** @description One file part named `file` (its own Content-Type is the declared type; its filename is kept), and optionally a text part `altText`. The file is streamed to storage as it arrives. */
        MediaUploadRequest: {
            altText?: string;
            /** Format: binary */
            file: string;
        };
        MissingTranslationResponse: {
            /** @description The configured locale the source lacks, or whose member is outdated. */
            localeCode: string;
            source: components["schemas"]["ContentItemSummaryResponse"];
            /**
             * @description `Missing` (no member in the locale) or `Outdated` (see ContentTranslationLocaleResponse.outdated).
             * @enum {string}
             */
            state: "Missing" | "Outdated";
            /**
             * Format: uuid
             * @description The outdated member; null when missing.
             */
            translationItemId: string | null;
        };
        MissingTranslationResponsePagedResponse: {
            items: components["schemas"]["MissingTranslationResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        /** @description A password being set. Rejected with 400 when it starts or ends with whitespace or contains control characters, invisible formatting characters (zero-width space, BOM, direction marks), line or paragraph separators, or any space other than U+0020 (the character rules); when it has fewer characters than the server's `Auth__Password__MinLength` (default 12; rule `TooShort`); when it is one of the 10,000 most common passwords, compared case-insensitively (rule `Common`); or when it is otherwise easy to guess — a keyboard walk, repeats, a date, common words, or the user's own email or name — by zxcvbn's estimate below `Auth__Password__MinimumScore` (default 3 of 4; rule `Weak`). The problem's `errors` names the property with one message per broken rule, and `rules` names each broken rule. */
        NewPassword: string;
        OfficialPackageResponse: {
            author: string | null;
            /** Format: int32 */
            componentCount: number;
            description: string | null;
            homepage: string | null;
            id: string;
            license: string | null;
            name: string;
            packageNamespace: string;
            /** Format: int32 */
            pickListCount: number;
            /** Format: int32 */
            templateCount: number;
            templates: components["schemas"]["OfficialPackageTemplateResponse"][];
            version: string;
        };
        OfficialPackageResponsePagedResponse: {
            items: components["schemas"]["OfficialPackageResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        OfficialPackageTemplateResponse: {
            description: string | null;
            name: string;
            slug: string;
        };
        PackageComponentImportResult: {
            /** @enum {string} */
            action: "imported" | "useExisting" | "replaced" | "importedAsNew";
            /** Format: uuid */
            componentId: string;
            /** Format: uuid */
            componentVersionId: string | null;
            resolvedSlug: string;
            slug: string;
            /** Format: int32 */
            versionNumber: number | null;
        };
        PackageComponentPreview: {
            description: string | null;
            /** Format: int32 */
            existingFieldCount: number | null;
            /** Format: uuid */
            existingId: string | null;
            existingName: string | null;
            /** Format: int32 */
            fieldCount: number;
            name: string;
            slug: string;
            status: components["schemas"]["PackageItemStatus"];
            /** @enum {string} */
            suggestedAction: "import" | "useExisting" | "replace" | "importAsNew";
        };
        /** @description A package document, or `{manifest, resolutions}`. */
        PackageImportBody: components["schemas"]["CtpPackage"] | components["schemas"]["PackageImportEnvelope"];
        PackageImportEnvelope: {
            manifest: components["schemas"]["CtpPackage"];
            resolutions?: components["schemas"]["PackageImportResolutionsRequest"] | null;
        };
        PackageImportPreviewResponse: {
            components: components["schemas"]["PackageComponentPreview"][];
            id: string;
            /** @description Versions of this package already imported into the workspace; importing one of them (or an older one) again is refused. */
            installedVersions: string[];
            packageNamespace: string;
            pickLists: components["schemas"]["PackagePickListPreview"][];
            templates: components["schemas"]["PackageTemplatePreview"][];
            version: string;
        };
        /** @description Resolutions keyed by the package slug of a conflicting picklist or component. */
        PackageImportResolutionsRequest: {
            components?: {
                [key: string]: components["schemas"]["PackageResolution"];
            } | null;
            pickLists?: {
                [key: string]: components["schemas"]["PackageResolution"];
            } | null;
        };
        PackageImportResponse: {
            components: components["schemas"]["PackageComponentImportResult"][];
            errors: string[];
            id: string;
            imported: components["schemas"]["PackageTemplateImportResult"][];
            packageNamespace: string;
            pickLists: components["schemas"]["PackagePickListImportResult"][];
            skipped: string[];
            version: string;
        };
        /**
         * @description `Create`: nothing with this slug exists; it will be created. `Update`: a template with this slug exists and gets a
         *     new published version (fields matched by key). `Unchanged`: an identical picklist or component exists and is reused.
         *     `Conflict`: a different picklist or component with this slug exists; a resolution is needed.
         * @enum {string}
         */
        PackageItemStatus: "Create" | "Update" | "Unchanged" | "Conflict";
        PackagePickListImportResult: {
            /** @enum {string} */
            action: "imported" | "useExisting" | "replaced" | "importedAsNew";
            /** Format: uuid */
            pickListId: string;
            resolvedSlug: string;
            slug: string;
        };
        PackagePickListOptionPreview: {
            label: string;
            /** Format: int32 */
            order: number;
            value: string;
        };
        PackagePickListPreview: {
            description: string | null;
            /** Format: uuid */
            existingId: string | null;
            existingName: string | null;
            existingOptions: components["schemas"]["PackagePickListOptionPreview"][] | null;
            name: string;
            options: components["schemas"]["PackagePickListOptionPreview"][];
            slug: string;
            status: components["schemas"]["PackageItemStatus"];
            /** @enum {string} */
            suggestedAction: "import" | "useExisting" | "replace" | "importAsNew";
        };
        /**
         * @description What to do with a package picklist or component whose slug already exists with different content.
         * @enum {string}
         */
        PackageResolution: "useExisting" | "replace" | "importAsNew";
        PackageTemplateImportResult: {
            /** @enum {string} */
            action: "imported" | "updated";
            name: string;
            slug: string;
            /** Format: uuid */
            templateId: string;
            /** Format: uuid */
            templateVersionId: string;
            /** Format: int32 */
            versionNumber: number;
        };
        PackageTemplatePreview: {
            addedFieldKeys: string[];
            /** Format: uuid */
            existingId: string | null;
            /** Format: int32 */
            fieldCount: number;
            keptFieldKeys: string[];
            name: string;
            /** @description Keys of the existing current version that the package's version no longer has. */
            removedFieldKeys: string[];
            slug: string;
            status: components["schemas"]["PackageItemStatus"];
        };
        PickListOptionRequest: {
            label: string;
            /**
             * Format: int32
             * @description Defaults to the option's position in the list.
             */
            order?: number | null;
            value: string;
        };
        PickListOptionResponse: {
            /** Format: uuid */
            id: string;
            label: string;
            /** Format: int32 */
            order: number;
            value: string;
        };
        PickListRequest: {
            description?: string | null;
            name: string;
            options: components["schemas"]["PickListOptionRequest"][];
            slug: components["schemas"]["Slug"];
        };
        /** @description A picklist as of one revision (the current one, unless a revision was asked for). */
        PickListResponse: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            currentRevisionId: string | null;
            /**
             * Format: int32
             * @description The revision number of the current revision.
             */
            currentVersionNumber: number;
            description: string | null;
            /** Format: uuid */
            id: string;
            name: string;
            options: components["schemas"]["PickListOptionResponse"][];
            /**
             * Format: uuid
             * @description The revision this body shows.
             */
            revisionId: string;
            /** Format: int32 */
            revisionNumber: number;
            /** @description Every revision of the picklist, newest first (each readable with getPickListRevision). */
            revisions: components["schemas"]["PickListRevisionSummary"][];
            slug: string;
            /** Format: date-time */
            updatedAt: string;
            /** Format: uuid */
            workspaceId: string;
        };
        PickListRevisionSummary: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            /** @description The picklist's name as of that revision. */
            name: string;
            /** Format: int32 */
            revisionNumber: number;
        };
        PickListSummaryResponse: {
            /** Format: uuid */
            currentRevisionId: string | null;
            /** Format: int32 */
            currentVersionNumber: number;
            description: string | null;
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: int32 */
            optionCount: number;
            slug: string;
        };
        PickListSummaryResponsePagedResponse: {
            items: components["schemas"]["PickListSummaryResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        PreviewTokenResponse: {
            /**
             * Format: uuid
             * @description The one item the token may read, or null for the whole workspace.
             */
            contentItemId: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Who minted it (null when an API client or an external principal did). */
            createdByUserId: string | null;
            /** Format: date-time */
            expiresAt: string;
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The release whose result the token previews, or null.
             */
            releaseId: string | null;
            /** Format: uuid */
            workspaceId: string;
        };
        PreviewTokenResponsePagedResponse: {
            items: components["schemas"]["PreviewTokenResponse"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        /**
         * @description The value type of a primitive field. The first ten are upstream's; `Number` (an exact decimal in `numberValue`),
         *     `Date` (a calendar date in `dateValue`), `DateTime` (an instant in `dateTimeValue`) and `Json` (any JSON value in
         *     `jsonValue`, optionally checked against `fieldConfig.schema`) are Verso's.
         * @enum {string}
         */
        PrimitiveType: "Text" | "RichText" | "Markdown" | "Boolean" | "PickList" | "Media" | "File" | "Link" | "Quote" | "Separator" | "Number" | "Date" | "DateTime" | "Json";
        /** @description An RFC 9457 problem. `type` ends in one of the error codes listed in the README (bad-request, unauthenticated, forbidden, not-found, conflict, …). */
        ProblemDetails: {
            correlationId: string;
            detail?: string | null;
            /** @description Validation messages keyed by JSON pointer (or parameter location) of the offending value. */
            errors?: {
                [key: string]: string[];
            };
            /** @description The request path. */
            instance?: string | null;
            status: number;
            title: string;
            traceId: string;
            /**
             * Format: uri
             * @example https://verso.dev/errors/not-found
             */
            type: string;
        } & {
            [key: string]: unknown;
        };
        /** @description The transformations public image URLs accept (`Media__Public__*`): a width, a format and a dpr, each from these values. Everything else is fixed by the server (the image's own aspect ratio, `defaultQuality`), so the number of renditions per asset is bounded by widths × dprs × formats. */
        PublicMediaSettings: {
            /** @description When true any width from 1 up to the maximum is accepted, not only `widths`. */
            anyWidth: boolean;
            /** @description The quality every lossy rendition is encoded at (a URL cannot choose it). */
            defaultQuality: number;
            dprs: number[];
            /** @description False when public media is off for the whole server (every public URL is 404). */
            enabled: boolean;
            formats: ("auto" | "webp" | "avif" | "jpeg" | "png")[];
            /** @description The largest output height (a tall image is scaled down to it when only a format is given). */
            maxHeight: number;
            /** @description The largest output width, after `dpr`. */
            maxWidth: number;
            /** @description The widths in pixels a rendition may ask for (`w_`), ascending. */
            widths: number[];
        };
        /**
         * @description Without `publishAt` the version is published now. With `publishAt` it is only scheduled (the version must be
         *     Approved and `overrideWorkflow` is not allowed); the scheduler publishes it when the time comes.
         *     `overrideWorkflow` lets an Admin publish a Draft or Review version directly.
         */
        PublishContentVersionRequest: {
            overrideWorkflow?: boolean | null;
            /** Format: date-time */
            publishAt?: string | null;
        };
        PublishContentVersionResponse: {
            version: components["schemas"]["ContentVersionDetailResponse"];
            warnings: string[];
        };
        RejectContentRequest: {
            reason: string;
        };
        ReleaseDescription: string | null;
        /**
         * @description `publish` serves the entry's version; `archive` archives it (the item then serves nothing).
         * @enum {string}
         */
        ReleaseEntryAction: "publish" | "archive";
        ReleaseEntryResponse: {
            action: components["schemas"]["ReleaseEntryAction"];
            /** Format: date-time */
            addedAt: string;
            addedByUserId: string | null;
            /** Format: uuid */
            itemId: string;
            /**
             * Format: int32
             * @description Once published, the version the item served before the release (what a revert restores); null otherwise or when it served nothing.
             */
            servedBeforeVersionNumber: number | null;
            /** @description The item's title (null when it has none or is deleted). */
            title: string | null;
            /** Format: int32 */
            versionNumber: number;
            /** @description The version's workflow status now (`Approved`, `Published`, …); null when it is deleted. */
            versionStatus: string | null;
        };
        /** @description Why the last scheduled publish did not happen (state `Failed`). */
        ReleaseFailure: {
            /** Format: date-time */
            failedAt: string;
            message: string;
            problems: components["schemas"]["ReleaseProblem"][];
        };
        ReleaseName: string;
        ReleaseProblem: {
            /** Format: uuid */
            itemId: string;
            /** @description The reason in plain words, for people. */
            message: string;
            reason: components["schemas"]["ReleaseProblemReason"];
            /**
             * Format: uuid
             * @description For `MissingReference`, the embedded item that would serve nothing; otherwise null.
             */
            referencedItemId?: string | null;
            /** Format: int32 */
            versionNumber: number;
        };
        /** @description A 422 from publishing a release: the problem details plus every problem found; nothing changed. */
        ReleaseProblemDetails: components["schemas"]["ProblemDetails"] & {
            problems?: components["schemas"]["ReleaseProblem"][];
        };
        /**
         * @description Why an entry stops the release: `NotApproved` (a publish entry's version is not Approved, or an archive entry's version is not Published), `Incomplete` (required fields are missing, as for a single publish), `ChangedSinceAdded` (the version was edited after it was added), `MissingReference` (the version embeds an item that would serve nothing after the release and is not in it: `referencedItemId`), `Deleted` (the item or version is gone).
         * @enum {string}
         */
        ReleaseProblemReason: "NotApproved" | "Incomplete" | "ChangedSinceAdded" | "MissingReference" | "Deleted";
        /**
         * Format: date-time
         * @description When the scheduler publishes the release (exactly once, whichever replica claims it); null keeps it `Open`. Must be in the future (422 otherwise).
         */
        ReleasePublishAt: string | null;
        /** @description A release with its entries (in the order they were added). */
        ReleaseResponse: {
            /** Format: date-time */
            createdAt: string;
            createdByUserId: string | null;
            description: string | null;
            entries: components["schemas"]["ReleaseEntryResponse"][];
            /** Format: int32 */
            entryCount: number;
            failure: components["schemas"]["ReleaseFailure"] | null;
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: date-time */
            publishAt: string | null;
            /** Format: date-time */
            publishedAt: string | null;
            /** Format: date-time */
            revertedAt: string | null;
            state: components["schemas"]["ReleaseState"];
            /** Format: date-time */
            updatedAt: string;
            /** Format: uuid */
            workspaceId: string;
        };
        /**
         * @description `Open` (being built), `Scheduled` (`publishAt` set; the scheduler publishes it then), `Published`, `Reverted` (published, then reverted), `Failed` (a scheduled publish found problems: nothing changed, `failure` says why, the schedule is cleared and the release can be edited and published again).
         * @enum {string}
         */
        ReleaseState: "Open" | "Scheduled" | "Published" | "Reverted" | "Failed";
        ReleaseSummaryResponse: {
            /** Format: date-time */
            createdAt: string;
            createdByUserId: string | null;
            description: string | null;
            /** Format: int32 */
            entryCount: number;
            failure: components["schemas"]["ReleaseFailure"] | null;
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: date-time */
            publishAt: string | null;
            /** Format: date-time */
            publishedAt: string | null;
            /** Format: date-time */
            revertedAt: string | null;
            state: components["schemas"]["ReleaseState"];
            /** Format: date-time */
            updatedAt: string;
            /** Format: uuid */
            workspaceId: string;
        };
        ReleaseSummaryResponsePagedResponse: {
            items: components["schemas"]["ReleaseSummaryResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        ReleaseValidationResponse: {
            problems: components["schemas"]["ReleaseProblem"][];
            /** @description True when the release has entries and no problems (it would publish now). */
            ready: boolean;
        };
        ReorderFieldRequest: {
            /** Format: uuid */
            fieldId: string;
            /** Format: int32 */
            order: number;
        };
        ResetPasswordRequest: {
            temporaryPassword: components["schemas"]["NewPassword"];
        };
        /**
         * @description Global role of a user or API client; each role includes the ones before it.
         * @enum {string}
         */
        Role: "Reader" | "Editor" | "TemplateAdmin" | "Admin";
        RotateWebhookSecretResponse: {
            /** Format: uuid */
            id: string;
            /** @description The new signing secret, shown this once. Attempts made from now on are signed with it. */
            secret: string;
            warning: string;
        };
        SetTemplateTitleFieldRequest: {
            /** @description The key of a non-open Text field of the version, or null for the default (the first Text field). */
            titleFieldKey: components["schemas"]["FieldKey"] | null;
        };
        /** @description Lower-case letters and digits in dash-separated words. */
        Slug: string;
        StorageConfigResponse: {
            isConfigured: boolean;
            /** @enum {string} */
            provider: "local" | "s3";
        };
        StorageTestResponse: {
            /** @description What was tried and, on failure, why (never a credential). */
            message: string;
            /** @enum {string} */
            provider: "local" | "s3";
            success: boolean;
        };
        /** @description Tags are trimmed and lower-cased; unknown tags are created on the fly. */
        TagName: string;
        TagResponse: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * Format: int32
             * @description How many content items carry the tag.
             */
            usageCount: number;
        };
        TagResponsePagedResponse: {
            items: components["schemas"]["TagResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        /** @description Names exactly one of a template (`allowedTemplateId`) or a primitive type. */
        TemplateFieldAllowedTypeRequest: {
            /** Format: uuid */
            allowedTemplateId?: string | null;
            primitiveType?: components["schemas"]["PrimitiveType"] | null;
        };
        TemplateFieldAllowedTypeResponse: {
            /** Format: uuid */
            allowedTemplateId: string | null;
            /** Format: uuid */
            id: string;
            primitiveType: components["schemas"]["PrimitiveType"] | null;
        };
        /**
         * @description A constrained field (`isOpen` false) names exactly one of `primitiveType`, `templateId` (composition target) or
         *     `componentId`. An open (polymorphic) field names none of them and lists the templates it accepts in
         *     `allowedTypes`. A `PickList` field binds `picklistId` and `picklistRevisionId` (a revision of that picklist).
         */
        TemplateFieldRequest: {
            allowedTypes?: components["schemas"]["TemplateFieldAllowedTypeRequest"][];
            /** Format: uuid */
            componentId?: string | null;
            compositionMode: components["schemas"]["CompositionMode"];
            fieldConfig?: components["schemas"]["FieldConfig"] | null;
            helpText?: string | null;
            /** @default false */
            isOpen?: boolean;
            /** @default false */
            isRequired?: boolean;
            key: components["schemas"]["FieldKey"];
            label: string;
            /**
             * @description Verso extension. False shares the field across translations: its values are written on the translation group's member in the workspace's default locale, and every member serves that member's published values (on the other members the field is not required and their own values are not served). Omitted: true on a new field; a change that omits it keeps the field's setting. A new draft copies it. A field whose values are child items (`templateId`, or an open field allowing templates) cannot be shared (422 at `/localized`): each translation names its own children, which are served in the reader's locale.
             * @default true
             */
            localized?: boolean;
            /**
             * Format: int32
             * @description Null means unbounded; otherwise at least `minOccurrences`.
             */
            maxOccurrences?: number | null;
            /**
             * Format: int32
             * @default 0
             */
            minOccurrences?: number;
            /** Format: int32 */
            order: number;
            /** Format: uuid */
            picklistId?: string | null;
            /** Format: uuid */
            picklistRevisionId?: string | null;
            primitiveType?: components["schemas"]["PrimitiveType"] | null;
            /** Format: uuid */
            sectionId?: string | null;
            /** Format: uuid */
            templateId?: string | null;
        };
        TemplateFieldResponse: {
            allowedTypes: components["schemas"]["TemplateFieldAllowedTypeResponse"][];
            /** Format: uuid */
            componentId: string | null;
            compositionMode: components["schemas"]["CompositionMode"];
            fieldConfig: components["schemas"]["FieldConfig"];
            helpText: string | null;
            /** Format: uuid */
            id: string;
            isOpen: boolean;
            isRequired: boolean;
            key: string;
            label: string;
            /** @description Verso extension; false when the field is shared across translations (see TemplateFieldRequest.localized). */
            localized: boolean;
            /** Format: int32 */
            maxOccurrences: number | null;
            /** Format: int32 */
            minOccurrences: number;
            /** Format: int32 */
            order: number;
            /** Format: uuid */
            picklistId: string | null;
            /** Format: uuid */
            picklistRevisionId: string | null;
            primitiveType: components["schemas"]["PrimitiveType"] | null;
            /** Format: uuid */
            sectionId: string | null;
            /** Format: uuid */
            templateId: string | null;
        };
        TemplateResponse: {
            /** Format: date-time */
            createdAt: string;
            /** @description The current published version, else the draft. */
            currentVersion: components["schemas"]["TemplateVersionResponse"] | null;
            /**
             * Format: uuid
             * @description The published version content is written against; null until the first publish.
             */
            currentVersionId: string | null;
            description: string | null;
            /** Format: uuid */
            id: string;
            /** @description Always false (kept for upstream compatibility). */
            isSystem: boolean;
            name: string;
            slug: string;
            /** Format: date-time */
            updatedAt: string;
            /** Format: uuid */
            workspaceId: string;
        };
        TemplateSectionRequest: {
            description?: string | null;
            /** @default false */
            isCollapsible?: boolean;
            name: string;
            /** Format: int32 */
            order: number;
        };
        TemplateSectionResponse: {
            description: string | null;
            /** Format: uuid */
            id: string;
            isCollapsible: boolean;
            name: string;
            /** Format: int32 */
            order: number;
        };
        TemplateSummaryResponse: {
            /** Format: uuid */
            currentVersionId: string | null;
            description: string | null;
            /** Format: uuid */
            id: string;
            name: string;
            slug: string;
            /** Format: uuid */
            workspaceId: string;
        };
        TemplateSummaryResponsePagedResponse: {
            items: components["schemas"]["TemplateSummaryResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        TemplateVersionResponse: {
            /** Format: date-time */
            createdAt: string;
            /** @description Every field of the version, ordered by section order (root fields first), then field order. */
            fields: components["schemas"]["TemplateFieldResponse"][];
            /** Format: uuid */
            id: string;
            notes: string | null;
            /** Format: date-time */
            publishedAt: string | null;
            sections: components["schemas"]["TemplateSectionResponse"][];
            status: components["schemas"]["TemplateVersionStatus"];
            /** Format: uuid */
            templateId: string;
            /**
             * @description Verso extension: the key of the field whose text is an item's title (lists, pickers and history show it, with
             *     the slug as secondary text). The key set with `PUT …/title-field`, else the version's first Text field (in
             *     the order of `fields`); null when the version has no Text field. A new draft keeps its source's choice.
             */
            titleFieldKey: string | null;
            /** Format: int32 */
            versionNumber: number;
        };
        /**
         * @description Draft (editable) → Published (immutable, current) → Archived (immutable, kept for pinned content).
         * @enum {string}
         */
        TemplateVersionStatus: "Draft" | "Published" | "Archived";
        TemplateVersionSummaryResponse: {
            /** Format: int32 */
            fieldCount: number;
            /** Format: uuid */
            id: string;
            notes: string | null;
            /** Format: date-time */
            publishedAt: string | null;
            status: components["schemas"]["TemplateVersionStatus"];
            /** Format: int32 */
            versionNumber: number;
        };
        TemplateVersionSummaryResponsePagedResponse: {
            items: components["schemas"]["TemplateVersionSummaryResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        TempPasswordResponse: {
            /** @description Shown this once; the user must change it at first sign-in. */
            temporaryPassword: string;
            /** Format: uuid */
            userId: string;
            warning: string;
        };
        /**
         * @default auto
         * @enum {string}
         */
        Theme: "auto" | "light" | "dark";
        /**
         * @description How far a locale's member of a translation group is: `Missing` (no member), or its newest version's status (`Draft`, `Review`, `Approved`, `Published`, `Archived`).
         * @enum {string}
         */
        TranslationState: "Missing" | "Draft" | "Review" | "Approved" | "Published" | "Archived";
        UpdateAccountPreferencesRequest: {
            theme: components["schemas"]["Theme"];
            /** @description An IANA time zone id (422 when unknown); null clears it. */
            timeZoneId?: string | null;
        };
        /** @description Identity only; slug, locale and translation group are copied onto every version. `tags` replaces the item's tags, which every version then carries too (a version's `tags` are always its item's). */
        UpdateContentItemRequest: {
            localeCode?: components["schemas"]["LocaleCode"] | null;
            slug?: components["schemas"]["ContentSlug"] | null;
            tags?: components["schemas"]["TagName"][];
            /** Format: uuid */
            translationGroupId?: string | null;
        };
        /** @description Replaces all field values (and the effective window); the template version cannot change here. Clears any schedule. */
        UpdateContentVersionRequest: {
            /** Format: date-time */
            effectiveEndAt?: string | null;
            /** Format: date-time */
            effectiveStartAt?: string | null;
            fields: components["schemas"]["FieldValueList"];
        };
        UpdateMediaAssetRequest: {
            altText?: string | null;
        };
        UpdateReleaseRequest: {
            description?: components["schemas"]["ReleaseDescription"];
            name: components["schemas"]["ReleaseName"];
            publishAt?: components["schemas"]["ReleasePublishAt"];
        };
        /** @description The slug is immutable; only the name and description change. */
        UpdateTemplateRequest: {
            description?: string | null;
            name: string;
        };
        UpdateUserRequest: {
            displayName: string | null;
            email: components["schemas"]["Email"];
            isActive: boolean;
            isSuperAdmin: boolean;
            role: components["schemas"]["Role"];
            timeZoneId?: string | null;
            /** @description Replaces every grant of the user; omitted or null keeps the current grants. */
            workspaceAccesses?: components["schemas"]["UserWorkspaceAccessRequest"][] | null;
        };
        UpdateWebhookEndpointRequest: {
            events: components["schemas"]["WebhookEventList"];
            /** @description An inactive endpoint gets no new deliveries, and the ones it already has wait: they are not attempted (and no attempt is counted) until it is active again, when those already due are attempted at once. */
            isActive: boolean;
            name: components["schemas"]["WebhookName"];
            url: components["schemas"]["WebhookUrl"];
        };
        /**
         * @description Optional. Without a body (or with `fields` null) values are remapped onto the target template version's fields by
         *     key (values whose key is gone are dropped); with `fields` they replace the version's values and their ids refer to
         *     the target's fields.
         */
        UpgradeTemplateVersionRequest: {
            fields?: components["schemas"]["FieldValueList"] | null;
        };
        UserDto: {
            /** Format: date-time */
            createdAt: string;
            displayName: string | null;
            email: string;
            /** Format: uuid */
            id: string;
            isActive: boolean;
            isSuperAdmin: boolean;
            /** Format: date-time */
            lastLoginAt: string | null;
            mustChangePassword: boolean;
            role: components["schemas"]["Role"];
            timeZoneId: string | null;
            /** Format: date-time */
            updatedAt: string;
            workspaceAccesses: components["schemas"]["UserWorkspaceAccessDto"][];
        };
        UserDtoPagedResponse: {
            items: components["schemas"]["UserDto"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        UserSummary: {
            displayName: string | null;
            email: string;
            /** Format: uuid */
            id: string;
            isSuperAdmin: boolean;
            role: components["schemas"]["Role"];
        };
        UserWorkspaceAccessDto: {
            accessLevel: components["schemas"]["WorkspaceAccessLevel"];
            /** Format: uuid */
            workspaceId: string;
        };
        UserWorkspaceAccessRequest: {
            accessLevel: components["schemas"]["WorkspaceAccessLevel"];
            /** Format: uuid */
            workspaceId: string;
        };
        /**
         * @description What a field value holds; the primitive types plus `ChildContent` (a composition field's child item) and `Component`
         *     (a structured component value). `Number`, `Date`, `DateTime` and `Json` are Verso's (see PrimitiveType).
         * @enum {string}
         */
        ValueKind: "Text" | "RichText" | "Markdown" | "Boolean" | "PickList" | "Media" | "File" | "Link" | "Quote" | "Separator" | "ChildContent" | "Component" | "Number" | "Date" | "DateTime" | "Json";
        /** @description The body of every `content.*` delivery. Item-level events (`content.created`, `content.updated`, `content.deleted`) have null version members. */
        WebhookContentEventPayload: {
            /** Format: uuid */
            contentItemId: string;
            /** Format: uuid */
            contentVersionId: string | null;
            /**
             * Format: uuid
             * @description The event id, signed with the body; `X-Verso-Event-Id` and `webhook-id` repeat it. The same on every attempt.
             */
            id: string;
            /** @description The item's locale when the event was written (Verso extension; absent on events written before). */
            localeCode?: string | null;
            /** @description What a CDN in front of the delivery reads must purge (README, Behind a CDN): `list-<workspaceId>`, `item-<id>` of this item and of every item that embeds it (at any depth up to the expansion limit, found when the event is written), matching the keys the reads send in Surrogate-Key and Cache-Tag. When more than 1000 items embed it, `ws-<workspaceId>` and `list-<workspaceId>` instead. Absent on events written before the server knew purge keys. */
            purgeKeys?: string[];
            /** @description The version's workflow status (`Draft`, `Published`, …); null for item-level events. */
            status: string | null;
            /** Format: uuid */
            templateVersionId: string;
            /**
             * Format: uuid
             * @description The item's translation group when the event was written (Verso extension; absent on events written before). `purgeKeys` name every member of the group, as a read in any locale may fall back to or share fields of any.
             */
            translationGroupId?: string | null;
            /**
             * @description The event type (`content.version_published`, …), signed with the body; `X-Verso-Event` repeats it.
             * @example content.version_published
             */
            type: string;
            /** Format: int32 */
            versionNumber: number | null;
            /** Format: uuid */
            workspaceId: string;
        };
        /**
         * @description One event for one endpoint and its attempts so far. Pending: neither delivered nor dead-lettered (`isFailed` tells
         *     whether the last attempt failed and a retry is due at `nextRetryAt`). Delivered: a 2xx answer was received.
         *     Dead letter: `Webhook__MaxAttempts` attempts failed; kept with its last error until an operator retries it.
         */
        WebhookDeliveryResponse: {
            /** Format: int32 */
            attemptCount: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            deadLetteredAt: string | null;
            /** Format: date-time */
            deliveredAt: string | null;
            /**
             * Format: uuid
             * @description The outbox event's id, sent as `X-Verso-Event-Id` (stable across retries; receivers deduplicate by it).
             */
            eventId: string;
            eventType: string;
            /** Format: uuid */
            id: string;
            isDeadLetter: boolean;
            isDelivered: boolean;
            /** @description The last attempt failed (true for dead letters too). */
            isFailed: boolean;
            /** Format: date-time */
            lastAttemptAt: string | null;
            /** @description Why the last attempt failed (at most 4,000 characters; never a secret). */
            lastError: string | null;
            /**
             * Format: date-time
             * @description When the next attempt is due (null once delivered or dead-lettered).
             */
            nextRetryAt: string | null;
            /** @description The body POSTed: the event's payload with its `type` and `id` (see WebhookEventType), serialised once when the delivery was created and exactly the same bytes on every attempt. */
            payload: unknown;
            /**
             * Format: int32
             * @description The HTTP status of the last attempt's answer (null when it got none).
             */
            statusCode: number | null;
            /** Format: uuid */
            webhookEndpointId: string;
        };
        WebhookDeliveryResponsePagedResponse: {
            items: components["schemas"]["WebhookDeliveryResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        /** @description An endpoint as stored; its secret is never part of it. */
        WebhookEndpointResponse: {
            /** Format: date-time */
            createdAt: string;
            events: components["schemas"]["WebhookEventType"][];
            /** Format: uuid */
            id: string;
            isActive: boolean;
            name: string;
            /** Format: date-time */
            updatedAt: string;
            url: string;
            /** Format: uuid */
            workspaceId: string;
        };
        WebhookEndpointResponsePagedResponse: {
            items: components["schemas"]["WebhookEndpointResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        /** @description At least one event type (422 when empty). Each must be a current event type (WebhookEventType); the removed types `content.published`, `content.status_changed`, `content.archived` and unknown names are refused with 422 naming them. Duplicates count once. */
        WebhookEventList: string[];
        /**
         * @description An event a webhook endpoint can subscribe to. Every delivery's body is one JSON object that carries the event's
         *     `type` and `id` (the same values as the `X-Verso-Event` and `X-Verso-Event-Id` headers, and `webhook-id`) next to
         *     its data, so both signatures cover them: `content.*` events send WebhookContentEventPayload,
         *     `template.version_published` sends WebhookTemplateVersionPublishedPayload, `workspace.updated` sends
         *     WebhookWorkspaceUpdatedPayload, `release.published` sends WebhookReleasePublishedPayload (see the document's
         *     `webhooks`). The headers only repeat what the signed body says;
         *     a receiver trusts the body's `type` and `id` and refuses a delivery whose headers disagree with them.
         * @enum {string}
         */
        WebhookEventType: "content.created" | "content.updated" | "content.deleted" | "content.version_created" | "content.version_updated" | "content.version_deleted" | "content.version_status_changed" | "content.version_published" | "content.version_template_upgraded" | "template.version_published" | "workspace.updated" | "release.published";
        WebhookName: string;
        /** @description The body of a `release.published` delivery: written in the release's transaction, next to each entry's own `content.*` events, with the union of their purge keys so a CDN can be purged once for the whole release. */
        WebhookReleasePublishedPayload: {
            entries: {
                /** @description `publish` or `archive`. */
                action: string;
                /** Format: uuid */
                itemId: string;
                /** Format: int32 */
                versionNumber: number;
            }[];
            /**
             * Format: uuid
             * @description The event id, signed with the body (the same on every attempt).
             */
            id: string;
            name: string;
            /** @description The union of the purge keys of every entry's events (see WebhookContentEventPayload's `purgeKeys`). */
            purgeKeys: string[];
            /** Format: uuid */
            releaseId: string;
            /**
             * @description The event type, `release.published`, signed with the body.
             * @example release.published
             */
            type: string;
            /** Format: uuid */
            workspaceId: string;
        };
        /** @description The body of a `template.version_published` delivery. */
        WebhookTemplateVersionPublishedPayload: {
            /**
             * Format: uuid
             * @description The event id, signed with the body (the same on every attempt).
             */
            id: string;
            /** Format: uuid */
            templateId: string;
            /** Format: uuid */
            templateVersionId: string;
            /**
             * @description The event type, `template.version_published`, signed with the body.
             * @example template.version_published
             */
            type: string;
            /** Format: int32 */
            versionNumber: number;
            /** Format: uuid */
            workspaceId: string;
        };
        /**
         * @description Where deliveries are POSTed. `https://` (plain `http://` only where the server allows it, `Webhook__AllowHttp`), no user information, and a host that is not a literal private, loopback or reserved address (422 otherwise). The host name is resolved and checked again before every attempt. A workspace has at most `Webhook__MaxEndpointsPerHost` endpoints (default 10) whose URLs name the same host (compared without case or a trailing dot; 422 at `/url` beyond). A changed URL applies to every attempt made from then on, retries of earlier deliveries included; an attempt already under way finishes at the old URL.
         * @example https://hooks.example.com/verso
         */
        WebhookUrl: string;
        /** @description The body of a `workspace.updated` delivery. */
        WebhookWorkspaceUpdatedPayload: {
            /**
             * Format: uuid
             * @description The event id, signed with the body (the same on every attempt).
             */
            id: string;
            name: string;
            slug: string;
            /**
             * @description The event type, `workspace.updated`, signed with the body.
             * @example workspace.updated
             */
            type: string;
            /** Format: uuid */
            workspaceId: string;
        };
        /**
         * @description A workspace grant. No grant (none) is the absence of an entry.
         * @enum {string}
         */
        WorkspaceAccessLevel: "Read" | "Write";
        /**
         * @description Verso extension: one version found across a workspace's items (review queue, own drafts, schedule), with what a
         *     row needs to name its item without another call.
         */
        WorkspaceContentVersionResponse: {
            /** Format: uuid */
            contentItemId: string;
            /**
             * Format: uuid
             * @description The user who created the version; null when an API client (or, before Verso recorded it, an unknown actor) did.
             */
            createdByUserId: string | null;
            itemSlug: string | null;
            /**
             * Format: date-time
             * @description When a reviewer last sent this version back to Draft (reject); cleared when it is submitted again.
             */
            rejectedAt: string | null;
            /** @description The reason given with that rejection, if any. */
            rejectionReason: string | null;
            templateName: string;
            /** @description The item's title in this version (its template version's title field), else the item's (its newest version that has one, so an empty Draft is still named); null when none has one. */
            title: string | null;
            version: components["schemas"]["ContentVersionSummaryResponse"];
        };
        WorkspaceContentVersionResponsePagedResponse: {
            items: components["schemas"]["WorkspaceContentVersionResponse"][];
            /** Format: int32 */
            page: number;
            /** Format: int32 */
            pageSize: number;
            /** Format: int32 */
            totalCount: number;
            /** Format: int32 */
            totalPages: number;
        };
        WorkspaceDto: {
            /** @description With public media on: true hands out `publicUrl` for every asset of the workspace; false (the default) only for the assets that served content uses, and only those URLs are served. */
            allMediaPublic: boolean;
            /** @description Whether the caller may write in this workspace (its grant or superadmin reach). A hint for clients; the API still checks every request. */
            canWrite: boolean;
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            /** Format: uuid */
            id: string;
            /** @description Part of every public media URL's signature. `POST …/media/public-urls/rotate` adds one, and every public URL handed out before stops working. */
            mediaUrlGeneration: number;
            name: string;
            /** @description Where the admin's Preview button sends an editor (issue #27): a URL template whose `{slug}`, `{locale}` and `{token}` are replaced (URL-encoded) by the item's slug, its locale and a fresh item-scoped preview token. Null: the admin shows the preview itself. */
            previewUrl: string | null;
            /** @description Whether the workspace's signed public media URLs (`/media/v1/…`) are handed out and served; when false every one is 404, at once on every replica. Off for a workspace created without it. */
            publicMedia: boolean;
            slug: string;
            /** Format: date-time */
            updatedAt: string;
        };
        WorkspaceDtoPagedResponse: {
            items: components["schemas"]["WorkspaceDto"][];
            page: number;
            pageSize: number;
            totalCount: number;
            totalPages: number;
        };
        /** @description One language of the workspace, and the languages a read in it falls back to, in order. */
        WorkspaceLocale: {
            code: components["schemas"]["LanguageTag"];
            /** @description The locales a read in this locale falls back to when a translation is missing, in order; each must be a configured locale, none may repeat or lead back here, and every locale but the default ends its chain in the default (which may be left implicit: a chain that does not name the default still ends in it). The default's own chain is empty. */
            fallback: components["schemas"]["LanguageTag"][];
            /** @description The language's name as editors see it (`Deutsch (Schweiz)`). */
            name: string;
        };
        /** @description The whole set of the workspace's locales (replaced as a whole). No locales and no default turns localization off: items may then carry any `localeCode`, as before. */
        WorkspaceLocalesRequest: {
            /** @description One of `locales`; null only when `locales` is empty. */
            defaultLocale: components["schemas"]["LanguageTag"] | null;
            locales: components["schemas"]["WorkspaceLocale"][];
        };
        WorkspaceLocalesResponse: {
            /** @description The default locale; null when the workspace has no locales configured. */
            defaultLocale: string | null;
            /** @description The configured locales, default first, then in the order they were given. Each `fallback` is the full chain as reads apply it (ending in the default). */
            locales: components["schemas"]["WorkspaceLocale"][];
        };
        WorkspaceRequest: {
            /** @description True: every asset gets a public URL (with public media on); false: only the assets that served content uses. Absent keeps the current setting (false for a new workspace). */
            allMediaPublic?: boolean;
            description?: string | null;
            name: string;
            /** @description The preview URL template (see WorkspaceDto.previewUrl): an absolute https URL (http also outside production) containing `{token}`; null clears it, omitted keeps it (422 at /previewUrl otherwise). */
            previewUrl?: string | null;
            /** @description Turns the workspace's public media URLs on or off; absent keeps the current setting (off for a new workspace). */
            publicMedia?: boolean;
            /** @description Lower-case ASCII letters and digits in segments joined by one `-` or `_`, at most 100 characters, unique among live workspaces (422 when invalid, 409 when taken). */
            slug: string;
        };
    };
    responses: {
        /** @description The request does not match the contract (every violation is listed in `errors`, keyed by JSON pointer into the body or by `path.<name>`, `query.<name>`, `header.<name>`), its JSON is malformed or not UTF-8, a required body is missing, or a string holds U+0000 or an unpaired UTF-16 surrogate (which the API refuses everywhere rather than alter). */
        BadRequest: {
            headers: {
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description The request conflicts with the resource's current state. */
        Conflict: {
            headers: {
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description The caller's role does not allow this operation. */
        Forbidden: {
            headers: {
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description An unexpected failure (`internal-server-error`); the body carries no internals, the `traceId` finds it in the logs. */
        InternalServerError: {
            headers: {
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description No such resource, or one the caller may not see. */
        NotFound: {
            headers: {
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description Not modified: `If-None-Match` names the resource's current `ETag` (or is `*`), so the copy the client holds is current. No body. Every GET whose answer carries an `ETag` answers so: the response writer compares the request's tags with the one it is about to send. */
        NotModified: {
            headers: {
                ETag: components["headers"]["ETag"];
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The request body is larger than the server's limit (`Api__MaxRequestBodyBytes`, 4 MiB by default). */
        PayloadTooLarge: {
            headers: {
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description The `If-Match` tag is missing or stale (`concurrency-mismatch`); read the resource again and retry. */
        PreconditionFailed: {
            headers: {
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description Too many requests in this minute (`rate-limit-exceeded`): per caller (`RateLimit__PerActor__PermitPerMinute`) and, for requests without credentials and for the credential operations (login, refresh, change-password) whatever their credentials, per client address (`RateLimit__PerIp__PermitPerMinute`; IPv6 per `RateLimit__Ipv6PrefixLength` prefix). Retry after `Retry-After` seconds. Repeated rejections of requests without valid credentials ban the address for a while (then every request gets a bare 403). */
        TooManyRequests: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                "Retry-After": components["headers"]["RetryAfter"];
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description Missing, invalid, expired or revoked credentials. */
        Unauthorized: {
            headers: {
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description The request is well-formed but breaks a domain rule (`validation-failed`, `invalid-state-transition`, …). */
        UnprocessableEntity: {
            headers: {
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
        /** @description The request body is not of a media type this operation lists (`application/json`), or its charset or content encoding is not supported. */
        UnsupportedMediaType: {
            headers: {
                "X-Correlation-Id": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["ProblemDetails"];
            };
        };
    };
    parameters: {
        /** @description The instant to resolve served versions at (default now). */
        AsOf: string;
        AuditActionFilter: components["schemas"]["AuditAction"];
        AuditActorApiClientId: string;
        AuditActorUserId: string;
        /** @description Only entries at or after this instant. */
        AuditAfter: string;
        /** @description Only entries before this instant. */
        AuditBefore: string;
        /** @description Only entries of this content item and of its versions (entity types ContentItem and ContentVersion): an item's whole history in one read. */
        AuditContentItemId: string;
        AuditEntityId: string;
        /** @description Only entries of this entity type (for example ContentVersion, Workspace, User), compared case-insensitively. */
        AuditEntityType: string;
        /** @description Entries per page (the audit log defaults to 50). */
        AuditPageSize: number;
        /**
         * @description Field filters (Verso's), each `filter[<fieldKey>][<op>]=<value>`, all combined with AND; they need `templateId`
         *     (a field key means something only within one template) and apply to the published reads (`resolve=true`, `asOf`
         *     too) and the plain list alike. The ops:
         *     - `eq`, `ne`, `lt`, `lte`, `gt`, `gte`: compared by the field's type — Number as numbers, Date as calendar dates
         *       (`2026-12-24`), DateTime as instants (RFC 3339 with an offset), Boolean (`true`/`false`), PickList by option value,
         *       ChildContent by the child item's id, Text, Markdown and Link as text (case-sensitive, by code point); `ne`
         *       matches the items none of whose values equals the operand, items without a value included;
         *     - `in`: any of a comma-separated list of values (at most 100);
         *     - `exists`: `true` (the item has a value for the field) or `false` (it has none);
         *     - `contains`: a case-insensitive substring, on Text, Markdown, RichText and Link fields.
         *
         *     A repeated field (more than one occurrence) matches when any of its values does (`ne` and `exists=false`: when
         *     none does). The filters are checked before any list query: an unknown field key, an op the
         *     field's type does not support, a value that does not parse as the field's type, or a filter without `templateId` is
         *     a 400 naming the parameter (`query.filter[<fieldKey>][<op>]`) and the reason. Example:
         *     `?templateId=…&filter[eventDate][gte]=2026-12-01&filter[city][eq]=Berlin&sortBy=fields.eventDate&sortDesc=false`.
         *     A preview token's list refuses field filters, and sorts other than createdAt, updatedAt and slug, with a 400.
         */
        ContentFieldFilter: {
            [key: string]: components["schemas"]["FieldFilterOperations"];
        };
        ContentLocaleFilter: string;
        /** @description Case-insensitive substring of the slug or of any version's text value. */
        ContentQuery: string;
        /** @description Exact slug. */
        ContentSlugFilter: string;
        ContentSlugPath: string;
        /**
         * @description `createdAt`, `updatedAt` or `slug` (case-insensitive); Verso's: `title` (the title shown for the row: the served
         *     version's on a published read, the item's on the plain list — its newest version's that has one; a sort that reads every matching item, for
         *     editing screens rather than sites) or `fields.<fieldKey>`, by a field of the template
         *     named by `templateId`, which is then required. A field sort compares by the field's type (numbers as numbers, dates
         *     and instants in time order, text by code point), uses a repeated field's first value, puts items without a value
         *     last in both directions, and breaks ties by the item's id so that pages are stable. Text, Markdown, Link,
         *     PickList, Boolean, Number, Date, DateTime and ChildContent fields can be sorted by.
         */
        ContentSortBy: string;
        /** @description Items with at least one version in this status. */
        ContentStatusFilter: components["schemas"]["ContentStatus"];
        /** @description Comma-separated tag names (trimmed, case-insensitive); an item must carry all of them. */
        ContentTagsFilter: string;
        /** @description Items whose template is this one (any of its versions). */
        ContentTemplateFilter: string;
        /** @description Items whose (latest) template version is this one. */
        ContentTemplateVersionFilter: string;
        ContentTranslationGroupFilter: string;
        CreatedAfter: string;
        CreatedBefore: string;
        DeliveryId: string;
        /** @description The ETag of an earlier published answer to this same request; while it is still what would be served the answer is 304 without a body. A preview token's read ignores it (preview answers carry no validators). */
        DeliveryIfNoneMatch: string;
        /** @description Only dead letters (true) or only deliveries that are not (false). */
        DeliveryIsDeadLetter: boolean;
        /** @description Only deliveries that were (true) or were not yet (false) delivered. */
        DeliveryIsDelivered: boolean;
        /** @description Only deliveries whose last attempt failed (true) or did not (false); dead letters count as failed. */
        DeliveryIsFailed: boolean;
        /** @description The reader's locale (Verso extension). The slug (or each list entry) names a translation group, and the read serves the group's member in this locale, else the first member along its fallback chain (the workspace's locales), else the default locale's, else a member without a locale; a locale the workspace does not configure falls back through its configured prefixes (`de-AT` → `de`) to the default. Children are resolved the same way. Omitted: the item itself, exactly as without localization. Compared regardless of case and answered canonical (`de-ch` is `de-CH`). */
        DeliveryLocale: components["schemas"]["LanguageTag"];
        /** @description Expand each composition value's `child` (the child item's version served at the same instant), up to 8 levels deep. `false` leaves only `childContentItemId`. */
        ExpandChildren: boolean;
        FieldId: string;
        Id: string;
        /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
        IfMatch: string;
        /** @description Verso extension: only these assets (comma-separated ids, at most 100), so a screen showing a version's Media and File values reads their names, types and sizes in one call. Ids the workspace does not show are left out. */
        MediaIds: string;
        /** @description The file's ETag from an earlier download; when it still matches the answer is 304 without a body. */
        MediaIfNoneMatch: string;
        /** @description One byte range (`bytes=0-1023`, `bytes=1024-`, `bytes=-500`): answered 206 with that part. Several ranges are answered with the whole file (200); a range that starts past the end is 416. */
        MediaRange: string;
        /** @description Only assets whose file name contains this (case-insensitive). */
        MediaSearch: string;
        /** @description Only assets whose MIME type starts with this (`image/`, `application/pdf`). */
        MediaTypeFilter: string;
        /** @description Only this configured locale (omitted, every configured locale but the default). */
        MissingTranslationLocale: components["schemas"]["LanguageTag"];
        /** @description Case-insensitive substring of the name or slug. */
        ModelSearch: string;
        /** @description The id of an official package (as listed by `GET /api/v1/packages/official`). */
        OfficialPackageId: string;
        /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
        Page: number;
        /** @description Items per page. */
        PageSize: number;
        PickListRevisionId: string;
        /** @description Items with at least one version published at or after this instant. */
        PublishedAfter: string;
        /** @description Items with at least one version published before this instant. */
        PublishedBefore: string;
        /**
         * @description List only items served at `asOf`, one row per item carrying the served version as `currentlyServingVersion`
         *     (`createdAt` and `updatedAt` then carry its `publishedAt`, `versionCount` is 1).
         */
        Resolve: boolean;
        SectionId: string;
        SortDesc: boolean;
        /** @description Verso extension, for live preview and click-to-edit: with `true`, a preview token's answer also carries `sourceMap`, naming where each value it renders is edited. Honoured only for a preview token; any other caller's read ignores it (the answer, its ETag and its cache entry are those of the same read without it), so a site may always send it. */
        SourceMap: boolean;
        /** @description The template version's own id. */
        TemplateVersionId: string;
        /** @description Only versions this user created — a user id, or `me` for the caller (an API client matches none). */
        VersionCreatedByFilter: string;
        /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
        VersionIfMatch: string;
        /** @description Only the versions of this content item (an item page's own queue entries, such as why its Draft was sent back). */
        VersionItemFilter: string;
        VersionNumber: number;
        /** @description true = only versions a reviewer sent back (rejected and not submitted since); false = only the others. */
        VersionRejectedFilter: boolean;
        /** @description true = only versions scheduled for publication, soonest first (otherwise the most recently changed come first). */
        VersionScheduledFilter: boolean;
        /** @description Only versions in this status. */
        VersionStatusFilter: components["schemas"]["ContentStatus"];
        WorkspaceId: string;
    };
    requestBodies: never;
    headers: {
        /** @description Always `bytes`. */
        AcceptRanges: "bytes";
        /** @description How long the file may be cached; `private`, since it needs the caller's credentials. */
        CacheControl: string;
        /** @description `inline` for images, `attachment` otherwise, with the file name as `filename` (ASCII, quotes and controls replaced) and `filename*` (RFC 5987 UTF-8), per RFC 6266. */
        ContentDisposition: string;
        /** @description The size of the body in bytes. */
        ContentLength: number;
        /** @description The part sent (`bytes 0-1023/52428800`), or on 416 the file's size (`bytes *\/52428800`). */
        ContentRange: string;
        /** @description The request's correlation id (taken from the request when well-formed, else generated). */
        CorrelationId: string;
        /** @description How this delivery read was answered: `hit` from the server's delivery cache (exactly what the database would answer now: any committed change in the workspace and every effective-window boundary end an entry), `miss` read from the database and cached, `bypass` read from the database while the cache is off or cannot be trusted (Delivery__CacheSeconds=0, change notices unavailable), and always for a preview token's read, which never enters or reads the cache. On a 304: `hit` when the tag was compared with a cached entry's, `miss` (nothing stored) or `bypass` when it was computed from the database. */
        DeliveryCache: "hit" | "miss" | "bypass";
        /** @description How long a cache may keep a published delivery read: `Delivery__CacheControl` (default `no-cache`: keep it but revalidate with If-None-Match every time). A preview token's read is always `private, no-store`. Published reads also carry their purge keys in the headers named by `Delivery__PurgeKeyHeaders` (default `Surrogate-Key`, space-separated, and `Cache-Tag`, comma-separated; the names are configuration, so they are not declared here): `ws-<workspaceId>`, `item-<id>` for every item in the body (children included, expanded or not) and, on the content list, `list-<workspaceId>`. */
        DeliveryCacheControl: string;
        /** @description A strong tag of this published answer; send it back as `If-None-Match` to revalidate (304 while unchanged). On by-slug it is derived from what is served: the item, its served version, the served version of every child expanded into the body and every delivered asset (so publishing a child or changing an asset's alt text changes it). On the content list it is a digest of the page. Never sent on a preview token's read. A gzip-coded answer's tag ends in `.gz` inside the quotes (each coding is its own representation); If-None-Match naming either coding's tag is answered 304 while the content is unchanged. */
        DeliveryETag: string;
        /** @description Opaque version tag of the returned resource; send it back in `If-Match` on writes. */
        ETag: string;
        /** @description A strong tag of the file's bytes; send it as `If-None-Match` to revalidate (304). */
        FileETag: string;
        /** @description `public, max-age=31536000, immutable`: a signed URL's bytes never change (a new upload is a new URL). */
        ImmutableCacheControl: string;
        /** @description The path of the created resource. */
        Location: string;
        /** @description Always `nosniff`. */
        NoSniff: "nosniff";
        /** @description What is left of it in this window (`"actor";r=0;t=17`). */
        RateLimit: string;
        /** @description The limit that applies, per the IETF RateLimit header fields draft (`"actor";q=600;w=60`). */
        RateLimitPolicy: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description When the caller's session expires (sliding); present on responses to session-authenticated requests. */
        SessionExpiresAt: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAccountPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preferences. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountPreferencesResponse"];
                };
            };
            /** @description The caller is not a local user (API clients and OIDC tokens have no preferences). */
            400: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateAccountPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAccountPreferencesRequest"];
            };
        };
        responses: {
            /** @description The preferences as saved. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountPreferencesResponse"];
                };
            };
            /** @description The caller is not a local user (API clients and OIDC tokens have no preferences). */
            400: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                action?: components["parameters"]["AuditActionFilter"];
                actorApiClientId?: components["parameters"]["AuditActorApiClientId"];
                actorUserId?: components["parameters"]["AuditActorUserId"];
                /** @description Only entries at or after this instant. */
                after?: components["parameters"]["AuditAfter"];
                /** @description Only entries before this instant. */
                before?: components["parameters"]["AuditBefore"];
                /** @description Only entries of this content item and of its versions (entity types ContentItem and ContentVersion): an item's whole history in one read. */
                contentItemId?: components["parameters"]["AuditContentItemId"];
                entityId?: components["parameters"]["AuditEntityId"];
                /** @description Only entries of this entity type (for example ContentVersion, Workspace, User), compared case-insensitively. */
                entityType?: components["parameters"]["AuditEntityType"];
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Entries per page (the audit log defaults to 50). */
                pageSize?: components["parameters"]["AuditPageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordRequest"];
            };
        };
        responses: {
            /** @description The password is changed. */
            204: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-Session-Expires-At": components["headers"]["SessionExpiresAt"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description The new session. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-Session-Expires-At": components["headers"]["SessionExpiresAt"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session is gone. */
            204: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The authenticated actor. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-Session-Expires-At": components["headers"]["SessionExpiresAt"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentActor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    refreshSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new session. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    "X-Session-Expires-At": components["headers"]["SessionExpiresAt"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description The caller is not signed in with a session (API clients and OIDC tokens cannot refresh). */
            400: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listApiClients: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of API clients. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiClientDtoPagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createApiClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiClientRequest"];
            };
        };
        responses: {
            /** @description The client and its token. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateApiClientResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getApiClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiClientDto"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    revokeApiClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client, now inactive. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiClientDto"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    rotateApiClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The replacement client and its token. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateApiClientResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listOfficialPackages: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of official packages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfficialPackageResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listIpBans: {
        parameters: {
            query?: {
                /** @description Only bans that cover this address (IPv4, IPv6 or IPv4-mapped IPv6, compared as one address; an IPv6 address finds the ban of its prefix) or that overlap this network in CIDR notation (`2001:db8:1:2::/64`). */
                ipAddress?: string;
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of ban events. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IpBanEventResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getStorageSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorageConfigResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    testStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the probe found (success false with the reason when storage failed). */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorageTestResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of users. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDtoPagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserRequest"];
            };
        };
        responses: {
            /** @description The user id and the temporary password. */
            201: {
                headers: {
                    Location: components["headers"]["Location"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TempPasswordResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserRequest"];
            };
        };
        responses: {
            /** @description The user as saved. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user is deleted. */
            204: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    resetUserPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordRequest"];
            };
        };
        responses: {
            /** @description The user id and the temporary password. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TempPasswordResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    unlockUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's sign-ins are no longer throttled. */
            204: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listWorkspaces: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of workspaces. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceDtoPagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceRequest"];
            };
        };
        responses: {
            /** @description The workspace. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceDto"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceDto"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateWorkspace: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceRequest"];
            };
        };
        responses: {
            /** @description The workspace as saved. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceDto"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteWorkspace: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace is deleted. */
            204: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listWorkspaceAuditEntries: {
        parameters: {
            query?: {
                action?: components["parameters"]["AuditActionFilter"];
                actorApiClientId?: components["parameters"]["AuditActorApiClientId"];
                actorUserId?: components["parameters"]["AuditActorUserId"];
                /** @description Only entries at or after this instant. */
                after?: components["parameters"]["AuditAfter"];
                /** @description Only entries before this instant. */
                before?: components["parameters"]["AuditBefore"];
                /** @description Only entries of this content item and of its versions (entity types ContentItem and ContentVersion): an item's whole history in one read. */
                contentItemId?: components["parameters"]["AuditContentItemId"];
                entityId?: components["parameters"]["AuditEntityId"];
                /** @description Only entries of this entity type (for example ContentVersion, Workspace, User), compared case-insensitively. */
                entityType?: components["parameters"]["AuditEntityType"];
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Entries per page (the audit log defaults to 50). */
                pageSize?: components["parameters"]["AuditPageSize"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of entries. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listComponents: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Case-insensitive substring of the name or slug. */
                search?: components["parameters"]["ModelSearch"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of components. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComponentSummaryResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createComponent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ComponentRequest"];
            };
        };
        responses: {
            /** @description The component, its draft version 1 as `currentVersion`. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComponentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getComponent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The component. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComponentResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateComponent: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ComponentRequest"];
            };
        };
        responses: {
            /** @description The updated component. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComponentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createComponentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ComponentVersionRequest"];
            };
        };
        responses: {
            /** @description The draft that already existed. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComponentVersionResponse"];
                };
            };
            /** @description The new draft. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComponentVersionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getComponentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version with its fields. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComponentVersionResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    replaceComponentFields: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ComponentFieldRequest"][];
            };
        };
        responses: {
            /** @description The version with its new fields. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComponentVersionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    publishComponentVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The component with its newly published version. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ComponentResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listContent: {
        parameters: {
            query?: {
                /** @description The instant to resolve served versions at (default now). */
                asOf?: components["parameters"]["AsOf"];
                createdAfter?: components["parameters"]["CreatedAfter"];
                createdBefore?: components["parameters"]["CreatedBefore"];
                /**
                 * @description Field filters (Verso's), each `filter[<fieldKey>][<op>]=<value>`, all combined with AND; they need `templateId`
                 *     (a field key means something only within one template) and apply to the published reads (`resolve=true`, `asOf`
                 *     too) and the plain list alike. The ops:
                 *     - `eq`, `ne`, `lt`, `lte`, `gt`, `gte`: compared by the field's type — Number as numbers, Date as calendar dates
                 *       (`2026-12-24`), DateTime as instants (RFC 3339 with an offset), Boolean (`true`/`false`), PickList by option value,
                 *       ChildContent by the child item's id, Text, Markdown and Link as text (case-sensitive, by code point); `ne`
                 *       matches the items none of whose values equals the operand, items without a value included;
                 *     - `in`: any of a comma-separated list of values (at most 100);
                 *     - `exists`: `true` (the item has a value for the field) or `false` (it has none);
                 *     - `contains`: a case-insensitive substring, on Text, Markdown, RichText and Link fields.
                 *
                 *     A repeated field (more than one occurrence) matches when any of its values does (`ne` and `exists=false`: when
                 *     none does). The filters are checked before any list query: an unknown field key, an op the
                 *     field's type does not support, a value that does not parse as the field's type, or a filter without `templateId` is
                 *     a 400 naming the parameter (`query.filter[<fieldKey>][<op>]`) and the reason. Example:
                 *     `?templateId=…&filter[eventDate][gte]=2026-12-01&filter[city][eq]=Berlin&sortBy=fields.eventDate&sortDesc=false`.
                 *     A preview token's list refuses field filters, and sorts other than createdAt, updatedAt and slug, with a 400.
                 */
                filter?: components["parameters"]["ContentFieldFilter"];
                /** @description The reader's locale (Verso extension). The slug (or each list entry) names a translation group, and the read serves the group's member in this locale, else the first member along its fallback chain (the workspace's locales), else the default locale's, else a member without a locale; a locale the workspace does not configure falls back through its configured prefixes (`de-AT` → `de`) to the default. Children are resolved the same way. Omitted: the item itself, exactly as without localization. Compared regardless of case and answered canonical (`de-ch` is `de-CH`). */
                locale?: components["parameters"]["DeliveryLocale"];
                localeCode?: components["parameters"]["ContentLocaleFilter"];
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Items with at least one version published at or after this instant. */
                publishedAfter?: components["parameters"]["PublishedAfter"];
                /** @description Items with at least one version published before this instant. */
                publishedBefore?: components["parameters"]["PublishedBefore"];
                /** @description Case-insensitive substring of the slug or of any version's text value. */
                q?: components["parameters"]["ContentQuery"];
                /**
                 * @description List only items served at `asOf`, one row per item carrying the served version as `currentlyServingVersion`
                 *     (`createdAt` and `updatedAt` then carry its `publishedAt`, `versionCount` is 1).
                 */
                resolve?: components["parameters"]["Resolve"];
                /** @description Exact slug. */
                slug?: components["parameters"]["ContentSlugFilter"];
                /**
                 * @description `createdAt`, `updatedAt` or `slug` (case-insensitive); Verso's: `title` (the title shown for the row: the served
                 *     version's on a published read, the item's on the plain list — its newest version's that has one; a sort that reads every matching item, for
                 *     editing screens rather than sites) or `fields.<fieldKey>`, by a field of the template
                 *     named by `templateId`, which is then required. A field sort compares by the field's type (numbers as numbers, dates
                 *     and instants in time order, text by code point), uses a repeated field's first value, puts items without a value
                 *     last in both directions, and breaks ties by the item's id so that pages are stable. Text, Markdown, Link,
                 *     PickList, Boolean, Number, Date, DateTime and ChildContent fields can be sorted by.
                 */
                sortBy?: components["parameters"]["ContentSortBy"];
                sortDesc?: components["parameters"]["SortDesc"];
                /** @description Items with at least one version in this status. */
                status?: components["parameters"]["ContentStatusFilter"];
                /** @description Comma-separated tag names (trimmed, case-insensitive); an item must carry all of them. */
                tags?: components["parameters"]["ContentTagsFilter"];
                /** @description Items whose template is this one (any of its versions). */
                templateId?: components["parameters"]["ContentTemplateFilter"];
                /** @description Items whose (latest) template version is this one. */
                templateVersionId?: components["parameters"]["ContentTemplateVersionFilter"];
                translationGroupId?: components["parameters"]["ContentTranslationGroupFilter"];
            };
            header?: {
                /** @description The ETag of an earlier published answer to this same request; while it is still what would be served the answer is 304 without a body. A preview token's read ignores it (preview answers carry no validators). */
                "If-None-Match"?: components["parameters"]["DeliveryIfNoneMatch"];
            };
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of items. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["DeliveryCacheControl"];
                    /** @description The answer's strong tag (see the 304's ETag); sent on every published read, never on a preview token's. */
                    ETag?: string;
                    /** @description `Accept-Encoding` on every published read: the list is answered gzip-coded or not depending on that request header, so a shared cache keeps one copy per coding. */
                    Vary?: string;
                    "X-Verso-Cache": components["headers"]["DeliveryCache"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentItemSummaryResponsePagedResponse"];
                };
            };
            /** @description Not modified (the If-None-Match tag names what would be served now). */
            304: {
                headers: {
                    "Cache-Control": components["headers"]["DeliveryCacheControl"];
                    ETag: components["headers"]["DeliveryETag"];
                    /** @description `Accept-Encoding`, as on the 200. */
                    Vary?: string;
                    "X-Verso-Cache": components["headers"]["DeliveryCache"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateContentItemRequest"];
            };
        };
        responses: {
            /** @description The item with its first version. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentItemDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentItemDetailResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateContent: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateContentItemRequest"];
            };
        };
        responses: {
            /** @description The updated item. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentItemDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteContent: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    compareContentVersions: {
        parameters: {
            query?: {
                /** @description The older side's version number (default the version before `to`). */
                from?: number;
                /** @description The newer side's version number (default the latest version). */
                to?: number;
            };
            header?: {
                /** @description The ETag of an earlier answer to this same request; while the answer would be byte for byte the same, it is 304 without a body (a client that keeps the two versions, or what it made of them, skips reading them again). */
                "If-None-Match"?: string;
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item, both versions and their children's names. */
            200: {
                headers: {
                    /** @description A strong tag of this answer (a digest of its bytes); send it back as `If-None-Match` to revalidate. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionComparisonResponse"];
                };
            };
            /** @description Not modified (the If-None-Match tag names the answer as it would be now). */
            304: {
                headers: {
                    /** @description The answer's tag, as on the 200. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    duplicateContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DuplicateContentItemRequest"] | null;
            };
        };
        responses: {
            /** @description The new item with its first version. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentItemDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    linkContentTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkTranslationRequest"];
            };
        };
        responses: {
            /** @description The members of the group. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentItemSummaryResponse"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getContentTranslationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item's translations by locale. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentTranslationStatusResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listContentTranslations: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of group members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentItemSummaryResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createContentTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateContentTranslationRequest"];
            };
        };
        responses: {
            /** @description The new member with its first version. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentItemDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listContentVersions: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of versions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionSummaryResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createContentVersion: {
        parameters: {
            query?: {
                /** @description Expand each composition value's `child` (the child item's version served at the same instant), up to 8 levels deep. `false` leaves only `childContentItemId`. */
                expandChildren?: components["parameters"]["ExpandChildren"];
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateContentVersionRequest"];
            };
        };
        responses: {
            /** @description The new version. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getContentVersion: {
        parameters: {
            query?: {
                /** @description Expand each composition value's `child` (the child item's version served at the same instant), up to 8 levels deep. `false` leaves only `childContentItemId`. */
                expandChildren?: components["parameters"]["ExpandChildren"];
                /** @description Verso extension, for live preview and click-to-edit: with `true`, a preview token's answer also carries `sourceMap`, naming where each value it renders is edited. Honoured only for a preview token; any other caller's read ignores it (the answer, its ETag and its cache entry are those of the same read without it), so a site may always send it. */
                sourceMap?: components["parameters"]["SourceMap"];
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateContentVersion: {
        parameters: {
            query?: {
                /** @description Expand each composition value's `child` (the child item's version served at the same instant), up to 8 levels deep. `false` leaves only `childContentItemId`. */
                expandChildren?: components["parameters"]["ExpandChildren"];
            };
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateContentVersionRequest"];
            };
        };
        responses: {
            /** @description The updated version. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteContentVersion: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    approveContentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version in its new status. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    archiveContentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version in its new status. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    publishContentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PublishContentVersionRequest"];
            };
        };
        responses: {
            /** @description The version and any warnings. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishContentVersionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    rejectContentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RejectContentRequest"];
            };
        };
        responses: {
            /** @description The version in its new status. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    restoreContentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version in its new status. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    rollbackContentVersion: {
        parameters: {
            query?: {
                /** @description Expand each composition value's `child` (the child item's version served at the same instant), up to 8 levels deep. `false` leaves only `childContentItemId`. */
                expandChildren?: components["parameters"]["ExpandChildren"];
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new Draft. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    submitContentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version in its new status. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    upgradeContentVersionTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpgradeTemplateVersionRequest"];
            };
        };
        responses: {
            /** @description The upgraded version. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    bulkContentAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkContentActionRequest"];
            };
        };
        responses: {
            /** @description One result per item, in the order sent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkContentActionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description An atomic action with at least one failing item; nothing was changed. */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["BulkContentActionProblem"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getContentBySlug: {
        parameters: {
            query?: {
                /** @description The instant to resolve served versions at (default now). */
                asOf?: components["parameters"]["AsOf"];
                /** @description Expand each composition value's `child` (the child item's version served at the same instant), up to 8 levels deep. `false` leaves only `childContentItemId`. */
                expandChildren?: components["parameters"]["ExpandChildren"];
                /** @description The reader's locale (Verso extension). The slug (or each list entry) names a translation group, and the read serves the group's member in this locale, else the first member along its fallback chain (the workspace's locales), else the default locale's, else a member without a locale; a locale the workspace does not configure falls back through its configured prefixes (`de-AT` → `de`) to the default. Children are resolved the same way. Omitted: the item itself, exactly as without localization. Compared regardless of case and answered canonical (`de-ch` is `de-CH`). */
                locale?: components["parameters"]["DeliveryLocale"];
                /** @description Verso extension, for live preview and click-to-edit: with `true`, a preview token's answer also carries `sourceMap`, naming where each value it renders is edited. Honoured only for a preview token; any other caller's read ignores it (the answer, its ETag and its cache entry are those of the same read without it), so a site may always send it. */
                sourceMap?: components["parameters"]["SourceMap"];
            };
            header?: {
                /** @description The ETag of an earlier published answer to this same request; while it is still what would be served the answer is 304 without a body. A preview token's read ignores it (preview answers carry no validators). */
                "If-None-Match"?: components["parameters"]["DeliveryIfNoneMatch"];
            };
            path: {
                slug: components["parameters"]["ContentSlugPath"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The served version. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["DeliveryCacheControl"];
                    /** @description The locale of what is served (the member the read fell back to, when it did); sent when the read named a `locale` and the served member has one. */
                    "Content-Language"?: string;
                    /** @description The answer's strong tag (see the 304's ETag); sent on every published read, never on a preview token's. */
                    ETag?: string;
                    "X-Verso-Cache": components["headers"]["DeliveryCache"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContentVersionDetailResponse"];
                };
            };
            /** @description Not modified (the If-None-Match tag names what would be served now). */
            304: {
                headers: {
                    "Cache-Control": components["headers"]["DeliveryCacheControl"];
                    ETag: components["headers"]["DeliveryETag"];
                    "X-Verso-Cache": components["headers"]["DeliveryCache"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listMissingTranslations: {
        parameters: {
            query?: {
                /** @description Only this configured locale (omitted, every configured locale but the default). */
                locale?: components["parameters"]["MissingTranslationLocale"];
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Items whose template is this one (any of its versions). */
                templateId?: components["parameters"]["ContentTemplateFilter"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of missing or outdated translations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MissingTranslationResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listWorkspaceContentVersions: {
        parameters: {
            query?: {
                /** @description Only the versions of this content item (an item page's own queue entries, such as why its Draft was sent back). */
                contentItemId?: components["parameters"]["VersionItemFilter"];
                /** @description Only versions this user created — a user id, or `me` for the caller (an API client matches none). */
                createdBy?: components["parameters"]["VersionCreatedByFilter"];
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
                /** @description true = only versions a reviewer sent back (rejected and not submitted since); false = only the others. */
                rejected?: components["parameters"]["VersionRejectedFilter"];
                /** @description true = only versions scheduled for publication, soonest first (otherwise the most recently changed come first). */
                scheduled?: components["parameters"]["VersionScheduledFilter"];
                /** @description Only versions in this status. */
                status?: components["parameters"]["VersionStatusFilter"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of versions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceContentVersionResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getWorkspaceLocales: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The locales. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceLocalesResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateWorkspaceLocales: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkspaceLocalesRequest"];
            };
        };
        responses: {
            /** @description The locales as saved. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceLocalesResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listMedia: {
        parameters: {
            query?: {
                /** @description Verso extension: only these assets (comma-separated ids, at most 100), so a screen showing a version's Media and File values reads their names, types and sizes in one call. Ids the workspace does not show are left out. */
                ids?: components["parameters"]["MediaIds"];
                /** @description Only assets whose MIME type starts with this (`image/`, `application/pdf`). */
                mimeType?: components["parameters"]["MediaTypeFilter"];
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Only assets whose file name contains this (case-insensitive). */
                search?: components["parameters"]["MediaSearch"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of assets. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaAssetResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    uploadMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["MediaUploadRequest"];
            };
        };
        responses: {
            /** @description The asset, Available. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaAssetResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaAssetResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateMedia: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMediaAssetRequest"];
            };
        };
        responses: {
            /** @description The asset as it is now. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaAssetResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteMedia: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    downloadMedia: {
        parameters: {
            query?: never;
            header?: {
                /** @description The file's ETag from an earlier download; when it still matches the answer is 304 without a body. */
                "If-None-Match"?: components["parameters"]["MediaIfNoneMatch"];
                /** @description One byte range (`bytes=0-1023`, `bytes=1024-`, `bytes=-500`): answered 206 with that part. Several ranges are answered with the whole file (200); a range that starts past the end is 416. */
                Range?: components["parameters"]["MediaRange"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    "Content-Length": components["headers"]["ContentLength"];
                    ETag: components["headers"]["FileETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description The requested range. */
            206: {
                headers: {
                    "Accept-Ranges": components["headers"]["AcceptRanges"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    "Content-Length": components["headers"]["ContentLength"];
                    "Content-Range": components["headers"]["ContentRange"];
                    ETag: components["headers"]["FileETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Not modified (the If-None-Match tag matches). */
            304: {
                headers: {
                    "Cache-Control": components["headers"]["CacheControl"];
                    ETag: components["headers"]["FileETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The range starts past the end of the file. */
            416: {
                headers: {
                    "Content-Range": components["headers"]["ContentRange"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    rotatePublicMediaUrls: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace, with its new `mediaUrlGeneration`. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceDto"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportPackage: {
        parameters: {
            query?: {
                /** @description Comma-separated component ids. */
                componentIds?: string;
                id?: components["schemas"]["CtpName"];
                packageNamespace?: components["schemas"]["CtpName"];
                /** @description Comma-separated picklist ids. */
                picklistIds?: string;
                /** @description Comma-separated template ids. */
                templateIds?: string;
                version?: string;
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The package document (also offered as a download named `<namespace>.<id>@<version>.ctp`). */
            200: {
                headers: {
                    /** @description `attachment; filename="<namespace>.<id>@<version>.ctp"` */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CtpPackage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    importPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PackageImportBody"];
            };
        };
        responses: {
            /** @description What was imported. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageImportResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    importOfficialPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of an official package (as listed by `GET /api/v1/packages/official`). */
                packageId: components["parameters"]["OfficialPackageId"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PackageImportResolutionsRequest"];
            };
        };
        responses: {
            /** @description What was imported. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageImportResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    previewOfficialPackageImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of an official package (as listed by `GET /api/v1/packages/official`). */
                packageId: components["parameters"]["OfficialPackageId"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageImportPreviewResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    previewPackageImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PackageImportBody"];
            };
        };
        responses: {
            /** @description The preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PackageImportPreviewResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listPickLists: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Case-insensitive substring of the name or slug. */
                search?: components["parameters"]["ModelSearch"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of picklists. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickListSummaryResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createPickList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PickListRequest"];
            };
        };
        responses: {
            /** @description The picklist at its first revision. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPickList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The picklist. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickListResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updatePickList: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PickListRequest"];
            };
        };
        responses: {
            /** @description The picklist at its new revision. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deletePickList: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPickListRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                revisionId: components["parameters"]["PickListRevisionId"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The picklist at that revision. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PickListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listPreviewTokens: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of live preview tokens. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PreviewTokenResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createPreviewToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePreviewTokenRequest"];
            };
        };
        responses: {
            /** @description The token (shown this once) and its record. */
            201: {
                headers: {
                    /** @description no-store: the token must not be kept by any cache. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatePreviewTokenResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    revokePreviewToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (also when it had already expired). */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listReleases: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Only releases in this state. */
                state?: components["schemas"]["ReleaseState"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of releases. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseSummaryResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateReleaseRequest"];
            };
        };
        responses: {
            /** @description The release. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The release. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateRelease: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateReleaseRequest"];
            };
        };
        responses: {
            /** @description The release as it is now. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteRelease: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    addReleaseEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddReleaseEntryRequest"];
            };
        };
        responses: {
            /** @description The release with the entry. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    removeReleaseEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                /** @description The entry's content item. */
                itemId: string;
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    publishRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The release, now Published (with what each item served before). */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            /** @description The release has problems (`validation-failed`, each listed in `problems`) or no entries; nothing changed. */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ReleaseProblemDetails"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    revertRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The release, now Reverted. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    validateRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The validation. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReleaseValidationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listTags: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of tags. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                /** @description Accepted for upstream compatibility and ignored (no template is a system template). */
                isSystem?: boolean;
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
                /** @description Case-insensitive substring of the name or slug. */
                search?: components["parameters"]["ModelSearch"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of templates. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateSummaryResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateRequest"];
            };
        };
        responses: {
            /** @description The template, its draft version 1 as `currentVersion`. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateTemplate: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTemplateRequest"];
            };
        };
        responses: {
            /** @description The updated template. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listTemplateVersions: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of versions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateVersionSummaryResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createTemplateVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTemplateVersionRequest"];
            };
        };
        responses: {
            /** @description The new draft. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateVersionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getTemplateVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version with its sections and fields. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateVersionResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createTemplateField: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateFieldRequest"];
            };
        };
        responses: {
            /** @description The new field. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateFieldResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateTemplateField: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                fieldId: components["parameters"]["FieldId"];
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateFieldRequest"];
            };
        };
        responses: {
            /** @description The updated field. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateFieldResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteTemplateField: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                fieldId: components["parameters"]["FieldId"];
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    reorderTemplateFields: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReorderFieldRequest"][];
            };
        };
        responses: {
            /** @description Reordered. */
            204: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    publishTemplateVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The published version. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateVersionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createTemplateSection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateSectionRequest"];
            };
        };
        responses: {
            /** @description The new section. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateSectionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateTemplateSection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                sectionId: components["parameters"]["SectionId"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateSectionRequest"];
            };
        };
        responses: {
            /** @description The updated section. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateSectionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteTemplateSection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                sectionId: components["parameters"]["SectionId"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    setTemplateTitleField: {
        parameters: {
            query?: never;
            header?: {
                /** @description The draft version's ETag: from reading the version, or from the response of the previous change to it (each change to a draft's sections and fields answers with the version's new ETag). Compared when sent, not required (RFC 9110): a stale tag is answered 412 `concurrency-mismatch` and nothing changes; without one the change is made. Upstream's contract declares no If-Match on these draft-structure operations and its clients send none. */
                "If-Match"?: components["parameters"]["VersionIfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                versionNumber: components["parameters"]["VersionNumber"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetTemplateTitleFieldRequest"];
            };
        };
        responses: {
            /** @description The version, with its `titleFieldKey`. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateVersionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getTemplateVersionById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template version's own id. */
                versionId: components["parameters"]["TemplateVersionId"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version with its sections and fields. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateVersionResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of endpoints. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint and its secret. */
            201: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    Location: components["headers"]["Location"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateWebhookEndpointResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint as it is now. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header: {
                /** @description The resource's ETag from the last read (or the last write's response). Required: a missing or stale tag is answered 412 `concurrency-mismatch` and nothing changes. */
                "If-Match": components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Only dead letters (true) or only deliveries that are not (false). */
                isDeadLetter?: components["parameters"]["DeliveryIsDeadLetter"];
                /** @description Only deliveries that were (true) or were not yet (false) delivered. */
                isDelivered?: components["parameters"]["DeliveryIsDelivered"];
                /** @description Only deliveries whose last attempt failed (true) or did not (false); dead letters count as failed. */
                isFailed?: components["parameters"]["DeliveryIsFailed"];
                /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
                page?: components["parameters"]["Page"];
                /** @description Items per page. */
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponsePagedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: components["parameters"]["DeliveryId"];
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued. */
            202: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
                workspaceId: components["parameters"]["WorkspaceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotateWebhookSecretResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getHealthDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dashboard page (status code 200 even when a check fails; the page shows it). */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getHealthLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up. It checks nothing else, so a load balancer can use it as a liveness probe. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthLive"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getHealthReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every check passed (`Healthy`). */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalServerError"];
            /** @description At least one check failed (`Unhealthy`); remove this instance from traffic. */
            503: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
        };
    };
    getPublicRendition: {
        parameters: {
            query?: never;
            header?: {
                /** @description For `f_auto`, the best of AVIF, WebP and JPEG (PNG for images with transparency) the browser accepts. */
                Accept?: string;
                /** @description The file's ETag from an earlier download; when it still matches the answer is 304 without a body. */
                "If-None-Match"?: components["parameters"]["MediaIfNoneMatch"];
            };
            path: {
                assetId: string;
                /** @description The first 16 hex digits of the SHA-256 of the asset's bytes, as the signed URL carries it. */
                contentVersion: string;
                /** @description Any name (for the browser and the reader); it selects nothing. */
                fileName: string;
                /** @description `{keyId}.{mac}`, or `{keyId}.{generation}.{mac}` once the workspace's public URLs have been rotated: the keyring key that signed the URL, the workspace's media URL generation, and the HMAC-SHA-256 (first 16 bytes, base64url) over workspace, asset, content version and generation. Any key still in the keyring verifies, so rotating keys keeps old URLs valid; a URL of an earlier generation than the workspace's is 404. */
                signature: string;
                /** @description `original` for the bytes as uploaded, or comma-separated transformations: `w_{width}`, `f_{auto|webp|avif|jpeg|png}`, `dpr_{1|2|3}`. Not signed: every value must lie in the set `GET /media/v1/settings` publishes (400 otherwise). Height, fit, focal point and quality (`h_`, `fit_`, `fp_`, `q_`) are not accepted (400 saying so): the server keeps the image's aspect ratio and encodes at its `defaultQuality`, so one image has a small, bounded number of renditions. */
                transformation: string;
                workspaceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image (or the original file). With `f_auto` the answer also carries `Vary: Accept`, since the format was chosen from it. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["ImmutableCacheControl"];
                    "Content-Disposition": components["headers"]["ContentDisposition"];
                    "Content-Length": components["headers"]["ContentLength"];
                    ETag: components["headers"]["FileETag"];
                    "X-Content-Type-Options": components["headers"]["NoSniff"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Not modified (the If-None-Match tag matches). */
            304: {
                headers: {
                    "Cache-Control": components["headers"]["ImmutableCacheControl"];
                    ETag: components["headers"]["FileETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The asset cannot be transformed: not a raster image (SVG, PDF, … serve only `original`), not decodable (any failure of the decoder or encoder), or larger than `Media__Public__MaxInputPixels` (a decompression bomb is refused from its header, before decoding). */
            422: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            /** @description This client asked for more than `Media__Public__ColdPerMinute` new renditions in a minute; retry after `Retry-After` seconds. Renditions already made are served without limit. */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
            500: components["responses"]["InternalServerError"];
            /** @description Too many renditions are waiting to be computed (`Media__Public__QueueLength` in all, `QueuePerWorkspace` for the asset's workspace) or the transform ran over `Media__Public__TimeoutSeconds`; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "Retry-After"?: string;
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ProblemDetails"];
                };
            };
        };
    };
    getPublicMediaSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The allowed set. */
            200: {
                headers: {
                    "X-Correlation-Id": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicMediaSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bundled OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        info: Record<string, unknown>;
                        openapi: string;
                        paths: Record<string, unknown>;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPackageSchemaV10: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The JSON Schema (the same rules as format 1.1, which only adds optional members). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/schema+json": components["schemas"]["JsonSchemaDocument"];
                };
            };
            400: components["responses"]["BadRequest"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPackageSchemaV11: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The JSON Schema. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/schema+json": components["schemas"]["JsonSchemaDocument"];
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getApiDocsViewer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Swagger UI page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getApiDocsAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                asset: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                    "image/png": string;
                    "text/css": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalServerError"];
        };
    };
}
