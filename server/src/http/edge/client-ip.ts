// Step 1 of every request: who the client is. The socket's peer, unless that peer is a trusted
// proxy (TrustedProxy__TrustedProxies / TrustedNetworks): then X-Forwarded-For is walked from the
// right — each proxy appends the address it received from — skipping trusted hops, and the first
// untrusted address is the client. Anything to its left was written by the client and is not
// believed. A malformed entry ends the walk at the last good hop: whatever sent it is not to be
// trusted with the hops beyond. Addresses are canonical (IPv4-mapped IPv6 is the IPv4 client).
import { parseClientAddress, type ParsedAddress } from '../../services/security/client-address.js';
import type { AddressSet } from './address-set.js';

/** The client address of a peer Node could not name (a socket already closed): one shared bucket. */
export const UNKNOWN_CLIENT = '0.0.0.0';

export interface ResolvedClient {
  readonly address: ParsedAddress | null;
  readonly canonical: string;
}

const MAPPED_V4 = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;
const DOTTED_V4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

// Peers and forwarded hops repeat (keep-alive connections, a proxy in front): their parse is kept, and the whole cache
// dropped when it reaches PEER_CACHE_SIZE, so an address-rotating peer cannot grow it.
const PEER_CACHE_SIZE = 10_000;
const peers = new Map<string, ResolvedClient>();

/** The peer as Node reports it, canonical. */
function peerOf(remoteAddress: string | undefined): ResolvedClient {
  if (remoteAddress === undefined) return { address: null, canonical: UNKNOWN_CLIENT };
  let peer = peers.get(remoteAddress);
  if (peer === undefined) {
    if (peers.size >= PEER_CACHE_SIZE) peers.clear();
    peer = parsePeer(remoteAddress);
    peers.set(remoteAddress, peer);
  }
  return peer;
}

/** The two common spellings avoid a second round trip through ipaddr.js for the text. */
function parsePeer(remoteAddress: string): ResolvedClient {
  const parsed = parseClientAddress(remoteAddress);
  if (parsed === null) return { address: null, canonical: UNKNOWN_CLIENT };
  // parse() has validated; these only pick the canonical text without another round trip.
  const mapped = MAPPED_V4.exec(remoteAddress);
  if (mapped) return { address: parsed, canonical: mapped[1]! };
  return { address: parsed, canonical: DOTTED_V4.test(remoteAddress) ? remoteAddress : parsed.toString() };
}

export function resolveClient(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined, trusted: AddressSet): ResolvedClient {
  const peer = peerOf(remoteAddress);
  if (trusted.empty || peer.address === null || forwardedFor === undefined || !trusted.has(peer.address, peer.canonical)) return peer;
  // Repeated header lines are one list, in order (RFC 9110 §5.3).
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!.trim();
    const parsed = hop === '' ? null : peerOf(hop);
    if (parsed === null || parsed.address === null) return client;
    client = parsed;
    if (!trusted.has(parsed.address, client.canonical)) return client;
  }
  // Every hop was a trusted proxy: the leftmost is as close to the client as anyone knows.
  return client;
}
