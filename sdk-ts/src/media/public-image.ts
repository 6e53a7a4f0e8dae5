// Opening a public media URL (issue #26: an asset's `publicUrl`, or a rendition from imageUrl) as a
// stream, through the client's transport (retried until the head arrives, like a download): for a
// server that passes images on — the admin shows thumbnails from small renditions this way.
import { clientInternals, type VersoClient } from '../client.js';
import type { CallOptions } from '../operations/operation-types.js';
import { mediaRequest } from './media-request.js';

export interface PublicImage {
  readonly status: number;
  readonly headers: Headers;
  /** Null for 304. */
  readonly body: ReadableStream<Uint8Array> | null;
}

const PUBLIC_PATH = /^\/media\/v1\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/;

/** True when `path` has the shape of a public media URL's path (`/media/v1/…`, six segments). */
export function isPublicMediaPath(path: string): boolean {
  return PUBLIC_PATH.test(path);
}

export async function openPublicImage(
  client: VersoClient,
  path: string,
  request: { readonly ifNoneMatch?: string | undefined; readonly accept?: string | undefined } = {},
  options?: CallOptions,
): Promise<PublicImage> {
  const m = PUBLIC_PATH.exec(path);
  if (!m) throw new TypeError('openPublicImage: not a public media path (/media/v1/{workspace}/{asset}/{version}/{signature}/{transformation}/{name})');
  const [workspaceId, assetId, contentVersion, signature, transformation, fileName] = m.slice(1).map((s) => decodeURIComponent(s!));
  const headers: Record<string, string> = { ...options?.headers };
  if (request.ifNoneMatch !== undefined) headers['If-None-Match'] = request.ifNoneMatch;
  const built = mediaRequest(client.options.baseUrl, 'getPublicRendition', { workspaceId: workspaceId!, assetId: assetId!, contentVersion: contentVersion!, signature: signature!, transformation: transformation!, fileName: fileName! }, { headers });
  // The format of f_auto follows Accept: the browser's, not the contract's list of types.
  const outgoing = request.accept !== undefined ? { ...built, accept: request.accept } : built;
  const opened = await clientInternals.open(client, outgoing, { ...options, passStatuses: [304] });
  opened.scope.dispose();
  const { response } = opened;
  let body: ReadableStream<Uint8Array> | null = response.body;
  if (response.status === 304) {
    await body?.cancel().catch(() => undefined);
    body = null;
  }
  return { status: response.status, headers: response.headers, body };
}
