// A set of client addresses and networks (trusted proxies, the allow-list), matched with ipaddr.js.
// Entries come canonical from config.ts; candidates from services/security/client-address.ts, so
// an IPv4-mapped IPv6 peer matches an IPv4 entry.
import ipaddr from 'ipaddr.js';
import type { ParsedAddress } from '../../services/security/client-address.js';

export class AddressSet {
  private readonly addresses: ReadonlySet<string>;
  private readonly networks: readonly [ParsedAddress, number][];

  constructor(addresses: readonly string[], networks: readonly string[]) {
    this.addresses = new Set(addresses);
    this.networks = networks.map((n) => ipaddr.parseCIDR(n));
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
