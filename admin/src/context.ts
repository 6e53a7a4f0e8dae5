// What every handler can reach through `contextOf(res)`: the settings, the log and the cookie codec.
import type express from 'express';
import type { SessionCodec } from './auth/session.js';
import type { AdminConfig } from './config.js';
import type { AdminLogger } from './log.js';

export interface AdminContext {
  readonly config: AdminConfig;
  readonly logger: AdminLogger;
  readonly sessions: SessionCodec;
  /** Test hook: the fetch the SDK uses (default: global fetch). */
  readonly fetch?: typeof fetch;
}

export function contextOf(res: express.Response): AdminContext {
  const ctx = (res.app.locals as { admin?: AdminContext }).admin;
  if (!ctx) throw new Error('admin context missing: createAdminApp sets app.locals.admin');
  return ctx;
}
