// GET /media/v1/{workspaceId}/{assetId}/{contentVersion}/{signature}/{transformation}/{fileName}: an image
// rendition (or the original) for a site, without a credential (issue #26). In this order:
//   1. the signature (403, before the database or storage is touched: a forger learns nothing and
//      costs nothing);
//   2. the transformation against the allowed set (400);
//   3. one query: the asset served publicly right now (published, or all media public), at this
//      content version and URL generation (404) — kept in
//      process for seconds and ended by the delivery notices (public-asset-cache.ts), so a warm
//      request usually costs no database round trip;
//   4. a tag the client holds (304, no storage read: the ETag follows from the key; the caller reads
//      If-None-Match, handlers/if-none-match.ts);
//   5. a small rendition from memory (hot-renditions.ts), else the stored rendition streamed, else
//      computed once (single flight, a queue shared fairly between workspaces, a per-client budget
//      of cold computations: rendition-engine.ts, cold-budget.ts), stored under verso/renditions/
//      within the bounds per asset and per workspace (db/media/stored-renditions.ts) — beyond
//      them served without being stored — and returned.
// SVG is never rasterised and only served as the original, as an attachment; every answer is
// `nosniff` and sandboxed, so nothing uploaded runs as a page of this origin.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { PublicMediaConfig } from '../../config.js';
import type { Db } from '../../db/pool.js';
import { findPublicAsset, type PublicAssetRow } from '../../db/media/public-assets.js';
import { claimStoredRendition } from '../../db/media/stored-renditions.js';
import { ApiError, forbidden, notFound } from '../../errors.js';
import type { Logger } from '../../logging/logger.js';
import type { StorageProvider } from '../../storage/provider.js';
import type { WorkspaceDirectory } from '../../access/workspace-access.js';
import type { HotRenditions, WarmUrl } from './hot-renditions.js';
import type { PublicAssetCache } from './public-asset-cache.js';
import { contentDisposition, nameForType } from './file-names.js';
import { fileEtag } from './media-download.js';
import { canonicalRenditionName, parseRenditionParams, RENDITION_FORMATS, type OutputFormat, type RenditionParams } from './public-rendition-params.js';
import { contentVersionOf, generationOf, type PublicUrlSigner, type SignedAssetRef } from './public-url-signer.js';
import { FORMAT_REVISIONS, OUTPUT_EXTENSIONS, OUTPUT_TYPES, RENDITION_REVISION, slotsFor, TRANSFORMABLE_TYPES, type RenditionEngine } from './rendition-engine.js';
import { renditionKey } from './storage-keys.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export interface PublicMediaDeps {
  readonly db: Db;
  readonly storage: StorageProvider;
  readonly logger: Logger;
  readonly config: PublicMediaConfig;
  readonly signer: PublicUrlSigner;
  readonly engine: RenditionEngine;
  readonly assets: PublicAssetCache;
  readonly hot: HotRenditions;
  readonly workspaces: WorkspaceDirectory;
}

export interface PublicMediaRequest {
  readonly workspaceId: string;
  readonly assetId: string;
  readonly contentVersion: string;
  readonly signature: string;
  readonly params: string;
  /** Whether the client already holds the representation with this tag (the caller's reading of If-None-Match): then 304. */
  readonly holds?: (etag: string) => boolean;
  readonly accept?: string;
  /** The request's path as it arrived: a rendition answered from memory is remembered under it (serveWarmPublicUrl). */
  readonly path?: string;
  /** The client's address (the edge's reading): a cold rendition is paid from its budget. */
  readonly client?: string;
}

type CacheHeaders = { readonly ETag: string; readonly 'Cache-Control': string; readonly Vary?: string };

export type PublicMediaAnswer =
  | { readonly status: 304; readonly headers: CacheHeaders }
  | {
      readonly status: 200;
      readonly body: Readable | Buffer;
      readonly headers: CacheHeaders & {
        readonly 'Content-Type': string;
        readonly 'Content-Length': string;
        readonly 'Content-Disposition': string;
        readonly 'X-Content-Type-Options': 'nosniff';
        readonly 'Content-Security-Policy': string;
      };
    };

/** `f_auto`: the best format the browser says it takes (AVIF, then WebP), else JPEG or PNG. */
export function negotiateFormat(accept: string | undefined, inputType: string): OutputFormat {
  const takes = (type: string) => new RegExp(`(^|[\\s,])${type.replace('/', '\\/')}(\\s*;(?!\\s*q=0(\\.0*)?\\s*(,|$))[^,]*)?(,|$)`, 'i').test(accept ?? '');
  if (takes('image/avif')) return 'avif';
  if (takes('image/webp')) return 'webp';
  return keepsAlpha(inputType) ? 'png' : 'jpeg';
}

function keepsAlpha(type: string): boolean {
  return type === 'image/png' || type === 'image/gif' || type === 'image/webp' || type === 'image/avif';
}

/** Without `f_`: the input's own format where there is an encoder for it, PNG for GIF, JPEG for TIFF. */
function sameFormat(type: string): OutputFormat {
  switch (type) {
    case 'image/webp':
      return 'webp';
    case 'image/avif':
      return 'avif';
    case 'image/png':
    case 'image/gif':
      return 'png';
    default:
      return 'jpeg';
  }
}

const strongTag = (key: string) => `"r-${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/**
 * A warm URL's answer without routing, validating, verifying or parsing it again (http/app.ts runs
 * this before the router): the route answered this URL from memory before (hot-renditions.ts), and
 * all it decided then follows from the URL. What can change is checked as the route checks it —
 * the asset still served publicly at this content version (the kept rows end at once on every
 * change, public-asset-cache.ts), the workspace still there — and anything else (not remembered,
 * the asset gone, the bytes evicted) returns null: the full route answers, 404s included.
 */
export async function serveWarmPublicUrl(
  deps: Pick<PublicMediaDeps, 'db' | 'storage' | 'assets' | 'hot' | 'workspaces'>,
  request: { readonly path: string; readonly accept?: string; readonly holds?: (etag: string) => boolean },
): Promise<PublicMediaAnswer | null> {
  const warm = deps.hot.urlAnswer(request.path, request.accept);
  if (!warm) return null;
  const { workspaceId, assetId, contentVersion, generation } = warm.ref;
  const asset = await deps.assets.find(workspaceId, assetId, () => findPublicAsset(deps.db, workspaceId, assetId));
  if (!asset || contentVersionOf(asset.content_sha256) !== contentVersion || asset.provider !== deps.storage.name) return null;
  if (asset.media_url_generation !== (generation ?? 0)) return null;
  if (deps.assets.enabled && !(await deps.workspaces.exists(workspaceId))) return null;
  if (request.holds?.(warm.headers.ETag)) {
    const { ETag, 'Cache-Control': cacheControl, Vary } = warm.headers;
    return { status: 304, headers: { ETag, 'Cache-Control': cacheControl, ...(Vary ? { Vary } : {}) } };
  }
  const bytes = deps.hot.get(warm.key);
  if (!bytes) return null;
  return { status: 200, body: bytes, headers: warm.headers as Extract<PublicMediaAnswer, { status: 200 }>['headers'] };
}

export async function servePublicMedia(deps: PublicMediaDeps, request: PublicMediaRequest): Promise<PublicMediaAnswer> {
  const generation = generationOf(request.signature);
  const ref = { workspaceId: request.workspaceId, assetId: request.assetId, contentVersion: request.contentVersion, generation: generation ?? 0 };
  if (generation === null || !deps.signer.verify(ref, request.signature)) throw forbidden('The signature does not match this asset.');
  const params = parseRenditionParams(request.params, deps.config);
  if (!deps.config.enabled) throw notFound('The media asset');
  const asset = await deps.assets.find(ref.workspaceId, ref.assetId, () => findPublicAsset(deps.db, ref.workspaceId, ref.assetId));
  // A deleted workspace is announced on the credential channel, not the delivery one (see public-asset-cache.ts).
  if (asset && deps.assets.enabled && !(await deps.workspaces.exists(ref.workspaceId))) throw notFound('The media asset');
  if (!asset || contentVersionOf(asset.content_sha256) !== ref.contentVersion) throw notFound('The media asset');
  // A URL of an earlier generation was revoked by rotating the workspace's public URLs (issue #35).
  if (asset.media_url_generation !== ref.generation) throw notFound('The media asset');
  if (asset.provider !== deps.storage.name) {
    deps.logger.warn('media asset stored with another provider than this replica uses', { mediaAssetId: asset.id, provider: asset.provider });
    throw notFound('The media asset');
  }
  if (params.original) return serveOriginal(deps, asset, request.holds);
  if (!TRANSFORMABLE_TYPES.has(asset.mime_type)) {
    const detail =
      asset.mime_type === 'image/svg+xml'
        ? 'SVG images are never rasterised; use the original.'
        : `A ${asset.mime_type} file cannot be transformed; use the original.`;
    throw new ApiError('validation-failed', detail, { errors: { 'path.transformation': [detail] } });
  }
  return serveRendition(deps, asset, ref, params, request);
}

async function serveOriginal(deps: PublicMediaDeps, asset: PublicAssetRow, holds: PublicMediaRequest['holds']): Promise<PublicMediaAnswer> {
  const cache: CacheHeaders = { ETag: fileEtag(asset.content_sha256), 'Cache-Control': IMMUTABLE };
  if (holds?.(cache.ETag)) return { status: 304, headers: cache };
  const object = await deps.storage.get(asset.storage_key);
  if (!object) throw notFound('The media asset');
  // Raster images inline; SVG (it may carry script) and every other type only as an attachment.
  const inline = TRANSFORMABLE_TYPES.has(asset.mime_type);
  return {
    status: 200,
    body: object.body,
    headers: {
      ...cache,
      'Content-Type': asset.mime_type,
      'Content-Length': String(object.contentLength),
      'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', nameForType(asset.file_name, asset.mime_type)),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': SANDBOX,
    },
  };
}

async function serveRendition(
  deps: PublicMediaDeps,
  asset: PublicAssetRow,
  ref: SignedAssetRef,
  params: RenditionParams,
  request: PublicMediaRequest,
): Promise<PublicMediaAnswer> {
  const format = params.format === 'auto' ? negotiateFormat(request.accept, asset.mime_type) : (params.format ?? sameFormat(asset.mime_type));
  const key = renditionKey(ref.workspaceId, ref.assetId, ref.contentVersion, `${canonicalRenditionName(params)}.${RENDITION_REVISION}${FORMAT_REVISIONS[format]}.${OUTPUT_EXTENSIONS[format]}`);
  const cache: CacheHeaders = { ETag: strongTag(key), 'Cache-Control': IMMUTABLE, ...(params.format === 'auto' ? { Vary: 'Accept' } : {}) };
  if (request.holds?.(cache.ETag)) return { status: 304, headers: cache };
  const headers = (length: number) => ({
    ...cache,
    'Content-Type': OUTPUT_TYPES[format],
    'Content-Length': String(length),
    'Content-Disposition': contentDisposition('inline', nameForType(asset.file_name, OUTPUT_TYPES[format])),
    'X-Content-Type-Options': 'nosniff' as const,
    'Content-Security-Policy': SANDBOX,
  });
  const hot = deps.hot.get(key);
  if (hot) {
    const answer = { status: 200 as const, body: hot, headers: headers(hot.length) };
    if (request.path !== undefined) {
      deps.hot.rememberUrl(request.path, params.format === 'auto' ? request.accept : null, { ref, key, headers: answer.headers } satisfies WarmUrl);
    }
    return answer;
  }
  const stored = await deps.storage.get(key);
  if (stored && !deps.hot.fits(stored.contentLength)) return { status: 200, body: stored.body, headers: headers(stored.contentLength) };
  if (stored) {
    const bytes = await readAll(stored.body);
    deps.hot.remember(key, bytes);
    return { status: 200, body: bytes, headers: headers(bytes.length) };
  }
  const bytes = await deps.engine.once(key, async () => {
    // Another request may have stored it between our miss and this turn of the queue.
    const late = await deps.storage.get(key);
    if (late) return readAll(late.body);
    const original = await deps.storage.get(asset.storage_key);
    if (!original) throw notFound('The media asset');
    const output = await deps.engine.transform(await readAll(original.body), params, format);
    const stored = { storageKey: key, workspaceId: ref.workspaceId, assetId: ref.assetId, contentVersion: ref.contentVersion, byteSize: output.length };
    const bounds = { perAsset: deps.config.storedPerAsset, bytesPerWorkspace: deps.config.storedBytesPerWorkspace };
    if (await claimStoredRendition(deps.db, stored, bounds)) {
      await deps.storage.put(key, Readable.from([output]), { contentType: OUTPUT_TYPES[format] });
    }
    return output;
  }, { slots: slotsFor(format, deps.config.concurrency), workspaceId: ref.workspaceId, ...(request.client !== undefined ? { client: request.client } : {}) });
  deps.hot.remember(key, bytes);
  return { status: 200, body: bytes, headers: headers(bytes.length) };
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What a client needs to build rendition URLs (GET /media/v1/settings). */
export function publicMediaSettings(config: PublicMediaConfig) {
  return {
    enabled: config.enabled,
    widths: [...config.widths],
    anyWidth: config.anyWidth,
    maxWidth: config.maxWidth,
    maxHeight: config.maxHeight,
    defaultQuality: config.defaultQuality,
    formats: [...RENDITION_FORMATS],
    dprs: [...config.dprs],
  };
}
