// The cross-replica half of delivery-cache invalidation: triggers (migration 0007) announce every
// committed change to the rows delivery reads are built from, naming the workspace, on this channel.
export const DELIVERY_CHANNEL = 'verso_delivery_changed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The workspace a notice names, or '*' (all) for '*' and anything unreadable. */
export function parseDeliveryChange(payload: string | undefined): string {
  return payload !== undefined && UUID.test(payload) ? payload.toLowerCase() : '*';
}
