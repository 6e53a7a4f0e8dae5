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
