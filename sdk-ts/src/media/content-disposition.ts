// The file name a download's Content-Disposition header names (RFC 6266): `filename*` (RFC 8187,
// percent-encoded UTF-8 or ISO-8859-1) wins over the plain `filename`, which is a token or a quoted
// string. Only the last path segment is kept, so a hostile name cannot point anywhere but here.

function parameters(header: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of header.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    let value = match[2]!.trim();
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    if (!params.has(name)) params.set(name, value);
  }
  return params;
}

function decodeExtended(value: string): string | undefined {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = match[1]!.toLowerCase();
  const encoded = match[2]!;
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    // Malformed percent-encoding: fall back to the plain filename.
  }
  return undefined;
}

/** The file name of a Content-Disposition value, or undefined when it names none. */
export function contentDispositionFileName(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const params = parameters(header.replace(/^[^;]*/, ''));
  const extended = params.get('filename*');
  const name = (extended !== undefined ? decodeExtended(extended) : undefined) ?? params.get('filename');
  if (name === undefined) return undefined;
  const last = name.split(/[/\\]/).pop() ?? '';
  return last === '' ? undefined : last;
}
