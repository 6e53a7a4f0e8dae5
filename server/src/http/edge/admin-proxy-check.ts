// Finding 8 of issue #23: the admin app signs every editor in through the API and forwards each
// browser's address in X-Forwarded-For, which the API believes only from a trusted proxy. When the
// admin's address is not trusted, every sign-in through it is one client: one per-address window
// (60 a minute for all editors together) and, under a flood, one ban for all of them. Production
// start-up says so once, in the log, instead of failing (an API without the admin is legitimate).
//
// The API knows where the admin is only from Admin__ApiBaseUrl (the same settings configure both
// processes): a loopback URL means the admin runs on this machine and calls from loopback, which
// must then be trusted; any other URL means an address the API cannot know, so it warns when no
// trusted proxy is configured at all.
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config.js';
import { AddressSet } from './address-set.js';

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.']);

/** The warning for this configuration, or null when there is none. */
export function adminProxyWarning(config: Config): string | null {
  if (config.environment !== 'production') return null;
  const { proxies, networks } = config.edge.trustedProxy;
  const trusted = new AddressSet(proxies, networks);
  const host = new URL(config.admin.apiBaseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const loopback = loopbackPeers(host);
  if (loopback !== null) {
    const untrusted = loopback.filter((a) => !trusted.has(ipaddr.parse(a), a));
    if (untrusted.length === 0) return null;
    return (
      `the admin app calls this API from ${untrusted.join(' / ')} (Admin__ApiBaseUrl is ${config.admin.apiBaseUrl}), which is not a trusted proxy: ` +
      'every sign-in through the admin counts as that one address (one rate window, one ban for all editors). ' +
      'Add it to TrustedProxy__TrustedProxies__N (README: Edge).'
    );
  }
  if (!trusted.empty) return null;
  return (
    'no trusted proxy is configured (TrustedProxy__TrustedProxies__N / TrustedNetworks__N): if the admin app or a proxy calls this API, ' +
    'every sign-in through it counts as its one address (one rate window, one ban for all its users). List its address (README: Edge).'
  );
}

/** The addresses a loopback host name calls from; null for any other host. */
function loopbackPeers(host: string): string[] | null {
  if (LOOPBACK_NAMES.has(host)) return ['127.0.0.1', '::1'];
  if (!ipaddr.isValid(host)) return null;
  const parsed = ipaddr.parse(host);
  if (parsed.range() !== 'loopback') return null;
  return [parsed.kind() === 'ipv4' ? '127.0.0.1' : '::1'];
}
