// What the compare page made of two versions, kept under the API's tag of the compare read (#25):
// the page asks again with If-None-Match, and while the API answers 304 — after checking this
// user's access, like any read — the kept pair and its field-by-field diff are reused, instead of
// reading, parsing and diffing two whole versions again (for two 40-field versions that was most
// of the admin's work per page). A changed version, child name or status changes the tag. Keyed by
// API origin, item and the numbers asked for; bounded, oldest out first. The asset facts are read
// fresh on every page (listMedia), so the diff is reused only with the same facts.
import type { components } from '@verso/sdk';
import type { EncodedHtml } from '../../views/render.js';
import type { ComparedField } from './version-compare.js';

export type ComparisonRead = components['schemas']['ContentVersionComparisonResponse'];

export interface ComparedPair {
  readonly etag: string;
  readonly pair: ComparisonRead;
  /** The diff split into changed and unchanged fields, with the digest of the asset facts it was made with, and its HTML (compare-fields.eta). */
  diff?: { readonly factsKey: string; readonly changed: readonly ComparedField[]; readonly unchanged: readonly ComparedField[]; readonly html: EncodedHtml };
}

/** Two 40-field versions are ~75 KB parsed twice over (the read and its diff): a few dozen pairs at most. */
const MAX_PAIRS = 64;
const pairs = new Map<string, ComparedPair>();

export function keptPair(key: string): ComparedPair | undefined {
  return pairs.get(key);
}

export function keepPair(key: string, entry: ComparedPair): void {
  pairs.delete(key);
  pairs.set(key, entry);
  if (pairs.size > MAX_PAIRS) pairs.delete(pairs.keys().next().value!);
}

/** What is kept, oldest first (tests). */
export function keptPairs(): IterableIterator<[string, ComparedPair]> {
  return pairs.entries();
}
