// Name resolution for one delivery attempt. The sender resolves each attempt's host exactly once,
// checks every address, and connects only to those (webhook-sender.ts); nothing else resolves
// the name again behind its back. The production resolver is dns-resolver.ts (c-ares, not
// getaddrinfo: see there why); tests hand in their own.

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

export interface Resolver {
  resolve(host: string): Promise<ResolvedAddress[]>;
  /** Ends lookups still in flight (the sender's close: process shutdown, end of a test). */
  close?(): void;
}
