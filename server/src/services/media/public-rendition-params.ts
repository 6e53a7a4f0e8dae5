// The `params` segment of a public media URL: `original`, or comma-separated transformations
// (`w_800,h_600,fit_cover,fp_0.3_0.7,f_webp,q_75,dpr_2`). They are not signed, so every value must
// lie in the configured set (Media__Public__*): a URL outside it is 400 before anything is read, and
// the renditions one asset can have are bounded by the set, not by what a client sends.
import { badRequest } from '../../errors.js';
import type { PublicMediaConfig } from '../../config.js';

export const RENDITION_FORMATS = ['auto', 'webp', 'avif', 'jpeg', 'png'] as const;
export const RENDITION_FITS = ['cover', 'contain', 'inside'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];
export type OutputFormat = Exclude<RenditionFormat, 'auto'>;
export type RenditionFit = (typeof RENDITION_FITS)[number];
/** Focal point coordinates are multiples of this (11 values per axis bound the crops). */
export const FOCAL_POINT_STEP = 0.1;

export interface RenditionParams {
  readonly width: number | null;
  readonly height: number | null;
  readonly fit: RenditionFit;
  /** In tenths (0–10), only for `cover` with both sides given. */
  readonly focal: readonly [number, number] | null;
  /** Null: the input's own format (GIF and others without an encoder here become PNG). */
  readonly format: RenditionFormat | null;
  readonly quality: number;
  readonly dpr: number;
}

export type ParsedParams = { readonly original: true } | ({ readonly original: false } & RenditionParams);

const refuse = (message: string) => badRequest('The transformation is not in the allowed set.', { 'path.transformation': [message] });

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw refuse(`${what} must be one of ${allowed.join(', ')}.`);
  return value as T;
}

function integer(value: string, what: string): number {
  if (!/^[1-9]\d{0,4}$/.test(value)) throw refuse(`${what} must be a whole number without leading zeros.`);
  return Number(value);
}

function tenths(value: string): number {
  const match = /^(0|1)(?:\.(\d))?$/.exec(value);
  const n = match ? Number(match[1]) * 10 + Number(match[2] ?? 0) : NaN;
  if (!(n >= 0 && n <= 10)) throw refuse('A focal point coordinate must be between 0 and 1 in steps of 0.1.');
  return n;
}

function side(value: string, what: 'width' | 'height', config: PublicMediaConfig): number {
  const n = integer(value, `The ${what}`);
  if (!config.anyWidth && !config.widths.includes(n)) throw refuse(`The ${what} must be one of ${config.widths.join(', ')}.`);
  return n;
}

export function parseRenditionParams(segment: string, config: PublicMediaConfig): ParsedParams {
  if (segment === 'original') return { original: true };
  const seen = new Set<string>();
  let width: number | null = null;
  let height: number | null = null;
  let fit: RenditionFit | null = null;
  let focal: [number, number] | null = null;
  let format: RenditionFormat | null = null;
  let quality = config.defaultQuality;
  let dpr = 1;
  for (const token of segment.split(',')) {
    const cut = token.indexOf('_');
    const name = cut < 0 ? token : token.slice(0, cut);
    const value = cut < 0 ? '' : token.slice(cut + 1);
    if (seen.has(name)) throw refuse(`"${name}" is given more than once.`);
    seen.add(name);
    switch (name) {
      case 'w':
        width = side(value, 'width', config);
        break;
      case 'h':
        height = side(value, 'height', config);
        break;
      case 'fit':
        fit = oneOf(value, RENDITION_FITS, 'The fit');
        break;
      case 'fp': {
        const [x, y, extra] = value.split('_');
        if (x === undefined || y === undefined || extra !== undefined) throw refuse('A focal point is fp_{x}_{y}.');
        focal = [tenths(x), tenths(y)];
        break;
      }
      case 'f':
        format = oneOf(value, RENDITION_FORMATS, 'The format');
        break;
      case 'q':
        quality = integer(value, 'The quality');
        if (!config.qualities.includes(quality)) throw refuse(`The quality must be one of ${config.qualities.join(', ')}.`);
        break;
      case 'dpr':
        dpr = integer(value, 'The dpr');
        if (!config.dprs.includes(dpr)) throw refuse(`The dpr must be one of ${config.dprs.join(', ')}.`);
        break;
      default:
        throw refuse(`"${token}" is not a transformation (w, h, fit, fp, f, q, dpr), and the whole segment is not "original".`);
    }
  }
  if ((width ?? 0) * dpr > config.maxWidth) throw refuse(`The width times dpr must be at most ${config.maxWidth}.`);
  if ((height ?? 0) * dpr > config.maxHeight) throw refuse(`The height times dpr must be at most ${config.maxHeight}.`);
  // Cover is the only fit that crops; without both sides there is nothing to fit or crop to.
  const both = width !== null && height !== null;
  const resolvedFit: RenditionFit = both ? (fit ?? 'cover') : 'inside';
  return {
    original: false,
    width,
    height,
    fit: resolvedFit,
    focal: resolvedFit === 'cover' ? focal : null,
    format,
    quality,
    dpr,
  };
}

/**
 * The canonical name of a rendition (its storage key's last part, before the extension): equal for
 * every URL that asks for the same output, in whatever order or with whatever ignored values.
 */
export function canonicalRenditionName(p: RenditionParams): string {
  const parts: string[] = [];
  if (p.width !== null) parts.push(`w${p.width * p.dpr}`);
  if (p.height !== null) parts.push(`h${p.height * p.dpr}`);
  if (p.width !== null && p.height !== null) parts.push(p.fit);
  if (p.focal) parts.push(`fp${p.focal[0]}x${p.focal[1]}`);
  parts.push(`q${p.quality}`);
  return parts.join('-');
}
