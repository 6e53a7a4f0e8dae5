// A webhook URL, checked and taken apart: at registration (checkWebhookUrl, the 422 at /url) and
// again before every attempt (the sender), so a URL stored under older rules is judged by today's.
//
// Rules (spec, Egress rules; issues #15, #23): an absolute https URL (http only with
// Webhook__AllowHttp), no user information (no `@` in the authority at all, even with nothing
// before it), no fragment, a host, no port 0, no whitespace or control characters. A host that is
// an IP literal must pass the address policy; so must `localhost` and `*.localhost`, which
// RFC 6761 reserves for loopback. Any other name is resolved and checked only at delivery time.
//
// Parsing is WHATWG's (node's URL), which already turns the exotic IPv4 spellings (2130706433,
// 0177.0.0.1, 0x7f.1, 127.1) and full-width or other IDNA-mapped digits into dotted quads, and
// names into their ASCII (punycode) form.
//
// A host and port listed in Webhook__AllowedPrivateDestinations (development and test only:
// private-destinations.ts) skips the address rules and may use http://; every other rule holds.
//
// Messages never quote the URL: webhook URLs often carry a token in the path or query.
import { defaultAddressPolicy, type AddressPolicy } from './address-policy.js';
import { NO_PRIVATE_DESTINATIONS, type PrivateDestinations } from './private-destinations.js';

export interface Destination {
  readonly protocol: 'https:' | 'http:';
  /** The host as connected to and presented (Host header, TLS SNI and certificate check): ASCII, no brackets, no trailing dot. */
  readonly host: string;
  /** The IP address when the host is a literal. */
  readonly literal: string | null;
  readonly port: number;
  /** Path and query, as sent in the request line. */
  readonly path: string;
  /** The host and port are a listed private destination: whatever the host resolves to may be reached. */
  readonly listedPrivate: boolean;
}

export interface DestinationRules {
  readonly allowHttp: boolean;
  readonly policy?: AddressPolicy;
  readonly privateDestinations?: PrivateDestinations;
}

export function parseDestination(raw: string, o: DestinationRules): { destination: Destination } | { problem: string } {
  const policy = o.policy ?? defaultAddressPolicy;
  const listed = o.privateDestinations ?? NO_PRIVATE_DESTINATIONS;
  if (typeof raw !== 'string' || raw.length === 0) return { problem: 'The URL is required.' };
  // WHATWG would silently strip these; a stored URL should be exactly what is used.
  if (/[\u0000-\u0020\u007f]/.test(raw)) return { problem: 'The URL must not contain whitespace or control characters.' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'The URL must be an absolute URL.' };
  }
  const hostname = url.hostname;
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  // A fully qualified name's trailing dot names the same host; it is dropped so that resolution,
  // Host and SNI (which must not carry it, RFC 6066) all see one spelling.
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  const listedPrivate = host !== '' && listed.allows(host, port);
  if (url.protocol !== 'https:' && !((o.allowHttp || listedPrivate) && url.protocol === 'http:')) {
    // An http URL to a local or private host that is not listed (another port, say) is refused for
    // where it points, which https would not change: say so rather than ask for https.
    const local = url.protocol === 'http:' && !listedPrivate ? localHostProblem(hostname, host, policy) : null;
    if (local) return { problem: local };
    return { problem: o.allowHttp ? 'The URL must use https or http.' : 'The URL must use https.' };
  }
  // WHATWG drops empty user information (`https://@host/`, `https://:@host/`), so the parsed URL
  // cannot tell; the raw authority can. Any `@` there is user information, empty or not.
  if (url.username !== '' || url.password !== '' || rawAuthority(raw).includes('@')) {
    return { problem: 'The URL must not contain user information.' };
  }
  if (raw.includes('#')) return { problem: 'The URL must not contain a fragment.' };
  if (url.port === '0') return { problem: 'The URL must not use port 0.' };
  if (hostname === '') return { problem: 'The URL must have a host.' };
  const path = `${url.pathname}${url.search}`;
  const protocol = url.protocol as 'https:' | 'http:';

  // WHATWG has already turned every host that ends in a number into a dotted quad (or refused it).
  if (hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname)) {
    const forbidden = listedPrivate ? null : policy.isForbidden(host);
    if (forbidden) return { problem: notAllowed(host, forbidden) };
    return { destination: { protocol, host, literal: host, port, path, listedPrivate } };
  }
  if (host === '' || host.split('.').some((label) => label === '')) return { problem: 'The URL\'s host has an empty label.' };
  if (!listedPrivate && isLoopbackName(host)) return { problem: notAllowed(host, 'a loopback name (RFC 6761)') };
  return { destination: { protocol, host, literal: null, port, path, listedPrivate } };
}

const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** Why a destination is refused, in words: what its host is, and what may be reached instead. */
function notAllowed(host: string, what: string): string {
  return (
    `The destination is not allowed: the URL's host ${host} is ${what}, and webhooks are only sent to public addresses ` +
    '(a receiver on this machine or a private network must be listed with its port in Webhook__AllowedPrivateDestinations, in development only).'
  );
}

/** The refusal of a host that is an IP literal the policy forbids or a loopback name, else null. */
function localHostProblem(hostname: string, host: string, policy: AddressPolicy): string | null {
  if (hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname)) {
    const forbidden = policy.isForbidden(host);
    return forbidden ? notAllowed(host, forbidden) : null;
  }
  return isLoopbackName(host) ? notAllowed(host, 'a loopback name (RFC 6761)') : null;
}

/**
 * The authority as written: for http and https (special schemes) WHATWG skips any mix of `/` and
 * `\\` after the scheme and ends the authority at the next `/`, `\\`, `?` or `#`.
 */
function rawAuthority(raw: string): string {
  const afterScheme = raw.slice(raw.indexOf(':') + 1).replace(/^[/\\]*/, '');
  return afterScheme.split(/[/\\?#]/, 1)[0] ?? '';
}

/**
 * The registration-time check: a message for the 422 at `/url`, or null when the URL is
 * acceptable. Always the full address policy: only a listed private destination (development and
 * test) lets a loopback or private literal be registered.
 */
export function checkWebhookUrl(url: string, o: { readonly allowHttp: boolean; readonly privateDestinations?: PrivateDestinations }): string | null {
  const parsed = parseDestination(url, { allowHttp: o.allowHttp, privateDestinations: o.privateDestinations });
  return 'problem' in parsed ? parsed.problem : null;
}
