// DO NOT EDIT: generated from openapi/ by `make generate`.
/* eslint-disable */
export interface paths {
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
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @enum {string} */
        ActorKind: "User" | "ApiClient" | "External";
        CurrentActor: {
            displayName?: string | null;
            email?: string | null;
            id: string;
            isSuperAdmin: boolean;
            kind: components["schemas"]["ActorKind"];
            role: components["schemas"]["Role"];
        };
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
        HealthReport: {
            checks: components["schemas"]["HealthCheck"][];
            metadata: {
                /** Format: date-time */
                generatedAt: string;
                /** @description The running release (SemVer). */
                version: string;
            };
            status: components["schemas"]["HealthStatus"];
        };
        /** @enum {string} */
        HealthStatus: "Healthy" | "Degraded" | "Unhealthy";
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
        /** @enum {string} */
        Role: "Reader" | "Editor" | "TemplateAdmin" | "Admin";
    };
    responses: {
        /** @description The request does not match the contract (every violation is listed in `errors`), or its JSON is malformed. */
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
        /** @description Any other failure (413 body too large, 429 rate limited, 500 internal error, 503 unavailable). */
        Problem: {
            headers: {
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
    };
    parameters: {
        Id: string;
        /** @description The ETag from the last read; a missing or stale tag yields 412 `concurrency-mismatch`. */
        IfMatch: string;
        /** @description 1-based page number (the name is matched case-insensitively, so `Page` works too). */
        Page: number;
        /** @description Items per page. */
        PageSize: number;
        VersionNumber: number;
        WorkspaceId: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request's correlation id (taken from the request when well-formed, else generated). */
        CorrelationId: string;
        /** @description Opaque version tag of the returned resource; send it back in `If-Match` on writes. */
        ETag: string;
        /** @description Seconds to wait before retrying. */
        RetryAfter: number;
        /** @description When the caller's session expires (sliding); present on responses to session-authenticated requests. */
        SessionExpiresAt: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
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
            401: components["responses"]["Unauthorized"];
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
            404: components["responses"]["NotFound"];
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
            404: components["responses"]["NotFound"];
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
            404: components["responses"]["NotFound"];
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
            404: components["responses"]["NotFound"];
        };
    };
}
