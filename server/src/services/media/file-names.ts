// The three forms of an uploaded file's name:
//   - the display name (`fileName` in responses): as the client sent it, with control characters
//     removed and any path dropped, at most 255 characters;
//   - the key-safe name in the storage key: ASCII letters, digits, `.`, `-` and `_` only, so a key
//     is the same on every file system and S3 and never climbs out of its folder;
//   - the download's Content-Disposition (RFC 6266): an ASCII `filename` fallback with quotes,
//     backslashes and controls replaced, and the exact name as `filename*` (RFC 8187, UTF-8).

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
