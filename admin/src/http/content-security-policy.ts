// The admin's Content-Security-Policy, in its own module so that pages (the editor's live preview)
// and the app's default header share it without importing the app.

/**
 * The admin's Content-Security-Policy. A page that frames a site (the content editor's live preview)
 * names that one origin in `frame-src`; every other page frames nothing but the admin itself
 * (`default-src 'self'`).
 */
export function contentSecurityPolicy(opts: { frameSrc?: string } = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    ...(opts.frameSrc ? [`frame-src ${opts.frameSrc}`] : []),
  ].join('; ');
}
