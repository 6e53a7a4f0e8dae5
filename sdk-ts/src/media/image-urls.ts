// Responsive image URLs from the signed rendition template delivery responses carry (issue #26):
// `asset.renditionUrl` is `…/{signature}/w_{width},f_{format}/{name}`; these helpers put any allowed
// transformation in its place. The signature covers the asset, not the transformation, so no
// secret is needed — but the server only accepts values from the set it publishes at
// GET /media/v1/settings, so a value outside it fails here, before any request, instead of as a 400.
import type { components } from '../generated/openapi.js';

export type PublicMediaSettings = components['schemas']['PublicMediaSettings'];
export type DeliveredAsset = components['schemas']['DeliveredAsset'];
export type ImageFormat = PublicMediaSettings['formats'][number];
export type ImageFit = PublicMediaSettings['fits'][number];

/** What an image URL needs of an asset: its rendition template (delivery's `asset`, or a media response). */
export type ImageAsset = { readonly renditionUrl: string | null };

export interface ImageUrlOptions {
  /** The published set (`GET /media/v1/settings`); every value is checked against it. */
  readonly settings: PublicMediaSettings;
  readonly width?: number;
  readonly height?: number;
  /** With both sides (cover when absent). */
  readonly fit?: ImageFit;
  /** The focal point of a cover crop, each coordinate 0–1 in steps of `settings.focalPointStep`. */
  readonly focalPoint?: readonly [number, number];
  readonly format?: ImageFormat;
  readonly quality?: number;
  readonly dpr?: number;
}

/** A transformation outside the server's published set, or an asset without renditions. */
export class VersoImageUrlError extends Error {
  override readonly name = 'VersoImageUrlError';
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new VersoImageUrlError(message);
}

function side(value: number, what: string, s: PublicMediaSettings, max: number): void {
  check(Number.isInteger(value) && value >= 1, `${what} must be a positive whole number, got ${value}`);
  check(s.anyWidth || s.widths.includes(value), `${what} ${value} is not allowed; use one of ${s.widths.join(', ')}`);
  check(value <= max, `${what} ${value} is more than the maximum ${max}`);
}

function coordinate(value: number, step: number): string {
  const steps = Math.round(value / step);
  check(value >= 0 && value <= 1 && Math.abs(steps * step - value) < 1e-9, `a focal point coordinate must be 0–1 in steps of ${step}, got ${value}`);
  // The server's grammar: 0, 0.1 … 0.9, 1 (one decimal for the default step).
  return String(Number((steps * step).toFixed(6)));
}

/** The `params` segment for `options`, checked against the published set. */
export function imageParams(options: ImageUrlOptions): string {
  const s = options.settings;
  const dpr = options.dpr ?? 1;
  check(s.dprs.includes(dpr), `dpr ${dpr} is not allowed; use one of ${s.dprs.join(', ')}`);
  const parts: string[] = [];
  if (options.width !== undefined) {
    side(options.width, 'width', s, s.maxWidth);
    check(options.width * dpr <= s.maxWidth, `width × dpr (${options.width * dpr}) is more than the maximum ${s.maxWidth}`);
    parts.push(`w_${options.width}`);
  }
  if (options.height !== undefined) {
    side(options.height, 'height', s, s.maxHeight);
    check(options.height * dpr <= s.maxHeight, `height × dpr (${options.height * dpr}) is more than the maximum ${s.maxHeight}`);
    parts.push(`h_${options.height}`);
  }
  if (options.fit !== undefined) {
    check(s.fits.includes(options.fit), `fit ${options.fit} is not allowed; use one of ${s.fits.join(', ')}`);
    parts.push(`fit_${options.fit}`);
  }
  if (options.focalPoint !== undefined) {
    parts.push(`fp_${coordinate(options.focalPoint[0], s.focalPointStep)}_${coordinate(options.focalPoint[1], s.focalPointStep)}`);
  }
  if (options.format !== undefined) {
    check(s.formats.includes(options.format), `format ${options.format} is not allowed; use one of ${s.formats.join(', ')}`);
    parts.push(`f_${options.format}`);
  }
  if (options.quality !== undefined) {
    check(s.qualities.includes(options.quality), `quality ${options.quality} is not allowed; use one of ${s.qualities.join(', ')}`);
    parts.push(`q_${options.quality}`);
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
