// The hosts file (/etc/hosts), read by the webhook resolver itself. getaddrinfo consults it before
// DNS ("files dns" in nsswitch.conf) but c-ares's queries do not, so without this a name that an
// operator pinned there would resolve differently for webhooks than for every other client on the
// machine. Its answers are judged by the address policy like any other (the usual entries are
// loopback names, which egress refuses).
//
// Read asynchronously at most every HOSTS_FILE_REFRESH_MS, one read at a time; a file that is
// missing or unreadable counts as empty.
import fs from 'node:fs/promises';
import { normaliseAddress } from './address-policy.js';
import type { ResolvedAddress } from './resolver.js';

export const HOSTS_FILE_REFRESH_MS = 30_000;

export interface HostsFile {
  /** The file's addresses for `name` (lower case, no trailing dot), or null when it does not list it. */
  lookup(name: string): Promise<readonly ResolvedAddress[] | null>;
}

export function parseHostsFile(text: string): Map<string, ResolvedAddress[]> {
  const table = new Map<string, ResolvedAddress[]>();
  for (const line of text.split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    // A scoped IPv6 address (fe80::1%eth0) is null here: a local interface, never a webhook's.
    const n = address ? normaliseAddress(address) : null;
    if (!n) continue;
    for (const raw of names) {
      const name = raw.toLowerCase().replace(/\.$/, '');
      if (name === '') continue;
      const list = table.get(name) ?? [];
      if (!list.some((a) => a.address === n.address)) list.push(n);
      table.set(name, list);
    }
  }
  return table;
}

export function createHostsFile(file: string, now: () => number): HostsFile {
  let table: Map<string, ResolvedAddress[]> = new Map();
  let readAt = -Infinity;
  let reading: Promise<void> | null = null;

  const refresh = () =>
    (reading ??= fs
      .readFile(file, 'utf8')
      .then(parseHostsFile, () => new Map<string, ResolvedAddress[]>())
      .then((t) => {
        table = t;
        readAt = now();
      })
      .finally(() => (reading = null)));

  return {
    async lookup(name) {
      if (now() - readAt >= HOSTS_FILE_REFRESH_MS) await refresh();
      return table.get(name) ?? null;
    },
  };
}
