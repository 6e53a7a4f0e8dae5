// The admin's origin is compared exactly (scheme, host and port), so it must be given as an origin:
// `https://admin.example.com`, never a URL with a path or a pattern. A typo fails loudly here rather
// than silently never matching.

/** `value` when it is exactly an http(s) origin; throws TypeError otherwise. */
export function checkOrigin(value: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.origin !== value) {
    throw new TypeError(`origin must be the admin's exact origin such as https://admin.example.com (scheme, host and port, no path or trailing slash), got ${JSON.stringify(value)}`);
  }
  return value;
}
