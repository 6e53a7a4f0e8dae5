// Bulk actions on content items (tag Content): thin — read what the contract validated, call one service, reply.
// A failed item's problem is rendered here, as its single operation's response would be.
import type { Handler } from '../http/operation.js';
import { ApiError, problemDetailsOf } from '../errors.js';
import { currentRequestContext } from '../context/request-context.js';
import type { BulkContentItemResult } from '../generated/schemas.js';
import { BulkAtomicFailure, bulkContentAction as runBulkAction, type BulkItemOutcome } from '../services/content/content-bulk.js';

function resultOf(o: BulkItemOutcome): BulkContentItemResult {
  const ctx = currentRequestContext();
  const ids = { traceId: ctx?.traceId ?? '', correlationId: ctx?.correlationId ?? '' };
  return { id: o.id, versionNumber: o.versionNumber, status: o.error === null ? 'ok' : 'failed', problem: o.error === null ? null : problemDetailsOf(o.error, o.path, ids) };
}

export const bulkContentAction: Handler<'bulkContentAction'> = async ({ request, actor, deps, reply }) => {
  const onUnexpected = (err: unknown) => deps.logger.error('bulk action item failed unexpectedly', { err });
  try {
    const outcomes = await runBulkAction(deps.db, actor, request.params.workspaceId, request.body, onUnexpected);
    return reply(200, { results: outcomes.map(resultOf) });
  } catch (err) {
    if (!(err instanceof BulkAtomicFailure)) throw err;
    const failed = err.outcomes.filter((o) => o.error !== null);
    throw new ApiError(
      'validation-failed',
      `${failed.length} of ${err.outcomes.length} items could not be ${request.body.action === 'delete' ? 'deleted' : 'changed'}, so none was changed.`,
      { results: failed.map(resultOf) },
    );
  }
};
