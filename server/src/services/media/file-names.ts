// The three forms of an uploaded file's name:
//   - the display name (`fileName` in responses): as the client sent it, with control characters
//     removed and any path dropped, at most 255 characters;
//   - the key-safe name in the storage key: ASCII letters, digits, `.`, `-` and `_` only, so a key
//     is the same on every file system and S3 and never climbs out of its folder;
//   - the download's Content-Disposition (RFC 6266): an ASCII `filename` fallback with quotes,
//     backslashes and controls replaced, and the exact name as `filename*` (RFC 8187, UTF-8).
// The display name is also made to end with an extension of the file's type (nameForType).
import { extensions as mimeExtensions, lookup as mimeLookup } from 'mime-types';
import { kindredTypes } from './magic-bytes.js';

const FALLBACK_NAME = 'file';
const MAX_DISPLAY = 255;
const MAX_KEY_NAME = 100;

// C0 and C1 controls, DEL, and the invisible formatting characters (bidi overrides can make
// `gpj.exe` display as `exe.jpg`).
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/** The name to show and store as `fileName`. */
export function displayFileName(sent: string | undefined): string {
  const withoutPath = (sent ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = withoutPath.replace(CONTROLS, '').trim();
  const chars = [...cleaned];
  const name = chars.length > MAX_DISPLAY ? chars.slice(0, MAX_DISPLAY).join('').trim() : cleaned;
  return name === '' || name === '.' || name === '..' ? FALLBACK_NAME : name;
}

/** The name's key-safe form: accents folded, everything else outside [A-Za-z0-9._-] an underscore. */
export function keySafeFileName(name: string): string {
  const folded = name.normalize('NFKD').replace(/\p{M}/gu, '');
  let safe = folded
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/_*\.[._]*/g, '.')
    .replace(/^[._-]+|[._-]+$/g, '');
  if (safe.length > MAX_KEY_NAME) {
    // Keep the extension: it is what tells a person (and some tools) what the file is.
    const dot = safe.lastIndexOf('.');
    const ext = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
    safe = safe.slice(0, MAX_KEY_NAME - ext.length).replace(/[._-]+$/g, '') + ext;
  }
  return safe === '' ? FALLBACK_NAME : safe;
}

/** RFC 8187 attr-chars pass; every other UTF-8 byte is percent-encoded. */
function encodeExtValue(name: string): string {
  return Array.from(Buffer.from(name, 'utf8'))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9!#$&+\-.^_`|~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** `inline` or `attachment`, with both filename parameters of RFC 6266. */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

// A stored name ends with an extension of its stored type, so a downloaded file opens as what it is:
// `report.html` holding text/plain would otherwise be saved as an HTML page and opened by a browser
// from disk, and `x.hta` or `x.exe` by the system. Extensions come from mime-db (mime-types); a type
// agrees with the extensions of its own entry and of the other spellings of its format
// (magic-bytes.ts: `image/jpg` takes `.jpeg`), and text/plain also with a few plain-text data formats.
const PLAIN_TEXT_EXTENSIONS = ['csv', 'tsv', 'md', 'markdown'];
// Where mime-db's first extension is not the one people know.
const PREFERRED_EXTENSION: Readonly<Record<string, string>> = { 'audio/mpeg': 'mp3' };
/** The extension of a type mime-db has none for. */
const UNKNOWN_TYPE_EXTENSION = 'bin';

function extensionsOf(type: string): { preferred: string; all: ReadonlySet<string> } {
  const own = mimeExtensions[type] ?? [];
  const kin = kindredTypes(type).flatMap((t) => mimeExtensions[t] ?? []);
  const all = new Set([...own, ...kin, ...(type === 'text/plain' ? PLAIN_TEXT_EXTENSIONS : [])]);
  const preferred = PREFERRED_EXTENSION[type] ?? own[0] ?? kin[0] ?? UNKNOWN_TYPE_EXTENSION;
  return { preferred, all: all.size > 0 ? all : new Set([UNKNOWN_TYPE_EXTENSION]) };
}

/**
 * `name` (a display name) made to end with an extension of `type`: kept when it does; otherwise an
 * extension mime-db gives to another type is replaced (`report.html` → `report.txt`) and anything
 * else gets the type's extension added (`README` → `README.txt`, `x.hta` → `x.hta.txt`). Trailing
 * dots and spaces go first: Windows drops them, so `x.html.` would be saved as `x.html`.
 */
export function nameForType(name: string, type: string): string {
  const trimmed = name.replace(/[.\s]+$/u, '');
  const { preferred, all } = extensionsOf(type);
  const dot = trimmed.lastIndexOf('.');
  const extension = dot > 0 ? trimmed.slice(dot + 1) : '';
  if (extension !== '' && all.has(extension.toLowerCase())) return trimmed;
  const stem = extension !== '' && mimeLookup(extension) !== false ? trimmed.slice(0, dot) : trimmed;
  const suffix = `.${preferred}`;
  // Within the display name's length, the extension kept whole.
  const room = MAX_DISPLAY - suffix.length;
  const chars = [...(stem === '' ? FALLBACK_NAME : stem)];
  return (chars.length > room ? chars.slice(0, room).join('') : chars.join('')) + suffix;
}
