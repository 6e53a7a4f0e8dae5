// Reading a delivery's headers from whatever the receiver's framework hands over: a fetch `Headers`
// (edge runtimes, Next.js route handlers, Hono …), Node's IncomingHttpHeaders (lower-case keys,
// Express's req.headers) or any plain object whose keys may be in any case.
import { VersoWebhookError } from './webhooks-events.js';

/** Anything with a case-insensitive `get`, such as the fetch API's `Headers`. */
export interface HeaderGetter {
  get(name: string): string | null | undefined;
}

export type WebhookHeaders = HeaderGetter | Readonly<Record<string, string | readonly string[] | number | undefined>>;

function isGetter(headers: WebhookHeaders): headers is HeaderGetter {
  return typeof (headers as { get?: unknown }).get === 'function';
}

/**
 * One header's value: undefined when absent or empty. A name given twice (two keys differing in
 * case, or an array of several values) is refused rather than picked from: the server sends each
 * once, so a second copy was added on the way.
 */
export function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (isGetter(headers)) {
    const value = headers.get(name);
    return value === null || value === undefined || value === '' ? undefined : value;
  }
  let found: string | undefined;
  let seen = 0;
  for (const [key, raw] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || raw === undefined) continue;
    const values = Array.isArray(raw) ? (raw as readonly string[]) : [String(raw)];
    seen += values.length;
    found = values[0];
  }
  if (seen > 1) throw new VersoWebhookError('malformed_header', `The ${name} header was sent more than once.`, name);
  return found === '' ? undefined : found;
}

export function requireHeader(headers: WebhookHeaders, name: string): string {
  const value = readHeader(headers, name);
  if (value === undefined) throw new VersoWebhookError('missing_header', `The ${name} header is missing.`, name);
  return value;
}
