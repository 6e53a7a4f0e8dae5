// Name resolution for one delivery attempt. The sender resolves each attempt's host exactly once,
// checks every address, and connects only to those (webhook-sender.ts); nothing else resolves
// the name again behind its back.
import dns from 'node:dns';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

export interface Resolver {
  resolve(host: string): Promise<ResolvedAddress[]>;
}

/**
 * The system resolver (getaddrinfo, as every other client on the machine would see the name), all
 * addresses in the order the resolver gave them.
 */
export const systemResolver: Resolver = Object.freeze({
  async resolve(host: string): Promise<ResolvedAddress[]> {
    const found = await dns.promises.lookup(host, { all: true, order: 'verbatim' });
    return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  },
});
