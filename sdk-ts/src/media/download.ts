// Media downloads (item 33). Both forms are reads, so they are retried like any GET (503, network
// failure, per-attempt timeout) — but only until the response head arrives. From then on the body
// belongs to the caller: it is never re-requested, so a failure in the middle of it surfaces as
// that failure, and bytes are never delivered twice.
import { clientInternals, type VersoClient } from '../client.js';
import type { CallOptions } from '../operations/operation-types.js';
import { contentDispositionFileName } from './content-disposition.js';
import { mediaRequest } from './media-request.js';

export interface MediaFileRef {
  workspaceId: string;
  id: string;
}

export interface MediaFile {
  readonly bytes: Uint8Array;
  /** From Content-Disposition (`filename*` preferred). */
  readonly fileName: string | undefined;
  readonly contentType: string | undefined;
  readonly size: number;
  /** The file's ETag (for a later If-None-Match). */
  readonly etag: string | undefined;
}

/** Downloads a whole file into memory; undefined when the file is empty. The call's deadline covers the body too. */
export async function downloadMediaFile(client: VersoClient, ref: MediaFileRef, options?: CallOptions): Promise<MediaFile | undefined> {
  const request = mediaRequest(client.options.baseUrl, 'downloadMedia', { workspaceId: ref.workspaceId, id: ref.id }, { headers: { ...options?.headers } });
  const opened = await clientInternals.open(client, request, options);
  try {
    const { response } = opened;
    let bytes: Uint8Array;
    try {
      bytes = response.status === 204 ? new Uint8Array(0) : new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw opened.endedError(error);
    }
    // An empty download is "nothing", not an empty file (item 22).
    if (bytes.byteLength === 0) return undefined;
    return {
      bytes,
      fileName: contentDispositionFileName(response.headers.get('content-disposition')),
      contentType: response.headers.get('content-type') ?? undefined,
      size: bytes.byteLength,
      etag: response.headers.get('etag') ?? undefined,
    };
  } finally {
    opened.scope.dispose();
  }
}

export interface MediaDownloadRequest extends MediaFileRef {
  /** A file ETag from an earlier download: an unchanged file is answered 304 with no body. */
  ifNoneMatch?: string | undefined;
  /** One byte range (`bytes=0-1023`): answered 206 with that part. */
  range?: string | undefined;
}

export interface MediaDownload {
  /** 200, 206 (a range) or 304 (not modified). */
  readonly status: number;
  readonly headers: Headers;
  /** The bytes as they arrive; null for 304. Cancel it to stop the transfer. */
  readonly body: ReadableStream<Uint8Array> | null;
  readonly fileName: string | undefined;
  readonly contentType: string | undefined;
  readonly contentLength: number | undefined;
  readonly etag: string | undefined;
  readonly attempts: number;
}

/**
 * Opens a download and hands over the body stream once the response head is in. `timeoutMs` bounds
 * reaching the head (retries included); the body then streams as long as the caller reads it, and
 * the caller's `signal` still ends it.
 */
export async function openMediaDownload(client: VersoClient, request: MediaDownloadRequest, options?: CallOptions): Promise<MediaDownload> {
  const headers: Record<string, string> = { ...options?.headers };
  if (request.ifNoneMatch !== undefined) headers['If-None-Match'] = request.ifNoneMatch;
  if (request.range !== undefined) headers.Range = request.range;
  const outgoing = mediaRequest(client.options.baseUrl, 'downloadMedia', { workspaceId: request.workspaceId, id: request.id }, { headers });
  const opened = await clientInternals.open(client, outgoing, { ...options, passStatuses: [304] });
  // The deadline covered the wait for the head; the body is the caller's from here.
  opened.scope.dispose();
  const { response } = opened;
  let body: ReadableStream<Uint8Array> | null = response.body;
  if (response.status === 304) {
    await body?.cancel().catch(() => undefined);
    body = null;
  }
  const length = Number(response.headers.get('content-length') ?? NaN);
  return {
    status: response.status,
    headers: response.headers,
    body,
    fileName: contentDispositionFileName(response.headers.get('content-disposition')),
    contentType: response.headers.get('content-type') ?? undefined,
    contentLength: Number.isInteger(length) && length >= 0 ? length : undefined,
    etag: response.headers.get('etag') ?? undefined,
    attempts: opened.attempt,
  };
}
