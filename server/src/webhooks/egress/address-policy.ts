// Which addresses a webhook may never reach (spec, Egress rules 2; issue #15, Egress): anything that
// is not a globally routable unicast address. Parsing and range matching are ipaddr.js's; the
// tables below are the IANA special-purpose registries, with a name for each block so that a
// refusal says what the address is.
//
// IPv4: this-network and unspecified, private (RFC 1918), CGNAT shared space, loopback, link-local,
// IETF protocol assignments, the three documentation nets, the deprecated 6to4 relay anycast,
// benchmarking, multicast, reserved (240/4) and broadcast.
//
// IPv6 is an allow-list: only global unicast (2000::/3) may pass, minus its special blocks
// (documentation, IETF protocol assignments including Teredo, 6to4). Addresses that embed an IPv4
// address are judged by it: IPv4-mapped (::ffff:a.b.c.d) and the well-known NAT64 prefix
// (64:ff9b::/96) pass only when the embedded IPv4 address would; IPv4-compatible (::a.b.c.d,
// deprecated), local-use NAT64 (64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32) never
// pass, and the refusal names the embedded address when it is itself forbidden.
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** Why the address is forbidden (a sentence fragment naming its class), or null when it may be reached. */
  isForbidden(address: string): string | null;
}

type Block = readonly [cidr: string, name: string];

const IPV4_BLOCKS: readonly Block[] = [
  ['0.0.0.0/32', 'the unspecified address'],
  ['255.255.255.255/32', 'the broadcast address'],
  ['0.0.0.0/8', '"this network" (0.0.0.0/8)'],
  ['10.0.0.0/8', 'a private address (10.0.0.0/8)'],
  ['100.64.0.0/10', 'a carrier-grade NAT address (100.64.0.0/10)'],
  ['127.0.0.0/8', 'a loopback address (127.0.0.0/8)'],
  ['169.254.0.0/16', 'a link-local address (169.254.0.0/16)'],
  ['172.16.0.0/12', 'a private address (172.16.0.0/12)'],
  ['192.0.0.0/24', 'an IETF protocol assignment (192.0.0.0/24)'],
  ['192.0.2.0/24', 'a documentation address (192.0.2.0/24)'],
  ['192.88.99.0/24', 'the deprecated 6to4 relay anycast block (192.88.99.0/24)'],
  ['192.168.0.0/16', 'a private address (192.168.0.0/16)'],
  ['198.18.0.0/15', 'a benchmarking address (198.18.0.0/15)'],
  ['198.51.100.0/24', 'a documentation address (198.51.100.0/24)'],
  ['203.0.113.0/24', 'a documentation address (203.0.113.0/24)'],
  ['224.0.0.0/4', 'a multicast address (224.0.0.0/4)'],
  ['240.0.0.0/4', 'a reserved address (240.0.0.0/4)'],
];

// Checked in order; the first match names the class.
const IPV6_BLOCKS: readonly Block[] = [
  ['::/128', 'the unspecified address (::)'],
  ['::1/128', 'the loopback address (::1)'],
  ['64:ff9b:1::/48', 'a local-use NAT64 address (64:ff9b:1::/48)'],
  ['100::/64', 'a discard-only address (100::/64)'],
  ['2001:db8::/32', 'a documentation address (2001:db8::/32)'],
  ['2001::/23', 'an IETF protocol assignment (2001::/23)'],
  ['3fff::/20', 'a documentation address (3fff::/20)'],
  ['fc00::/7', 'a unique-local address (fc00::/7)'],
  ['fec0::/10', 'a site-local address (fec0::/10)'],
  ['fe80::/10', 'a link-local address (fe80::/10)'],
  ['ff00::/8', 'a multicast address (ff00::/8)'],
];

const parseBlocks = <T extends ipaddr.IPv4 | ipaddr.IPv6>(blocks: readonly Block[]) =>
  blocks.map(([cidr, name]) => ({ range: ipaddr.parseCIDR(cidr) as [T, number], name }));
const V4 = parseBlocks<ipaddr.IPv4>(IPV4_BLOCKS);
const V6 = parseBlocks<ipaddr.IPv6>(IPV6_BLOCKS);
const cidr6 = (text: string) => ipaddr.parseCIDR(text) as [ipaddr.IPv6, number];
const GLOBAL_UNICAST = cidr6('2000::/3');
const MAPPED = cidr6('::ffff:0:0/96');
const COMPATIBLE = cidr6('::/96');
const NAT64 = cidr6('64:ff9b::/96');
const SIX_TO_FOUR = cidr6('2002::/16');
const TEREDO = cidr6('2001::/32');

/** An address as the socket layer wants it (canonical text and family), or null when it is not an IP address. */
export function normaliseAddress(address: string): { address: string; family: 4 | 6 } | null {
  if (typeof address !== 'string' || !ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).zoneId) return null; // scoped: a local interface by definition
  return { address: parsed.toString(), family: parsed.kind() === 'ipv4' ? 4 : 6 };
}

function ipv4Class(ip: ipaddr.IPv4): string | null {
  return V4.find((b) => ip.match(b.range))?.name ?? null;
}

const v4From = (bytes: number[]) => new ipaddr.IPv4(bytes);

function ipv6Class(ip: ipaddr.IPv6): string | null {
  const bytes = ip.toByteArray();
  const embedded = (from: number, xor = 0) => v4From(bytes.slice(from, from + 4).map((b) => b ^ xor));
  const about = (v4: ipaddr.IPv4) => {
    const cls = ipv4Class(v4);
    return cls ? `, embedding ${v4.toString()}, ${cls}` : '';
  };
  if (ip.match(MAPPED)) {
    const v4 = embedded(12);
    const cls = ipv4Class(v4);
    return cls ? `an IPv4-mapped IPv6 address of ${v4.toString()}, ${cls}` : null;
  }
  if (ip.match(NAT64)) {
    const v4 = embedded(12);
    const cls = ipv4Class(v4);
    return cls ? `a NAT64 address (64:ff9b::/96) of ${v4.toString()}, ${cls}` : null;
  }
  const special = V6.find((b) => ip.match(b.range));
  if (special && (special.range[1] === 128)) return special.name;
  if (ip.match(COMPATIBLE)) return `an IPv4-compatible IPv6 address (deprecated)${about(embedded(12))}`;
  if (ip.match(SIX_TO_FOUR)) return `a 6to4 address (2002::/16)${about(embedded(2))}`;
  // Teredo: the server's IPv4 address in bits 32–63, the client's, inverted, in the last 32 bits.
  if (ip.match(TEREDO)) {
    const server = embedded(4);
    const client = embedded(12, 0xff);
    const forbidden = [server, client].find((v4) => ipv4Class(v4));
    return `a Teredo address (2001::/32)${forbidden ? about(forbidden) : ''}`;
  }
  if (special) return special.name;
  if (!ip.match(GLOBAL_UNICAST)) return 'a reserved address (outside global unicast 2000::/3)';
  return null;
}

/** The full forbidden list; what every production sender and the registration check use. */
export const defaultAddressPolicy: AddressPolicy = Object.freeze({
  isForbidden(address: string): string | null {
    if (typeof address !== 'string' || !ipaddr.isValid(address)) return 'not an IP address';
    const parsed = ipaddr.parse(address);
    if (parsed.kind() === 'ipv4') return ipv4Class(parsed as ipaddr.IPv4);
    const v6 = parsed as ipaddr.IPv6;
    if (v6.zoneId) return 'a scoped IPv6 address (zone index)';
    return ipv6Class(v6);
  },
});
