// File transfers through the SDK without holding the file in memory. The SDK reads a 2xx body into
// a Blob (transport/read-response.ts) and bounds every attempt by the admin client's 10 s attempt
// timeout; neither suits a 50 MiB file. So transfers use a second VersoClient built from the
// request's own client options (same API origin, the user's token, same headers) — still the SDK's
// transport, correlation ids and typed errors — with no call or attempt deadline, and, for
// downloads, a fetch that hands a successful response's body stream to the caller and gives the
// SDK the head only.
import { VersoClient, VersoApiError } from '@verso/sdk';
import type express from 'express';
import { apiFor } from '../../api.js';
import type { MediaAsset } from './media-scope.js';

function transferClient(res: express.Response, fetchImpl?: typeof fetch): VersoClient {
  const o = apiFor(res).options;
  return new VersoClient({
    baseUrl: o.baseUrl,
    token: o.token,
    headers: { ...o.headers },
    fetch: fetchImpl ?? o.fetch,
    onResponse: o.onResponse,
    // A transfer lasts as long as the bytes take; the browser's own disconnect ends it (`signal`).
    timeoutMs: Number.POSITIVE_INFINITY,
    attemptTimeoutMs: Number.POSITIVE_INFINITY,
  });
}

export interface Download {
  status: number;
  headers: Headers;
  /** The file's bytes as they arrive (null for 304). */
  body: ReadableStream<Uint8Array> | null;
}

/** downloadMedia with the browser's conditional/range headers; 304 is an answer, not an error. */
export async function openDownload(
  res: express.Response,
  ids: { workspaceId: string; id: string },
  conditions: { ifNoneMatch?: string; range?: string },
  signal: AbortSignal,
): Promise<Download> {
  let body: ReadableStream<Uint8Array> | null = null;
  const base = apiFor(res).options.fetch;
  const divert: typeof fetch = async (input, init) => {
    const response = await base(input, init);
    if (!response.ok || !response.body) return response;
    body = response.body;
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const header: Record<string, string> = {};
  if (conditions.ifNoneMatch) header['If-None-Match'] = conditions.ifNoneMatch;
  if (conditions.range) header.Range = conditions.range;
  try {
    const answer = await transferClient(res, divert).call('downloadMedia', { path: ids, header }, { signal });
    return { status: answer.status, headers: answer.headers, body };
  } catch (err) {
    if (err instanceof VersoApiError && err.status === 304) return { status: 304, headers: err.headers, body: null };
    throw err;
  }
}

/**
 * uploadMedia with a multipart body streamed as it arrives (`contentType` carries its boundary).
 * The SDK's uploadMedia takes FormData, which needs the whole file first; `send` is the same
 * operation through the raw transport.
 */
export async function streamUpload(
  res: express.Response,
  workspaceId: string,
  form: { body: ReadableStream<Uint8Array>; contentType: string; contentLength: number | undefined },
  signal: AbortSignal,
): Promise<MediaAsset> {
  const headers: Record<string, string> = { 'Content-Type': form.contentType };
  if (form.contentLength !== undefined) headers['Content-Length'] = String(form.contentLength);
  const answer = await transferClient(res).send<MediaAsset>(
    { method: 'POST', path: `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/media`, headers, body: form.body },
    { signal },
  );
  return answer.data;
}
