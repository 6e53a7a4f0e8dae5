// A delivery read's `locale` parameter (by-slug, the list): the canonical tag it names and the
// lookup prefixes the database turns into the workspace's chain (verso_locale_chain, migration 0041).
// The contract's pattern admits tags Intl refuses (`en-x`, a dangling singleton): those are a 400
// naming the parameter, in words, never a 500 from deeper down.
import { badRequest } from '../../errors.js';
import { canonicalTag, lookupPrefixes } from './language-tags.js';

export interface RequestedLocale {
  /** The canonical tag (`de-CH`), as answered in `requestedLocale`. */
  readonly canonical: string;
  /** Its lookup prefixes, lower-cased, longest first (`de-ch`, `de`). */
  readonly prefixes: readonly string[];
}

/** The reader's locale named by `tag` (null when the read names none); a tag that is not BCP 47 is a 400. */
export function requestedLocale(tag: string | undefined): RequestedLocale | null {
  if (tag === undefined || tag.length === 0) return null;
  const canonical = canonicalTag(tag);
  if (canonical === null) {
    throw badRequest('The locale is not a language tag Verso can read.', {
      'query.locale': [`"${tag}" is not a well-formed language tag: use one such as en, de or de-CH.`],
    });
  }
  return { canonical, prefixes: lookupPrefixes(canonical) };
}
