// A download: the asset's bytes streamed from storage, with the caching and range rules of the
// contract. Beyond upstream: a tag the client holds → 304, and one byte range → 206 (video
// scrubbing) with 416 for a range that starts past the end; several ranges are answered with the
// whole file (RFC 9110 lets a server ignore Range, and a multipart/byteranges body buys clients
// little). The headers themselves are read by the handler (handlers/if-none-match.ts, byte-range.ts).
import type { Readable } from 'node:stream';
import type { DatabasePool } from 'slonik';
import { ApiError, notFound } from '../../errors.js';
import { markMissing } from '../../db/media/media-assets.js';
import type { Logger } from '../../logging/logger.js';
import { RangeNotSatisfiable, type ByteRange, type StorageProvider } from '../../storage/provider.js';
import { contentDisposition, nameForType } from './file-names.js';
import { requireVisibleAsset } from './media-assets.js';

// The bytes at a URL never change (a new upload is a new asset), but the caller's right to read them
// can: private, and an hour before a cache revalidates (a 304 costs no bytes).
const CACHE_CONTROL = 'private, max-age=3600';

/** A strong tag of the bytes: their SHA-256, so equal tags mean equal bytes. */
export function fileEtag(sha256: string): string {
  return `"sha256-${Buffer.from(sha256, 'hex').toString('base64url')}"`;
}

const unsatisfiable = (size: number) =>
  new ApiError('range-not-satisfiable', `The file has ${size} bytes; the range asks for none of them.`, {}, { 'Content-Range': `bytes */${size}` });

// Type aliases, not interfaces: a reply's headers must be assignable to Record<string, string>.
type FileHeaders = {
  readonly ETag: string;
  readonly 'Cache-Control': string;
};

export type Download =
  | { readonly status: 304; readonly headers: FileHeaders }
  | {
      readonly status: 200 | 206;
      readonly body: Readable;
      readonly headers: FileHeaders & {
        readonly 'Content-Type': string;
        readonly 'Content-Length': string;
        readonly 'Content-Disposition': string;
        readonly 'Accept-Ranges': 'bytes';
        readonly 'X-Content-Type-Options': 'nosniff';
        readonly 'Content-Security-Policy': string;
        readonly 'Content-Range'?: string;
      };
    };

export async function downloadMediaFile(
  deps: { readonly db: DatabasePool; readonly storage: StorageProvider; readonly logger: Logger },
  workspaceId: string,
  id: string,
  request: {
    /** Whether the client already holds the bytes with this tag (the handler's reading of If-None-Match): then 304. */
    readonly holds?: (etag: string) => boolean;
    /**
     * The bytes the client asks of a file of `size` bytes (the handler's reading of Range): one
     * satisfiable range, `unsatisfiable` (416), or null for the whole file. Absent: the whole file.
     */
    readonly range?: (size: number) => ByteRange | 'unsatisfiable' | null;
  },
): Promise<Download> {
  const asset = await requireVisibleAsset(deps.db, workspaceId, id);
  const etag = fileEtag(asset.content_sha256 ?? '');
  const cacheHeaders: FileHeaders = { ETag: etag, 'Cache-Control': CACHE_CONTROL };
  if (request.holds?.(etag)) return { status: 304, headers: cacheHeaders };

  if (asset.provider !== deps.storage.name) {
    // Written through another provider than this replica's (all replicas must share one; spec,
    // Limits): this replica cannot reach the bytes, which says nothing about whether they exist.
    deps.logger.warn('media asset stored with another provider than this replica uses', { mediaAssetId: asset.id, provider: asset.provider });
    throw notFound('The media asset');
  }
  const size = asset.size_bytes;
  const range = request.range?.(size) ?? null;
  if (range === 'unsatisfiable') throw unsatisfiable(size);
  const object = await deps.storage.get(asset.storage_key, range ?? undefined).catch((err: unknown) => {
    // The row and the object disagree on the size (only a store changed behind Verso's back can
    // make them): the object's size is the one a range is answered against.
    if (err instanceof RangeNotSatisfiable) throw unsatisfiable(err.sizeBytes);
    throw err;
  });
  if (!object) {
    // The object is gone although the row says Available: the asset is Missing (hidden) until the
    // verification pass finds it again (spec, Media asset state).
    if (await markMissing(deps.db, asset.id)) deps.logger.warn('media object missing at download', { mediaAssetId: asset.id });
    throw notFound('The media asset');
  }
  const headers = {
    ...cacheHeaders,
    'Content-Type': asset.mime_type,
    'Content-Length': String(object.contentLength),
    // Names are made to fit their type at upload; an asset stored before that rule gets it here.
    'Content-Disposition': contentDisposition(asset.mime_type.startsWith('image/') ? 'inline' : 'attachment', nameForType(asset.file_name, asset.mime_type)),
    'Accept-Ranges': 'bytes' as const,
    'X-Content-Type-Options': 'nosniff' as const,
    // An uploaded file is never a page of this origin: no scripts, no plugins, no same-origin
    // access even if a browser renders it (an SVG shown inline may carry script).
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  if (range) {
    const end = range.start + object.contentLength - 1;
    return { status: 206, body: object.body, headers: { ...headers, 'Content-Range': `bytes ${range.start}-${end}/${object.sizeBytes}` } };
  }
  return { status: 200, body: object.body, headers };
}
