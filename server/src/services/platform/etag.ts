// ETags for the content model. A row's `row_version` counts its writes; the tag is that counter
// plus the tail of the row id, so two rows never share a tag by accident and a tag cannot repeat
// for one row (timestamps can repeat within a millisecond, a counter cannot).
import { concurrencyMismatch } from '../../errors.js';

export function etagOf(id: string, rowVersion: number): string {
  return `"${rowVersion}-${id.slice(-12)}"`;
}

/** A guarded write: `If-Match` must be present and current (missing counts as stale, as upstream). */
export function requireIfMatch(ifMatch: string | undefined, current: string): void {
  if (ifMatch === undefined || ifMatch.trim() !== current) throw concurrencyMismatch();
}

/** An optionally guarded write: when the caller sent `If-Match`, it must be current. */
export function checkOptionalIfMatch(ifMatch: string | undefined, current: string): void {
  if (ifMatch !== undefined && ifMatch.trim() !== current) throw concurrencyMismatch();
}
