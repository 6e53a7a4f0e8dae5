// If-None-Match (RFC 9110 §13.1.2), the HTTP half of a conditional GET: reading the header is the
// handlers' job (and http/warm-public-media.ts's, which answers before the router); the services
// only say which tag their answer has and ask whether the client already holds it (`holds`), so
// they know nothing of headers and stay callable from workers and tests.

/** Does If-None-Match name this tag (weak comparison, as RFC 9110 prescribes for it), or `*`? */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** The question a service asks with a tag in hand: does this request's client hold that representation already? */
export const holdsTag =
  (ifNoneMatch: string | undefined) =>
  (etag: string): boolean =>
    noneMatch(ifNoneMatch, etag);
