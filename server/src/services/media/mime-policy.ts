// Which declared MIME types an upload may have (Media__AllowedMimeTypes, upstream's rule): an entry
// ending in `/` matches by prefix (`image/` takes every image type); any other entry matches the
// type exactly or followed by `.` (`application/vnd.openxmlformats-officedocument` takes
// `…officedocument.wordprocessingml.document`, but not `…officedocumentx`).

/** The part's declared type without parameters, lower-cased; null when it is not a type/subtype. */
export function normaliseMimeType(declared: string | undefined): string | null {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) && type.length <= 255 ? type : null;
}

export function isAllowedMimeType(type: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => (entry.endsWith('/') ? type.startsWith(entry) : type === entry || type.startsWith(`${entry}.`)));
}

// Types a browser runs or renders as a document of the origin that serves them: HTML, XHTML, XML
// (any `+xml`, which includes XSLT and RSS) and script. Verso never stores them, whatever
// Media__AllowedMimeTypes says (`text/` would otherwise admit `text/html`): a media URL must never
// be a page. SVG (`image/svg+xml`) is XML that may carry script too, but it is what an editor
// uploads as a logo or an icon, so it stays allowed — and is served only with the sandboxing CSP,
// `nosniff`, and never inline from the admin (README: Media).
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
  'application/xml-dtd',
  'application/xml-external-parsed-entity',
  'text/xml-external-parsed-entity',
  'text/xsl',
  'text/vbscript',
  'text/x-vbscript',
  'application/hta',
  'text/x-component',
  // The WHATWG MIME Sniffing standard's JavaScript MIME type essences.
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

/** Is `type` (normalised) one Verso refuses to store whatever the allow-list says? */
export function isActiveContentType(type: string): boolean {
  return ACTIVE_TYPES.has(type) || (type.endsWith('+xml') && type !== 'image/svg+xml');
}
