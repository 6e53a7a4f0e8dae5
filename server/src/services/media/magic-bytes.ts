// Checks an upload's declared type against its first bytes, so a file cannot claim to be something
// it is not (an HTML page declared `image/png` would otherwise be stored, listed as an image and
// served inline). Small on purpose: the signatures of the formats upstream's allow-list admits,
// plus the text formats a browser would treat as active content (HTML, SVG, XML).
//
// The rule (agreesWithDeclaredType):
//   - a declared type whose format has a signature here must show that signature;
//   - any other declared type is refused when the bytes are a format known here (a PDF sent as
//     `image/x-foo`, a script page sent as anything but `text/plain`);
//   - `text/plain` must look like text (no NUL bytes outside UTF-16); `application/json` must start
//     like a JSON value; anything else unknown to both sides is accepted.

/** How many leading bytes the check needs (MPEG-TS needs 189, HTML may follow whitespace). */
export const SNIFF_BYTES = 4096;

interface Format {
  readonly name: string;
  /** The declared types this format's bytes may be uploaded as. */
  readonly types: readonly string[];
  readonly matches: (b: Buffer) => boolean;
}

const at = (b: Buffer, offset: number, bytes: readonly number[] | string): boolean => {
  const want = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return b.length >= offset + want.length && b.subarray(offset, offset + want.length).equals(want);
};

const ftypBrand = (b: Buffer): string | null => (at(b, 4, 'ftyp') && b.length >= 12 ? b.toString('latin1', 8, 12) : null);
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
const ISO_MEDIA_TYPES = ['video/mp4', 'video/quicktime', 'video/3gpp', 'video/3gpp2', 'video/x-m4v', 'audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/3gpp'];

/** The leading text of a file with BOM and whitespace removed, lower-cased (first 512 characters). */
function leadingText(b: Buffer): string {
  let start = 0;
  if (at(b, 0, [0xef, 0xbb, 0xbf])) start = 3;
  return b.toString('latin1', start, Math.min(b.length, start + 1024)).replace(/^[\s]+/, '').slice(0, 512).toLowerCase();
}

// WHATWG MIME Sniffing's HTML patterns: a tag name followed by a space or `>`.
const HTML_TAGS = ['!doctype html', 'html', 'head', 'script', 'iframe', 'h1', 'div', 'font', 'table', 'a', 'style', 'title', 'b', 'body', 'br', 'p', '!--'];
function looksLikeHtml(b: Buffer): boolean {
  const text = leadingText(b);
  return HTML_TAGS.some((tag) => text.startsWith(`<${tag}`) && /^[\s>]/.test(text.charAt(tag.length + 1) || '>'));
}

/** SVG: an `<svg` root, possibly after an XML declaration, comments or a doctype. */
function looksLikeSvg(b: Buffer): boolean {
  const text = leadingText(b);
  const root = text.replace(/^(<\?xml[^>]*\?>\s*|<!--[\s\S]*?-->\s*|<!doctype[^>]*>\s*)*/, '');
  return root.startsWith('<svg') && /^[\s>/]/.test(root.charAt(4) || '>');
}

const FORMATS: readonly Format[] = [
  { name: 'png', types: ['image/png', 'image/apng'], matches: (b) => at(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { name: 'jpeg', types: ['image/jpeg', 'image/jpg', 'image/pjpeg'], matches: (b) => at(b, 0, [0xff, 0xd8, 0xff]) },
  { name: 'gif', types: ['image/gif'], matches: (b) => at(b, 0, 'GIF87a') || at(b, 0, 'GIF89a') },
  { name: 'webp', types: ['image/webp'], matches: (b) => at(b, 0, 'RIFF') && at(b, 8, 'WEBP') },
  { name: 'bmp', types: ['image/bmp', 'image/x-ms-bmp', 'image/x-bmp'], matches: (b) => at(b, 0, 'BM') && b.length >= 14 },
  { name: 'tiff', types: ['image/tiff'], matches: (b) => at(b, 0, [0x49, 0x49, 0x2a, 0x00]) || at(b, 0, [0x4d, 0x4d, 0x00, 0x2a]) },
  { name: 'ico', types: ['image/x-icon', 'image/vnd.microsoft.icon'], matches: (b) => at(b, 0, [0x00, 0x00, 0x01, 0x00]) || at(b, 0, [0x00, 0x00, 0x02, 0x00]) },
  { name: 'avif', types: ['image/avif'], matches: (b) => AVIF_BRANDS.has(ftypBrand(b) ?? '') },
  { name: 'heif', types: ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'], matches: (b) => HEIF_BRANDS.has(ftypBrand(b) ?? '') },
  {
    name: 'iso-media',
    types: ISO_MEDIA_TYPES,
    matches: (b) => {
      const brand = ftypBrand(b);
      if (brand !== null) return !AVIF_BRANDS.has(brand) && !HEIF_BRANDS.has(brand);
      // Older QuickTime files start with another top-level atom.
      return ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((atom) => at(b, 4, atom));
    },
  },
  { name: 'svg', types: ['image/svg+xml'], matches: looksLikeSvg },
  { name: 'pdf', types: ['application/pdf'], matches: (b) => b.subarray(0, 1024).includes('%PDF-', 0, 'latin1') },
  {
    name: 'ole2',
    types: ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint', 'application/vnd.ms-outlook'],
    matches: (b) => at(b, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  },
  {
    name: 'zip',
    types: ['application/zip', 'application/epub+zip', 'application/vnd.openxmlformats-officedocument', 'application/vnd.oasis.opendocument'],
    matches: (b) => at(b, 0, [0x50, 0x4b, 0x03, 0x04]) || at(b, 0, [0x50, 0x4b, 0x05, 0x06]),
  },
  { name: 'wav', types: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'], matches: (b) => at(b, 0, 'RIFF') && at(b, 8, 'WAVE') },
  { name: 'avi', types: ['video/x-msvideo', 'video/avi', 'video/msvideo'], matches: (b) => at(b, 0, 'RIFF') && at(b, 8, 'AVI ') },
  { name: 'ogg', types: ['audio/ogg', 'video/ogg', 'application/ogg', 'audio/opus', 'audio/vorbis'], matches: (b) => at(b, 0, 'OggS') },
  { name: 'flac', types: ['audio/flac', 'audio/x-flac'], matches: (b) => at(b, 0, 'fLaC') },
  { name: 'matroska', types: ['video/webm', 'audio/webm', 'video/x-matroska', 'audio/x-matroska'], matches: (b) => at(b, 0, [0x1a, 0x45, 0xdf, 0xa3]) },
  { name: 'midi', types: ['audio/midi', 'audio/x-midi', 'audio/mid'], matches: (b) => at(b, 0, 'MThd') },
  { name: 'aiff', types: ['audio/aiff', 'audio/x-aiff'], matches: (b) => at(b, 0, 'FORM') && (at(b, 8, 'AIFF') || at(b, 8, 'AIFC')) },
  // ADTS AAC before MP3: both start with a frame sync, AAC's layer bits are 00.
  { name: 'aac', types: ['audio/aac', 'audio/aacp', 'audio/x-aac'], matches: (b) => b.length >= 2 && b[0] === 0xff && (b[1]! & 0xf6) === 0xf0 },
  {
    name: 'mp3',
    types: ['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg-3'],
    matches: (b) => at(b, 0, 'ID3') || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0),
  },
  { name: 'mpeg-ps', types: ['video/mpeg'], matches: (b) => at(b, 0, [0x00, 0x00, 0x01, 0xba]) || at(b, 0, [0x00, 0x00, 0x01, 0xb3]) },
  { name: 'mpeg-ts', types: ['video/mp2t'], matches: (b) => b.length > 188 && b[0] === 0x47 && b[188] === 0x47 },
  { name: 'flv', types: ['video/x-flv'], matches: (b) => at(b, 0, 'FLV') && b[3] === 0x01 },
  // Active content: matched last (an SVG is XML too), never acceptable as an image or a file type.
  { name: 'html', types: [], matches: looksLikeHtml },
  { name: 'xml', types: ['application/xml', 'text/xml'], matches: (b) => leadingText(b).startsWith('<?xml') },
];

/** The format's name when the bytes are one known here, else null. */
export function detectFormat(sample: Buffer): string | null {
  return FORMATS.find((f) => f.matches(sample))?.name ?? null;
}

/** Does `format` admit the declared type (prefix entries such as `…officedocument` by `.`)? */
function admits(format: Format, declared: string): boolean {
  return format.types.some((t) => declared === t || declared.startsWith(`${t}.`));
}

const TEXTUAL = new Set(['html', 'svg', 'xml']);

function looksLikeText(b: Buffer): boolean {
  // UTF-16 text has NUL bytes by nature; its byte-order mark says so.
  if (at(b, 0, [0xff, 0xfe]) || at(b, 0, [0xfe, 0xff])) return true;
  return !b.includes(0);
}

function looksLikeJson(b: Buffer): boolean {
  if (!looksLikeText(b)) return false;
  const text = leadingText(b);
  return text.length === 0 || /^[[{"\-0-9tfn]/.test(text);
}

/**
 * Whether the first bytes agree with the declared type (already allowed and normalised). `sample`
 * is the file's first SNIFF_BYTES bytes, or all of it when shorter.
 */
export function agreesWithDeclaredType(declared: string, sample: Buffer): boolean {
  const detected = FORMATS.find((f) => f.matches(sample));
  const signed = FORMATS.filter((f) => f.types.length > 0 && admits(f, declared));
  if (signed.length > 0) return signed.some((f) => f.matches(sample)) && (detected === undefined || admits(detected, declared));
  if (declared === 'text/plain') return looksLikeText(sample) && (detected === undefined || TEXTUAL.has(detected.name));
  if (declared === 'application/json') return detected === undefined && looksLikeJson(sample);
  return detected === undefined;
}

/**
 * The declared types of the format(s) `declared` belongs to (`image/jpg` → image/jpeg, image/jpg,
 * image/pjpeg): the spellings of one kind of bytes, so a file name's extension can be checked
 * against any of them.
 */
export function kindredTypes(declared: string): readonly string[] {
  return FORMATS.filter((f) => admits(f, declared)).flatMap((f) => f.types);
}
