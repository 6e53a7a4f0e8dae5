// Media upload (items 8 and 34): one attempt, always — the body is a stream that cannot be sent
// twice, and a POST is never replayed — with the file streamed from a Blob, bytes or a stream, and
// progress reported as the body's bytes are handed to the connection.
import { clientInternals, type VersoClient } from '../client.js';
import type { components } from '../generated/openapi.js';
import type { CallOptions } from '../operations/operation-types.js';
import { mediaRequest } from './media-request.js';
import { countingStream, multipartBody, sizeOf, type UploadProgressCallback, type UploadSource } from './upload-body.js';

export type MediaAsset = components['schemas']['MediaAssetResponse'];

/**
 * Per-call options of a transfer. An upload has no per-attempt limit unless given one here: its
 * one attempt lasts as long as the bytes take, bounded by `timeoutMs` (the client's by default;
 * pass `Infinity` for none) and the caller's `signal`.
 */
export interface TransferOptions extends CallOptions {
  attemptTimeoutMs?: number | undefined;
}

export interface MediaUpload {
  workspaceId: string;
  file: UploadSource;
  /** Default: the File's name, else `upload`. */
  fileName?: string | undefined;
  /** Default: the Blob's type, else `application/octet-stream`. The server checks it against the bytes. */
  contentType?: string | undefined;
  /** The file's length, when `file` is a stream (lets progress report a total and sends Content-Length). */
  size?: number | undefined;
  altText?: string | undefined;
  onProgress?: UploadProgressCallback | undefined;
}

function uploadOptions(options: TransferOptions | undefined): { call: CallOptions; attemptTimeoutMs: number } {
  return { call: options ?? {}, attemptTimeoutMs: options?.attemptTimeoutMs ?? Number.POSITIVE_INFINITY };
}

/** Uploads a file as multipart `file` (+ `altText`), streamed, single attempt; resolves to the new asset. */
export async function uploadMediaFile(client: VersoClient, upload: MediaUpload, options?: TransferOptions): Promise<MediaAsset> {
  const file = upload.file;
  const size = upload.size ?? sizeOf(file);
  if (size !== undefined && !(Number.isInteger(size) && size >= 0)) throw new RangeError('uploadMediaFile: size must be a non-negative integer.');
  const contentType = upload.contentType ?? (file instanceof Blob && file.type ? file.type : 'application/octet-stream');
  // It becomes a header line of the file's part: a line break in it would forge other headers.
  if (!/^[\x21-\x7e][\x20-\x7e]*$/.test(contentType)) throw new TypeError('uploadMediaFile: contentType must be a single-line MIME type.');
  const body = multipartBody(
    {
      source: file,
      size,
      fileName: upload.fileName ?? (typeof File !== 'undefined' && file instanceof File && file.name ? file.name : 'upload'),
      contentType,
    },
    { altText: upload.altText },
  );
  return send(client, upload.workspaceId, { stream: countingStream(body.chunks, body.length, upload.onProgress), contentType: body.contentType, length: body.length }, options);
}

export interface MediaFormUpload {
  workspaceId: string;
  /** An encoded multipart/form-data body (with `file` and optionally `altText`), sent as it is. */
  body: ReadableStream<Uint8Array>;
  /** Its Content-Type, boundary included. */
  contentType: string;
  contentLength?: number | undefined;
  onProgress?: UploadProgressCallback | undefined;
}

/** Uploads an already encoded multipart form (a browser's, passed on by a server) as it arrives. */
export async function uploadMediaForm(client: VersoClient, form: MediaFormUpload, options?: TransferOptions): Promise<MediaAsset> {
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(form.contentType)) throw new TypeError('uploadMediaForm: contentType must be multipart/form-data with a boundary.');
  return send(client, form.workspaceId, { stream: countingStream(form.body, form.contentLength, form.onProgress), contentType: form.contentType, length: form.contentLength }, options);
}

async function send(client: VersoClient, workspaceId: string, body: { stream: ReadableStream<Uint8Array>; contentType: string; length: number | undefined }, options: TransferOptions | undefined): Promise<MediaAsset> {
  const { call, attemptTimeoutMs } = uploadOptions(options);
  const headers: Record<string, string> = { ...call.headers, 'Content-Type': body.contentType };
  if (body.length !== undefined) headers['Content-Length'] = String(body.length);
  let request;
  try {
    request = mediaRequest(client.options.baseUrl, 'uploadMedia', { workspaceId }, { headers, body: body.stream, attemptTimeoutMs });
  } catch (error) {
    await body.stream.cancel().catch(() => undefined);
    throw error;
  }
  const answer = await clientInternals.execute(client, request, call);
  return answer.data as MediaAsset;
}
