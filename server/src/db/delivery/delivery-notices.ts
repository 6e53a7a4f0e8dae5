// The cross-replica half of delivery-cache invalidation: triggers (migration 0007) announce every
// committed change to the rows delivery reads are built from, naming the workspace, on this channel.
import { isUuid } from '../../uuid.js';

export const DELIVERY_CHANNEL = 'verso_delivery_changed';

/** The workspace a notice names, or '*' (all) for '*' and anything unreadable. */
export function parseDeliveryChange(payload: string | undefined): string {
  return payload !== undefined && isUuid(payload) ? payload.toLowerCase() : '*';
}
