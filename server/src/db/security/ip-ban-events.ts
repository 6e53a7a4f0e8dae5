// Named queries for the record of IP bans (migrations/0011_ip_ban_events.sql, 0012_sign_in_throttle.sql).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export interface IpBanEvent {
  readonly ipAddress: string;
  readonly rejectionCount: number;
  readonly bannedAt: Date;
  readonly bannedUntil: Date;
  readonly requestPath: string;
}

export async function insertIpBanEvent(db: CommonQueryMethods, e: IpBanEvent): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO ip_ban_events (ip_address, rejection_count, banned_at, banned_until, request_path)
    VALUES (${e.ipAddress}::inet, ${e.rejectionCount}, ${e.bannedAt.toISOString()}::timestamptz,
            ${e.bannedUntil.toISOString()}::timestamptz, ${e.requestPath})`);
}

const ipBanRow = z.object({
  id: z.string(),
  ip_address: z.string(),
  rejection_count: z.number(),
  banned_at: z.string(),
  banned_until: z.string(),
  request_path: z.string(),
});
export type IpBanRow = z.infer<typeof ipBanRow>;

/**
 * `filter` null: every ban; otherwise the bans whose address or prefix overlaps that inet (an
 * address inside a banned IPv6 prefix finds it; `&&` is inet's contains-or-is-contained-by).
 */
export async function listIpBanEvents(
  db: CommonQueryMethods,
  filter: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: IpBanRow[]; total: number }> {
  const where = filter === null ? sql.fragment`TRUE` : sql.fragment`b.ip_address && ${filter}::inet`;
  const rows = await db.any(sql.type(ipBanRow.extend({ total: z.number() }))`
    -- abbrev: a host address without its /32 or /128, an IPv6 prefix as 2001:db8:1:2::/64.
    SELECT b.id, abbrev(b.ip_address) AS ip_address, b.rejection_count, b.banned_at, b.banned_until, b.request_path,
           count(*) OVER () AS total
    FROM ip_ban_events b
    WHERE ${where}
    ORDER BY b.banned_at DESC, b.id DESC
    LIMIT ${limit} OFFSET ${offset}`);
  const total =
    rows[0]?.total ??
    (offset > 0 ? await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM ip_ban_events b WHERE ${where}`) : 0);
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}
