// The requests of the media functions, built from the contract's operation specs so the routes and
// the GUID checks stay those of the generated methods.
import { operationSpecs } from '../generated/operations.js';
import { expandPath } from '../operations/build-request.js';
import type { OperationSpec } from '../operations/operation-spec.js';
import type { OutgoingRequest, RequestBody } from '../transport/send-with-retries.js';

export function mediaRequest(
  baseUrl: string,
  operationId: 'uploadMedia' | 'downloadMedia' | 'getPublicRendition',
  params: Record<string, string>,
  init: { headers: Record<string, string>; body?: RequestBody; attemptTimeoutMs?: number },
): OutgoingRequest {
  const spec: OperationSpec = operationSpecs[operationId];
  const path = expandPath(operationId, spec, params);
  return {
    method: spec.method,
    url: baseUrl + path,
    headers: init.headers,
    accept: [...spec.accept, 'application/problem+json'].join(', '),
    body: init.body,
    // An upload's body is a one-shot stream; a download is a read (retried until its head arrives).
    replayable: spec.method === 'GET',
    operationId,
    ...(init.attemptTimeoutMs !== undefined ? { attemptTimeoutMs: init.attemptTimeoutMs } : {}),
  };
}
