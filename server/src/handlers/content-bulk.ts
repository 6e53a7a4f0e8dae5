// Bulk actions on content items (tag Content): thin — read what the contract validated, call one service, reply.
import type { Handler } from '../http/operation.js';
import { ApiError } from '../errors.js';

export const bulkContentAction: Handler<'bulkContentAction'> = async () => {
  throw new ApiError('internal-server-error', 'Bulk actions are not built yet.');
};
