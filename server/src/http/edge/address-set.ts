// A set of client addresses and networks (trusted proxies, the allow-list), matched with ipaddr.js.
// Entries come canonical from config.ts; candidates from services/security/client-address.ts, so
// an IPv4-mapped IPv6 peer matches an IPv4 entry.
import ipaddr from 'ipaddr.js';
import type { ParsedAddress } from '../../services/security/client-address.js';

export interface AddressSetOptions {
  /**
   * Widen IPv6 entries narrower than this many bits to it (the allow-list, which must agree with
   * the windows and bans on who an IPv6 client is: its prefix, RateLimit__Ipv6PrefixLength). Not
   * for trusted proxies: a proxy is exactly the peer named.
   */
  readonly ipv6PrefixLength?: number;
}

export class AddressSet {
  private readonly addresses: ReadonlySet<string>;
  private readonly networks: readonly [ParsedAddress, number][];

  constructor(addresses: readonly string[], networks: readonly string[], options: AddressSetOptions = {}) {
    const widen = options.ipv6PrefixLength ?? 128;
    const exact = addresses.filter((a) => widen >= 128 || !ipaddr.IPv6.isValid(a));
    const widened = addresses.filter((a) => !exact.includes(a)).map((a) => `${a}/${widen}`);
    this.addresses = new Set(exact);
    this.networks = [...networks, ...widened].map((n) => {
      const [range, bits] = ipaddr.parseCIDR(n);
      return range.kind() === 'ipv6' && bits > widen ? [range, widen] : [range, bits];
    });
  }

  get empty(): boolean {
    return this.addresses.size === 0 && this.networks.length === 0;
  }

  /** `canonical` is `address.toString()`, passed in because the caller already has it. */
  has(address: ParsedAddress, canonical: string): boolean {
    if (this.addresses.has(canonical)) return true;
    const kind = address.kind();
    // ipaddr.js throws when matching an address against a range of the other family.
    return this.networks.some(([range, bits]) => range.kind() === kind && address.match(range as never, bits));
  }
}
