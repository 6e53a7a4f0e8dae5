// Every handler, keyed by the operationId it serves. Typed against the generated OperationId so a
// handler without an operation (or the reverse) fails to compile; start-up checks it again.
import type { OperationId } from '../generated/operations.js';
import type { OperationHandler } from '../http/operation.js';
import * as auth from './auth.js';
import * as docs from './docs.js';
import * as health from './health.js';

export const handlers: Record<OperationId, OperationHandler> = {
  ...auth,
  ...docs,
  ...health,
};
