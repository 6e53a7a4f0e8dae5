// The client-side check of a webhook URL (item 35), made before createWebhookEndpoint or
// updateWebhookEndpoint sends anything: an absolute https URL, no user information, and a host that
// is neither a loopback name nor a literal address outside public unicast (private, loopback,
// link-local, CGNAT, benchmarking, documentation, multicast, reserved; IPv6 too, including IPv4
// addresses embedded in IPv6). The server checks the same rules again (and resolves names before
// every delivery); failing here saves the round trip and says exactly what is wrong.
//
// WHATWG URL parsing (global URL, so edge runtimes work too) already turns the exotic IPv4
// spellings (2130706433, 0x7f.1, 0177.0.0.1, 127.1) into dotted quads and IPv6 into its compressed
// form, so only canonical text is matched below. Messages never quote the URL: webhook URLs often
// carry a secret in the path or query.

type Range4 = readonly [base: number, prefix: number, name: string];

const ip4 = (text: string): number => text.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);

const IPV4_FORBIDDEN: readonly Range4[] = (
  [
    ['0.0.0.0', 8, '"this network" (0.0.0.0/8)'],
    ['10.0.0.0', 8, 'a private address (10.0.0.0/8)'],
    ['100.64.0.0', 10, 'a carrier-grade NAT address (100.64.0.0/10)'],
    ['127.0.0.0', 8, 'a loopback address (127.0.0.0/8)'],
    ['169.254.0.0', 16, 'a link-local address (169.254.0.0/16)'],
    ['172.16.0.0', 12, 'a private address (172.16.0.0/12)'],
    ['192.0.0.0', 24, 'an IETF protocol assignment (192.0.0.0/24)'],
    ['192.0.2.0', 24, 'a documentation address (192.0.2.0/24)'],
    ['192.88.99.0', 24, 'the 6to4 relay anycast block (192.88.99.0/24)'],
    ['192.168.0.0', 16, 'a private address (192.168.0.0/16)'],
    ['198.18.0.0', 15, 'a benchmarking address (198.18.0.0/15)'],
    ['198.51.100.0', 24, 'a documentation address (198.51.100.0/24)'],
    ['203.0.113.0', 24, 'a documentation address (203.0.113.0/24)'],
    ['224.0.0.0', 4, 'a multicast address (224.0.0.0/4)'],
    ['240.0.0.0', 4, 'a reserved or broadcast address (240.0.0.0/4)'],
  ] as const
).map(([base, prefix, name]) => [ip4(base), prefix, name] as const);

function ipv4Class(address: number): string | null {
  for (const [base, prefix, name] of IPV4_FORBIDDEN) {
    const size = 2 ** (32 - prefix);
    if (address >= base && address < base + size) return name;
  }
  return null;
}

/** The eight 16-bit groups of a WHATWG-serialised IPv6 address (compressed, lower-case, no zone). */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0) || [...head, ...tail].some((g) => Number.isNaN(g))) return null;
  return [...head, ...Array<number>(fill).fill(0), ...tail];
}

const embeddedV4 = (groups: number[], from: number): number => groups[from]! * 65536 + groups[from + 1]!;
const dotted = (n: number): string => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

function ipv6Class(groups: number[]): string | null {
  const zeroUpTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroUpTo(8)) return 'the unspecified address (::)';
  if (zeroUpTo(7) && groups[7] === 1) return 'the loopback address (::1)';
  // IPv4-mapped (::ffff:a.b.c.d) and the well-known NAT64 prefix (64:ff9b::/96) reach the embedded
  // IPv4 address, so they are judged by it.
  const mapped = zeroUpTo(5) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (mapped || nat64) {
    const v4 = embeddedV4(groups, 6);
    const cls = ipv4Class(v4);
    return cls ? `an IPv4-${mapped ? 'mapped' : 'translated (NAT64)'} address of ${dotted(v4)}, ${cls}` : null;
  }
  if (zeroUpTo(6)) return 'an IPv4-compatible address (deprecated, ::/96)';
  const [g0, g1] = [groups[0]!, groups[1]!];
  if (g0 === 0x64 && g1 === 0xff9b) return 'a local-use NAT64 address (64:ff9b:1::/48)';
  if (g0 === 0x100 && groups.slice(1, 4).every((g) => g === 0)) return 'a discard-only address (100::/64)';
  if (g0 === 0x2001 && g1 === 0xdb8) return 'a documentation address (2001:db8::/32)';
  if (g0 === 0x2001 && g1 < 0x200) return 'an IETF protocol assignment (2001::/23, Teredo and benchmarking included)';
  if (g0 === 0x2002) return 'a 6to4 address (2002::/16)';
  if ((g0 & 0xfff0) === 0x3ff0) return 'a documentation address (3fff::/20)';
  if ((g0 & 0xfe00) === 0xfc00) return 'a unique-local address (fc00::/7)';
  if ((g0 & 0xffc0) === 0xfe80) return 'a link-local address (fe80::/10)';
  if ((g0 & 0xffc0) === 0xfec0) return 'a site-local address (fec0::/10)';
  if ((g0 & 0xff00) === 0xff00) return 'a multicast address (ff00::/8)';
  if ((g0 & 0xe000) !== 0x2000) return 'a reserved address (outside global unicast 2000::/3)';
  return null;
}

/** Why `url` may not be a webhook URL (a sentence), or null when it may. */
export function checkWebhookUrl(url: string): string | null {
  if (typeof url !== 'string' || url.length === 0) return 'The webhook URL is required.';
  if (/[\u0000-\u0020\u007f]/.test(url)) return 'The webhook URL must not contain whitespace or control characters.';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The webhook URL must be an absolute URL.';
  }
  if (parsed.protocol !== 'https:') return 'The webhook URL must use https.';
  // WHATWG drops empty user information (`https://@host/`, `https://:@host/`); the authority as
  // written (after any mix of `/` and `\\`, up to `/`, `\\`, `?` or `#`) still shows the `@`.
  const authority = url.slice(url.indexOf(':') + 1).replace(/^[/\\]*/, '').split(/[/\\?#]/, 1)[0] ?? '';
  if (parsed.username !== '' || parsed.password !== '' || authority.includes('@')) return 'The webhook URL must not contain user information.';
  const host = parsed.hostname.replace(/\.$/, '');
  if (host === '') return 'The webhook URL must have a host.';
  if (host.startsWith('[')) {
    const groups = ipv6Groups(host.slice(1, -1));
    if (!groups) return 'The webhook URL\'s host is not a valid IPv6 address.';
    const cls = ipv6Class(groups);
    return cls ? `The webhook URL's host ${host} is ${cls}.` : null;
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    const cls = ipv4Class(ip4(host));
    return cls ? `The webhook URL's host ${host} is ${cls}.` : null;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return `The webhook URL's host ${host} is a loopback name (RFC 6761).`;
  return null;
}

const WEBHOOK_WRITES = new Set(['createWebhookEndpoint', 'updateWebhookEndpoint']);

/** Throws a TypeError before sending when a webhook create/update carries a URL checkWebhookUrl refuses. */
export function assertWebhookUrlInput(operationId: string, input: unknown): void {
  if (!WEBHOOK_WRITES.has(operationId)) return;
  const url = (input as { body?: { url?: unknown } } | undefined)?.body?.url;
  const problem = checkWebhookUrl(url as string);
  if (problem) throw new TypeError(`${operationId}: ${problem}`);
}
