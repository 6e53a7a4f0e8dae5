// Bearer tokens come from a static string or a provider that is asked again before every attempt,
// so a token refreshed between attempts (or rotated by another part of the app) is picked up.

export interface TokenRequest {
  /** Aborts when the caller cancels or the call's deadline passes. */
  readonly signal: AbortSignal;
  /** 1 for the first attempt of a call, 2 for the first retry, … */
  readonly attempt: number;
}

export type TokenProvider = (request: TokenRequest) => string | null | undefined | Promise<string | null | undefined>;

export type TokenSource = string | TokenProvider | null | undefined;

/** The token to send on this attempt, or undefined when none should be sent (null or blank). */
export async function resolveToken(source: TokenSource, request: TokenRequest): Promise<string | undefined> {
  const token = typeof source === 'function' ? await source(request) : source;
  // Passed through verbatim: a `verso_<id>_<secret>` token is opaque and must arrive unchanged.
  return typeof token === 'string' && token.trim() !== '' ? token : undefined;
}
