// Retry-After (RFC 9110 §10.2.3) is either delta-seconds or an HTTP-date. The server's value is
// used exactly, without jitter: it knows when it will accept traffic again.

/**
 * Milliseconds to wait, or undefined when the header is absent or unreadable (the caller then uses
 * its backoff). A date in the past, or `0`, means "retry at once" and yields 0.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Date.parse accepts bare numbers such as "-1" as years; an HTTP-date always names a weekday or
  // month, so require a letter before treating the value as a date.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
