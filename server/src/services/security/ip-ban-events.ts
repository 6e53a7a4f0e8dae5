// The record of IP bans: written when a replica bans an address, read by Admins (listIpBans).
import { insertIpBanEvent, listIpBanEvents, type IpBanEvent, type IpBanRow } from '../../db/security/ip-ban-events.js';
import type { Db } from '../../db/pool.js';
import type { operations } from '../../generated/openapi.js';
import type { IpBanEventResponse, IpBanEventResponsePagedResponse } from '../../generated/schemas.js';
import { pageRequest, toPage } from '../platform/paging.js';
import { addressOrNetworkFilter } from './client-address.js';

export type IpBanQuery = NonNullable<operations['listIpBans']['parameters']['query']>;
export type { IpBanEvent };

export const recordIpBan = (db: Db, event: IpBanEvent): Promise<void> => insertIpBanEvent(db, event);

const present = (r: IpBanRow): IpBanEventResponse => ({
  id: r.id,
  ipAddress: r.ip_address,
  rejectionCount: r.rejection_count,
  bannedAt: r.banned_at,
  bannedUntil: r.banned_until,
  requestPath: r.request_path,
});

export async function listIpBans(db: Db, query: IpBanQuery): Promise<IpBanEventResponsePagedResponse> {
  const page = pageRequest(query);
  const filter = query.ipAddress ? query.ipAddress : null;
  if (filter === null) {
    const { rows, total } = await listIpBanEvents(db, null, page.pageSize, page.offset);
    return toPage(rows.map(present), total, page);
  }
  // The filter names one address in any of its spellings, or a network; an address finds the ban of
  // the IPv6 prefix it is in. Text that is neither matches no ban.
  const address = addressOrNetworkFilter(filter);
  if (address === null) return toPage([], 0, page);
  const { rows, total } = await listIpBanEvents(db, address, page.pageSize, page.offset);
  return toPage(rows.map(present), total, page);
}
