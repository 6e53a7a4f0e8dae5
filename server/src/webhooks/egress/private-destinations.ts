// Webhook__AllowedPrivateDestinations__N (issue #27 §3): the `host:port` pairs a developer's own
// machine listens on (`127.0.0.1:4000`, `[::1]:4000`, `localhost:4000`, `host.docker.internal:8080`),
// which the egress rules would otherwise refuse as loopback or private. Only development and test
// honour the setting; production refuses to start with it (config.ts).
//
// A pair exempts exactly that host and port, nothing around it: the URL is still parsed and checked
// by destination.ts, the name is still resolved once per attempt and the connection pinned to the
// answers (webhook-sender.ts). What changes for a listed pair is only that its addresses may be
// private and that it may use http:// (a local receiver rarely has a certificate). A listed IP
// address also exempts a name that resolves to it on that port; a listed name exempts whatever it
// resolves to, since the developer named the host on purpose.
import ipaddr from 'ipaddr.js';

export interface PrivateDestinations {
  /** Whether `host` (an IP address or an ASCII name without a trailing dot) on `port` is listed. */
  allows(host: string, port: number): boolean;
}

export const NO_PRIVATE_DESTINATIONS: PrivateDestinations = Object.freeze({ allows: () => false });

/** A host spelled one way: IP addresses canonical (no brackets), names lower-case without a trailing dot. */
function canonicalHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (ipaddr.isValid(bare)) return ipaddr.parse(bare).toString();
  return bare.toLowerCase().replace(/\.$/, '');
}

const NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/**
 * One configured entry as `host:port` in canonical spelling, or a plain-words reason it is not one.
 * IPv6 addresses are written in brackets (`[::1]:4000`), as in a URL.
 */
export function parsePrivateDestination(text: string): { key: string } | { problem: string } {
  const m = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(text.trim());
  if (!m) return { problem: `must be host:port (e.g. 127.0.0.1:4000 or [::1]:4000), got "${text}"` };
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return { problem: `has a port outside 1–65535: "${text}"` };
  const raw = m[1]!;
  const bracketed = raw.startsWith('[');
  const host = canonicalHost(raw);
  if (bracketed && !ipaddr.IPv6.isValid(host)) return { problem: `has something in brackets that is not an IPv6 address: "${text}"` };
  if (!ipaddr.isValid(host) && !NAME.test(host)) return { problem: `has a host that is neither an IP address nor a host name: "${text}"` };
  return { key: `${host}|${port}` };
}

/** The set built from entries parsed by parsePrivateDestination (config.ts keeps only the keys). */
export function privateDestinations(keys: readonly string[]): PrivateDestinations {
  if (keys.length === 0) return NO_PRIVATE_DESTINATIONS;
  const set = new Set(keys);
  return Object.freeze({ allows: (host: string, port: number) => set.has(`${canonicalHost(host)}|${port}`) });
}
