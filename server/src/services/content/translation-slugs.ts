// The slug a new translation gets when the request names none: the source's title made into a slug
// (else the source's slug), then the locale — `about-us` in German is `about-us-de` — and, when
// that is taken, `-2`, `-3`… (the first free one). Always within the slug's length and pattern.
import type { CommonQueryMethods } from 'slonik';
import { slugsLike } from '../../db/content/content-items.js';

/** The contract's ContentSlug maxLength. */
const SLUG_MAX = 100;

// Letters that Unicode decomposition does not take apart into a base letter and a mark.
const SPELLED_OUT: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/** `text` as a slug: ASCII letters and digits, lower-case, words joined by `-`; empty when nothing is left. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (c) => SPELLED_OUT[c] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The `n`th candidate: `<base>-<locale>`, then `<base>-<locale>-2`…, the base cut to fit. */
function candidate(base: string, localeKey: string, n: number): string {
  const suffix = n === 1 ? `-${localeKey}` : `-${localeKey}-${n}`;
  const cut = base.slice(0, SLUG_MAX - suffix.length).replace(/[-_]+$/, '');
  return cut.length === 0 ? suffix.slice(1) : `${cut}${suffix}`;
}

/**
 * A free slug for the translation into `localeKey` (lower-cased) of a source titled `title` with
 * slug `sourceSlug`; null when the source has neither (the translation has no slug either).
 */
export async function translationSlug(
  db: CommonQueryMethods,
  workspaceId: string,
  title: string | null,
  sourceSlug: string | null,
  localeKey: string,
): Promise<string | null> {
  const base = slugify(title ?? '') || sourceSlug;
  if (base === null || base === '') return null;
  const key = slugify(localeKey);
  // Every candidate starts like the first one while the base is not cut; a cut base (a long
  // title) is looked up again under its own first candidate.
  const takenUnder = new Map<string, ReadonlySet<string>>();
  for (let n = 1; ; n += 1) {
    const slug = candidate(base, key, n);
    const stem = candidate(base, key, 1);
    const lookup = slug.startsWith(stem) ? stem : slug;
    let taken = takenUnder.get(lookup);
    if (!taken) {
      taken = new Set(await slugsLike(db, workspaceId, lookup));
      takenUnder.set(lookup, taken);
    }
    if (!taken.has(slug)) return slug;
  }
}
