// Turns an operation's spec and the caller's `{path, query, header, body}` into the request the
// transport sends. Mistakes a server would reject anyway (a missing path parameter, a slug where
// the contract wants a GUID, a page size out of range) fail here, before anything is sent.
import { isReplayable, type OutgoingRequest, type RequestBody } from '../transport/send-with-retries.js';
import type { OperationSpec } from './operation-spec.js';

export interface OperationInputShape {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  header?: Record<string, unknown>;
  body?: unknown;
}

// Any GUID version (v7 included), hyphenated, case-insensitive.
export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function scalar(name: string, value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new TypeError(`Parameter ${name} must be a string, number, boolean or Date.`);
}

/** The spec's path with its parameters checked (GUIDs where the contract wants them) and encoded. */
export function expandPath(operationId: string, spec: OperationSpec, params: Record<string, unknown>): string {
  for (const name of spec.uuidPathParams) {
    const value = params[name];
    if (typeof value !== 'string' || !GUID.test(value)) throw new TypeError(`${operationId}: path parameter ${name} must be a GUID.`);
  }
  return spec.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${operationId}: path parameter ${name} is required.`);
    return encodeURIComponent(scalar(name, value));
  });
}

function checkPaging(operationId: string, spec: OperationSpec, query: Record<string, unknown>): void {
  if (!spec.paged) return;
  const { page, pageSize } = query;
  if (page !== undefined && (!Number.isInteger(page) || (page as number) < 1)) throw new RangeError(`${operationId}: page must be an integer >= 1.`);
  const max = spec.paged.maxPageSize ?? Number.POSITIVE_INFINITY;
  if (pageSize !== undefined && (!Number.isInteger(pageSize) || (pageSize as number) < 1 || (pageSize as number) > max)) {
    throw new RangeError(`${operationId}: pageSize must be an integer from 1 to ${max}.`);
  }
}

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x) && !(x instanceof Date);

/** `name[a][b]=v` pairs of an object parameter (listContent's `filter[<fieldKey>][<op>]`), in member order. */
function deepObjectPairs(name: string, value: Record<string, unknown>, pairs: [string, string][]): void {
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined || member === null) continue;
    const at = `${name}[${key}]`;
    if (isPlainObject(member)) deepObjectPairs(at, member, pairs);
    else pairs.push([at, scalar(at, member)]);
  }
}

/** One `key=value`, form-encoded as URLSearchParams does, with a deepObject key's brackets left readable. */
function encodePair(key: string, value: string): string {
  const encoded = new URLSearchParams([[key, value]]).toString();
  const eq = encoded.indexOf('=');
  // Only the key's brackets: a value keeps `[`/`]` encoded, so no parser can mistake it for a key's.
  return encoded.slice(0, eq).replace(/%5B/g, '[').replace(/%5D/g, ']') + encoded.slice(eq);
}

function queryString(query: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // Arrays use the contract's default style (form, exploded): `tags=a&tags=b`.
    if (Array.isArray(value)) for (const item of value) pairs.push([name, scalar(name, item)]);
    // The contract's one object parameter is a deepObject (`filter[price][gte]=10`).
    else if (isPlainObject(value)) deepObjectPairs(name, value, pairs);
    else pairs.push([name, scalar(name, value)]);
  }
  return pairs.length > 0 ? `?${pairs.map(([k, v]) => encodePair(k, v)).join('&')}` : '';
}

/** application/json when offered, else another concrete JSON type, else the first (never a wildcard). */
function pickMediaType(mediaTypes: readonly string[]): string {
  const concrete = mediaTypes.filter((t) => !t.includes('*'));
  return concrete.find((t) => t === 'application/json') ?? concrete.find((t) => /json$/.test(t)) ?? concrete[0] ?? 'application/json';
}

function multipart(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else form.append(name, typeof value === 'object' ? JSON.stringify(value) : scalar(name, value));
  }
  return form;
}

function encodeBody(spec: OperationSpec, body: unknown, headers: Record<string, string>): RequestBody | undefined {
  if (body === undefined || !spec.body) return undefined;
  const mediaType = pickMediaType(spec.body.mediaTypes);
  if (/json$/.test(mediaType)) {
    headers['Content-Type'] = mediaType;
    return JSON.stringify(body);
  }
  if (mediaType.startsWith('multipart/')) {
    // fetch writes the multipart Content-Type with its boundary itself.
    return body instanceof FormData ? body : multipart(body as Record<string, unknown>);
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    headers['Content-Type'] = mediaType;
    return body instanceof URLSearchParams ? body : new URLSearchParams(body as Record<string, string>);
  }
  headers['Content-Type'] = mediaType;
  return body as RequestBody;
}

export interface BuildContext {
  readonly baseUrl: string;
  readonly ifMatch: string | undefined;
  readonly extraHeaders: Record<string, string> | undefined;
  /** The tracked ETag for this URL, used when the operation declares If-Match and none was given. */
  readonly trackedETag: (url: string) => string | undefined;
}

export function buildOperationRequest(operationId: string, spec: OperationSpec, input: OperationInputShape | undefined, context: BuildContext): OutgoingRequest {
  const query = input?.query ?? {};
  checkPaging(operationId, spec, query);
  const url = context.baseUrl + expandPath(operationId, spec, input?.path ?? {}) + queryString(query);
  if (spec.body?.required && input?.body === undefined) throw new TypeError(`${operationId}: a request body is required.`);

  const headers: Record<string, string> = { ...context.extraHeaders };
  for (const [name, value] of Object.entries(input?.header ?? {})) {
    if (value !== undefined && value !== null) headers[name] = scalar(name, value);
  }
  const body = encodeBody(spec, input?.body, headers);
  const explicitIfMatch = context.ifMatch ?? Object.entries(headers).find(([k]) => k.toLowerCase() === 'if-match')?.[1];
  for (const key of Object.keys(headers)) if (key.toLowerCase() === 'if-match') delete headers[key];
  // Reads never carry If-Match; writes carry the explicit tag, else the tracked one.
  if (!['GET', 'HEAD', 'OPTIONS'].includes(spec.method)) {
    const tag = explicitIfMatch ?? (spec.ifMatch ? context.trackedETag(url) : undefined);
    if (tag !== undefined) headers['If-Match'] = tag;
  }

  return {
    method: spec.method,
    url,
    headers,
    accept: [...spec.accept, 'application/problem+json'].join(', '),
    body,
    replayable: isReplayable(spec.method, body),
    operationId,
  };
}
