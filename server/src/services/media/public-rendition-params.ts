// The `params` segment of a public media URL: `original`, or comma-separated transformations from a
// small set a site uses: `w_{width}`, `f_{format}`, `dpr_{n}` (`w_800,f_webp,dpr_2`). They are not
// signed, so every value must lie in the configured set (Media__Public__*): a URL outside it is 400
// before anything is read. Height, fit, focal point and quality were once accepted too; together
// they gave one image about 217,000 distinct renditions for anyone to fill the disk with, so they
// are refused by name and the server fixes them (the asset's own aspect ratio, DefaultQuality): an
// image has at most widths × dprs × 4 output formats renditions.
import { badRequest } from '../../errors.js';
import type { PublicMediaConfig } from '../../config.js';

export const RENDITION_FORMATS = ['auto', 'webp', 'avif', 'jpeg', 'png'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];
export type OutputFormat = Exclude<RenditionFormat, 'auto'>;

/** The transformations an unsigned URL may name, in the words a refusal uses. */
export const ALLOWED_TRANSFORMATIONS = 'w_{width}, f_{format} and dpr_{n}';

/** Names once accepted and now fixed by the server: refused with a message saying so. */
const RETIRED: Readonly<Record<string, string>> = {
  h: 'a height',
  fit: 'a fit',
  fp: 'a focal point',
  q: 'a quality',
};

export interface RenditionParams {
  readonly width: number | null;
  /** Null: the input's own format (GIF and others without an encoder here become PNG). */
  readonly format: RenditionFormat | null;
  /** The server's DefaultQuality (not chosen by the URL). */
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

export function parseRenditionParams(segment: string, config: PublicMediaConfig): ParsedParams {
  if (segment === 'original') return { original: true };
  const seen = new Set<string>();
  let width: number | null = null;
  let format: RenditionFormat | null = null;
  let dpr = 1;
  for (const token of segment.split(',')) {
    const cut = token.indexOf('_');
    const name = cut < 0 ? token : token.slice(0, cut);
    const value = cut < 0 ? '' : token.slice(cut + 1);
    if (seen.has(name)) throw refuse(`"${name}" is given more than once.`);
    seen.add(name);
    switch (name) {
      case 'w':
        width = integer(value, 'The width');
        if (!config.anyWidth && !config.widths.includes(width)) throw refuse(`The width must be one of ${config.widths.join(', ')}.`);
        break;
      case 'f':
        format = oneOf(value, RENDITION_FORMATS, 'The format');
        break;
      case 'dpr':
        dpr = integer(value, 'The dpr');
        if (!config.dprs.includes(dpr)) throw refuse(`The dpr must be one of ${config.dprs.join(', ')}.`);
        break;
      default: {
        const retired = RETIRED[name];
        if (retired) throw refuse(`"${token}": ${retired} cannot be chosen in an image URL; use only ${ALLOWED_TRANSFORMATIONS}.`);
        throw refuse(`"${token}" is not a transformation; use only ${ALLOWED_TRANSFORMATIONS}, or "original" alone.`);
      }
    }
  }
  if ((width ?? 0) * dpr > config.maxWidth) throw refuse(`The width times dpr must be at most ${config.maxWidth}.`);
  return { original: false, width, format, quality: config.defaultQuality, dpr };
}

/**
 * The canonical name of a rendition (its storage key's last part, before the extension): equal for
 * every URL that asks for the same output, in whatever order. The same spelling as when heights,
 * fits and focal points were accepted, so renditions stored then stay found.
 */
export function canonicalRenditionName(p: RenditionParams): string {
  const parts: string[] = [];
  if (p.width !== null) parts.push(`w${p.width * p.dpr}`);
  parts.push(`q${p.quality}`);
  return parts.join('-');
}
