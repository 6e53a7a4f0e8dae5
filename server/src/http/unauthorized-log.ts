// Every 401 is logged so operators can see probing and broken integrations, with enough to act on
// (what kind of credential, from where) and never the credential itself.
import type { Request } from 'express';
import type { Logger } from '../logging/logger.js';
import type { AuthenticationResult } from '../access/authentication.js';

export function logUnauthorized(logger: Logger, req: Request, auth: AuthenticationResult): void {
  logger.warn('request rejected: not authenticated', {
    event: 'unauthorized',
    method: req.method,
    path: req.path,
    bearerKind: auth.bearerKind,
    resolvedActor: auth.actor ? `${auth.actor.kind}:${auth.actor.id}` : 'anonymous',
    remoteIp: req.ip ?? '',
  });
}
