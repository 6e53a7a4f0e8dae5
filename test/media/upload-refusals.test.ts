// POST /workspaces/{workspaceId}/media, the refusals of issue #23 on both providers: a Content-Type
// whose boundary is only mentioned inside a quoted parameter (400, was a 500); text parts that are
// not UTF-8 or break the string rule (400 naming the part, wherever the part comes); HTML, XML and
// script types (415 whatever Media__AllowedMimeTypes allows; SVG stays allowed); and the rule that a
// stored name ends with an extension of its type. Every refusal leaves the database and the store
// exactly as before.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { dbQuery } from '../helpers/actors.js';
import { assetRow, download, forEachProvider, multipart, pngBytes, mediaSnapshot, upload, type MediaWorld } from './media-world.js';


interface RawPart {
  /** The part's header lines, written byte for byte (latin1: one char, one byte). */
  readonly head: Buffer | string;
  readonly data: Buffer | string;
}

/** A multipart body built from raw parts: bytes a well-behaved encoder would never send. */
function rawForm(parts: readonly RawPart[]): { contentType: string; body: Buffer } {
  const boundary = `verso-raw-${crypto.randomBytes(6).toString('hex')}`;
  const bytes = (b: Buffer | string) => (typeof b === 'string' ? Buffer.from(b, 'latin1') : b);
  const chunks = parts.flatMap((p) => [Buffer.from(`--${boundary}\r\n`), bytes(p.head), Buffer.from('\r\n\r\n'), bytes(p.data), Buffer.from('\r\n')]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]) };
}

const filePart = (fileName: Buffer | string = 'a.png', data: Buffer = pngBytes(2000)): RawPart => ({
  head: Buffer.concat([Buffer.from('Content-Disposition: form-data; name="file"; filename="'), typeof fileName === 'string' ? Buffer.from(fileName, 'utf8') : fileName, Buffer.from('"\r\nContent-Type: image/png')]),
  data,
});
const textPart = (name: string, value: Buffer | string, extraHead = ''): RawPart => ({
  head: `Content-Disposition: form-data; name="${name}"${extraHead}`,
  data: typeof value === 'string' ? Buffer.from(value, 'utf8') : value,
});

function send(w: MediaWorld, form: { contentType: string; body: Buffer }) {
  return w.api.request('POST', `${w.base}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: w.editor });
}

const NOT_UTF8 = Buffer.from([0x61, 0xff, 0xfe, 0x62]);

forEachProvider(
  'POST /workspaces/{workspaceId}/media — refusals of issue #23',
  (world) => {
    describe('the Content-Type', () => {
      it('a boundary= inside a quoted parameter is no boundary: 400 in plain words, not 500', async () => {
        const w = world();
        const before = await mediaSnapshot(w);
        const form = multipart({ fileName: 'a.png', contentType: 'image/png', data: pngBytes() });
        for (const header of ['multipart/form-data; a="; boundary=XX"', 'multipart/form-data; a="; boundary=XX', 'multipart/form-data; charset=utf-8']) {
          const res = await send(w, { contentType: header, body: form.body });
          expect(res.status, `${header}: ${res.text}`).to.equal(400);
          expect(res.body.type).to.equal('https://verso.dev/errors/bad-request');
          expect(res.body.detail).to.equal('A multipart body needs a boundary in its Content-Type.');
        }
        expect(await mediaSnapshot(w)).to.deep.equal(before);
      });

      it('a boundary RFC 2046 does not allow is 400; a quoted one beside other parameters is read', async () => {
        const w = world();
        const before = await mediaSnapshot(w);
        const form = multipart({ fileName: 'a.png', contentType: 'image/png', data: pngBytes() });
        for (const boundary of ['""', 'x'.repeat(71), '"ends in a space "', '"a\\"b"', 'XX"']) {
          const res = await send(w, { contentType: `multipart/form-data; boundary=${boundary}`, body: form.body });
          expect(res.status, `${boundary}: ${res.text}`).to.equal(400);
          expect(res.body.detail).to.equal('The multipart boundary in the Content-Type is not valid.');
        }
        expect(await mediaSnapshot(w)).to.deep.equal(before);
        const boundary = /boundary=(.*)$/.exec(form.contentType)![1]!;
        const ok = await send(w, { contentType: `Multipart/Form-Data; a="; boundary=XX"; Boundary="${boundary}"; charset=utf-8`, body: form.body });
        expect(ok.status, ok.text).to.equal(201);
      });
    });

    describe('text parts: UTF-8 and the string rule, 400 naming the part', () => {
      const cases: [string, () => RawPart[], string, string][] = [
        ['altText that is not UTF-8, before the file', () => [textPart('altText', NOT_UTF8), filePart()], '/altText', 'is not valid UTF-8'],
        ['altText that is not UTF-8, after the file', () => [filePart(), textPart('altText', NOT_UTF8)], '/altText', 'is not valid UTF-8'],
        ['altText with a NUL, after the file', () => [filePart(), textPart('altText', 'a\u0000b')], '/altText', 'must not contain U+0000 (NUL)'],
        ['altText in UTF-16 with an unpaired surrogate', () => [textPart('altText', Buffer.from([0x61, 0x00, 0x00, 0xd8]), '\r\nContent-Type: text/plain; charset=utf-16le'), filePart()], '/altText', 'must not contain an unpaired UTF-16 surrogate'],
        ['altText in a charset the server cannot read', () => [filePart(), textPart('altText', 'abc', '\r\nContent-Type: text/plain; charset=x-unknown')], '/altText', 'is in a character set the server cannot read (send UTF-8)'],
        ['a field Verso does not keep, not UTF-8', () => [textPart('note', NOT_UTF8), filePart()], '/note', 'is not valid UTF-8'],
        ['a field Verso does not keep, after the file', () => [filePart(), textPart('note', NOT_UTF8)], '/note', 'is not valid UTF-8'],
        ['a file name that is not UTF-8', () => [filePart(Buffer.concat([NOT_UTF8, Buffer.from('.png')]))], '/file', 'has a file name that is not valid UTF-8'],
        ['a filename* that is not UTF-8', () => [{ head: "Content-Disposition: form-data; name=\"file\"; filename*=UTF-8''a%FF.png\r\nContent-Type: image/png", data: pngBytes() }], '/file', 'has a file name that is not valid UTF-8'],
        ['a filename* with a NUL', () => [{ head: "Content-Disposition: form-data; name=\"file\"; filename*=UTF-8''a%00b.png\r\nContent-Type: image/png", data: pngBytes() }], '/file', 'has a file name that must not contain U+0000 (NUL)'],
        ['a part name that is not UTF-8', () => [{ head: Buffer.concat([Buffer.from('Content-Disposition: form-data; name="'), NOT_UTF8, Buffer.from('"')]), data: 'x' }, filePart()], '/', 'a part name is not valid UTF-8'],
      ];
      for (const [title, parts, pointer, message] of cases) {
        it(`${title}: 400, nothing stored`, async () => {
          const w = world();
          const before = await mediaSnapshot(w);
          const res = await send(w, rawForm(parts()));
          expect(res.status, res.text).to.equal(400);
          expect(res.body.type).to.equal('https://verso.dev/errors/bad-request');
          expect(res.body.errors).to.deep.equal({ [pointer]: [message] });
          expect(res.body.detail).to.be.a('string').and.not.match(/\n|at .*\.ts/);
          expect(await mediaSnapshot(w)).to.deep.equal(before);
        });
      }

      it('UTF-8 text (a field with charset=utf-8, an RFC 8187 filename*) is stored as sent', async () => {
        const w = world();
        const res = await send(
          w,
          rawForm([
            textPart('altText', 'Café — 日本 🌅', '\r\nContent-Type: text/plain; charset=utf-8'),
            { head: "Content-Disposition: form-data; name=\"file\"; filename*=UTF-8''%C3%9Cber%20%F0%9F%8C%85.png\r\nContent-Type: image/png", data: pngBytes() },
          ]),
        );
        expect(res.status, res.text).to.equal(201);
        expect(res.body).to.include({ altText: 'Café — 日本 🌅', fileName: 'Über 🌅.png' });
      });
    });

    describe('HTML, XML and script types are never stored, whatever Media__AllowedMimeTypes allows', () => {
      it('415 for each, even with text/ and application/ allowed — nothing stored', async () => {
        const w = world();
        const before = await mediaSnapshot(w);
        const plain = Buffer.from('plain words, nothing active');
        for (const type of [
          'text/html',
          'text/html; charset=utf-8',
          'application/xhtml+xml',
          'text/xml',
          'application/xml',
          'application/rss+xml',
          'application/xslt+xml',
          'text/xsl',
          'text/javascript',
          'application/javascript',
          'application/x-javascript',
          'application/ecmascript',
          'text/ecmascript',
        ]) {
          const res = await upload(w, { fileName: 'x.txt', contentType: type, data: plain });
          expect(res.status, `${type}: ${res.text}`).to.equal(415);
          expect(res.body.type).to.equal('https://verso.dev/errors/unsupported-media-type');
          expect(res.body.detail).to.match(/HTML, XML and script files are never stored/);
        }
        expect(await mediaSnapshot(w)).to.deep.equal(before);
      });

      it('SVG stays allowed (logos, icons); it is served with the sandboxing CSP', async () => {
        const w = world();
        const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/x")</script></svg>');
        const res = await upload(w, { fileName: 'logo.svg', contentType: 'image/svg+xml', data: svg });
        expect(res.status, res.text).to.equal(201);
        expect(res.body).to.include({ fileName: 'logo.svg', mimeType: 'image/svg+xml' });
        const file = await download(w, res.body.id);
        expect(file.headers.get('content-security-policy')).to.equal("default-src 'none'; style-src 'unsafe-inline'; sandbox");
        expect(file.headers.get('x-content-type-options')).to.equal('nosniff');
      });
    });

    describe("a stored name ends with an extension of its type", () => {
      it('replaces another type\'s extension, adds one where there is none or an unknown one, keeps a matching one', async () => {
        const w = world();
        const text = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>');
        const cases: [string, string, Buffer, string][] = [
          ['report.html', 'text/plain', text, 'report.txt'],
          ['page.HTM', 'text/plain', Buffer.from('words'), 'page.txt'],
          ['run.hta', 'text/plain', Buffer.from('words'), 'run.hta.txt'],
          ['README', 'text/plain', Buffer.from('words'), 'README.txt'],
          ['trailing.html. ', 'text/plain', Buffer.from('words'), 'trailing.txt'],
          ['data.csv', 'text/plain', Buffer.from('a,b'), 'data.csv'],
          ['notes.TXT', 'text/plain; charset=utf-8', Buffer.from('words'), 'notes.TXT'],
          ['photo.JPG', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), 'photo.JPG'],
          ['photo.jpeg', 'image/jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), 'photo.jpeg'],
          ['image.svg', 'image/png', pngBytes(), 'image.png'],
        ];
        for (const [sent, type, data, stored] of cases) {
          const res = await upload(w, { fileName: sent, contentType: type, data });
          expect(res.status, `${sent}: ${res.text}`).to.equal(201);
          expect(res.body.fileName, sent).to.equal(stored);
          const row = await assetRow(w, res.body.id);
          expect(row!.file_name).to.equal(stored);
          expect(row!.storage_key.endsWith(`_${stored.replace(/\s/g, '_')}`), row!.storage_key).to.equal(true);
          const file = await download(w, res.body.id);
          expect(file.headers.get('content-disposition'), sent).to.contain(`filename="${stored}"`);
        }
      });

      it('an asset stored before the rule downloads under a name that fits its type', async () => {
        const w = world();
        const res = await upload(w, { fileName: 'old.txt', contentType: 'text/plain', data: Buffer.from('words') });
        expect(res.status, res.text).to.equal(201);
        await dbQuery(w.api, `UPDATE media_assets SET file_name = 'old.html' WHERE id = $1`, [res.body.id]);
        const file = await download(w, res.body.id);
        expect(file.headers.get('content-disposition')).to.equal(`attachment; filename="old.txt"; filename*=UTF-8''old.txt`);
      });
    });
  },
  { Media__AllowedMimeTypes: 'image/,text/,application/' },
);
