// Responsive image URLs from the signed rendition template delivery responses carry (issue #26):
// `asset.renditionUrl` is `…/{signature}/w_{width},f_{format}/{name}`; these helpers put any allowed
// transformation in its place: a width, a format and a dpr (the server keeps the image's aspect
// ratio and fixes the quality, so one image has a bounded number of renditions). The signature
// covers the asset, not the transformation, so no secret is needed — but the server only accepts
// values from the set it publishes at GET /media/v1/settings, so a value outside it fails here,
// before any request, instead of as a 400.
import type { components } from '../generated/openapi.js';

export type PublicMediaSettings = components['schemas']['PublicMediaSettings'];
export type DeliveredAsset = components['schemas']['DeliveredAsset'];
export type ImageFormat = PublicMediaSettings['formats'][number];

/** What an image URL needs of an asset: its rendition template (delivery's `asset`, or a media response). */
export type ImageAsset = { readonly renditionUrl: string | null };

export interface ImageUrlOptions {
  /** The published set (`GET /media/v1/settings`); every value is checked against it. */
  readonly settings: PublicMediaSettings;
  readonly width?: number;
  readonly format?: ImageFormat;
  readonly dpr?: number;
}

/** A transformation outside the server's published set, or an asset without renditions. */
export class VersoImageUrlError extends Error {
  override readonly name = 'VersoImageUrlError';
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new VersoImageUrlError(message);
}

/** The `params` segment for `options`, checked against the published set. */
export function imageParams(options: ImageUrlOptions): string {
  const s = options.settings;
  const dpr = options.dpr ?? 1;
  check(s.dprs.includes(dpr), `dpr ${dpr} is not allowed; use one of ${s.dprs.join(', ')}`);
  const parts: string[] = [];
  if (options.width !== undefined) {
    const width = options.width;
    check(Number.isInteger(width) && width >= 1, `width must be a positive whole number, got ${width}`);
    check(s.anyWidth || s.widths.includes(width), `width ${width} is not allowed; use one of ${s.widths.join(', ')}`);
    check(width * dpr <= s.maxWidth, `width × dpr (${width * dpr}) is more than the maximum ${s.maxWidth}`);
    parts.push(`w_${width}`);
  }
  if (options.format !== undefined) {
    check(s.formats.includes(options.format), `format ${options.format} is not allowed; use one of ${s.formats.join(', ')}`);
    parts.push(`f_${options.format}`);
  }
  if (dpr !== 1) parts.push(`dpr_${dpr}`);
  check(parts.length > 0, 'an image URL needs at least one transformation (or use the asset\'s url for the original)');
  return parts.join(',');
}

/** The URL of one rendition of `asset`. Throws VersoImageUrlError before any request. */
export function imageUrl(asset: ImageAsset, options: ImageUrlOptions): string {
  check(asset.renditionUrl !== null, 'this asset has no renditions (not a raster image, or public media is off); use its url');
  check(options.settings.enabled, 'public media is off on this server');
  const segments = asset.renditionUrl!.split('/');
  check(segments.length >= 3, 'renditionUrl is not a Verso rendition URL');
  segments[segments.length - 2] = imageParams(options);
  return segments.join('/');
}

/** A `srcset` value: one `url {width}w` per width, with the same other options. */
export function srcSet(asset: ImageAsset, widths: readonly number[], options: Omit<ImageUrlOptions, 'width'>): string {
  check(widths.length > 0, 'srcSet needs at least one width');
  return widths.map((width) => `${imageUrl(asset, { ...options, width })} ${width}w`).join(', ');
}
