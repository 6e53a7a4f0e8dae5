// What a delivery-only API client (issue #35 §4) may ask of the two operations the access step lets
// it call. The access step (http/authorize.ts) decides which operations; these rules decide which
// readings of them, because some parameters reach past what is published:
//   - the plain content list (no `resolve=true`) lists every item with its newest version, drafts too;
//   - `q` and `status` test every version of an item, so they answer questions about drafts;
//   - an `asOf` later than now reads what is scheduled but not yet out.
import type { Actor } from '../../access/actor.js';
import { forbidden } from '../../errors.js';
import type { ContentBySlugQuery, ContentListParameters } from './content-reads.js';

const laterThanNow = (asOf: string | undefined) => asOf !== undefined && asOf.length > 0 && Date.parse(asOf) > Date.now();

const FUTURE = 'A delivery-only credential reads what is served now or was served before, not a later asOf.';

export function requireDeliveryOnlyList(actor: Actor | null, query: ContentListParameters): void {
  if (!actor?.deliveryOnly) return;
  if (query.resolve !== true) throw forbidden('A delivery-only credential lists served content only: add resolve=true.');
  if (query.q !== undefined || query.status !== undefined) {
    throw forbidden('A delivery-only credential cannot filter by q or status: both look into unpublished versions.');
  }
  if (laterThanNow(query.asOf)) throw forbidden(FUTURE);
}

export function requireDeliveryOnlyBySlug(actor: Actor | null, query: ContentBySlugQuery): void {
  if (actor?.deliveryOnly && laterThanNow(query.asOf)) throw forbidden(FUTURE);
}
