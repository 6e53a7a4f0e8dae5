// RFC 9457 problem details as the API sends them (`application/problem+json`). Parsing never
// throws: a non-JSON, empty or non-object error body still yields a problem with the status and
// reason phrase, so callers always get a VersoApiError rather than a parse exception.

export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string | null;
  instance?: string | null;
  traceId?: string;
  correlationId?: string;
  /** Validation messages keyed by JSON pointer (or parameter location). */
  errors?: Record<string, string[]>;
  /** Every other member of the body, unchanged. */
  extensions: Record<string, unknown>;
}

const KNOWN = new Set(['type', 'title', 'status', 'detail', 'instance', 'traceId', 'correlationId', 'errors']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function parseErrors(value: unknown): Record<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) errors[key] = messages.map(String);
    else if (typeof messages === 'string') errors[key] = [messages];
  }
  return errors;
}

export function parseProblemDetails(bodyText: string, status: number, statusText: string): ProblemDetails {
  let body: unknown;
  try {
    body = bodyText.trim() === '' ? undefined : JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  if (!isRecord(body)) return { title: statusText || `HTTP ${status}`, status, extensions: {} };

  const extensions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!KNOWN.has(key)) extensions[key] = value;
  const problem: ProblemDetails = { extensions };
  const type = stringOrUndefined(body.type);
  if (type !== undefined) problem.type = type;
  const title = stringOrUndefined(body.title);
  if (title !== undefined) problem.title = title;
  problem.status = typeof body.status === 'number' ? body.status : status;
  if (typeof body.detail === 'string' || body.detail === null) problem.detail = body.detail;
  if (typeof body.instance === 'string' || body.instance === null) problem.instance = body.instance;
  const traceId = stringOrUndefined(body.traceId);
  if (traceId !== undefined) problem.traceId = traceId;
  const correlationId = stringOrUndefined(body.correlationId);
  if (correlationId !== undefined) problem.correlationId = correlationId;
  const errors = parseErrors(body.errors);
  if (errors !== undefined) problem.errors = errors;
  return problem;
}
