// The resolver webhook deliveries use in production (issue #23, finding 4).
//
// Why not dns.lookup: it is getaddrinfo on libuv's thread pool (4 threads by default), and a name
// whose DNS never answers holds a thread for the system resolver's whole timeout (~20 s). Anyone
// who can register a webhook could then queue every other lookup in the process behind theirs:
// other tenants' deliveries, S3, database reconnects, OIDC discovery. c-ares (dns.Resolver)
// queries from the event loop over its own sockets, with our timeout and tries, and uses no pool
// thread at all.
//
// Per name, in this order:
//   1. an IP literal is itself; `localhost` and `*.localhost` are loopback (RFC 6761: never asked
//      of DNS); the sender refuses all of those anyway (destination.ts, address-policy.ts);
//   2. the hosts file (hosts-file.ts), as getaddrinfo would consult it first;
//   3. the cache: answers for the lowest TTL of their records (at most DNS_MAX_TTL_MS), failures
//      for DNS_NEGATIVE_TTL_MS, so a name that never answers costs one timeout per that window,
//      not one per delivery; bounded, least recently used entries go first;
//   4. otherwise A and AAAA are asked together, at most one lookup per name in flight: callers that
//      ask for a name already being looked up share that lookup's answer (the per-host cap is 1).
//
// One lookup takes at most `timeoutMs` in all (both families, every try: c-ares gets timeoutMs /
// tries per try, and a timer ends the lookup at timeoutMs whatever c-ares does). An answer of one
// family is enough (a name may have only AAAA); when the other family failed for another reason
// than "no such record" the answer is cached only as long as a failure would be.
//
// Names are looked up as given (the sender passes the URL's ASCII host without its trailing dot):
// resolv.conf's `search` domains do not apply, a webhook URL names a host fully.
import dns from 'node:dns';
import { normaliseAddress } from './address-policy.js';
import { createHostsFile } from './hosts-file.js';
import type { ResolvedAddress, Resolver } from './resolver.js';

export const DNS_MAX_TTL_MS = 300_000;
export const DNS_NEGATIVE_TTL_MS = 30_000;
const MAX_CACHE_ENTRIES = 10_000;

export interface DnsResolverOptions {
  /** How long one lookup of a name (A and AAAA, every try) may take in all (Webhook__Dns__TimeoutSeconds). */
  readonly timeoutMs: number;
  /** Tries per DNS server within that time (Webhook__Dns__Tries). */
  readonly tries: number;
  /** Tests only: the DNS servers ("127.0.0.1:5353"). Default: the system's (/etc/resolv.conf). */
  readonly servers?: readonly string[];
  /** Tests only: default /etc/hosts. */
  readonly hostsFile?: string;
  /** Tests only: the clock the caches read (ms). */
  readonly now?: () => number;
  /** Tests only: how many names the cache holds. */
  readonly maxCacheEntries?: number;
}

export const DEFAULT_DNS_OPTIONS = Object.freeze({ timeoutMs: 5_000, tries: 2 });

const LOOPBACK: readonly ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

type Entry = { readonly addresses: readonly ResolvedAddress[]; readonly expiresAt: number } | { readonly error: Error; readonly expiresAt: number };

/** A lookup failure: `code` as node's resolvers name it (ENOTFOUND, ETIMEOUT, ESERVFAIL, …). */
export class DnsLookupError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DnsLookupError';
  }
}

const NO_RECORD: ReadonlySet<string> = new Set([dns.NOTFOUND, dns.NODATA]);
const codeOf = (reason: unknown) => String((reason as NodeJS.ErrnoException | undefined)?.code ?? 'EUNKNOWN');

export function createDnsResolver(o: DnsResolverOptions): Resolver & { close(): void } {
  const now = o.now ?? Date.now;
  const maxEntries = o.maxCacheEntries ?? MAX_CACHE_ENTRIES;
  const perTryMs = Math.max(1, Math.floor(o.timeoutMs / o.tries));
  const channel = new dns.promises.Resolver({ timeout: perTryMs, maxTimeout: perTryMs, tries: o.tries });
  if (o.servers) channel.setServers([...o.servers]);
  const hosts = createHostsFile(o.hostsFile ?? '/etc/hosts', now);
  // Insertion order is recency order: a hit moves its name to the end, the first name is evicted.
  const cache = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<readonly ResolvedAddress[]>>();

  function remember(name: string, entry: Entry) {
    cache.delete(name);
    if (entry.expiresAt <= now()) return;
    cache.set(name, entry);
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  }

  function cached(name: string): Entry | undefined {
    const entry = cache.get(name);
    if (!entry) return undefined;
    cache.delete(name);
    if (entry.expiresAt <= now()) return undefined;
    cache.set(name, entry);
    return entry;
  }

  async function lookup(name: string): Promise<readonly ResolvedAddress[]> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), o.timeoutMs)));
    const answers = Promise.allSettled([channel.resolve4(name, { ttl: true }), channel.resolve6(name, { ttl: true })]);
    const settled = await Promise.race([answers, expired]).finally(() => clearTimeout(timer));
    const [v4, v6] = settled === 'expired' ? [timedOut, timedOut] : settled;

    const addresses: ResolvedAddress[] = [];
    let ttlSeconds = Infinity;
    for (const [result, family] of [[v4, 4], [v6, 6]] as const) {
      if (result.status !== 'fulfilled') continue;
      for (const record of result.value) {
        addresses.push({ address: record.address, family });
        ttlSeconds = Math.min(ttlSeconds, record.ttl);
      }
    }
    const failures = [v4, v6].filter((r) => r.status === 'rejected').map((r) => codeOf(r.reason));
    if (failures.includes(dns.CANCELLED)) throw new DnsLookupError(dns.CANCELLED, `the lookup of ${name} was cancelled`);
    if (addresses.length > 0) {
      const partial = failures.some((code) => !NO_RECORD.has(code));
      const ttlMs = Math.min(ttlSeconds * 1000, DNS_MAX_TTL_MS, partial ? DNS_NEGATIVE_TTL_MS : Infinity);
      remember(name, { addresses, expiresAt: now() + ttlMs });
      return addresses;
    }
    const error = failures.every((code) => NO_RECORD.has(code))
      ? new DnsLookupError(dns.NOTFOUND, `${name} has no address (no A or AAAA record)`)
      : failures.includes(dns.TIMEOUT)
        ? new DnsLookupError(dns.TIMEOUT, `no DNS answer for ${name} within ${o.timeoutMs} ms`)
        : new DnsLookupError(failures[0]!, `the DNS lookup of ${name} failed`);
    remember(name, { error, expiresAt: now() + DNS_NEGATIVE_TTL_MS });
    throw error;
  }

  return {
    async resolve(host: string): Promise<ResolvedAddress[]> {
      const name = host.toLowerCase().replace(/\.$/, '');
      const literal = normaliseAddress(name);
      if (literal) return [literal];
      if (name === 'localhost' || name.endsWith('.localhost')) return [...LOOPBACK];
      const listed = await hosts.lookup(name);
      if (listed) return [...listed];
      const entry = cached(name);
      if (entry) {
        if ('error' in entry) throw entry.error;
        return [...entry.addresses];
      }
      let pending = inFlight.get(name);
      if (!pending) {
        pending = lookup(name).finally(() => inFlight.delete(name));
        inFlight.set(name, pending);
      }
      return [...(await pending)];
    },
    close() {
      channel.cancel();
    },
  };
}

const timedOut: PromiseRejectedResult = { status: 'rejected', reason: Object.assign(new Error('timed out'), { code: dns.TIMEOUT }) };
