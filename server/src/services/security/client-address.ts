// One spelling per client address, so the limiter, the ban table, the allow-list and the record of
// bans agree on who a client is: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) is the IPv4 client `1.2.3.4`,
// IPv6 is written in its RFC 5952 short form, a zone id is dropped. Parsing is ipaddr.js's (shared
// with the webhook egress check), never hand-written.
import ipaddr from 'ipaddr.js';

export type ParsedAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** The address as ipaddr.js reads it, IPv4-mapped IPv6 unwrapped; null for anything that is not one address. */
export function parseClientAddress(text: string): ParsedAddress | null {
  const trimmed = text.trim();
  // ipaddr.isValid accepts the classful shorthands ("1", "0x7f.1"): a client address is written in full.
  if (!ipaddr.IPv6.isValid(trimmed) && !ipaddr.IPv4.isValidFourPartDecimal(trimmed)) return null;
  const parsed = ipaddr.parse(trimmed);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
    if (v6.zoneId) return ipaddr.IPv6.parse(trimmed.replace(/%.*$/, ''));
  }
  return parsed;
}

/** The canonical text of an address (see the module note); null when `text` is not one. */
export function canonicalAddress(text: string): string | null {
  const parsed = parseClientAddress(text);
  return parsed === null ? null : parsed.toString();
}

/**
 * Who a client is for the rate windows, the bans and their record: an IPv4 address as it is, an
 * IPv6 address as its prefix of `ipv6PrefixLength` bits in CIDR notation (`2001:db8:1:2::/64`), or
 * the address itself at 128. One subscriber is given a whole /64 (often a /56 or /48) and can pick
 * any address in it, so keying IPv6 by the full address would give it 2^64 fresh windows.
 */
export function clientKeyOf(address: ParsedAddress, canonical: string, ipv6PrefixLength: number): string {
  if (address.kind() === 'ipv4' || ipv6PrefixLength >= 128) return canonical;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${canonical}/${ipv6PrefixLength}`).toString()}/${ipv6PrefixLength}`;
}

/**
 * The text a listing filter names — an address in any spelling, or a network in CIDR notation —
 * as PostgreSQL inet text; null when it is neither.
 */
export function addressOrNetworkFilter(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.includes('/')) return canonicalAddress(trimmed);
  const [host, bits] = trimmed.split('/', 2) as [string, string];
  const address = parseClientAddress(host);
  if (address === null || !/^\d{1,3}$/.test(bits)) return null;
  const mapped = address.kind() === 'ipv4' && ipaddr.IPv6.isValid(host.trim());
  // An IPv4-mapped network (`::ffff:203.0.113.0/120`) is the IPv4 network of its last 32 bits.
  const length = Number(bits) - (mapped ? 96 : 0);
  if (length < 0 || length > (address.kind() === 'ipv4' ? 32 : 128)) return null;
  return `${address.toString()}/${length}`;
}
