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
// The entries are parsed and spelled canonically where every setting is read (config.ts, which
// may not import this layer); this module only answers whether a destination is listed.
import { canonicalDestinationHost as canonicalHost } from '../../config.js';

export interface PrivateDestinations {
  /** Whether `host` (an IP address or an ASCII name without a trailing dot) on `port` is listed. */
  allows(host: string, port: number): boolean;
}

export const NO_PRIVATE_DESTINATIONS: PrivateDestinations = Object.freeze({ allows: () => false });

/** The set built from entries parsed by parsePrivateDestination (config.ts keeps only the keys). */
export function privateDestinations(keys: readonly string[]): PrivateDestinations {
  if (keys.length === 0) return NO_PRIVATE_DESTINATIONS;
  const set = new Set(keys);
  return Object.freeze({ allows: (host: string, port: number) => set.has(`${canonicalHost(host)}|${port}`) });
}
