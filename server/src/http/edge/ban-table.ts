// IP bans (spec: Limits, IpBan__*): more than IpBan__RejectionThreshold rate-limit rejections of one
// address within IpBan__WindowMinutes ban it for IpBan__BanDurationHours. State is per replica, in
// memory (spec); each ban is also recorded (services/security/ip-ban-events.ts) by the caller.
//
// The rejection window opens at an address's first rejection and closes IpBan__WindowMinutes
// later (two numbers per address instead of a timestamp per rejection).
//
// Memory bound: at most `maxAddresses` watched addresses and as many banned ones (IpBan__
// MaxTrackedAddresses, 100,000 each by default: about 35 MB in all with IPv6 keys, measured in
// test/edge/ban-table.test.ts). Past
// it the oldest entry goes first — an attacker rotating addresses can at worst shorten the oldest
// bans, never grow the process.

export interface ImposedBan {
  readonly rejectionCount: number;
  readonly bannedAt: number;
  readonly bannedUntil: number;
}

interface Watch {
  since: number;
  count: number;
}

export interface BanRules {
  readonly rejectionThreshold: number;
  readonly windowMs: number;
  readonly banDurationMs: number;
  readonly maxAddresses: number;
}

export class BanTable {
  private readonly bans = new Map<string, number>();
  private readonly watched = new Map<string, Watch>();

  constructor(private readonly rules: BanRules) {}

  isBanned(address: string, now: number): boolean {
    const until = this.bans.get(address);
    if (until === undefined) return false;
    if (until > now) return true;
    this.bans.delete(address);
    return false;
  }

  /** Counts one rejection of `address`; the ban when this one crosses the threshold. */
  recordRejection(address: string, now: number): ImposedBan | null {
    let watch = this.watched.get(address);
    if (watch === undefined || now - watch.since >= this.rules.windowMs) {
      if (watch !== undefined) this.watched.delete(address); // re-inserted below as the newest
      watch = { since: now, count: 0 };
      evictOldest(this.watched, this.rules.maxAddresses);
      this.watched.set(address, watch);
    }
    watch.count += 1;
    if (watch.count <= this.rules.rejectionThreshold) return null;
    this.watched.delete(address);
    const bannedUntil = now + this.rules.banDurationMs;
    this.bans.delete(address);
    evictOldest(this.bans, this.rules.maxAddresses);
    this.bans.set(address, bannedUntil);
    return { rejectionCount: watch.count, bannedAt: now, bannedUntil };
  }

  get size(): { readonly banned: number; readonly watched: number } {
    return { banned: this.bans.size, watched: this.watched.size };
  }
}

function evictOldest(map: Map<string, unknown>, max: number): void {
  while (map.size >= max) {
    const oldest = map.keys().next();
    if (oldest.done) return;
    map.delete(oldest.value);
  }
}
