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
