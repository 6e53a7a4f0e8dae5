// BCP 47 language tags as Verso compares and answers them: canonical (Intl.getCanonicalLocales:
// `de-ch` → `de-CH`, `zh-hant-tw` → `zh-Hant-TW`), compared lower-cased. A read's chain starts from
// the requested tag's lookup prefixes (RFC 4647 §3.4), which the database turns into the
// workspace's chain (verso_locale_chain, migration 0041).

/** The canonical form of `tag`, or null when it is not a well-formed BCP 47 tag. */
export function canonicalTag(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/** How codes are compared and keyed: lower-cased canonical form. */
export const tagKey = (canonical: string): string => canonical.toLowerCase();

/**
 * The lookup prefixes of a canonical tag, lower-cased, longest first: `de-ch-1996` → `de-ch-1996`,
 * `de-ch`, `de`. A single-letter subtag (an extension or private-use singleton) is dropped with the
 * subtag after it, as RFC 4647's lookup does.
 */
export function lookupPrefixes(canonical: string): string[] {
  const parts = tagKey(canonical).split('-');
  const prefixes: string[] = [];
  for (let n = parts.length; n > 0; n--) {
    if (parts[n - 1]!.length === 1) continue;
    prefixes.push(parts.slice(0, n).join('-'));
  }
  return prefixes;
}
