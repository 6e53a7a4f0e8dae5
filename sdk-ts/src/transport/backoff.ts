// Exponential backoff with jitter for retries the server gave no Retry-After for. Jitter spreads
// clients that failed together so they do not retry in lockstep against a recovering server.

export interface BackoffSettings {
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

/**
 * Delay before retry number `retry` (1 = first retry): base·2^(retry-1), drawn uniformly from the
 * upper half of that interval ("equal jitter", so a retry never comes back instantly), capped.
 */
export function backoffDelay(retry: number, settings: BackoffSettings, random: () => number): number {
  const exponential = settings.baseDelayMs * 2 ** Math.max(0, retry - 1);
  const capped = Math.min(exponential, settings.maxDelayMs);
  return Math.round(capped / 2 + random() * (capped / 2));
}
