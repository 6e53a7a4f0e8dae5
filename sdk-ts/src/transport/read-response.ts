// Reads a final response: 2xx bodies by media type (JSON parsed, text-like as a string, anything
// else as a Blob, nothing for 204/205/HEAD/Content-Length 0), and any other status as a
// VersoApiError carrying the problem details and correlation id.
import { VersoApiError, VersoBulkActionError, VersoReleaseProblemsError, type ApiErrorInit, type BulkContentItemResult, type ReleaseProblem } from '../errors.js';
import { parseProblemDetails } from '../problem-details.js';
import type { ReceivedResponse } from './send-with-retries.js';

const TEXT_LIKE = /^(text\/|application\/(javascript|ecmascript|xml)|[^;]*\+xml)/i;
const JSON_LIKE = /^[^;]*(\/|\+)json\s*(;|$)/i;

function isBodiless(method: string, response: Response): boolean {
  return method === 'HEAD' || response.status === 204 || response.status === 205 || response.headers.get('content-length') === '0';
}

export async function readSuccessBody(method: string, response: Response): Promise<unknown> {
  if (isBodiless(method, response)) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (JSON_LIKE.test(contentType)) {
    const text = await response.text();
    return text.trim() === '' ? undefined : JSON.parse(text);
  }
  if (TEXT_LIKE.test(contentType)) return response.text();
  const blob = await response.blob();
  // An empty download is "nothing", not an empty file.
  return blob.size === 0 ? undefined : blob;
}

export async function toApiError(method: string, url: string, operationId: string | undefined, received: ReceivedResponse): Promise<VersoApiError> {
  const { response } = received;
  let text = '';
  try {
    text = await response.text();
  } catch {
    // A body cut off mid-read still leaves the status and headers to report.
  }
  const problem = parseProblemDetails(text, response.status, response.statusText);
  const init: ApiErrorInit = {
    status: response.status,
    statusText: response.statusText,
    problem,
    correlationId: response.headers.get('x-correlation-id') ?? received.correlationId,
    method,
    url,
    operationId,
    headers: response.headers,
  };
  // The two 422s whose body lists what failed get their own types, with the lists typed.
  if (response.status === 422) {
    const { results, problems } = problem.extensions;
    if (operationId === 'bulkContentAction' && Array.isArray(results)) return new VersoBulkActionError(init, results as BulkContentItemResult[]);
    if (operationId === 'publishRelease' && Array.isArray(problems)) return new VersoReleaseProblemsError(init, problems as ReleaseProblem[]);
  }
  return new VersoApiError(init);
}
