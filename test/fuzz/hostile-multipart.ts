// The hostile-multipart class (issue #23): uploadMedia bodies and Content-Type headers that a
// multipart parser must survive: a boundary hidden in a quoted parameter, two boundaries, none, one
// too long; part headers of 64 KB or 500 lines; names, fields and file names that are not UTF-8;
// files whose declared type, name and bytes disagree; many parts, duplicated parts, a part without
// a disposition, an unterminated form. Whatever the case, the answer is never a 5xx and a refusal
// never leaves an asset behind (the runner counts the workspace's assets around each case). Cases
// marked `mustRefuse` are malformed by definition: their 2xx is `accepted-malformed-multipart`.
import fc from 'fast-check';
import type { FuzzRequest } from './fuzz-request.js';

export interface MultipartCase {
  readonly note: string;
  readonly contentType: string;
  readonly body: Buffer;
  /** Malformed by definition (no boundary the header really names, text that is not UTF-8, no end). */
  readonly mustRefuse: boolean;
}

const B = 'fuzzXX';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const NOT_UTF8 = Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]);
const ct = (params: string) => `multipart/form-data; ${params}`;
const bytes = (...parts: (string | Buffer)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));

function field(name: string | Buffer, value: string | Buffer, boundary = B): Buffer {
  return bytes(`--${boundary}\r\nContent-Disposition: form-data; name="`, name, '"\r\n\r\n', value, '\r\n');
}
function file(o: { filename?: string | Buffer; type?: string; data?: Buffer; extraHeaders?: string; disposition?: string } = {}, boundary = B): Buffer {
  const disposition = o.disposition ?? bytes('form-data; name="file"; filename="', o.filename ?? 'fuzz.png', '"').toString('latin1');
  return bytes(
    `--${boundary}\r\n`,
    Buffer.from(`Content-Disposition: ${disposition}\r\n`, 'latin1'),
    o.extraHeaders ?? '',
    `Content-Type: ${o.type ?? 'image/png'}\r\n\r\n`,
    o.data ?? PNG,
    '\r\n',
  );
}
const end = (boundary = B) => Buffer.from(`--${boundary}--\r\n`);
const form = (parts: Buffer[], boundary = B) => bytes(...parts, end(boundary));

export const MULTIPART_CASES: readonly MultipartCase[] = [
  // The boundary parameter.
  { note: 'boundary= inside a quoted parameter', contentType: ct(`a="; boundary=${B}"`), body: form([field('altText', 'x'), file()]), mustRefuse: true },
  { note: 'boundary= inside a quoted parameter, escaped quote', contentType: ct(`a="\\"; boundary=${B}"`), body: form([file()]), mustRefuse: true },
  { note: 'unterminated quoted parameter before the boundary', contentType: ct(`a="x; boundary=${B}`), body: form([file()]), mustRefuse: true },
  { note: 'quoted boundary (legal)', contentType: ct(`boundary="${B}"`), body: form([field('altText', 'quoted'), file()]), mustRefuse: false },
  { note: 'two different boundary parameters', contentType: ct(`boundary=${B}; boundary=other`), body: form([file()]), mustRefuse: false },
  { note: 'empty boundary', contentType: ct('boundary='), body: form([file()], ''), mustRefuse: true },
  { note: 'boundary of 200 characters', contentType: ct(`boundary=${'b'.repeat(200)}`), body: form([file({}, 'b'.repeat(200))], 'b'.repeat(200)), mustRefuse: false },
  { note: 'boundary with a NUL-looking escape and spaces', contentType: ct('boundary="a b\\0c"'), body: form([file({}, 'a b\\0c')], 'a b\\0c'), mustRefuse: false },
  { note: 'charset=utf-16 and a second media type', contentType: `${ct(`boundary=${B}; charset=utf-16`)}, text/plain`, body: form([file()]), mustRefuse: false },
  { note: 'body framed by another boundary than the header names', contentType: ct(`boundary=${B}`), body: form([file()], 'other'), mustRefuse: true },
  // Part headers.
  { note: 'a 64 KB part header', contentType: ct(`boundary=${B}`), body: form([file({ extraHeaders: `X-Fuzz: ${'h'.repeat(64 * 1024)}\r\n` })]), mustRefuse: false },
  { note: '500 part header lines', contentType: ct(`boundary=${B}`), body: form([file({ extraHeaders: Array.from({ length: 500 }, (_, i) => `X-H${i}: v\r\n`).join('') })]), mustRefuse: false },
  { note: 'a file name of 64 KB', contentType: ct(`boundary=${B}`), body: form([file({ filename: `${'n'.repeat(64 * 1024)}.png` })]), mustRefuse: false },
  { note: 'a part without Content-Disposition', contentType: ct(`boundary=${B}`), body: form([Buffer.from(`--${B}\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from('\r\n')]), mustRefuse: true },
  { note: 'a file part without a file name', contentType: ct(`boundary=${B}`), body: form([file({ disposition: 'form-data; name="file"' })]), mustRefuse: true },
  // Text that is not UTF-8.
  { note: 'file name bytes that are not UTF-8', contentType: ct(`boundary=${B}`), body: form([file({ filename: bytes('a', NOT_UTF8, '.png') })]), mustRefuse: true },
  { note: 'filename* with an escape that is not UTF-8', contentType: ct(`boundary=${B}`), body: form([file({ disposition: `form-data; name="file"; filename*=UTF-8''%FF%FE.png` })]), mustRefuse: true },
  { note: 'altText bytes that are not UTF-8', contentType: ct(`boundary=${B}`), body: form([field('altText', bytes('alt ', NOT_UTF8)), file()]), mustRefuse: true },
  { note: 'a field name that is not UTF-8', contentType: ct(`boundary=${B}`), body: form([field(bytes('alt', NOT_UTF8), 'x'), file()]), mustRefuse: false },
  { note: 'a NUL in the file name and in altText', contentType: ct(`boundary=${B}`), body: form([field('altText', 'a\u0000b'), file({ filename: 'a\u0000b.png' })]), mustRefuse: false },
  // Types that disagree.
  { note: 'HTML declared as image/png', contentType: ct(`boundary=${B}`), body: form([file({ data: Buffer.from('<!doctype html><script>alert(1)</script>') })]), mustRefuse: true },
  { note: 'an SVG with a script, declared as an image', contentType: ct(`boundary=${B}`), body: form([file({ filename: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') })]), mustRefuse: false },
  { note: 'a PNG named .html, declared text/html', contentType: ct(`boundary=${B}`), body: form([file({ filename: 'x.html', type: 'text/html' })]), mustRefuse: false },
  { note: 'a part Content-Type that is not a media type', contentType: ct(`boundary=${B}`), body: form([file({ type: 'image/png; charset="; boundary=x"; ;;' })]), mustRefuse: false },
  // Many parts, duplicated parts, no end.
  { note: '1,000 text parts', contentType: ct(`boundary=${B}`), body: form([...Array.from({ length: 1000 }, (_, i) => field(`f${i}`, 'v')), file()]), mustRefuse: true },
  { note: '50 file parts', contentType: ct(`boundary=${B}`), body: form(Array.from({ length: 50 }, () => file())), mustRefuse: false },
  { note: 'altText twice', contentType: ct(`boundary=${B}`), body: form([field('altText', 'one'), field('altText', 'two'), file()]), mustRefuse: false },
  { note: 'no file part', contentType: ct(`boundary=${B}`), body: form([field('altText', 'x')]), mustRefuse: true },
  { note: 'no closing delimiter', contentType: ct(`boundary=${B}`), body: bytes(field('altText', 'x'), file()), mustRefuse: true },
  { note: 'ends inside a part header', contentType: ct(`boundary=${B}`), body: Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Ty`), mustRefuse: true },
  { note: 'nested multipart/mixed part', contentType: ct(`boundary=${B}`), body: form([Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: multipart/mixed; boundary=inner\r\n\r\n--inner\r\nContent-Disposition: file; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from('\r\n--inner--\r\n\r\n')]), mustRefuse: true },
];

/** `req` (an uploadMedia request) with case `c` as its body. */
export function withMultipartCase(req: FuzzRequest, c: MultipartCase): FuzzRequest {
  return {
    ...req,
    attack: 'hostile-multipart',
    // A caller who may upload: what answers is the parser, not the access step.
    caller: 'Admin',
    authorization: undefined,
    rawPathParams: undefined,
    headers: req.headers.filter(([n]) => n.toLowerCase() !== 'content-type'),
    body: { kind: 'raw', bytes: c.body, contentType: c.contentType },
    note: c.note,
  };
}

export const hostileMultipart = (req: FuzzRequest): fc.Arbitrary<FuzzRequest> => fc.constantFrom(...MULTIPART_CASES).map((c) => withMultipartCase(req, c));

/** The case a request was built from (by its note), for the oracle's `mustRefuse` check. */
export const multipartCaseOf = (req: FuzzRequest) => (req.attack === 'hostile-multipart' ? MULTIPART_CASES.find((c) => c.note === req.note) : undefined);
