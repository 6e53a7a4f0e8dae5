// ETags for the content model. A row's `row_version` counts its writes; the tag is that counter
// plus the tail of the row id, so two rows never share a tag by accident and a tag cannot repeat
// for one row (timestamps can repeat within a millisecond, a counter cannot).
import { concurrencyMismatch } from '../../errors.js';

export function etagOf(id: string, rowVersion: number): string {
  return `"${rowVersion}-${id.slice(-12)}"`;
}

/**
 * A guarded write: `If-Match` must be present and current (missing counts as stale, as upstream).
 * The router already refuses a missing tag on every operation that declares If-Match
 * (http/if-match.ts); services check it again because only they know the current tag.
 */
export function requireIfMatch(ifMatch: string | undefined, current: string): void {
  if (ifMatch === undefined || ifMatch.trim() !== current) throw concurrencyMismatch();
}

/**
 * A write whose If-Match is compared when sent, not required (RFC 9110 §13.1.1): absent → proceed,
 * stale → 412. Only the draft-structure operations of templates and components, whose upstream
 * contract declares no If-Match, so upstream's own clients never send one (issue #25).
 */
export function compareIfMatch(ifMatch: string | undefined, current: string): void {
  if (ifMatch === undefined || ifMatch.trim() === '') return;
  if (ifMatch.trim() !== current) throw concurrencyMismatch();
}
