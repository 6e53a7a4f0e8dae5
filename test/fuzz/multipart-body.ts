// Request bodies for the operations whose contract declares `multipart/form-data` (media upload):
// the value generated from the schema becomes a real form — its text members as fields, its binary
// member as a file part — so those requests reach the handler's parser instead of stopping at the
// pipeline's missing-boundary 400. The file part is drawn from samples that exercise each branch of
// the upload: an accepted image, a page declared as an image, a type outside the allow-list, an
// empty file, text; its name from names that sanitising must survive.
import crypto from 'node:crypto';
import fc from 'fast-check';
import type { FuzzBody } from './fuzz-request.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(200)]);
const FILES: readonly { readonly type: string; readonly bytes: Buffer }[] = [
  { type: 'image/png', bytes: PNG },
  { type: 'image/png', bytes: Buffer.from('<!DOCTYPE html><script>alert(1)</script>') },
  { type: 'text/html', bytes: Buffer.from('<html></html>') },
  { type: 'application/octet-stream', bytes: PNG },
  { type: 'image/png', bytes: Buffer.alloc(0) },
  { type: 'text/plain; charset=utf-8', bytes: Buffer.from('plain text ✓') },
  { type: 'application/pdf', bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n') },
];
const NAMES = ['photo.png', 'Ünïcødé "quoted" name.png', '../../etc/passwd', 'a\u0000b.png', '', '日本語.txt', 'x'.repeat(300), 'C:\\fakepath\\pic.png'];

function textPart(boundary: string, name: string, value: string): Buffer {
  return Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`, 'utf8');
}

/** A multipart form for `value` (an object generated from the operation's body schema). */
export function multipartBody(value: unknown): fc.Arbitrary<FuzzBody> {
  return fc.tuple(fc.constantFrom(...FILES), fc.constantFrom(...NAMES), fc.boolean(), fc.nat(0xffffff)).map(([file, name, fieldsFirst, n]) => {
    const boundary = `----fuzz${n.toString(16)}`;
    const fields = Object.entries(typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {})
      .filter(([k]) => k !== 'file')
      .map(([k, v]) => textPart(boundary, k, typeof v === 'string' ? v : JSON.stringify(v)));
    const filePart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name.replace(/"/g, '%22')}"\r\nContent-Type: ${file.type}\r\n\r\n`, 'utf8'),
      file.bytes,
      Buffer.from('\r\n'),
    ]);
    const parts = fieldsFirst ? [...fields, filePart] : [filePart, ...fields];
    return { kind: 'raw' as const, bytes: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
  });
}

export const isMultipart = (mediaType: string | undefined) => mediaType === 'multipart/form-data';
